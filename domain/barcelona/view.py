"""What each audience sees: the whole table, and of the hidden Citizens only one's own.

A player's hand is shown to its owner alone (the others see its size); the lower
Citizen of a stack only to the player who placed it. The bag and the Modernisme stack
are sizes only. Once the game is over every view shows everything.
"""

from __future__ import annotations

from itertools import compress
from operator import is_not, ne

from msgspec.structs import replace

from domain.core.memo import LastShown

from .actions import crossing_cost, service_price
from .components import (
    COBBLESTONES,
    PROJECT_SPACES,
    SERVICE_NAMES,
    TRACK_VP,
    WAREHOUSE_OPEN,
    Cls,
    Service,
    Spot,
    multiplier,
)
from .construction import lowest_visible
from .events import CitizensDrawn, CitizensPlaced, Event
from .geometry import SPACE_ENDS, SPACE_STREET, STREET_NAMES, WIDE, space_name
from .performing import sidewalk_spot
from .state import Player, State, Task, put, top
from .viewtypes import CrossingView, PlayerView, ServiceView, StreetView, TaskView, View

__all__ = ["CrossingView", "PlayerView", "ServiceView", "StreetView", "TaskView", "View", "redact",
           "view"]

# A state is shown to five audiences that differ only in one seat's hand and lower
# Citizens, and from one command to the next most of the table stays as it was: `evolve`
# replaces only what an event changed, so the next state holds the very same tuples for
# the rest. So each game's last shown state is kept with its views (`_Shown`, in a
# `LastShown`: domain/core/memo.py), found by the identity of its Cerdà Scoring tiles (a
# tuple drawn once per game), and the next state's views take as they are the parts whose
# parts of the state are the very same objects (`_next`: checked part by part, so a state
# of another game or an older one of this game only finds less), and build the rest;
# `_fresh` builds everything (the plain computation, which tests/barcelona/test_caches.py
# pins `_next` to). Nothing mutates a view, so one part serves every state that shows it,
# and a state's views are built once. A view's arrays are tuples (viewtypes.py says why),
# the state's own ones wherever it shows one as it is: the same objects, nothing to copy.
class _Shown:
    """A state and its views: the table's, and each seat's once asked, with the parts the
    next state may take (each seat's own player, each seat's crossings, the lower Citizens:
    shared with the last state while the parts of the state they show are)."""

    __slots__ = ("crossings", "hidden", "own", "seats", "state", "table")

    def __init__(self, state: State, table: View, own: list[PlayerView | None],
                 crossings: list[tuple[CrossingView, ...] | None],
                 hidden: dict[int, list[tuple[int, Cls]]] | None) -> None:
        self.state = state
        self.table = table
        self.seats: list[View | None] = [None] * state.seats
        self.own = own
        self.crossings = crossings
        self.hidden = hidden


def view(state: State, viewer: int | None) -> View:
    shown = _SHOWN(state)
    if viewer is None or state.phase == "over" or not 0 <= viewer < state.seats:
        return shown.table
    seat = shown.seats[viewer]
    return _seat(shown, viewer) if seat is None else seat


def _first(state: State) -> _Shown:
    none: list[None] = [None] * state.seats
    return _Shown(state, _fresh(state), list(none), list(none), None)


def _follow(state: State, last: _Shown) -> _Shown:
    """The views of `state`, with the parts it shares with the game's last shown state."""
    if (state.phase == "over" or last.state.phase == "over" or last.state.seats != state.seats
            or len(last.state.players) != len(state.players)):
        return _first(state)
    return _next(state, last)


def _seat(shown: _Shown, viewer: int) -> View:
    """The table's view with `viewer`'s hand and the lower Citizens it placed."""
    state, table = shown.state, shown.table
    own = shown.own[viewer]
    if own is None:
        own = shown.own[viewer] = replace(table.players[viewer], hand=state.players[viewer].hand)
    crossings = shown.crossings[viewer]
    if crossings is None:
        if shown.hidden is None:
            shown.hidden = _hidden(state)
        crossings = shown.crossings[viewer] = _seat_crossings(table.crossings,
                                                              shown.hidden.get(viewer))
    seat = shown.seats[viewer] = replace(table, players=put(table.players, viewer, own),
                                         crossings=crossings)
    return seat


def _player(p: Player) -> PlayerView:
    """A player as the table sees them: the hand by its size."""
    return PlayerView(
        p.vp, p.coins, p.cloths, WAREHOUSE_OPEN + p.cobbles, None, len(p.hand), p.cerda,
        multiplier(p.cerda), p.sagrada, p.sagrada_tiles, COBBLESTONES - p.cobbles, p.narrow,
        p.wide, p.intersections, p.passengers, p.markers, p.projects, p.tops, p.services, p.tram,
        p.waiting, p.joy, p.walked, p.hexes,
    )


