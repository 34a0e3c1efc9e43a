"""The sans-I/O session: the protocol's rules with no socket, no game and no clock."""

from __future__ import annotations

import json

from server.session import Act, Close, Follow, Send, Session


def frames(outputs: list[object]) -> list[dict[str, object]]:
    return [json.loads(out.data) for out in outputs if isinstance(out, Send)]


def test_a_hello_asks_the_driver_to_follow_and_a_second_one_is_refused() -> None:
    session = Session(100, 200, 5, now=0)
    [follow] = session.receive('{"op":"hello","game":"g","token":"t","since":3}', now=0)
    assert isinstance(follow, Follow) and follow.hello.since == 3
    assert frames(session.receive('{"op":"hello","game":"h"}', now=0))[0]["code"] == "bad_frame"
    session.followed("g", 1)
    [act] = session.receive('{"op":"command","ref":"r","after":4,"command":{"type":"Draw"}}', now=0)
    assert isinstance(act, Act) and act.seat == 1 and act.frame.after == 4


def test_the_hello_deadline_closes_only_a_connection_that_has_not_said_hello() -> None:
    late = Session(100, 200, 5, now=0)
    assert late.expire(now=4.9) == []
    out = late.expire(now=5.0)
    assert frames(out)[0]["code"] == "no_hello" and out[-1] == Close(1008, "no hello")
    assert late.receive('{"op":"ping"}', now=6) == [], "a closed session answers nothing"
    prompt = Session(100, 200, 5, now=0)
    prompt.receive('{"op":"hello","game":"g"}', now=1)
    prompt.followed("g", None)
    assert prompt.expire(now=99) == []


def test_a_refused_hello_leaves_the_deadline_running() -> None:
    session = Session(100, 200, 5, now=0)
    session.receive('{"op":"hello","game":"nope"}', now=0)
    session.unresolved()
    assert isinstance(session.receive('{"op":"hello","game":"g"}', now=1)[0], Follow)
    session.unresolved()
    assert session.expire(now=5)[-1] == Close(1008, "no hello")


def test_the_rate_refills_with_time_and_a_long_flood_closes() -> None:
    session = Session(rate=10, burst=3, hello_seconds=5, now=0)
    assert [frames(session.receive('{"op":"ping"}', now=0)) for _ in range(3)] == [[{"op": "pong"}]] * 3
    assert frames(session.receive('{"op":"ping"}', now=0))[0]["code"] == "rate_limited"
    assert frames(session.receive('{"op":"ping"}', now=0.2)) == [{"op": "pong"}], "two tokens back"
    outputs: list[object] = []
    for _ in range(60):
        outputs = session.receive('{"op":"ping"}', now=0.2)
        if outputs and isinstance(outputs[-1], Close):
            break
    assert outputs == [Close(1008, "flood")] and session.closed


def test_commands_need_a_hello_a_ref_plain_values_and_a_seat() -> None:
    session = Session(100, 200, 5, now=0)
    command = '{"op":"command","ref":"r","command":{"type":"Draw"}}'
    assert "hello" in str(frames(session.receive(command, now=0))[0]["message"])
    session.followed("g", None)
    assert frames(session.receive(command, now=0))[0]["code"] == "not_a_seat"
    session.followed("g", 0)
    huge = '{"op":"command","ref":"r","command":{"type":"Play","card":' + "9" * 30 + "}}"
    refused = frames(session.receive(huge, now=0))[0]
    assert refused["code"] == "bad_frame" and refused["ref"] == "r" and "64 bits" in str(refused["message"])
    deep = '{"op":"command","ref":"r","command":' + "[" * 2000 + "]" * 2000 + "}"
    assert frames(session.receive(deep, now=0))[0]["code"] == "bad_frame"
    assert frames(session.receive('{"op":"undo","ref":""}', now=0))[0]["code"] == "bad_frame"
    assert isinstance(session.receive('{"op":"undo","ref":"u"}', now=0)[0], Act)
