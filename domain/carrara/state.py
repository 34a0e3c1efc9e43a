"""The state of a game (immutable), and `active`: whose move it is (evolve.py applies an
event to it)."""

from __future__ import annotations

from typing import Literal

import msgspec

from .cards import Brown, Green, Grey, Purple
from .components import (
    CATEGORY_VALUE,
    CITIES,
    CITY_VALUE,
    DISPLAY_SLOTS,
    ITEMS,
    ITEMS_PER_TYPE,
    UPGRADED_VALUE,
    BoardSide,
    Category,
    City,
    Item,
    Kind,
    Space,
    Tile,
    Value,
)
from .events import EndReason

Counts = tuple[int, ...]  # one count per colour (COLOURS) or per object type (ITEMS)
Phase = Literal["action", "buy", "pay", "upgrade", "purchase", "closing", "bonus", "over"]


def counts_of(names: tuple[str, ...] | list[str], order: tuple[str, ...]) -> Counts:
    return tuple(names.count(name) for name in order)


# gc=False: frozen, holding only immutable values, so no cycle can pass through a state;
# the collector need not walk the many states that histories and caches keep.
class Cards(msgspec.Struct, frozen=True, gc=False):
    """The objectives of this game; `green` only with the expansion."""

    brown: Brown
    purple: Purple
    grey: Grey
    green: Green | None = None


class Pending(msgspec.Struct, frozen=True, gc=False):
    """A building chosen but not yet paid for."""

    tile: Tile
    city: City
    replaces: Tile | None
    due: int


class Player(msgspec.Struct, frozen=True, gc=False):
    coins: int
    blocks: Counts
    items: Counts
    vp: int = 0
    cities: tuple[tuple[Tile, ...], ...] = ((),) * len(CITIES)
    upgrades: tuple[Space, ...] = ()
    scored_kinds: tuple[Kind, ...] = ()
    scored_categories: tuple[Category, ...] = ()
    scorings: int = 0
    announced: bool = False
    bonus: tuple[City | Kind, ...] = ()  # green II/VI: the cities or types chosen

    def value(self, space: Space) -> Value:
        """What one unit of building cost scores on this space of the player's board."""
        if space in self.upgrades:
            return UPGRADED_VALUE[space]
        if space in CITY_VALUE:
            return CITY_VALUE[space]
        return CATEGORY_VALUE[space]  # type: ignore[index]

    def city_values(self) -> list[Value]:
        return [self.value(city) for city in CITIES]

    def tiles(self) -> list[Tile]:
        return [tile for city in self.cities for tile in city]


class State(msgspec.Struct, frozen=True, gc=False):
    seats: int
    expansion: bool
    board: BoardSide
    cards: Cards
    players: tuple[Player, ...]
    wheel: tuple[Counts, ...]  # sections I-VI, blocks per colour
    bag: Counts
    pile: tuple[Tile, ...]  # the face-down tiles, sorted: a set, never an order
    display: tuple[Tile | None, ...] = (None,) * DISPLAY_SLOTS
    eights: tuple[Tile, ...] = ()
    for_sale: tuple[Item, ...] = ITEMS
    supply: Counts = (ITEMS_PER_TYPE - 1,) * len(ITEMS)
    city_scored_by: tuple[int | None, ...] = (None,) * len(CITIES)
    upgrade_tiles: tuple[Space, ...] = ()
    turn: int = 0
    round: int = 1
    phase: Phase = "action"
    pending: Pending | None = None
    end: EndReason | None = None
    announcer: int | None = None


def active(state: State) -> list[int]:
    """The seat to move; in the bonus choice every seat that has not chosen yet."""
    if state.phase == "bonus":
        return [seat for seat, p in enumerate(state.players) if not p.bonus]
    return [] if state.phase == "over" else [state.turn]


def upgrade_choices(state: State) -> tuple[Space, ...]:
    """Upgrade tiles still to be had; category tiles only on the advanced side."""
    spaces = state.upgrade_tiles
    if state.board == "basic":
        spaces = tuple(s for s in spaces if s in CITIES)
    return spaces
