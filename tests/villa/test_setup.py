"""Setup, options and the registry."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from domain.core import Illegal, UndoRefused, registry
from domain.core.simulate import Simulation
from domain.villa import GAME
from domain.villa.board import board
from domain.villa.commands import DrawHedge
from domain.villa.components import BAG
from domain.villa.events import CircleLaid, FeaturesRevealed
from domain.villa.options import Options

from .helpers import BLUE, GREEN, PINK, YELLOW, act, begin, play_until


def test_the_kind_villa_is_found_by_the_registry() -> None:
    assert registry.get("villa") is GAME


def test_setup_starting_hedge_in_the_middle_others_in_the_bag() -> None:
    state = begin(3)
    b = board(state)
    assert sorted(b.degree) == [(-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0)]  # centred on (0, 0)
    assert state.bag == BAG and len(state.bag) == 32
    assert state.hedge is None and state.phase == "draw" and state.turn == 0


def test_setup_ten_tokens_per_player_neutral_side_up() -> None:
    state = begin(3)
    assert [state.owners[c] for c in (BLUE, GREEN, PINK, YELLOW)] == [0, 1, 2, -1]
    for colour in state.in_play():
        assert state.supplies[colour].neutral == 10 and state.supplies[colour].features == ()


def test_players_choose_their_colours() -> None:
    state = begin(2, colours=["pink", "yellow"])
    assert state.owners == (-1, -1, 0, 1)


def test_expert_three_features_at_random_the_same_for_everyone() -> None:
    reveals = set()
    for seed in range(5):
        state = begin(4, seed=seed, expert=True)
        assert len(set(state.features)) == 3
        for colour in range(4):
            assert state.supplies[colour].features == state.features
            assert state.supplies[colour].neutral == 7
        reveals.add(state.features)
    assert len(reveals) > 1
    assert GAME.irreversible(FeaturesRevealed(["well", "trees", "bridge"]))


def test_draw_takes_a_random_hedge_from_the_bag_and_cannot_be_undone() -> None:
    drawn = set()
    for seed in range(6):
        state, events = act(begin(2), 0, DrawHedge(), seed=seed)
        (event,) = events
        assert GAME.irreversible(event)
        assert state.hedge == event.hedge and event.hedge not in state.bag
        assert len(state.bag) == 31 and state.phase == "place"
        drawn.add(event.hedge)
    assert len(drawn) > 1


def test_alternative_drawing_rule_open_circle_taken_in_order() -> None:
    events = GAME.start(Options(open_circle=True), 2, Random(4))
    (circle,) = [e for e in events if isinstance(e, CircleLaid)]
    assert sorted(circle.order) == list(BAG) and GAME.irreversible(circle)
    state = begin(2, seed=4, open_circle=True)
    assert state.phase == "place" and state.hedge == circle.order[0]
    view = GAME.view(state, None)
    assert [h.id for h in view.circle] == circle.order[1:]  # open to everyone
    assert GAME.legal(state, 0)  # no draw step: the next Hedge is already known


@pytest.mark.parametrize(("options", "seats", "words"), [
    ({"team": True}, 3, "team variant needs 4 players"),
    ({"two_player_expert": True, "expert": True}, 3, "for 2 players"),
    ({"two_player_expert": True}, 2, "set expert to true"),
    ({"features": ["well", "trees", "bridge"]}, 2, "only used with the expert rules"),
    ({"expert": True, "features": ["well", "well", "bridge"]}, 2, "3 different Features"),
    ({"colours": ["pink", "pink"]}, 2, "2 different colours"),
    ({}, 5, "2, 3 or 4 players"),
])
def test_impossible_options_are_refused_at_start(options: dict[str, object], seats: int,
                                                 words: str) -> None:
    with pytest.raises(Illegal, match=words):
        GAME.start(msgspec.convert(options, Options), seats, Random(0))


def test_options_schema_and_unknown_fields() -> None:
    schema = msgspec.json.schema(Options)
    props = schema["$defs"]["Options"]["properties"]
    assert {"expert", "team", "two_player_expert", "open_circle", "features", "colours"} <= set(
        props)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"experts": True}, Options)


def test_undo_takes_back_a_placement_within_the_turn_but_never_a_draw() -> None:
    sim = Simulation(GAME, 2, {}, seed=0)
    sim.command(0, DrawHedge())
    with pytest.raises(UndoRefused):
        sim.undo(0)  # the draw revealed a Hedge
    sim = play_until(2, {}, lambda s: s.state.phase == "choose_area")
    seat = sim.active()[0]
    hedge = sim.timeline.steps[-1].state.placements[-1].hedge
    sim.undo(seat)  # the placement closed two areas: the player may take it back
    assert sim.state.phase == "place" and sim.state.hedge == hedge


def test_team_variant_teams_alternate_around_the_table() -> None:
    state = begin(4, team=True)
    assert state.teams == (0, 1, 0, 1)
    sides = []
    for _ in range(4):
        sides.append(state.teams[state.turn])
        state, _ = act(state, state.turn, DrawHedge())
        state, _ = act(state, state.turn, GAME.legal(state, state.turn)[0])
    assert sides == [0, 1, 0, 1]
