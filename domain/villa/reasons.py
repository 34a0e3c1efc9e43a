"""Why a command is refused: one sentence that quotes the input and names the rule."""

from __future__ import annotations

from .board import Board, board, crossing
from .commands import (
    ChooseTokenOrder,
    Command,
    DeclineWell,
    DrawHedge,
    KeepBirdBath,
    PlaceHedge,
    PlaceToken,
    PlaceWell,
    ResolveArea,
    SwapBirdBath,
)
from .components import COLOURS
from .geometry import edge_ends, laid
from .resolve import bird_bath_targets, may_place_feature
from .state import State, well_colours

WAITING = {
    "draw": "you to draw a Hedge (DrawHedge)",
    "place": "you to place the Hedge in hand (PlaceHedge)",
    "choose_area": "you to choose which closed area to resolve next (ResolveArea)",
    "order_tokens": "the order of tied tokens (ChooseTokenOrder)",
    "place_token": "the next token of the area (PlaceToken)",
    "well": "you to place a Well or not (PlaceWell, DeclineWell)",
    "bird_bath": "you to switch the Bird Bath or keep it (SwapBirdBath, KeepBirdBath)",
}
STEP_OF: dict[type, str] = {
    DrawHedge: "draw", DeclineWell: "well", KeepBirdBath: "bird_bath", PlaceHedge: "place",
    ResolveArea: "choose_area", ChooseTokenOrder: "order_tokens",
    PlaceToken: "place_token", PlaceWell: "well", SwapBirdBath: "bird_bath",
}


def why_illegal(state: State, seat: int, command: Command) -> str:
    name = type(command).__name__
    if state.phase != STEP_OF[type(command)]:
        return f"{name} is not possible now: the game waits for {WAITING.get(state.phase)}."
    match command:
        case PlaceHedge():
            return _why_hedge(state, command)
        case ResolveArea(area):
            return (f"ResolveArea area={area}: only the areas your Hedge closed and not yet "
                    f"resolved can be chosen: {list(state.pending)}.")
        case ChooseTokenOrder(colour):
            return (f"ChooseTokenOrder colour={colour}: only the tied colours still to order "
                    f"can place next: {list(state.queue[0])}.")
        case PlaceToken():
            return _why_token(state, command)
        case PlaceWell(colour):
            return (f"PlaceWell colour={colour}: a Well goes only in an area you closed where "
                    f"that colour has exactly one segment and its Well is unused; "
                    f"possible: {well_colours(state)}.")
        case SwapBirdBath(area):
            return (f"SwapBirdBath area={area}: the Bird Bath switches only with the top token "
                    f"of an adjacent area: {bird_bath_targets(state)}.")
    return f"{name} is not possible now."


def _why_hedge(state: State, c: PlaceHedge) -> str:
    where = f"PlaceHedge at joint ({c.x}, {c.y}) rotation={c.rotation} mirrored={c.mirrored}"
    if not 0 <= c.rotation < 4:
        return f"{where}: rotation counts quarter turns and must be 0, 1, 2 or 3."
    assert state.hedge is not None
    b = board(state)
    for edge, _ in laid(state.hedge, c.x, c.y, c.rotation, c.mirrored):
        if edge in b.blocked:
            return f"{where}: the segment {_span(edge)} {_blocked_by(b, edge)}."
    point = crossing(b, state.hedge, c.x, c.y, c.rotation, c.mirrored)
    if point is not None:
        return (f"{where}: it would cross the Hedge in play that runs straight through joint "
                f"{point} (Hedges cannot be overlapped).")
    return (f"{where}: a Hedge must touch at least one Hedge already in play at a joint, "
            "and this one touches none.")


def _span(edge: tuple[int, int, int]) -> str:
    a, b = edge_ends(edge)
    return f"from {a} to {b}"


def _blocked_by(b: Board, edge: tuple[int, int, int]) -> str:
    if edge in b.colours:
        return "would overlap a Hedge in play (Hedges cannot be overlapped)"
    return "would lie inside a closed area (no Hedge may be placed inside a closed area)"


def _why_token(state: State, c: PlaceToken) -> str:
    colour = state.queue[0][0]
    supply = state.supplies[colour]
    said = f"PlaceToken feature={c.feature!r} flipped={c.flipped} for {COLOURS[colour]}"
    if c.feature is None:
        return f"{said}: {COLOURS[colour]} has no neutral token left; flip a Feature instead."
    if c.feature not in supply.features:
        return f"{said}: {COLOURS[colour]} has no {c.feature} face up; it has {supply.features}."
    if c.flipped:
        return f"{said}: a Feature is flipped only when no neutral token is left."
    if not may_place_feature(state, colour):
        return (f"{said}: a Feature is placed only on your own turn, in an area you closed "
                "where you have the most segments (the top token with two colours).")
    return f"{said}: a Well goes face up only where its colour has exactly one segment."
