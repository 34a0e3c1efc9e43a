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

from domain.core.memo import per_state

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
class SectionView(msgspec.Struct, frozen=True, gc=False):
    number: str
    blocks: dict[Colour, int]
    prices: dict[Colour, int]


class CityView(msgspec.Struct, frozen=True, gc=False):
    city: City
    name: str
    buildings: list[Tile]
    value: Value
    upgraded: bool
    accepts: list[Colour]
    needed_to_score: int
    scored_by: int | None


class PlayerView(msgspec.Struct, frozen=True, gc=False):
    vp: int
    coins: int | None  # behind the screen: None for everyone but the owner
    blocks: dict[Colour, int] | None
    objects: dict[Item, int] | None
    cities: list[CityView]
    categories: dict[Category, Value]  # advanced side only, else empty
    scored_types: list[Kind]
    scored_categories: list[Category]
    scorings: int
    markers_left: int
    buildings: int
    total_cost: int
    announced: bool
    bonus: list[City | Kind]  # green II/VI at the final scoring: the player's choice


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
    wheel: list[SectionView]
    bag_size: int
    display: list[Tile | None]
    pile_size: int
    eight_buildings: list[Tile]
    objects_for_sale: list[Item]
    object_supply: dict[Item, int]
    upgrade_tiles: list[Space]
    cards: CardsView
    pending: Pending | None
    end: EndReason | None
    announcer: int | None
    finished: bool
    players: list[PlayerView]


# A state is shown to four or five audiences that differ only behind the screens, and
# most of it stays as it was from one state to the next: the table's view is built once per
# state, each seat's view from it (only the seat's own entry differs), and its parts are
# built once, keyed on the (immutable, hashable) values they show, so the same objects serve
# every view (nothing mutates a view). The sizes hold the parts of a hundred games in play.
_PRICES: tuple[dict[Colour, int], ...] = tuple(
    {colour: price(colour, i) for colour in COLOURS} for i in range(len(ROMAN)))
_ACCEPTED: dict[City, list[Colour]] = {city: [c for c in COLOURS if c in ACCEPTS[city]]
                                       for city in CITIES}


@lru_cache(maxsize=1024)
def _wheel(wheel: tuple[Counts, ...]) -> list[SectionView]:
    return [SectionView(ROMAN[i], dict(zip(COLOURS, blocks, strict=True)), _PRICES[i])
            for i, blocks in enumerate(wheel)]


@lru_cache(maxsize=4096)
def _city(i: int, tiles: tuple[Tile, ...], value: Value, upgraded: bool,
          scored_by: int | None) -> CityView:
    city = CITIES[i]
    return CityView(city, CITY_NAMES[city], list(tiles), value, upgraded, _ACCEPTED[city],
                    CITY_SCORING_MINIMUM[city], scored_by)


@lru_cache(maxsize=4096)
def _shown(p: Player, board: BoardSide, scored_by: tuple[int | None, ...]) -> PlayerView:
    """A player as the table sees them; `p` comes with its screen emptied (see `_public`),
    so a purchase behind the screen finds the same view."""
    categories = {c: p.value(c) for c in CATEGORIES} if board == "advanced" else {}
    built = p.tiles()
    return PlayerView(
        vp=p.vp, coins=None, blocks=None, objects=None,
        cities=[_city(i, tiles, p.value(city), city in p.upgrades, scored_by[i])
                for i, (city, tiles) in enumerate(zip(CITIES, p.cities, strict=True))],
        categories=categories,
        scored_types=list(p.scored_kinds),
        scored_categories=list(p.scored_categories),
        scorings=p.scorings,
        markers_left=MAX_SCORINGS - p.scorings,
        buildings=len(built),
        total_cost=sum(t.cost for t in built),
        announced=p.announced,
        bonus=list(p.bonus),
    )


# An event changes one player at most, and the next state holds the others' very same
# Player objects: their views are found by identity, without hashing a Player. Four players
# of each of some hundreds of games in play, asked again by their game's next command.
@per_state(size=2048)
def _public(p: Player, board: BoardSide, scored_by: tuple[int | None, ...]) -> PlayerView:
    return _shown(replace(p, coins=0, blocks=(), items=()), board, scored_by)


@per_state(size=2048)
def _own(p: Player, board: BoardSide, scored_by: tuple[int | None, ...]) -> PlayerView:
    """The player's view with what lies behind their screen."""
    return replace(_public(p, board, scored_by), coins=p.coins,
                   blocks=dict(zip(COLOURS, p.blocks, strict=True)),
                   objects=dict(zip(ITEMS, p.items, strict=True)))


def _players(state: State) -> list[PlayerView]:
    """The table's players: screens closed, lifted for everyone once the game is over."""
    player = _own if state.phase == "over" else _public
    return [player(p, state.board, state.city_scored_by) for p in state.players]


@per_state(size=64, scaled=False)  # asked during the state's fan-out only: the states being shown
def _spectators(state: State) -> View:
    """The view of the spectators: every screen closed (until the end)."""
    c = state.cards
    return View(
        seats=state.seats, expansion=state.expansion, board=state.board, phase=state.phase,
        turn=state.turn, round=state.round, wheel=_wheel(state.wheel),
        bag_size=sum(state.bag), display=list(state.display), pile_size=len(state.pile),
        eight_buildings=list(state.eights), objects_for_sale=list(state.for_sale),
        object_supply=dict(zip(ITEMS, state.supply, strict=True)),
        upgrade_tiles=list(upgrade_choices(state)),
        cards=CardsView(c.brown, c.purple, c.grey, c.green),
        pending=state.pending, end=state.end, announcer=state.announcer,
        finished=state.phase == "over", players=_players(state),
    )


def view(state: State, viewer: int | None) -> View:
    table = _spectators(state)
    if viewer is None or state.phase == "over" or not 0 <= viewer < state.seats:
        return table
    players = list(table.players)
    players[viewer] = _own(state.players[viewer], state.board, state.city_scored_by)
    return replace(table, players=players)
