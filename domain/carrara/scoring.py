"""Scoring: the scoring action (cities, building types, categories), the end-of-game
objectives, and the final scoring (`outcome`)."""

from __future__ import annotations

from collections.abc import Iterable

from domain.core import Outcome, ranks_from

from .cards import (
    brown_met,
    coins_per_vp,
    green_gain,
    green_majorities,
    grey_met,
    grey_vp,
    purple_met,
    purple_vp,
)
from .components import ANNOUNCE_VP, CATEGORY_OF, CITIES, ITEM_OF, ITEMS, Category, City, Item, Kind, Tile
from .state import Counts, Player, State


def items_for(tiles: Iterable[Tile], supply: Counts) -> tuple[Item, ...]:
    """seed: one object per scored building, of its type, while the supply lasts."""
    left = list(supply)
    out: list[Item] = []
    for tile in tiles:
        i = ITEMS.index(ITEM_OF[tile.kind])
        if left[i] > 0:
            left[i] -= 1
            out.append(ITEMS[i])
    return tuple(out)


def city_gain(player: Player, city: City) -> tuple[int, int]:
    """seed: summed building costs in the city times the city's value (VP, coins)."""
    total = sum(t.cost for t in player.cities[CITIES.index(city)])
    value = player.value(city)
    return value.vp * total, value.coins * total


def kind_gain(player: Player, kind: Kind) -> tuple[int, int]:
    """seed: each building of the type scores its cost times its own city's value."""
    vp = coins = 0
    for city, tiles in zip(CITIES, player.cities, strict=True):
        value = player.value(city)
        for tile in tiles:
            if tile.kind == kind:
                vp += value.vp * tile.cost
                coins += value.coins * tile.cost
    return vp, coins


def category_gain(player: Player, category: Category) -> tuple[int, int]:
    """research: the advanced side's category spaces: total cost times the space value."""
    total = sum(t.cost for t in player.tiles() if CATEGORY_OF[t.kind] == category)
    value = player.value(category)
    return value.vp * total, value.coins * total


def objectives(state: State, seat: int) -> tuple[bool, bool, bool]:
    """Whether the player meets the brown, purple and grey objective."""
    p = state.players[seat]
    scored = sum(1 for s in state.city_scored_by if s == seat)
    cards = state.cards
    return (
        brown_met(cards.brown, state.seats, p.cities, p.scorings, p.vp, p.coins, scored),
        purple_met(cards.purple, state.seats, p.items),
        grey_met(cards.grey, state.seats, p.cities),
    )


def can_announce(state: State, seat: int) -> bool:
    """seed: a player meeting all three objectives may announce the end, unless the end
    is already under way (research: after an announcement no one else may)."""
    if state.end is not None:
        return False
    # `all(objectives(...))`, the cheaper checks first and the rest only while they hold
    # (`legal` asks this in every purchase and closing phase).
    p, cards = state.players[seat], state.cards
    return (purple_met(cards.purple, state.seats, p.items)
            and grey_met(cards.grey, state.seats, p.cities)
            and brown_met(cards.brown, state.seats, p.cities, p.scorings, p.vp, p.coins,
                          sum(1 for s in state.city_scored_by if s == seat)))


def final_scores(state: State) -> list[dict[str, int]]:
    """The final scoring of every player, part by part (seed; expansion: the cards)."""
    cards = state.cards
    rate = coins_per_vp(cards.brown)
    bonus = green_majorities(cards.green, [p.cities for p in state.players]) \
        if cards.green else [0] * state.seats
    out = []
    for seat, p in enumerate(state.players):
        gain = green_gain(cards.green, p.cities, p.city_values(), p.bonus) \
            if cards.green else None
        coins = p.coins + (gain.coins if gain else 0)
        parts = {
            "track": p.vp - (ANNOUNCE_VP if p.announced else 0),  # scored during play
            "announcement": ANNOUNCE_VP if p.announced else 0,
            "objects": purple_vp(cards.purple, p.items),
            "buildings": grey_vp(cards.grey, p.cities),
            "bonus": bonus[seat] + (gain.vp if gain else 0),
            "coins": coins // rate,
        }
        parts["total"] = sum(parts.values())
        parts["blocks"] = sum(p.blocks)
        out.append(parts)
    return out


def outcome(state: State) -> Outcome | None:
    """Most VP wins; tie: most blocks; still tied: shared (seed)."""
    if state.phase != "over":
        return None
    scores = final_scores(state)
    ranks, winners = ranks_from([(s["total"], s["blocks"]) for s in scores])
    return Outcome([s["total"] for s in scores], ranks, winners,
                   {"players": scores, "reason": state.end, "tie_break": "most blocks"})
