"""HTTP routes under /api (PROTOCOL.md), thin over `Service`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from domain.core import registry

from . import faults
from .limits import Limits, PerAddress, Refused, check_plain
from .protocol import (
    INT64,
    Created,
    EventsAnswer,
    Forked,
    ForkGame,
    Joined,
    JoinGame,
    NewGame,
    StateAnswer,
)
from .service import Problem, Service

_encoder = msgspec.json.Encoder()
Handler = Callable[[Request], Awaitable[Response]]


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(_encoder.encode(body), status, headers=headers, media_type="application/json")


def error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> Response:
    response = json_response({"error": {"code": code, "message": message}}, status)
    if headers:
        response.headers.update(headers)
    return response


def guarded(handler: Handler) -> Handler:
    """Turn a `Problem` into its JSON error answer, and any other fault into `internal`."""

    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except Problem as problem:
            headers = {"retry-after": str(problem.retry_after)} if problem.retry_after else None
            return error(problem.status, problem.code, problem.message, headers)
        except Exception as exc:
            faults.report(exc, f"{request.method} {request.url.path}")
            return error(500, "internal", "The server failed to answer this request; nothing was changed.")

    return run


async def read_body(request: Request, limit: int, seconds: float) -> bytes:
    """The body, refused once it passes `limit` bytes (without reading the rest), or when
    it takes longer than `seconds` to arrive."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Problem(413, "too_large", f"The request body is over {limit} bytes.")
    chunks, size = [], 0
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise Problem(413, "too_large", f"The request body is over {limit} bytes.")
                chunks.append(chunk)
    except TimeoutError:
        raise Problem(408, "too_slow", f"The request body did not arrive within {seconds:g} s.") from None
    return b"".join(chunks)


