"""Reliability against real processes: kill -9, two servers on one store, Redis restarts."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import uuid
from pathlib import Path
from typing import Any

import msgspec
import websockets

from domain.core import Envelope, verify_chain
from domain.core.envelope import NULL
from tests.support import http
from tests.support.live import Cluster, LiveServer, PrivateRedis
from tests.support.wsclient import WsClient, join_all, new_game


def stored(db: Path, game: str) -> list[Envelope]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT * FROM events WHERE game_id = ? ORDER BY seq", (game,)).fetchall()
    return [Envelope(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8], r[9],
                     msgspec.Raw(r[10]), NULL if r[11] is None else msgspec.Raw(r[11])) for r in rows]


def latest_legal(client: WsClient) -> list[dict[str, Any]]:
    return list(client.latest()["legal"])


async def play_until(clients: list[WsClient], answers: dict[str, Any], stop: asyncio.Event,
                     seed: int, max_commands: int = 10_000,
                     senders: dict[str, int] | None = None) -> None:
    """Random legal play by the seats of one game; records every ref, its answer and,
    in `senders`, the seat that sent it (a ref is unique per seat)."""
    rng = random.Random(seed)
    for _ in range(max_commands):
        if stop.is_set():
            return
        movers = [c for c in clients if latest_legal(c)]
        if not movers:
            return
        client = movers[0]
        ref = uuid.uuid4().hex
        if senders is not None:
            senders[ref] = client.welcome["seat"]
        answers[ref] = None  # sent, answer unknown
        answer = answers[ref] = await client.command(rng.choice(latest_legal(client)), ref=ref)
        if answer["op"] == "accepted":
            for other in clients:
                await other.wait_seq(answer["seq"])


async def test_kill_9_loses_no_accepted_command_and_applies_no_ref_twice(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db").start()
    games = [new_game(server.url, 2, options={"rounds": 200}) for _ in range(4)]
    seated = {g: join_all(server.url, g, 2) for g in games}
    answers: dict[str, dict[str, Any]] = {g: {} for g in games}
    senders: dict[str, int] = {}
    watchers = {g: await WsClient.connect(server.ws_url, g) for g in games}
    stop = asyncio.Event()
    tasks = []
    for n, game in enumerate(games):
        clients = [await WsClient.connect(server.ws_url, game, t) for t in seated[game]]
        tasks.append(asyncio.create_task(play_until(clients, answers[game], stop, n,
                                                    senders=senders)))
    await asyncio.sleep(1.5)
    server.kill()
    await asyncio.gather(*tasks, return_exceptions=True)
    server.start()
    accepted = [a for g in games for a in answers[g].values() if a and a["op"] == "accepted"]
    assert len(accepted) > 40, "the kill should land in the middle of real play"
    for game in games:
        envs = stored(server.db, game)
        assert verify_chain(envs) is None
        by_ref: dict[str, list[int]] = {}
        for env in envs:
            if env.ref is not None:
                by_ref.setdefault(env.ref, []).append(env.seq)
        for ref, answer in answers[game].items():
            if answer is None:
                continue  # in flight at the kill: checked by the retry below
            if answer["op"] == "accepted":
                assert by_ref[ref][-1] == answer["seq"], f"accepted {ref} lost"
            else:
                assert ref not in by_ref, f"rejected {ref} was stored"
        for seqs in by_ref.values():
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "a ref applied twice"
        await _retry_in_flight(server, game, seated[game], answers[game], senders, by_ref)
        await _since_delivers_the_rest(server, game, watchers[game])
    server.stop()


async def _retry_in_flight(server: LiveServer, game: str, tokens: list[str],
                           answers: dict[str, Any], senders: dict[str, int],
                           by_ref: dict[str, list[int]]) -> None:
    """The commands in flight at the kill, sent again by the same seat under the same ref:
    one that was committed gets its first answer and applies nothing."""
    unknown = [ref for ref, answer in answers.items() if answer is None]
    for ref in unknown:
        client = await WsClient.connect(server.ws_url, game, tokens[senders[ref]])
        answer = await client.command({"type": "EndTurn"}, ref=ref)
        await client.close()
        if ref in by_ref:
            assert answer["op"] == "accepted", answer
            assert answer["seq"] == by_ref[ref][-1], "a retried ref was applied again"
    after = {env.ref for env in stored(server.db, game)}
    assert all(ref in after or ref not in by_ref for ref in unknown)


async def _since_delivers_the_rest(server: LiveServer, game: str, watcher: WsClient) -> None:
    seen = watcher.seqs()
    last = max(seen) if seen else 0
    assert seen == list(range(seen[0], last + 1)) if seen else True
    again = await WsClient.connect(server.ws_url, game, since=last)
    expected = [env.seq for env in stored(server.db, game) if env.seq > last]
    assert [e["seq"] for e in again.welcome["events"]] == expected
    await again.close()


async def test_two_processes_show_the_same_envelopes_and_never_share_a_seq(
        tmp_path: Path, redis_url: str) -> None:
    cluster = Cluster(tmp_path / "plaza.db", 2, redis_url, f"plaza-test-{uuid.uuid4().hex[:8]}:")
    cluster.start()
    try:
        game = new_game(cluster.url(0), 2, options={"rounds": 40})
        tokens = join_all(cluster.url(1), game, 2)
        watch_a = await WsClient.connect(cluster.ws_url(0), game)
        watch_b = await WsClient.connect(cluster.ws_url(1), game)
        on_a = [await WsClient.connect(cluster.ws_url(0), game, t) for t in tokens]
        on_b = [await WsClient.connect(cluster.ws_url(1), game, t) for t in tokens]
        answers: dict[str, Any] = {}
        stop = asyncio.Event()
        # The same seats play through both processes at once: a race for every seq.
        await asyncio.gather(play_until(on_a, answers, stop, 1, 60),
                             play_until(on_b, answers, stop, 2, 60))
        envs = stored(cluster.db, game)
        assert verify_chain(envs) is None
        assert sum(1 for x in answers.values() if x and x["op"] == "accepted") >= 60
        last = envs[-1].seq
        for watcher in (watch_a, watch_b):
            await watcher.wait_seq(last)
        assert watch_a.seqs() == watch_b.seqs() == list(range(4, last + 1))
        hashes = [[e["hash"] for f in w.updates() for e in f["events"]] for w in (watch_a, watch_b)]
        assert hashes[0] == hashes[1] == [env.hash for env in envs[3:]]
    finally:
        cluster.stop()


async def test_redis_restart_loses_nothing_and_viewers_converge(
        tmp_path: Path, private_redis: PrivateRedis) -> None:
    a = LiveServer(tmp_path / "plaza.db", redis_url=private_redis.url).start()
    b = LiveServer(tmp_path / "plaza.db", redis_url=private_redis.url,
                   redis_prefix=a.redis_prefix).start()
    try:
        game = new_game(a.url, 2, options={"rounds": 100})
        tokens = join_all(a.url, game, 2)
        players = [await WsClient.connect(a.ws_url, game, t) for t in tokens]
        far = await WsClient.connect(b.ws_url, game)
        answers: dict[str, Any] = {}
        await play_until(players, answers, asyncio.Event(), 5, 10)
        private_redis.stop()
        await play_until(players, answers, asyncio.Event(), 6, 10)
        private_redis.start()
        await play_until(players, answers, asyncio.Event(), 7, 4)
        accepted = [a_["seq"] for a_ in answers.values() if a_ and a_["op"] == "accepted"]
        assert len(accepted) == 24, "every command was accepted while Redis was down"
        envs = stored(a.db, game)
        assert envs[-1].seq == max(accepted)
        await far.wait_seq(envs[-1].seq)
        assert far.seqs() == list(range(4, envs[-1].seq + 1))
        state = (await http.get(f"{b.url}/api/games/{game}/state")).json()
        assert state["seq"] == envs[-1].seq
    finally:
        a.stop()
        b.stop()


async def test_connection_survives_server_side_drop_with_since(live_server: LiveServer) -> None:
    game = new_game(live_server.url, 2)
    tokens = join_all(live_server.url, game, 2)
    player = await WsClient.connect(live_server.ws_url, game, tokens[0])
    await player.command({"type": "Draw"})
    live_server.restart()
    with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
        await player.recv(1)
    again = await WsClient.connect(live_server.ws_url, game, tokens[0], since=3)
    assert [e["seq"] for e in again.welcome["events"]] == [4]
    assert again.welcome["events"][0]["data"]["card"] is not None


async def test_a_ref_retried_on_another_process_gets_its_first_answer(
        tmp_path: Path, redis_url: str) -> None:
    cluster = Cluster(tmp_path / "plaza.db", 2, redis_url, f"plaza-test-{uuid.uuid4().hex[:8]}:")
    cluster.start()
    try:
        game = new_game(cluster.url(0), 2, options={"rounds": 5})
        tokens = join_all(cluster.url(0), game, 2)
        on_a = await WsClient.connect(cluster.ws_url(0), game, tokens[0])
        on_b = await WsClient.connect(cluster.ws_url(1), game, tokens[0])
        first = await on_a.command({"type": "EndTurn"}, ref="once")
        again = await on_b.command({"type": "EndTurn"}, ref="once")
        assert first["op"] == "accepted" and again == first
        assert [env.ref for env in stored(cluster.db, game)].count("once") == 1
    finally:
        cluster.stop()
