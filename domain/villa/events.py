"""The events of Villa, in the past tense. Colours are indices into `components.COLOURS`."""

from __future__ import annotations

import msgspec

from .components import FeatureName


# gc=False: frozen, holding only values and lists or tuples of them, so no cycle can pass
# through an event; the collector need not walk the histories that hold them.
class GameStarted(msgspec.Struct, tag="GameStarted", tag_field="type", frozen=True, gc=False):
    seats: int
    expert: bool
    team: bool
    two_player_expert: bool
    open_circle: bool
    owners: list[int]  # the seat playing each colour, -1 for a colour not in play
    teams: list[int]  # the side of each colour: its team, or its owner without teams
    first: int


class FeaturesRevealed(msgspec.Struct, tag="FeaturesRevealed", tag_field="type", frozen=True, gc=False):
    features: list[FeatureName]


class CircleLaid(msgspec.Struct, tag="CircleLaid", tag_field="type", frozen=True, gc=False):
    order: list[int]  # the Hedges of the open circle, in the order they are taken


class HedgeDrawn(msgspec.Struct, tag="HedgeDrawn", tag_field="type", frozen=True, gc=False):
    seat: int
    hedge: int


class HedgePlaced(msgspec.Struct, tag="HedgePlaced", tag_field="type", frozen=True, gc=False):
    seat: int | None  # None for the Starting Hedge
    hedge: int
    x: int
    y: int
    rotation: int
    mirrored: bool


class AreaClosed(msgspec.Struct, tag="AreaClosed", tag_field="type", frozen=True, gc=False):
    area: int
    cells: list[tuple[int, int]]


class AreaCounted(msgspec.Struct, tag="AreaCounted", tag_field="type", frozen=True, gc=False):
    area: int
    segments: list[int]  # per colour, every segment around or inside the area
    bonus: list[int]  # per colour, from Fountains in adjacent areas
    winners: list[int]  # the colours in play with the most (segments + bonus), if any
    order: list[list[int]]  # winners in placing order; a group of several is still to order


class TokenOrderChosen(msgspec.Struct, tag="TokenOrderChosen", tag_field="type", frozen=True, gc=False):
    seat: int
    colour: int


class TokenPlaced(msgspec.Struct, tag="TokenPlaced", tag_field="type", frozen=True, gc=False):
    area: int
    colour: int
    feature: FeatureName | None  # the Feature face up, or None for a neutral token
    flipped: FeatureName | None = None  # the Feature spent as a neutral token, if any


class TokenSkipped(msgspec.Struct, tag="TokenSkipped", tag_field="type", frozen=True, gc=False):
    area: int
    colour: int  # it had no token left to place


class FeatureFlipped(msgspec.Struct, tag="FeatureFlipped", tag_field="type", frozen=True, gc=False):
    colour: int  # the teammate's (or the other own) colour
    feature: FeatureName


class WellDeclined(msgspec.Struct, tag="WellDeclined", tag_field="type", frozen=True, gc=False):
    area: int


class BirdBathSwapped(msgspec.Struct, tag="BirdBathSwapped", tag_field="type", frozen=True, gc=False):
    area: int  # where the Bird Bath was placed
    other: int  # the adjacent area whose top token it switched with


class BirdBathKept(msgspec.Struct, tag="BirdBathKept", tag_field="type", frozen=True, gc=False):
    area: int


class AreaResolved(msgspec.Struct, tag="AreaResolved", tag_field="type", frozen=True, gc=False):
    area: int


class TurnEnded(msgspec.Struct, tag="TurnEnded", tag_field="type", frozen=True, gc=False):
    seat: int
    next: int
    extra: bool  # the Sundial's extra turn


class GameEnded(msgspec.Struct, tag="GameEnded", tag_field="type", frozen=True, gc=False):
    reasons: list[str]  # "last_token" and/or "last_hedge"


Event = (
    GameStarted | FeaturesRevealed | CircleLaid | HedgeDrawn | HedgePlaced | AreaClosed
    | AreaCounted | TokenOrderChosen | TokenPlaced | TokenSkipped | FeatureFlipped
    | WellDeclined | BirdBathSwapped | BirdBathKept | AreaResolved | TurnEnded | GameEnded
)

# Events that reveal a draw (or the whole open circle): undo never goes back across them.
REVEALING = (HedgeDrawn, FeaturesRevealed, CircleLaid)
