"""Views (what each audience sees), redaction, irreversibility and the game log."""

from __future__ import annotations

import gc
from random import Random

import msgspec
from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.commands import PlaceCitizens
from domain.barcelona.events import (
    Built,
    CitizensDrawn,
    CitizensPlaced,
    Event,
    ProjectsRevealed,
    SetupDrawn,
    StreetBuilt,
    TurnEnded,
)
from domain.barcelona.state import Task
from domain.barcelona.view import View
from domain.core import Timeline
from domain.core.simulate import Simulation
from tests.support.contract import tracked_parts

from .helpers import new_game, play, with_player, with_task


def test_a_hand_is_seen_by_its_owner_alone() -> None:
    state = with_player(new_game(3), 1, hand=("upper", "middle"))
    for viewer in (None, 0, 1, 2):
        for seat, player in enumerate(GAME.view(state, viewer).players):
            assert (player.hand is None) == (seat != viewer)
            assert player.hand_size == 2
    assert GAME.view(state, 1).players[1].hand == ("upper", "middle")


def test_the_lower_citizen_of_a_stack_is_seen_by_its_placer_alone() -> None:
    state = with_player(new_game(2), 0, hand=("middle", "upper"))
    state = play(state, 0, PlaceCitizens(8, "upper"))
    mine, theirs, table = (GAME.view(state, v).crossings[8] for v in (0, 1, None))
    assert (mine.top, mine.bottom, mine.citizens) == ("upper", "middle", 2)
    assert (theirs.top, theirs.bottom) == ("upper", None) and table.bottom is None


def test_the_task_awaited_is_shown_to_everyone_with_its_details() -> None:
    state = with_task(new_game(3), Task("store", 1, coins=2, cloths=1, either=1))
    for viewer in (None, 0, 1, 2):
        task = GAME.view(state, viewer).waiting_for
        assert task is not None and (task.kind, task.seat) == ("store", 1)
        assert (task.coins, task.cloths, task.either) == (2, 1, 1)
    granted = with_task(new_game(2), Task("act", 0, actions=("narrow", "wide"), flags=("no_coins",)))
    task = GAME.view(granted, None).waiting_for
    assert task is not None and task.actions == ("narrow", "wide") and task.flags == ("no_coins",)


def test_bag_and_modernisme_stack_are_shown_as_sizes_only() -> None:
    view = msgspec.to_builtins(GAME.view(new_game(2), 0))
    assert view["bag_size"] == 72 - 18 - 4 and isinstance(view["projects_left"], int)
    assert "bag" not in view and "hand" not in view


def test_everything_is_shown_when_the_game_is_over() -> None:
    state = replace(with_player(new_game(2), 0, hand=("upper",)), phase="over")
    assert GAME.view(state, None).players[0].hand == ("upper",)


def test_views_have_one_shape_and_differ_only_in_hidden_citizens() -> None:
    state = play(with_player(new_game(2), 0, hand=("middle", "upper")), 0, PlaceCitizens(8, "upper"))
    encoded = [msgspec.to_builtins(GAME.view(state, v)) for v in (None, 0, 1)]
    for view in encoded:
        for p in view["players"]:
            p["hand"] = None
        for c in view["crossings"]:
            c["bottom"] = None
    assert encoded[0] == encoded[1] == encoded[2]


def test_redaction_hides_drawn_citizens_and_lower_citizens_from_the_others() -> None:
    drawn = CitizensDrawn(1, 2, ("upper", "working"))
    assert GAME.redact(drawn, 1) is drawn
    assert GAME.redact(drawn, 0) == CitizensDrawn(1, 2, ())
    assert GAME.redact(drawn, None) == CitizensDrawn(1, 2, ())
    placed = CitizensPlaced(0, 8, "upper", "middle", 0, 2)
    assert GAME.redact(placed, 1) == CitizensPlaced(0, 8, "upper", None, 0, 2)
    assert GAME.redact(placed, 0) is placed
    built = Built(0, 2, 1, (1, 2))
    assert all(GAME.redact(built, v) is built for v in (None, 0, 1))


def test_only_random_draws_setup_and_uncovered_citizens_are_irreversible() -> None:
    assert GAME.irreversible(CitizensDrawn(0, 2, ()))
    assert GAME.irreversible(ProjectsRevealed((0,), ("coins",)))
    assert GAME.irreversible(SetupDrawn((), (), ()))
    for event in (CitizensPlaced(0, 1, "upper"), TurnEnded(0), StreetBuilt(0, 3)):
        assert not GAME.irreversible(event)


def test_view_type_decodes_every_view() -> None:
    sim = Simulation(GAME, 3, {"expansion": True}, seed=2)
    sim.play_randomly(Random(2))
    for viewer in (None, 0, 1, 2):
        data = msgspec.json.encode(GAME.view(sim.state, viewer))
        assert msgspec.json.decode(data, type=View).finished


def test_views_hold_no_container_the_collector_tracks() -> None:
    """The server keeps each game's last views (domain/core/memo.py, LastShown): made of
    gc=False structs and tuples of untracked items, they leave the collector's lists within
    the first collections they survive, so its middle passes do not walk them for every game."""
    for seats, options in ((2, {}), (4, {"expansion": True, "promo_bonus": True,
                                         "intersection_benefits": "start_of_turn"})):
        sim = Simulation(GAME, seats, options, seed=seats)
        sim.play_randomly(Random(seats))
        timeline, views = Timeline(GAME), []
        for env in sim.envelopes:  # every state, those between a command's events too
            timeline.apply(env)
            if timeline.state is not None:
                views += [GAME.view(timeline.state, v) for v in (None, *range(seats))]
        # The rows of the tracks, held by its tuple alone, are examined after it: the first
        # collection untracks them, the next the tuple (in the server, its first middle pass).
        gc.collect()
        gc.collect()
        for k, view in enumerate(views):
            parts = tracked_parts(view)
            assert not parts, (k, parts[:5])


def test_describe_says_each_event_in_words() -> None:
    sim = Simulation(GAME, 4, {"expansion": True}, seed=3)
    sim.play_randomly(Random(3))
    codec = msgspec.json.Decoder(GAME.event_type)
    lines = {env.type: GAME.describe(codec.decode(env.data)) for env in sim.envelopes}
    assert all(line and line != tag and line.endswith(".") for tag, line in lines.items())
    samples: list[tuple[Event, str]] = [
        (CitizensPlaced(1, 6, "upper", None, 1), "Seat 1 places Citizens on B2 paying 1 Coin, upper on top."),
        (Built(0, 2, 1, (1, 2)), "Seat 0 constructs a Level 1 Building on block 1-2 with A2, A3."),
        (StreetBuilt(2, 40), "Seat 2 builds a Wide Street on A1-B2."),
        (CitizensDrawn(0, 2, ()), "Seat 0 draws Citizens from the bag: 2 hidden."),
    ]
    for event, line in samples:
        assert GAME.describe(event) == line


def test_schemas_of_commands_events_options_and_views_are_generated() -> None:
    for kind in (GAME.command_type, GAME.event_type, GAME.options_type, GAME.view_type):
        assert msgspec.json.schema(kind)
    commands = msgspec.json.schema(GAME.command_type)
    assert "PlaceCitizens" in commands["$defs"] and "Build" in commands["$defs"]
