"""What the table sees. Villa has no secret once a Hedge is drawn and nothing is shown
before: the bag is a count, so every audience gets the same view."""

from __future__ import annotations

from bisect import bisect_left
from functools import cache, lru_cache
from typing import NamedTuple

import msgspec

from domain.core.memo import per_state

from .board import Board, board
from .components import COLOURS, HEDGES, MAX_AREA_POINTS
from .geometry import ORIENTATIONS, Edge, edge_ends, laid, oriented
from .kept import Kept
from .scoring import ColourScore, colour_scores, seat_keys
from .state import Area, Placement, State, Supply


# gc=False: a view is built from the state and never refers back to itself, so no cycle
# can pass through it; the collector need not walk the parts kept for the next views.
class SegmentView(msgspec.Struct, frozen=True, gc=False):
    x1: int
    y1: int
    x2: int
    y2: int
    colour: str
    hedge: int


class HedgeView(msgspec.Struct, frozen=True, gc=False):
    id: int
    shape: str
    segments: list[SegmentView]  # laid unturned with its first end on joint (0, 0)


class TokenView(msgspec.Struct, frozen=True, gc=False):
    colour: str
    feature: str | None  # face up, or None for a neutral token


class AreaView(msgspec.Struct, frozen=True, gc=False):
    id: int
    cells: list[tuple[int, int]]  # space (x, y) is the square from joint (x, y) to (x+1, y+1)
    size: int
    points: int  # per token
    segments: list[int]  # per colour (indices of `colours` order: blue, green, pink, yellow)
    bonus: list[int]  # per colour, from Fountains
    winners: list[str]
    tokens: list[TokenView]  # bottom to top
    adjacent: list[int]


class ColourView(msgspec.Struct, frozen=True, gc=False):
    index: int
    colour: str
    seat: int
    team: int
    neutral: int  # neutral tokens left
    features: list[str]  # Features left face up
    placed: int
    points: int  # points so far (areas and end-game Features as they stand)


class View(msgspec.Struct, frozen=True, gc=False):
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


class _Drawing(NamedTuple):
    board: Board
    placements: tuple[Placement, ...]
    edges: list[Edge]  # every segment in play, sorted
    segments: list[SegmentView]  # their views, in the same order
    joints: list[tuple[int, int]]  # sorted


def _drawing(state: State, b: Board) -> _Drawing:
    """The segments and joints in play, as `board` lays them (a later one on the same edge
    wins): kept per game, since many states share a board, and the drawing after a Hedge
    is the one before with four segments more."""
    kept = _DRAWINGS.get(state)
    if kept is not None and kept.board is b:
        return kept
    placements, last = state.placements, state.placements[-1:]
    drawing = None
    if kept is not None and last and kept.placements == placements[:-1]:
        drawing = _drawn_on(kept, last[0])
    if drawing is None:
        drawn: dict[Edge, SegmentView] = {}
        for p in placements:
            drawn.update(_laid_view(p.hedge, p.x, p.y, p.rotation, p.mirrored))
        edges = sorted(drawn)
        drawing = (edges, [drawn[edge] for edge in edges], sorted(b.degree))
    made = _Drawing(b, placements, *drawing)
    _DRAWINGS.put(state, made)
    return made


_DRAWINGS: Kept[_Drawing] = Kept()


def _drawn_on(before: _Drawing, p: Placement
              ) -> tuple[list[Edge], list[SegmentView], list[tuple[int, int]]] | None:
    """`before` with one more Hedge; None if it lies on a segment in play (never in a game)."""
    edges, segments, joints = list(before.edges), list(before.segments), list(before.joints)
    for edge, view in _laid_view(p.hedge, p.x, p.y, p.rotation, p.mirrored):
        i = bisect_left(edges, edge)
        if i < len(edges) and edges[i] == edge:
            return None
        edges.insert(i, edge)
        segments.insert(i, view)
    for x, y in oriented(p.hedge, p.rotation, p.mirrored).points:  # the ends of its segments
        point = (x + p.x, y + p.y)
        i = bisect_left(joints, point)
        if i == len(joints) or joints[i] != point:
            joints.insert(i, point)
    return edges, segments, joints


