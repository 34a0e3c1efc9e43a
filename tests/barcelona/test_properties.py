"""Random full games through `legal()` alone, with the shared contract checks and
Barcelona's own: conservation of Citizens and tiles, and secrecy of hands and stacks.

PLAZA_PROPERTY_GAMES sets the number of games per variant (thousands work); the
default keeps the whole Barcelona suite well under a minute.
"""

from __future__ import annotations

import os
from random import Random
from typing import Any

import msgspec
import pytest

from domain.barcelona import GAME
from domain.barcelona.commands import Build, PlaceCitizens, Store
from domain.barcelona.components import BAG, DISPLAY, TILES, modernisme_pool
from domain.barcelona.state import State
from domain.core import EventCodec, Illegal
from domain.core.simulate import Simulation
from tests.support.contract import play_and_check

GAMES = int(os.environ.get("PLAZA_PROPERTY_GAMES", "0")) or 3
COMBOS: list[tuple[str, dict[str, Any]]] = [
    ("base", {}),
    ("printed-start-of-turn", {"layout": "printed", "intersection_benefits": "start_of_turn"}),
    ("no-confirm-reveal-at-once", {"confirm_end_of_turn": False, "reveal_projects_at_once": True}),
    ("expansion", {"expansion": True}),
    ("expansion-promo", {"expansion": True, "promo_bonus": True,
                         "intersection_benefits": "start_of_turn"}),
]
VARIANTS = [pytest.param(seats, options, id=f"{seats}p-{name}")
            for seats in (2, 3, 4) for name, options in COMBOS]


def check_components(state: State) -> None:
    """Nothing is created or lost: 72 Citizens (those covering track spaces and those
    beside a full row included), every Building tile, Warehouse limits."""
    held = sum(len(p.hand) for p in state.players)
    on_board = sum(len(s) for s in state.stacks)
    on_tracks = sum(sum(row) for row in state.track)
    assert sum(state.bag) + held + on_board + on_tracks + sum(state.outside) == sum(BAG)
    check_modernisme(state)
    built = [s.level for s in state.sites if s]
    for level, n in TILES.items():
        assert state.tiles_left[level] >= 0 and built.count(level) <= n
    for p in state.players:
        assert p.coins >= 0 and p.cloths >= 0 and p.coins + p.cloths <= p.capacity
        assert 0 <= p.cerda <= 9 and 0 <= p.sagrada <= 7
        assert all(1 <= j <= 6 for j in p.joy)


def check_modernisme(state: State) -> None:
    """Every Modernisme tile is in one place, and the display shows four (face up or
    waiting face down) while any tile is left to reveal."""
    shown = [t for t in state.display if t is not None]
    boards = [t for p in state.players for t in p.projects if t is not None]
    places = [*shown, *boards, *state.projects_left, *state.discards]
    in_play = [t for t in modernisme_pool(state.expansion) if t not in state.cerda_tiles]
    assert sorted(places) == sorted(in_play)
    if state.projects_left or state.discards:
        assert len(shown) + sum(state.face_down) == DISPLAY
    if state.phase != "over":  # once over, no tile is revealed again: nothing to reshuffle for
        assert state.projects_left or not state.discards, "an empty stack waits for a reshuffle"


def check_secrets(sim: Simulation) -> None:
    """A hand is seen by its owner alone, a stack's lower Citizen by its placer alone;
    the views of all audiences differ in nothing else."""
    state = sim.state
    check_components(state)
    over = sim.outcome() is not None
    if len(sim.envelopes) % 5 and not over:
        return  # views are the costly part: look at every fifth event and the end
    views = {v: msgspec.to_builtins(GAME.view(state, v)) for v in [None, *range(sim.seats)]}
    for viewer, view in views.items():
        for seat, player in enumerate(view["players"]):
            assert (player["hand"] is not None) == (over or seat == viewer)
            assert player["hand_size"] == len(state.players[seat].hand)
        for x, crossing in enumerate(view["crossings"]):
            hidden = len(state.stacks[x]) > 1
            sees = over or state.placed_by[x] == viewer
            assert (crossing["bottom"] is not None) == (hidden and sees)
        assert "bag" not in view and "projects_left" in view
        assert isinstance(view["projects_left"], int)
        assert _public(view) == _public(views[None])


def _public(view: dict[str, Any]) -> dict[str, Any]:
    players = [{k: v for k, v in p.items() if k != "hand"} for p in view["players"]]
    crossings = [{k: v for k, v in c.items() if k != "bottom"} for c in view["crossings"]]
    return {**view, "players": players, "crossings": crossings}


def check_events_hide_citizens(sim: Simulation) -> None:
    """Redacted events show a seat only its own draws and lower Citizens."""
    codec = EventCodec(GAME)
    for env in sim.envelopes:
        event = codec.decode(env)
        for viewer in [None, *range(sim.seats)]:
            data = msgspec.to_builtins(GAME.redact(event, viewer))
            if env.type == "CitizensDrawn" and data["seat"] != viewer:
                assert not data["citizens"] and data["count"] == len(event.citizens)
            if env.type == "CitizensPlaced" and data["seat"] != viewer:
                assert data["bottom"] is None


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_random_games_play_to_the_end_and_rebuild(seats: int, options: dict[str, Any]) -> None:
    for game in range(GAMES):
        sim = play_and_check(GAME, seats, options, seed=game, rng_seed=10_000 + game,
                             each_step=check_secrets)
        check_events_hide_citizens(sim)
        assert sim.state.end and sim.state.phase == "over"


def test_every_legal_command_is_accepted_and_others_are_refused() -> None:
    """`legal` is the one source of truth: each listed command decides without error and
    changes nothing in the state it was asked of; a command not listed is refused."""
    rng = Random(5)
    for seats, options in ((2, {}), (4, {"expansion": True, "promo_bonus": True})):
        sim = Simulation(GAME, seats, options, seed=seats)
        while sim.outcome() is None:
            seat = sim.active()[0]
            legal = sim.legal(seat)
            assert len(set(legal)) == len(legal), "a command is listed twice"
            before = sim.state
            for command in legal[:40]:
                assert GAME.decide(sim.state, seat, command, Random(0))
            assert sim.state == before
            for wrong in (PlaceCitizens(99, "upper"), Build(0, 3, (0, 1, 6)), Store(99, 0)):
                if wrong not in legal:
                    with pytest.raises(Illegal):
                        GAME.decide(sim.state, seat, wrong, Random(0))
            sim.command(seat, rng.choice(legal))


def test_rebuilding_from_events_equals_the_state_at_every_step() -> None:
    sim = Simulation(GAME, 3, {"expansion": True}, seed=9)
    rng = Random(9)
    state = None
    while sim.outcome() is None:
        seat = sim.active()[0]
        sim.command(seat, rng.choice(sim.legal(seat)))
    codec = EventCodec(GAME)
    for env in sim.envelopes:
        state = GAME.evolve(state, codec.decode(env))
    assert state == sim.state


def test_the_bot_picks_legal_commands_and_finishes_games() -> None:
    for seats, options in ((2, {}), (4, {"expansion": True, "promo_bonus": True})):
        sim = Simulation(GAME, seats, options, seed=seats)
        rng = Random(seats)
        while sim.outcome() is None:
            seat = sim.active()[0]
            move = GAME.bot_move(sim.state, seat, rng)
            assert move in sim.legal(seat)
            sim.command(seat, move)
        assert sim.state.scored == 3
