"""Closed areas: counting segments, who places tokens and in which order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.villa import GAME
from domain.villa.commands import ResolveArea
from domain.villa.events import AreaClosed, AreaCounted, TokenSkipped
from domain.villa.resolve import segment_counts, tie_order
from domain.villa.state import Supply

from .helpers import BLUE, GREEN, PINK, YELLOW, act, begin, closing, counted, lay, tokens_placed


def test_example_blue_three_segments_against_green_one_blue_places() -> None:
    state, events = counted(closing(4, turn=GREEN), [3, 1, 0, 0])
    assert tokens_placed(events) == [(BLUE, None)]
    assert [t.colour for t in state.areas[0].tokens] == [BLUE]


def test_example_without_blue_in_the_game_the_area_goes_to_green() -> None:
    state = closing(3, turn=0, colours=["green", "pink", "yellow"])
    _, events = counted(state, [3, 1, 0, 0])
    assert tokens_placed(events) == [(GREEN, None)]


def test_example_pink_and_green_tied_at_two_green_first_pink_the_closer_on_top() -> None:
    state, events = counted(closing(4, turn=PINK), [0, 2, 2, 0])
    assert tokens_placed(events) == [(GREEN, None), (PINK, None)]
    assert [t.colour for t in state.areas[0].tokens] == [GREEN, PINK]  # bottom to top


def test_example_without_green_only_pink_places() -> None:
    state = closing(3, turn=1, colours=["blue", "pink", "yellow"])
    _, events = counted(state, [0, 2, 2, 0])
    assert tokens_placed(events) == [(PINK, None)]


def test_example_pink_closes_but_blue_claims_it_with_five_segments() -> None:
    _, events = counted(closing(4, turn=PINK), [5, 1, 4, 3])  # Pink 4, Yellow 3, Green 1
    assert tokens_placed(events) == [(BLUE, None)]


def test_ties_place_from_the_left_of_the_current_player_clockwise_closer_last() -> None:
    state, events = counted(closing(4, turn=1), [2, 2, 2, 2])
    assert tokens_placed(events) == [(PINK, None), (YELLOW, None), (BLUE, None), (GREEN, None)]
    assert state.areas[0].tokens[-1].colour == GREEN


def test_no_segment_of_a_player_in_play_means_no_token() -> None:
    state, events = counted(closing(2, turn=0), [0, 0, 3, 1])  # only pink and yellow: not in play
    assert tokens_placed(events) == [] and state.areas[0].tokens == ()
    (count,) = [e for e in events if isinstance(e, AreaCounted)]
    assert count.winners == []


def test_segments_inside_an_area_count_as_perimeter() -> None:
    """A 2x2 area into which the Starting Hedge's yellow end pokes: yellow has 2 segments
    around it and 1 inside, so 3, against 2 for each other colour. Two brackets make the
    area, each ending at (1, 0), where the Starting Hedge runs on between them."""
    state, _ = lay(begin(4), 9, 1, 0, 3, True)  # up, right along the top, down
    state, events = lay(state, 10, 1, 0, 3)  # down, right along the bottom, up
    (closed,) = [e for e in events if isinstance(e, AreaClosed)]
    assert closed.cells == [(1, -1), (1, 0), (2, -1), (2, 0)]
    assert segment_counts(state, 0) == [2, 2, 2, 3]
    assert tokens_placed(events) == [(YELLOW, None)]


def test_colours_not_in_play_are_ignored() -> None:
    """The same area with two players: yellow's 3 do not count; blue and green tie at 2."""
    state, _ = lay(begin(2), 9, 1, 0, 3, True)
    state, events = lay(state, 10, 1, 0, 3)  # green (seat 1) closes it
    assert tokens_placed(events) == [(BLUE, None), (GREEN, None)]


def test_several_areas_closed_at_once_the_player_chooses_the_order() -> None:
    state, _ = lay(begin(4), 29, 2, 0)  # a cup from the Starting Hedge's end, to the right
    state, events = lay(state, 17, 3, 0, 1, True)  # a hook closes both sides of its first segment
    assert [e.cells for e in events if isinstance(e, AreaClosed)] == [[(2, -1)], [(2, 0)]]
    assert state.phase == "choose_area" and GAME.active(state) == [1]
    assert GAME.legal(state, 1) == [ResolveArea(0), ResolveArea(1)]
    state, events = act(state, 1, ResolveArea(1))
    counts = [e.area for e in events if isinstance(e, AreaCounted)]
    assert counts == [1, 0]  # the one chosen first, then the last by itself


def test_a_colour_out_of_tokens_places_none() -> None:
    state = closing(2, turn=0)
    supplies = list(state.supplies)
    supplies[BLUE] = Supply(0, (), 10)
    state = replace(state, supplies=tuple(supplies))
    _, events = counted(state, [3, 1, 0, 0])
    assert [e.colour for e in events if isinstance(e, TokenSkipped)] == [BLUE]


@given(seats=st.integers(2, 4), turn=st.integers(0, 3), data=st.data())
def test_tie_order_every_winner_once_clockwise_from_the_left_closer_last(
        seats: int, turn: int, data: st.DataObject) -> None:
    turn %= seats
    state = replace(begin(seats), turn=turn)
    winners = data.draw(st.lists(st.sampled_from(state.in_play()), unique=True, min_size=1))
    order = tie_order(state, sorted(winners))
    assert all(len(group) == 1 for group in order)
    flat = [group[0] for group in order]
    assert sorted(flat) == sorted(winners)
    distance = [(state.owners[c] - turn - 1) % seats for c in flat]
    assert distance == sorted(distance)  # the closer's distance is seats - 1: last


@given(turn=st.integers(0, 3), winners=st.lists(st.integers(0, 3), unique=True, min_size=1))
def test_team_tie_order_opponents_to_choose_then_teammate_then_closer(
        turn: int, winners: list[int]) -> None:
    state = replace(begin(4, team=True), turn=turn)
    order = tie_order(state, sorted(winners))
    sides = [{state.teams[c] for c in group} for group in order]
    mine = state.teams[turn]
    rivals = [c for c in winners if state.teams[c] != mine]
    if rivals:  # one group first, which the opposing team orders
        assert order[0] == sorted(rivals)
    assert all(side == {mine} for side in sides[1 if rivals else 0:])
    if turn in winners:
        assert order[-1] == [turn]
