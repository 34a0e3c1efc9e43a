"""Scoring and the end of the game, alone, in teams and with two colours each."""

from __future__ import annotations

from msgspec.structs import replace

from domain.villa import GAME
from domain.villa.events import GameEnded, TurnEnded
from domain.villa.scoring import colour_scores
from domain.villa.state import Area, State, Supply, Token

from .helpers import BLUE, GREEN, PINK, YELLOW, begin, closing, counted, lay


def areas_of(sizes_and_tokens: list[tuple[int, list[int]]]) -> tuple[Area, ...]:
    """Areas far from the board, each a row of spaces with these tokens."""
    return tuple(Area(i, tuple((x, 100 + 3 * i) for x in range(size)), 1,
                      (0, 0, 0, 0), (0, 0, 0, 0), (), tuple(Token(c) for c in tokens))
                 for i, (size, tokens) in enumerate(sizes_and_tokens))


def finished(state: State, points: dict[int, int], placed: dict[int, int]) -> State:
    """A finished game where each colour has `points` one-space areas and placed tokens."""
    areas = areas_of([(1, [c]) for c, n in points.items() for _ in range(n)])
    supplies = tuple(replace(s, placed=placed.get(c, 0)) for c, s in enumerate(state.supplies))
    return replace(state, areas=areas, supplies=supplies, phase="over")


def test_an_area_scores_its_spaces_up_to_four_one_two_and_six_score_one_two_four() -> None:
    state = replace(begin(2), areas=areas_of([(1, [BLUE]), (2, [GREEN]), (6, [PINK])]))
    state = replace(state, owners=(0, 1, 0, -1))
    scores = colour_scores(state)
    assert [scores[c].areas for c in (BLUE, GREEN, PINK)] == [1, 2, 4]


def test_every_token_in_an_area_scores_even_with_others_there() -> None:
    state = replace(begin(2), areas=areas_of([(3, [BLUE, GREEN])]))
    assert [s.areas for s in colour_scores(state)[:2]] == [3, 3]


def test_the_game_ends_when_a_player_places_their_last_token() -> None:
    state = closing(2, turn=0)
    supplies = list(state.supplies)
    supplies[BLUE] = Supply(1, (), 9)
    state, events = counted(replace(state, supplies=tuple(supplies)), [3, 1, 0, 0])
    assert events[-1] == GameEnded(["last_token"])
    assert GAME.outcome(state) is not None and GAME.active(state) == []


def test_the_game_ends_when_the_last_hedge_is_placed() -> None:
    state = replace(begin(2), bag=(5,))
    state, events = lay(state, 5, 2, 0)
    assert events[-1] == GameEnded(["last_hedge"])
    assert GAME.outcome(state) is not None


def test_otherwise_the_turn_passes_clockwise() -> None:
    state, events = lay(begin(3), 5, 2, 0)
    assert events[-1] == TurnEnded(0, 1, False) and state.phase == "draw" and state.turn == 1


def test_most_points_wins() -> None:
    outcome = GAME.outcome(finished(begin(3), {BLUE: 5, GREEN: 7, PINK: 6}, {}))
    assert outcome is not None
    assert outcome.scores == [5, 7, 6] and outcome.ranks == [3, 1, 2] and outcome.winners == [1]


def test_tie_more_tokens_placed_wins_then_shared() -> None:
    state = finished(begin(3), {BLUE: 6, GREEN: 6, PINK: 6}, {BLUE: 4, GREEN: 5, PINK: 5})
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == [1, 2] and outcome.ranks == [3, 1, 1]


def team_game() -> State:
    """Pink and Green against Blue and Yellow, seated alternately."""
    return begin(4, team=True, colours=["pink", "blue", "green", "yellow"])


def test_team_example_pink_30_green_27_beat_blue_28_yellow_26_with_27_against_26() -> None:
    state = finished(team_game(), {PINK: 30, GREEN: 27, BLUE: 28, YELLOW: 26}, {})
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == [27, 26, 27, 26]  # seats: pink, blue, green, yellow
    assert outcome.winners == [0, 2]
    assert outcome.breakdown["colours"]["pink"]["total"] == 30  # teammates' tokens apart


def test_team_tie_break_more_tokens_placed_by_the_team() -> None:
    state = finished(team_game(), {PINK: 5, GREEN: 5, BLUE: 5, YELLOW: 5},
                     {PINK: 3, GREEN: 3, BLUE: 4, YELLOW: 3})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1, 3]


def test_team_tie_break_then_the_single_player_who_placed_more() -> None:
    state = finished(team_game(), {PINK: 5, GREEN: 5, BLUE: 5, YELLOW: 5},
                     {PINK: 5, GREEN: 1, BLUE: 3, YELLOW: 3})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 2]


def test_team_tie_break_else_the_teams_have_tied() -> None:
    state = finished(team_game(), {PINK: 5, GREEN: 5, BLUE: 5, YELLOW: 5},
                     {PINK: 4, GREEN: 2, BLUE: 2, YELLOW: 4})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1, 2, 3]


def two_colour_game() -> State:
    return begin(2, expert=True, two_player_expert=True)  # seat 0: blue, pink; 1: green, yellow


def test_two_colours_final_score_is_the_lower_of_the_two() -> None:
    state = finished(two_colour_game(), {BLUE: 12, PINK: 9, GREEN: 10, YELLOW: 11}, {})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == [9, 10] and outcome.winners == [1]


def test_two_colours_tie_more_tokens_placed_wins_then_shared() -> None:
    state = finished(two_colour_game(), {BLUE: 9, PINK: 9, GREEN: 9, YELLOW: 9},
                     {BLUE: 3, PINK: 4, GREEN: 5, YELLOW: 3})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1]
    state = finished(two_colour_game(), {BLUE: 9, PINK: 9, GREEN: 9, YELLOW: 9},
                     {BLUE: 4, PINK: 4, GREEN: 5, YELLOW: 3})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]
