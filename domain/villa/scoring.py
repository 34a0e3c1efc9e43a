"""The end of the game: points per colour, then per seat (alone, in teams, or with two
colours each) and the rulebook's tie-breaks."""

from __future__ import annotations

from typing import Any, NamedTuple

from domain.core import Outcome, ranks_from

from .board import board
from .components import COLOURS, MAX_AREA_POINTS
from .features import feature_points
from .state import State


class ColourScore(NamedTuple):
    areas: int  # the size (up to 4) of each area for each token in it
    features: int  # the end-game Features
    tokens: int  # tokens placed

    @property
    def total(self) -> int:
        return self.areas + self.features


def colour_scores(state: State) -> list[ColourScore]:
    b = None  # built only for a Feature: the bots score states whose board nothing else asks
    areas = [0] * len(state.owners)
    features = [0] * len(state.owners)
    for area in state.areas:
        for token in area.tokens:
            areas[token.colour] += min(len(area.cells), MAX_AREA_POINTS)
            if token.feature is not None:
                b = board(state) if b is None else b
                features[token.colour] += feature_points(state, b, area, token)
    return [ColourScore(areas[c], features[c], state.supplies[c].placed)
            for c in range(len(state.owners))]


def seat_keys(state: State, scores: list[ColourScore]) -> list[tuple[int, ...]]:
    """Per seat (score, tie-break, ...), higher is better. Alone: (points, tokens placed).
    Two colours each: (lower colour's points, tokens placed by both). Teams: (lower
    teammate's points, tokens placed by the team, most tokens placed by one of them)."""
    playing = state.in_play()  # asked once: every view counts the scores
    colours = [[c for c in playing if state.owners[c] == s] for s in range(state.seats)]
    if state.team:
        return [_team_key(state, playing, scores, state.teams[colours[s][0]])
                for s in range(state.seats)]
    return [(min(scores[c].total for c in mine), sum(scores[c].tokens for c in mine))
            for mine in colours]


def _team_key(state: State, playing: list[int], scores: list[ColourScore], side: int
              ) -> tuple[int, ...]:
    mine = [scores[c] for c in playing if state.teams[c] == side]
    return (min(s.total for s in mine), sum(s.tokens for s in mine), max(s.tokens for s in mine))


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = colour_scores(state)
    keys = seat_keys(state, scores)
    ranks, winners = ranks_from(keys)
    breakdown: dict[str, Any] = {
        "ended": list(state.ended),
        "colours": {COLOURS[c]: {"areas": scores[c].areas, "features": scores[c].features,
                                 "total": scores[c].total, "tokens": scores[c].tokens}
                    for c in state.in_play()},
        "keys": [list(k) for k in keys],
    }
    return Outcome([k[0] for k in keys], ranks, winners, breakdown)
