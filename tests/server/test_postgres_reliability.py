"""Reliability on PostgreSQL against real processes: writers racing from two stores and two
server processes, kill -9 of one of three processes under load, and PostgreSQL itself
restarted in the middle of a game (a private cluster, never the shared server)."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from domain.core import GENESIS, verify_chain
from server.store import Conflict, PostgresStore
from tests.server.pg_support import (  # noqa: F401  (fixtures)
    PgServer,
    PrivatePostgres,
    pg_schema_url,
    pg_url,
    private_postgres,
    stored,
    with_search_path,
)
from tests.server.test_reliability import play_until
from tests.server.test_store_contract import env, row
from tests.support.wsclient import WsClient, join_all, new_game


async def test_two_stores_racing_for_every_seq_of_many_games_never_share_one(
        pg_schema_url: str) -> None:  # noqa: F811
    """Two pools are two processes: each round, both append the next seq of every game at
    once, their batches mixing games in opposite orders, which must not deadlock."""
    stores = [PostgresStore(pg_schema_url, pool_size=2) for _ in range(2)]
    for store in stores:
        await store.open()
    games = [f"g{n}" for n in range(12)]
    for game in games:
        await stores[0].create_game(row(game))
    started = time.monotonic()
    for seq in range(1, 16):
        attempts = [stores[side].append(game, [env(game, seq, ref=f"{side}-{seq}")])
                    for side in (0, 1) for game in (games if side == 0 else games[::-1])]
        results = await asyncio.gather(*attempts, return_exceptions=True)
        assert sum(r is None for r in results) == len(games), results
        assert all(r is None or isinstance(r, Conflict) for r in results), results
    # A deadlock would cost a second (deadlock_timeout) each time it happened.
    assert time.monotonic() - started < 10
    for game in games:
        assert [e.seq for e in await stores[1].events(game)] == list(range(1, 16))
    for store in stores:
        await store.close()


async def test_two_processes_writing_one_game_never_share_a_seq(
        tmp_path: Path, pg_schema_url: str, redis_url: str) -> None:  # noqa: F811
    prefix = f"plaza-test-{uuid.uuid4().hex[:8]}:"
    servers = [PgServer(tmp_path, pg_schema_url, redis_url=redis_url, redis_prefix=prefix).start()
               for _ in range(2)]
    try:
        game = new_game(servers[0].url, 2, options={"rounds": 40})
        tokens = join_all(servers[1].url, game, 2)
        watchers = [await WsClient.connect(s.ws_url, game) for s in servers]
        on = [[await WsClient.connect(s.ws_url, game, t) for t in tokens] for s in servers]
        answers: dict[str, Any] = {}
        # The same seats play through both processes at once: a race for every seq.
        await asyncio.gather(play_until(on[0], answers, asyncio.Event(), 1, 60),
                             play_until(on[1], answers, asyncio.Event(), 2, 60))
        envs = await stored(pg_schema_url, game)
        assert verify_chain(envs) is None
        assert [e.seq for e in envs] == list(range(1, len(envs) + 1))
        assert sum(1 for a in answers.values() if a and a["op"] == "accepted") >= 60
        for watcher in watchers:
            await watcher.wait_seq(envs[-1].seq)
        assert watchers[0].seqs() == watchers[1].seqs() == list(range(4, envs[-1].seq + 1))
    finally:
        for server in servers:
            server.stop()


@pytest.mark.slow
async def test_kill_9_of_one_of_three_processes_loses_nothing_and_applies_no_ref_twice(
        tmp_path: Path, pg_schema_url: str, redis_url: str) -> None:  # noqa: F811
    prefix = f"plaza-test-{uuid.uuid4().hex[:8]}:"
    servers = [PgServer(tmp_path, pg_schema_url, redis_url=redis_url, redis_prefix=prefix).start()
               for _ in range(3)]
    try:
        games = [new_game(servers[n % 3].url, 2, options={"rounds": 200}) for n in range(6)]
        seated = {g: join_all(servers[0].url, g, 2) for g in games}
        answers: dict[str, dict[str, Any]] = {g: {} for g in games}
        senders: dict[str, int] = {}
        stop = asyncio.Event()
        tasks = []
        for n, game in enumerate(games):  # game n played through process n % 3
            clients = [await WsClient.connect(servers[n % 3].ws_url, game, t) for t in seated[game]]
            tasks.append(asyncio.create_task(play_until(clients, answers[game], stop, n,
                                                        senders=senders)))
        await asyncio.sleep(1.5)
        servers[0].kill()
        await asyncio.sleep(1.0)  # the survivors' games play on
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        servers[0].start()
        accepted = [a for g in games for a in answers[g].values() if a and a["op"] == "accepted"]
        assert len(accepted) > 60, "the kill should land in the middle of real play"
        for game in games:
            by_ref = await _check_log(pg_schema_url, game, answers[game])
            # Sent again through another process: a committed ref gets its first answer.
            await _retry_in_flight(servers[1], game, seated[game], answers[game], senders, by_ref)
    finally:
        for server in servers:
            server.stop()


async def _check_log(url: str, game: str, answers: dict[str, Any]) -> dict[str, list[int]]:
    envs = await stored(url, game)
    assert verify_chain(envs) is None
    by_ref: dict[str, list[int]] = {}
    for envelope in envs:
        if envelope.ref is not None:
            by_ref.setdefault(envelope.ref, []).append(envelope.seq)
    for ref, answer in answers.items():
        if answer is None:
            continue  # in flight at the kill: checked by the retry
        if answer["op"] == "accepted":
            assert by_ref[ref][-1] == answer["seq"], f"accepted {ref} lost"
        else:
            assert ref not in by_ref, f"rejected {ref} was stored"
    for seqs in by_ref.values():
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "a ref applied twice"
    return by_ref


async def _retry_in_flight(server: PgServer, game: str, tokens: list[str], answers: dict[str, Any],
                           senders: dict[str, int], by_ref: dict[str, list[int]]) -> None:
    for ref in [ref for ref, answer in answers.items() if answer is None]:
        client = await WsClient.connect(server.ws_url, game, tokens[senders[ref]])
        answer = await client.command({"type": "EndTurn"}, ref=ref)
        await client.close()
        if ref in by_ref:
            assert answer["op"] == "accepted" and answer["seq"] == by_ref[ref][-1], answer


OUTAGE_CODE = "unavailable"  # the refusal while the store is away


@pytest.mark.slow
async def test_postgres_restarted_mid_game_refuses_meanwhile_loses_nothing_and_resumes(
        tmp_path: Path, private_postgres: PrivatePostgres) -> None:  # noqa: F811
    url = with_search_path(private_postgres.url, "public")
    server = PgServer(tmp_path, url).start()
    try:
        game = new_game(server.url, 2, options={"rounds": 100})
        players = [await WsClient.connect(server.ws_url, game, t) for t in join_all(server.url, game, 2)]
        answers: dict[str, Any] = {}
        await play_until(players, answers, asyncio.Event(), 1, 10)
        private_postgres.stop("immediate")  # a crash: no checkpoint, recovery from the WAL
        during = [await _send_legal(players, f"outage-{n}") for n in range(3)]
        assert all(a["op"] == "rejected" and a["code"] == OUTAGE_CODE for a in during), during
        private_postgres.start()
        # No restart of Plaza: the same connections play on.
        await play_until(players, answers, asyncio.Event(), 2, 10)
        accepted = {a["seq"] for a in answers.values() if a and a["op"] == "accepted"}
        assert len(accepted) == 20, "every command outside the outage was accepted"
        envs = await stored(url, game)
        assert verify_chain(envs, GENESIS) is None and envs[-1].seq == max(accepted)
        assert accepted <= {e.seq for e in envs}
        assert not {e.ref for e in envs} & {f"outage-{n}" for n in range(3)}
    finally:
        server.stop()


async def _send_legal(players: list[WsClient], ref: str) -> dict[str, Any]:
    mover = next(p for p in players if p.latest()["legal"])
    return await mover.command(mover.latest()["legal"][0], ref=ref)

