"""The view a web client draws from, the log lines, the registry and undo."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from domain.bellavista import GAME
from domain.bellavista.commands import Command, MakeOffer
from domain.bellavista.events import Event
from domain.bellavista.state import Card
from domain.bellavista.view import View
from domain.core import UndoRefused, registry
from domain.core.simulate import Simulation

from .support import building, construction, contract_id, started


def test_the_kind_is_found_by_the_registry() -> None:
    assert registry.get("bellavista") is GAME
    assert GAME.seat_counts == (2, 3, 4) and GAME.title == "Bella Vista"


def test_the_view_holds_the_geometry_to_draw_the_town() -> None:
    state = construction(started(4), [(0, Card(1))], "no_rivers", (building(2, 2, (7, 3), (7, 4)),))
    view = GAME.view(state, None)
    assert len(view.tiles) == 15 and all(t.size == 3 for t in view.tiles)
    park = next(t for t in view.tiles if t.tile == "park_2")
    assert (park.row, park.col, park.kind, park.label) == (3, 9, "park", "Park 2")
    assert next(t for t in view.tiles if t.tile == "park_3").area == park.area
    assert view.buildings[0].cells == ((7, 3), (7, 4)) and view.buildings[0].colour == "green"
    two = next(f for f in view.footprints if f.height == 1).shapes
    assert [(s.rotation, s.cells) for s in two] == [(0, [(0, 0), (0, 1)]), (1, [(0, 0), (1, 0)])]
    assert view.now is not None and (view.now.seat, view.now.height) == (0, 1)
    assert view.active == [0] and view.phase == "place" and view.round == 1
    assert [o.cost for o in view.offers] == [7, 5, 3, 1, 0]


def test_every_audience_gets_the_same_shape_and_no_viewer_relative_fields() -> None:
    state = started(4)
    shapes = {tuple(msgspec.json.decode(msgspec.json.encode(GAME.view(state, v))))
              for v in (None, 0, 1, 2, 3)}
    assert len(shapes) == 1
    fields = set(View.__struct_fields__)
    assert not fields & {"you", "my_turn", "names", "seat"}


def test_schemas_of_options_commands_and_views_are_generated() -> None:
    for kind in (GAME.options_type, GAME.command_type, GAME.view_type, GAME.event_type):
        assert msgspec.json.schema(kind)


def test_every_event_of_a_game_has_a_log_line_in_words() -> None:
    sim = Simulation(GAME, 3, {"layout": "rome"}, seed=4)
    sim.play_randomly(Random(4))
    seen = set()
    for env in sim.envelopes:
        event: Event = GAME.event_type and msgspec.json.decode(env.data, type=GAME.event_type)
        line = GAME.describe(event)
        assert line.endswith(".") and line != type(event).__name__
        seen.add(env.type)
    assert {"GameStarted", "OfferMade", "CardRevealed", "BuildingPlaced", "RoundEnded",
            "GameEnded"} <= seen


def test_an_offer_can_be_undone_within_the_turn_but_a_reveal_cannot() -> None:
    sim = Simulation(GAME, 2, {"layout": "paris"}, seed=2)
    first, second = sim.state.order[0], sim.state.order[1]
    card = sim.state.hands[first][0]
    sim.command(first, MakeOffer(0, card.height, card.roofed))
    card = sim.state.hands[second][0]
    sim.command(second, MakeOffer(1, card.height, card.roofed))
    sim.undo(second)  # the second architect offers twice in a row: still their turn
    assert sim.state.spaces[1] is None
    command: Command = sim.legal(second)[0]
    sim.command(second, command)
    sim.command(second, sim.legal(second)[0])
    sim.command(first, sim.legal(first)[0])  # the last offer reveals the first card
    with pytest.raises(UndoRefused):
        sim.undo(first)


def test_contracts_in_the_view_show_what_this_game_needs() -> None:
    from domain.bellavista.view import contract_view

    rivers = contract_id("rivers")
    assert contract_view(rivers, 2).count == 3 and contract_view(rivers, 4).count == 2
