"""Bad input over the socket: each gets its own code and sentence, changes nothing, and
the connection survives (floods excepted). These run in memory (tests/support/memory.py):
the protocol's rules live in the sans-I/O session and its driver, not in the sockets."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator

import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import http
from tests.support.live import LiveServer
from tests.support.memory import MemoryPlaza, memory_plaza
from tests.support.wsclient import WsClient, new_game


@pytest.fixture
async def plaza() -> AsyncIterator[MemoryPlaza]:
    async with memory_plaza() as plaza:
        yield plaza


async def _seated(plaza: MemoryPlaza) -> tuple[str, list[str], WsClient]:
    game = await plaza.new_game(2, seed=3)
    tokens = await plaza.join_all(game, 2)
    return game, tokens, await plaza.connect(game, tokens[0])


async def _still_alive(client: WsClient) -> None:
    await client.send({"op": "ping"})
    while (await client.recv())["op"] != "pong":
        pass


@pytest.mark.parametrize(("frame", "code", "words"), [
    ("{not json", "bad_json", "not valid JSON"),
    ('{"op": "dance"}', "bad_frame", "$.op"),
    ('{"op": "command", "command": {"type": "Draw"}}', "bad_frame", "ref"),
    ('{"op": "command", "ref": 5, "command": {"type": "Draw"}}', "bad_frame", "$.ref"),
    ('{"op": "command", "ref": "x", "command": {"type": "Fly"}}', "bad_frame", "command"),
    ('{"op": "command", "ref": "y", "command": {"type": "Play", "card": "ace"}}', "bad_frame", "card"),
    ('[1, 2, 3]', "bad_frame", "object"),
])
async def test_malformed_frames_get_their_own_code_and_change_nothing(
        plaza: MemoryPlaza, frame: str, code: str, words: str) -> None:
    game, _, client = await _seated(plaza)
    await client.send(frame)
    answer = await client.expect("error")
    assert answer["code"] == code and words in answer["message"]
    await _still_alive(client)
    assert await plaza.store.last_seq(game) == 3


async def test_a_command_refused_as_bad_frame_is_answered_with_its_ref(plaza: MemoryPlaza) -> None:
    _, _, client = await _seated(plaza)
    await client.send({"op": "command", "ref": "mine", "command": {"type": "Play", "card": "ace"}})
    answer = await client.expect("error")
    assert answer["code"] == "bad_frame" and answer["ref"] == "mine"
    await client.send("{not json")
    assert "ref" not in await client.expect("error")


async def test_oversized_frame_is_refused_as_too_large(plaza: MemoryPlaza) -> None:
    _, _, client = await _seated(plaza)
    await client.send(json.dumps({"op": "ping", "pad": "x" * (1 << 20)}))
    assert (await client.expect("error"))["code"] == "too_large"
    await _still_alive(client)


async def test_unknown_game_and_bad_token_are_errors(plaza: MemoryPlaza) -> None:
    game = await plaza.new_game(2)
    ws = WsClient(plaza.open().client)
    await ws.send({"op": "hello", "game": "nope"})
    assert (await ws.recv())["code"] == "unknown_game"
    await ws.send({"op": "hello", "game": game, "token": "forged" * 5})
    assert (await ws.recv())["code"] == "bad_token"
    await ws.send({"op": "command", "ref": "a", "command": {"type": "Draw"}})
    assert (await ws.recv())["code"] == "bad_frame"


async def test_token_of_another_game_is_a_bad_token(plaza: MemoryPlaza) -> None:
    _, tokens, _ = await _seated(plaza)
    other = await plaza.new_game(2)
    ws = WsClient(plaza.open().client)
    await ws.send({"op": "hello", "game": other, "token": tokens[0]})
    assert (await ws.recv())["code"] == "bad_token"


async def test_a_second_hello_is_a_bad_frame(plaza: MemoryPlaza) -> None:
    game, _, client = await _seated(plaza)
    await client.send({"op": "hello", "game": game})
    answer = await client.expect("error")
    assert answer["code"] == "bad_frame" and game in answer["message"]


async def test_a_spectator_command_is_rejected_as_not_a_seat(plaza: MemoryPlaza) -> None:
    game, _, _ = await _seated(plaza)
    watcher = await plaza.connect(game)
    answer = await watcher.command({"type": "Draw"}, ref="mine")
    assert answer == {"op": "rejected", "ref": "mine", "code": "not_a_seat",
                      "message": "Spectators cannot play: join a seat to send commands."}


async def test_a_ref_must_have_one_to_128_characters(plaza: MemoryPlaza) -> None:
    _, _, client = await _seated(plaza)
    for ref in ("", "r" * 129):
        await client.send({"op": "command", "ref": ref, "command": {"type": "Draw"}})
        answer = await client.expect("error")
        assert answer["code"] == "bad_frame" and "ref" in answer["message"]


async def test_illegal_command_is_rejected_with_a_sentence(plaza: MemoryPlaza) -> None:
    _, _, client = await _seated(plaza)
    answer = await client.command({"type": "Play", "card": 99})
    assert answer["op"] == "rejected" and answer["code"] == "illegal"
    assert "99" in answer["message"]


async def test_commands_after_the_game_ended_are_game_over(plaza: MemoryPlaza) -> None:
    game = await plaza.new_game(2, options={"rounds": 1})
    tokens = await plaza.join_all(game, 2)
    players = [await plaza.connect(game, t) for t in tokens]
    await players[0].command({"type": "EndTurn"})
    await players[1].command({"type": "EndTurn"})
    answer = await players[0].command({"type": "EndTurn"})
    assert answer["code"] == "game_over"
    row = await plaza.store.game(game)
    assert row is not None and row.status == "finished" and row.outcome


async def test_fifty_frames_a_second_pass_and_a_flood_is_limited_then_closed(plaza: MemoryPlaza) -> None:
    _, _, client = await _seated(plaza)
    for _ in range(50):
        await client.send({"op": "ping"})
    pongs = [await client.recv() for _ in range(50)]
    assert all(f["op"] == "pong" for f in pongs)
    for _ in range(600):
        await client.send({"op": "ping"})
    codes = []
    with pytest.raises(websockets.ConnectionClosed):
        while True:
            codes.append((await client.recv())["op"])
    assert "error" in codes and client.ws.close_code == 1008


async def test_a_connection_that_never_says_hello_is_closed(plaza: MemoryPlaza) -> None:
    pipe = plaza.open(hello_seconds=0.05)
    client = WsClient(pipe.client)
    assert (await client.recv())["code"] == "no_hello"
    with pytest.raises(websockets.ConnectionClosed):
        await client.recv()
    assert pipe.close_code == 1008


class EarlyTimersLoop(asyncio.SelectorEventLoop):
    """A loop that runs a timer as soon as it is 20 ms from due, before time.monotonic()
    reaches it, as uvloop's millisecond clock sometimes does by a millisecond."""

    def __init__(self) -> None:
        super().__init__()
        self._clock_resolution = 0.02  # asyncio runs timers due within this of now


