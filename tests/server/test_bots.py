"""The server's bots: they take free seats, move when it is their turn, finish games,
play on after a restart, and never move twice when two processes hold their game."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

from domain.core import rng_for
from tests.support import http
from tests.support.live import Cluster, LiveServer
from tests.support.tinygame import GAME as TINYDRAW
from tests.support.wsclient import CREATOR_TOKENS, WsClient, creator, new_game

FAST = {"PLAZA_BOT_DELAY": "0"}


def add_bots(url: str, game: str) -> httpx.Response:
    return httpx.post(f"{url}/api/games/{game}/bots", headers=creator(game) if game in CREATOR_TOKENS else {})


def wait_finished(url: str, game: str, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info: dict[str, Any] = httpx.get(f"{url}/api/games/{game}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.1)
    raise TimeoutError(f"game {game} did not finish in {timeout} s: {info}")


def events(url: str, game: str) -> list[dict[str, Any]]:
    answer: list[dict[str, Any]] = httpx.get(f"{url}/api/games/{game}/events",
                                             params={"limit": 5000}).json()["events"]
    return answer


def bot_moves(url: str) -> float:
    lines = httpx.get(f"{url}/metrics").text.splitlines()
    return sum(float(line.split()[-1]) for line in lines
               if line.startswith("plaza_bot_moves_total{"))


def test_the_default_bot_move_is_one_of_the_legal_commands() -> None:
    state = None
    for event in TINYDRAW.start(TINYDRAW.default_options(), 2, rng_for(1, 0)):
        state = TINYDRAW.evolve(state, event)
    for seq in range(20):
        assert TINYDRAW.bot_move(state, 0, rng_for(1, seq)) in TINYDRAW.legal(state, 0)
    assert TINYDRAW.bot_move(state, 1, rng_for(1, 0)) is None  # not its turn


def test_bots_take_every_free_seat_and_start_the_game(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db", extra_env={"PLAZA_BOT_DELAY": "30"}).start()
    try:
        game = new_game(server.url, 3)
        httpx.post(f"{server.url}/api/games/{game}/join", json={"name": "Ann", "seat": 1})
        answer = add_bots(server.url, game)
        assert answer.status_code == 200, answer.text
        assert answer.json()["seats"] == ["Bot 1", "Ann", "Bot 3"]
        assert answer.json()["status"] == "active"
        again = add_bots(server.url, game)
        assert again.status_code == 409 and again.json()["error"]["code"] == "game_started"
        missing = add_bots(server.url, "nosuchgame")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_game"
    finally:
        server.stop()


async def test_a_bot_answers_a_person_at_the_table(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db", extra_env={"PLAZA_BOT_DELAY": "0.05"}).start()
    try:
        game = new_game(server.url, 2, seed=3)
        token = (await http.post(f"{server.url}/api/games/{game}/join",
                                 json={"name": "Ann", "seat": 0})).json()["token"]
        assert add_bots(server.url, game).status_code == 200
        ann = await WsClient.connect(server.ws_url, game, token)
        assert ann.welcome["active"] == [0]
        assert (await ann.command({"type": "EndTurn"}))["op"] == "accepted"
        # the bot plays its whole turn, then it is Ann's again
        while True:
            update = await ann.expect("update")
            if update["active"] == [0]:
                break
        moves = [e for e in events(server.url, game) if e["actor"] == 1]
        assert moves and all(e["ref"].startswith("bot-") for e in moves)
        assert moves[-1]["type"] == "TurnEnded"
    finally:
        server.stop()


def test_a_table_of_bots_plays_a_real_game_to_its_end(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db", extra_env=FAST).start()
    try:
        game = new_game(server.url, 2, kind="villa", seed=11)
        add_bots(server.url, game)
        info = wait_finished(server.url, game, timeout=120)
        assert info["outcome"]["winners"]
        log = events(server.url, game)
        assert {e["actor"] for e in log} == {None, 0, 1}
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    finally:
        server.stop()


def test_bots_play_on_after_a_restart_with_nobody_watching(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db", extra_env={"PLAZA_BOT_DELAY": "0.02"}).start()
    try:
        game = new_game(server.url, 2, kind="villa", seed=5)
        add_bots(server.url, game)
        deadline = time.monotonic() + 30
        while httpx.get(f"{server.url}/api/games/{game}").json()["seq"] < 10:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        server.restart()  # SIGKILL, then start on the same file
        info = wait_finished(server.url, game, timeout=120)
        assert info["outcome"] is not None
    finally:
        server.stop()


async def test_bots_held_by_two_processes_make_each_move_once(tmp_path: Path, redis_url: str) -> None:
    cluster = Cluster(tmp_path / "plaza.db", 2, redis_url, f"plaza-test-{uuid.uuid4().hex[:8]}:",
                      extra_env={"PLAZA_BOT_DELAY": "0"}).start()
    try:
        game = new_game(cluster.url(0), 2, seed=9)
        # both processes hold the game (a spectator on each) before the bots sit down
        watchers = [await WsClient.connect(cluster.ws_url(i), game) for i in (0, 1)]
        add_bots(cluster.url(1), game)
        wait_finished(cluster.url(0), game, timeout=60)
        by_ref: dict[str, list[int]] = defaultdict(list)
        for event in events(cluster.url(0), game):
            if event["ref"] is not None:
                by_ref[event["ref"]].append(event["seq"])
        for ref, seqs in by_ref.items():
            # one command per ref: its events follow the seq the bot saw, in one run
            assert seqs == list(range(int(ref.removeprefix("bot-")) + 1, seqs[-1] + 1)), ref
        # and both processes did play for the bots
        assert all(bot_moves(cluster.url(i)) > 0 for i in (0, 1))
        await asyncio.gather(*(w.ws.close() for w in watchers))
    finally:
        cluster.stop()

