"""What the table sees. Villa has no secret once a Hedge is drawn and nothing is shown
before: the bag is a count, so every audience gets the same view."""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter

import msgspec

from .board import Board, board
from .components import COLOURS, HEDGES, MAX_AREA_POINTS
from .geometry import ORIENTATIONS, Edge, edge_ends, laid
from .scoring import ColourScore, colour_scores, seat_keys
from .state import Area, Placement, State


class SegmentView(msgspec.Struct, frozen=True):
    x1: int
    y1: int
    x2: int
    y2: int
    colour: str
    hedge: int


class HedgeView(msgspec.Struct, frozen=True):
    id: int
    shape: str
    segments: list[SegmentView]  # laid unturned with its first end on joint (0, 0)


class TokenView(msgspec.Struct, frozen=True):
    colour: str
    feature: str | None  # face up, or None for a neutral token


class AreaView(msgspec.Struct, frozen=True):
    id: int
    cells: list[tuple[int, int]]  # space (x, y) is the square from joint (x, y) to (x+1, y+1)
    size: int
    points: int  # per token
    segments: list[int]  # per colour (indices of `colours` order: blue, green, pink, yellow)
    bonus: list[int]  # per colour, from Fountains
    winners: list[str]
    tokens: list[TokenView]  # bottom to top
    adjacent: list[int]


class ColourView(msgspec.Struct, frozen=True):
    index: int
    colour: str
    seat: int
    team: int
    neutral: int  # neutral tokens left
    features: list[str]  # Features left face up
    placed: int
    points: int  # points so far (areas and end-game Features as they stand)


class View(msgspec.Struct, frozen=True):
    phase: str
    turn: int  # the seat whose turn it is
    expert: bool
    team: bool
    two_player_expert: bool
    open_circle: bool
    colours: list[ColourView]  # the colours in play
    features: list[str]  # the three Features of the expert rules
    segments: list[SegmentView]
    joints: list[tuple[int, int]]  # every point of a Hedge is a joint
    areas: list[AreaView]
    hand: HedgeView | None  # the Hedge drawn, to place
    # The hand laid each way from joint (0, 0), at index rotation + 4 * mirrored: a
    # PlaceHedge(x, y, rotation, mirrored) puts these segments shifted by (x, y).
    hand_orientations: list[list[SegmentView]]
    bag_size: int
    circle: list[HedgeView]  # the open circle still to take, in order (open_circle only)
    pending: list[int]  # closed areas waiting to be resolved
    resolving: int | None
    queue: list[list[str]]  # colours still to place in the area resolving
    extra_turn: bool
    scores: list[int]  # per seat, as the final score would count now
    ended: list[str]


def segment(edge: Edge, colour: int, hedge: int) -> SegmentView:
    (x1, y1), (x2, y2) = edge_ends(edge)
    return SegmentView(x1, y1, x2, y2, COLOURS[colour], hedge)


# The views below depend on a Hedge (or the board) alone and are sent for most states:
# each is built once and the same objects serve every view (nothing mutates a view).
@cache
def hedge_view(hedge: int) -> HedgeView:
    return HedgeView(hedge, HEDGES[hedge].shape.name,
                     [segment(e, c, hedge) for e, c in laid(hedge, 0, 0, 0, False)])


@cache
def _orientations(hedge: int) -> list[list[SegmentView]]:
    return [[segment(e, c, hedge) for e, c in laid(hedge, 0, 0, rotation, mirrored)]
            for rotation, mirrored in ORIENTATIONS]


def orientations(hedge: int | None) -> list[list[SegmentView]]:
    return [] if hedge is None else _orientations(hedge)


@lru_cache(maxsize=8192)  # as `laid`: the Hedges in play of every game on a server
def _laid_view(hedge: int, x: int, y: int, rotation: int, mirrored: bool
               ) -> tuple[tuple[Edge, SegmentView], ...]:
    return tuple((e, segment(e, c, hedge)) for e, c in laid(hedge, x, y, rotation, mirrored))


@lru_cache(maxsize=256)  # the Hedges in play of each game on a server
def _segments(placements: tuple[Placement, ...]) -> list[SegmentView]:
    """Every segment in play in order, as `board` lays them (a later one on the same edge wins)."""
    drawn: dict[Edge, SegmentView] = {}
    for p in placements:
        drawn.update(_laid_view(p.hedge, p.x, p.y, p.rotation, p.mirrored))
    return [v for _, v in sorted(drawn.items(), key=itemgetter(0))]


@lru_cache(maxsize=256)  # a board per game in play, for each game on a server
def _joints(b: Board) -> list[tuple[int, int]]:
    return sorted(b.degree)


def area_view(state: State, b: Board, area: Area) -> AreaView:
    return AreaView(
        area.id, list(area.cells), len(area.cells), min(len(area.cells), MAX_AREA_POINTS),
        list(area.segments), list(area.bonus), [COLOURS[c] for c in area.winners],
        [TokenView(COLOURS[t.colour], t.feature) for t in area.tokens],
        sorted(b.adjacent[area.id]))


def colour_views(state: State, scores: list[ColourScore]) -> list[ColourView]:
    return [ColourView(c, COLOURS[c], state.owners[c], state.teams[c],
                       state.supplies[c].neutral, list(state.supplies[c].features),
                       state.supplies[c].placed, scores[c].total)
            for c in state.in_play()]


def view(state: State, viewer: int | None) -> View:
    """The same for every viewer: nothing on the table is secret."""
    b = board(state)
    scores = colour_scores(state)
    return View(
        state.phase, state.turn, state.expert, state.team, state.two_player_expert,
        state.open_circle, colour_views(state, scores), list(state.features),
        _segments(state.placements), _joints(b), [area_view(state, b, a) for a in state.areas],
        None if state.hedge is None else hedge_view(state.hedge), orientations(state.hedge),
        len(state.bag),
        [hedge_view(h) for h in state.circle], list(state.pending), state.resolving,
        [[COLOURS[c] for c in group] for group in state.queue], state.extra_turn,
        [k[0] for k in seat_keys(state, scores)], list(state.ended))
