"""Setup rules (seed, research) and the options."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from domain.carrara import GAME
from domain.carrara.cards import BASIC_CARDS, FIRST_GAME
from domain.carrara.commands import ScoreCategory
from domain.carrara.components import BASE_TILES, CITIES, EIGHT_TILES, ITEMS, SPACES
from domain.carrara.events import CardsDrawn, GameStarted
from domain.carrara.options import Options, problems
from domain.carrara.state import upgrade_choices
from domain.core import Illegal, registry
from domain.core.simulate import Simulation

from .helpers import blocks, board, new_game, with_player


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


def test_first_game_cards_are_for_the_first_game_with_the_expansion() -> None:
    # rulebook: "First game with the expansion: Use the 4 cards with a 2"; the basic game
    # plays the objectives printed on the Objectives board
    with pytest.raises(Illegal, match=r'^first_game=true needs the expansion: .*"2".*printed'):
        new_game(2, first_game=True)
    with pytest.raises(Illegal, match="first_game=true"):
        Simulation(GAME, 3, {"first_game": True})


def test_named_cards_need_the_expansion_the_basic_game_plays_the_printed_objectives() -> None:
    # rulebook: the basic objectives are printed on the board; green cards "are not used
    # in the basic version of the game"
    with pytest.raises(Illegal) as refused:
        new_game(2, brown="score_4_times", green="two_cities")
    assert refused.value.message.startswith(
        'brown="score_4_times", green="two_cities": named cards need the expansion;')
    assert "printed on the Objectives board" in refused.value.message
    for colour, card in (("purple", "objects"), ("grey", "total_cost")):
        with pytest.raises(Illegal, match=f'^{colour}="{card}": named cards'):
            new_game(2, **{colour: card})
    assert len(problems(Options(first_game=True, grey="total_cost"))) == 2
    assert problems(Options(expansion=True, first_game=True, grey="total_cost")) == []


def test_setup_named_cards_win_over_the_draw() -> None:
    state = new_game(2, expansion=True, brown="coins", green="city_majority")
    assert state.cards.brown == "coins" and state.cards.green == "city_majority"


def test_expansion_uses_the_building_category_side_of_the_board() -> None:
    # rulebook, expansion setup 1: "the side of their player board with the Building
    # Category spaces"; with it come the two category scorings and upgrade tiles
    state = with_player(new_game(2, expansion=True), 0, cities=board(lerici=[("villa", 1)]))
    assert state.board == "advanced"
    assert ScoreCategory("land") in GAME.legal(state, 0)
    assert upgrade_choices(state) == SPACES
    started = GAME.start(Options(expansion=True), 2, Random(0))[0]
    assert started == GameStarted(2, True, "advanced")


def test_basic_game_uses_the_side_of_the_board_with_trees() -> None:
    # rulebook, setup 2: "Use the side with trees"; the category spaces are expansion parts
    assert new_game(2).board == "basic" and new_game(2, board="basic").board == "basic"
    with pytest.raises(Illegal, match=r'^board="advanced" needs the expansion: .*trees'):
        new_game(2, board="advanced")


def test_expansion_may_be_played_on_the_basic_side_as_the_seed_summarises_it() -> None:
    # seed: the upgrade goes onto the matching city, scoring "wie im Basisspiel"
    state = with_player(new_game(2, expansion=True, board="basic"), 0,
                        cities=board(lerici=[("villa", 1)]))
    assert state.board == "basic" and upgrade_choices(state) == CITIES
    assert not any(isinstance(c, ScoreCategory) for c in GAME.legal(state, 0))


def test_board_option_text_says_which_side_the_rules_allow() -> None:
    schema = msgspec.json.schema(Options)["$defs"]["Options"]
    for text in (schema["properties"]["board"]["description"], schema["description"]):
        words = " ".join(text.split())
        assert "Building Category" in words and "Only with the expansion" in words


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
