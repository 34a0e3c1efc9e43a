"""End of the game: objectives, contracts, the winner and the tie-break."""

from __future__ import annotations

from typing import Any

from domain.core import Outcome, ranks_from

from .components import (
    COINS_PER_GROUP,
    COINS_PER_GROUP_SPACE,
    CONTRACTS,
    PENALTY_PER_LONE_BUILDING,
)
from .requirements import facts, groups, largest_group
from .state import State
from .town import town_of


def height_score(state: State, seat: int, objective: str) -> int:
    """seed: per Park (per River), the sum of the heights of your buildings adjacent to it,
    adjacent tiles forming one Park (one River); or the heights of your border buildings.
    A building next to two Parks scores for each."""
    town = town_of(state.town)
    total = 0
    for building in state.buildings:
        if building.owner != seat:
            continue
        place = facts(town, building)
        if objective == "parks":
            total += building.height * len(place.parks)
        elif objective == "rivers":
            total += building.height * len(place.rivers)
        elif place.border:
            total += building.height
    return total


def grouping_score(state: State, seat: int, objective: str) -> int:
    """seed: 2 coins per space of the largest Group, 10 per Group, or -5 per lone building."""
    parts = groups(state, seat)
    if objective == "largest_group":
        return COINS_PER_GROUP_SPACE * largest_group(state, seat)
    if objective == "groups":
        return COINS_PER_GROUP * sum(1 for g in parts if len(g) >= 2)
    return -PENALTY_PER_LONE_BUILDING * sum(1 for g in parts if len(g) == 1)


def contract_score(state: State, seat: int) -> int:
    return sum(CONTRACTS[c].coins for c in state.taken[seat])


def breakdown(state: State, seat: int) -> dict[str, int]:
    parts = {
        "coins": state.coins[seat],
        "height_objective": height_score(state, seat, state.height_objective),
        "grouping_objective": grouping_score(state, seat, state.grouping_objective),
        "contracts": contract_score(state, seat),
    }
    parts["total"] = sum(parts.values())
    return parts


def totals(state: State) -> list[int]:
    return [breakdown(state, seat)["total"] for seat in range(state.seats)]


def outcome(state: State) -> Outcome | None:
    """seed: highest total wins; ties go to the largest Group, then the victory is shared."""
    if state.phase != "over":
        return None
    scores = totals(state)
    groups_ = [largest_group(state, seat) for seat in range(state.seats)]
    ranks, winners = ranks_from([(s, g) for s, g in zip(scores, groups_, strict=True)])
    detail: dict[str, Any] = {
        "per_seat": [breakdown(state, seat) for seat in range(state.seats)],
        "largest_group": groups_,
    }
    return Outcome(scores, ranks, winners, detail)
