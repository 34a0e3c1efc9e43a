"""Bad input over the socket: each gets its own code and sentence, changes nothing, and
the connection survives (floods excepted)."""

from __future__ import annotations

import asyncio
import json
import os

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import http
from tests.support.live import LiveServer
from tests.support.wsclient import WsClient, join_all, new_game


async def _seated(server: LiveServer) -> tuple[str, list[str], WsClient]:
    game = new_game(server.url, 2, seed=3)
    tokens = join_all(server.url, game, 2)
    return game, tokens, await WsClient.connect(server.ws_url, game, tokens[0])


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
        live_server: LiveServer, frame: str, code: str, words: str) -> None:
    game, _, client = await _seated(live_server)
    await client.send(frame)
    answer = await client.expect("error")
    assert answer["code"] == code and words in answer["message"]
    await _still_alive(client)
    assert (await http.get(f"{live_server.url}/api/games/{game}")).json()["seq"] == 3


async def test_a_command_refused_as_bad_frame_is_answered_with_its_ref(live_server: LiveServer) -> None:
    _, _, client = await _seated(live_server)
    await client.send({"op": "command", "ref": "mine", "command": {"type": "Play", "card": "ace"}})
    answer = await client.expect("error")
    assert answer["code"] == "bad_frame" and answer["ref"] == "mine"
    await client.send("{not json")
    assert "ref" not in await client.expect("error")


async def test_oversized_frame_is_refused_as_too_large(live_server: LiveServer) -> None:
    _, _, client = await _seated(live_server)
    await client.send(json.dumps({"op": "ping", "pad": "x" * (1 << 20)}))
    assert (await client.expect("error"))["code"] == "too_large"
    await _still_alive(client)


async def test_unknown_game_and_bad_token_are_errors(live_server: LiveServer) -> None:
    game = new_game(live_server.url, 2)
    async with websockets.connect(live_server.ws_url) as ws:
        await ws.send(json.dumps({"op": "hello", "game": "nope"}))
        assert json.loads(await ws.recv())["code"] == "unknown_game"
        await ws.send(json.dumps({"op": "hello", "game": game, "token": "forged" * 5}))
        assert json.loads(await ws.recv())["code"] == "bad_token"
        await ws.send(json.dumps({"op": "command", "ref": "a", "command": {"type": "Draw"}}))
        assert json.loads(await ws.recv())["code"] == "bad_frame"


async def test_token_of_another_game_is_a_bad_token(live_server: LiveServer) -> None:
    _, tokens, _ = await _seated(live_server)
    other = new_game(live_server.url, 2)
    async with websockets.connect(live_server.ws_url) as ws:
        await ws.send(json.dumps({"op": "hello", "game": other, "token": tokens[0]}))
        assert json.loads(await ws.recv())["code"] == "bad_token"


async def test_illegal_command_is_rejected_with_a_sentence(live_server: LiveServer) -> None:
    _, _, client = await _seated(live_server)
    answer = await client.command({"type": "Play", "card": 99})
    assert answer["op"] == "rejected" and answer["code"] == "illegal"
    assert "99" in answer["message"]


async def test_commands_after_the_game_ended_are_game_over(live_server: LiveServer) -> None:
    game = new_game(live_server.url, 2, options={"rounds": 1})
    tokens = join_all(live_server.url, game, 2)
    players = [await WsClient.connect(live_server.ws_url, game, t) for t in tokens]
    await players[0].command({"type": "EndTurn"})
    await players[1].command({"type": "EndTurn"})
    answer = await players[0].command({"type": "EndTurn"})
    assert answer["code"] == "game_over"
    info = (await http.get(f"{live_server.url}/api/games/{game}")).json()
    assert info["status"] == "finished" and info["outcome"]["winners"]


async def test_fifty_frames_a_second_pass_and_a_flood_is_limited_then_closed(
        live_server: LiveServer) -> None:
    _, _, client = await _seated(live_server)
    for _ in range(50):
        await client.send({"op": "ping"})
    pongs = [await client.recv() for _ in range(50)]
    assert all(f["op"] == "pong" for f in pongs)
    for _ in range(600):
        await client.send({"op": "ping"})
    codes = []
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            codes.append((await client.recv())["op"])
    assert "error" in codes and closed.value.rcvd is not None and closed.value.rcvd.code == 1008


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


@settings(max_examples=int(os.environ.get("PLAZA_PROPERTY_FRAMES", "40")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(batch=st.lists(frames, min_size=1, max_size=8))
def test_random_frames_never_break_the_server(shared_server: LiveServer, batch: list[str]) -> None:
    async def run() -> None:
        _game, _, client = await _seated(shared_server)
        for frame in batch:
            await client.send(frame)
        await _still_alive(client)
        for frame in client.frames:
            assert frame["op"] in {"welcome", "error", "pong", "accepted", "rejected", "update"}
            if frame["op"] == "error":
                assert frame["code"] in {"bad_json", "bad_frame", "too_large", "unknown_game",
                                         "bad_token", "rate_limited"} and frame["message"]
        await client.close()

    asyncio.run(run())
    assert httpx.get(f"{shared_server.url}/healthz").status_code == 200
