"""Setup rules (seed, research) and the options."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from domain.carrara import GAME
from domain.carrara.cards import BASIC_CARDS, FIRST_GAME
from domain.carrara.components import BASE_TILES, EIGHT_TILES, ITEMS, SPACES
from domain.carrara.events import CardsDrawn
from domain.carrara.options import Options
from domain.core import registry

from .helpers import blocks, new_game


def test_registry_finds_carrara() -> None:
    assert registry.get("carrara") is GAME
    assert GAME.seat_counts == (2, 3, 4)


def test_setup_wheel_has_one_block_of_each_colour_in_section_one() -> None:
    state = new_game(4)
    assert state.wheel[0] == (1, 1, 1, 1, 1, 1)
    assert all(section == (0,) * 6 for section in state.wheel[1:])


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_starting_blocks_by_seat_and_the_rest_in_the_bag(seats: int) -> None:
    state = new_game(seats)
    starting = ["black", "blue", "green", "red"][:seats]
    for seat, colour in enumerate(starting):
        assert state.players[seat].blocks == blocks(**{colour: 1})
    assert sum(state.bag) == 42 - 6 - seats
    for i in range(6):  # 7 of each colour in all
        assert state.bag[i] + state.wheel[0][i] + sum(p.blocks[i] for p in state.players) == 7


def test_setup_twenty_coins_each_and_nothing_else() -> None:
    state = new_game(3)
    for p in state.players:
        assert (p.coins, p.vp, p.items, p.scorings) == (20, 0, (0,) * 6, 0)


def test_setup_nine_face_up_buildings_from_thirty() -> None:
    state = new_game(2, seed=7)
    shown = [t for t in state.display if t is not None]
    assert len(shown) == 9 and len(state.pile) == 21
    assert sorted(shown + list(state.pile)) == sorted(BASE_TILES)
    assert len(BASE_TILES) == 30 and {t.cost for t in BASE_TILES} == {1, 2, 3, 4, 5}


def test_setup_one_object_of_each_type_for_sale() -> None:
    state = new_game(2)
    assert state.for_sale == ITEMS and len(ITEMS) == 6
    assert state.supply == (5,) * 6


def test_setup_basic_game_uses_the_printed_objectives_and_no_expansion_parts() -> None:
    state = new_game(2)
    assert (state.cards.brown, state.cards.purple, state.cards.grey) == BASIC_CARDS
    assert state.cards.green is None and state.eights == () and state.upgrade_tiles == ()


def test_setup_expansion_lays_out_eight_buildings_upgrades_and_one_card_per_colour() -> None:
    events = GAME.start(Options(expansion=True), 3, Random(3))
    cards = [e for e in events if isinstance(e, CardsDrawn)]
    assert len(cards) == 1
    state = new_game(3, seed=3, expansion=True)
    assert state.eights == EIGHT_TILES and len(EIGHT_TILES) == 6
    assert state.upgrade_tiles == SPACES and len(SPACES) == 8
    assert state.cards.green is not None


def test_setup_expansion_cards_vary_with_the_seed() -> None:
    drawn = {new_game(2, seed=s, expansion=True).cards for s in range(40)}
    assert len(drawn) > 10


def test_setup_first_game_uses_the_four_cards_marked_two() -> None:
    state = new_game(2, expansion=True, first_game=True)
    c = state.cards
    assert (c.brown, c.purple, c.grey, c.green) == FIRST_GAME


def test_setup_named_cards_win_over_the_draw() -> None:
    state = new_game(2, expansion=True, brown="coins", green="city_majority")
    assert state.cards.brown == "coins" and state.cards.green == "city_majority"


def test_setup_board_side_option() -> None:
    assert new_game(2).board == "basic"
    assert new_game(2, board="advanced").board == "advanced"


def test_options_reject_unknown_fields_and_have_a_schema() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"expansoin": True}, Options)
    schema = msgspec.json.schema(Options)
    props = schema["$defs"]["Options"]["properties"]
    assert set(props) == {"expansion", "board", "first_game", "brown", "purple", "grey",
                          "green"}
    assert GAME.default_options() == Options()


def test_setup_bag_draws_and_reveals_are_irreversible() -> None:
    events = GAME.start(Options(expansion=True), 2, Random(1))
    assert [GAME.irreversible(e) for e in events] == [False] + [True] * 10
