"""Properties of the purple cards' groupings, checked against brute force: the card
functions pick the grouping a player would pick (the one worth most)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.carrara.cards import DIFFERENT_VP, PURPLES, purple_vp

Counts = tuple[int, ...]
counts = st.lists(st.integers(0, 4), min_size=6, max_size=6).map(tuple)


def _minus(c: Counts, types: tuple[int, ...], n: int = 1) -> Counts:
    return tuple(x - n if i in types else x for i, x in enumerate(c))


@cache
def best_different(c: Counts) -> int:
    """The best split of the objects into sets of different objects (a set of one is 1 VP)."""
    present = [i for i, x in enumerate(c) if x]
    best = 0
    for size in range(1, len(present) + 1):
        for types in combinations(present, size):
            best = max(best, DIFFERENT_VP.get(size, size) + best_different(_minus(c, types)))
    return best


@cache
def best_groups_of_three(c: Counts) -> int:
    present = [i for i, x in enumerate(c) if x]
    return max([0] + [1 + best_groups_of_three(_minus(c, t)) for t in combinations(present, 3)])


@cache
def best_pair_and_quadruplet(c: Counts) -> int:
    best = 0
    for q in range(6):
        for p in range(6):
            if (q != p and c[q] >= 4 and c[p] >= 2) or (q == p and c[q] >= 6):
                rest = _minus(_minus(c, (q,), 4), (p,), 2)
                best = max(best, 1 + best_pair_and_quadruplet(rest))
    return best


@settings(max_examples=150, deadline=None)
@given(counts)
def test_purple_different_takes_the_best_split_into_sets(c: Counts) -> None:
    assert purple_vp("different", c) == best_different(c)


@settings(max_examples=150, deadline=None)
@given(counts)
def test_purple_groups_of_three_counts_the_most_disjoint_groups(c: Counts) -> None:
    groups = best_groups_of_three(c)
    assert purple_vp("groups_of_three", c) == 8 * groups + sum(c) - 3 * groups


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=6, max_size=6).map(tuple))
def test_purple_pair_and_quadruplet_counts_the_most_combinations(c: Counts) -> None:
    combos = best_pair_and_quadruplet(c)
    assert purple_vp("pair_and_quadruplet", c) == 20 * combos + sum(c) - 6 * combos


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=6, max_size=6).map(tuple))
def test_every_purple_card_values_each_object_at_least_one_vp(c: Counts) -> None:
    for card in PURPLES:
        assert purple_vp(card, c) >= sum(c)
