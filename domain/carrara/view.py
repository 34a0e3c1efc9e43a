"""What each audience sees: the whole table, and behind a screen only the owner's own.

A player's coins, blocks and objects lie behind their screen (seed), so another seat
or a spectator gets `None` at the same path; the physical game shows no count of
them either. At the end the screens are lifted for the final scoring, and the view
shows everything. The bag and the face-down pile are shown as sizes only.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec
from msgspec.structs import replace

from domain.core.memo import LastShown

from .cards import Brown, Green, Grey, Purple
from .components import (
    ACCEPTS,
    CATEGORIES,
    CITIES,
    CITY_NAMES,
    CITY_SCORING_MINIMUM,
    COLOURS,
    ITEMS,
    MAX_SCORINGS,
    ROMAN,
    BoardSide,
    Category,
    City,
    Colour,
    Item,
    Kind,
    Space,
    Tile,
    Value,
    price,
)
from .events import EndReason
from .state import Counts, Pending, Phase, Player, State, upgrade_choices


# gc=False: a view is built from the state and never refers back to itself, so no cycle
# can pass through it; the collector need not walk the parts kept for the next views.
# Tuples, not lists, for the same reason: a tuple of untracked items (these structs, strs,
# ints, other such tuples) is untracked at the first collection it survives, a list never,
# so each game's kept views would otherwise be walked by every middle pass. Both encode as
# the same JSON array. Each is made as `tuple([...])`: a generator costs a third more.
class SectionView(msgspec.Struct, frozen=True, gc=False):
    number: str
    blocks: dict[Colour, int]
    prices: dict[Colour, int]


class CityView(msgspec.Struct, frozen=True, gc=False):
    city: City
    name: str
    buildings: tuple[Tile, ...]
    value: Value
    upgraded: bool
    accepts: tuple[Colour, ...]
    needed_to_score: int
    scored_by: int | None


class PlayerView(msgspec.Struct, frozen=True, gc=False):
    vp: int
    coins: int | None  # behind the screen: None for everyone but the owner
    blocks: dict[Colour, int] | None
    objects: dict[Item, int] | None
    cities: tuple[CityView, ...]
    categories: dict[Category, Value]  # advanced side only, else empty
    scored_types: tuple[Kind, ...]
    scored_categories: tuple[Category, ...]
    scorings: int
    markers_left: int
    buildings: int
    total_cost: int
    announced: bool
    bonus: tuple[City | Kind, ...]  # green II/VI at the final scoring: the player's choice


class CardsView(msgspec.Struct, frozen=True, gc=False):
    brown: Brown
    purple: Purple
    grey: Grey
    green: Green | None


class View(msgspec.Struct, frozen=True, gc=False):
    seats: int
    expansion: bool
    board: BoardSide
    phase: Phase
    turn: int
    round: int
    wheel: tuple[SectionView, ...]
    bag_size: int
    display: tuple[Tile | None, ...]
    pile_size: int
    eight_buildings: tuple[Tile, ...]
    objects_for_sale: tuple[Item, ...]
    object_supply: dict[Item, int]
    upgrade_tiles: tuple[Space, ...]
    cards: CardsView
    pending: Pending | None
    end: EndReason | None
    announcer: int | None
    finished: bool
    players: tuple[PlayerView, ...]


# A state is shown to four or five audiences that differ only behind the screens, and from
# one command to the next most of it stays as it was: `evolve` replaces only what an event
# changed, so the next state holds the very same tuples and Players for the rest. So each
# game's last shown state is kept with its views (`_Shown`, in a `LastShown`:
# domain/core/memo.py), found by the identity of its Cards (made once per game, by the
# setup or the expansion's draw), and the next state's views take as they are the parts
# whose parts of the state are the very same objects (`_next`: checked part by part, so a
# state of another game or an older one of this game only finds less) and build the rest;
# `_fresh` builds everything (the plain computation, which tests/carrara/test_caches.py
# pins `_next` to). Nothing mutates a view, so one part serves every state that shows it.
# A player's table view is also kept by value (`_shown`, its screen emptied), so a
# purchase behind the screen or an undo finds the same view.
# The state's own tuples (the display, a player's scored types...) go into the views as they
# are: immutable like the views, they need no copy, and are untracked like the views' own.
_PRICES: tuple[dict[Colour, int], ...] = tuple(
    {colour: price(colour, i) for colour in COLOURS} for i in range(len(ROMAN)))
_ACCEPTED: dict[City, tuple[Colour, ...]] = {
    city: tuple(c for c in COLOURS if c in ACCEPTS[city]) for city in CITIES}


class _Shown:
    """A state, its table's view, and each seat's view and own player once asked."""

    __slots__ = ("own", "seats", "state", "table")

    def __init__(self, state: State, table: View, own: list[PlayerView | None]) -> None:
        self.state = state
        self.table = table
        self.seats: list[View | None] = [None] * len(own)
        self.own = own


def view(state: State, viewer: int | None) -> View:
    shown = _SHOWN(state)
    if viewer is None or state.phase == "over" or not 0 <= viewer < state.seats:
        return shown.table
    seat = shown.seats[viewer]
    return _seat(shown, viewer) if seat is None else seat


def _first(state: State) -> _Shown:
    return _Shown(state, _fresh(state), [None] * len(state.players))


def _follow(state: State, last: _Shown) -> _Shown:
    """The views of `state`, with the parts it shares with the game's last shown state."""
    if (state.phase == "over" or last.state.phase == "over" or last.state.board != state.board
            or len(last.state.players) != len(state.players)):
        return _first(state)
    return _next(state, last)


