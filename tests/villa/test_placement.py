"""Hedge placement: touching a Hedge in play at joints only, on the grid, never overlapping,
never inside a closed area; `legal` lists every such placement."""

from __future__ import annotations

import time
from itertools import pairwise
from random import Random

import pytest

from domain.core import Illegal
from domain.core.simulate import Simulation
from domain.villa import GAME, rules
from domain.villa import board as boards
from domain.villa.board import board
from domain.villa.commands import PlaceHedge
from domain.villa.components import Point
from domain.villa.events import HedgeDrawn
from domain.villa.evolve import evolve
from domain.villa.geometry import ORIENTATIONS, Edge, edge_cells, edge_ends, laid
from domain.villa.state import State

from .helpers import act, begin, lay


def in_hand(state: State, hedge: int) -> State:
    return evolve(state, HedgeDrawn(state.turn, hedge))


def runs_straight(edges: list[Edge]) -> set[tuple[Point, int]]:
    """The points a path of segments passes straight through, with its direction there."""
    return {(p, a[2]) for a, b in pairwise(edges) if a[2] == b[2]
            for p in set(edge_ends(a)) & set(edge_ends(b))}


def by_the_book(state: State, hedge: int) -> set[tuple[int, int, int, bool]]:
    """The placement rule read literally, tried everywhere near the Hedges in play."""
    b = board(state)
    taken = set(b.colours)
    joints = set(b.degree)
    straight = {run for p in state.placements for run in runs_straight(
        [e for e, _ in laid(p.hedge, p.x, p.y, p.rotation, p.mirrored)])}
    out = set()
    xs = [x for x, _ in joints]
    ys = [y for _, y in joints]
    for x in range(min(xs) - 5, max(xs) + 6):
        for y in range(min(ys) - 5, max(ys) + 6):
            for rotation, mirrored in ORIENTATIONS:
                edges = [e for e, _ in laid(hedge, x, y, rotation, mirrored)]
                touches = any(p in joints for e in edges for p in edge_ends(e))
                overlaps = any(e in taken for e in edges)
                inside = any(c in b.cell_area for e in edges for c in edge_cells(e))
                crosses = any((p, 1 - d) in straight for p, d in runs_straight(edges))
                if touches and not overlaps and not inside and not crosses:
                    out.add((x, y, rotation, mirrored))
    return out


def test_legal_lists_every_placement_of_the_drawn_hedge() -> None:
    sim = Simulation(GAME, 2, {}, seed=3)
    rng = Random(3)
    checked = 0
    while sim.outcome() is None and checked < 6:
        seat = sim.active()[0]
        if sim.state.phase == "place":
            listed = {(c.x, c.y, c.rotation, c.mirrored) for c in sim.legal(seat)}
            assert listed == by_the_book(sim.state, sim.state.hedge)
            checked += 1
        sim.command(seat, rng.choice(sim.legal(seat)))
    assert checked == 6


def test_a_hedge_must_touch_a_hedge_in_play() -> None:
    state = in_hand(begin(2), 5)
    with pytest.raises(Illegal, match=r"PlaceHedge at joint \(10, 10\).*must touch"):
        GAME.decide(state, 0, PlaceHedge(10, 10), Random(0))


def test_hedges_cannot_be_overlapped() -> None:
    state = in_hand(begin(2), 5)  # a long L: its first segments run along the Starting Hedge
    with pytest.raises(Illegal, match=r"from \(-2, 0\) to \(-1, 0\) would overlap"):
        GAME.decide(state, 0, PlaceHedge(-2, 0), Random(0))


def test_hedge_cannot_cross_another_hedge_at_a_joint() -> None:
    """Hedges cannot be overlapped: a corner (5) running straight up through the origin,
    where the Starting Hedge runs straight on, would have to lie over it. Ending there,
    or turning back to back with a Hedge that turns there, is touching at a joint."""
    state = in_hand(begin(2), 5)
    legal = GAME.legal(state, 0)
    across, ending = PlaceHedge(0, -1, 1), PlaceHedge(0, 0, 1)
    assert across not in legal and ending in legal
    with pytest.raises(Illegal, match=r"cross the Hedge in play .* joint \(0, 0\)"):
        GAME.decide(state, 0, across, Random(0))
    state, _ = act(state, 0, PlaceHedge(2, 0))  # turns at (4, 0) from the west to the north
    state = in_hand(state, 6)
    back_to_back = PlaceHedge(6, 0, 2)  # turns at (4, 0) from the east to the south
    assert back_to_back in GAME.legal(state, state.turn)


def test_random_games_never_lay_a_hedge_across_another() -> None:
    for seed in range(3):
        sim = Simulation(GAME, 2 + seed, {}, seed=seed)
        sim.play_randomly(Random(seed))
        runs = {run for p in sim.state.placements for run in runs_straight(
            [e for e, _ in laid(p.hedge, p.x, p.y, p.rotation, p.mirrored)])}
        assert not {p for p, d in runs if d == 0} & {p for p, d in runs if d == 1}


def test_touching_only_at_joints_any_point_of_a_hedge_is_a_joint() -> None:
    state = in_hand(begin(2), 5)
    for command in GAME.legal(state, 0):
        new = laid(5, command.x, command.y, command.rotation, command.mirrored)
        shared = {p for e, _ in new for p in edge_ends(e)} & set(board(state).degree)
        assert shared and not {e for e, _ in new} & set(board(state).colours)


def test_no_hedge_may_be_placed_inside_a_closed_area() -> None:
    state, events = lay(begin(2), 9, -2, 0, 3)  # a bracket closes two spaces below the start
    assert [e.cells for e in events if type(e).__name__ == "AreaClosed"] == [
        [(-2, -1), (-1, -1)]]
    state = in_hand(state, 13)
    middle = (-1, -1, 1)  # the free edge between the two spaces of the area
    for command in GAME.legal(state, state.turn):
        edges = {e for e, _ in laid(13, command.x, command.y, command.rotation, command.mirrored)}
        assert middle not in edges
    with pytest.raises(Illegal, match="inside a closed area"):
        GAME.decide(state, state.turn, PlaceHedge(-1, -1, 1), Random(0))


def test_rotation_is_a_number_of_quarter_turns() -> None:
    state = in_hand(begin(2), 5)
    with pytest.raises(Illegal, match=r"rotation=4.*must be 0, 1, 2 or 3"):
        GAME.decide(state, 0, PlaceHedge(2, 0, 4), Random(0))


def test_legal_is_fast() -> None:
    sim = Simulation(GAME, 4, {}, seed=5)
    rng = Random(5)
    took = []
    while sim.outcome() is None:
        seat = sim.active()[0]
        if sim.state.phase == "place":
            boards._BOARDS.clear()  # time the work, not what the game kept
            rules._PLACEMENTS.clear()
            start = time.perf_counter()
            GAME.legal(sim.state, seat)
            took.append(time.perf_counter() - start)
        sim.command(seat, rng.choice(sim.legal(seat)))
    assert sorted(took)[len(took) // 2] < 0.02  # typically ~1 ms; generous for busy machines
