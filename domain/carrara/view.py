"""What each audience sees: the whole table, and behind a screen only the owner's own.

A player's coins, blocks and objects lie behind their screen (seed), so another seat
or a spectator gets `None` at the same path; the physical game shows no count of
them either. At the end the screens are lifted for the final scoring, and the view
shows everything. The bag and the face-down pile are shown as sizes only.
"""

from __future__ import annotations

import msgspec

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
from .state import Pending, Phase, Player, State, upgrade_choices


class SectionView(msgspec.Struct, frozen=True):
    number: str
    blocks: dict[Colour, int]
    prices: dict[Colour, int]


class CityView(msgspec.Struct, frozen=True):
    city: City
    name: str
    buildings: list[Tile]
    value: Value
    upgraded: bool
    accepts: list[Colour]
    needed_to_score: int
    scored_by: int | None


class PlayerView(msgspec.Struct, frozen=True):
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


class CardsView(msgspec.Struct, frozen=True):
    brown: Brown
    purple: Purple
    grey: Grey
    green: Green | None


class View(msgspec.Struct, frozen=True):
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


def _section(state: State, i: int) -> SectionView:
    return SectionView(
        ROMAN[i],
        dict(zip(COLOURS, state.wheel[i], strict=True)),
        {colour: price(colour, i) for colour in COLOURS},
    )


def _city(state: State, player: Player, i: int) -> CityView:
    city = CITIES[i]
    return CityView(
        city, CITY_NAMES[city], list(player.cities[i]), player.value(city),
        city in player.upgrades, [c for c in COLOURS if c in ACCEPTS[city]],
        CITY_SCORING_MINIMUM[city], state.city_scored_by[i],
    )


def _player(state: State, seat: int, sees: bool) -> PlayerView:
    p = state.players[seat]
    categories = {c: p.value(c) for c in CATEGORIES} if state.board == "advanced" else {}
    return PlayerView(
        vp=p.vp,
        coins=p.coins if sees else None,
        blocks=dict(zip(COLOURS, p.blocks, strict=True)) if sees else None,
        objects=dict(zip(ITEMS, p.items, strict=True)) if sees else None,
        cities=[_city(state, p, i) for i in range(len(CITIES))],
        categories=categories,
        scored_types=list(p.scored_kinds),
        scored_categories=list(p.scored_categories),
        scorings=p.scorings,
        markers_left=MAX_SCORINGS - p.scorings,
        buildings=len(p.tiles()),
        total_cost=sum(t.cost for t in p.tiles()),
        announced=p.announced,
        bonus=list(p.bonus),
    )


def view(state: State, viewer: int | None) -> View:
    over = state.phase == "over"
    c = state.cards
    return View(
        seats=state.seats, expansion=state.expansion, board=state.board, phase=state.phase,
        turn=state.turn, round=state.round,
        wheel=[_section(state, i) for i in range(len(state.wheel))],
        bag_size=sum(state.bag), display=list(state.display), pile_size=len(state.pile),
        eight_buildings=list(state.eights), objects_for_sale=list(state.for_sale),
        object_supply=dict(zip(ITEMS, state.supply, strict=True)),
        upgrade_tiles=list(upgrade_choices(state)),
        cards=CardsView(c.brown, c.purple, c.grey, c.green),
        pending=state.pending, end=state.end, announcer=state.announcer, finished=over,
        players=[_player(state, s, over or s == viewer) for s in range(state.seats)],
    )
