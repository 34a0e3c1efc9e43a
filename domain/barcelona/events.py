"""What happened, in the past tense.

A player's events name their choice; `evolve` works out its consequences (gains, track
moves, scorings), which need no choice and no chance. Random outcomes (the setup, a
Modernisme tile revealed, Citizens drawn from the bag) are events of their own, drawn
when revealed. Secrets: the Citizens a player draws, and the lower Citizen of a stack,
are emptied by `redact` for the other audiences.
"""

from __future__ import annotations

import msgspec

from .components import Action, Amenity, Benefit, Bonus, Cls, Condition, Service, Violet
from .options import BenefitTiming, Layout


# gc=False: frozen, holding only immutable values, so no cycle can pass through an event;
# the collector need not walk the many events that histories keep.
class GameStarted(msgspec.Struct, tag="GameStarted", tag_field="type", frozen=True, gc=False):
    seats: int
    expansion: bool = False
    promo_bonus: bool = False
    layout: Layout = "random"
    intersection_benefits: BenefitTiming = "immediately"
    confirm_end_of_turn: bool = True
    reveal_projects_at_once: bool = False


class SetupDrawn(msgspec.Struct, tag="SetupDrawn", tag_field="type", frozen=True, gc=False):
    """The random parts of the setup, all face up: Action tiles (rows, columns, the
    Diagonal), the three Cerdà Scoring tiles, the five Public Service stacks and, with
    the expansion, the Amenities (Barcelona path steps 1-3, then Gràcia path steps 1-3),
    the violet Cobblestones and the Building Bonus tiles (block rows 1-4)."""

    layout: tuple[Action, ...]
    cerda_tiles: tuple[Condition, ...]
    services: tuple[Service, ...]
    amenities: tuple[Amenity, ...] = ()
    violets: tuple[Violet, ...] = ()
    bonuses: tuple[Bonus, ...] = ()


class ProjectsRevealed(msgspec.Struct, tag="ProjectsRevealed", tag_field="type", frozen=True, gc=False):
    """Modernisme tiles drawn onto these display slots."""

    slots: tuple[int, ...]
    projects: tuple[Condition, ...]


class ProjectsRefreshed(msgspec.Struct, tag="ProjectsRefreshed", tag_field="type", frozen=True, gc=False):
    """After a Cerdà Scoring: the display discarded and these tiles revealed from the
    stack (fewer than four when it runs out: the rest follow its reshuffle)."""

    projects: tuple[Condition, ...]


class ProjectsReshuffled(msgspec.Struct, tag="ProjectsReshuffled", tag_field="type",
                         frozen=True, gc=False):
    """The Modernisme stack ran out: these discarded tiles became the new stack."""

    projects: tuple[Condition, ...]


class CitizensDrawn(msgspec.Struct, tag="CitizensDrawn", tag_field="type", frozen=True, gc=False):
    """Citizens drawn from the bag into a player's hand (`citizens` secret to the others)."""

    seat: int
    count: int
    citizens: tuple[Cls, ...] = ()


class CitizensPlaced(msgspec.Struct, tag="CitizensPlaced", tag_field="type", frozen=True, gc=False):
    """The stack on a crossing; `bottom` (hidden under `top`) secret to the others."""

    seat: int
    crossing: int
    top: Cls
    bottom: Cls | None = None
    paid: int = 0
    height: int = 1


class CitizenUncovered(msgspec.Struct, tag="CitizenUncovered", tag_field="type", frozen=True, gc=False):
    """The lower Citizen of a stack becomes visible once the upper one is used."""

    crossing: int
    citizen: Cls


class BenefitsChosen(msgspec.Struct, tag="BenefitsChosen", tag_field="type", frozen=True, gc=False):
    seat: int
    benefits: tuple[Benefit, ...]


class ActionTaken(msgspec.Struct, tag="ActionTaken", tag_field="type", frozen=True, gc=False):
    seat: int
    action: Action


class CobblestonePlaced(msgspec.Struct, tag="CobblestonePlaced", tag_field="type", frozen=True, gc=False):
    seat: int
    spot: int


