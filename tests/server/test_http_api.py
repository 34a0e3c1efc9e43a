"""The HTTP API of PROTOCOL.md against a live server: lobby, state at any seq, events,
fork, replay export / verify / import."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from replays.format import loads
from replays.verify import verify
from tests.support import http
from tests.support.live import LiveServer
from tests.support.wsclient import WsClient, join_all, new_game


async def _played(server: LiveServer, rounds: int = 2, commands: int = 6) -> tuple[str, list[str]]:
    game = new_game(server.url, 2, seed=11, options={"rounds": rounds})
    tokens = join_all(server.url, game, 2)
    players = [await WsClient.connect(server.ws_url, game, t) for t in tokens]
    turn = 0
    for _ in range(commands):
        frames = [players[turn].welcome, *players[turn].updates()]
        if frames[-1]["outcome"] is not None:
            break
        legal = frames[-1]["legal"]
        command = legal[0] if legal[0]["type"] == "Play" else {"type": "EndTurn"}
        answer = await players[turn].command(command)
        assert answer["op"] == "accepted", answer
        if command["type"] == "EndTurn":
            turn = 1 - turn
            await players[turn].wait_seq(answer["seq"])
    for p in players:
        await p.close()
    return game, tokens


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def test_kinds_publish_json_schemas(live_server: LiveServer) -> None:
    kinds = {k["kind"]: k for k in (await http.get(f"{live_server.url}/api/kinds")).json()}
    tiny = kinds["tinydraw"]
    assert tiny["seats"] == [2, 3, 4] and tiny["title"]
    assert {"options_schema", "command_schema", "view_schema"} <= set(tiny)


async def test_lobby_lists_games_by_status(live_server: LiveServer) -> None:
    waiting = new_game(live_server.url, 2)
    active, _ = await _played(live_server)
    lists = {s: [g["game_id"] for g in (await http.get(f"{live_server.url}/api/games",
                                                 params={"status": s})).json()]
             for s in ("waiting", "active", "finished")}
    assert waiting in lists["waiting"] and active in lists["active"]
    info = (await http.get(f"{live_server.url}/api/games/{active}")).json()
    assert info["seats"] == ["P0", "P1"] and info["status"] == "active" and info["seq"] > 3


async def test_state_at_any_seq_for_any_viewer(live_server: LiveServer) -> None:
    game, tokens = await _played(live_server)
    url = f"{live_server.url}/api/games/{game}/state"
    now = (await http.get(url)).json()
    assert now["seq"] > 4 and now["game"] == game
    early = (await http.get(url, params={"at": 3}, headers=_auth(tokens[0]))).json()
    assert early["seq"] == 3 and early["view"]["players"][0]["hand"] is not None
    assert early["seat"] == 0 and (await http.get(url)).json()["seat"] is None
    assert early["view"]["players"][1]["hand"] is None and early["view"]["players"][0]["score"] == 0
    spectator = (await http.get(url, params={"at": 3})).json()
    assert all(p["hand"] is None for p in spectator["view"]["players"]) and spectator["legal"] == []
    bad = await http.get(url, params={"at": 999})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_seq"


async def test_events_page_with_since_and_limit_and_are_redacted(live_server: LiveServer) -> None:
    game, tokens = await _played(live_server)
    url = f"{live_server.url}/api/games/{game}/events"
    first = (await http.get(url, params={"since": 0, "limit": 2})).json()
    assert [e["seq"] for e in first["events"]] == [1, 2]
    rest = (await http.get(url, params={"since": 2})).json()
    assert rest["events"][0]["seq"] == 3 and rest["events"][-1]["seq"] == first["seq"]
    dealt = [e for e in first["events"] if e["type"] == "Dealt"]
    assert all(e["data"]["cards"] is None for e in dealt)
    own = (await http.get(url, params={"since": 0, "limit": 3}, headers=_auth(tokens[0]))).json()
    assert own["events"][1]["data"]["cards"] is not None


async def test_fork_starts_a_new_game_whose_view_equals_the_source_at_that_seq(
        live_server: LiveServer) -> None:
    game, tokens = await _played(live_server)
    url = live_server.url
    source_at_5 = (await http.get(f"{url}/api/games/{game}/state", params={"at": 5},
                            headers=_auth(tokens[0]))).json()
    answer = await http.post(f"{url}/api/games/{game}/fork", json={"at": 5}, headers=_auth(tokens[0]))
    assert answer.status_code == 201, answer.text
    fork = answer.json()
    assert fork["status"] == "waiting" and fork["forked_from"] == game and fork["seq"] == 5
    assert fork["joined"]["seat"] == 0  # the unfinished game's seat 0 holds seat 0 of its fork
    mine = fork["joined"]["token"]
    fork_state = (await http.get(f"{url}/api/games/{fork['game_id']}/state", headers=_auth(mine))).json()
    assert fork_state["view"] == source_at_5["view"]
    watcher = await WsClient.connect(live_server.ws_url, fork["game_id"], mine)
    other = await http.post(f"{url}/api/games/{fork['game_id']}/join",
                       json={"name": "P1", "source_token": tokens[1]})
    assert other.status_code == 200 and other.json()["seat"] == 1, other.text
    started = await watcher.expect("update")
    assert started["seq"] == 5 and started["events"] == [] and started["active"]
    info = (await http.get(f"{url}/api/games/{fork['game_id']}")).json()
    assert info["status"] == "active" and info["seq"] == 5
    assert watcher.welcome["view"]["players"][0]["hand"] is not None


async def test_replay_of_a_finished_game_is_unredacted_verifies_and_imports(
        live_server: LiveServer, tmp_path: Path) -> None:
    game, _ = await _played(live_server, rounds=1, commands=20)
    info = (await http.get(f"{live_server.url}/api/games/{game}")).json()
    assert info["status"] == "finished"
    data = (await http.get(f"{live_server.url}/api/games/{game}/replay")).content
    header, envelopes = loads(data)
    assert header.format == "plaza-replay/1" and header.seed == 11
    assert header.outcome is not None and header.names == ["P0", "P1"]
    verified = verify(data)
    assert verified.header.outcome == header.outcome
    answer = await http.post(f"{live_server.url}/api/replays", content=data)
    assert answer.status_code == 201, answer.text
    imported: dict[str, Any] = answer.json()
    assert imported["status"] == "finished" and imported["outcome"] == info["outcome"]
    assert imported["seq"] == len(envelopes)


async def test_replay_of_a_live_game_is_redacted_for_the_caller(live_server: LiveServer) -> None:
    game, _tokens = await _played(live_server)
    header, envelopes = loads((await http.get(f"{live_server.url}/api/games/{game}/replay")).content)
    assert header.seed is None and header.outcome is None
    assert all(b'"cards":null' in bytes(e.data) for e in envelopes if e.type == "Dealt")


async def test_a_tampered_replay_is_refused_with_the_seq_it_breaks_at(live_server: LiveServer) -> None:
    game, _ = await _played(live_server, rounds=1, commands=20)
    data = (await http.get(f"{live_server.url}/api/games/{game}/replay")).content
    lines = data.splitlines()
    lines[4] = lines[4].replace(b'"seat":0', b'"seat":1')
    answer = await http.post(f"{live_server.url}/api/replays", content=b"\n".join(lines))
    assert answer.status_code == 400 and "seq 4" in answer.json()["error"]["message"]


async def test_tokens_are_never_stored_only_their_hashes(live_server: LiveServer) -> None:
    _, tokens = await _played(live_server)
    raw = b"".join(p.read_bytes() for p in live_server.db.parent.glob("plaza.db*"))
    assert tokens[0].encode() not in raw and len(tokens[0]) >= 22


async def test_state_rebuilds_from_snapshots_after_a_restart(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db", extra_env={"PLAZA_SNAPSHOT_EVERY": "3"}).start()
    try:
        game, tokens = await _played(server, rounds=3, commands=14)
        before = (await http.get(f"{server.url}/api/games/{game}/state", headers=_auth(tokens[0]))).json()
        server.restart()
        after = (await http.get(f"{server.url}/api/games/{game}/state", headers=_auth(tokens[0]))).json()
        assert after == before
        import sqlite3

        with sqlite3.connect(server.db) as conn:
            assert conn.execute("SELECT count(*) FROM snapshots").fetchone()[0] >= 1
    finally:
        server.stop()


async def test_healthz_and_metrics(live_server: LiveServer) -> None:
    await _played(live_server)
    assert (await http.get(f"{live_server.url}/healthz")).json()["status"] == "ok"
    text = (await http.get(f"{live_server.url}/metrics")).text
    for name in ("plaza_connections", "plaza_commands_total", "plaza_rejections_total",
                 "plaza_append_seconds", "plaza_fanout_seconds", "plaza_loop_lag_seconds_count",
                 "plaza_commit_seconds"):
        assert name in text
    commits = next(line for line in text.splitlines() if line.startswith("plaza_commit_seconds_count"))
    assert float(commits.split()[-1]) > 0  # the played commands' commits were timed
    looks = next(line for line in text.splitlines() if line.startswith("plaza_loop_lag_seconds_count"))
    assert float(looks.split()[-1]) > 0  # the live server's loop is being looked at


async def test_undo_across_snapshots_rebuilds_the_same_state_after_a_restart(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db", extra_env={"PLAZA_SNAPSHOT_EVERY": "1"}).start()
    try:
        game = new_game(server.url, 2, seed=5)
        tokens = join_all(server.url, game, 2)
        player = await WsClient.connect(server.ws_url, game, tokens[0])
        start = player.welcome["view"]
        for _ in range(2):
            play = next(c for c in player.latest()["legal"] if c["type"] == "Play")
            assert (await player.command(play))["op"] == "accepted"
        assert (await player.undo())["op"] == "accepted"
        assert (await player.undo())["op"] == "accepted"
        url = f"{server.url}/api/games/{game}/state"
        before = (await http.get(url, headers=_auth(tokens[0]))).json()
        assert before["view"] == start
        server.restart()
        assert (await http.get(url, headers=_auth(tokens[0]))).json() == before
        again = await WsClient.connect(server.ws_url, game, tokens[0])
        assert again.welcome["view"] == start and again.welcome["seq"] == 7
    finally:
        server.stop()


async def test_a_game_whose_last_seats_are_joined_at_once_starts(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.url) as client:
        for _ in range(8):
            game = new_game(live_server.url, 4)
            for seat in (0, 1):
                await client.post(f"/api/games/{game}/join", json={"name": f"P{seat}", "seat": seat})
            answers = await asyncio.gather(*(client.post(f"/api/games/{game}/join",
                                                         json={"name": f"P{s}", "seat": s}) for s in (2, 3)))
            assert sorted(a.json()["seat"] for a in answers) == [2, 3]
            for _ in range(50):
                info = (await client.get(f"/api/games/{game}")).json()
                if info["seq"] > 0:
                    break
                await asyncio.sleep(0.02)
            assert info["status"] == "active" and info["seq"] > 0, info