def _seat(shown: _Shown, viewer: int) -> View:
    """The table's view with `viewer`'s own screen open."""
    table = shown.table
    own = shown.own[viewer]
    if own is None:
        own = shown.own[viewer] = _opened(shown.state.players[viewer], table.players[viewer])
    players = list(table.players)  # cheaper than slicing the tuple around `viewer`
    players[viewer] = own
    seat = shown.seats[viewer] = replace(table, players=tuple(players))
    return seat


def _wheel(wheel: tuple[Counts, ...]) -> tuple[SectionView, ...]:
    return tuple([SectionView(ROMAN[i], dict(zip(COLOURS, blocks, strict=True)), _PRICES[i])
                  for i, blocks in enumerate(wheel)])


def _next_wheel(wheel: tuple[Counts, ...], was: tuple[Counts, ...],
                views: tuple[SectionView, ...]) -> tuple[SectionView, ...]:
    """`_wheel(wheel)`, with the sections of `views` (`_wheel(was)`) whose blocks are the
    same tuple in the same section, and their blocks' dicts where the wheel turned them on
    by one (section VI's come round to section I)."""
    out = []
    for i, blocks in enumerate(wheel):
        if blocks is was[i]:
            out.append(views[i])
        elif blocks is was[i - 1]:
            out.append(SectionView(ROMAN[i], views[i - 1].blocks, _PRICES[i]))
        else:
            out.append(SectionView(ROMAN[i], dict(zip(COLOURS, blocks, strict=True)),
                                   _PRICES[i]))
    return tuple(out)


@lru_cache(maxsize=4096)
def _city(i: int, tiles: tuple[Tile, ...], value: Value, upgraded: bool,
          scored_by: int | None) -> CityView:
    city = CITIES[i]
    return CityView(city, CITY_NAMES[city], tiles, value, upgraded, _ACCEPTED[city],
                    CITY_SCORING_MINIMUM[city], scored_by)


@lru_cache(maxsize=4096)
def _shown(p: Player, board: BoardSide, scored_by: tuple[int | None, ...]) -> PlayerView:
    """A player as the table sees them; `p` comes with its screen emptied (see `_public`),
    so a purchase behind the screen finds the same view."""
    categories = {c: p.value(c) for c in CATEGORIES} if board == "advanced" else {}
    built = p.tiles()
    return PlayerView(
        p.vp, None, None, None,
        tuple([_city(i, tiles, p.value(city), city in p.upgrades, scored_by[i])
               for i, (city, tiles) in enumerate(zip(CITIES, p.cities, strict=True))]),
        categories, p.scored_kinds, p.scored_categories, p.scorings,
        MAX_SCORINGS - p.scorings, len(built), sum(t.cost for t in built), p.announced,
        p.bonus,
    )


