"""One line of game log per event, in words."""

from __future__ import annotations

from .components import PEDESTRIANS, SERVICE_NAMES
from .events import (
    ActionsEnded,
    ActionTaken,
    BenefitsChosen,
    Built,
    CerdaScored,
    CitizensDrawn,
    CitizensPlaced,
    CitizenUncovered,
    CobblestonePlaced,
    Event,
    GameStarted,
    HexPlaced,
    IntersectionBuilt,
    JoyGiven,
    PassengerPlaced,
    ProjectImproved,
    ProjectsRefreshed,
    ProjectsReshuffled,
    ProjectsRevealed,
    ProjectTaken,
    SagradaStepped,
    SagradaTileChosen,
    ServiceBuilt,
    SetupDrawn,
    Skipped,
    StartingJoyChosen,
    Stored,
    StreetBuilt,
    TramMoved,
    TurnEnded,
    Walked,
)
from .geometry import WIDE, building_name, crossing_name, space_name

ACTION_WORDS = {
    "cloth_vp": "gains a Cloth and 3 VP", "coins": "gains 2 Coins", "cerda": "advances 2 on the Cerdà track",
    "coin_cloth": "gains a Coin and a Cloth", "walk_barcelona": "walks the Barcelona Pedestrian",
    "walk_gracia": "walks the Gràcia Pedestrian",
}
LEVEL_WORDS = {0: "a Corner Building", 1: "a Level 1 Building", 2: "a Level 2 Building",
               3: "a Level 3 Building"}


def _words(names: tuple[str, ...]) -> str:
    return ", ".join(n.replace("_", " ") for n in names) if names else "nothing"


def describe(event: Event) -> str:
    match event:
        case GameStarted(seats, expansion):
            extra = " with Passeig de Gràcia" if expansion else ""
            return f"A game of Barcelona for {seats} players starts{extra}."
        case SetupDrawn(layout, tiles):
            return f"Setup: street actions {_words(layout)}; Cerdà Scoring tiles {_words(tiles)}."
        case ProjectsRevealed(_, projects):
            return f"Modernisme tiles revealed: {_words(projects)}."
        case ProjectsRefreshed(projects):
            return f"The Modernisme display is discarded; tiles revealed: {_words(projects)}."
        case ProjectsReshuffled(projects):
            return f"The {len(projects)} discarded Modernisme tiles are shuffled into a new stack."
        case CitizensDrawn(seat, count, citizens):
            what = _words(citizens) if citizens else f"{count} hidden"
            return f"Seat {seat} draws Citizens from the bag: {what}."
        case CitizensPlaced(seat, x, top, _, paid):
            cost = f" paying {paid} Coin" if paid else ""
            return f"Seat {seat} places Citizens on {crossing_name(x)}{cost}, {top} on top."
        case CitizenUncovered(x, citizen):
            return f"A {citizen} Citizen is uncovered on {crossing_name(x)}."
        case BenefitsChosen(seat, benefits):
            return f"Seat {seat} takes Intersection benefits: {_words(benefits)}."
        case ActionTaken(seat, action):
            return f"Seat {seat} {ACTION_WORDS.get(action, action)}."
        case CobblestonePlaced(seat, spot):
            return f"Seat {seat} places a Cobblestone on Sidewalk space {spot}."
        case StreetBuilt(seat, space):
            kind = "Wide" if WIDE[space] else "Narrow"
            return f"Seat {seat} builds a {kind} Street on {space_name(space)}."
        case IntersectionBuilt(seat, x):
            return f"Seat {seat} builds an Intersection on {crossing_name(x)}."
        case ProjectTaken(seat, project, slot):
            return f"Seat {seat} takes the Modernisme tile {project.replace('_', ' ')} to space {slot + 1}."
        case ProjectImproved(seat, slot):
            return f"Seat {seat} improves Modernisme space {slot + 1}."
        case ServiceBuilt(seat, service):
            return f"Seat {seat} builds {SERVICE_NAMES[service]}."
        case TramMoved(seat, space):
            return f"Seat {seat} moves the Tram to {space_name(space)}."
        case PassengerPlaced(seat, space):
            return f"Seat {seat} drops a Passenger on {space_name(space)}."
    return _describe_step(event)


def _describe_step(event: Event) -> str:
    match event:
        case Skipped(seat, what):
            return f"Seat {seat} skips ({what.replace('_', ' ')})."
        case ActionsEnded(seat):
            return f"Seat {seat} ends the street actions."
        case SagradaStepped(seat):
            return f"Seat {seat} steps on the Sagrada Família track."
        case SagradaTileChosen(seat, tile):
            return f"Seat {seat} takes the Sagrada Família tile {tile}."
        case Stored(seat, coins, cloths):
            return f"Seat {seat} keeps {coins} Coins and {cloths} Cloths in the Warehouse."
        case Built(seat, site, level, crossings):
            used = ", ".join(crossing_name(x) for x in crossings)
            return f"Seat {seat} constructs {LEVEL_WORDS[level]} on {building_name(site)} with {used}."
        case TurnEnded(seat):
            return f"Seat {seat} ends the turn."
        case CerdaScored(section, tile, vp):
            scores = ", ".join(f"seat {s} {v} VP" for s, v in enumerate(vp))
            return f"Cerdà Scoring {section + 1} ({tile.replace('_', ' ')}): {scores}."
        case Walked(seat, p):
            return f"Seat {seat} walks the {PEDESTRIANS[p].title()} Pedestrian one step."
        case JoyGiven(seat, p):
            return f"Seat {seat} gives Joy to the {PEDESTRIANS[p].title()} Pedestrian."
        case HexPlaced(seat, spot, violet):
            return f"Seat {seat} places a hexagonal Cobblestone on space {spot + 1} (violet {violet + 1})."
        case StartingJoyChosen(seat, p):
            return f"Seat {seat} starts the {PEDESTRIANS[p].title()} Pedestrian at Joy 2."
    return type(event).__name__