def area_view(b: Board, area: Area) -> AreaView:
    return AreaView(
        area.id, list(area.cells), len(area.cells), min(len(area.cells), MAX_AREA_POINTS),
        list(area.segments), list(area.bonus), [COLOURS[c] for c in area.winners],
        [TokenView(COLOURS[t.colour], t.feature) for t in area.tokens], sorted(b.adjacent[area.id]))


def colour_views(state: State, scores: list[ColourScore]) -> list[ColourView]:
    return [ColourView(c, COLOURS[c], state.owners[c], state.teams[c],
                       state.supplies[c].neutral, list(state.supplies[c].features),
                       state.supplies[c].placed, scores[c].total)
            for c in state.in_play()]


class _Tallies(NamedTuple):
    areas: tuple[Area, ...]
    supplies: tuple[Supply, ...]
    board: Board
    seating: tuple[object, ...]
    colours: list[ColourView]
    area_views: list[AreaView]
    scores: list[int]  # per seat


def _tallies(state: State, b: Board) -> _Tallies:
    """The colours, the areas and each seat's score of the view, kept per game and made
    again only when the areas, the supplies or the board change (a Hedge drawn changes
    none of them); an area's view, only when the area or its neighbours change."""
    seating = (state.owners, state.teams, state.seats, state.team)
    kept = _TALLIES.get(state)
    if (kept is not None and kept.areas is state.areas and kept.supplies is state.supplies
            and _same_areas(kept.board, b) and kept.seating == seating):
        return kept
    scores = colour_scores(state)
    made = _Tallies(state.areas, state.supplies, b, seating, colour_views(state, scores),
                    _area_views(state, b, kept), [k[0] for k in seat_keys(state, scores)])
    _TALLIES.put(state, made)
    return made


_TALLIES: Kept[_Tallies] = Kept()


def _same_areas(kept: Board, b: Board) -> bool:
    """Whether the boards have the same closed areas, their segments and neighbours: all the
    scores and the areas' views ask of a board. A Hedge that closes nothing leaves them so,
    and `extended` then hands on the very same objects (a board made afresh has new ones)."""
    return kept is b or (kept.cell_area is b.cell_area and kept.area_edges is b.area_edges
                         and kept.adjacent is b.adjacent)


def _area_views(state: State, b: Board, kept: _Tallies | None) -> list[AreaView]:
    out = []
    for i, area in enumerate(state.areas):
        if (kept is not None and i < len(kept.areas) and kept.areas[i] is area
                and kept.board.adjacent[area.id] == b.adjacent[area.id]):
            out.append(kept.area_views[i])
        else:
            out.append(area_view(b, area))
    return out


def view(state: State, viewer: int | None) -> View:
    """The same for every viewer: nothing on the table is secret."""
    return _shown(state)


def made(state: State) -> View:
    """The view of a state, made afresh from the pieces kept per game."""
    b = board(state)
    tallies, drawing = _tallies(state, b), _drawing(state, b)
    return View(
        state.phase, state.turn, state.expert, state.team, state.two_player_expert,
        state.open_circle, tallies.colours, list(state.features), drawing.segments,
        drawing.joints, tallies.area_views,
        None if state.hedge is None else hedge_view(state.hedge), orientations(state.hedge),
        len(state.bag),
        [hedge_view(h) for h in state.circle], list(state.pending), state.resolving,
        [[COLOURS[c] for c in group] for group in state.queue], state.extra_turn,
        tallies.scores, list(state.ended))


# Every audience gets the same view, so it is made once per state (the server already
# shares a public view, but bots, tests and other callers ask per audience); the same
# object is handed to each, since nothing mutates a view.
_shown = per_state(size=64, scaled=False)(made)
