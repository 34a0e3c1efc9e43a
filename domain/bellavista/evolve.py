"""`evolve`: apply one event to the state. Total and deterministic; it validates nothing."""

from __future__ import annotations

from typing import TypeVar, assert_never

from msgspec.structs import replace

from .components import COLOURS, ROUNDS
from .events import (
    BuildingNotBuilt,
    BuildingPlaced,
    CardRevealed,
    ColourChosen,
    ContractDeclined,
    ContractsDrawn,
    ContractsRevealed,
    ContractTaken,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    ObjectivesDrawn,
    OfferMade,
    RoundEnded,
    StartingOrderDrawn,
    ZoningRevealed,
)
from .requirements import eligible
from .state import Building, Card, Offer, State, initial

T = TypeVar("T")


def _at(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1:])


def _without(cards: tuple[Card, ...], gone: tuple[Card, ...]) -> tuple[Card, ...]:
    rest = list(cards)
    for card in gone:
        rest.remove(card)
    return tuple(rest)


def finish_turn(state: State) -> State:
    """The next architect builds; after the last, the neutral building or the round end."""
    if state.builder + 1 < len(state.sequence()):
        return replace(state, builder=state.builder + 1, phase="reveal")
    if state.seats == 3 and state.round < ROUNDS:
        return replace(state, phase="neutral")  # seed: only in rounds 1 to 7
    return replace(state, phase="round_end")


def _placed(state: State, e: BuildingPlaced) -> State:
    building = Building(e.owner, e.colour, e.height, e.cells)
    coins = _at(state.coins, e.seat, state.coins[e.seat] + e.coins)
    state = replace(state, buildings=(*state.buildings, building), coins=coins)
    if state.phase == "neutral":
        return replace(state, phase="round_end")
    if not e.forced and eligible(state, e.seat):
        return replace(state, phase="contract")
    return finish_turn(state)  # seed: a forced border placement ends the turn at once


def _offered(state: State, e: OfferMade) -> State:
    assert e.card is not None, "evolve needs the unredacted event"
    offer = Offer(e.seat, e.card, e.cost)
    hands = _at(state.hands, e.seat, _without(state.hands[e.seat], (e.card,)))
    coins = _at(state.coins, e.seat, state.coins[e.seat] - e.cost)
    if e.space < len(state.costs):
        state = replace(state, spaces=_at(state.spaces, e.space, offer))
    else:
        state = replace(state, late=(*state.late, offer))
    turn = state.offer_turn + 1
    phase = "reveal" if turn == len(state.order) else "offer"
    return replace(state, hands=hands, coins=coins, offer_turn=turn, phase=phase,
                   builder=0)


def _revealed(state: State, e: CardRevealed) -> State:
    offer = replace(state.current(), revealed=True)
    if e.space < len(state.costs):
        return replace(state, spaces=_at(state.spaces, e.space, offer), phase="place")
    late = _at(state.late, e.space - len(state.costs), offer)
    return replace(state, late=late, phase="place")


def _drawn(state: State, e: HandDrawn) -> State:
    assert e.cards is not None, "evolve needs the unredacted event"
    hands = _at(state.hands, e.seat, tuple(sorted(state.hands[e.seat] + e.cards)))
    decks = _at(state.decks, e.seat, _without(state.decks[e.seat], e.cards))
    return replace(state, hands=hands, decks=decks)


def _contract_taken(state: State, e: ContractTaken) -> State:
    assert e.contract is not None, "evolve needs the unredacted event"
    return finish_turn(replace(
        state,
        contracts=tuple(c for c in state.contracts if c != e.contract),
        taken=_at(state.taken, e.seat, (*state.taken[e.seat], e.contract)),
        took_this_round=_at(state.took_this_round, e.seat, True),
    ))


def _colour_chosen(state: State, e: ColourChosen) -> State:
    colours = _at(state.colours, e.seat, e.colour)
    # the starting order and the hands are drawn once every architect has a colour
    return replace(state, colours=colours, phase="setup" if all(colours) else "colour")


def _starting_order(state: State, e: StartingOrderDrawn) -> State:
    # A game recorded before architects chose has no ColourChosen: seat i played COLOURS[i].
    colours = state.colours if all(state.colours) else COLOURS[:state.seats]
    return replace(state, order=e.order, phase="offer", offer_turn=0, colours=colours)


def _round_ended(state: State, e: RoundEnded) -> State:
    return replace(
        state, round=e.round + 1, phase="offer", order=e.order, offer_turn=0,
        spaces=(None,) * len(state.costs), late=(), builder=0,
        took_this_round=(False,) * state.seats,
    )


def evolve(state: State | None, event: Event) -> State:
    """Apply one event; every event of the union has its case (mypy checks `assert_never`)."""
    if isinstance(event, GameStarted):
        return initial(event.seats, event.layout, event.town, event.costs)
    assert state is not None, "the first event of a game is GameStarted"
    match event:
        case ColourChosen():
            return _colour_chosen(state, event)
        case ObjectivesDrawn(height, grouping):
            return replace(state, height_objective=height, grouping_objective=grouping)
        case ZoningRevealed(card):
            return replace(state, zoning=card, zoning_pile=(*state.zoning_pile, card))
        case ContractsDrawn(cards):
            return replace(state, contracts=state.contracts + cards,
                           contracts_drawn=state.contracts_drawn + cards)
        case StartingOrderDrawn():
            return _starting_order(state, event)
        case HandDrawn():
            return _drawn(state, event)
        case OfferMade():
            return _offered(state, event)
        case CardRevealed():
            return _revealed(state, event)
        case BuildingPlaced():
            return _placed(state, event)
        case BuildingNotBuilt():
            return replace(state, phase="round_end") if state.phase == "neutral" else (
                finish_turn(state))
        case ContractTaken():
            return _contract_taken(state, event)
        case ContractDeclined():
            return finish_turn(state)
        case ContractsRevealed():
            return state  # the cards were in `taken` all along, hidden only by the views
        case RoundEnded():
            return _round_ended(state, event)
        case GameEnded():
            return replace(state, phase="over")
    assert_never(event)
