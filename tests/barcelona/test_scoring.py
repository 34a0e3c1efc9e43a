"""Cerdà track, Cerdà Scoring, the end of the game, final scoring and tie-breaks."""

from __future__ import annotations

from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.commands import EndActions, EndTurn, RevealProjects, TakeProject
from domain.barcelona.components import CERDA_START, multiplier
from domain.barcelona.events import CerdaScored, Event, ProjectsRefreshed, ProjectsRevealed
from domain.barcelona.scoring import count, final_parts, line_score
from domain.barcelona.state import Site, State, put

from .helpers import act, at_crossing, laid, legal, new_game, play, with_player


def test_cerda_multiplier_is_the_highest_label_at_or_below_the_marker() -> None:
    assert [multiplier(i) for i in range(10)] == [0, 1, 1, 1, 1, 2, 2, 3, 3, 4]
    assert CERDA_START == 3


def test_moving_below_the_bottom_of_the_cerda_track_is_ignored() -> None:
    from domain.barcelona.gains import move_cerda
    state = move_cerda(with_player(new_game(2), 0, cerda=1), 0, -2)
    assert state.players[0].cerda == 0 and state.players[0].vp == 0


def _due(state: State, section: int = 0) -> State:
    """The working row filled up to the scoring space of `section`."""
    track = list(state.track)
    end = 6 * section + 6
    track[2] = (True,) * end + track[2][end:]
    return replace(state, track=tuple(track), scored=section)


def _end_turn(state: State) -> tuple[State, list[Event]]:
    state = at_crossing(state, 7)
    state = play(state, 0, EndActions())
    return act(state, 0, EndTurn())


def test_cerda_scoring_when_a_row_reaches_the_scoring_space_of_the_earliest_section() -> None:
    state = replace(new_game(2), cerda_tiles=("coins", "cloths", "services"))
    state = with_player(with_player(state, 0, coins=4, cerda=7), 1, coins=2)
    state, events = _end_turn(_due(state))
    assert state.scored == 1
    assert [p.vp for p in state.players] == [2 * 4 * 3, 2 * 2 * 1]
    assert CerdaScored(0, "coins", (24, 4)) in events
    assert GAME.describe(CerdaScored(0, "coins", (24, 4))) == (
        "Cerdà Scoring 1 (coins): seat 0 24 VP, seat 1 4 VP.")
    assert state.players[0].cerda == CERDA_START  # back to the start after the first
    refreshed = [e for e in events if isinstance(e, ProjectsRefreshed)]
    assert len(refreshed) == 1 and len(refreshed[0].projects) == 4
    assert GAME.irreversible(refreshed[0])


def test_markers_below_the_start_stay_after_a_scoring() -> None:
    state = with_player(replace(new_game(2), cerda_tiles=("coins", "cloths", "services")), 0, cerda=1)
    state, _ = _end_turn(_due(state))
    assert state.players[0].cerda == 1


def test_third_scoring_triggers_the_end_and_the_round_is_finished() -> None:
    state = replace(new_game(2), cerda_tiles=("coins", "cloths", "services"))
    state = with_player(state, 0, cerda=9)
    state, _ = _end_turn(_due(state, 2))
    assert state.end and state.scored == 3 and state.phase == "place" and state.turn == 1
    assert state.players[0].cerda == 9  # no reset after the third
    state = at_crossing(state, 20, seat=1)
    state = play(state, 1, EndActions(), EndTurn())
    assert state.phase == "over" and GAME.outcome(state) is not None


def test_final_scoring_cobblestones_passengers_and_modernisme_projects() -> None:
    state = with_player(new_game(2), 0, cobbles=3, passengers=2, coins=3, cloths=1,
                        projects=("coins", None, None, "cloths", None),
                        tops=(True, False, False, False, False))
    parts = final_parts(state, 0)
    assert parts["cobblestones"] == 4 and parts["passengers"] == 5
    assert parts["projects"] == 2 * 3 * 2 + 2 * 1 * 2  # top x2 on space 1, bottom x2 on space 4


