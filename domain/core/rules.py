"""Rules the platform applies the same way to every game: turn order checks and undo."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, TypeVar

from .errors import GameOver, Illegal, NotASeat, NotYourTurn, UndoRefused
from .game import Game
from .history import Timeline

S = TypeVar("S")
E = TypeVar("E")


def decide_checked(game: Game[Any, Any, Any, Any, Any], state: Any, seats: int,
                   seat: int, command: Any, rng: Random) -> list[Any]:
    """`game.decide` behind the checks every game shares, so their codes are uniform."""
    if not 0 <= seat < seats:
        raise NotASeat(f"Seat {seat} is not a seat of this game.")
    if state is None:
        raise Illegal("The game has not started yet: it waits for every seat to be taken.")
    if game.outcome(state) is not None:
        raise GameOver("The game is over; no more moves can be made.")
    active = game.active(state)
    if seat not in active:
        waiting = ", ".join(str(s) for s in active) or "nobody"
        raise NotYourTurn(f"It is not your turn: the game waits for seat {waiting}.")
    events = game.decide(state, seat, command, rng)
    if not events:
        raise Illegal(f"The command {type(command).__name__} changes nothing here.")
    return events


def settle(evolve: Callable[[S, E], S], state: S, events: Sequence[E],
           automatic: Callable[[S], Sequence[E] | None]) -> list[E]:
    """`events` followed by every event the game then makes by itself (`automatic` of the
    state after them: a reveal, a count, the end of a round), up to the next player decision
    (`automatic` returns nothing)."""
    out = list(events)
    for event in events:
        state = evolve(state, event)
    while more := automatic(state):
        out += more
        for event in more:
            state = evolve(state, event)
    return out


def undo_target(game: Game[Any, Any, Any, Any, Any], timeline: Timeline, seat: int) -> tuple[int, int]:
    """Where an undo by `seat` rewinds to: (to_seq, number of effective events it drops).

    A seat may take back its own last command while it is still its turn, when
    no other seat has acted since and the command revealed nothing (no
    irreversible event). Repeated undos walk back one command at a time.
    """
    steps = timeline.steps
    if not steps or steps[-1].env.actor is None:
        raise UndoRefused("There is nothing of yours to undo: no move has been made since setup.")
    last = steps[-1].env
    if last.actor != seat:
        raise UndoRefused(
            f"The last move was made by seat {last.actor}; you can only undo your own moves."
        )
    if game.outcome(timeline.state) is not None:
        raise UndoRefused("The game is over; its moves can no longer be undone.")
    if seat not in game.active(timeline.state):
        raise UndoRefused("Your turn has ended; a move can only be undone within your own turn.")
    count = 0
    for step in reversed(steps):
        env = step.env
        if env.actor != seat or env.ref != last.ref:
            break
        if env.irreversible:
            raise UndoRefused(
                "That move revealed hidden or random information and cannot be undone."
            )
        count += 1
    return last.seq - count, count
