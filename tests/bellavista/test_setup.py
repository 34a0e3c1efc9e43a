"""Setup for 3 & 4 architects and for 2 (seed: Setup, 2-Architect Games: During Setup)."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.bellavista import GAME
from domain.bellavista.components import CONTRACTS, ZONING
from domain.bellavista.state import Card

from .support import started


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
    assert [p.colours for p in view.players] == [["red", "green"], ["blue", "yellow"]]


def test_setup_draws_are_irreversible_and_the_offer_phase_begins() -> None:
    from random import Random

    from domain.bellavista.options import Options

    events = GAME.start(Options(), 4, Random(0))
    assert all(GAME.irreversible(e) for e in events)
    state = started()
    assert state.phase == "offer" and state.round == 1
    assert GAME.active(state) == [state.order[0]]
