"""The HTTP side of PROTOCOL.md: every `/api` route, and the door to game connections.

Of the server it imports only `server.protocol` (the wire types).
"""

from __future__ import annotations

import os
from email.utils import parsedate_to_datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any

import httpx
import msgspec

from server import protocol as p

from .errors import PlazaError, ServerUnavailable

if TYPE_CHECKING:
    from .connection import GameConnection

DEFAULT_URL = "http://127.0.0.1:8000"


def default_url() -> str:
    """The server address: `PLAZA_URL`, else the local default."""
    return os.environ.get("PLAZA_URL") or DEFAULT_URL


def ws_url(base_url: str) -> str:
    """The `/ws` address of a server given by its HTTP base address."""
    base = base_url.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base[len("https://"):] + "/ws"
    if base.startswith("http://"):
        return "ws://" + base[len("http://"):] + "/ws"
    if base.startswith(("ws://", "wss://")):
        return base if base.endswith("/ws") else base + "/ws"
    return "ws://" + base + "/ws"


class KindInfo(msgspec.Struct, frozen=True):
    kind: str
    title: str
    seats: list[int]
    options_schema: Any = None
    command_schema: Any = None
    view_schema: Any = None


def _error_of(resp: httpx.Response) -> PlazaError:
    try:
        body = resp.json()
        error = body["error"]
        return PlazaError(str(error["code"]), str(error["message"]), resp.status_code)
    except (ValueError, KeyError, TypeError):
        text = resp.reason_phrase or "error"
        return PlazaError(f"http_{resp.status_code}",
                          f"The server answered {resp.status_code} {text} to "
                          f"{resp.request.method} {resp.request.url.path}.", resp.status_code)


def _convert(obj: Any, type_: Any, what: str) -> Any:
    try:
        return msgspec.convert(obj, type_)
    except msgspec.ValidationError as exc:
        raise PlazaError("bad_answer", f"The server's answer to {what} is not as expected: {exc}") \
            from None


