"""A game played at random with an undo after about a third of its moves: a log with
`Rewound` envelopes among its events, for the folds that must skip what they take back."""

from __future__ import annotations

import contextlib
from random import Random
from typing import Any

from domain.core import Game, UndoRefused
from domain.core.simulate import Simulation


def undone_often(game: Game[Any, Any, Any, Any, Any], seats: int, seed: int,
                 game_id: str = "g") -> Simulation:
    rng = Random(seed)
    sim = Simulation(game, seats, seed=seed, game_id=game_id)
    while sim.outcome() is None:
        seat = sim.active()[0]
        sim.command(seat, rng.choice(sim.legal(seat)))
        if rng.random() < 0.3:
            with contextlib.suppress(UndoRefused):
                sim.undo(seat)
    return sim
