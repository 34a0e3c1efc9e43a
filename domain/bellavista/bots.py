"""What the greedy and search bots (domain/core/bots.py) ask of Bella Vista: `evaluate`, how
good a position is for a seat, and `determinize`, a state the seat cannot tell from the real
one.

A position is worth the seat's projected final total against the best other architect's:
each total as `scoring` would count it now (coins, Height and Grouping objectives, contracts),
plus what the cards still to be built are worth, less the offers still to be paid this round,
plus the face-up contracts an architect is on the way to meeting. Everything it reads is on
the table, or follows from it, except the seat's own taken contracts, which the seat knows.
"""

from __future__ import annotations

import math
from random import Random

from msgspec.structs import replace

from domain.core.memo import per_state

from .components import CONTRACTS
from .requirements import met, owned, progress
from .scoring import grouping_score, height_score, outcome
from .state import Card, Offer, State
from .town import Placement

# Points of margin that count as "clearly ahead" (tanh(1) = 0.76). In random games the
# winner ends about 18 points ahead of the second with two architects (totals 65, sd 27) and
# about 9 ahead with three or four (totals 32-36, sd 19); greedy games spread further.
SCALE = {2: 15.0, 3: 10.0, 4: 10.0}
# What a card still to be built adds to its architect's total (coins it earns when placed and
# what it adds to the objectives): in random games about 2 + 0.55 per storey (a #1 adds 2 to
# 2.5, a #8 about 6). Every architect builds every card, so this mostly keeps the totals of
# those who built this round and those who did not yet comparable.
BUILD_BASE = 1.5
BUILD_PER_STOREY = 0.55
OFFER_COST = 3.0  # the mean cost of an offer in random games, with 2, 3 and 4 architects
# A face-up contract the architect meets is worth this share of its coins (another may take
# it first, or the architect may have taken its one contract of the round); one on the way,
# this share times the squared fraction of the requirement met.
MET_SHARE = 0.6
ON_THE_WAY_SHARE = 0.4


def evaluate(state: State, seat: int) -> float:
    """In [-1, 1] for `seat`: by the final ranks once the game is over (1 first, -1 last, 0
    when everyone ties), else tanh of its projected total's margin over the best other one."""
    if state.phase == "over":
        result = outcome(state)
        assert result is not None
        return from_ranks(result.ranks, seat)
    totals = projected(state, seat)
    best = max(total for other, total in enumerate(totals) if other != seat)
    return math.tanh((totals[seat] - best) / SCALE[state.seats])


def from_ranks(ranks: list[int], seat: int) -> float:
    """1 for rank 1, -1 for the last rank, evenly between; 0 when all share rank 1."""
    worst = max(ranks)
    return 0.0 if worst == 1 else 1.0 - 2.0 * (ranks[seat] - 1) / (worst - 1)


def projected(state: State, viewer: int) -> list[float]:
    """Each architect's projected final total, as `viewer` can tell it: what the table shows,
    plus the contract cards taken, which the viewer knows for itself alone."""
    hidden = _unseen_contract_mean(state, viewer)
    totals = list(_on_the_table(state))
    for seat, cards in enumerate(state.taken):
        if seat == viewer:
            totals[seat] += sum(CONTRACTS[c].coins for c in cards)
        else:  # the table sees only how many
            totals[seat] += hidden * len(cards)
    return totals


# The search scores the end of each rollout for every seat that moved on the way, one call
# after the other on the same state: the part every seat sees alike is counted once.
@per_state(size=64, scaled=False)
def _on_the_table(state: State) -> tuple[float, ...]:
    """Each architect's projected total without its contract cards taken."""
    pending = pending_offers(state)
    totals = []
    for seat in range(state.seats):
        cards = unbuilt(state, seat)
        totals.append(
            state.coins[seat]
            + height_score(state, seat, state.height_objective)
            + grouping_score(state, seat, state.grouping_objective)
            # whole numbers summed first: the same total whichever order the cards lie in
            + BUILD_BASE * len(cards) + BUILD_PER_STOREY * sum(card.height for card in cards)
            - OFFER_COST * pending[seat]
            + prospect(state, owned(state, seat), len(cards)))
    return tuple(totals)


def unbuilt(state: State, seat: int) -> list[Card]:
    """The architect's cards not built yet: hand, deck and offers not placed yet. Which of
    them is where is secret, but the whole is public: the architect's set less what the
    table has seen built or set aside, so a determinized state has the same."""
    done = state.phase in ("contract", "neutral", "round_end")  # the builder's card is built
    offers = state.sequence()[state.builder + done:]
    return [*state.hands[seat], *state.decks[seat], *(o.card for o in offers if o.seat == seat)]


def pending_offers(state: State) -> list[int]:
    """Per architect, the offers it has still to make (and pay) this round."""
    counts = [0] * state.seats
    if state.phase == "offer":
        for seat in state.order[state.offer_turn:]:
            counts[seat] += 1
    return counts