class PlazaClient:
    """HTTP helpers for the `/api` routes, and the door to game connections."""

    def __init__(self, base_url: str | None = None, token: str | None = None,
                 timeout: float = 10.0, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.base_url = (base_url or default_url()).rstrip("/")
        self.token = token
        self.http = httpx.AsyncClient(base_url=self.base_url, timeout=timeout, transport=transport)

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> PlazaClient:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()

    async def request(self, method: str, path: str, *, json: Any = None,
                      content: bytes | None = None, params: dict[str, Any] | None = None,
                      token: str | None = None) -> httpx.Response:
        """One HTTP request; raise `ServerUnavailable` or `PlazaError` for failures."""
        headers = {}
        bearer = token or self.token
        if bearer:
            headers["Authorization"] = f"Bearer {bearer}"
        if content is not None:
            headers["Content-Type"] = "application/x-ndjson"
        query = {k: v for k, v in (params or {}).items() if v is not None}
        try:
            resp = await self.http.request(method, path, json=json, content=content,
                                           params=query, headers=headers)
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            raise ServerUnavailable(self.base_url, str(exc)) from None
        except httpx.TimeoutException:
            raise ServerUnavailable(self.base_url, "it did not answer in time") from None
        except httpx.HTTPError as exc:
            raise PlazaError("http", f"HTTP to {self.base_url} failed: {exc}") from None
        if resp.status_code >= 400:
            raise _error_of(resp)
        return resp

    async def _json(self, method: str, path: str, **kwargs: Any) -> Any:
        resp = await self.request(method, path, **kwargs)
        try:
            return msgspec.json.decode(resp.content)
        except msgspec.DecodeError:
            raise PlazaError("bad_answer", f"{method} {path} did not answer JSON.") from None

    async def health(self) -> bool:
        try:
            await self.request("GET", "/healthz")
        except PlazaError:
            return False
        return True

    async def server_time(self) -> float | None:
        """The server's time now in ms, to the second (its answer's `Date`), or None. It is
        never ahead of the server's clock: a lower bound a clock display can start from."""
        resp = await self.request("GET", "/healthz")
        try:
            return parsedate_to_datetime(resp.headers["date"]).timestamp() * 1000
        except (KeyError, TypeError, ValueError, IndexError):
            return None

    async def kinds(self) -> list[KindInfo]:
        body = await self._json("GET", "/api/kinds")
        if isinstance(body, dict):
            body = body.get("kinds", [])
        return list(_convert(body, list[KindInfo], "GET /api/kinds"))

    async def games(self, status: str | None = None) -> list[p.GameInfo]:
        body = await self._json("GET", "/api/games", params={"status": status})
        if isinstance(body, dict):
            body = body.get("games", [])
        return list(_convert(body, list[p.GameInfo], "GET /api/games"))

    async def game(self, game_id: str) -> p.GameInfo:
        body = await self._json("GET", f"/api/games/{game_id}")
        info: p.GameInfo = _convert(body, p.GameInfo, f"GET /api/games/{game_id}")
        return info

    async def new_game(self, kind: str, seats: int, options: dict[str, Any] | None = None,
                       seed: int | None = None, table: dict[str, Any] | None = None) -> p.Created:
        """Create a game: its metadata and `creator_token`, which may seat the server's bots
        (a GameInfo, so callers that want only the metadata need not change). `table` (an
        extension): `clock` (a preset's name, `{bank_ms, increment_ms}` or `{per_move_ms}`),
        `on_expiry` (bot, drop, abandon), `leave_after_s`, `bot_level`."""
        body = msgspec.to_builtins(p.NewGame(kind, seats, options or {}, seed, table or {}))
        if not table:
            body.pop("table", None)  # a server without tables need not know the field
        answer = await self._json("POST", "/api/games", json=body)
        info: p.Created = _convert(answer, p.Created, "POST /api/games")
        return info

    async def join(self, game_id: str, name: str, seat: int | None = None,
                   source_token: str | None = None) -> p.Joined:
        """Take a seat. A fork of an unfinished game is joined with `source_token`, the token
        of the same seat in the game it was forked from (the seat follows from it)."""
        body = msgspec.to_builtins(p.JoinGame(name, seat, source_token))
        answer = await self._json("POST", f"/api/games/{game_id}/join", json=body)
        joined: p.Joined = _convert(answer, p.Joined, "join")
        return joined

    async def add_bots(self, game_id: str, token: str | None = None, *, level: str | None = None,
                       levels: dict[int, str] | None = None,
                       seats: list[int] | None = None) -> p.GameInfo:
        """Seat the server's bots (an extension of PROTOCOL.md) on the free `seats` (default:
        every free seat), each at its level in `levels` (seat -> random, greedy or search),
        else at `level` (the server's default: random); `token` is the game's creator token
        or one of its seat tokens (else the client's own)."""
        body: dict[str, Any] = {}
        if level is not None:
            body["level"] = level
        if levels:
            body["levels"] = {str(seat): name for seat, name in levels.items()}
        if seats is not None:
            body["seats"] = list(seats)
        answer = await self._json("POST", f"/api/games/{game_id}/bots", json=body or None,
                                  token=token)
        info: p.GameInfo = _convert(answer, p.GameInfo, "bots")
        return info

    async def rematch(self, game_id: str, token: str | None = None) -> p.Rematched:
        """The rematch of a finished game (an extension): the same table with the seats
        rotated one place; the answer is the caller's seat in it and its new token. Only a
        seat's `token` may ask; the first to ask creates it, the others join it."""
        answer = await self._json("POST", f"/api/games/{game_id}/rematch", token=token)
        rematched: p.Rematched = _convert(answer, p.Rematched, "rematch")
        return rematched

    async def state(self, game_id: str, at: int | None = None,
                    token: str | None = None) -> p.StateAnswer:
        answer = await self._json("GET", f"/api/games/{game_id}/state", params={"at": at},
                                  token=token)
        state: p.StateAnswer = _convert(answer, p.StateAnswer, "state")
        return state

    async def events(self, game_id: str, since: int = 0, limit: int | None = None,
                     token: str | None = None) -> tuple[int, list[p.Envelope]]:
        """One page of envelopes after `since`: (the game's seq, the envelopes)."""
        answer = await self._json("GET", f"/api/games/{game_id}/events",
                                  params={"since": since, "limit": limit}, token=token)
        page: p.EventsAnswer = _convert(answer, p.EventsAnswer, "events")
        return page.seq, _convert(page.events, list[p.Envelope], "events")

    async def all_events(self, game_id: str, since: int = 0,
                         token: str | None = None) -> list[p.Envelope]:
        """Every envelope after `since`, paging on until the game's seq."""
        out: list[p.Envelope] = []
        while True:
            seq, page = await self.events(game_id, since, token=token)
            page = [env for env in page if env.seq > since]
            out.extend(page)
            if not page or out[-1].seq >= seq:
                return out
            since = out[-1].seq

    async def fork(self, game_id: str, at: int, token: str | None = None) -> p.Forked:
        """A new waiting game from the source's history up to `at`. An unfinished game may be
        forked only by one of its seats (`token`), who then holds the same seat in the fork:
        `joined` says which, with its token."""
        body = msgspec.to_builtins(p.ForkGame(at))
        answer = await self._json("POST", f"/api/games/{game_id}/fork", json=body, token=token)
        info: p.Forked = _convert(answer, p.Forked, "fork")
        return info

    async def replay(self, game_id: str, token: str | None = None) -> bytes:
        """The replay file of a game (JSON Lines)."""
        resp = await self.request("GET", f"/api/games/{game_id}/replay", token=token)
        return resp.content

    async def import_replay(self, data: bytes) -> p.GameInfo:
        answer = await self._json("POST", "/api/replays", content=data)
        info: p.GameInfo = _convert(answer, p.GameInfo, "POST /api/replays")
        return info

    async def board(self, kind: str) -> Any:
        """The static board data of a kind of game (its geometry and fixed components, an
        extension of PROTOCOL.md), or None when the game has none."""
        return await self._json("GET", f"/api/kinds/{kind}/board")

    def connect(self, game_id: str, token: str | None = None, since: int | None = None,
                **options: Any) -> GameConnection:
        """A connection to one game (not yet open: `async with` it or `await .open()`)."""
        from .connection import GameConnection  # the connection fetches through this client

        return GameConnection(self.base_url, game_id, token or self.token, since, **options)