def test_the_hello_deadline_holds_when_the_loop_fires_its_timer_early() -> None:
    async def scenario() -> tuple[str, int | None]:
        async def tick() -> None:  # wakes the loop often, so it looks at its timers early
            for _ in range(2000):
                await asyncio.sleep(0.001)

        ticker = asyncio.create_task(tick())
        try:
            async with memory_plaza() as plaza:
                pipe = plaza.open(hello_seconds=0.05)
                first = await asyncio.wait_for(WsClient(pipe.client).recv(), 2)
                return first["code"], pipe.close_code
        finally:
            ticker.cancel()

    loop = EarlyTimersLoop()
    try:
        assert loop.run_until_complete(scenario()) == ("no_hello", 1008)
    finally:
        loop.close()


async def test_http_errors_are_json_with_codes(live_server: LiveServer) -> None:
    url = live_server.url
    answer = await http.post(f"{url}/api/games", content=b"{oops")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_json"
    answer = await http.post(f"{url}/api/games", json={"kind": "chess", "seats": 2})
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_kind"
    answer = await http.post(f"{url}/api/games", json={"kind": "tinydraw", "seats": 9})
    assert answer.status_code == 400 and "9" in answer.json()["error"]["message"]
    answer = await http.post(f"{url}/api/games", json={"kind": "tinydraw", "seats": 2, "options": {"x": 1}})
    assert answer.json()["error"]["code"] == "bad_options"
    answer = await http.get(f"{url}/api/games/nope/state")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_game"
    game = new_game(url, 2)
    answer = await http.get(f"{url}/api/games/{game}/state", headers={"authorization": "Bearer x"})
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "bad_token"


frames = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=64).map(lambda b: b.decode("latin-1")),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
            st.sampled_from(["op", "ref", "game", "token", "since", "after", "command", "type"]),
            inner, max_size=5),
        max_leaves=12,
    ).map(json.dumps),
)


@settings(max_examples=int(os.environ.get("PLAZA_PROPERTY_FRAMES", "200")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(batch=st.lists(frames, min_size=1, max_size=8))
def test_random_frames_never_break_the_server(batch: list[str]) -> None:
    async def run() -> None:
        async with memory_plaza() as plaza:
            game, _, client = await _seated(plaza)
            for frame in batch:
                await client.send(frame)
            await _still_alive(client)
            for frame in client.frames:
                assert frame["op"] in {"welcome", "error", "pong", "accepted", "rejected", "update"}
                if frame["op"] == "error":
                    assert frame["code"] in {"bad_json", "bad_frame", "too_large", "unknown_game",
                                             "bad_token", "rate_limited"} and frame["message"]
            again = await plaza.connect(game)  # and the game still serves a newcomer
            assert again.welcome["seq"] >= 3

    asyncio.run(run())
