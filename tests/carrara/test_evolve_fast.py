"""The fast `evolve` (dict dispatch, counts moved in place, one `replace` a state) gives
what the plain one it replaced gives (reference_evolve.py), equal and encoded alike, over
every event of games played at random."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any, get_args

import msgspec
import pytest

from domain.carrara import GAME
from domain.carrara.components import COLOURS, ITEMS
from domain.carrara.events import Event, GameStarted
from domain.carrara.evolve import COLOUR_AT, HANDLERS, ITEM_AT, moved
from domain.carrara.state import State
from domain.core.simulate import Simulation

from . import reference_evolve

OPTIONS: list[dict[str, Any]] = [
    {},
    {"expansion": True},
    {"expansion": True, "board": "basic"},
    {"expansion": True, "green": "two_cities"},
    {"expansion": True, "green": "two_types", "board": "basic"},
]


def test_every_event_but_the_start_has_its_handler() -> None:
    assert set(HANDLERS) == set(get_args(Event)) - {GameStarted}


@pytest.mark.parametrize("order, at", [(COLOURS, COLOUR_AT), (ITEMS, ITEM_AT)])
def test_moving_counts_is_adding_the_counts_of_the_names(
        order: tuple[str, ...], at: dict[str, int]) -> None:
    rng = Random(13)
    for _ in range(500):
        counts = tuple(rng.randrange(-3, 8) for _ in order)
        names = tuple(rng.choice(order) for _ in range(rng.randrange(12)))
        for sign in (1, -1):
            assert moved(counts, names, at, sign) == reference_evolve.add(
                counts, reference_evolve.counts_of(names, order), sign)


def _play(seats: int, options: dict[str, Any], seed: int) -> list[Any]:
    sim = Simulation(GAME, seats, options, seed=seed, game_id=f"fast-{seed}")
    sim.play_randomly(Random(seed))
    return [step.event for step in sim.timeline.steps]


def test_the_fast_evolve_is_the_plain_one_over_random_games() -> None:
    seen: Counter[str] = Counter()
    for n in range(30):
        options = OPTIONS[n % len(OPTIONS)]
        fast: State | None = None
        plain: State | None = None
        for event in _play(2 + n % 3, options, seed=n):
            fast, plain = GAME.evolve(fast, event), reference_evolve.evolve(plain, event)
            assert fast == plain, (n, event)
            assert msgspec.msgpack.encode(fast) == msgspec.msgpack.encode(plain), (n, event)
            seen[type(event).__name__] += 1
    # the rarer events were met too, so each handler was compared
    assert set(seen) >= {"UpgradeTaken", "UpgradeSkipped", "CategoryScored", "CityScored",
                         "ObjectBought", "BonusChosen", "EndAnnounced", "CoinsTaken"}, seen
