"""The state of a game of Villa, and `active`: whose move it is (evolve.py applies an event
to it)."""

from __future__ import annotations

from typing import Literal

import msgspec

from .components import BAG, FeatureName

# The step the game waits for. "resolve" and "area_done" are passing steps that `decide`
# always moves on from by itself; every other phase waits for a command.
Phase = Literal[
    "draw", "place", "resolve", "choose_area", "order_tokens", "place_token", "well",
    "bird_bath", "area_done", "over",
]


# gc=False: frozen, holding only values and tuples of them, so no cycle can pass through a
# state or any part of it; the collector need not walk the histories and caches holding them.
class Token(msgspec.Struct, frozen=True, gc=False):
    colour: int
    feature: FeatureName | None = None  # a Feature face up, else a neutral token
    since: int = 0  # how many Hedges were in play when it came to rest in its area


class Area(msgspec.Struct, frozen=True, gc=False):
    id: int
    cells: tuple[tuple[int, int], ...]
    closed_at: int  # how many Hedges were in play when it closed
    segments: tuple[int, ...] = ()  # per colour, set when counted
    bonus: tuple[int, ...] = ()  # per colour, Fountains' extra segments
    winners: tuple[int, ...] = ()  # the colours it belongs to
    tokens: tuple[Token, ...] = ()  # bottom to top


class Supply(msgspec.Struct, frozen=True, gc=False):
    """The tokens a colour has not placed yet."""

    neutral: int
    features: tuple[FeatureName, ...] = ()  # face up, in the order revealed
    placed: int = 0

    @property
    def left(self) -> int:
        return self.neutral + len(self.features)


class Placement(msgspec.Struct, frozen=True, gc=False):
    hedge: int
    x: int
    y: int
    rotation: int = 0
    mirrored: bool = False


class State(msgspec.Struct, frozen=True, gc=False):
    seats: int
    expert: bool
    team: bool
    two_player_expert: bool
    open_circle: bool
    owners: tuple[int, ...]  # per colour: its seat, or -1 when not in play
    teams: tuple[int, ...]  # per colour: its side
    supplies: tuple[Supply, ...]  # per colour
    features: tuple[FeatureName, ...] = ()
    bag: tuple[int, ...] = BAG  # what is left in the bag, sorted: the bag has no order
    circle: tuple[int, ...] = ()  # the open circle still to take, in order
    placements: tuple[Placement, ...] = ()
    areas: tuple[Area, ...] = ()
    turn: int = 0
    phase: Phase = "draw"
    hedge: int | None = None  # the Hedge in hand
    pending: tuple[int, ...] = ()  # areas closed this turn and not yet resolved
    resolving: int | None = None
    queue: tuple[tuple[int, ...], ...] = ()  # colours still to place, in groups to order
    bird_bath: bool = False  # a Bird Bath was just placed and may switch
    well_done: bool = False  # the Well offer of the area resolving has been answered
    feature_placed: bool = False  # the closer put a Feature face up in the area resolving
    extra_turn: bool = False  # a Sundial was placed this turn
    ended: tuple[str, ...] = ()

    @property
    def placed(self) -> int:
        return len(self.placements)

    @property
    def hedges_left(self) -> int:
        return len(self.bag) + len(self.circle) + (self.hedge is not None)

    def in_play(self) -> list[int]:
        return [c for c, seat in enumerate(self.owners) if seat >= 0]


def well_colours(state: State) -> list[int]:
    """Colours of the player whose turn it is that may place their Well in the area being
    resolved: exactly one segment there, no token placed there by majority, Well unused.
    None once that player has put a Feature face up there: with two colours each, only the
    colour placed on top may carry a Feature (RULES.md), and a Well would go on top."""
    if (not state.expert or state.resolving is None or state.well_done
            or state.feature_placed):
        return []
    area = state.areas[state.resolving]
    return [c for c in state.in_play()
            if state.owners[c] == state.turn and "well" in state.supplies[c].features
            and area.segments[c] == 1 and c not in area.winners]


def active(state: State) -> list[int]:
    match state.phase:
        case "over":
            return []
        case "order_tokens":
            return [chooser(state)]
        case "place_token":
            return [state.owners[state.queue[0][0]]]
    return [state.turn]


def chooser(state: State) -> int:
    """Who orders the group of tied colours at the head of the queue: their player, or
    for an opposing team the opponent next in turn (RULES.md)."""
    owners = {state.owners[c] for c in state.queue[0]}
    return owners.pop() if len(owners) == 1 else (state.turn + 1) % state.seats
