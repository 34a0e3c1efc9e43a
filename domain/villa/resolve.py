"""Resolving closed areas: counting segments, the order of tied tokens, which tokens a
colour may place (flow.py takes the steps that need no choice)."""

from __future__ import annotations

from .board import board
from .commands import PlaceToken
from .events import (
    AreaCounted,
    Event,
    FeatureFlipped,
    TokenPlaced,
)
from .state import State


def count(state: State, area: int) -> AreaCounted:
    """Count the area closed and say who places tokens there, in which order."""
    return award(state, area, segment_counts(state, area), fountain_bonus(state, area))


def segment_counts(state: State, area: int) -> list[int]:
    """Each colour's segments around the area, segments inside it included."""
    b = board(state)
    segments = [0] * len(state.owners)
    for edge in b.area_edges[area]:
        segments[b.colours[edge]] += 1
    return segments


def fountain_bonus(state: State, area: int) -> list[int]:
    """One segment more per Fountain in an adjacent area that was there before this area
    closed (the Fountain is not retroactive)."""
    bonus = [0] * len(state.owners)
    closed_at = state.areas[area].closed_at
    for other in board(state).adjacent[area]:
        for token in state.areas[other].tokens:
            if token.feature == "fountain" and token.since < closed_at:
                bonus[token.colour] += 1
    return bonus


def award(state: State, area: int, segments: list[int], bonus: list[int]) -> AreaCounted:
    """The colours in play with the most segments place tokens; colours not in play are
    ignored, and nobody places when no colour in play has a segment there."""
    totals = {c: segments[c] + bonus[c] for c in state.in_play()}
    top = max(totals.values())
    winners = sorted(c for c, n in totals.items() if n == top and top > 0)
    return AreaCounted(area, segments, bonus, winners, tie_order(state, winners))


def tie_order(state: State, winners: list[int]) -> list[list[int]]:
    """The placing order of the winners. Alone: from the left of the current player
    clockwise, the current player last. Teams (and two colours each): the other side as
    it prefers (one group to order), then the teammate, then the current player."""
    turn, seats = state.turn, state.seats
    if not (state.team or state.two_player_expert):
        return [[c] for c in sorted(winners, key=lambda c: (state.owners[c] - turn - 1) % seats)]
    side = state.teams[state.owners.index(turn)]
    theirs = [c for c in winners if state.teams[c] != side]
    mates = [c for c in winners if state.teams[c] == side and state.owners[c] != turn]
    mine = [c for c in winners if state.owners[c] == turn]
    groups = [theirs] if theirs else []
    return groups + [[c] for c in mates] + ([mine] if mine else [])


def may_place_feature(state: State, colour: int) -> bool:
    """Expert: only on your turn, in an area you closed where you have the most segments,
    and (with two colours) only for the colour placed on top, which is the last."""
    return (state.expert and state.owners[colour] == state.turn and len(state.queue) == 1)


def token_options(state: State, colour: int) -> list[PlaceToken]:
    """The tokens `colour` may place next in the area being resolved."""
    supply = state.supplies[colour]
    if supply.neutral > 0:
        out = [PlaceToken()]
    else:  # fine point: only Features left, so one of them is flipped to neutral
        out = [PlaceToken(feature, flipped=True) for feature in supply.features]
    if may_place_feature(state, colour):
        area = state.areas[state.resolving or 0]
        out += [PlaceToken(feature) for feature in supply.features
                if feature != "well" or area.segments[colour] == 1]
    return out


def place(state: State, colour: int, command: PlaceToken) -> list[Event]:
    """A token placed, and with a Feature face up, the same Feature of the partner
    colours (teammate, or a player's other colour) flipped to neutral."""
    area = state.resolving or 0
    if command.flipped:
        return [TokenPlaced(area, colour, None, command.feature)]
    events: list[Event] = [TokenPlaced(area, colour, command.feature)]
    if command.feature is not None:
        events += [FeatureFlipped(c, command.feature) for c in partners(state, colour)
                   if command.feature in state.supplies[c].features]
    return events


def partners(state: State, colour: int) -> list[int]:
    return [c for c in state.in_play() if c != colour and state.teams[c] == state.teams[colour]]


def bird_bath_targets(state: State) -> list[int]:
    """Adjacent areas with a token on top to switch the Bird Bath with."""
    area = state.resolving or 0
    return sorted(a for a in board(state).adjacent[area] if state.areas[a].tokens)
