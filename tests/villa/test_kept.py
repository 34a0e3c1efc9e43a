"""What each game keeps between its states (its board built on the board before, the
placements listed in a fixed frame of bitmaps, the pieces of its view) answers exactly
what working it out afresh would, however the games in play interleave."""

from __future__ import annotations

from dataclasses import fields
from random import Random
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.core.simulate import Simulation
from domain.villa import GAME, kept, rules, view
from domain.villa import board as boards
from domain.villa.board import Board, board, board_from, closures, extended, fits
from domain.villa.commands import PlaceHedge
from domain.villa.events import HedgeDrawn
from domain.villa.geometry import Cell, Edge, bounding_box, edge_cells, edge_ends, laid, region
from domain.villa.placing import _unframed, placements
from domain.villa.state import Placement, State

from .helpers import begin
from .test_placement import by_the_book, in_hand

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (4, {}), (3, {"expert": True}), (4, {"expert": True, "team": True}),
    (2, {"expert": True, "two_player_expert": True}), (3, {"open_circle": True}),
]


def afresh(state: State) -> Board:
    colours: dict[Edge, int] = {}
    hedges: dict[Edge, int] = {}
    for p in state.placements:
        for edge, colour in laid(p.hedge, p.x, p.y, p.rotation, p.mirrored):
            colours[edge], hedges[edge] = colour, p.hedge
    return board_from(colours, hedges, tuple(area.cells for area in state.areas))


def assert_same(kept: Board, made: Board) -> None:
    for field in fields(Board):
        assert getattr(kept, field.name) == getattr(made, field.name), field.name


def forget() -> None:
    for store in (boards._BOARDS, rules._PLACEMENTS, view._DRAWINGS, view._TALLIES):
        store.clear()


def play(step: Any, games: int = 2) -> None:
    """Random games of every variant played a command each in turn, as a server plays the
    games it holds, each state after a command handed to `step`."""
    sims = [Simulation(GAME, seats, options, seed=seed)
            for seed in range(games) for seats, options in VARIANTS]
    rng = Random(7)
    while sims:
        for sim in list(sims):
            if sim.outcome() is not None:
                sims.remove(sim)
                continue
            seat = rng.choice(sim.active())
            sim.command(seat, rng.choice(sim.legal(seat)))
            step(sim.state)


def test_boards_built_on_the_one_before_are_the_boards_built_afresh() -> None:
    def step(state: State) -> None:
        assert_same(board(state), afresh(state))

    play(step)


def test_a_board_tried_with_many_hedges_stays_kept_and_closes_what_a_flood_fill_closes(
        ) -> None:
    """The bots try every placement on one state: each child's board is built on that
    state's, which stays kept (no board built afresh for the next try); and `closures`,
    which skips the flood fill for a Hedge meeting the Hedges in play at fewer than two
    joints (no cycle, so no region), finds what filling next to every new segment finds."""
    checked = closing = 0

    def step(state: State) -> None:
        nonlocal checked, closing
        if state.phase != "place" or state.hedge is None:
            return
        b = board(state)
        for command in GAME.legal(state, state.turn)[::3]:
            assert isinstance(command, PlaceHedge)
            new = laid(state.hedge, command.x, command.y, command.rotation, command.mirrored)
            found = closures(b, new)
            assert found == filled(b, new)
            closing += bool(found)
            child = state
            for event in GAME.decide(state, state.turn, command, Random(1)):
                child = GAME.evolve(child, event)
            board(child)
            assert board(state) is b
            checked += 1

    play(step, games=1)
    assert checked > 500 and closing > 20


def filled(b: Board, new: tuple[tuple[Edge, int], ...]) -> list[list[Cell]]:
    """`closures` without its shortcut: every region next to a new segment filled."""
    walls = set(b.colours) | {edge for edge, _ in new}
    box = bounding_box([point for point in [*b.degree, *(p for e, _ in new for p in edge_ends(e))]])
    seen: set[Cell] = set()
    found = []
    for edge, _ in new:
        for cell in edge_cells(edge):
            if cell not in seen and cell not in b.cell_area:
                cells = region(cell, walls, box, seen)
                if cells is not None:
                    found.append(sorted(cells))
    return sorted(found)


def test_placements_in_the_fixed_frame_are_those_framed_to_the_board() -> None:
    checked = 0

    def step(state: State) -> None:
        nonlocal checked
        if state.phase == "place" and state.hedge is not None:
            b = board(state)
            assert b.bits is not None
            listed = placements(b, state.hedge)
            assert listed == tuple(PlaceHedge(*p) for p in _unframed(b, state.hedge))
            assert GAME.legal(state, state.turn) == list(listed)
            checked += 1

    play(step)
    assert checked > 100


def test_views_made_of_kept_pieces_are_the_views_made_afresh() -> None:
    encode = msgspec.json.encode

    def step(state: State) -> None:
        kept = encode(GAME.view(state, None))
        forget()
        assert encode(view.made(state)) == kept
        assert GAME.view(state, 0) is GAME.view(state, None)  # made once per state

    play(step, games=1)


def test_a_board_beyond_the_frame_lists_its_placements_by_the_board_alone() -> None:
    """Plaza draws boards in a frame of 64 by 64 joints around the Starting Hedge, wider
    than any game seen; a board that outgrows it is drawn to its own size instead."""
    near = replace(begin(2), placements=(Placement(0, 16, 0),))
    far = replace(near, placements=(*near.placements, Placement(1, 20, 0)))
    assert board(near).bits is not None and board(far).bits is None
    grown = extended(board(near), far.placements[-1], ())
    assert grown is not None
    assert_same(grown, afresh(far))
    state = in_hand(far, 5)
    assert {(c.x, c.y, c.rotation, c.mirrored) for c in GAME.legal(state, 0)} == by_the_book(
        state, 5)


