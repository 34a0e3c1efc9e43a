"""Constructing Buildings: requirements, levels, tracks, bonus tiles and markers."""

from __future__ import annotations

from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.commands import Build
from domain.barcelona.events import CitizenUncovered
from domain.barcelona.geometry import BUILDING_CORNERS
from domain.barcelona.state import Site, State, put

from .helpers import act, legal, new_game, play, stacks, with_player

SQUARE = 2  # block (0, 1): crossings 1, 2, 6, 7
TRIANGLE = 0  # block (0, 0), above the Diagonal: crossings 0, 1, 6


def _building(**at: tuple[str, ...]) -> State:
    state = replace(new_game(3), phase="build", crossing=7, turn=0)
    return stacks(state, **at)


def _builds(state: State, site: int = SQUARE) -> list[Build]:
    return [c for c in legal(state) if isinstance(c, Build) and c.site == site]


def test_spaces_take_citizens_from_the_four_corners_or_the_three_of_a_corner_triangle() -> None:
    assert BUILDING_CORNERS[SQUARE] == (1, 2, 6, 7)
    assert BUILDING_CORNERS[TRIANGLE] == (0, 1, 6)
    assert len(BUILDING_CORNERS) == 20


def test_level_one_needs_any_two_citizens_and_advances_one_cerda_step() -> None:
    state = _building(c1=("working",), c7=("upper",))
    assert Build(SQUARE, 1, (1, 7)) in _builds(state)
    assert not any(c.level == 2 for c in _builds(state))  # no Middle Citizen
    state = play(state, 0, Build(SQUARE, 1, (1, 7)))
    assert state.sites[SQUARE] == Site(1, (0,)) and state.players[0].cerda == 4


def test_level_two_needs_a_middle_citizen_may_give_sagrada_and_goes_back_one_cerda() -> None:
    state = _building(c1=("middle",), c2=("working",))
    state = play(state, 0, Build(SQUARE, 2, (1, 2)))
    assert state.players[0].cerda == 2 and state.tasks[-1].kind == "sagrada"
    assert state.tasks[-1].n == 1


def test_level_three_needs_an_upper_and_two_more_gives_seven_vp_and_goes_back_two() -> None:
    state = _building(c1=("upper",), c2=("working",), c6=("working",))
    state = play(state, 0, Build(SQUARE, 3, (1, 2, 6)))
    p = state.players[0]
    assert p.cerda == 1 and state.tasks[-1].n == 2
    assert p.vp == 5 + 7 + 1  # bonus tile, level 3, the lowest visible track value


def test_corner_buildings_go_on_the_diagonal_triangles_with_two_citizens() -> None:
    state = _building(c0=("working",), c1=("working",), c6=("middle",))
    corners = _builds(state, TRIANGLE)
    assert {c.crossings for c in corners} == {(0, 1), (0, 6), (1, 6)}
    assert all(c.level == 0 for c in corners)
    state = play(state, 0, Build(TRIANGLE, 0, (0, 6)))
    assert state.players[0].cerda == 3  # no effect


def test_more_qualifying_citizens_than_needed_the_player_chooses() -> None:
    state = _building(c1=("working",), c2=("working",), c6=("working",), c7=("working",))
    assert len([c for c in _builds(state) if c.level == 1]) == 6


def test_only_the_visible_top_citizen_counts() -> None:
    state = _building(c1=("middle", "working"), c2=("working",))
    assert not any(c.level == 2 for c in _builds(state))


def test_level_two_covers_level_one_and_level_three_covers_one_or_two() -> None:
    state = _building(c1=("middle",), c2=("upper",), c6=("working",))
    state = replace(state, sites=put(state.sites, SQUARE, Site(1, (1,))))
    assert {c.level for c in _builds(state)} == {2, 3}
    state = play(state, 0, Build(SQUARE, 2, (1, 6)))
    assert state.sites[SQUARE] == Site(2, (1, 0))  # markers stack, new on top


