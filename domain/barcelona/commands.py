"""What a player may send: one small command per step of a turn.

Numbers name board places: `crossing` 0-24 (row by row), `space` a street space 0-43
(row spaces, column spaces, the Diagonal), `site` a building space 0-19, `slot` a
Project space 0-4, `spot` a Sidewalk space 0-24, `pedestrian` 0 (Barcelona) or 1 (Gràcia).
"""

from __future__ import annotations

import msgspec

from .components import Action, Benefit, Cls, Condition, Service, Violet


# gc=False: frozen, holding only immutable values, so no cycle can pass through a command;
# the collector need not walk the legal lists kept per state.
class PlaceCitizens(msgspec.Struct, tag="PlaceCitizens", tag_field="type", frozen=True, gc=False):
    """Stack both Citizens on an empty crossing, `top` (the visible one) above."""

    crossing: int
    top: Cls


class ChooseBenefits(msgspec.Struct, tag="ChooseBenefits", tag_field="type", frozen=True, gc=False):
    """The owner of an Intersection takes these different benefits (in unlock order)."""

    benefits: tuple[Benefit, ...]


class TakeAction(msgspec.Struct, tag="TakeAction", tag_field="type", frozen=True, gc=False):
    """A plain action: cloth_vp, coins, cerda, coin_cloth, walk_barcelona, walk_gracia."""

    action: Action


class PlaceCobblestone(msgspec.Struct, tag="PlaceCobblestone", tag_field="type", frozen=True, gc=False):
    spot: int


class BuildStreet(msgspec.Struct, tag="BuildStreet", tag_field="type", frozen=True, gc=False):
    """One Wide tile (Build Wide Street) or one Narrow tile (Build Narrow Streets)."""

    space: int


class BuildIntersection(msgspec.Struct, tag="BuildIntersection", tag_field="type", frozen=True, gc=False):
    crossing: int


class TakeProject(msgspec.Struct, tag="TakeProject", tag_field="type", frozen=True, gc=False):
    project: Condition
    slot: int


class ImproveProject(msgspec.Struct, tag="ImproveProject", tag_field="type", frozen=True, gc=False):
    slot: int


class BuildService(msgspec.Struct, tag="BuildService", tag_field="type", frozen=True, gc=False):
    service: Service


class MoveTram(msgspec.Struct, tag="MoveTram", tag_field="type", frozen=True, gc=False):
    space: int


class PlacePassenger(msgspec.Struct, tag="PlacePassenger", tag_field="type", frozen=True, gc=False):
    """Drop the leftmost Passenger on the Tram's space."""


class Skip(msgspec.Struct, tag="Skip", tag_field="type", frozen=True, gc=False):
    """Decline what is optional now: the rest of an action, a step, a Passenger."""


class EndActions(msgspec.Struct, tag="EndActions", tag_field="type", frozen=True, gc=False):
    """Take no more street actions this turn."""


class StepSagrada(msgspec.Struct, tag="StepSagrada", tag_field="type", frozen=True, gc=False):
    """Take one granted step on the Sagrada Família track."""


class ChooseSagradaTile(msgspec.Struct, tag="ChooseSagradaTile", tag_field="type", frozen=True, gc=False):
    tile: str


class Store(msgspec.Struct, tag="Store", tag_field="type", frozen=True, gc=False):
    """What the Warehouse holds after a gain: this many Coins and Cloths."""

    coins: int
    cloths: int


class Build(msgspec.Struct, tag="Build", tag_field="type", frozen=True, gc=False):
    """Construct a `level` (0 Corner, 1-3) Building on `site` with the visible Citizens
    of these crossings (in increasing order)."""

    site: int
    level: int
    crossings: tuple[int, ...]


class RevealProjects(msgspec.Struct, tag="RevealProjects", tag_field="type", frozen=True, gc=False):
    """Turn the face-down placeholders of the Modernisme display face up."""


class EndTurn(msgspec.Struct, tag="EndTurn", tag_field="type", frozen=True, gc=False):
    pass


class Walk(msgspec.Struct, tag="Walk", tag_field="type", frozen=True, gc=False):
    """Expansion: one step with this Pedestrian."""

    pedestrian: int


class GiveJoy(msgspec.Struct, tag="GiveJoy", tag_field="type", frozen=True, gc=False):
    """Expansion: the next Joy gain goes to this Pedestrian."""

    pedestrian: int


class PlaceHex(msgspec.Struct, tag="PlaceHex", tag_field="type", frozen=True, gc=False):
    """Expansion: a grey hexagonal Cobblestone on reward space `spot`, scored with the
    violet Cobblestone on violet space `violet` next to it."""

    spot: int
    violet: int


class ChooseStartingJoy(msgspec.Struct, tag="ChooseStartingJoy", tag_field="type", frozen=True, gc=False):
    """Expansion, third player with 3-4 players: this Pedestrian starts at Joy 2."""

    pedestrian: int


Command = (
    PlaceCitizens | ChooseBenefits | TakeAction | PlaceCobblestone | BuildStreet
    | BuildIntersection | TakeProject | ImproveProject | BuildService | MoveTram
    | PlacePassenger | Skip | EndActions | StepSagrada | ChooseSagradaTile | Store | Build
    | RevealProjects | EndTurn | Walk | GiveJoy | PlaceHex | ChooseStartingJoy
)

__all__ = ["Command", "Violet"]