def _own(p: Player) -> PlayerView:
    """A player as they see themselves: with their hand."""
    return replace(_player(p), hand=p.hand)


# Whether each crossing costs a Coin while no Intersection covers it.
_DIAGONAL = tuple(crossing_cost(State(seats=2), x) for x in range(25))


def _crossings(state: State) -> tuple[CrossingView, ...]:
    """The crossings as the table sees them (every lower Citizen shown once the game is over)."""
    over = state.phase == "over"
    return tuple([CrossingView(len(stack), stack[-1] if stack else None,
                               stack[0] if over and len(stack) > 1 else None, placer, held,
                               diagonal if held is None else 0)
                  for stack, placer, held, diagonal in zip(
                      state.stacks, state.placed_by, state.intersections, _DIAGONAL, strict=True)])


def _hidden(state: State) -> dict[int, list[tuple[int, Cls]]]:
    """Per seat, the lower Citizens it placed: (crossing, Citizen)."""
    out: dict[int, list[tuple[int, Cls]]] = {}
    for x, stack in enumerate(state.stacks):
        seat = state.placed_by[x]
        if len(stack) > 1 and seat is not None:
            out.setdefault(seat, []).append((x, stack[0]))
    return out


def _seat_crossings(table: tuple[CrossingView, ...],
                    own: list[tuple[int, Cls]] | None) -> tuple[CrossingView, ...]:
    """The table's crossings, plus the lower Citizens a seat placed (`own`): only those
    differ, so the rest are shared."""
    if not own:
        return table
    out = list(table)
    for x, bottom in own:
        out[x] = replace(table[x], bottom=bottom)
    return tuple(out)


def _waiting(task: Task | None) -> TaskView | None:
    if task is None:
        return None
    return TaskView(task.kind, task.seat, task.n, task.actions, task.flags, task.coins,
                    task.cloths, task.either, task.steps, task.joy, task.chunks)


# What a street space's view holds apart from its tile and Passenger: fixed component data.
_SPACES = tuple((space_name(i), SPACE_ENDS[i], STREET_NAMES[SPACE_STREET[i]], WIDE[i])
                for i in range(len(SPACE_ENDS)))
_STREETS = tuple(STREET_NAMES)
_TRACK_VP = dict(TRACK_VP)  # ints alone: a dict the collector does not track


def _spaces(state: State) -> tuple[StreetView, ...]:
    return tuple([StreetView(name, ends, street, wide, tile, passenger)
                  for (name, ends, street, wide), tile, passenger
                  in zip(_SPACES, state.streets, state.passengers, strict=True)])


def _services(state: State) -> tuple[ServiceView, ...]:
    return tuple([ServiceView(kind, _name(kind), state.services_left[i],
                              *(service_price(state, i) if state.services_left[i] else (0, 0)))
                  for i, kind in enumerate(state.services)])


def _sidewalk(state: State) -> tuple[Spot, ...]:
    return tuple([sidewalk_spot(state, i) for i in range(25)])


def _tracks(state: State) -> tuple[tuple[tuple[bool, ...], ...], int]:
    return state.track, lowest_visible(state)


def _fresh(state: State) -> View:
    """The table's view, every part built."""
    over = state.phase == "over"
    tracks, building_vp = _tracks(state)
    player = _own if over else _player
    return View(
        seats=state.seats, expansion=state.expansion, phase=state.phase, turn=state.turn,
        waiting_for=_waiting(top(state)), crossing=state.crossing,
        used_streets=state.used, layout=state.layout, streets=_STREETS,
        crossings=_crossings(state), spaces=_spaces(state), sidewalk=_sidewalk(state),
        cobblestones=state.sidewalk, sites=state.sites, tiles_left=state.tiles_left,
        bonuses=state.bonuses, bonus_flipped=state.flipped, tracks=tracks,
        track_vp=_TRACK_VP, building_vp=building_vp, cerda_tiles=state.cerda_tiles,
        scored=state.scored, display=state.display, face_down=state.face_down,
        projects_left=len(state.projects_left), projects_discarded=state.discards,
        project_spaces=PROJECT_SPACES, services=_services(state),
        sagrada_tiles=state.sagrada_left, amenities=state.amenities, violets=state.violets,
        hexes=state.hexes, bag_size=sum(state.bag), citizens_outside=state.outside,
        end=state.end, finished=over, players=tuple([player(p) for p in state.players]),
    )


