"""The steps that need no choice (counting an area, placing the only token possible,
ending a turn), chained after a command through `domain.core.settle`."""

from __future__ import annotations

from domain.core import settle

from .events import (
    AreaResolved,
    BirdBathKept,
    Event,
    GameEnded,
    TokenSkipped,
    TurnEnded,
)
from .evolve import evolve
from .resolve import bird_bath_targets, count, place, token_options
from .state import State


def end_of_turn(state: State) -> Event:
    """The game ends at the end of a turn in which a colour placed its last token or the
    last Hedge was placed; otherwise the next player (or, after a Sundial, the same)."""
    reasons = []
    if any(state.supplies[c].left == 0 for c in state.in_play()):
        reasons.append("last_token")
    if state.hedges_left == 0:
        reasons.append("last_hedge")
    if reasons:
        return GameEnded(reasons)
    extra = state.extra_turn
    return TurnEnded(state.turn, state.turn if extra else (state.turn + 1) % state.seats, extra)


def automatic(state: State) -> list[Event] | None:
    """The events of the next step if it needs no choice, else None."""
    match state.phase:
        case "resolve":
            return [count(state, state.pending[0])] if state.pending else [end_of_turn(state)]
        case "place_token":
            colour = state.queue[0][0]
            options = token_options(state, colour)
            if len(options) > 1:
                return None
            return place(state, colour, options[0]) if options else [
                TokenSkipped(state.resolving or 0, colour)]
        case "bird_bath":
            return None if bird_bath_targets(state) else [BirdBathKept(state.resolving or 0)]
        case "area_done":
            return [AreaResolved(state.resolving or 0)]
    return None


def advance(state: State, events: list[Event]) -> list[Event]:
    """Apply `events`, then every step that needs no choice, up to the next choice."""
    return settle(evolve, state, events, automatic)

