"""What an architect can send: one small command per step of a turn."""

from __future__ import annotations

import msgspec

from .components import Colour


# gc=False: frozen, holding only values, so no cycle can pass through a command; the
# collector need not walk the legal lists kept for the next command.
class ChooseColour(msgspec.Struct, tag="ChooseColour", tag_field="type", frozen=True, gc=False):
    """Setup, each architect in seat order: take the components of `colour`, one still free
    (red or blue with two architects)."""

    colour: Colour


class MakeOffer(msgspec.Struct, tag="MakeOffer", tag_field="type", frozen=True, gc=False):
    """Offers: pay for the empty offer space `space` (0 = leftmost, most expensive) and put
    the construction card (`height`, `roofed` for a two-architect roofed building) face down
    on it. A space past the board's last one is the place right of the 0 space, for an
    architect who can pay for no remaining space."""

    space: int
    height: int
    roofed: bool = False


class PlaceBuilding(msgspec.Struct, tag="PlaceBuilding", tag_field="type", frozen=True, gc=False):
    """Construction: put the revealed building (or, with 3 architects at round end, the
    neutral one) with the top-left corner of its footprint's bounding box at space
    (`row`, `col`), the footprint turned `rotation` quarter turns clockwise after an
    optional `mirror` (left-right)."""

    row: int
    col: int
    rotation: int = 0
    mirror: bool = False


class TakeContract(msgspec.Struct, tag="TakeContract", tag_field="type", frozen=True, gc=False):
    """Optional step C: take the face-up contract card `contract` whose requirement is met."""

    contract: int


class DeclineContract(msgspec.Struct, tag="DeclineContract", tag_field="type", frozen=True, gc=False):
    """Optional step C: take no contract card this turn."""


Command = ChooseColour | MakeOffer | PlaceBuilding | TakeContract | DeclineContract
