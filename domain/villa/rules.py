"""Who may do what: `legal` (the one source of truth) and `decide`."""

from __future__ import annotations

from random import Random

from domain.core import Illegal

from .board import board, closures, fits
from .commands import (
    ChooseTokenOrder,
    Command,
    DeclineWell,
    DrawHedge,
    KeepBirdBath,
    PlaceHedge,
    PlaceToken,
    PlaceWell,
    ResolveArea,
    SwapBirdBath,
)
from .events import (
    AreaClosed,
    BirdBathKept,
    BirdBathSwapped,
    Event,
    HedgeDrawn,
    HedgePlaced,
    TokenOrderChosen,
    WellDeclined,
)
from .flow import advance
from .geometry import laid
from .kept import Kept
from .placing import Listing, listed, listing
from .reasons import why_illegal
from .resolve import bird_bath_targets, count, place, token_options
from .state import State, active, well_colours


def legal(state: State, seat: int) -> list[Command]:
    """Every command `seat` may send now, each complete."""
    if seat not in active(state):
        return []
    match state.phase:
        case "draw":
            return [DrawHedge()]
        case "place":
            return list(_placements(state))
        case "choose_area":
            return [ResolveArea(a) for a in state.pending]
        case "order_tokens":
            return [ChooseTokenOrder(c) for c in state.queue[0]]
        case "place_token":
            return list(token_options(state, state.queue[0][0]))
        case "well":
            return [*(PlaceWell(c) for c in well_colours(state)), DeclineWell()]
        case "bird_bath":
            return [*(SwapBirdBath(a) for a in bird_bath_targets(state)), KeepBirdBath()]
    return []


def _placements(state: State) -> tuple[Command, ...]:
    """A few hundred commands, listed for the seat to move and asked again by a bot: kept
    per game for its latest state. Never handed out: `legal` gives a copy."""
    if state.hedge is None:  # between the start and the setup's draws (a replay's step)
        return ()
    made = _listed(state)
    if made is None:
        made = listing(board(state), state.hedge)
        _PLACEMENTS.put(state, (state, made))
    return made.commands


def _listed(state: State) -> Listing | None:
    """The placements kept for this very state, if they are."""
    kept = _PLACEMENTS.get(state)
    return kept[1] if kept is not None and kept[0] is state else None


_PLACEMENTS: Kept[tuple[State, Listing]] = Kept()


def allowed(state: State, seat: int, command: Command) -> bool:
    """`command in legal(state, seat)`, without listing every placement."""
    if isinstance(command, PlaceHedge):
        if not (state.phase == "place" and seat in active(state) and state.hedge is not None
                and 0 <= command.rotation < 4):
            return False
        # The seat was sent its legal commands of this state: their bitmaps answer at once.
        made = _listed(state)
        found = None if made is None else listed(
            made, command.x, command.y, command.rotation, command.mirrored)
        return found if found is not None else fits(
            board(state), state.hedge, command.x, command.y, command.rotation, command.mirrored)
    return command in legal(state, seat)


def decide(state: State, seat: int, command: Command, rng: Random) -> list[Event]:
    if not allowed(state, seat, command):
        raise Illegal(why_illegal(state, seat, command))
    return advance(state, step(state, seat, command, rng))


def step(state: State, seat: int, command: Command, rng: Random) -> list[Event]:
    """The events of one legal command, before the steps that follow by themselves."""
    area = state.resolving or 0
    match command:
        case DrawHedge():
            return [HedgeDrawn(seat, rng.choice(state.bag))]
        case PlaceHedge(x, y, rotation, mirrored):
            return placed(state, seat, x, y, rotation, mirrored)
        case ResolveArea(chosen):
            return [count(state, chosen)]
        case ChooseTokenOrder(colour):
            return [TokenOrderChosen(seat, colour)]
        case PlaceToken():
            return place(state, state.queue[0][0], command)
        case PlaceWell(colour):
            return place(state, colour, PlaceToken("well"))
        case DeclineWell():
            return [WellDeclined(area)]
        case SwapBirdBath(other):
            return [BirdBathSwapped(area, other)]
        case KeepBirdBath():
            return [BirdBathKept(area)]
    raise Illegal(f"Unknown command {command!r}.")


def placed(state: State, seat: int, x: int, y: int, rotation: int, mirrored: bool
           ) -> list[Event]:
    """The Hedge laid, then every area it closed, numbered in order."""
    assert state.hedge is not None
    new = laid(state.hedge, x, y, rotation, mirrored)
    found = closures(board(state), new)
    first = len(state.areas)
    return [HedgePlaced(seat, state.hedge, x, y, rotation, mirrored),
            *(AreaClosed(first + i, cells) for i, cells in enumerate(found))]
