"""Every game, played to its end with every audience's view, leaves no garbage in a reference
cycle. The server freezes what outlives its full collections (server/collector.py), so
what a game's rules make must go by reference counting; a recursive closure (a function and
the cell that holds it) is the usual way to break that, and it makes garbage at every call.
The server's side of the same life: tests/server/test_cycles.py."""

from __future__ import annotations

import gc
from collections import Counter
from random import Random
from typing import Any

import pytest

from domain.core.registry import games
from domain.core.simulate import Simulation

# Each game's default, and the variants whose rules run code the default does not.
VARIANTS = [(kind, {}) for kind in sorted(games())] + [
    ("villa", {"expert": True}), ("villa", {"expert": True, "team": True}),
    ("carrara", {"expansion": True}), ("barcelona", {"expansion": True, "promo_bonus": True})]


def play(game: Any, seats: int, options: dict[str, Any], seed: int) -> None:
    sim = Simulation(game, seats, options, seed=seed)
    rng = Random(seed)
    audiences = [None, *range(seats)]
    while sim.outcome() is None:
        seat = rng.choice(sim.active())
        sim.command(seat, rng.choice(sim.legal(seat)))
        for audience in audiences:
            game.view(sim.state, audience)


@pytest.mark.parametrize(("kind", "options"), VARIANTS, ids=lambda v: str(v or ""))
def test_a_game_played_to_its_end_leaves_no_cycle(kind: str, options: dict[str, Any]) -> None:
    game = games()[kind]
    seats = max(game.seat_counts)
    play(game, seats, options, seed=1)  # first uses: msgspec sets up its types once a process
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.disable()
    try:
        play(game, seats, options, seed=2)
        gc.collect()
        left: Counter[str] = Counter(f"{type(obj).__module__}.{type(obj).__qualname__}"
                                     + (f" {obj.__qualname__}" if callable(obj) else "")
                                     for obj in gc.garbage)
        assert not left, f"cyclic garbage from one game of {kind} {options}: {left.most_common(8)}"
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
