"""The turn's end: the object purchase, the end-of-game announcement, the 30th
building, the final scoring and the tie-break."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.commands import (
    AnnounceEnd,
    Build,
    BuyObject,
    EndTurn,
    PassTurn,
    PayBlocks,
    TurnWheel,
)
from domain.carrara.components import ITEMS, Tile
from domain.carrara.events import EndAnnounced, GameEnded, ObjectBought, TurnEnded
from domain.carrara.scoring import final_scores
from domain.core import Illegal, UndoRefused
from domain.core.simulate import Simulation

from .helpers import act, blocks, board, items, new_game, play, with_player

# a board of total cost 30 with enough VP-independent holdings for every player count
THIRTY = board(lerici=[("villa", 5), ("porta", 5), ("palazzo", 5)],
               massa=[("villa", 4), ("porta", 4), ("castello", 4), ("biblioteca", 3)])


def ready(seats: int, seat: int = 0) -> object:
    """A game where `seat` meets the three basic objectives and is in its purchase step."""
    state = new_game(seats)
    state = with_player(state, seat, scorings=4, items=items(book=8), cities=THIRTY)
    return replace(state, turn=seat, phase="purchase")


def test_object_purchase_costs_ten_coins_and_is_never_refilled() -> None:
    state = replace(new_game(2), phase="purchase")
    assert [c for c in GAME.legal(state, 0) if isinstance(c, BuyObject)] == [
        BuyObject(i) for i in ITEMS]
    state, events = act(state, 0, BuyObject("cup"))
    assert events == [ObjectBought(0, "cup", 10)]
    assert state.players[0].coins == 10 and state.players[0].items == items(cup=1)
    assert "cup" not in state.for_sale and state.supply == (5,) * 6
    assert GAME.legal(state, 0) == [EndTurn()]  # one object per turn at most


def test_object_purchase_needs_ten_coins() -> None:
    state = with_player(replace(new_game(2), phase="purchase"), 0, coins=9)
    assert GAME.legal(state, 0) == [EndTurn()]
    with pytest.raises(Illegal, match="costs 10 coins; you have 9"):
        GAME.decide(state, 0, BuyObject("book"), None)  # type: ignore[arg-type]


def test_a_turn_is_exactly_one_action() -> None:
    state = play(new_game(2), 0, TurnWheel())
    state = play(state, 0, GAME.legal(state, 0)[0])
    assert state.phase == "purchase"
    assert not any(isinstance(c, TurnWheel | Build) for c in GAME.legal(state, 0))
    with pytest.raises(Illegal, match="this step of your turn is to buy an object"):
        GAME.decide(state, 0, TurnWheel(), None)  # type: ignore[arg-type]
    state, events = act(state, 0, EndTurn())
    assert events == [TurnEnded(0)] and state.turn == 1 and state.phase == "action"


@pytest.mark.parametrize(("seats", "objects", "cost"), [(4, 6, 20), (3, 7, 25), (2, 8, 30)])
def test_end_conditions_basic_by_player_count(seats: int, objects: int, cost: int) -> None:
    tiles = board(lerici=[("villa", 5)] * (cost // 5))
    met = with_player(new_game(seats), 0, scorings=4, items=items(book=objects), cities=tiles)
    met = replace(met, phase="closing")
    assert AnnounceEnd() in GAME.legal(met, 0)
    for short in (dict(scorings=3), dict(items=items(book=objects - 1)),
                  dict(cities=board(lerici=[("villa", 5)] * (cost // 5 - 1) + [("porta", 4)]))):
        state = with_player(met, 0, **short)  # type: ignore[arg-type]
        assert GAME.legal(state, 0) == [EndTurn()]
    with pytest.raises(Illegal, match="not met the objective"):
        GAME.decide(with_player(met, 0, scorings=3), 0, AnnounceEnd(), None)  # type: ignore[arg-type]


def test_announcement_is_the_players_choice() -> None:
    state = ready(2)
    legal = GAME.legal(state, 0)  # type: ignore[arg-type]
    assert EndTurn() in legal and AnnounceEnd() in legal
    state, _ = act(state, 0, EndTurn())  # type: ignore[arg-type]
    assert state.end is None and state.turn == 1  # declined: the game goes on


def test_announcement_flow_finishes_the_round_then_ends() -> None:
    state = ready(4, seat=1)
    state, events = act(state, 1, AnnounceEnd())  # type: ignore[arg-type]
    assert events == [EndAnnounced(1, 5), TurnEnded(1)]
    assert state.players[1].vp == 5 and state.end == "announced" and state.announcer == 1
    # seats 2 and 3 still play this round; nobody else may announce
    state = with_player(state, 2, scorings=4, items=items(book=8), cities=THIRTY)
    state = replace(state, phase="purchase")
    assert AnnounceEnd() not in GAME.legal(state, 2)
    state = play(state, 2, EndTurn())
    assert state.turn == 3 and GAME.active(state) == [3]
    assert PassTurn() in GAME.legal(state, 3)  # research: the last turn may be skipped
    state, events = act(state, 3, PassTurn())
    assert events == [TurnEnded(3, passed=True), GameEnded("announced")]
    assert GAME.active(state) == [] and GAME.outcome(state) is not None


def test_announcement_by_the_last_seat_ends_the_game_at_once() -> None:
    state, events = act(ready(3, seat=2), 2, AnnounceEnd())  # type: ignore[arg-type]
    assert events == [EndAnnounced(2, 5), TurnEnded(2), GameEnded("announced")]
    assert state.phase == "over"


def test_pass_turn_only_in_the_last_round() -> None:
    state = new_game(2)
    assert PassTurn() not in GAME.legal(state, 0)
    with pytest.raises(Illegal, match="only in the last round"):
        GAME.decide(state, 0, PassTurn(), None)  # type: ignore[arg-type]


def test_game_ends_after_the_thirtieth_building_when_the_round_is_over() -> None:
    last = Tile("villa", 1)
    state = with_player(new_game(3), 1, blocks=blocks(black=1))
    state = replace(state, turn=1, pile=(), display=(last,) + (None,) * 8)
    state = play(state, 1, Build(last, "lerici"), PayBlocks(("black",)))
    assert state.end == "last_building"
    state = play(state, 1, EndTurn())
    assert state.turn == 2 and state.phase == "action"
    assert AnnounceEnd() not in GAME.legal(replace(state, phase="closing"), 2)
    state, events = act(state, 2, PassTurn())
    assert events[-1] == GameEnded("last_building")


def test_final_scoring_basic_four_player_example() -> None:
    # research: 7 objects (21 VP), building costs 23, 4 coins (0 VP), announced (+5)
    tiles = board(lerici=[("villa", 1), ("porta", 4), ("palazzo", 3), ("castello", 5)],
                  massa=[("villa", 2), ("porta", 3), ("palazzo", 5)])
    state = with_player(new_game(4), 0, items=items(cup=7), cities=tiles, coins=4, vp=5,
                        announced=True)
    parts = final_scores(state)[0]
    assert parts == {"track": 0, "announcement": 5, "objects": 21, "buildings": 23,
                     "bonus": 0, "coins": 0,
                     "total": 49, "blocks": 1}


def test_final_scoring_coins_by_five_rounded_down() -> None:
    state = with_player(new_game(2), 0, coins=31)
    assert final_scores(state)[0]["coins"] == 6


def test_tie_goes_to_most_blocks_then_is_shared() -> None:
    state = replace(new_game(3), phase="over")
    state = with_player(state, 0, blocks=blocks(white=3))
    state = with_player(state, 1, blocks=blocks(black=2))
    state = with_player(state, 2, blocks=blocks(red=3))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == [4, 4, 4]  # 20 coins each
    assert outcome.ranks == [1, 3, 1] and outcome.winners == [0, 2]


def test_undo_takes_back_a_building_choice_but_never_a_bag_draw() -> None:
    sim = Simulation(GAME, 2, {}, seed=1)
    sim.command(0, TurnWheel())
    with pytest.raises(UndoRefused):
        sim.undo(0)  # the refill drew blocks from the bag: irreversible
    # a game where the start player can build a cost-1 tile with the black block
    seed = next(s for s in range(100) if any(
        isinstance(c, Build) for c in Simulation(GAME, 2, {}, seed=s).legal(0)))
    sim = Simulation(GAME, 2, {}, seed=seed)
    before = sim.state
    sim.command(0, next(c for c in sim.legal(0) if isinstance(c, Build)))
    assert sim.state.phase == "pay"
    sim.undo(0)
    assert sim.state == before


def test_final_scoring_basic_two_player_example() -> None:
    # research: 6 objects (18 VP), costs 2+4+4+3+5+1+2+4 = 25, 31 coins (6 VP): 49 VP
    tiles = board(lerici=[("villa", 2), ("porta", 4), ("palazzo", 4), ("castello", 3)],
                  massa=[("villa", 5), ("porta", 1), ("palazzo", 2), ("castello", 4)])
    state = with_player(new_game(2), 0, items=items(cup=3, gate=3), cities=tiles, coins=31)
    assert final_scores(state)[0]["total"] == 49
