"""Every field PROTOCOL.md names is there, with the type it says, on a live server.

Extensions (fields PROTOCOL.md does not name) are listed here explicitly, so a new
field is a decision, not an accident.
"""

from __future__ import annotations

import json
from typing import Any

import websockets

from tests.support import http
from tests.support.live import LiveServer
from tests.support.wsclient import WsClient, join_all, new_game

ENVELOPE = {"game_id", "seq", "type", "v", "actor", "ref", "at", "irreversible", "prev_hash",
            "hash", "data"}
WELCOME = {"op", "game", "kind", "seat", "seq", "events", "view", "legal", "active", "outcome"}
UPDATE = {"op", "seq", "events", "view", "legal", "active", "outcome"}
# `command`: only on a move's first envelope, for the audiences that see its event whole.
EXTENSIONS = {"welcome": {"log", "table"}, "update": {"log", "table"}, "state": {"seat", "table"},
              "envelope": {"command"}}


def _check_envelope(env: dict[str, Any]) -> None:
    assert ENVELOPE <= set(env) <= ENVELOPE | EXTENSIONS["envelope"]
    assert isinstance(env["seq"], int) and isinstance(env["at"], int) and isinstance(env["v"], int)
    assert isinstance(env["irreversible"], bool) and len(env["hash"]) == 64
    assert env["hash"] == env["hash"].lower() and len(env["prev_hash"]) == 64


async def test_websocket_frames_have_exactly_the_protocol_fields(live_server: LiveServer) -> None:
    game = new_game(live_server.url, 2, seed=1)
    tokens = join_all(live_server.url, game, 2)
    seat = await WsClient.connect(live_server.ws_url, game, tokens[0], since=0)
    assert set(seat.welcome) == WELCOME | EXTENSIONS["welcome"]
    assert seat.welcome["op"] == "welcome" and seat.welcome["seat"] == 0
    for env in seat.welcome["events"]:
        _check_envelope(env)
    accepted = await seat.command({"type": "Draw"}, ref="r1")
    assert accepted == {"op": "accepted", "ref": "r1", "seq": 4}
    update = next(f for f in seat.frames if f["op"] == "update")
    assert set(update) == UPDATE | EXTENSIONS["update"]
    _check_envelope(update["events"][0])
    assert update["events"][0]["command"] == {"type": "Draw"}, "the move records its command"
    assert all("command" not in env for env in seat.welcome["events"]), "setup records none"
    rejected = await seat.command({"type": "Draw"}, ref="r2")
    assert set(rejected) == {"op", "ref", "code", "message"} and rejected["code"] == "illegal"
    await seat.send({"op": "ping"})
    assert await seat.expect("pong") == {"op": "pong"}
    await seat.send("nonsense")
    error = await seat.expect("error")
    assert set(error) == {"op", "code", "message"} and error["code"] == "bad_json"


async def test_a_spectator_welcome_has_seat_null_and_no_legal(live_server: LiveServer) -> None:
    game = new_game(live_server.url, 2)
    join_all(live_server.url, game, 2)
    async with websockets.connect(live_server.ws_url) as ws:
        await ws.send(json.dumps({"op": "hello", "game": game}))
        welcome = json.loads(await ws.recv())
    assert welcome["seat"] is None and welcome["legal"] == [] and welcome["events"] == []


async def test_http_answers_have_the_protocol_fields(live_server: LiveServer) -> None:
    url = live_server.url
    for kind in (await http.get(f"{url}/api/kinds")).json():
        assert set(kind) == {"kind", "title", "seats", "options_schema", "command_schema",
                             "view_schema"}
    created = await http.post(f"{url}/api/games", json={"kind": "tinydraw", "seats": 2})
    assert created.status_code == 201
    info = created.json()
    assert {"game_id", "kind", "status", "seats", "options", "seq"} <= set(info)
    assert info["status"] == "waiting" and info["seats"] == [None, None]
    joined = (await http.post(f"{url}/api/games/{info['game_id']}/join", json={"name": "Ada"})).json()
    assert set(joined) == {"seat", "token"} and joined["seat"] == 0 and len(joined["token"]) >= 32
    events = (await http.get(f"{url}/api/games/{info['game_id']}/events")).json()
    assert set(events) == {"seq", "events"}
    state = (await http.get(f"{url}/api/games/{info['game_id']}/state")).json()
    assert set(state) == {"game", "seq", "view", "legal", "active", "outcome"} | EXTENSIONS["state"]
    missing = await http.get(f"{url}/api/games/nope")
    assert missing.status_code == 404 and set(missing.json()) == {"error"}
    assert set(missing.json()["error"]) == {"code", "message"}
