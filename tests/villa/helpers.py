"""Building Villa situations for the rule tests: from events, states and painted boards."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from random import Random
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.core.simulate import Simulation
from domain.villa import GAME
from domain.villa.board import Board, board_from
from domain.villa.commands import Command, PlaceHedge
from domain.villa.events import AreaClosed, Event, HedgeDrawn
from domain.villa.evolve import evolve
from domain.villa.flow import advance
from domain.villa.geometry import Cell, Edge
from domain.villa.options import Options
from domain.villa.resolve import award
from domain.villa.state import State, Token

BLUE, GREEN, PINK, YELLOW = 0, 1, 2, 3


def begin(seats: int = 2, seed: int = 0, **options: Any) -> State:
    """A game just set up."""
    return apply(None, GAME.start(msgspec.convert(options, Options), seats, Random(seed)))


def apply(state: State | None, events: Iterable[Event]) -> State:
    for event in events:
        state = evolve(state, event)
    assert state is not None
    return state


def act(state: State, seat: int, command: Command, seed: int = 0) -> tuple[State, list[Event]]:
    """`decide` then `evolve`: one command as the platform applies it."""
    events = GAME.decide(state, seat, command, Random(seed))
    return apply(state, events), events


def lay(state: State, hedge: int, x: int, y: int, rotation: int = 0,
        mirrored: bool = False) -> tuple[State, list[Event]]:
    """The player whose turn it is draws `hedge` and places it."""
    state = evolve(state, HedgeDrawn(state.turn, hedge))
    return act(state, state.turn, PlaceHedge(x, y, rotation, mirrored))


def closing(seats: int, turn: int, cells: Iterable[Cell] = ((9, 9),), **options: Any) -> State:
    """`turn` has just closed an area (of these spaces) that waits to be counted."""
    state = replace(begin(seats, **options), turn=turn, phase="resolve")
    return evolve(state, AreaClosed(len(state.areas), list(cells)))


def counted(state: State, segments: list[int], bonus: Iterable[int] = (0, 0, 0, 0)
            ) -> tuple[State, list[Event]]:
    """Count the last area closed with these segments per colour, then go on to the next
    choice (or the end of the turn)."""
    area = state.pending[-1]
    events = advance(state, [award(state, area, segments, list(bonus))])
    return apply(state, events), events


def with_tokens(state: State, area: int, *tokens: Token) -> State:
    areas = list(state.areas)
    areas[area] = replace(areas[area], tokens=tuple(tokens))
    return replace(state, areas=tuple(areas))


def paint(walls: dict[Edge, int], areas: Iterable[Iterable[Cell]]) -> Board:
    """A board of arbitrary coloured segments and closed areas."""
    return board_from(walls, dict.fromkeys(walls, 0), tuple(tuple(a) for a in areas))


def box(x0: int, y0: int, x1: int, y1: int, colour: int) -> dict[Edge, int]:
    """The outline of the rectangle of spaces x0..x1-1, y0..y1-1, all in one colour."""
    walls: dict[Edge, int] = {}
    for x in range(x0, x1):
        walls[(x, y0, 0)] = walls[(x, y1, 0)] = colour
    for y in range(y0, y1):
        walls[(x0, y, 1)] = walls[(x1, y, 1)] = colour
    return walls


def play_until(seats: int, options: dict[str, Any], found: Callable[[Simulation], bool],
               games: int = 300, prefer: Callable[[Any], bool] | None = None) -> Simulation:
    """A random game stopped at the first moment `found` holds (choosing what `prefer`
    likes when it can), searching deterministic games in turn."""
    for seed in range(games):
        sim, rng = Simulation(GAME, seats, options, seed=seed), Random(seed)
        while not found(sim):
            if sim.outcome() is not None:
                break
            seat = sim.active()[0]
            legal = sim.legal(seat)
            liked = [c for c in legal if prefer is not None and prefer(c)]
            sim.command(seat, rng.choice(liked or legal))
        else:
            return sim
    raise AssertionError("no game reached the situation")


def tokens_placed(events: list[Event]) -> list[tuple[int, str | None]]:
    return [(e.colour, e.feature) for e in events if type(e).__name__ == "TokenPlaced"]
