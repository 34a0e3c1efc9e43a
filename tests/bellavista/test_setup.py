"""Setup for 3 & 4 architects and for 2 (seed: Setup, 2-Architect Games: During Setup)."""

from __future__ import annotations

import re
from collections import Counter
from random import Random

import pytest
from msgspec.structs import replace

from domain.bellavista import GAME
from domain.bellavista.commands import ChooseColour, MakeOffer
from domain.bellavista.components import CONTRACTS, ZONING
from domain.bellavista.events import ColourChosen, StartingOrderDrawn
from domain.bellavista.options import Options
from domain.bellavista.state import Card, Offer, State
from domain.core import Illegal

from .helpers import custom, fold, play, started


@pytest.mark.parametrize(("seats", "coins"), [(2, 30), (3, 20), (4, 20)])
def test_each_architect_takes_20_coins_or_30_with_two(seats: int, coins: int) -> None:
    assert started(seats).coins == (coins,) * seats


@pytest.mark.parametrize(("seats", "hand", "deck"), [(2, 5, 11), (3, 3, 5), (4, 3, 5)])
def test_decks_of_8_cards_hands_of_3_or_16_cards_hands_of_5(seats: int, hand: int,
                                                             deck: int) -> None:
    state = started(seats)
    for seat in range(seats):
        assert len(state.hands[seat]) == hand and len(state.decks[seat]) == deck
        cards = Counter(state.hands[seat] + state.decks[seat])
        expected = {Card(h, roofed) for h in range(1, 9)
                    for roofed in ((False, True) if seats == 2 else (False,))}
        assert set(cards) == expected and all(n == 1 for n in cards.values())


@pytest.mark.parametrize(("seats", "costs"), [(2, (7, 5, 3, 1, 0)), (3, (6, 4, 2, 0)),
                                              (4, (7, 5, 3, 1, 0))])
def test_offer_board_side_five_spaces_0_to_7_or_four_spaces_0_to_6(seats: int,
                                                                   costs: tuple[int, ...]) -> None:
    state = started(seats)
    assert state.costs == costs
    assert max(state.costs) == (6 if seats == 3 else 7) and min(state.costs) == 0


def test_zoning_deck_of_10_with_one_card_face_up() -> None:
    state = started()
    assert len(ZONING) == 10
    assert state.zoning in ZONING and state.zoning_pile == (state.zoning,)
    assert GAME.view(state, None).zoning_deck_size == 9


def test_one_height_and_one_grouping_objective_drawn() -> None:
    seen = {(started(seed=s).height_objective, started(seed=s).grouping_objective)
            for s in range(40)}
    assert {h for h, _ in seen} == {"parks", "rivers", "border"}
    assert {g for _, g in seen} == {"largest_group", "groups", "isolated"}


def test_four_face_up_contracts_from_a_deck_of_18() -> None:
    state = started()
    assert len(CONTRACTS) == 18 and len(set(state.contracts)) == 4
    assert GAME.view(state, None).contract_deck_size == 14


@pytest.mark.parametrize("seats", [3, 4])
def test_starting_cards_in_random_order_beneath_the_board(seats: int) -> None:
    orders = {started(seats, seed=s).order for s in range(60)}
    assert all(sorted(o) == list(range(seats)) for o in orders)
    assert len(orders) > 3


def test_two_architects_one_at_positions_1_and_4_the_other_at_2_and_3() -> None:
    orders = {started(2, seed=s).order for s in range(30)}
    assert orders == {(0, 1, 1, 0), (1, 0, 0, 1)}


def test_three_architects_the_unused_colour_is_the_neutral_reminder() -> None:
    view = GAME.view(started(3), None)
    assert view.neutral_colour == "yellow"
    assert all("yellow" not in p.colours for p in view.players)
    assert GAME.view(started(4), None).neutral_colour is None


def test_two_architects_build_their_colour_and_a_roofed_second_colour() -> None:
    view = GAME.view(started(2), None)
    assert [p.colours for p in view.players] == [("red", "green"), ("blue", "yellow")]


