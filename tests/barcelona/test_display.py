"""The Modernisme display: four tiles while any is left, the discards reshuffled into a
new stack when it runs out (research: the published rulebook)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.commands import EndActions, EndTurn, RevealProjects, TakeProject
from domain.barcelona.components import Condition
from domain.barcelona.events import (
    Event,
    ProjectsRefreshed,
    ProjectsReshuffled,
    ProjectsRevealed,
)
from domain.barcelona.state import State

from .helpers import act, at_crossing, laid, legal, new_game, play


def _circulating(state: State) -> list[Condition]:
    """The tiles of this game, displayed or in the stack, in a fixed order."""
    return sorted([*(t for t in state.display if t), *state.projects_left])


def _spread(state: State, stack: int, discards: int) -> tuple[State, list[Condition]]:
    """The display full, `stack` tiles left, `discards` discarded; the others count as
    taken (only the display, the stack and the discards matter here)."""
    pool = _circulating(state)
    state = replace(state, display=tuple(pool[:4]), projects_left=tuple(pool[4:4 + stack]),
                    discards=tuple(pool[4 + stack:4 + stack + discards]))
    return state, pool


def _scoring_due(state: State) -> State:
    track = list(state.track)
    track[2] = (True,) * 6 + track[2][6:]
    return replace(state, track=tuple(track))


def _of(events: list[Event], kind: type) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def test_display_is_refilled_from_reshuffled_discards_when_stack_runs_out() -> None:
    state, pool = _spread(new_game(2), stack=1, discards=6)
    state = play(at_crossing(_scoring_due(state), 7), 0, EndActions())
    state, events = act(state, 0, EndTurn())
    assert _of(events, ProjectsRefreshed) == [ProjectsRefreshed((pool[4],))]
    # the four just discarded are part of the new stack, as the rulebook orders it
    assert _of(events, ProjectsReshuffled) == [ProjectsReshuffled(tuple(sorted(
        [*pool[:4], *pool[5:11]])))]
    [refill] = _of(events, ProjectsRevealed)
    assert refill.slots == (1, 2, 3) and GAME.irreversible(_of(events, ProjectsReshuffled)[0])
    assert state.display[0] == pool[4] and len(set(state.display)) == 4 and None not in state.display
    assert sorted([*state.display, *state.projects_left]) == pool[:11] and not state.discards
    assert state.phase == "place" and state.turn == 1


def test_a_refresh_from_an_empty_stack_reshuffles_the_tiles_it_discarded() -> None:
    state, pool = _spread(new_game(2), stack=0, discards=0)
    state = play(at_crossing(_scoring_due(state), 7), 0, EndActions())
    state, events = act(state, 0, EndTurn())
    assert [type(e) for e in events if type(e).__name__.startswith("Projects")] == [
        ProjectsRefreshed, ProjectsReshuffled, ProjectsRevealed]
    assert sorted(t for t in state.display if t) == pool[:4] and not state.projects_left


def test_placeholders_are_revealed_from_reshuffled_discards_when_the_stack_runs_out() -> None:
    state, pool = _spread(laid(new_game(2), row1="take"), stack=1, discards=3)
    state = at_crossing(state, 7)
    taken = state.display[0]
    assert taken is not None
    state = play(state, 0, TakeProject(taken, 0))
    state = replace(state, display=(None, None, *state.display[2:]), face_down=(True, True, False, False))
    assert RevealProjects() in legal(state)
    state, events = act(state, 0, RevealProjects())
    assert [type(e) for e in events] == [ProjectsRevealed, ProjectsReshuffled, ProjectsRevealed]
    assert events[0] == ProjectsRevealed((0,), (pool[4],))
    assert None not in state.display and not any(state.face_down)
    assert len(state.projects_left) == 2 and not state.discards and not state.reveal_due


def test_the_last_stack_tile_drawn_reshuffles_the_discards_at_once() -> None:
    state, pool = _spread(laid(new_game(2), row1="take"), stack=1, discards=3)
    state = at_crossing(state, 7)
    taken = state.display[0]
    assert taken is not None
    state = play(state, 0, TakeProject(taken, 0))
    state, events = act(state, 0, RevealProjects())
    assert events == [ProjectsRevealed((0,), (pool[4],)), ProjectsReshuffled(tuple(pool[5:8]))]
    assert state.projects_left == tuple(pool[5:8]) and not state.discards
    assert GAME.describe(events[1]) == (
        "The 3 discarded Modernisme tiles are shuffled into a new stack.")


def test_the_display_stays_short_only_when_no_tile_is_left() -> None:
    state, _ = _spread(laid(new_game(2), row1="take"), stack=0, discards=0)
    state = at_crossing(state, 7)
    taken = state.display[0]
    assert taken is not None
    state = play(state, 0, TakeProject(taken, 0))
    assert RevealProjects() not in legal(state)
    state, events = act(state, 0, EndActions())
    state, events = act(state, 0, EndTurn())
    assert not _of(events, ProjectsRevealed) and not _of(events, ProjectsReshuffled)
    assert state.display[0] is None and not any(state.face_down)
