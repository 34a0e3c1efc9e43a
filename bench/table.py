"""One benchmarked game: 4 seat connections and 4 spectators, driven without decoding views.

Every frame received is looked at only for its op and seq, by a byte comparison with the
prefix msgspec writes (`{"op":"update","seq":`), falling back to a small msgspec Struct
that skips everything else when a frame is shaped otherwise. Only when a command is to be
sent is one seat's last update decoded, and then only for `legal`, `active` and `outcome`,
with the legal commands kept as raw JSON and sent back as they came.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections.abc import Callable
from typing import Any

import httpx
import msgspec

from bench import wire

SEATS = 4
SPECTATORS = 4
_UPDATE = b'{"op":"update","seq":'
_ACCEPTED = b'{"op":"accepted","ref":"'
_refs = itertools.count()
NO_LIMIT = 1 << 62


class Head(msgspec.Struct):
    """What the generator needs of any frame; the rest (views, events) is skipped unread."""

    op: str
    seq: int = 0
    ref: str | None = None


class Turn(msgspec.Struct):
    legal: list[msgspec.Raw] = []
    active: list[int] = []
    outcome: msgspec.Raw = msgspec.Raw(b"null")


_head = msgspec.json.Decoder(Head).decode
_turn = msgspec.json.Decoder(Turn).decode
# Called with the table and the latency of its command (send -> last of 8 viewers), or None
# when the command was refused.
OnDone = Callable[["Table", float | None], None]


class Table:
    """A game's 8 connections. `send_next` sends one command of a seat that may act; when all
    8 connections have received the update of its seq, `on_done` is called."""

    def __init__(self, game_id: str, seed: int, on_done: OnDone) -> None:
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.on_done = on_done
        self.conns: list[wire.WireClient] = []
        self.seqs = [0] * (SEATS + SPECTATORS)
        self.last = [b""] * SEATS  # each seat's latest welcome or update
        self.welcomed = 0
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.busy = False
        self.over = False
        self.counted = False  # the command in flight was sent inside a measured window
        self.ref = b""
        self.target = 0  # the seq of the command in flight, once accepted
        self.sent_at = 0.0
        self.slot = -1
        self.sent = 0  # commands this table sent
        self.until = NO_LIMIT  # in the closed loop, the table stops once it has sent as many

    # -- frames in -------------------------------------------------------------------------

    def receive(self, index: int, frame: bytes) -> None:
        if frame.startswith(_UPDATE):
            seq = int(frame[21:frame.index(b",", 21)])
        elif frame.startswith(_ACCEPTED):
            self._accepted(frame)
            return
        else:
            head = _head(frame)
            if head.op == "welcome":
                self.welcomed += 1
            elif head.op in ("rejected", "error"):
                self._refused(head)
                return
            elif head.op != "update":
                return
            seq = head.seq
        self.seqs[index] = seq
        if index < SEATS:
            self.last[index] = frame
        if not self.ready.done() and self.welcomed == len(self.seqs) and min(self.seqs) > 0:
            self.ready.set_result(None)  # every connection has seen the game start
        if self.target and seq >= self.target and min(self.seqs) >= self.target:
            self._done()

    def _accepted(self, frame: bytes) -> None:
        head = _head(frame)
        if self.busy and head.ref is not None and head.ref.encode() == self.ref:
            self.target = head.seq
            if min(self.seqs) >= head.seq:
                self._done()

    def _refused(self, head: Head) -> None:
        if self.busy and (head.ref is None or head.ref.encode() == self.ref):
            self.busy = False
            self.on_done(self, None)

    def _done(self) -> None:
        latency = time.perf_counter() - self.sent_at
        self.busy, self.target = False, 0
        self.on_done(self, latency)

    # -- commands out --------------------------------------------------------------------------

    def send_next(self, counted: bool) -> bool:
        """Send a random legal command of a seat that may act; False when the game is over."""
        legal, seat = self._legal()
        if not legal:
            self.over = True
            return False
        self.ref = b"b%d" % next(_refs)
        self.sent += 1
        self.busy, self.counted, self.target = True, counted, 0
        self.sent_at = time.perf_counter()
        self.conns[seat].send(b'{"op":"command","ref":"' + self.ref + b'","command":'
                              + self.rng.choice(legal) + b"}")
        return True

    def _legal(self) -> tuple[list[msgspec.Raw], int]:
        turn = _turn(self.last[0])
        if bytes(turn.outcome) != b"null":
            return [], 0
        seats = [s for s in turn.active if 0 <= s < SEATS]
        self.rng.shuffle(seats)
        for seat in seats:
            legal = (turn if seat == 0 else _turn(self.last[seat])).legal
            if legal:
                return legal, seat
        return [], 0

    def close(self) -> None:
        for conn in self.conns:
            conn.close()


async def open_table(http: httpx.AsyncClient, urls: list[tuple[str, str]], kind: str,
                     options: dict[str, Any], number: int, on_done: OnDone,
                     deflate: bool = False) -> Table:
    """Create a game of 4 seats, join them all, connect 4 seats and 4 spectators and wait
    until each has its welcome and the game has started (the start comes as an update after
    the welcome). With several servers, the connections are spread over them in turn."""
    base = urls[number % len(urls)][0]
    answer = await http.post(f"{base}/api/games", json={"kind": kind, "seats": SEATS,
                                                        "options": options})
    answer.raise_for_status()
    game = answer.json()["game_id"]
    tokens: list[str | None] = []
    for seat in range(SEATS):  # one after the other: concurrent joins can leave a full game
        joined = await http.post(f"{base}/api/games/{game}/join",  # waiting (see bench/README.md)
                                 json={"name": f"b{seat}", "seat": seat})
        tokens.append(joined.raise_for_status().json()["token"])
    table = Table(game, number, on_done)
    tokens += [None] * SPECTATORS
    table.conns = list(await asyncio.gather(*(
        wire.connect(urls[(number + i) % len(urls)][1],
                     lambda frame, i=i: table.receive(i, frame), deflate)  # type: ignore[misc]
        for i in range(len(tokens)))))
    for conn, token in zip(table.conns, tokens, strict=True):
        hello: dict[str, Any] = {"op": "hello", "game": game}
        if token is not None:
            hello["token"] = token
        conn.send(msgspec.json.encode(hello))
    await asyncio.wait_for(table.ready, 30)
    return table
