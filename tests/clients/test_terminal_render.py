"""The terminal renderers: every game's view renders, the log reads as words."""

from __future__ import annotations

import io
import re
from random import Random
from typing import Any

import msgspec
import pytest
from rich.console import Console

from clients.client import to_envelope
from clients.terminal.app import _parse_move, _replay_key
from clients.terminal.boards.barcelona import barcelona
from clients.terminal.boards.bellavista import bellavista
from clients.terminal.boards.carrara import carrara
from clients.terminal.boards.villa import villa
from clients.terminal.render import Screen, render_outcome, render_view
from clients.terminal.words import clean_name, command_label, describe, humanize, seat_name
from domain.core import registry
from domain.core.simulate import Simulation

NAMES: list[str | None] = ["Ada", "Bob", "Cy", "Di"]
BESPOKE = {"bellavista": (bellavista, "Town"), "carrara": (carrara, "The wheel"),
           "villa": (villa, "Hedges"), "barcelona": (barcelona, "The city of Barcelona")}


def text(renderable: Any, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def played(kind: str, steps: int) -> tuple[Simulation, list[Any]]:
    game = registry.get(kind)
    assert game is not None
    seats = 3 if 3 in game.seat_counts else game.seat_counts[0]
    sim = Simulation(game, seats, None, seed=4)
    rng = Random(2)
    for _ in range(steps):
        if sim.outcome() is not None:
            break
        seat = rng.choice(sim.active())
        sim.command(seat, rng.choice(sim.legal(seat)))
    wire = [to_envelope(msgspec.json.decode(msgspec.json.encode(env))) for env in sim.envelopes]
    return sim, wire


def wire_view(sim: Simulation, seat: int | None) -> Any:
    return msgspec.json.decode(msgspec.json.encode(sim.game.view(sim.state, seat)))


def board_of(kind: str) -> Any:
    """The game's board data as `GET /api/kinds/{kind}/board` answers it."""
    game = registry.get(kind)
    assert game is not None
    return msgspec.json.decode(msgspec.json.encode(game.board()))


@pytest.mark.parametrize("kind", sorted(registry.games()))
@pytest.mark.parametrize("steps", [0, 25, 100_000])
def test_every_game_renders(kind: str, steps: int) -> None:
    sim, envelopes = played(kind, steps)
    seat = sim.active()[0] if sim.active() else None
    view = wire_view(sim, seat)
    if kind in BESPOKE:
        renderer, title = BESPOKE[kind]
        assert title in text(renderer(view, NAMES, seat, board_of(kind)))
    legal = msgspec.json.decode(msgspec.json.encode(sim.legal(seat))) if seat is not None else []
    outcome = msgspec.json.decode(msgspec.json.encode(sim.outcome()))
    screen = Screen(kind, kind, "g1", NAMES[: sim.seats], seat, sim.seq, view, legal,
                    sim.active(), outcome, envelopes, board=board_of(kind))
    shown = text(screen.render())
    assert f"seq {sim.seq}" in shown
    assert text(render_view(kind, wire_view(sim, None), NAMES, None, board_of(kind)))
    if outcome is not None:
        assert "Final result" in shown


def test_generic_view_of_unknown_shapes() -> None:
    view = {"players": [{"hand": None, "hand_size": 2, "score": 3}, {"hand": [1, 2],
                                                                    "hand_size": 2, "score": 0}],
            "grid": [[0, 1], [None, 2]], "deep": {"a": {"b": [{"c": 1}]}}, "flag": True}
    out = text(render_view("unknown-kind", view, ["Ada", "Bob"]))
    assert "Ada (seat 0)" in out and "hand size" in out and "[1, 2]" in out and "yes" in out
    assert "waiting for every seat" in text(render_view("x", None))


@pytest.mark.parametrize("kind", ["bellavista", "villa", "carrara", "barcelona"])
def test_the_log_uses_the_games_own_words_with_names(kind: str) -> None:
    sim, wire = played(kind, 30)
    lines = [describe(sent, NAMES, kind) for sent in wire]
    own = [sim.game.describe(sim.codec.decode(env)) for env in sim.envelopes]
    for line, said in zip(lines, own, strict=True):
        assert line == re.sub(r"\b([Ss])eat (\d)\b", lambda m: str(NAMES[int(m.group(2))]), said)
    assert not any(re.search(r"\b[Ss]eat [0-3]\b", line) for line in lines)
    assert any(name in line for line in lines for name in ("Ada", "Bob", "Cy"))
    # an event this client cannot decode (a newer server's) gets the generic words
    odd = msgspec.structs.replace(wire[-1], type="Unheard", actor=1,
                                  data={"type": "Unheard", "seat": 1})
    assert describe(odd, NAMES, kind) == "Bob: unheard"


def test_log_and_moves_in_words() -> None:
    env = to_envelope({"game_id": "g", "seq": 4, "type": "TurnEnded", "v": 1, "actor": 1,
                       "ref": "r", "at": 1, "irreversible": False, "prev_hash": "0" * 64,
                       "hash": "1" * 64, "data": {"type": "TurnEnded", "seat": 1}})
    assert describe(env, NAMES) == "Bob: turn ended"
    drew = msgspec.structs.replace(env, type="Drew", data={"type": "Drew", "seat": 0,
                                                           "card": None})
    assert describe(drew, NAMES) == "Bob: drew (seat Ada, card ?)"
    rewound = msgspec.structs.replace(env, type="Rewound", data={"to_seq": 2})
    assert describe(rewound, NAMES) == "Bob undid back to #2"
    setup = msgspec.structs.replace(env, actor=None, type="Started", data={"seats": 2})
    assert describe(setup, NAMES) == "Started (seats 2)"
    assert humanize("PlaceHedge") == "place hedge" and humanize("hand_size") == "hand size"
    assert command_label({"type": "Play", "card": 5}) == "play (card 5)"
    out = text(render_outcome({"scores": [3, 7], "ranks": [2, 1], "winners": [1],
                               "breakdown": {"played": [3, 7], "note": "x"}}, NAMES))
    assert out.index("Bob") < out.index("Ada") and "★" in out and "played" in out


HOSTILE: list[str | None] = ["Ada\x1b[2J\u202eevil", "[/b][link=http://x]Bob", "\u200f\x07", None]


def test_names_never_reach_the_terminal_raw() -> None:
    assert clean_name("Ada\x1b[2J\u202eevil") == "Ada[2Jevil" and clean_name(None) is None
    assert clean_name("Zoë 🎲 Łódź") == "Zoë 🎲 Łódź"
    assert seat_name(2, HOSTILE) == "seat 2"  # nothing printable left: the seat's number
    env = to_envelope({"game_id": "g", "seq": 4, "type": "TurnEnded", "v": 1, "actor": 0,
                       "ref": "r", "at": 1, "irreversible": False, "prev_hash": "0" * 64,
                       "hash": "1" * 64, "data": {"type": "TurnEnded", "seat": 1}})
    view = {"players": [{"score": 1}, {"score": 2}, {"score": 0}, {"score": 0}]}
    outcome = {"scores": [1, 2, 0, 0], "ranks": [2, 1, 3, 3], "winners": [1]}
    screen = Screen("tinydraw", "Tiny", "g1", HOSTILE, 0, 4, view, [], [1], outcome, [env])
    shown = text(screen.render()) + describe(env, HOSTILE)
    assert "\x1b" not in shown and "\u202e" not in shown and "\x07" not in shown
    # markup in a name is shown as typed, never read as markup (nor a crash)
    assert "[/b][link=http://x]Bob" in shown and "Ada[2Jevil" in shown


def test_typed_moves_and_replay_keys() -> None:
    legal: list[dict[str, Any]] = [{"type": "Play", "card": 3}, {"type": "EndTurn"}]
    assert _parse_move("2", legal) == ({"type": "EndTurn"}, "")
    assert _parse_move("3", legal)[0] is None and "1 to 2" in _parse_move("3", legal)[1]
    assert _parse_move("1", [])[1] == "It is not your move now."
    assert _parse_move('{"type": "Draw"}', legal) == ({"type": "Draw"}, "")
    assert _parse_move("{nope", legal)[0] is None
    assert _replay_key("n", 5, 9, "", keys=False) == (6, "", False)
    assert _replay_key("seek 2", 5, 9, "", keys=False) == (2, "", False)
    assert _replay_key("7", 5, 9, "", keys=False) == (7, "", False)
    assert _replay_key("q", 5, 9, "", keys=False) == (None, "", True)
    assert _replay_key("1", 5, 9, "", keys=True) == (None, "1", False)
    assert _replay_key("enter", 5, 9, "12", keys=True) == (12, "", False)
    assert _replay_key("left", 5, 9, "", keys=True) == (4, "", False)
    assert _replay_key("l", 5, 9, "", keys=True) == (9, "", False)


def test_barcelona_board_names_the_city_and_hides_other_hands() -> None:
    for steps in (20, 25, 30, 40, 60, 80):
        sim, _ = played("barcelona", steps)
        seat = sim.active()[0]
        view = wire_view(sim, seat)
        hands = [p["hand_size"] for p in view["players"]]
        stacked = [x for x, c in enumerate(view["crossings"]) if c["bottom"] is not None]
        if hands[seat] and any(hands[s] for s in range(sim.seats) if s != seat) and stacked:
            break
    else:
        pytest.fail("no position with hands and a stack of the seat's own")
    board = board_of("barcelona")
    out = text(barcelona(view, NAMES, seat, board), width=100)
    assert "A1" in out and "E5" in out and "C3" in out and "╲" in out
    assert max(map(len, out.splitlines())) <= 100
    letters = {"upper": "U", "middle": "M", "working": "W"}
    rows = {n: next(line for line in out.splitlines() if line.startswith(f"{n} {NAMES[n]} "))
            for n in range(sim.seats)}
    assert "◀ you" in rows[seat]
    assert " ".join(letters[c] for c in view["players"][seat]["hand"]) in rows[seat]
    assert "hidden" not in rows[seat]
    for other in range(sim.seats):
        if other != seat:
            assert view["players"][other]["hand"] is None
            assert f"{hands[other]} hidden" in rows[other]
    # the lower Citizen of the seat's own stack: in small letters for it, `?` for the others
    x = stacked[0]
    crossing = view["crossings"][x]
    name = board["crossings"][x]["name"]
    mine = letters[crossing["top"]] + letters[crossing["bottom"]].lower()
    assert f"{name} {mine}" in out
    table = text(barcelona(wire_view(sim, None), NAMES, None, board), width=100)
    assert f"{name} {letters[crossing['top']]}?" in table and f"{name} {mine}" not in table
    # the street actions at the head of the columns and rows, and the panels
    assert "Turn: " in out and "Public Services" in out and "Citizen tracks" in out


def test_barcelona_moves_name_the_board_places() -> None:
    sim, _ = played("barcelona", 0)
    view = wire_view(sim, 0)
    board = board_of("barcelona")
    assert command_label({"type": "BuildStreet", "space": 0}, NAMES, "barcelona", view, board) \
        == "build a street on A1-A2 (row 1, narrow)"
    assert command_label({"type": "PlaceCitizens", "crossing": 24, "top": "upper"}, NAMES,
                         "barcelona", view, board) == "place on E5, upper on top, pay $1"
    assert command_label({"type": "Build", "site": 1, "level": 2, "crossings": [0, 5, 6]}, NAMES,
                         "barcelona", view, board) \
        == "build level 2 on block 1-1 (lower corner) with A1, B1, B2"
    assert command_label({"type": "EndTurn"}, NAMES, "barcelona", view, board) == "end turn"
    # other games, and a command of a shape the hook does not know, keep the generic label
    assert command_label({"type": "BuildStreet", "space": 0}, NAMES, "villa", view, board) \
        == "build street (space 0)"
    assert command_label({"type": "BuildStreet", "space": 99}, NAMES, "barcelona", view, board) \
        == "build street (space 99)"
    for seat in sim.active():
        for command in msgspec.json.decode(msgspec.json.encode(sim.legal(seat))):
            assert command_label(command, NAMES, "barcelona", view, board)
    # without the board data (a server that has none), the generic labels and renderer
    assert command_label({"type": "Build", "site": 1, "level": 2, "crossings": [0, 5, 6]}, NAMES,
                         "barcelona", view) == "build (site 1, level 2, crossings [0, 5, 6])"
    assert "The city of Barcelona" not in text(render_view("barcelona", view, NAMES, 0))
