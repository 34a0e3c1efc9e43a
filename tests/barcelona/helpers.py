"""Building specific Barcelona situations for the rules tests.

A situation starts from a real setup (`start`, folded through `evolve`) and is then
changed directly in the state (plain immutable data), so each test states exactly the
board and holdings its rule needs.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.commands import Command
from domain.barcelona.components import BASE_ACTIONS, EXPANSION_ACTIONS, Action
from domain.barcelona.events import Event
from domain.barcelona.evolve import until_choice
from domain.barcelona.options import Options
from domain.barcelona.state import State, Task, put
from domain.barcelona.state import with_player as _with_player


def new_game(seats: int = 2, seed: int = 0, **options: Any) -> State:
    """A freshly set-up game."""
    opts = msgspec.convert(options, Options)
    state: State | None = None
    for event in GAME.start(opts, seats, Random(seed)):
        state = GAME.evolve(state, event)
    assert state is not None
    return state


def with_player(state: State, seat: int, **changes: Any) -> State:
    return _with_player(state, seat, **changes)


def laid(state: State, **streets: Action) -> State:
    """Put named actions on streets (row0-4, col0-4, diag); the others keep their order."""
    names = [f"row{i}" for i in range(5)] + [f"col{i}" for i in range(5)] + ["diag"]
    wanted = {names.index(k): v for k, v in streets.items()}
    pool = EXPANSION_ACTIONS if state.expansion else BASE_ACTIONS
    rest = [a for a in pool if a not in wanted.values()]
    layout = tuple(wanted[i] if i in wanted else rest.pop(0) for i in range(11))
    return replace(state, layout=layout)


def at_crossing(state: State, x: int, seat: int = 0, stack: tuple[str, ...] = ("working",)
                ) -> State:
    """The turn of `seat` after placing Citizens on crossing `x`: street actions next."""
    state = replace(state, stacks=put(state.stacks, x, stack), placed_by=put(state.placed_by, x, seat),
                    phase="actions", crossing=x, used=(), turn=seat, tasks=())
    return state


def stacks(state: State, **at: tuple[str, ...]) -> State:
    """Citizens on crossings named like c12=("middle", "upper") (bottom first)."""
    for key, stack in at.items():
        x = int(key[1:])
        state = replace(state, stacks=put(state.stacks, x, stack), placed_by=put(state.placed_by, x, 0))
    return state


def with_task(state: State, task: Task) -> State:
    return replace(state, tasks=(*state.tasks, task))


def act(state: State, seat: int, command: Command, seed: int = 0) -> tuple[State, list[Event]]:
    """Decide one command and apply its events."""
    events = GAME.decide(state, seat, command, Random(seed))
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def play(state: State, seat: int, *commands: Command) -> State:
    for command in commands:
        state, _ = act(state, seat, command)
    return state


def legal(state: State, seat: int = 0) -> list[Command]:
    return GAME.legal(state, seat)


def settled(state: State) -> State:
    return until_choice(state)
