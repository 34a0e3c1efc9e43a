"""What the greedy and search bots (domain/core/bots.py) ask of Villa: `evaluate`, how good a
position is for a seat, and `determinize`, which is the state itself (nothing is hidden).

A position is worth its projected score margin: each colour's points as they stand (areas
and end-game Features, as `scoring` counts them) plus the tokens it is about to place in the
areas already closed and not yet resolved, folded per side as the final score is (a team or
a player with two colours scores its lower colour), against the best other side.
"""

from __future__ import annotations

import math
from random import Random

from .components import MAX_AREA_POINTS
from .resolve import award, fountain_bonus, segment_counts
from .scoring import colour_scores, outcome
from .state import State

# The margin, in points, that counts as clearly ahead (tanh(1) = 0.76). Measured over 16-20
# two-player games each: random players end 4 points apart (sd 3), greedy ones 2 (sd 2); with
# the expert Features 7.5 apart (sd 7) either way, the Features adding points on both sides.
SCALE = 5.0
EXPERT_SCALE = 9.0
# A token placed breaks a tie of points (scoring.seat_keys): worth a fraction of a point.
TOKEN_WEIGHT = 0.1


def evaluate(state: State, seat: int) -> float:
    """In [-1, 1] for `seat`: by the final ranks once the game is over (1 first, -1 last, 0
    when everyone ties), else tanh of the projected margin over the best other side."""
    if state.phase == "over":
        result = outcome(state)
        assert result is not None
        return from_ranks(result.ranks, seat)
    points, tokens = projected(state)
    sides: dict[int, tuple[float, int]] = {}
    for colour in state.in_play():
        side = state.teams[colour]
        low, placed = sides.get(side, (math.inf, 0))
        sides[side] = (min(low, points[colour]), placed + tokens[colour])
    mine = state.teams[state.owners.index(seat)]
    best = max((value for side, value in sides.items() if side != mine), default=(0.0, 0))
    margin = (sides[mine][0] - best[0]) + TOKEN_WEIGHT * (sides[mine][1] - best[1])
    return math.tanh(margin / (EXPERT_SCALE if state.expert else SCALE))


def from_ranks(ranks: list[int], seat: int) -> float:
    """1 for rank 1, -1 for the last rank, evenly between; 0 when all share rank 1."""
    worst = max(ranks)
    return 0.0 if worst == 1 else 1.0 - 2.0 * (ranks[seat] - 1) / (worst - 1)


def projected(state: State) -> tuple[list[float], list[int]]:
    """Per colour: points and tokens placed, counting as placed the tokens still due in the
    area being resolved (its queue) and in the closed areas waiting to be counted (their
    majorities, as `resolve.count` will find them), as far as the colour's supply goes."""
    scores = colour_scores(state)
    points = [float(s.total) for s in scores]
    tokens = [s.tokens for s in scores]
    due: list[tuple[int, int]] = []  # (colour, points per token)
    if state.resolving is not None:
        value = _points(state, state.resolving)
        due += [(colour, value) for group in state.queue for colour in group]
    for area in state.pending:
        counted = award(state, area, segment_counts(state, area), fountain_bonus(state, area))
        due += [(colour, _points(state, area)) for colour in counted.winners]
    left = [supply.left for supply in state.supplies]
    for colour, value in due:
        if left[colour] > 0:
            left[colour] -= 1
            points[colour] += value
            tokens[colour] += 1
    return points, tokens


def _points(state: State, area: int) -> int:
    return min(len(state.areas[area].cells), MAX_AREA_POINTS)


def determinize(state: State, seat: int | None, rng: Random) -> State:
    """The state itself: Villa hides nothing from a seat. The bag has no order (a draw picks
    from it with the decision's rng) and what it holds is every Hedge not on the table, in
    hand or in the open circle, all of which the view shows; the Features are public. So
    every seat already knows the whole state (tests/villa/test_bots.py checks the view)."""
    return state
