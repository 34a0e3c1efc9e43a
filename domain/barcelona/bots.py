"""The server's bot: a legal command chosen by simple greed (random among equals).

It takes every action it can, keeps as much of a gain as fits, takes every step and
benefit, and builds the highest level it can: enough to give a human a game, and it
only ever picks from `legal`.
"""

from __future__ import annotations

from random import Random

from .commands import (
    Build,
    ChooseBenefits,
    Command,
    EndActions,
    GiveJoy,
    RevealProjects,
    Skip,
    StepSagrada,
    Store,
    Walk,
)
from .rules import legal
from .state import State


def priority(command: Command) -> int:
    match command:
        case Build(_, level, _):
            return 10 + level
        case Store(coins, cloths):
            return coins + cloths
        case ChooseBenefits(benefits):
            return len(benefits)
        case StepSagrada() | Walk() | GiveJoy():
            return 5
        case Skip() | EndActions() | RevealProjects():
            return 0
    return 3


def bot_move(state: State, seat: int, rng: Random) -> Command | None:
    moves = legal(state, seat)
    if not moves:
        return None
    best = max(priority(c) for c in moves)
    return rng.choice([c for c in moves if priority(c) == best])
