"""The commands of Villa: one small step of a turn each (see rules.py for when)."""

from __future__ import annotations

import msgspec

from .components import FeatureName


# gc=False: frozen, holding only values, so no cycle can pass through a command; the
# collector need not walk the legal lists kept for the next command.
class DrawHedge(msgspec.Struct, tag="DrawHedge", tag_field="type", frozen=True, gc=False):
    """Draw a Hedge at random from the bag (the first thing on your turn)."""


class PlaceHedge(msgspec.Struct, tag="PlaceHedge", tag_field="type", frozen=True, gc=False):
    """Lay the Hedge in hand with its first end on joint (x, y), turned `rotation`
    quarter turns anticlockwise after mirroring it across the vertical axis if `mirrored`."""

    x: int
    y: int
    rotation: int = 0
    mirrored: bool = False


class ResolveArea(msgspec.Struct, tag="ResolveArea", tag_field="type", frozen=True, gc=False):
    """Of the areas your Hedge closed, resolve this one next."""

    area: int


class ChooseTokenOrder(msgspec.Struct, tag="ChooseTokenOrder", tag_field="type", frozen=True, gc=False):
    """Of the tied colours whose order is yours to choose, this colour places next."""

    colour: int


class PlaceToken(msgspec.Struct, tag="PlaceToken", tag_field="type", frozen=True, gc=False):
    """Place the next token: a neutral one (no feature), a Feature face up, or a
    Feature flipped to its neutral side (`flipped`, when no neutral token is left)."""

    feature: FeatureName | None = None
    flipped: bool = False


class PlaceWell(msgspec.Struct, tag="PlaceWell", tag_field="type", frozen=True, gc=False):
    """Place the Well of `colour` in the area you closed where it has exactly one segment."""

    colour: int


class DeclineWell(msgspec.Struct, tag="DeclineWell", tag_field="type", frozen=True, gc=False):
    """Do not place a Well in this area."""


class SwapBirdBath(msgspec.Struct, tag="SwapBirdBath", tag_field="type", frozen=True, gc=False):
    """Switch the Bird Bath just placed with the top token of this adjacent area."""

    area: int


class KeepBirdBath(msgspec.Struct, tag="KeepBirdBath", tag_field="type", frozen=True, gc=False):
    """Leave the Bird Bath where it was placed."""


Command = (
    DrawHedge | PlaceHedge | ResolveArea | ChooseTokenOrder | PlaceToken | PlaceWell
    | DeclineWell | SwapBirdBath | KeepBirdBath
)