async def body_of(request: Request, type_: type[Any], limits: Limits) -> Any:
    data = await read_body(request, limits.max_body, limits.body_seconds)
    try:
        body = msgspec.json.decode(data or b"{}", type=type_)
        check_plain(msgspec.to_builtins(body), "body")
        return body
    except msgspec.ValidationError as exc:
        raise Problem(400, "bad_frame", f"body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise Problem(400, "bad_json", f"The body is not valid JSON: {exc}") from None
    except (RecursionError, Refused) as exc:
        raise Problem(400, "bad_frame", f"body: {_nested(exc)}") from None


def _nested(exc: Exception) -> str:
    return str(exc) if isinstance(exc, Refused) else "nested too deep."


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def int_param(request: Request, name: str, default: int | None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if len(raw) > 20 or not raw.lstrip("-").isdigit():
        raise Problem(400, "bad_query", f"{name}: {raw[:24]!r} is not a whole number.")
    value = int(raw)
    if not 0 <= value <= INT64:
        raise Problem(400, "bad_query", f"{name}: {value} is outside 0 to 2**63-1.")
    return value


def address(request: Request) -> str:
    return request.client.host if request.client else ""


def routes(service: Service) -> list[Route]:
    limits = service.limits
    creations = PerAddress(limits.create_rate, limits.create_burst)

    def pace(request: Request) -> None:
        """Games are created (new, forked, imported) at a person's pace, per client address."""
        if not creations.allow(address(request)):
            wait = creations.wait(address(request))
            raise Problem(429, "rate_limited", "Too many new games from your address: wait "
                          f"{wait:.0f} s (at most {limits.create_rate:g} a second).",
                          retry_after=max(1, round(wait)))

    async def kinds(request: Request) -> Response:
        return json_response([
            {"kind": game.kind, "title": game.title, "seats": list(game.seat_counts),
             "options_schema": msgspec.json.schema(game.options_type),
             "command_schema": msgspec.json.schema(game.command_type),
             "view_schema": msgspec.json.schema(game.view_type)}
            for game in registry.games().values()
        ])

    async def board(request: Request) -> Response:
        game = service.kind(request.path_params["kind"])
        return json_response(game.board(), headers={"cache-control": "public, max-age=3600"})

    async def create(request: Request) -> Response:
        body: NewGame = await body_of(request, NewGame, limits)
        pace(request)
        row, token = await service.create(body.kind, body.seats, body.options, body.seed,
                                          address(request))
        info = await service.info(row)
        return json_response(Created(**msgspec.structs.asdict(info), creator_token=token), 201)

    async def lobby(request: Request) -> Response:
        status = request.query_params.get("status")
        if status not in (None, "waiting", "active", "finished"):
            raise Problem(400, "bad_query", f"status: {status!r} is not waiting, active or finished.")
        rows = await service.store.games(status)
        return json_response([await service.info(row) for row in rows])

    async def game(request: Request) -> Response:
        return json_response(await service.info(await service.row(request.path_params["id"])))

    async def join(request: Request) -> Response:
        body: JoinGame = await body_of(request, JoinGame, limits)
        seat, token = await service.join(request.path_params["id"], body.name, body.seat,
                                         source_token=body.source_token)
        return json_response(Joined(seat, token))

    async def bots(request: Request) -> Response:
        game_id = request.path_params["id"]
        await service.add_bots(game_id, bearer(request))
        return json_response(await service.info(await service.row(game_id)))

    async def events(request: Request) -> Response:
        row = await service.row(request.path_params["id"])
        seat = await service.caller(row.game_id, bearer(request))
        since = int_param(request, "since", 0) or 0
        limit = max(1, min(int_param(request, "limit", 500) or 500, 5000))
        runtime = await service.runtime.peek(row.game_id)
        if runtime is None:
            raise Problem(404, "unknown_kind", f"The game kind {row.kind!r} is not installed.")
        envs = await service.store.events(row.game_id, after=since, limit=limit)
        shown = [runtime.audiences.redacted(env, runtime.codec.decode(env), seat) for env in envs]
        return json_response(EventsAnswer(runtime.seq, shown))

    async def state(request: Request) -> Response:
        row = await service.row(request.path_params["id"])
        seat = await service.caller(row.game_id, bearer(request))
        timeline = await service.timeline_at(row, int_param(request, "at", None))
        game_ = timeline.game
        current = timeline.state
        if current is None:
            return json_response(StateAnswer(row.game_id, timeline.seq, None, [], [], None, seat))
        active = game_.active(current)
        legal = game_.legal(current, seat) if seat is not None and seat in active else []
        return json_response(StateAnswer(row.game_id, timeline.seq, game_.view(current, seat),
                                          legal, active, game_.outcome(current), seat))

    async def fork(request: Request) -> Response:
        body: ForkGame = await body_of(request, ForkGame, limits)
        pace(request)
        row, seat = await service.fork(request.path_params["id"], body.at, bearer(request))
        info = await service.info(await service.row(row.game_id))
        joined = Joined(*seat) if seat is not None else None
        return json_response(Forked(**msgspec.structs.asdict(info), joined=joined), 201)

    async def replay(request: Request) -> Response:
        row = await service.row(request.path_params["id"])
        seat = await service.caller(row.game_id, bearer(request))
        data = await service.replay(row, seat)
        return Response(data, media_type="application/x-ndjson", headers={
            "content-disposition": f'attachment; filename="{row.kind}-{row.game_id}.jsonl"'})

    async def import_replay(request: Request) -> Response:
        pace(request)
        data = await read_body(request, limits.max_replay, limits.body_seconds)
        row = await service.import_replay(data, address(request))
        return json_response(await service.info(row), 201)

    table: list[tuple[str, Handler, list[str]]] = [
        ("/api/kinds", kinds, ["GET"]),
        ("/api/kinds/{kind}/board", board, ["GET"]),  # an extension: static board data
        ("/api/games", create, ["POST"]),
        ("/api/games", lobby, ["GET"]),
        ("/api/games/{id}", game, ["GET"]),
        ("/api/games/{id}/join", join, ["POST"]),
        ("/api/games/{id}/bots", bots, ["POST"]),  # an extension: seats the server's bots
        ("/api/games/{id}/events", events, ["GET"]),
        ("/api/games/{id}/state", state, ["GET"]),
        ("/api/games/{id}/fork", fork, ["POST"]),
        ("/api/games/{id}/replay", replay, ["GET"]),
        ("/api/replays", import_replay, ["POST"]),
    ]
    return [Route(path, guarded(handler), methods=methods) for path, handler, methods in table]
