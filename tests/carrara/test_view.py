"""Views (what each audience sees), redaction, irreversibility and the game log."""

from __future__ import annotations

import gc
from random import Random

import msgspec
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.commands import TurnWheel
from domain.carrara.events import (
    BlocksBought,
    BuildingChosen,
    CityScored,
    Event,
    GameEnded,
    TurnEnded,
)
from domain.carrara.view import View
from domain.core import Timeline
from domain.core.simulate import Simulation
from tests.support.contract import tracked_parts

from .helpers import act, blocks, board, new_game, with_player

SECRET = ("coins", "blocks", "objects")


def test_seats_see_their_own_screen_only() -> None:
    state = with_player(new_game(3), 1, coins=33, blocks=blocks(red=2))
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        for seat, player in enumerate(view.players):
            for field in SECRET:
                assert (getattr(player, field) is None) == (seat != viewer)
    own = GAME.view(state, 1).players[1]
    assert own.coins == 33 and own.blocks == {"white": 0, "yellow": 0, "red": 2, "green": 0,
                                               "blue": 0, "black": 0}


def test_views_have_one_shape_and_differ_only_behind_screens() -> None:
    state = new_game(2, expansion=True)
    encoded = [msgspec.to_builtins(GAME.view(state, v)) for v in (None, 0, 1)]
    for view in encoded:
        for p in view["players"]:
            for field in SECRET:
                p[field] = None
    assert encoded[0] == encoded[1] == encoded[2]


def test_bag_and_pile_are_shown_as_sizes_only() -> None:
    view = msgspec.to_builtins(GAME.view(new_game(2), 0))
    assert view["bag_size"] == 42 - 6 - 2 and view["pile_size"] == 21
    assert "bag" not in view and "pile" not in view


def test_the_view_draws_the_whole_board() -> None:
    state = with_player(new_game(2, expansion=True, board="advanced"), 0,
                        cities=board(pisa=[("villa", 2)]), vp=7)
    view = GAME.view(state, None)
    assert [s.number for s in view.wheel] == ["I", "II", "III", "IV", "V", "VI"]
    assert view.wheel[0].blocks["black"] == 1 and view.wheel[1].prices["black"] == 0
    assert len(view.display) == 9 and len(view.eight_buildings) == 6
    assert view.objects_for_sale and view.object_supply["book"] == 5
    pisa = view.players[0].cities[1]
    assert (pisa.name, pisa.accepts, pisa.needed_to_score) == ("Pisa", ("white", "yellow"), 2)
    assert pisa.value.coins == 3 and [t.cost for t in pisa.buildings] == [2]
    assert view.players[0].vp == 7 and view.players[0].total_cost == 2
    assert set(view.players[0].categories) == {"city", "land"}
    assert (view.phase, view.turn, view.round, view.cards.green is not None) == (
        "action", 0, 1, True)


def test_screens_are_lifted_when_the_game_is_over() -> None:
    state = replace(new_game(2), phase="over")
    assert all(p.coins == 20 for p in GAME.view(state, None).players)


def test_view_type_decodes_every_view() -> None:
    sim = Simulation(GAME, 3, {"expansion": True}, seed=2)
    sim.play_randomly(Random(2))
    for viewer in (None, 0, 1, 2):
        data = msgspec.json.encode(GAME.view(sim.state, viewer))
        assert msgspec.json.decode(data, type=View).players[0].coins is not None


def test_redaction_keeps_every_event() -> None:
    event = BlocksBought(0, 1, ("green",), 2)
    assert all(GAME.redact(event, v) is event for v in (None, 0, 1))


def test_only_draws_and_reveals_are_irreversible() -> None:
    state = new_game(2)
    _, events = act(state, 0, TurnWheel())
    assert [GAME.irreversible(e) for e in events] == [False, True]
    assert not GAME.irreversible(TurnEnded(0))


def test_describe_says_each_event_in_words() -> None:
    sim = Simulation(GAME, 4, {"expansion": True, "board": "advanced"}, seed=3)
    sim.play_randomly(Random(3))
    codec = msgspec.json.Decoder(GAME.event_type)
    lines = {env.type: GAME.describe(codec.decode(env.data)) for env in sim.envelopes}
    assert all(line and line != tag and line.endswith(".") for tag, line in lines.items())
    samples: list[tuple[Event, str]] = [
        (BlocksBought(2, 1, ("green", "black"), 2),
         "Seat 2 buys green, black from section II for 2 coins."),
        (CityScored(0, "lerici", 0, 9, ("crown",)),
         "Seat 0 scores Lérici: 0 VP, 9 coins, objects: crown."),
        (GameEnded("last_building"), "The game is over (the last building is built); final scoring."),
    ]
    for event, line in samples:
        assert GAME.describe(event) == line
    chosen = BuildingChosen(1, board(pisa=[("villa", 3)])[1][0], "pisa", None, 3)
    assert GAME.describe(chosen) == "Seat 1 builds Villa (3) in Pisa: 3 blocks due."


def test_schemas_of_commands_events_options_and_views_are_generated() -> None:
    for kind in (GAME.command_type, GAME.event_type, GAME.options_type, GAME.view_type):
        assert msgspec.json.schema(kind)
    commands = msgspec.json.schema(GAME.command_type)
    assert "BuyBlocks" in commands["$defs"] and "AnnounceEnd" in commands["$defs"]


def test_basic_side_view_offers_only_the_city_upgrade_tiles() -> None:
    basic = new_game(2, expansion=True, board="basic")
    assert GAME.view(basic, None).upgrade_tiles == (
        "livorno", "pisa", "lucca", "viareggio", "massa", "lerici")
    assert len(GAME.view(new_game(2, expansion=True), None).upgrade_tiles) == 8


def test_views_hold_no_container_the_collector_tracks() -> None:
    """Each game's last views are kept (domain/core/memo.py, LastShown): with a list or a
    struct the collector tracks anywhere in them, every middle pass walks them all."""
    for seats, options in ((2, {}), (3, {"expansion": True}),
                           (4, {"expansion": True, "board": "basic"})):
        sim = Simulation(GAME, seats, options, seed=seats)
        sim.play_randomly(Random(seats))
        timeline, views = Timeline(GAME), []
        for env in sim.envelopes:
            timeline.apply(env)
            if timeline.state is not None:
                views += [GAME.view(timeline.state, v) for v in (None, *range(seats))]
        gc.collect()
        assert [part for view in views for part in tracked_parts(view)] == []
