"""I • Offers, and the 2-architect Offer Phase (seed)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.bellavista import GAME
from domain.bellavista.commands import DeclineContract, MakeOffer, PlaceBuilding
from domain.bellavista.events import CardRevealed, OfferMade
from domain.bellavista.state import State
from domain.core import Illegal

from .helpers import play, started


def offer(state: State, space: int) -> tuple[State, int]:
    """The active architect offers the first card of their hand on `space`."""
    seat = GAME.active(state)[0]
    card = state.hands[seat][0]
    return play(state, seat, MakeOffer(space, card.height, card.roofed))[0], seat


def test_offers_follow_the_order_of_the_cards_beneath_the_board() -> None:
    state = started(4)
    seen = []
    for space in range(4):
        seen.append(GAME.active(state)[0])
        state, _ = offer(state, space)
    assert seen == list(started(4).order)


def test_example_anne_3rd_space_bruno_5_andrea_7_sofia_the_free_space() -> None:
    state = started(4)
    anne, bruno, andrea, sofia = state.order
    state, _ = offer(state, 2)  # ANNE pays 3 coins to take the 3rd Offer Space
    assert state.coins[anne] == 17 and state.costs[2] == 3
    state, _ = offer(state, 1)  # BRUNO pays 5 coins for the space before ANNE
    assert state.coins[bruno] == 15
    state, _ = offer(state, 0)  # ANDREA wants to build first: 7 coins
    assert state.coins[andrea] == 13
    # SOFIA goes last with only two options: the spaces worth 1 and 0
    assert {c.space for c in GAME.legal(state, sofia)} == {3, 4}  # type: ignore[union-attr]
    state, _ = offer(state, 4)
    assert state.coins[sofia] == 20
    assert [o.seat for o in state.sequence()] == [andrea, bruno, anne, sofia]


def test_the_cost_is_paid_at_once_and_the_card_leaves_the_hand() -> None:
    state = started(4)
    seat = state.order[0]
    card = state.hands[seat][1]
    after, events = play(state, seat, MakeOffer(0, card.height))
    assert after.coins[seat] == 13
    assert card not in after.hands[seat] and len(after.hands[seat]) == 2
    assert events == [OfferMade(seat, 0, 7, card)]


def test_the_card_goes_face_down_secret_from_everyone_else() -> None:
    state = started(4)
    seat = state.order[0]
    card = state.hands[seat][0]
    after, events = play(state, seat, MakeOffer(3, card.height))
    assert GAME.view(after, seat).offers[3].card == card
    for viewer in [None, *(s for s in range(4) if s != seat)]:
        assert GAME.view(after, viewer).offers[3].card is None
        assert GAME.view(after, viewer).offers[3].seat == seat
        assert GAME.redact(events[0], viewer).card is None  # type: ignore[union-attr]


def test_one_architect_per_space() -> None:
    state, _ = offer(started(4), 1)
    seat = GAME.active(state)[0]
    assert all(c.space != 1 for c in GAME.legal(state, seat))  # type: ignore[union-attr]
    card = state.hands[seat][0]
    with pytest.raises(Illegal, match=r"space 1 \(5 coins\) is taken by seat"):
        GAME.decide(state, seat, MakeOffer(1, card.height), None)  # type: ignore[arg-type]


def test_a_space_costing_more_than_your_coins_is_refused() -> None:
    state = started(4)
    seat = state.order[0]
    state = replace(state, coins=(4,) * 4)
    assert {c.space for c in GAME.legal(state, seat)} == {2, 3, 4}  # type: ignore[union-attr]
    card = state.hands[seat][0]
    with pytest.raises(Illegal, match="space 0 costs 7 coins and you have 4"):
        GAME.decide(state, seat, MakeOffer(0, card.height), None)  # type: ignore[arg-type]


def test_a_card_not_in_hand_is_refused() -> None:
    state = started(4)
    seat = state.order[0]
    missing = next(h for h in range(1, 9) if all(c.height != h for c in state.hands[seat]))
    with pytest.raises(Illegal, match=f"height {missing}: you hold no construction card"):
        GAME.decide(state, seat, MakeOffer(0, missing), None)  # type: ignore[arg-type]


def test_warning_an_architect_who_can_pay_for_no_space_plays_last_right_of_the_0_space() -> None:
    state = started(4)
    state, _ = offer(state, 4)  # the free space is gone
    poor = GAME.active(state)[0]
    state = replace(state, coins=tuple(0 if s == poor else c for s, c in enumerate(state.coins)))
    assert {c.space for c in GAME.legal(state, poor)} == {5}  # type: ignore[union-attr]
    card = state.hands[poor][0]
    with pytest.raises(Illegal, match="space 5 is right of the 0 space"):
        GAME.decide(replace(state, coins=(20,) * 4), poor, MakeOffer(5, card.height), None)  # type: ignore[arg-type]
    state, _ = offer(state, 5)
    assert state.coins[poor] == 0
    state, _ = offer(state, 0)
    state, _ = offer(state, 1)
    assert state.sequence()[-1].seat == poor  # builds last, after the 0 space
    assert GAME.view(state, None).offers[5].cost == 0


def test_two_architects_make_two_offers_each_in_board_order() -> None:
    state = started(2)
    anne, bruno = state.order[0], state.order[1]
    assert state.order == (anne, bruno, bruno, anne)
    state, who = offer(state, 3)  # ANNE pays 1 coin
    assert who == anne and state.coins[anne] == 29
    state, who = offer(state, 4)  # BRUNO takes the free space
    assert who == bruno and state.coins[bruno] == 30
    state, who = offer(state, 2)  # BRUNO's second offer: 3 coins, before ANNE's card
    assert who == bruno and state.coins[bruno] == 27
    state, who = offer(state, 1)  # ANNE's second offer: 5 coins
    assert who == anne and state.coins[anne] == 24
    assert [o.seat for o in state.sequence()] == [anne, bruno, anne, bruno]


def test_construction_starts_with_the_most_expensive_space_and_reveals_its_card() -> None:
    state = started(3)
    for space in (3, 0, 2):
        state, _ = offer(state, space)
    assert state.phase == "place"
    first = state.sequence()[0]
    assert first.revealed and first.cost == 6
    assert GAME.active(state) == [first.seat]
    assert all(GAME.view(state, v).offers[0].card == first.card for v in (None, 0, 1, 2))


def test_the_reveal_is_irreversible_and_the_last_offer_cannot_be_undone() -> None:
    state = started(3)
    for space in (3, 0):
        state, _ = offer(state, space)
    seat = GAME.active(state)[0]
    card = state.hands[seat][0]
    _, events = play(state, seat, MakeOffer(1, card.height))
    assert isinstance(events[1], CardRevealed) and GAME.irreversible(events[1])
    assert not GAME.irreversible(events[0])


def test_offers_only_in_the_offer_phase() -> None:
    state = started(4)
    seat = state.order[0]
    with pytest.raises(Illegal, match="PlaceBuilding is not possible now: in round 1 you must "
                                      "make an offer"):
        GAME.decide(state, seat, PlaceBuilding(0, 3), None)  # type: ignore[arg-type]
    with pytest.raises(Illegal, match="DeclineContract is not possible now"):
        GAME.decide(state, seat, DeclineContract(), None)  # type: ignore[arg-type]
