"""Restart turn (seed, BGA): a player's own steps undo within the turn, back to a random
reveal or another seat's step, through the platform's undo."""

from __future__ import annotations

from random import Random

import pytest

from domain.barcelona import GAME
from domain.barcelona.commands import EndActions, PlaceCitizens, TakeProject
from domain.core import UndoRefused
from domain.core.simulate import Simulation


def _sim(**options: object) -> Simulation:
    sim = Simulation(GAME, 2, {"layout": "printed", **options}, seed=1)
    return sim


def test_a_placement_and_street_actions_undo_within_the_turn() -> None:
    sim = _sim()
    before = sim.state
    top = sim.state.players[0].hand[0]
    sim.command(0, PlaceCitizens(1, top))  # row 1 (Cloth and VP), column 2 (Improve)
    sim.command(0, EndActions())
    sim.undo(0)
    sim.undo(0)
    assert sim.state == before


def test_a_random_reveal_closes_the_restart() -> None:
    sim = Simulation(GAME, 2, {"layout": "printed", "reveal_projects_at_once": True}, seed=1)
    rng = Random(0)
    # play until a Take Project is on offer, take it (its replacement is revealed at once)
    for _ in range(400):
        seat = sim.active()[0]
        takes = [c for c in sim.legal(seat) if isinstance(c, TakeProject)]
        if takes:
            sim.command(seat, takes[0])
            with pytest.raises(UndoRefused, match="revealed hidden or random information"):
                sim.undo(seat)
            return
        sim.command(seat, rng.choice(sim.legal(seat)))
    pytest.fail("no Take Project offered in 400 commands")
