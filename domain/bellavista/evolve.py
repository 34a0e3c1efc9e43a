"""`evolve`: apply one event to the state. Total and deterministic; it validates nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, get_args

from msgspec.structs import replace

from domain.core.memo import Folded

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
from .requirements import may_take, tallies_with
from .state import Building, Offer, Phase, State, initial

T = TypeVar("T")


def _at(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    changed = list(items)  # faster than joining two slices around the value
    changed[i] = value
    return tuple(changed)


def _next_turn(state: State) -> tuple[int, Phase]:
    """(builder, phase) once the architect building now is done: the next architect builds;
    after the last, the neutral building or the round end."""
    if state.builder + 1 < state.builders():
        return state.builder + 1, "reveal"
    if state.seats == 3 and state.round < ROUNDS:
        return state.builder, "neutral"  # seed: only in rounds 1 to 7
    return state.builder, "round_end"


def finish_turn(state: State) -> State:
    builder, phase = _next_turn(state)
    return replace(state, builder=builder, phase=phase)


def _placed(state: State, e: BuildingPlaced) -> State:
    buildings = (*state.buildings, Building(e.owner, e.colour, e.height, e.cells))
    coins = list(state.coins)  # `_at` inline: a call costs as much as the copy
    coins[e.seat] += e.coins
    # found at every placement, the neutral one too: the next placement starts from it
    tally = tallies_with(state, buildings)[e.seat]
    builder, phase = state.builder, state.phase
    if phase == "neutral":
        phase = "round_end"
    elif not e.forced and may_take(state, e.seat, tally):
        phase = "contract"
    else:  # seed: a forced border placement ends the turn at once
        builder, phase = _next_turn(state)
    return replace(state, buildings=buildings, coins=tuple(coins), builder=builder,
                   phase=phase)


def _offered(state: State, e: OfferMade) -> State:
    assert e.card is not None, "evolve needs the unredacted event"
    offer = Offer(e.seat, e.card, e.cost)
    # `_at` inline (and a card taken out of a copy) in the events of every turn: a call
    # costs about as much as the copy it makes
    hand = list(state.hands[e.seat])
    hand.remove(e.card)
    hands = list(state.hands)
    hands[e.seat] = tuple(hand)
    coins = list(state.coins)
    coins[e.seat] -= e.cost
    turn = state.offer_turn + 1
    phase = "reveal" if turn == len(state.order) else "offer"
    if e.space < len(state.costs):
        spaces = list(state.spaces)
        spaces[e.space] = offer
        return replace(state, spaces=tuple(spaces), hands=tuple(hands), coins=tuple(coins),
                       offer_turn=turn, phase=phase, builder=0)
    return replace(state, late=(*state.late, offer), hands=tuple(hands), coins=tuple(coins),
                   offer_turn=turn, phase=phase, builder=0)


def _revealed(state: State, e: CardRevealed) -> State:
    offer = replace(state.current(), revealed=True)
    if e.space < len(state.costs):
        spaces = list(state.spaces)  # `_at` inline, as in `_offered`
        spaces[e.space] = offer
        return replace(state, spaces=tuple(spaces), phase="place")
    late = list(state.late)
    late[e.space - len(state.costs)] = offer
    return replace(state, late=tuple(late), phase="place")


def _drawn(state: State, e: HandDrawn) -> State:
    assert e.cards is not None, "evolve needs the unredacted event"
    seat = e.seat  # `_at` inline, as in `_offered`
    hand = [*state.hands[seat], *e.cards]
    hand.sort()
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    deck = list(state.decks[seat])
    for card in e.cards:
        deck.remove(card)
    decks = list(state.decks)
    decks[seat] = tuple(deck)
    return replace(state, hands=tuple(hands), decks=tuple(decks))


def _contract_taken(state: State, e: ContractTaken) -> State:
    assert e.contract is not None, "evolve needs the unredacted event"
    builder, phase = _next_turn(state)
    return replace(
        state,
        contracts=tuple(c for c in state.contracts if c != e.contract),
        taken=_at(state.taken, e.seat, (*state.taken[e.seat], e.contract)),
        took_this_round=_at(state.took_this_round, e.seat, True),
        builder=builder, phase=phase,
    )


def _not_built(state: State, e: BuildingNotBuilt) -> State:
    return replace(state, phase="round_end") if state.phase == "neutral" else finish_turn(state)


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


def _objectives(state: State, e: ObjectivesDrawn) -> State:
    return replace(state, height_objective=e.height, grouping_objective=e.grouping)


def _zoning(state: State, e: ZoningRevealed) -> State:
    return replace(state, zoning=e.card, zoning_pile=(*state.zoning_pile, e.card))


def _contracts_drawn(state: State, e: ContractsDrawn) -> State:
    return replace(state, contracts=state.contracts + e.cards,
                   contracts_drawn=state.contracts_drawn + e.cards)


def _declined(state: State, e: ContractDeclined) -> State:
    return finish_turn(state)


def _revealed_contracts(state: State, e: ContractsRevealed) -> State:
    return state  # the cards were in `taken` all along, hidden only by the views


def _ended(state: State, e: GameEnded) -> State:
    return replace(state, phase="over")


# One case per event type after GameStarted, found by the event's exact type: a `match`
# tried the cases in turn, and each failed class pattern cost more than a case's work.
_CASES: dict[type[Any], Callable[[State, Any], State]] = {
    OfferMade: _offered, CardRevealed: _revealed, BuildingPlaced: _placed, HandDrawn: _drawn,
    ZoningRevealed: _zoning, RoundEnded: _round_ended, ContractDeclined: _declined,
    ContractTaken: _contract_taken, ColourChosen: _colour_chosen,
    ContractsRevealed: _revealed_contracts, ContractsDrawn: _contracts_drawn,
    ObjectivesDrawn: _objectives, StartingOrderDrawn: _starting_order, GameEnded: _ended,
    BuildingNotBuilt: _not_built,
}
# Exhaustive over the events, checked at import: a new event type needs its case here.
assert {GameStarted, *_CASES} == set(get_args(Event)), "evolve lacks a case"


def evolve(state: State | None, event: Event) -> State:
    """Apply one event; every event of the union has its case (`_CASES`). The events
    `advance` settled give back the very states it made (`settling`)."""
    if type(event) is GameStarted:
        return initial(event.seats, event.layout, event.town, event.costs)
    assert state is not None, "the first event of a game is GameStarted"
    entry = _settled.get(id(event))  # memo.Folded, looked up inline: once per event of a rebuild
    if entry is not None and entry[0] is state and entry[1] is event:
        return entry[2]
    return _CASES[type(event)](state, event)


# The server folds the events `decide` returns right after deciding them, from the same
# state: `advance` evolved each already, and what it computed of its states (`placements`,
# the tallies of their buildings) is kept by their identity. So `advance` keeps the states
# it made (memo.Folded), and the fold is given the very same states, their kept answers
# with them.
_SETTLED: Folded[State, Event] = Folded()
_settled = _SETTLED.entries


def settling(state: State, event: Event) -> State:
    """`evolve`, the state made kept for the platform's fold of the same event (`advance`)."""
    return _SETTLED.keep(state, event, evolve(state, event))