def test_corners_and_level_three_cannot_be_overbuilt() -> None:
    state = _building(c0=("upper",), c1=("upper",), c2=("upper",), c6=("upper",), c7=("upper",))
    state = replace(state, sites=put(put(state.sites, SQUARE, Site(3, (1,))), TRIANGLE, Site(0, (1,))))
    assert _builds(state) == [] and _builds(state, TRIANGLE) == []


def test_first_building_in_a_block_row_flips_its_bonus_tile_for_five_vp() -> None:
    state = _building(c1=("working",), c2=("working",), c6=("working",), c7=("working",))
    state = play(state, 0, Build(SQUARE, 1, (1, 2)))
    assert state.flipped == (True, False, False, False) and state.players[0].vp == 5 + 1
    state = stacks(replace(state, phase="build", tasks=()), c3=("working",), c8=("working",))
    state = play(state, 0, Build(3, 1, (3, 8)))
    assert state.players[0].vp == 6 + 1  # the row's tile is already flipped


def test_used_citizens_move_to_the_leftmost_spaces_of_their_rows() -> None:
    state = _building(c1=("working",), c2=("upper",))
    state = play(state, 0, Build(SQUARE, 1, (1, 2)))
    upper, middle, working = state.track
    assert upper[:2] == (True, True) and working[:2] == (True, True)  # 3 players: space 1 covered
    assert middle[:2] == (True, False)
    assert state.stacks[1] == () and state.stacks[2] == ()


def test_a_citizen_landing_on_a_full_row_is_placed_outside_the_board() -> None:
    """research: "If the final section of a Citizen track becomes full, place any extra
    Citizen(s) outside the board instead": out of the game, not back into the bag."""
    state = _building(c1=("working",), c2=("upper",))
    track = list(state.track)
    track[2] = (True,) * len(track[2])
    state = replace(state, track=tuple(track))
    bag = state.bag
    state = play(state, 0, Build(SQUARE, 1, (1, 2)))
    assert state.outside == (0, 0, 1) and state.bag == bag
    assert state.track[0][:2] == (True, True)  # the Upper Citizen still found a space
    assert GAME.view(state, None).citizens_outside == (0, 0, 1)


def test_a_building_scores_the_lowest_vp_value_still_visible_on_the_tracks() -> None:
    state = _building(c1=("working",), c2=("working",))
    track = list(state.track)
    track[2] = (True,) * 5 + track[2][5:]  # working row past its first two values
    state = replace(state, track=tuple(track), flipped=(True,) * 4)
    state = play(state, 0, Build(SQUARE, 1, (1, 2)))
    assert state.players[0].vp == 1  # the other rows still show 1


def test_markers_leave_from_the_left_and_an_emptied_spot_gives_one_cerda() -> None:
    state = with_player(_building(c1=("working",), c2=("working",)), 0, markers=(1, 2, 2, 1, 1))
    state = play(state, 0, Build(SQUARE, 1, (1, 2)))
    assert state.players[0].markers == (0, 2, 2, 1, 1)
    assert state.players[0].cerda == 5  # +1 level 1, +1 emptied spot


def test_with_no_markers_left_the_building_is_unmarked() -> None:
    state = with_player(_building(c1=("working",), c2=("working",)), 0, markers=(0,) * 5)
    state = play(state, 0, Build(SQUARE, 1, (1, 2)))
    assert state.sites[SQUARE] == Site(1, ())


def test_no_tile_of_a_level_left_means_that_level_cannot_be_built() -> None:
    state = _building(c1=("upper",), c2=("middle",), c6=("working",))
    state = replace(state, tiles_left=(8, 0, 8, 0))
    assert {c.level for c in _builds(state)} == {2}


def test_uncovering_a_hidden_citizen_is_an_irreversible_event() -> None:
    state = _building(c1=("upper", "working"), c2=("working",))
    state, events = act(state, 0, Build(SQUARE, 1, (1, 2)))
    uncovered = [e for e in events if isinstance(e, CitizenUncovered)]
    assert uncovered == [CitizenUncovered(1, "upper")] and GAME.irreversible(uncovered[0])
    assert state.stacks[1] == ("upper",)
