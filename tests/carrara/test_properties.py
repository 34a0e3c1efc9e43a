"""Random full games through `legal()` alone, with the shared contract checks and
Carrara's own: conservation of components and the secrecy of the screens.

PLAZA_PROPERTY_GAMES sets the number of games per variant (thousands work); the
default keeps the whole Carrara suite well under a minute on a small machine.
"""

from __future__ import annotations

import os
from random import Random
from typing import Any

import msgspec
import pytest

from domain.carrara import GAME
from domain.carrara.commands import BuyBlocks, PayBlocks
from domain.carrara.components import BASE_TILES, EIGHT_TILES, ITEMS, ITEMS_PER_TYPE
from domain.carrara.state import State
from domain.core import EventCodec, Illegal
from domain.core.simulate import Simulation
from tests.support.contract import play_and_check

GAMES = int(os.environ.get("PLAZA_PROPERTY_GAMES", "0")) or 6
VARIANTS = [
    pytest.param(seats, options, id=f"{seats}p-{name}")
    for seats in (2, 3, 4)
    for name, options in (("base", {}), ("expansion", {"expansion": True}),
                          ("expansion-basic-side", {"expansion": True, "board": "basic"}))
]
SECRETS = ("coins", "blocks", "objects")


def check_components(state: State) -> None:
    """Nothing is created or lost: 7 blocks a colour, 6 objects a type, every tile once."""
    for i in range(6):
        wheel = sum(section[i] for section in state.wheel)
        held = sum(p.blocks[i] for p in state.players)
        assert state.bag[i] + wheel + held == 7
    for i, item in enumerate(ITEMS):
        held = sum(p.items[i] for p in state.players)
        assert held + state.supply[i] + (item in state.for_sale) == ITEMS_PER_TYPE
        assert state.supply[i] >= 0
    built = [t for p in state.players for t in p.tiles()]
    placed = [*state.pile, *(t for t in state.display if t), *state.eights, *built]
    assert len(placed) == len(set(placed)) and set(placed) <= set(BASE_TILES + EIGHT_TILES)
    assert all(p.coins >= 0 for p in state.players)


def check_secrets(sim: Simulation) -> None:
    """Nobody but the owner sees a player's coins, blocks or objects while play goes on;
    the views of all audiences differ exactly in those fields."""
    state = sim.state
    check_components(state)
    over = sim.outcome() is not None
    if len(sim.envelopes) % 3 and not over:
        return  # views are the costly part: look at every third event and the end
    views = {v: msgspec.to_builtins(GAME.view(state, v)) for v in [None, *range(sim.seats)]}
    for viewer, view in views.items():
        for seat, player in enumerate(view["players"]):
            sees = over or seat == viewer
            for field in SECRETS:
                assert (player[field] is not None) == sees, (viewer, seat, field)
        assert _public(view) == _public(views[None])


def _public(view: dict[str, Any]) -> dict[str, Any]:
    players = [{k: v for k, v in p.items() if k not in SECRETS} for p in view["players"]]
    return {**view, "players": players}


def check_events_hold_no_secrets(sim: Simulation) -> None:
    """No event, redacted for any audience, names a player's coin, block or object total:
    only what moved through a public place (wheel, bank, bag, supply)."""
    codec = EventCodec(GAME)
    for env in sim.envelopes:
        event = codec.decode(env)
        for viewer in [None, *range(sim.seats)]:
            data = msgspec.to_builtins(GAME.redact(event, viewer))
            assert not set(data) & {"purse", "hand", "screen", "holdings", "total"}
            assert GAME.redact(event, viewer) == event  # nothing secret to empty


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_random_games_play_to_the_end_and_rebuild(seats: int, options: dict[str, Any]) -> None:
    for game in range(GAMES):
        sim = play_and_check(GAME, seats, options, seed=game, rng_seed=10_000 + game,
                             each_step=check_secrets)
        check_events_hold_no_secrets(sim)
        assert sim.state.end in ("announced", "last_building")


def test_every_legal_command_is_accepted_and_others_are_refused() -> None:
    """`legal` is the one source of truth: each listed command decides without error; a
    purchase or payment not listed is refused with a sentence."""
    rng = Random(5)
    for seats, options in ((2, {}), (4, {"expansion": True, "board": "advanced"})):
        sim = Simulation(GAME, seats, options, seed=seats)
        while sim.outcome() is None:
            seat = sim.active()[0]
            legal = sim.legal(seat)
            assert len(set(legal)) == len(legal), "a command is listed twice"
            for command in legal:
                assert GAME.decide(sim.state, seat, command, Random(0))
            for wrong in (BuyBlocks(0, ("white",) * 9), PayBlocks(("black",) * 9)):
                if wrong not in legal:
                    with pytest.raises(Illegal):
                        GAME.decide(sim.state, seat, wrong, Random(0))
            sim.command(seat, rng.choice(legal))
