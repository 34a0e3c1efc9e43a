"""`start`: the setup of a game of Bella Vista, as events."""

from __future__ import annotations

from random import Random

from .components import (
    COLOURS,
    CONTRACTS,
    FACE_UP_CONTRACTS,
    GROUPING_OBJECTIVES,
    HEIGHT_OBJECTIVES,
    ZONING,
    offer_costs,
)
from .events import ContractsDrawn, Event, GameStarted, ObjectivesDrawn, ZoningRevealed
from .options import Options, build_town


def start(options: Options, seats: int, rng: Random) -> list[Event]:
    """seed: Setup (and During Setup for 2 architects) up to "each architect chooses a
    color", as events; `flow.deal` does the rest once every architect has chosen."""
    assert 2 <= seats <= len(COLOURS)  # seed: 2 to 4 architects, a colour each
    return [
        GameStarted(seats, options.layout, build_town(options, rng), offer_costs(seats)),
        ObjectivesDrawn(rng.choice(HEIGHT_OBJECTIVES), rng.choice(GROUPING_OBJECTIVES)),
        ZoningRevealed(rng.choice(sorted(ZONING))),
        ContractsDrawn(tuple(rng.sample(range(len(CONTRACTS)), FACE_UP_CONTRACTS))),
    ]