def _next(s: State, last: _Shown) -> _Shown:
    """`s`'s views with the parts of `last` (a state neither over) whose parts of the
    state are the very same objects in `s`."""
    was, wv = last.state, last.table
    if s.players is was.players:
        players, own = wv.players, last.own
    else:
        players = tuple([pv if p is q else _player(p)
                         for p, q, pv in zip(s.players, was.players, wv.players, strict=True)])
        own = [ov if p is q else None
               for p, q, ov in zip(s.players, was.players, last.own, strict=True)]
    hidden, seats = last.hidden, last.crossings
    if s.stacks is not was.stacks or s.placed_by is not was.placed_by:
        hidden, seats, crossings = None, [None] * s.seats, _next_crossings(s, was, wv.crossings)
    elif s.intersections is not was.intersections:
        seats, crossings = [None] * s.seats, _next_crossings(s, was, wv.crossings)
    else:
        crossings = wv.crossings
    return _Shown(s, _next_table(s, was, wv, crossings, players), own, seats, hidden)


_CROSSING_INDEXES = range(25)
_SPACE_INDEXES = range(len(SPACE_ENDS))


def _next_crossings(s: State, was: State,
                    views: tuple[CrossingView, ...]) -> tuple[CrossingView, ...]:
    """`_crossings(s)` (neither over), with the items of `views` (`was`'s) whose stack
    is the same object and whose placer and Intersection are equal."""
    out = list(views)
    changed = {*compress(_CROSSING_INDEXES, map(is_not, s.stacks, was.stacks)),
               *compress(_CROSSING_INDEXES, map(ne, s.placed_by, was.placed_by)),
               *compress(_CROSSING_INDEXES, map(ne, s.intersections, was.intersections))}
    for x in changed:
        stack, held = s.stacks[x], s.intersections[x]
        out[x] = CrossingView(len(stack), stack[-1] if stack else None, None, s.placed_by[x],
                              held, _DIAGONAL[x] if held is None else 0)
    return tuple(out)


def _next_spaces(s: State, was: State, views: tuple[StreetView, ...]) -> tuple[StreetView, ...]:
    """`_spaces(s)`, with the items of `views` (`was`'s) whose tile and Passenger are equal."""
    out = list(views)
    changed = {*compress(_SPACE_INDEXES, map(ne, s.streets, was.streets)),
               *compress(_SPACE_INDEXES, map(ne, s.passengers, was.passengers))}
    for i in changed:
        out[i] = StreetView(*_SPACES[i], s.streets[i], s.passengers[i])
    return tuple(out)


def _next_table(s: State, was: State, wv: View, crossings: tuple[CrossingView, ...],
                players: tuple[PlayerView, ...]) -> View:
    """The table's view of `s`: `_fresh(s)`, with the parts of `wv` (the view of `was`)
    whose parts of the state are the very same objects."""
    task = top(s)
    tracks, building_vp = (wv.tracks, wv.building_vp) if s.track is was.track else _tracks(s)
    return View(  # positional: a tenth of the cost of 37 keywords
        s.seats, s.expansion, s.phase, s.turn,
        wv.waiting_for if task is top(was) else _waiting(task), s.crossing,
        s.used, s.layout, _STREETS, crossings,
        wv.spaces if s.streets is was.streets and s.passengers is was.passengers
        else _next_spaces(s, was, wv.spaces),
        wv.sidewalk if s.expansion == was.expansion else _sidewalk(s),
        s.sidewalk, s.sites, s.tiles_left, s.bonuses, s.flipped, tracks, _TRACK_VP, building_vp,
        s.cerda_tiles, s.scored, s.display, s.face_down, len(s.projects_left), s.discards,
        PROJECT_SPACES,
        wv.services if s.services is was.services and s.services_left is was.services_left
        else _services(s),
        s.sagrada_left, s.amenities, s.violets, s.hexes, sum(s.bag), s.outside,
        s.end, False, players,
    )


def _name(kind: Service) -> str:
    return SERVICE_NAMES[kind]


def redact(event: Event, viewer: int | None) -> Event:
    """A player's drawn Citizens and the lower Citizen of a stack are theirs alone."""
    if isinstance(event, CitizensDrawn) and event.seat != viewer:
        return CitizensDrawn(event.seat, event.count, ())
    if isinstance(event, CitizensPlaced) and event.seat != viewer and event.bottom:
        return CitizensPlaced(event.seat, event.crossing, event.top, None, event.paid,
                              event.height)
    return event


_SHOWN = LastShown(__name__, lambda state: state.cerda_tiles, _first, _follow)