class StreetBuilt(msgspec.Struct, tag="StreetBuilt", tag_field="type", frozen=True, gc=False):
    seat: int
    space: int


class IntersectionBuilt(msgspec.Struct, tag="IntersectionBuilt", tag_field="type", frozen=True, gc=False):
    seat: int
    crossing: int


class ProjectTaken(msgspec.Struct, tag="ProjectTaken", tag_field="type", frozen=True, gc=False):
    seat: int
    project: Condition
    slot: int


class ProjectImproved(msgspec.Struct, tag="ProjectImproved", tag_field="type", frozen=True, gc=False):
    seat: int
    slot: int


class ServiceBuilt(msgspec.Struct, tag="ServiceBuilt", tag_field="type", frozen=True, gc=False):
    seat: int
    service: Service


class TramMoved(msgspec.Struct, tag="TramMoved", tag_field="type", frozen=True, gc=False):
    seat: int
    space: int


class PassengerPlaced(msgspec.Struct, tag="PassengerPlaced", tag_field="type", frozen=True, gc=False):
    seat: int
    space: int


class Skipped(msgspec.Struct, tag="Skipped", tag_field="type", frozen=True, gc=False):
    seat: int
    what: str


class ActionsEnded(msgspec.Struct, tag="ActionsEnded", tag_field="type", frozen=True, gc=False):
    seat: int


class SagradaStepped(msgspec.Struct, tag="SagradaStepped", tag_field="type", frozen=True, gc=False):
    seat: int


class SagradaTileChosen(msgspec.Struct, tag="SagradaTileChosen", tag_field="type", frozen=True, gc=False):
    seat: int
    tile: str


class Stored(msgspec.Struct, tag="Stored", tag_field="type", frozen=True, gc=False):
    seat: int
    coins: int
    cloths: int


class Built(msgspec.Struct, tag="Built", tag_field="type", frozen=True, gc=False):
    seat: int
    site: int
    level: int
    crossings: tuple[int, ...]


class CerdaScored(msgspec.Struct, tag="CerdaScored", tag_field="type", frozen=True, gc=False):
    """A Cerdà Scoring: the section's tile and what each seat scored with it."""

    section: int
    tile: Condition
    vp: tuple[int, ...]


class TurnEnded(msgspec.Struct, tag="TurnEnded", tag_field="type", frozen=True, gc=False):
    seat: int


class Walked(msgspec.Struct, tag="Walked", tag_field="type", frozen=True, gc=False):
    seat: int
    pedestrian: int


class JoyGiven(msgspec.Struct, tag="JoyGiven", tag_field="type", frozen=True, gc=False):
    seat: int
    pedestrian: int


class HexPlaced(msgspec.Struct, tag="HexPlaced", tag_field="type", frozen=True, gc=False):
    seat: int
    spot: int
    violet: int


class StartingJoyChosen(msgspec.Struct, tag="StartingJoyChosen", tag_field="type", frozen=True, gc=False):
    seat: int
    pedestrian: int


Event = (
    GameStarted | SetupDrawn | ProjectsRevealed | ProjectsRefreshed | ProjectsReshuffled
    | CitizensDrawn | CitizensPlaced | CitizenUncovered | BenefitsChosen | ActionTaken
    | CobblestonePlaced | StreetBuilt | IntersectionBuilt | ProjectTaken | ProjectImproved
    | ServiceBuilt | TramMoved | PassengerPlaced | Skipped | ActionsEnded | SagradaStepped
    | SagradaTileChosen | Stored | Built | CerdaScored | TurnEnded | Walked | JoyGiven | HexPlaced
    | StartingJoyChosen
)

# Draws from the bag and the Modernisme stack, its reshuffle, the setup, and a hidden Citizen
# uncovered: each shows what was hidden or random, so undo never goes back across it.
REVEALING = (CitizensDrawn, ProjectsRevealed, ProjectsRefreshed, ProjectsReshuffled, SetupDrawn,
             CitizenUncovered)
