"""Tables against real server processes: clocks that run out under each consequence, a
restart while a clock runs, an expiry seen by two processes, leavers taken over and back,
rematches, and bots of each level."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from replays.verify import verify
from tests.support import http
from tests.support.live import Cluster, LiveServer
from tests.support.wsclient import CREATOR_TOKENS, WsClient, creator, join_all

FAST_BOTS = {"PLAZA_BOT_DELAY": "0.05", "PLAZA_BOT_BUDGET": "0.2"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("tables") / "plaza.db", extra_env=FAST_BOTS).start()
    yield live
    live.stop()


def tabled_game(url: str, seats: int, table: dict[str, Any], kind: str = "tinydraw") -> str:
    answer = httpx.post(f"{url}/api/games", json={"kind": kind, "seats": seats, "table": table})
    assert answer.status_code == 201, answer.text
    CREATOR_TOKENS[answer.json()["game_id"]] = answer.json()["creator_token"]
    return str(answer.json()["game_id"])


def log_of(url: str, game: str) -> list[dict[str, Any]]:
    return list(httpx.get(f"{url}/api/games/{game}/events", params={"limit": 1000}).json()["events"])


def types_of(url: str, game: str) -> list[str]:
    return [env["type"] for env in log_of(url, game)]


def wait_for(check: Any, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {check}")


def info(url: str, game: str) -> dict[str, Any]:
    return dict(httpx.get(f"{url}/api/games/{game}").json())


def state_of(url: str, game: str) -> dict[str, Any]:
    return dict(httpx.get(f"{url}/api/games/{game}/state").json())


def waiting_games(url: str) -> set[str]:
    return {g["game_id"] for g in httpx.get(f"{url}/api/games").json() if g["status"] == "waiting"}


# -- clocks ----------------------------------------------------------------------------


async def test_the_clock_shows_each_seats_time_and_a_seat_out_of_time_is_played_by_a_bot(
        server: LiveServer) -> None:
    game = tabled_game(server.url, 2, {"clock": {"bank_ms": 1500, "increment_ms": 5000},
                                       "on_expiry": "bot", "bot_level": "random"})
    tokens = join_all(server.url, game, 2)
    seat0 = await WsClient.connect(server.ws_url, game, tokens[0])
    clock = seat0.welcome["table"]["clock"]
    assert clock["remaining_ms"] == [1500, 1500] and clock["running"] == [0]
    assert abs(clock["at"] - time.time() * 1000) < 5000, "server time, in ms"
    assert info(server.url, game)["table"]["clock"] == {"bank_ms": 1500, "increment_ms": 5000}
    # seat 0 does nothing: after its 1.5 s a bot plays its turn
    wait_for(lambda: "SeatTakenOver" in types_of(server.url, game))
    log = log_of(server.url, game)
    expired = next(e for e in log if e["type"] == "ClockExpired")
    assert expired["data"] == {"type": "ClockExpired", "seat": 0, "consequence": "bot"}
    wait_for(lambda: any(e["actor"] == 0 and (e["ref"] or "").startswith("bot-")
                         for e in log_of(server.url, game)))
    # seat 0's player acts again (on its next turn): the seat is theirs again first
    await seat0.drain()
    while 0 not in seat0.latest()["active"]:
        await seat0.expect("update", timeout=10)
    answer = await seat0.command({"type": "EndTurn"})
    assert answer["op"] == "accepted", answer
    types = types_of(server.url, game)
    assert types[types.index("SeatReclaimed") + 1] == "TurnEnded"
    await seat0.close()


async def test_a_game_whose_clock_runs_out_may_be_abandoned_with_a_result_naming_who_ran_out(
        server: LiveServer) -> None:
    game = tabled_game(server.url, 2, {"clock": {"bank_ms": 1000}, "on_expiry": "abandon"})
    tokens = join_all(server.url, game, 2)
    seat0 = await WsClient.connect(server.ws_url, game, tokens[0])
    assert (await seat0.command({"type": "EndTurn"}))["op"] == "accepted"
    await seat0.close()  # seat 1 never moves
    done = wait_for(lambda: info(server.url, game)["status"] == "finished" and info(server.url, game))
    assert done["outcome"]["ranks"] == [1, 2] and done["outcome"]["winners"] == [0]
    assert done["outcome"]["breakdown"]["abandoned"] == {"type": "GameAbandoned", "seat": 1,
                                                         "reason": "clock"}
    assert types_of(server.url, game)[-2:] == ["ClockExpired", "GameAbandoned"]
    now = (await http.get(f"{server.url}/api/games/{game}/state")).json()  # as frames say it
    assert now["active"] == [] and now["outcome"] == done["outcome"]
    assert now["table"]["abandoned"] == done["outcome"]["breakdown"]["abandoned"]
    assert (await http.get(f"{server.url}/api/games/{game}/state",
                           params={"at": now["seq"] - 1})).json()["table"] is None
    replay = (await http.get(f"{server.url}/api/games/{game}/replay")).content
    verified = verify(replay)  # the table's events are in the log, and every move re-simulates
    assert verified.resimulated and verified.envelopes[-1].type == "GameAbandoned"
    imported = await http.post(f"{server.url}/api/replays", content=replay)  # over, by the table
    assert imported.status_code == 201, imported.text
    assert imported.json()["status"] == "finished" and imported.json()["outcome"] == done["outcome"]


def test_a_dropped_seat_is_played_by_a_bot_and_ranked_last(server: LiveServer) -> None:
    game = tabled_game(server.url, 3, {"clock": {"per_move_ms": 1000}, "on_expiry": "drop"})
    join_all(server.url, game, 3)
    # seat 0 runs out: dropped (three seats); then seat 1 runs out: two left, so abandoned
    done = wait_for(lambda: info(server.url, game)["status"] == "finished" and info(server.url, game))
    log = log_of(server.url, game)
    assert [e["data"] for e in log if e["type"] == "SeatDropped"] == [
        {"type": "SeatDropped", "seat": 0, "reason": "clock"}]
    assert any(e["actor"] == 0 and (e["ref"] or "").startswith("bot-") for e in log)
    assert done["outcome"]["ranks"] == [2, 2, 1] and done["outcome"]["winners"] == [2]


def test_a_clock_keeps_running_across_a_restart(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "plaza.db", extra_env=FAST_BOTS).start()
    try:
        game = tabled_game(live.url, 2, {"clock": {"bank_ms": 2500}, "on_expiry": "abandon"})
        join_all(live.url, game, 2)
        time.sleep(0.5)
        live.restart()  # SIGKILL; nobody reconnects: the restarted server must expire it
        wait_for(lambda: info(live.url, game)["status"] == "finished")
        assert types_of(live.url, game).count("ClockExpired") == 1
    finally:
        live.stop()


async def test_an_expiry_seen_by_two_processes_is_recorded_once(tmp_path: Path, redis_url: str) -> None:
    cluster = Cluster(tmp_path / "plaza.db", 2, redis_url, f"plaza-test-{uuid.uuid4().hex[:8]}:",
                      extra_env=FAST_BOTS).start()
    try:
        game = tabled_game(cluster.url(0), 2, {"clock": {"bank_ms": 1500}, "on_expiry": "bot",
                                               "bot_level": "random"})
        watchers = [await WsClient.connect(cluster.ws_url(i), game) for i in (0, 1)]
        join_all(cluster.url(1), game, 2)
        wait_for(lambda: types_of(cluster.url(0), game).count("SeatTakenOver") >= 2, timeout=30)
        types = types_of(cluster.url(0), game)
        expired = [e["data"]["seat"] for e in log_of(cluster.url(0), game) if e["type"] == "ClockExpired"]
        assert sorted(expired) == [0, 1], types  # each seat's clock ran out once, not twice
        await asyncio.gather(*(w.close() for w in watchers))
    finally:
        cluster.stop()


# -- leavers ----------------------------------------------------------------------------


async def test_a_seat_that_leaves_is_played_by_a_bot_until_it_reclaims_it(server: LiveServer) -> None:
    game = tabled_game(server.url, 2, {"bot_level": "greedy"})
    tokens = join_all(server.url, game, 2)
    seat0 = await WsClient.connect(server.ws_url, game, tokens[0])
    await seat0.send({"op": "leave", "ref": "bye"})
    left = await seat0.expect("accepted")
    assert left["ref"] == "bye"
    taken = wait_for(lambda: [e for e in log_of(server.url, game) if e["type"] == "SeatTakenOver"])
    assert taken[0]["data"] == {"type": "SeatTakenOver", "seat": 0, "reason": "left", "level": "greedy"}
    assert (taken[0]["actor"], taken[0]["ref"]) == (0, "bye")  # the log keeps whose answer it is
    wait_for(lambda: any(e["ref"] == f"bot-{taken[0]['seq']}" for e in log_of(server.url, game)))
    await seat0.send({"op": "reclaim", "ref": "back"})
    assert (await seat0.expect("accepted"))["ref"] == "back"
    await seat0.drain()
    assert seat0.latest()["table"].get("bots", []) == []
    await seat0.send({"op": "reclaim", "ref": "again"})
    refused = await seat0.expect("rejected")
    assert refused["code"] == "illegal" and "no bot plays it" in refused["message"]
    await seat0.send({"op": "leave", "ref": "bye"})  # a repeated ref: its first answer, nothing done
    assert await seat0.expect("accepted") == left
    assert [e["ref"] for e in log_of(server.url, game) if e["type"] == "SeatTakenOver"] == ["bye"]
    await seat0.close()


async def test_a_player_away_too_long_is_replaced_and_back_on_reconnecting(server: LiveServer) -> None:
    game = tabled_game(server.url, 2, {"leave_after_s": 1, "bot_level": "random"})
    tokens = join_all(server.url, game, 2)
    seat1 = await WsClient.connect(server.ws_url, game, tokens[1])
    seat0 = await WsClient.connect(server.ws_url, game, tokens[0])
    await seat0.close()
    taken = wait_for(lambda: [e["data"] for e in log_of(server.url, game) if e["type"] == "SeatTakenOver"])
    assert taken == [{"type": "SeatTakenOver", "seat": 0, "reason": "disconnected", "level": "random"}]
    assert [b["seat"] for b in (await _latest_table(seat1))["bots"]] == [0]
    back = await WsClient.connect(server.ws_url, game, tokens[0])
    wait_for(lambda: "SeatReclaimed" in types_of(server.url, game))
    await back.close()
    await seat1.close()


async def _latest_table(client: WsClient) -> dict[str, Any]:
    await client.drain()
    return dict(client.latest()["table"])


# -- rematches and levels ----------------------------------------------------------------


def test_a_rematch_seats_the_players_rotated_with_new_tokens_and_bots_at_once(server: LiveServer) -> None:
    game = tabled_game(server.url, 2, {"clock": "fast"})
    token = httpx.post(f"{server.url}/api/games/{game}/join", json={"name": "Ada", "seat": 0}).json()["token"]
    mine = {"authorization": f"Bearer {token}"}
    bots = httpx.post(f"{server.url}/api/games/{game}/bots", json={"level": "greedy"}, headers=creator(game))
    assert bots.status_code == 200 and bots.json()["bots"] == {"1": "greedy"}
    early = httpx.post(f"{server.url}/api/games/{game}/rematch", headers=mine)
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    _leave_and_finish(server, game, token)
    moves = info(server.url, game)["outcome"]["breakdown"]["bot_moves"]
    assert set(moves) == {"0", "1"} and all(n > 0 for n in moves.values()), "the result says who"
    answer = httpx.post(f"{server.url}/api/games/{game}/rematch", headers=mine)
    assert answer.status_code == 201, answer.text
    rematch = answer.json()
    assert rematch["seat"] == 1 and rematch["token"] != token
    new = info(server.url, rematch["game_id"])
    assert new["seats"] == ["Bot 1", "Ada"] and new["bots"] == {"0": "greedy"}
    assert new["table"]["clock"] == {"bank_ms": 180000, "increment_ms": 10000}
    assert new["status"] == "active"
    assert log_of(server.url, game)[-1]["data"] == {"type": "RematchOffered", "game_id": rematch["game_id"]}
    again = httpx.post(f"{server.url}/api/games/{game}/rematch", headers=mine)
    assert again.status_code == 409 and again.json()["error"]["code"] == "game_started"
    stranger = httpx.post(f"{server.url}/api/games/{game}/rematch")
    assert stranger.status_code == 403


async def test_players_asking_two_processes_for_the_rematch_at_once_get_one_game(
        tmp_path: Path, redis_url: str) -> None:
    cluster = Cluster(tmp_path / "plaza.db", 2, redis_url, f"plaza-test-{uuid.uuid4().hex[:8]}:",
                      extra_env=FAST_BOTS).start()
    try:
        url = cluster.url(0)
        game = tabled_game(url, 2, {"bot_level": "random"})
        tokens = join_all(url, game, 2)
        for seat, token in enumerate(tokens):  # both leave: their bots play the game out
            client = await WsClient.connect(cluster.ws_url(seat), game, token)
            await client.send({"op": "leave", "ref": "bye"})
            await client.expect("accepted")
            await client.close()
        wait_for(lambda: info(url, game)["status"] == "finished", timeout=60)
        waiting = waiting_games(url)

        async def ask(seat: int) -> httpx.Response:
            async with httpx.AsyncClient() as client:
                return await client.post(f"{cluster.url(seat)}/api/games/{game}/rematch",
                                         headers={"authorization": f"Bearer {tokens[seat]}"})

        for i in (0, 1):  # each process holds the finished game, as when its players watched
            assert state_of(cluster.url(i), game)["outcome"] is not None
        answers = await asyncio.gather(ask(0), ask(1))
        assert [a.status_code for a in answers] == [201, 201], [a.text for a in answers]
        games = {a.json()["game_id"] for a in answers}
        assert len(games) == 1 and sorted(a.json()["seat"] for a in answers) == [0, 1]
        assert types_of(url, game).count("RematchOffered") == 1
        assert info(url, games.pop())["status"] == "active"
        assert waiting_games(url) <= waiting, "an empty rematch was left waiting"
    finally:
        cluster.stop()


def _leave_and_finish(server: LiveServer, game: str, token: str) -> None:
    async def leave() -> None:
        client = await WsClient.connect(server.ws_url, game, token)
        await client.send({"op": "leave", "ref": "bye"})
        await client.expect("accepted")
        await client.close()

    asyncio.run(leave())
    wait_for(lambda: info(server.url, game)["status"] == "finished", timeout=60)


@pytest.mark.parametrize("levels", [{"0": "greedy", "1": "search"}, {"0": "random", "1": "greedy"}])
async def test_bots_of_every_level_play_a_game_to_its_end(server: LiveServer, levels: dict[str, str]) -> None:
    game = tabled_game(server.url, 2, {})
    answer = await http.post(f"{server.url}/api/games/{game}/bots", json={"levels": levels},
                             headers=creator(game))
    assert answer.status_code == 200 and answer.json()["bots"] == levels
    watcher = await WsClient.connect(server.ws_url, game)
    while watcher.latest()["outcome"] is None:
        await watcher.expect("update", timeout=90)
    outcome = watcher.latest()["outcome"]  # the frame's result is the stored one, bots' moves and all
    assert outcome["winners"] and set(outcome["breakdown"]["bot_moves"]) == {"0", "1"}
    assert outcome == (await http.get(f"{server.url}/api/games/{game}")).json()["outcome"]
    await watcher.close()


@pytest.mark.parametrize(("table", "words"), [
    ({"clock": "blitz"}, "none of the presets"),
    ({"clock": {"bank_ms": 500}}, "at least a second"),
    ({"on_expiry": "explode"}, "on_expiry"),
    ({"bot_level": "genius"}, "bot_level"),
    ({"leave_after_s": 0}, "leave_after_s"),
])
def test_a_table_that_cannot_be_is_refused_with_its_field(server: LiveServer, table: dict[str, Any],
                                                          words: str) -> None:
    answer = httpx.post(f"{server.url}/api/games", json={"kind": "tinydraw", "seats": 2, "table": table})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_table"
    assert words in answer.json()["error"]["message"]
