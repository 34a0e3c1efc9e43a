"""Action I, buying blocks: the wheel, its prices, the refill, the purchase."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.commands import BuyBlocks, KeepWheel, TakeCoins, TurnWheel
from domain.carrara.components import COLOURS, price
from domain.carrara.events import BlocksBought, BlocksDrawn, CoinsTaken, WheelTurned
from domain.core import Illegal

from .helpers import act, blocks, new_game, with_player

EMPTY = (0,) * 6


def test_price_table_of_all_six_sections() -> None:
    # rows: sections I-VI; columns: white, yellow, red, green, blue, black
    table = [
        [6, 5, 4, 3, 2, 1],
        [5, 4, 3, 2, 1, 0],
        [4, 3, 2, 1, 0, 0],
        [3, 2, 1, 0, 0, 0],
        [2, 1, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0],
    ]
    assert [[price(c, s) for c in COLOURS] for s in range(6)] == table
    view = GAME.view(new_game(2), None)
    assert [[sec.prices[c] for c in COLOURS] for sec in view.wheel] == table
    assert [sec.number for sec in view.wheel] == ["I", "II", "III", "IV", "V", "VI"]


def test_turning_moves_every_block_one_section_and_section_six_back_to_one() -> None:
    state = new_game(2)
    wheel = tuple(blocks(**{COLOURS[i]: i + 1}) for i in range(6))  # 21 blocks: no refill
    state = replace(state, wheel=wheel)
    state, events = act(state, 0, TurnWheel())
    assert events == [WheelTurned(0)]
    assert state.wheel == (wheel[5], *wheel[:5])
    assert state.phase == "buy"


def test_refill_section_one_until_eleven_blocks_lie_on_the_wheel() -> None:
    state = new_game(2)
    state, events = act(state, 0, TurnWheel())
    drawn = events[1]
    assert isinstance(drawn, BlocksDrawn) and len(drawn.blocks) == 5
    assert sum(map(sum, state.wheel)) == 11
    assert state.wheel[1] == (1,) * 6  # the first blocks moved on to section II
    assert sum(state.wheel[0]) == 5 and sum(state.bag) == 42 - 6 - 2 - 5
    assert GAME.irreversible(drawn) and not GAME.irreversible(events[0])


def test_refill_stops_when_the_bag_is_empty() -> None:
    state = replace(new_game(2), bag=blocks(red=2))
    state, events = act(state, 0, TurnWheel())
    assert events[1] == BlocksDrawn(("red", "red"))
    assert sum(map(sum, state.wheel)) == 8 and state.bag == EMPTY


def test_draws_come_from_what_remains_in_the_bag() -> None:
    state = replace(new_game(2), bag=blocks(blue=3, white=1))
    for seed in range(20):
        _, events = act(state, 0, TurnWheel(), seed=seed)
        assert isinstance(events[1], BlocksDrawn)
        assert sorted(events[1].blocks) == sorted(["white", "blue", "blue", "blue"])


def test_buy_lists_every_affordable_multiset_of_one_section() -> None:
    state = replace(new_game(2), wheel=(EMPTY, blocks(green=1, blue=1, black=1)) + (EMPTY,) * 4,
                    phase="buy")
    state = with_player(state, 0, coins=2)
    legal = GAME.legal(state, 0)
    # section II: green 2, blue 1, black free; with 2 coins
    assert sorted(c.blocks for c in legal if isinstance(c, BuyBlocks)) == sorted([
        ("green",), ("blue",), ("black",), ("green", "black"), ("blue", "black"),
    ])
    assert all(isinstance(c, BuyBlocks) and c.section == 1 for c in legal)


def test_buy_pays_the_section_prices_and_puts_blocks_behind_the_screen() -> None:
    state = replace(new_game(2), wheel=(EMPTY, blocks(green=1, blue=1, black=1)) + (EMPTY,) * 4,
                    phase="buy")
    state, events = act(state, 0, BuyBlocks(1, ("green", "blue", "black")))
    assert events == [BlocksBought(0, 1, ("green", "blue", "black"), 3)]
    assert state.players[0].coins == 17
    assert state.players[0].blocks == blocks(green=1, blue=1, black=2)
    assert state.wheel[1] == EMPTY and state.phase == "purchase"


def test_buy_from_one_section_only_and_refusals_quote_the_input() -> None:
    state = replace(new_game(2), phase="buy", wheel=(blocks(white=1),) + (EMPTY,) * 5)
    with pytest.raises(Illegal, match=r"section=1 \(II\) blocks=\['white'\].*holds 0 white"):
        GAME.decide(state, 0, BuyBlocks(1, ("white",)), None)  # type: ignore[arg-type]
    state = with_player(state, 0, coins=5)
    with pytest.raises(Illegal, match="costs 6 coins; you have 5"):
        GAME.decide(state, 0, BuyBlocks(0, ("white",)), None)  # type: ignore[arg-type]


def test_free_blocks_can_be_taken_without_coins() -> None:
    state = replace(new_game(2), phase="buy", wheel=(EMPTY,) * 5 + (blocks(yellow=2),))
    state = with_player(state, 0, coins=0)
    assert GAME.legal(state, 0) == [BuyBlocks(5, ("yellow",)), BuyBlocks(5, ("yellow", "yellow"))]


def test_a_player_who_cannot_buy_takes_two_coins() -> None:
    state = replace(new_game(2), phase="buy", wheel=(blocks(white=3),) + (EMPTY,) * 5)
    state = with_player(state, 0, coins=5)
    assert GAME.legal(state, 0) == [TakeCoins()]
    state, events = act(state, 0, TakeCoins())
    assert events == [CoinsTaken(0, 2)] and state.players[0].coins == 7
    assert state.phase == "purchase"


def test_take_coins_is_refused_when_a_block_can_be_bought() -> None:
    state = replace(new_game(2), phase="buy")
    with pytest.raises(Illegal, match="only when you cannot buy"):
        GAME.decide(state, 0, TakeCoins(), None)  # type: ignore[arg-type]


def test_no_buying_when_wheel_and_bag_are_empty() -> None:
    state = replace(new_game(2), wheel=(EMPTY,) * 6, bag=EMPTY)
    state = with_player(state, 0, blocks=EMPTY)
    assert GAME.legal(state, 0) == [TakeCoins()]  # nothing else is possible
    state = with_player(state, 0, blocks=blocks(white=5))
    legal = GAME.legal(state, 0)
    assert TurnWheel() not in legal and TakeCoins() not in legal


def test_turning_is_allowed_with_blocks_on_the_wheel_and_an_empty_bag() -> None:
    state = replace(new_game(2), bag=EMPTY)
    state, events = act(state, 0, TurnWheel())
    assert events == [WheelTurned(0)] and state.wheel[1] == (1,) * 6


def test_basic_game_always_turns_the_wheel() -> None:
    assert KeepWheel() not in GAME.legal(new_game(2), 0)
    with pytest.raises(Illegal, match="expansion rule"):
        GAME.decide(new_game(2), 0, KeepWheel(), None)  # type: ignore[arg-type]


def test_expansion_buy_without_turning_does_not_refill() -> None:
    state = new_game(2, expansion=True)
    assert KeepWheel() in GAME.legal(state, 0)
    after, events = act(state, 0, KeepWheel())
    assert len(events) == 1 and after.wheel == state.wheel and after.bag == state.bag
    assert after.phase == "buy"
    assert BuyBlocks(0, ("black",)) in GAME.legal(after, 0)


def test_expansion_turning_is_forced_when_the_wheel_is_empty() -> None:
    state = replace(new_game(2, expansion=True), wheel=(EMPTY,) * 6)
    legal = GAME.legal(state, 0)
    assert TurnWheel() in legal and KeepWheel() not in legal
    with pytest.raises(Illegal, match="must turn it"):
        GAME.decide(state, 0, KeepWheel(), None)  # type: ignore[arg-type]


def test_expansion_without_turning_a_player_who_cannot_buy_takes_two_coins() -> None:
    state = replace(new_game(2, expansion=True), wheel=(blocks(white=1),) + (EMPTY,) * 5)
    state = with_player(state, 0, coins=3)
    state, _ = act(state, 0, KeepWheel())
    assert GAME.legal(state, 0) == [TakeCoins()]
    state, events = act(state, 0, TakeCoins())
    assert events == [CoinsTaken(0, 2)] and state.players[0].coins == 5
