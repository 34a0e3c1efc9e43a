"""`legal` (the one source of truth for what a seat may do) and `decide`."""

from __future__ import annotations

from random import Random

from domain.core import Illegal
from domain.core.game import listed_once

from .actions import (
    action_commands,
    benefit_choices,
    builds,
    crossing_cost,
    placements,
    store_choices,
    street_actions,
    task_actions,
)
from .commands import (
    Build,
    BuildIntersection,
    BuildService,
    BuildStreet,
    ChooseBenefits,
    ChooseSagradaTile,
    ChooseStartingJoy,
    Command,
    EndActions,
    EndTurn,
    GiveJoy,
    ImproveProject,
    MoveTram,
    PlaceCitizens,
    PlaceCobblestone,
    PlaceHex,
    PlacePassenger,
    RevealProjects,
    Skip,
    StepSagrada,
    Store,
    TakeAction,
    TakeProject,
    Walk,
)
from .components import HEX_SPACES
from .events import (
    ActionsEnded,
    ActionTaken,
    BenefitsChosen,
    Built,
    CitizensPlaced,
    CitizenUncovered,
    CobblestonePlaced,
    Event,
    HexPlaced,
    IntersectionBuilt,
    JoyGiven,
    PassengerPlaced,
    ProjectImproved,
    ProjectTaken,
    SagradaStepped,
    SagradaTileChosen,
    ServiceBuilt,
    Skipped,
    StartingJoyChosen,
    Stored,
    StreetBuilt,
    TramMoved,
    TurnEnded,
    Walked,
)
from .flow import advance, reveal_placeholders
from .pedestrians import hex_free
from .reasons import why_illegal
from .state import State, Task, active, tiles_remain, top

# -- legal ------------------------------------------------------------------------


def task_options(state: State, task: Task) -> list[Command]:
    match task.kind:
        case "benefits":
            return [ChooseBenefits(c) for c in benefit_choices(state, task.seat)]
        case "act":
            return [*task_actions(state, task), Skip()]
        case "narrow":
            return [*action_commands(state, task.seat, "narrow"), Skip()]
        case "passenger":
            return [PlacePassenger(), Skip()]
        case "store":
            return list(store_choices(state, task))
        case "sagrada":
            return [StepSagrada(), Skip()]
        case "sagrada_tile":
            return [ChooseSagradaTile(t) for t in state.sagrada_left if t[0] == str(task.n)]
        case "walk":
            return _walk_options(task)
        case "hex":
            return [PlaceHex(spot, v) for spot in hex_free(state) for v in HEX_SPACES[spot][1]]
    return [ChooseStartingJoy(0), ChooseStartingJoy(1)]  # starting_joy


def _walk_options(task: Task) -> list[Command]:
    """seed: steps one at a time, each optional; Joy due is given, to either die when
    the gain says so."""
    out: list[Command] = [Walk(p) for p in (0, 1) if task.steps[p]]
    out += [GiveJoy(p) for p in (0, 1) if task.joy[p] or task.chunks]
    if not any(task.joy) and not task.chunks:
        out.append(Skip())
    return out


def _reveal(state: State) -> list[Command]:
    """seed: the player chooses when to reveal the placeholders during the turn."""
    return [RevealProjects()] if any(state.face_down) and tiles_remain(state) else []


@listed_once
def legal(state: State, seat: int) -> list[Command]:
    if seat not in active(state):
        return []
    task = top(state)
    if task is not None:
        return task_options(state, task)
    match state.phase:
        case "place":
            return list(placements(state, seat))
        case "actions":
            return [*street_actions(state, seat), EndActions(), *_reveal(state)]
        case "build":
            return [*builds(state, seat), *_reveal(state)]  # seed: construction is mandatory
        case "confirm":
            return [EndTurn(), *_reveal(state)]
    return []


# -- decide -----------------------------------------------------------------------


def decide(state: State, seat: int, command: Command, rng: Random) -> list[Event]:
    if command not in legal(state, seat):
        raise Illegal(why_illegal(state, seat, command))
    return advance(state, _events_of(state, seat, command, rng), rng)


def _events_of(state: State, seat: int, command: Command, rng: Random) -> list[Event]:
    match command:
        case PlaceCitizens(x, top_cls):
            hand = list(state.players[seat].hand)
            hand.remove(top_cls)
            bottom = hand[0] if hand else None
            return [CitizensPlaced(seat, x, top_cls, bottom, crossing_cost(state, x),
                                   len(state.players[seat].hand))]
        case Build(site, level, crossings):
            uncovered: list[Event] = [CitizenUncovered(x, state.stacks[x][0]) for x in crossings
                                      if len(state.stacks[x]) > 1]
            return [Built(seat, site, level, crossings), *uncovered]
        case RevealProjects():
            return [reveal_placeholders(state, rng)]
        case Skip():
            task = top(state)
            return [Skipped(seat, task.kind if task else "")]
        case PlacePassenger():
            tram = state.players[seat].tram
            assert tram is not None
            return [PassengerPlaced(seat, tram)]
    return [_simple(seat, command)]


def _simple(seat: int, command: Command) -> Event:
    match command:
        case ChooseBenefits(benefits):
            return BenefitsChosen(seat, benefits)
        case TakeAction(action):
            return ActionTaken(seat, action)
        case PlaceCobblestone(spot):
            return CobblestonePlaced(seat, spot)
        case BuildStreet(space):
            return StreetBuilt(seat, space)
        case BuildIntersection(x):
            return IntersectionBuilt(seat, x)
        case TakeProject(project, slot):
            return ProjectTaken(seat, project, slot)
        case ImproveProject(slot):
            return ProjectImproved(seat, slot)
        case BuildService(service):
            return ServiceBuilt(seat, service)
        case MoveTram(space):
            return TramMoved(seat, space)
        case EndActions():
            return ActionsEnded(seat)
        case StepSagrada():
            return SagradaStepped(seat)
        case ChooseSagradaTile(tile):
            return SagradaTileChosen(seat, tile)
        case Store(coins, cloths):
            return Stored(seat, coins, cloths)
        case EndTurn():
            return TurnEnded(seat)
        case Walk(p):
            return Walked(seat, p)
        case GiveJoy(p):
            return JoyGiven(seat, p)
        case PlaceHex(spot, violet):
            return HexPlaced(seat, spot, violet)
        case ChooseStartingJoy(p):
            return StartingJoyChosen(seat, p)
    raise Illegal(f"Unknown command {command!r}.")
