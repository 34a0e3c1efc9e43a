"""Building specific Carrara situations for the rules tests.

A situation starts from a real setup (`start`, folded through `evolve`) and is then
changed directly in the state (the state is plain immutable data), so each test
states exactly the holdings and boards its rule needs.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.commands import Command
from domain.carrara.components import CITIES, COLOURS, ITEMS, Tile
from domain.carrara.events import Event
from domain.carrara.options import Options
from domain.carrara.state import State


def new_game(seats: int = 2, seed: int = 0, **options: Any) -> State:
    """A freshly set-up game."""
    opts = msgspec.convert(options, Options)
    state: State | None = None
    for event in GAME.start(opts, seats, Random(seed)):
        state = GAME.evolve(state, event)
    assert state is not None
    return state


def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def blocks(**colours: int) -> tuple[int, ...]:
    """Block counts per colour, in the game's colour order."""
    return tuple(colours.get(c, 0) for c in COLOURS)


def items(**kinds: int) -> tuple[int, ...]:
    return tuple(kinds.get(i, 0) for i in ITEMS)


def board(**cities: list[tuple[str, int]]) -> tuple[tuple[Tile, ...], ...]:
    """A player's cities from {city: [(kind, cost), ...]}."""
    return tuple(tuple(Tile(k, c) for k, c in cities.get(city, [])) for city in CITIES)  # type: ignore[arg-type]


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


def show(state: State, *tiles: Tile, owned: tuple[Tile, ...] = ()) -> State:
    """Put `tiles` face up in the first display spaces; the tiles they displace go back
    to the pile, and `owned` (tiles on some player's board) leave pile and display."""
    shown = list(tiles)
    rest = [t for t in state.display if t is not None and t not in shown and t not in owned]
    slots = len(state.display)
    display: list[Tile | None] = [*shown, *rest][:slots]
    display += [None] * (slots - len(display))
    used = set(display) | set(owned)
    everything = set(state.pile) | {t for t in state.display if t is not None} | set(tiles)
    pile = tuple(sorted(t for t in everything if t not in used))
    return replace(state, display=tuple(display), pile=pile)
