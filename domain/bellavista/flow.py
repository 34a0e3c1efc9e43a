"""The steps nobody chooses: revealing the next card, dealing, the end of a round.

`advance` emits the automatic events that follow a player's command until the game
waits for a player again; each random draw happens here, from what remains.
"""

from __future__ import annotations

from random import Random

from domain.core import settle

from .components import (
    FACE_UP_CONTRACTS,
    HAND_SIZE,
    ROUNDS,
    ZONING,
)
from .events import (
    BuildingNotBuilt,
    CardRevealed,
    ContractsDrawn,
    ContractsRevealed,
    Event,
    GameEnded,
    HandDrawn,
    RoundEnded,
    StartingOrderDrawn,
    ZoningRevealed,
)
from .evolve import evolve, settling
from .placing import building_now, placements
from .scoring import totals
from .state import State, remaining_contracts


def deal(state: State, rng: Random) -> list[Event]:
    """seed: the starting cards beneath the board at random, then each architect draws."""
    drawn = StartingOrderDrawn(starting_order(state.seats, rng))
    return [drawn, *draw_hands(evolve(state, drawn), rng)]


def starting_order(seats: int, rng: Random) -> tuple[int, ...]:
    """seed: starting cards in random order; with 2 architects a random one takes
    positions 1 and 4, the other 2 and 3."""
    if seats == 2:
        first = rng.randrange(2)
        return (first, 1 - first, 1 - first, first)
    order = list(range(seats))
    rng.shuffle(order)
    return tuple(order)


def draw_hands(state: State, rng: Random) -> list[Event]:
    """seed: each architect draws back to 3 cards (5 with two), while the deck lasts."""
    events: list[Event] = []
    for seat in range(state.seats):
        deck = state.decks[seat]
        count = min(HAND_SIZE[state.seats] - len(state.hands[seat]), len(deck))
        if count > 0:
            cards = tuple(sorted(rng.sample(deck, count)))
            events.append(HandDrawn(seat, count, cards))
    return events


def end_round(state: State, rng: Random) -> list[Event]:
    """seed: Round End A to D, or the end of the game after the 8th round, where the face-down
    contract cards are turned up and added to the totals."""
    if state.round >= ROUNDS:
        shown: list[Event] = [ContractsRevealed(s, state.taken[s]) for s in range(state.seats)]
        return [*shown, GameEnded(tuple(totals(state)))]
    sequence = state.sequence()
    # seed: ascending; equal cards keep the more expensive (more leftward) offer first
    ranked = sorted(range(len(sequence)), key=lambda i: (sequence[i].card.height, i))
    events: list[Event] = [RoundEnded(state.round, tuple(sequence[i].seat for i in ranked))]
    events += draw_hands(state, rng)
    missing = FACE_UP_CONTRACTS - len(state.contracts)
    deck = remaining_contracts(state)
    if missing and deck:
        events.append(ContractsDrawn(tuple(rng.sample(deck, min(missing, len(deck))))))
    unseen = sorted(set(ZONING) - set(state.zoning_pile))
    events.append(ZoningRevealed(rng.choice(unseen)))
    return events


def _automatic(state: State, rng: Random) -> list[Event]:
    """The events the game makes by itself in this state (empty: a player decides)."""
    if state.phase == "setup":
        return deal(state, rng)
    if state.phase == "reveal":
        offer = state.current()
        return [CardRevealed(offer.seat, state.positions()[state.builder], offer.card)]
    if state.phase in ("place", "neutral") and not placements(state)[0]:
        seat, owner, _, height = building_now(state)
        return [BuildingNotBuilt(seat, owner, height)]
    if state.phase == "round_end":
        return end_round(state, rng)
    return []


def advance(state: State, events: list[Event], rng: Random) -> list[Event]:
    """`events` followed by every automatic event up to the next player decision."""
    return settle(settling, state, events, lambda s: _automatic(s, rng))
