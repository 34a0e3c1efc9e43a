"""A bare protocol client for the platform's own tests: raw frames over `websockets`."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import httpx
import websockets

_refs = itertools.count(1)


def new_game(url: str, seats: int = 2, kind: str = "tinydraw", seed: int | None = None,
             options: dict[str, Any] | None = None) -> str:
    body: dict[str, Any] = {"kind": kind, "seats": seats, "options": options or {}}
    if seed is not None:
        body["seed"] = seed
    answer = httpx.post(f"{url}/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game_id = str(answer.json()["game_id"])
    CREATOR_TOKENS[game_id] = answer.json()["creator_token"]
    return game_id


CREATOR_TOKENS: dict[str, str] = {}  # game id -> the token its creator was given


def creator(game_id: str) -> dict[str, str]:
    """The headers of the game's creator (who may seat the server's bots)."""
    return {"authorization": f"Bearer {CREATOR_TOKENS[game_id]}"}


def join_all(url: str, game_id: str, seats: int) -> list[str]:
    tokens = []
    for seat in range(seats):
        answer = httpx.post(f"{url}/api/games/{game_id}/join", json={"name": f"P{seat}", "seat": seat})
        assert answer.status_code == 200, answer.text
        tokens.append(answer.json()["token"])
    return tokens


class WsClient:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] = {}

    @classmethod
    async def connect(cls, ws_url: str, game: str, token: str | None = None,
                      since: int | None = None) -> WsClient:
        client = cls(await websockets.connect(ws_url, max_size=None))
        hello: dict[str, Any] = {"op": "hello", "game": game}
        if token is not None:
            hello["token"] = token
        if since is not None:
            hello["since"] = since
        await client.send(hello)
        client.welcome = await client.expect("welcome")
        return client

    async def send(self, frame: dict[str, Any] | str) -> None:
        await self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        return frame

    async def expect(self, op: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next frame with this op (updates in between are kept in `frames`)."""
        while True:
            frame = await self.recv(timeout)
            if frame["op"] == op or (frame["op"] == "error" and op != "error"):
                return frame

    async def command(self, command: dict[str, Any], ref: str | None = None,
                      after: int | None = None) -> dict[str, Any]:
        ref = ref or f"ref-{next(_refs)}"
        frame: dict[str, Any] = {"op": "command", "ref": ref, "command": command}
        if after is not None:
            frame["after"] = after
        await self.send(frame)
        while True:
            answer = await self.recv()
            if answer["op"] in ("accepted", "rejected") and answer.get("ref") == ref:
                return answer
            if answer["op"] == "error":
                return answer

    async def undo(self, ref: str | None = None) -> dict[str, Any]:
        ref = ref or f"undo-{next(_refs)}"
        await self.send({"op": "undo", "ref": ref})
        while True:
            answer = await self.recv()
            if answer.get("ref") == ref or answer["op"] == "error":
                return answer

    def updates(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["op"] == "update"]

    def seqs(self) -> list[int]:
        """Every envelope seq received so far (welcome events, then updates)."""
        out = [e["seq"] for e in self.welcome.get("events", [])]
        for frame in self.updates():
            out += [e["seq"] for e in frame["events"]]
        return out

    def last_seq(self) -> int:
        seqs = self.seqs()
        return max([self.welcome.get("seq", 0), *seqs])

    def latest(self) -> dict[str, Any]:
        """The newest welcome or update: the view, legal and active now."""
        return [self.welcome, *self.updates()][-1]

    async def wait_seq(self, seq: int, timeout: float = 15.0) -> None:
        """Read until this connection has seen envelope `seq`."""

        async def reach() -> None:
            while self.last_seq() < seq:
                await self.recv(timeout)

        await asyncio.wait_for(reach(), timeout)

    async def drain(self, quiet: float = 0.3) -> None:
        """Read until nothing arrives for `quiet` seconds."""
        try:
            while True:
                await self.recv(quiet)
        except TimeoutError:
            return

    async def close(self) -> None:
        await self.ws.close()