def test_a_state_asked_again_after_others_of_its_game_gets_its_own_answers() -> None:
    """Undo takes a game back to an older state, and tests build states apart: each is
    answered for itself, whatever its game asked in between."""
    sim = Simulation(GAME, 2, {}, seed=4)
    rng, states = Random(4), []
    while sim.outcome() is None:
        seat = sim.active()[0]
        sim.command(seat, rng.choice(sim.legal(seat)))
        states.append(sim.state)
    for state in [*states[::-1], *states[::7]]:
        assert_same(board(state), afresh(state))
        if state.phase == "place" and state.hedge is not None:
            assert GAME.legal(state, state.turn) == [
                PlaceHedge(*p) for p in _unframed(afresh(state), state.hedge)]


def test_each_game_keeps_one_entry_and_the_least_recent_games_go_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "GAMES", 3)
    store: kept.Kept[int] = kept.Kept()
    games = [begin(2, seed=seed) for seed in range(5)]
    for n, state in enumerate(games):
        store.put(state, n)
        store.put(replace(state, turn=1), n)  # another state of the same game
    assert [store.get(state) for state in games] == [None, None, 2, 3, 4]
    assert store.get(replace(games[4], phase="place")) == 4


def test_fits_agrees_with_the_placements_listed() -> None:
    """`decide` checks a PlaceHedge with `fits`, or with the bitmaps of the placements listed
    for the state when it has them: either allows exactly what `legal` lists, around the
    board (near misses included), far outside it and at every listed position."""
    checked = 0

    def step(state: State) -> None:
        nonlocal checked
        if state.phase != "place" or state.hedge is None:
            return
        b, hedge = board(state), state.hedge
        listed = set(GAME.legal(state, state.turn))  # kept: `allowed` reads its bitmaps
        x0, y0, x1, y1 = b.box or (0, 0, 0, 0)
        for x in range(x0 - 5, x1 + 6, 2):
            for y in range(y0 - 5, y1 + 6):
                for rotation, mirrored in ((x + y) % 4, False), ((x - y) % 4, True):
                    command = PlaceHedge(x, y, rotation, mirrored)
                    assert fits(b, hedge, x, y, rotation, mirrored) == (command in listed)
                    assert rules.allowed(state, state.turn, command) == (command in listed)
        for x, y in ((x0 - 40, y0), (x0, y0 - 40), (x1 + 40, y1), (x1, y1 + 40), (x0, 99)):
            assert not rules.allowed(state, state.turn, PlaceHedge(x, y, 0, False))
        assert all(fits(b, hedge, c.x, c.y, c.rotation, c.mirrored)
                   for c in listed if isinstance(c, PlaceHedge))
        checked += 1

    play(step, games=1)
    assert checked > 50


def test_a_drawn_hedge_leaves_the_bag_as_filtering_it_would() -> None:
    def step(state: State) -> None:
        for hedge in (*state.bag[:3], *state.bag[-2:], 0, 99):
            drawn = GAME.evolve(state, HedgeDrawn(state.turn, hedge))
            assert drawn.bag == tuple(h for h in state.bag if h != hedge)

    play(step, games=1)


SHAPES = [Placement(0, 0, 0, 0), Placement(1, 0, 1, 1), Placement(9, 4, 0, 1, True),
          Placement(17, 2, 5, 2), Placement(25, 1, 9, 3, True)]


def _moved(placements: tuple[Placement, ...], side_x: str, side_y: str) -> tuple[Placement, ...]:
    """These placements moved against a side of the frame on each axis ("low", "high") or
    left where they are ("mid"): their joints as far out as a board drawn in the frame may be."""
    points = [p for q in placements for e, _ in laid(q.hedge, q.x, q.y, q.rotation, q.mirrored)
              for p in edge_ends(e)]
    x0, y0, x1, y1 = bounding_box(points)
    low, high = boards.ORIGIN + boards.MARGIN, boards.ORIGIN + boards.WIDTH - boards.MARGIN - 1
    dx = {"low": low - x0, "high": high - x1, "mid": 0}[side_x]
    dy = {"low": low - y0, "high": high - y1, "mid": 0}[side_y]
    return tuple(replace(q, x=q.x + dx, y=q.y + dy) for q in placements)


@pytest.mark.parametrize("side_x, side_y", [(a, b) for a in ("low", "mid", "high")
                                            for b in ("low", "mid", "high")])
def test_placements_in_a_window_at_the_edges_of_the_frame_are_those_framed_to_the_board(
        side_x: str, side_y: str) -> None:
    """Only the rows and the columns (whole bytes) a position can reach are worked on: boards
    in each corner and against each side of the frame, narrow and wide, list what the board
    framed to itself lists, and `allowed` reads the same from their bitmaps."""
    for count in range(1, len(SHAPES) + 1):
        for hedge in (3, 12, 30):
            placed = _moved(tuple(SHAPES[:count]), side_x, side_y)
            state = in_hand(replace(begin(2), placements=placed), hedge)
            b = board(state)
            assert b.bits is not None
            listed = GAME.legal(state, 0)
            assert listed == [PlaceHedge(*p) for p in _unframed(b, hedge)]
            assert listed == list(placements(afresh(state), hedge))
            x0, y0, x1, y1 = b.box or (0, 0, 0, 0)
            for px in range(x0 - 6, x1 + 7):
                for py in range(y0 - 6, y1 + 7):
                    command = PlaceHedge(px, py, (px + py) % 4, px % 2 == 0)
                    assert rules.allowed(state, 0, command) == (command in listed)