def test_ties_go_to_cerda_then_sagrada_then_markers_on_the_board() -> None:
    state = replace(new_game(2), phase="over")
    state = with_player(with_player(state, 0, cerda=5), 1, cerda=5, sagrada=1)
    assert GAME.outcome(state).ranks == [2, 1]  # type: ignore[union-attr]
    state = with_player(state, 1, sagrada=0)
    state = replace(state, sites=put(state.sites, 2, Site(1, (0,))))
    assert GAME.outcome(state).winners == [0]  # type: ignore[union-attr]
    state = replace(state, sites=put(state.sites, 3, Site(1, (1,))))
    assert GAME.outcome(state).winners == [0, 1]  # type: ignore[union-attr]


def test_conditions_block_line_corners_and_bottom_markers() -> None:
    state = new_game(2)
    sites = list(state.sites)
    sites[2] = Site(2, (0, 1))  # block (0,1), seat 0 at the bottom
    sites[3] = Site(1, (1, 0))  # block (0,2)
    sites[4] = Site(1, (0,))  # block (0,3)
    sites[0] = Site(0, (0,))  # block (0,0) upper corner
    sites[1] = Site(0, (0,))  # block (0,0) lower corner
    state = replace(state, sites=tuple(sites))
    assert count(state, 0, "block_line") == 4
    assert count(state, 0, "corners") == 1  # at most one per block
    assert count(state, 0, "bottom_markers") == 2
    assert count(state, 1, "bottom_markers") == 1


def test_conditions_are_capped_where_the_table_says_at_most() -> None:
    state = with_player(new_game(2), 0, coins=7, cloths=6)
    assert count(state, 0, "coins") == 5 and count(state, 0, "cloths") == 5


def test_busy_intersections_and_busy_passengers() -> None:
    state = new_game(2)
    sites = list(state.sites)
    for i in (2, 5, 6):  # around crossing 6: blocks (0,1), (1,0), upper corner of (1,1)
        sites[i] = Site(1, (1,))
    state = replace(state, sites=tuple(sites), intersections=put(state.intersections, 6, 0),
                    passengers=put(state.passengers, 5, 0))  # row 2, between B2 and B3
    assert count(state, 0, "busy_intersections") == 1
    assert count(state, 0, "busy_passengers") == 1


def test_line_scoring_counts_contiguous_tiles_whoever_owns_them() -> None:
    state = new_game(2)
    state = replace(state, streets=put(put(put(state.streets, 0, 1), 1, 0), 3, 1))
    assert line_score(state, 1) == 2 and line_score(state, 3) == 1
    assert line_score(replace(state, streets=put(state.streets, 2, 0)), 2) == 4


def test_a_taken_modernisme_tile_is_replaced_when_the_player_reveals_it_or_at_turn_end() -> None:
    state = at_crossing(laid(new_game(2), row1="take"), 7)
    tile = state.display[0]
    assert tile is not None
    state = play(state, 0, TakeProject(tile, 0))
    assert RevealProjects() in legal(state)
    revealed, events = act(state, 0, RevealProjects())
    assert isinstance(events[0], ProjectsRevealed) and GAME.irreversible(events[0])
    assert revealed.display[0] is not None and not any(revealed.face_down)
    state = play(state, 0, EndActions())
    state, events = act(state, 0, EndTurn())
    assert any(isinstance(e, ProjectsRevealed) for e in events) and state.display[0] is not None


def test_option_reveal_new_modernisme_tiles_at_once() -> None:
    state = at_crossing(laid(new_game(2, reveal_projects_at_once=True), row1="take"), 7)
    tile = state.display[0]
    assert tile is not None
    state, events = act(state, 0, TakeProject(tile, 0))
    assert isinstance(events[-1], ProjectsRevealed) and state.display[0] is not None
