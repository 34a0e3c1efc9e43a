"""A played game and its closed connections leave no garbage for the cyclic collector.

The server freezes what survives each full collection out of the collector's later passes
(server/collector.py): a frozen object that later dies in a reference cycle is only found
again at the periodic re-check. So the life of a connection and of a game must free itself by
reference counting. Here the whole server runs in this process, on a real socket, with the
collector off while a game is played over WebSockets to its end and its connections close.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import uvloop

from server.__main__ import uvicorn_config
from server.app import create_app
from server.config import Config
from server.transport import DirectWebSocketProtocol
from tests.support.live import free_port, in_this_process
from tests.support.wsclient import WsClient


@contextlib.asynccontextmanager
async def in_process(tmp_path: Path) -> AsyncIterator[str]:
    config = Config(port=free_port(), db=str(tmp_path / "plaza.db"),
                    extra_games=("tests.support.tinygame",))
    async with in_this_process(uvicorn_config(create_app(config), config)):
        yield f"http://127.0.0.1:{config.port}"


def create_and_join(url: str) -> tuple[dict[str, str], list[str]]:
    with httpx.Client(base_url=url) as http:
        made = http.post("/api/games", json={"kind": "tinydraw", "seats": 2}).json()
        return made, [http.post(f"/api/games/{made['game_id']}/join",
                                json={"name": f"P{seat}", "seat": seat}).json()["token"]
                      for seat in range(2)]


async def play_to_the_end(url: str) -> None:
    """Two seats and a spectator; each active seat plays its first legal command."""
    # From a worker thread: httpx's asyncio stack leaves cycles of asyncio Events, which the
    # check below could not tell from the server's.
    made, tokens = await asyncio.to_thread(create_and_join, url)
    ws = url.replace("http", "ws") + "/ws"
    seats = [await WsClient.connect(ws, made["game_id"], token) for token in tokens]
    spectator = await WsClient.connect(ws, made["game_id"])
    while not seats[0].latest().get("outcome"):
        latest = seats[0].latest()
        seat = seats[latest["active"][0]]
        answer = await seat.command(seat.latest()["legal"][0])
        assert answer["op"] == "accepted", answer
        for client in (*seats, spectator):
            await client.wait_seq(answer["seq"])
    for client in (*seats, spectator):
        await client.close()


# The test's clients share the process, and httpx's requests leave cycles of their own: what
# counts is garbage of the server's, its web stack's, asyncio's and the game's types.
SERVER_SIDE = ("server.", "domain.", "uvicorn.", "starlette.", "websockets.server",
               "tests.support.tinygame", "asyncio.", "_asyncio")


def protocols() -> int:
    return sum(type(obj) is DirectWebSocketProtocol for obj in gc.get_objects())


def test_a_game_played_to_its_end_and_its_connections_leave_no_cycle(tmp_path: Path) -> None:
    # On uvloop, as uvicorn runs when it is installed (uvicorn[standard]): Python 3.11's own
    # socket transport keeps a bound method of itself (`_read_ready_cb`), a cycle of its own.
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(one_life(tmp_path))


async def one_life(tmp_path: Path) -> None:
    async with in_process(tmp_path) as url:
        await play_to_the_end(url)  # first uses: types set up, caches filled, once a process
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.disable()
        try:
            before = protocols()
            await play_to_the_end(url)
            for _ in range(200):  # the server sees the closes a moment after the clients
                if protocols() == before:
                    break
                await asyncio.sleep(0.01)
            assert protocols() == before, "a closed connection's protocol is still alive"
            gc.collect()
            left: Counter[str] = Counter(
                f"{type(obj).__module__}.{type(obj).__qualname__}" for obj in gc.garbage
                if type(obj).__module__.startswith(SERVER_SIDE))
            assert not left, f"cyclic garbage from one game's life: {left.most_common(10)}"
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()


