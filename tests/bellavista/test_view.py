"""The view a web client draws from, the log lines, the registry and undo."""

from __future__ import annotations

import gc
from random import Random

import msgspec
import pytest

from domain.bellavista import GAME
from domain.bellavista.commands import Command, MakeOffer
from domain.bellavista.components import ZONING
from domain.bellavista.events import Event, HandDrawn, ZoningRevealed
from domain.bellavista.layouts import PRESETS
from domain.bellavista.state import Card
from domain.bellavista.view import View
from domain.core import UndoRefused, registry
from domain.core.simulate import Simulation
from tests.support.contract import tracked_parts

from .helpers import building, construction, contract_id, simulation, started


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
    assert [(s.rotation, s.cells) for s in two] == [(0, ((0, 0), (0, 1))), (1, ((0, 0), (1, 0)))]
    assert view.now is not None and (view.now.seat, view.now.height) == (0, 1)
    assert view.active == (0,) and view.phase == "place" and view.round == 1
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
    assert {"GameStarted", "ColourChosen", "OfferMade", "CardRevealed", "BuildingPlaced", "RoundEnded",
            "GameEnded"} <= seen


LOG_ROW = 70  # the log panel of an 80-column terminal: 80 less its border (4) and "#seq " (6)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_log_line_fits_one_terminal_row_so_none_wraps_into_a_stray_line(seats: int) -> None:
    # The first line used to wrap, leaving the last offer cost alone as a line "0."
    lines = []
    for layout in [*PRESETS, "random"]:
        sim = Simulation(GAME, seats, {"layout": layout}, seed=seats)
        sim.play_randomly(Random(seats))
        lines += [GAME.describe(sim.codec.decode(env)) for env in sim.envelopes]
    lines += [GAME.describe(ZoningRevealed(card)) for card in ZONING]
    lines.append(GAME.describe(HandDrawn(1, 5, tuple(Card(h, True) for h in range(4, 9)))))
    assert [line for line in lines if len(line) > LOG_ROW] == []


def test_the_terminal_log_of_a_new_game_starts_with_its_first_event() -> None:
    import io

    from rich.console import Console

    from clients.client import to_envelope
    from clients.terminal.render import render_log

    sim = Simulation(GAME, 2, {"layout": "new_york"}, seed=1)
    wire = [to_envelope(msgspec.json.decode(msgspec.json.encode(env))) for env in sim.envelopes]
    console = Console(file=io.StringIO(), width=80 - 4, color_system=None)  # inside the panel
    console.print(render_log(wire, ["Ada", "Bob"], last=len(wire), kind="bellavista"))
    rows = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert rows[0].startswith("#1 ") and "New York" in rows[0]
    assert all(row.startswith("#") for row in rows if row.strip())


def test_an_offer_can_be_undone_within_the_turn_but_a_reveal_cannot() -> None:
    sim = simulation(2, {"layout": "paris"}, seed=2)
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


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_seat_sees_the_spectators_table_with_its_own_secrets_added(seats: int) -> None:
    """Each seat's view is the spectators' view with that seat's hand, contracts and
    face-down offers shown, and nothing else changed."""
    sim, rng = simulation(seats, {"layout": "random"}, seed=seats), Random(seats)
    shown = 0
    while sim.outcome() is None:
        state, table = sim.state, GAME.view(sim.state, None)
        for seat in range(seats):
            mine = GAME.view(state, seat)
            assert mine.players[seat].hand == state.hands[seat]
            assert msgspec.structs.replace(mine.players[seat], hand=None, contracts=None) == \
                msgspec.structs.replace(table.players[seat], contracts=None)
            assert [p for i, p in enumerate(mine.players) if i != seat] == \
                [p for i, p in enumerate(table.players) if i != seat]
            cards = [o.card if o is not None else None for o in (*state.spaces, *state.late)]
            for offer, public, card in zip(mine.offers, table.offers, cards, strict=True):
                if offer != public:
                    assert offer.seat == seat and not offer.revealed and public.card is None
                    assert offer == msgspec.structs.replace(public, card=card)
                    shown += 1
            assert msgspec.structs.replace(mine, players=table.players, offers=table.offers) == table
        seat = rng.choice(sim.active())
        sim.command(seat, rng.choice(sim.legal(seat)))
    assert shown


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_views_hold_no_container_the_collector_keeps_walking(seats: int) -> None:
    """The server keeps each game's last views (domain/core/memo.py `LastShown`): once a
    collection has passed over them, the collector's middle passes must not walk any of
    their parts again (gc=False structs, tuples of such, no lists)."""
    sim = Simulation(GAME, seats, {"layout": "random"}, seed=seats + 30)
    sim.play_randomly(Random(seats + 30))
    views = [(i, viewer, GAME.view(step.state, viewer))
             for i, step in enumerate(sim.timeline.steps) for viewer in (None, *range(seats))]
    gc.collect()
    tracked = [(i, viewer, parts[:3]) for i, viewer, view in views if (parts := tracked_parts(view))]
    assert tracked[:3] == []  # (state, audience, paths) of the first few
