"""What happened: past-tense facts. Every random draw is written into its event."""

from __future__ import annotations

import msgspec

from .layouts import TileSpot
from .state import Card, Cell


# gc=False: frozen, holding only values and lists or tuples of them, so no cycle can pass
# through an event; the collector need not walk the histories that hold them.
class GameStarted(msgspec.Struct, tag="GameStarted", tag_field="type", frozen=True, gc=False):
    """The town is built (a preset, a random draw, or a custom one) and the offer board
    set on the side for this number of architects."""

    seats: int
    layout: str
    town: tuple[TileSpot, ...]
    costs: tuple[int, ...]


class ColourChosen(msgspec.Struct, tag="ColourChosen", tag_field="type", frozen=True, gc=False):
    seat: int
    colour: str


class ObjectivesDrawn(msgspec.Struct, tag="ObjectivesDrawn", tag_field="type", frozen=True, gc=False):
    height: str
    grouping: str


class ZoningRevealed(msgspec.Struct, tag="ZoningRevealed", tag_field="type", frozen=True, gc=False):
    card: str


class ContractsDrawn(msgspec.Struct, tag="ContractsDrawn", tag_field="type", frozen=True, gc=False):
    cards: tuple[int, ...]


class StartingOrderDrawn(msgspec.Struct, tag="StartingOrderDrawn", tag_field="type",
                         frozen=True, gc=False):
    """The starting cards beneath the offer board, left to right, as seats."""

    order: tuple[int, ...]


class HandDrawn(msgspec.Struct, tag="HandDrawn", tag_field="type", frozen=True, gc=False):
    """`seat` drew `count` construction cards; `cards` is None for everyone else."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None


class OfferMade(msgspec.Struct, tag="OfferMade", tag_field="type", frozen=True, gc=False):
    """`seat` paid `cost` for offer space `space` and put a card face down on it; the card
    is None for everyone else until it is revealed."""

    seat: int
    space: int
    cost: int
    card: Card | None


class CardRevealed(msgspec.Struct, tag="CardRevealed", tag_field="type", frozen=True, gc=False):
    seat: int
    space: int
    card: Card


class BuildingPlaced(msgspec.Struct, tag="BuildingPlaced", tag_field="type", frozen=True, gc=False):
    """`seat` placed a building of `owner` (None: the neutral colour) on `cells` and earned
    `coins`; `forced` when no space respected the zoning card (no coins, no contract)."""

    seat: int
    owner: int | None
    colour: str
    height: int
    cells: tuple[Cell, ...]
    coins: int
    forced: bool = False


class BuildingNotBuilt(msgspec.Struct, tag="BuildingNotBuilt", tag_field="type", frozen=True, gc=False):
    """No free spaces in the town can take the building at all; it is set aside."""

    seat: int
    owner: int | None
    height: int


class ContractTaken(msgspec.Struct, tag="ContractTaken", tag_field="type", frozen=True, gc=False):
    """`seat` took a face-up contract card and put it face down; `contract` is None for
    everyone else (until `ContractsRevealed` at the end)."""

    seat: int
    contract: int | None


class ContractsRevealed(msgspec.Struct, tag="ContractsRevealed", tag_field="type",
                        frozen=True, gc=False):
    """The end of the game: `seat` turns its face-down contract cards up."""

    seat: int
    contracts: tuple[int, ...]


class ContractDeclined(msgspec.Struct, tag="ContractDeclined", tag_field="type", frozen=True, gc=False):
    seat: int


class RoundEnded(msgspec.Struct, tag="RoundEnded", tag_field="type", frozen=True, gc=False):
    """The cards moved beneath the board: `order` is the next round's offer order."""

    round: int
    order: tuple[int, ...]


class GameEnded(msgspec.Struct, tag="GameEnded", tag_field="type", frozen=True, gc=False):
    scores: tuple[int, ...]


Event = (
    GameStarted | ColourChosen | ObjectivesDrawn | ZoningRevealed | ContractsDrawn | StartingOrderDrawn
    | HandDrawn | OfferMade | CardRevealed | BuildingPlaced | BuildingNotBuilt
    | ContractTaken | ContractDeclined | ContractsRevealed | RoundEnded | GameEnded
)

# Events that reveal a draw or a face-down card: undo never goes back across them.
REVEALING = (GameStarted, ObjectivesDrawn, ZoningRevealed, ContractsDrawn, StartingOrderDrawn,
             HandDrawn, CardRevealed, ContractsRevealed)