def test_setup_draws_are_irreversible_and_the_offer_phase_begins() -> None:
    events = GAME.start(Options(), 4, Random(0))
    assert all(GAME.irreversible(e) for e in events)
    state = started()
    assert state.phase == "offer" and state.round == 1
    assert GAME.active(state) == [state.order[0]]


def fresh(seats: int, seed: int = 0) -> State:
    return fold(None, GAME.start(custom(), seats, Random(seed)))


@pytest.mark.parametrize("seats", [3, 4])
def test_each_architect_chooses_a_colour_in_seat_order_from_those_still_free(seats: int) -> None:
    state = fresh(seats)
    assert state.phase == "colour" and state.order == () and state.hands == ((),) * seats
    picks = ["yellow", "red", "blue", "green"][:seats]
    for seat, colour in enumerate(picks):
        assert GAME.active(state) == [seat]
        assert all(GAME.legal(state, other) == [] for other in range(seats) if other != seat)
        free = [c for c in ("red", "blue", "green", "yellow") if c not in picks[:seat]]
        assert GAME.legal(state, seat) == [ChooseColour(c) for c in free]  # type: ignore[arg-type]
        assert state.order == ()  # the starting cards wait for the last choice
        state, events = play(state, seat, ChooseColour(colour))  # type: ignore[arg-type]
        assert events[0] == ColourChosen(seat, colour)
    assert isinstance(events[1], StartingOrderDrawn) and state.phase == "offer"
    assert all(len(hand) == 3 for hand in state.hands)
    assert [p.colours for p in GAME.view(state, None).players] == [(c,) for c in picks]


def test_two_architects_choose_red_or_blue_and_build_the_roofed_colour_of_that_set() -> None:
    state = fresh(2)
    assert GAME.legal(state, 0) == [ChooseColour("red"), ChooseColour("blue")]
    state, _ = play(state, 0, ChooseColour("blue"))
    assert GAME.legal(state, 1) == [ChooseColour("red")]
    state, _ = play(state, 1, ChooseColour("red"))
    assert [p.colours for p in GAME.view(state, None).players] == [("blue", "yellow"),
                                                                   ("red", "green")]
    offer = Offer(0, Card(3, roofed=True), 7, revealed=True)
    building = replace(state, phase="place", spaces=(offer, None, None, None, None))
    assert GAME.view(building, None).now.colour == "yellow"  # type: ignore[union-attr]


def test_three_architects_the_colour_nobody_chose_is_the_neutral_one() -> None:
    state = fresh(3)
    assert GAME.view(state, None).neutral_colour is None  # not known before every choice
    for seat, colour in enumerate(("yellow", "red", "blue")):
        state, _ = play(state, seat, ChooseColour(colour))  # type: ignore[arg-type]
    assert GAME.view(state, None).neutral_colour == "green"
    neutral = replace(state, phase="neutral", spaces=(Offer(2, Card(4), 6, True), None, None,
                                                      None))
    assert GAME.view(neutral, None).now.colour == "green"  # type: ignore[union-attr]


@pytest.mark.parametrize(("seats", "colour", "reason"), [
    (4, "red", "colour 'red' is taken by seat 0; the free colours are blue, green, yellow."),
    (2, "green", "only the Red and Blue sets have the two-architect cards"),
])
def test_a_colour_no_longer_free_is_refused_with_a_sentence(seats: int, colour: str,
                                                            reason: str) -> None:
    state, _ = play(fresh(seats), 0, ChooseColour("red"))
    with pytest.raises(Illegal, match=re.escape(reason)):
        GAME.decide(state, 1, ChooseColour(colour), Random(0))  # type: ignore[arg-type]
    with pytest.raises(Illegal, match=r"in round 1 you must choose your colour"):
        GAME.decide(state, 1, MakeOffer(0, 3), Random(0))


def test_a_game_recorded_before_colours_were_chosen_keeps_seat_i_in_the_ith_colour() -> None:
    # its log went from the setup draws straight to the starting order and the hands
    state = fresh(3)
    state = fold(state, [StartingOrderDrawn((2, 0, 1))])
    assert state.colours == ("red", "blue", "green") and state.phase == "offer"
    assert GAME.view(state, None).neutral_colour == "yellow"
