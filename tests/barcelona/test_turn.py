"""A turn: placing Citizens, Intersection benefits, street actions, construction, end."""

from __future__ import annotations

from msgspec.structs import replace

from domain.barcelona.commands import (
    Build,
    ChooseBenefits,
    EndActions,
    EndTurn,
    PlaceCitizens,
    Skip,
    TakeAction,
)
from domain.barcelona.components import Cls
from domain.barcelona.events import CitizensDrawn
from domain.barcelona.state import State, active, put

from .helpers import act, at_crossing, laid, legal, new_game, play, settled, stacks, with_player


def _hand(state: State, seat: int = 0, hand: tuple[Cls, ...] = ("working", "upper")) -> State:
    return with_player(state, seat, hand=hand)


def test_citizens_go_on_a_crossing_with_no_citizens_only() -> None:
    state = stacks(_hand(new_game(2)), c7=("middle",))
    crossings = {c.crossing for c in legal(state) if isinstance(c, PlaceCitizens)}
    assert 7 not in crossings and 8 in crossings and len(crossings) == 24


def test_both_citizens_stack_in_the_chosen_order_top_visible() -> None:
    state = play(_hand(new_game(2)), 0, PlaceCitizens(8, "upper"))
    assert state.stacks[8] == ("working", "upper") and state.players[0].hand == ()
    assert state.phase == "actions" and state.crossing == 8


def test_diagonal_crossings_cost_one_coin() -> None:
    state = play(_hand(new_game(2)), 0, PlaceCitizens(6, "upper"))
    assert state.players[0].coins == 0
    broke = with_player(_hand(new_game(2)), 0, coins=0)
    assert not any(c.crossing in (0, 6, 12, 18, 24) for c in legal(broke)
                   if isinstance(c, PlaceCitizens))


def test_an_intersection_lifts_the_crossing_cost_for_everyone() -> None:
    state = _hand(new_game(2))
    state = replace(state, intersections=put(state.intersections, 6, 1))
    state = with_player(state, 1, intersections=1)
    state = play(state, 0, PlaceCitizens(6, "upper"))
    assert state.players[0].coins == 1


def _owned(state: State, x: int = 7, owner: int = 1, built: int = 1) -> State:
    state = replace(state, intersections=put(state.intersections, x, owner))
    return with_player(state, owner, intersections=built)


def test_intersection_owner_takes_benefits_at_once_even_in_another_players_turn() -> None:
    state = play(_owned(_hand(new_game(2))), 0, PlaceCitizens(7, "upper"))
    assert active(state) == [1]
    assert legal(state, 1) == [ChooseBenefits(()), ChooseBenefits(("coin",))]
    state = play(state, 1, ChooseBenefits(("coin",)))
    assert state.players[1].coins == 2 and active(state) == [0] and state.phase == "actions"


def test_own_intersection_gives_its_owner_the_benefits_too() -> None:
    state = play(_owned(_hand(new_game(2)), owner=0), 0, PlaceCitizens(7, "upper"))
    assert active(state) == [0] and legal(state)[0] == ChooseBenefits(())


def test_intersection_benefits_up_to_one_two_three_among_those_unlocked() -> None:
    counts = {}
    for built in (1, 2, 3, 4, 5):
        state = play(_owned(_hand(new_game(2)), built=built), 0, PlaceCitizens(7, "upper"))
        choices = [c.benefits for c in legal(state, 1)]
        counts[built] = (max(len(c) for c in choices), {b for c in choices for b in c})
    assert counts[1] == (1, {"coin"}) and counts[2] == (1, {"coin", "vp"})
    assert counts[3] == (2, {"coin", "vp", "cloth"}) and counts[4][0] == 2
    assert counts[5] == (3, {"coin", "vp", "cloth", "cerda", "sagrada"})


def test_option_benefits_at_the_start_of_your_turn_wait_for_the_owner() -> None:
    state = _owned(_hand(new_game(2, intersection_benefits="start_of_turn")))
    state = play(state, 0, PlaceCitizens(7, "upper"))
    assert active(state) == [0] and state.players[1].waiting == 1
    state = play(state, 0, EndActions(), EndTurn())
    assert active(state) == [1] and state.players[1].waiting == 0
    assert legal(state, 1) == [ChooseBenefits(()), ChooseBenefits(("coin",))]


def test_street_actions_of_the_row_and_column_each_at_most_once() -> None:
    state = at_crossing(laid(new_game(2), row1="coins", col2="cerda"), 7)
    assert set(legal(state)) == {TakeAction("coins"), TakeAction("cerda"), EndActions()}
    state = play(state, 0, TakeAction("cerda"))
    assert set(legal(state)) == {TakeAction("coins"), EndActions()}
    assert state.players[0].cerda == 5


def test_a_diagonal_crossing_adds_the_diagonal_action() -> None:
    state = at_crossing(laid(new_game(2), row2="coins", col2="cerda", diag="cloth_vp"), 12)
    assert {c for c in legal(state) if isinstance(c, TakeAction)} == {
        TakeAction("coins"), TakeAction("cerda"), TakeAction("cloth_vp")}


def test_every_street_action_is_optional() -> None:
    state = at_crossing(laid(new_game(2), row1="coins", col2="cerda"), 7)
    state = play(state, 0, EndActions())
    assert state.phase == "confirm" and legal(state) == [EndTurn()]


def test_construction_is_mandatory_when_possible() -> None:
    state = at_crossing(laid(new_game(2), row1="coins", col2="cerda"), 7)
    state = stacks(state, c8=("middle",))
    state = play(state, 0, EndActions())
    options = legal(state)
    assert state.phase == "build" and options and all(isinstance(c, Build) for c in options)
    assert EndTurn() not in options


def test_end_of_turn_draws_two_citizens_from_the_bag() -> None:
    state = at_crossing(new_game(2), 7)
    state = with_player(state, 0, hand=())
    state, events = act(play(state, 0, EndActions()), 0, EndTurn())
    drawn = [e for e in events if isinstance(e, CitizensDrawn)]
    assert len(drawn) == 1 and drawn[0].count == 2 and len(state.players[0].hand) == 2
    assert state.turn == 1 and state.phase == "place"


def test_option_without_confirmation_the_turn_ends_by_itself() -> None:
    state = at_crossing(new_game(2, confirm_end_of_turn=False), 7)
    state = play(state, 0, EndActions())
    assert state.turn == 1 and state.phase == "place"


def test_assumption_a_player_who_cannot_place_triggers_the_end() -> None:
    state = settled(with_player(new_game(2), 0, hand=()))
    assert state.end and state.phase == "draw"  # the turn passes; the round is finished


def test_skip_declines_an_optional_step() -> None:
    from domain.barcelona.state import Task
    state = at_crossing(new_game(2), 7)
    state = replace(state, tasks=(Task("sagrada", 0, n=2),))
    assert set(legal(state)) >= {Skip()}
    assert play(state, 0, Skip()).tasks == ()