def _public(p: Player, board: BoardSide, scored_by: tuple[int | None, ...]) -> PlayerView:
    return _shown(replace(p, coins=0, blocks=(), items=()), board, scored_by)


def _opened(p: Player, public: PlayerView) -> PlayerView:
    """`public` (the player's view with the screen closed) with what lies behind it."""
    return replace(public, coins=p.coins, blocks=dict(zip(COLOURS, p.blocks, strict=True)),
                   objects=dict(zip(ITEMS, p.items, strict=True)))


def _own(p: Player, board: BoardSide, scored_by: tuple[int | None, ...]) -> PlayerView:
    """The player's view with what lies behind their screen."""
    return _opened(p, _public(p, board, scored_by))


def _fresh(state: State) -> View:
    """The view of the spectators, every part built: every screen closed (until the end)."""
    c = state.cards
    player = _own if state.phase == "over" else _public
    board, scored_by = state.board, state.city_scored_by
    return View(
        state.seats, state.expansion, board, state.phase, state.turn, state.round,
        _wheel(state.wheel), sum(state.bag), state.display, len(state.pile),
        state.eights, state.for_sale, dict(zip(ITEMS, state.supply, strict=True)),
        upgrade_choices(state), CardsView(c.brown, c.purple, c.grey, c.green),
        state.pending, state.end, state.announcer, state.phase == "over",
        tuple([player(p, board, scored_by) for p in state.players]),
    )


def _next(s: State, last: _Shown) -> _Shown:
    """`s`'s views with the parts of `last` (a state neither over, on the same board side,
    with as many players) whose parts of the state are the very same objects in `s`."""
    was, wv = last.state, last.table
    board, scored_by = s.board, s.city_scored_by
    if scored_by is not was.city_scored_by:
        own: list[PlayerView | None] = [None] * len(s.players)
        players = tuple([_public(p, board, scored_by) for p in s.players])
    elif s.players is was.players:
        players, own = wv.players, last.own
    else:
        made, own = [], []
        for p, q, pv, ov in zip(s.players, was.players, wv.players, last.own, strict=True):
            same = p is q
            made.append(pv if same else _next_player(p, q, pv, board, scored_by))
            own.append(ov if same else None)
        players = tuple(made)
    c = s.cards
    return _Shown(s, View(
        s.seats, s.expansion, board, s.phase, s.turn, s.round,
        wv.wheel if s.wheel is was.wheel else _next_wheel(s.wheel, was.wheel, wv.wheel),
        wv.bag_size if s.bag is was.bag else sum(s.bag),
        s.display, len(s.pile), s.eights, s.for_sale,
        wv.object_supply if s.supply is was.supply else dict(zip(ITEMS, s.supply, strict=True)),
        wv.upgrade_tiles if s.upgrade_tiles is was.upgrade_tiles else upgrade_choices(s),
        wv.cards if c is was.cards else CardsView(c.brown, c.purple, c.grey, c.green),
        s.pending, s.end, s.announcer, False, players,
    ), own)


def _next_player(p: Player, q: Player, v: PlayerView, board: BoardSide,
                 scored_by: tuple[int | None, ...]) -> PlayerView:
    """`_public(p, ...)`, or `v` (`_public(q, ...)` on the same board with the same scored
    cities) if only the screen changed: the table sees nothing else of a purchase or a payment."""
    if (p.cities is q.cities and p.vp == q.vp and p.upgrades is q.upgrades
            and p.scored_kinds is q.scored_kinds and p.scorings == q.scorings
            and p.scored_categories is q.scored_categories and p.announced is q.announced
            and p.bonus is q.bonus):
        return v
    return _public(p, board, scored_by)


_SHOWN = LastShown(__name__, lambda state: state.cards, _first, _follow)
