"""`evolve`: apply one event to the state, and the phase each event leaves. Total and
deterministic; it validates nothing."""

from __future__ import annotations

from typing import assert_never

from msgspec.structs import replace

from .components import BAG, FEATURES_REVEALED, TOKENS_PER_COLOUR
from .events import (
    AreaClosed,
    AreaCounted,
    AreaResolved,
    BirdBathKept,
    BirdBathSwapped,
    CircleLaid,
    Event,
    FeatureFlipped,
    FeaturesRevealed,
    GameEnded,
    GameStarted,
    HedgeDrawn,
    HedgePlaced,
    TokenOrderChosen,
    TokenPlaced,
    TokenSkipped,
    TurnEnded,
    WellDeclined,
)
from .state import Area, Phase, Placement, State, Supply, Token, well_colours


def area_phase(state: State) -> Phase:
    """Where the resolution of the current area stands."""
    if state.bird_bath:
        return "bird_bath"
    if state.queue:
        return "order_tokens" if len(state.queue[0]) > 1 else "place_token"
    if well_colours(state):
        return "well"
    return "area_done"


def hub_phase(state: State) -> Phase:
    """Between areas: the player chooses when several wait, else the game moves on."""
    return "choose_area" if len(state.pending) > 1 else "resolve"


def _settle(state: State) -> State:
    phase = area_phase(state) if state.resolving is not None else hub_phase(state)
    return replace(state, phase=phase)


def _set(items: tuple[Area, ...], area: Area) -> tuple[Area, ...]:
    return (*items[: area.id], area, *items[area.id + 1:])


def _supply(state: State, colour: int, supply: Supply) -> tuple[Supply, ...]:
    return (*state.supplies[:colour], supply, *state.supplies[colour + 1:])


def _without(bag: tuple[int, ...], hedge: int) -> tuple[int, ...]:
    """The bag less every copy of `hedge` (there is one: the bag holds each Hedge once)."""
    if hedge not in bag:
        return bag
    i = bag.index(hedge)
    rest = bag[:i] + bag[i + 1:]
    return rest if hedge not in rest else tuple(h for h in rest if h != hedge)


def _start(e: GameStarted) -> State:
    supply = Supply(TOKENS_PER_COLOUR)
    phase: Phase = "place" if e.open_circle else "draw"
    return State(e.seats, e.expert, e.team, e.two_player_expert, e.open_circle,
                 tuple(e.owners), tuple(e.teams), (supply,) * len(e.owners),
                 bag=() if e.open_circle else BAG, turn=e.first, phase=phase)


def _reveal(state: State, e: FeaturesRevealed) -> State:
    supply = Supply(TOKENS_PER_COLOUR - FEATURES_REVEALED, tuple(e.features))
    return replace(state, features=tuple(e.features), supplies=(supply,) * len(state.owners))


def _placed(state: State, e: HedgePlaced) -> State:
    placement = Placement(e.hedge, e.x, e.y, e.rotation, e.mirrored)
    placements = (*state.placements, placement)
    if e.seat is None:
        return replace(state, placements=placements)
    return replace(state, placements=placements, hedge=None, phase="resolve")


def _closed(state: State, e: AreaClosed) -> State:
    area = Area(e.area, tuple(e.cells), state.placed)
    state = replace(state, areas=(*state.areas, area), pending=(*state.pending, e.area))
    return replace(state, phase=hub_phase(state))


def _counted(state: State, e: AreaCounted) -> State:
    area = replace(state.areas[e.area], segments=tuple(e.segments), bonus=tuple(e.bonus),
                   winners=tuple(e.winners))
    return _settle(replace(
        state, areas=_set(state.areas, area), resolving=e.area, well_done=False,
        feature_placed=False,
        pending=tuple(a for a in state.pending if a != e.area),
        queue=tuple(tuple(group) for group in e.order)))


def _ordered(state: State, e: TokenOrderChosen) -> State:
    head = state.queue[0]
    rest = tuple(c for c in head if c != e.colour)
    return _settle(replace(state, queue=((e.colour,), rest, *state.queue[1:])))


def _token(state: State, e: TokenPlaced) -> State:
    supply = state.supplies[e.colour]
    spent = e.feature or e.flipped
    if spent is None:
        supply = replace(supply, neutral=supply.neutral - 1, placed=supply.placed + 1)
    else:
        supply = replace(supply, features=tuple(f for f in supply.features if f != spent),
                         placed=supply.placed + 1)
    area = state.areas[e.area]
    area = replace(area, tokens=(*area.tokens, Token(e.colour, e.feature, state.placed)))
    well = state.phase == "well"
    mine = e.feature is not None and state.owners[e.colour] == state.turn
    return _settle(replace(
        state, supplies=_supply(state, e.colour, supply), areas=_set(state.areas, area),
        queue=state.queue if well else state.queue[1:], well_done=state.well_done or well,
        feature_placed=state.feature_placed or mine,
        bird_bath=e.feature == "bird_bath", extra_turn=state.extra_turn or e.feature == "sundial"))


def _flipped(state: State, e: FeatureFlipped) -> State:
    supply = state.supplies[e.colour]
    supply = replace(supply, neutral=supply.neutral + 1,
                     features=tuple(f for f in supply.features if f != e.feature))
    return replace(state, supplies=_supply(state, e.colour, supply))


def _swapped(state: State, e: BirdBathSwapped) -> State:
    here, there = state.areas[e.area], state.areas[e.other]
    bath, top = here.tokens[-1], there.tokens[-1]
    here = replace(here, tokens=(*here.tokens[:-1], replace(top, since=state.placed)))
    there = replace(there, tokens=(*there.tokens[:-1], replace(bath, since=state.placed)))
    areas = _set(_set(state.areas, here), there)
    return _settle(replace(state, areas=areas, bird_bath=False))


def _turn_ended(state: State, e: TurnEnded) -> State:
    state = replace(state, turn=e.next, extra_turn=False, pending=(), phase="draw")
    if state.open_circle:
        state = replace(state, hedge=state.circle[0], circle=state.circle[1:], phase="place")
    return state


def evolve(state: State | None, event: Event) -> State:
    """Apply one event; every event of the union has its case (mypy checks `assert_never`)."""
    if isinstance(event, GameStarted):
        return _start(event)
    assert state is not None, "the first event of a game is GameStarted"
    match event:  # the most frequent first: a case is an isinstance check, tried in order
        case HedgeDrawn(_, hedge):
            return replace(state, hedge=hedge, bag=_without(state.bag, hedge), phase="place")
        case HedgePlaced():
            return _placed(state, event)
        case TurnEnded():
            return _turn_ended(state, event)
        case TokenPlaced():
            return _token(state, event)
        case AreaClosed():
            return _closed(state, event)
        case AreaCounted():
            return _counted(state, event)
        case AreaResolved():
            return _settle(replace(state, resolving=None, queue=()))
        case FeaturesRevealed():
            return _reveal(state, event)
        case CircleLaid(order):
            return replace(state, hedge=order[0], circle=tuple(order[1:]), phase="place")
        case TokenOrderChosen():
            return _ordered(state, event)
        case TokenSkipped():
            return _settle(replace(state, queue=state.queue[1:]))
        case FeatureFlipped():
            return _flipped(state, event)
        case WellDeclined():
            return _settle(replace(state, well_done=True))
        case BirdBathSwapped():
            return _swapped(state, event)
        case BirdBathKept():
            return _settle(replace(state, bird_bath=False))
        case GameEnded(reasons):
            return replace(state, ended=tuple(reasons), phase="over")
    assert_never(event)
