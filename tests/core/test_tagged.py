"""`Tagged` reads a game's commands and events as msgspec's own `convert` and `decode` to the
union would, results and errors alike, only without building the union's lookup per call."""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec
import pytest

from domain.core import Tagged, tagged
from domain.core.registry import games
from domain.core.simulate import Simulation

KINDS = sorted(games())


def _answer(read: Any, obj: Any) -> tuple[str, Any]:
    """What reading gives: ("ok", the result) or (the error's class, its message)."""
    try:
        return "ok", read(obj)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        return type(exc).__name__, str(exc)


def _recorded(kind: str) -> tuple[list[bytes], list[bytes]]:
    game = games()[kind]
    sim = Simulation(game, min(game.seat_counts), {}, seed=5, game_id="tagged")
    sim.play_randomly(Random(5))
    commands = [bytes(env.command) for env in sim.envelopes if env.commanded][:200]
    events = [bytes(env.data) for env in sim.envelopes][:200]
    return commands, events


@pytest.mark.parametrize("kind", KINDS)
def test_every_recorded_command_and_event_reads_as_msgspec_reads_it(kind: str) -> None:
    game = games()[kind]
    commands, events = _recorded(kind)
    assert commands and events
    for union, samples in ((game.command_type, commands), (game.event_type, events)):
        reader = tagged(union)
        for data in samples:
            as_dict = msgspec.json.decode(data)
            if as_dict.get("type") not in reader._by_tag:
                continue  # a table event or a rewind: not this union's
            expected = msgspec.json.decode(data, type=union)
            assert reader.decode(data) == expected
            assert reader.convert(as_dict) == expected
            assert type(reader.convert(as_dict)) is type(expected)


def _bad_payloads(reader: Tagged) -> list[Any]:
    """Payloads every way wrong: no tag, an unknown one, a tag not a string, fields of the
    wrong type, missing or unknown, and not an object at all."""
    some_tag = sorted(reader._by_tag)[0]
    member = reader._by_tag[some_tag]
    fields = [f for f in member.__struct_fields__ if f != "type"]
    wrong_types = [{"type": tag, field: [[["x"]]]} for tag, cls in sorted(reader._by_tag.items())
                   for field in cls.__struct_fields__[:2]]
    return [
        {}, {"x": 1}, {"type": "NoSuchCommand"}, {"type": 3}, {"type": ["a"]}, {"type": None},
        {"type": {"a": 1}}, {"type": True}, [], "PlaceHedge", 7, None,
        {"type": some_tag, "unknown_field": 1},
        {"type": some_tag, **{f: "not a number" for f in fields}},
        *wrong_types,
    ]


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_command_gets_msgspecs_own_error(kind: str) -> None:
    # The server sends this message back to the player: it must name the field and rule
    # exactly as before.
    union = games()[kind].command_type
    reader = tagged(union)
    for payload in _bad_payloads(reader):
        expected = _answer(lambda o: msgspec.convert(o, union), payload)
        assert _answer(reader.convert, payload) == expected, payload
        data = msgspec.json.encode(payload)
        assert _answer(reader.decode, data) == _answer(lambda d: msgspec.json.decode(d, type=union), data)


def test_one_reader_per_union() -> None:
    union = games()[KINDS[0]].command_type
    assert tagged(union) is tagged(union)