def prospect(state: State, mine: list[Placement], left: int) -> float:
    """The best face-up contract for the architect: met, or within reach of the buildings
    it has left (`left`), its coins weighted by how far along it is."""
    best = 0.0
    for card in state.contracts:
        contract = CONTRACTS[card]
        have, need = progress(contract, mine, state.seats)
        if have >= need:
            best = max(best, MET_SHARE * contract.coins)
        elif need - have <= left:
            best = max(best, ON_THE_WAY_SHARE * contract.coins * (have / need) ** 2)
    return best


def _unseen_contract_mean(state: State, viewer: int) -> float:
    """The mean coins of the contract cards `viewer` has not seen (neither face up nor its
    own): what another architect's face-down card is worth, on average, to its eyes."""
    seen = {*state.contracts, *state.taken[viewer]}
    coins = [c.coins for c in CONTRACTS if c.id not in seen]
    return sum(coins) / len(coins) if coins else 0.0


# -- determinize ---------------------------------------------------------------------------


def determinize(state: State, seat: int | None, rng: Random) -> State:
    """A state `seat` cannot tell from `state` (`None`: a spectator). Hidden from it are the
    other architects' hands, their face-down offers, their decks and their face-down contract
    cards. Each other architect's cards are its own colour's, and the set of those not built
    yet is public, so they are dealt anew among its hand, face-down offers and deck, each
    keeping its size. Its contract cards are dealt anew from the ones `seat` has not seen
    (theirs and the undrawn), each to an architect whose buildings meet it, as a card taken
    must be (requirements only grow). Once the game is over every view shows everything.

    A seat that watched the four face-up contracts could remember which one left; the view
    does not show it, and neither does this."""
    if state.phase in ("colour", "setup", "over"):
        return state  # no card dealt yet, or everything turned up
    others = [s for s in range(state.seats) if s != seat]
    state = _deal_cards(state, others, rng)
    return _deal_contracts(state, others, rng)


def _deal_cards(state: State, others: list[int], rng: Random) -> State:
    hands, decks = list(state.hands), list(state.decks)
    offers: list[Offer | None] = [*state.spaces, *state.late]
    for s in others:
        down = [i for i, o in enumerate(offers) if o is not None and o.seat == s and not o.revealed]
        # sorted before the shuffle, so that the deal depends on what the seat sees and on
        # rng alone, not on where the real cards lie
        pool = sorted([*hands[s], *decks[s], *(_card(offers[i]) for i in down)])
        rng.shuffle(pool)
        size = len(hands[s])
        hands[s] = tuple(sorted(pool[:size]))
        for i, card in zip(down, pool[size:], strict=False):
            offers[i] = replace(_offer(offers[i]), card=card)
        decks[s] = tuple(sorted(pool[size + len(down):]))
    board = len(state.spaces)
    late = tuple(_offer(o) for o in offers[board:])
    return replace(state, hands=tuple(hands), decks=tuple(decks),
                   spaces=tuple(offers[:board]), late=late)


def _offer(offer: Offer | None) -> Offer:
    assert offer is not None
    return offer


def _card(offer: Offer | None) -> Card:
    return _offer(offer).card


def _deal_contracts(state: State, others: list[int], rng: Random) -> State:
    """The others' face-down contracts dealt anew from the pool `seat` has not seen, each to
    an architect that meets it. Such a dealing exists (the real one), so the matching finds
    one; only a state made by hand, with a card its taker does not meet, is dealt from the
    whole pool."""
    slots = [s for s in others for _ in state.taken[s]]  # an architect, once per card taken
    if not slots:
        return state
    hidden = {c for s in others for c in state.taken[s]}
    pool = sorted(hidden | {c.id for c in CONTRACTS if c.id not in state.contracts_drawn})
    fits = {s: [c for c in pool if met(state, s, c)] for s in set(slots)}
    cards = _match(slots, fits, rng) or _match(slots, dict.fromkeys(fits, pool), rng)
    assert cards is not None, "the pool holds a card for every slot"
    taken = list(state.taken)
    for s in set(slots):
        taken[s] = tuple(c for slot, c in zip(slots, cards, strict=True) if slot == s)
    # the cards drawn are those face up and those taken: as many as before, so the deck
    # keeps the size the table sees
    drawn = (*(c for c in state.contracts_drawn if c not in hidden), *cards)
    return replace(state, taken=tuple(taken), contracts_drawn=drawn)


def _match(slots: list[int], fits: dict[int, list[int]], rng: Random) -> list[int] | None:
    """A card for each slot from those its architect meets, no card twice, or None when
    there is no such dealing: augmenting paths (Kuhn), slots and cards tried in a random
    order, so that without conflicts each architect gets a random choice of its cards."""
    order = {s: rng.sample(cards, len(cards)) for s, cards in sorted(fits.items())}
    holder: dict[int, int] = {}  # card -> the slot holding it

    def place(slot: int, seen: set[int]) -> bool:
        for card in order[slots[slot]]:
            if card not in seen:
                seen.add(card)
                if card not in holder or place(holder[card], seen):
                    holder[card] = slot
                    return True
        return False

    if not all(place(slot, set()) for slot in rng.sample(range(len(slots)), len(slots))):
        return None
    cards = [0] * len(slots)
    for card, slot in holder.items():
        cards[slot] = card
    return cards
