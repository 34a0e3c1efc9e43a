"""What a player may send: one small command per step of a turn."""

from __future__ import annotations

import msgspec

from .components import Category, City, Colour, Item, Kind, Space, Tile


# gc=False: frozen, holding only immutable values, so no cycle can pass through a command;
# the collector need not walk the legal lists kept per state.
class TurnWheel(msgspec.Struct, tag="TurnWheel", tag_field="type", frozen=True, gc=False):
    """Start the buy action: turn the wheel one section and refill section I."""


class KeepWheel(msgspec.Struct, tag="KeepWheel", tag_field="type", frozen=True, gc=False):
    """Expansion: start the buy action without turning (and without refilling) the wheel."""


class BuyBlocks(msgspec.Struct, tag="BuyBlocks", tag_field="type", frozen=True, gc=False):
    """Buy these blocks, all from one section (0 = section I), dearest colour first."""

    section: int
    blocks: tuple[Colour, ...]


class TakeCoins(msgspec.Struct, tag="TakeCoins", tag_field="type", frozen=True, gc=False):
    """Take 2 coins: only when no block can be bought (or no action at all is possible)."""


class Build(msgspec.Struct, tag="Build", tag_field="type", frozen=True, gc=False):
    """Build `tile` in `city`; with `replaces`, upgrade that building of yours there."""

    tile: Tile
    city: City
    replaces: Tile | None = None


class PayBlocks(msgspec.Struct, tag="PayBlocks", tag_field="type", frozen=True, gc=False):
    """Pay the chosen building with these blocks, dearest colour first."""

    blocks: tuple[Colour, ...]


class TakeUpgrade(msgspec.Struct, tag="TakeUpgrade", tag_field="type", frozen=True, gc=False):
    """Expansion: after a cost-8 building, cover this space of your board with its upgrade."""

    space: Space


class SkipUpgrade(msgspec.Struct, tag="SkipUpgrade", tag_field="type", frozen=True, gc=False):
    """Expansion: leave the upgrade tiles (seed: the player *may* take one)."""


class ScoreCity(msgspec.Struct, tag="ScoreCity", tag_field="type", frozen=True, gc=False):
    city: City


class ScoreType(msgspec.Struct, tag="ScoreType", tag_field="type", frozen=True, gc=False):
    kind: Kind


class ScoreCategory(msgspec.Struct, tag="ScoreCategory", tag_field="type", frozen=True, gc=False):
    """Advanced board side: score all your city (or land) buildings once."""

    category: Category


class BuyObject(msgspec.Struct, tag="BuyObject", tag_field="type", frozen=True, gc=False):
    """After the action: buy one object on the board for 10 coins."""

    item: Item


class EndTurn(msgspec.Struct, tag="EndTurn", tag_field="type", frozen=True, gc=False):
    """Finish the turn without (further) purchase and without announcing the end."""


class AnnounceEnd(msgspec.Struct, tag="AnnounceEnd", tag_field="type", frozen=True, gc=False):
    """Finish the turn announcing the end of the game (all three objectives met)."""


class PassTurn(msgspec.Struct, tag="PassTurn", tag_field="type", frozen=True, gc=False):
    """In the last round only: skip the last turn (research: no one has to act)."""


class ChooseBonusCities(msgspec.Struct, tag="ChooseBonusCities", tag_field="type",
                        frozen=True, gc=False):
    """Green card II at the final scoring: the two cities of yours scored again."""

    cities: tuple[City, City]


class ChooseBonusTypes(msgspec.Struct, tag="ChooseBonusTypes", tag_field="type",
                       frozen=True, gc=False):
    """Green card VI at the final scoring: the two building types of yours scored again."""

    kinds: tuple[Kind, Kind]


Command = (
    TurnWheel | KeepWheel | BuyBlocks | TakeCoins | Build | PayBlocks | TakeUpgrade
    | SkipUpgrade | ScoreCity | ScoreType | ScoreCategory | BuyObject | EndTurn | AnnounceEnd
    | PassTurn | ChooseBonusCities | ChooseBonusTypes
)
