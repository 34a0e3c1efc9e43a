"""What happened, in the past tense.

No event carries what lies behind a screen (a player's coin, block or object total):
every change to those passes through a public place (the wheel, the bank, the bag,
the object supply), as at the table, so events only say what moved. The totals live
in the state and are shown to their owner alone by the view.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .cards import Brown, Green, Grey, Purple
from .components import BoardSide, Category, City, Colour, Item, Kind, Space, Tile


# gc=False: frozen, holding only immutable values, so no cycle can pass through an event;
# the collector need not walk the many events that histories keep.
class GameStarted(msgspec.Struct, tag="GameStarted", tag_field="type", frozen=True, gc=False):
    """Setup: wheel, bag, coins, starting blocks and objects for sale (all fixed)."""

    seats: int
    expansion: bool
    board: BoardSide


class CardsDrawn(msgspec.Struct, tag="CardsDrawn", tag_field="type", frozen=True, gc=False):
    """Expansion setup: the objective cards of this game, face up."""

    brown: Brown
    purple: Purple
    grey: Grey
    green: Green


class BuildingRevealed(msgspec.Struct, tag="BuildingRevealed", tag_field="type", frozen=True, gc=False):
    """A tile drawn from the face-down pile onto an empty display slot."""

    slot: int
    tile: Tile


class WheelTurned(msgspec.Struct, tag="WheelTurned", tag_field="type", frozen=True, gc=False):
    seat: int


class WheelKept(msgspec.Struct, tag="WheelKept", tag_field="type", frozen=True, gc=False):
    seat: int


class BlocksDrawn(msgspec.Struct, tag="BlocksDrawn", tag_field="type", frozen=True, gc=False):
    """Blocks drawn from the bag onto section I, in the order drawn."""

    blocks: tuple[Colour, ...]


class BlocksBought(msgspec.Struct, tag="BlocksBought", tag_field="type", frozen=True, gc=False):
    seat: int
    section: int
    blocks: tuple[Colour, ...]
    price: int


class CoinsTaken(msgspec.Struct, tag="CoinsTaken", tag_field="type", frozen=True, gc=False):
    seat: int
    coins: int


class BuildingChosen(msgspec.Struct, tag="BuildingChosen", tag_field="type", frozen=True, gc=False):
    """The first step of building: which tile goes where; `due` blocks are to be paid."""

    seat: int
    tile: Tile
    city: City
    replaces: Tile | None
    due: int


class BuildingBuilt(msgspec.Struct, tag="BuildingBuilt", tag_field="type", frozen=True, gc=False):
    seat: int
    tile: Tile
    city: City
    replaces: Tile | None
    blocks: tuple[Colour, ...]


class UpgradeTaken(msgspec.Struct, tag="UpgradeTaken", tag_field="type", frozen=True, gc=False):
    seat: int
    space: Space


class UpgradeSkipped(msgspec.Struct, tag="UpgradeSkipped", tag_field="type", frozen=True, gc=False):
    seat: int


class CityScored(msgspec.Struct, tag="CityScored", tag_field="type", frozen=True, gc=False):
    seat: int
    city: City
    vp: int
    coins: int
    items: tuple[Item, ...]


class TypeScored(msgspec.Struct, tag="TypeScored", tag_field="type", frozen=True, gc=False):
    seat: int
    kind: Kind
    vp: int
    coins: int
    items: tuple[Item, ...]


class CategoryScored(msgspec.Struct, tag="CategoryScored", tag_field="type", frozen=True, gc=False):
    seat: int
    category: Category
    vp: int
    coins: int


class ObjectBought(msgspec.Struct, tag="ObjectBought", tag_field="type", frozen=True, gc=False):
    seat: int
    item: Item
    price: int


class EndAnnounced(msgspec.Struct, tag="EndAnnounced", tag_field="type", frozen=True, gc=False):
    seat: int
    vp: int


class TurnEnded(msgspec.Struct, tag="TurnEnded", tag_field="type", frozen=True, gc=False):
    """The seat's turn is over; `passed` when it skipped its turn in the last round."""

    seat: int
    passed: bool = False


EndReason = Literal["announced", "last_building"]


class GameEnded(msgspec.Struct, tag="GameEnded", tag_field="type", frozen=True, gc=False):
    """The last round is complete; the final scoring follows (see `outcome`)."""

    reason: EndReason


class BonusChosen(msgspec.Struct, tag="BonusChosen", tag_field="type", frozen=True, gc=False):
    """Final scoring with green card II or VI: what this player has scored again."""

    seat: int
    choice: tuple[City | Kind, ...]


Event = (
    GameStarted | CardsDrawn | BuildingRevealed | WheelTurned | WheelKept | BlocksDrawn
    | BlocksBought | CoinsTaken | BuildingChosen | BuildingBuilt | UpgradeTaken | UpgradeSkipped
    | CityScored | TypeScored | CategoryScored | ObjectBought | EndAnnounced | TurnEnded
    | GameEnded | BonusChosen
)

# Bag draws, pile reveals and card draws show what was hidden or random: undo never goes back
# across them.
REVEALING = (BlocksDrawn, BuildingRevealed, CardsDrawn)
