"""HTTP routes under /api (PROTOCOL.md), thin over `Service`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from domain.core import registry

from .protocol import EventsAnswer, ForkGame, Joined, JoinGame, NewGame, StateAnswer
from .service import Problem, Service

_encoder = msgspec.json.Encoder()
MAX_BODY = 8 << 20
Handler = Callable[[Request], Awaitable[Response]]


def json_response(body: Any, status: int = 200) -> Response:
    return Response(_encoder.encode(body), status, media_type="application/json")


def error(status: int, code: str, message: str) -> Response:
    return json_response({"error": {"code": code, "message": message}}, status)


def guarded(handler: Handler) -> Handler:
    """Turn a `Problem` into its JSON error answer."""

    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except Problem as problem:
            return error(problem.status, problem.code, problem.message)

    return run


async def body_of(request: Request, type_: type[Any]) -> Any:
    data = await request.body()
    if len(data) > MAX_BODY:
        raise Problem(413, "too_large", "The request body is over 8 MiB.")
    try:
        return msgspec.json.decode(data or b"{}", type=type_)
    except msgspec.ValidationError as exc:
        raise Problem(400, "bad_frame", f"body: {exc}") from None
    except msgspec.DecodeError as exc:
        raise Problem(400, "bad_json", f"The body is not valid JSON: {exc}") from None


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def int_param(request: Request, name: str, default: int | None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise Problem(400, "bad_query", f"{name}: {raw!r} is not a whole number.") from None


def routes(service: Service) -> list[Route]:
    async def kinds(request: Request) -> Response:
        return json_response([
            {"kind": game.kind, "title": game.title, "seats": list(game.seat_counts),
             "options_schema": msgspec.json.schema(game.options_type),
             "command_schema": msgspec.json.schema(game.command_type),
             "view_schema": msgspec.json.schema(game.view_type)}
            for game in registry.games().values()
        ])

    async def create(request: Request) -> Response:
        body: NewGame = await body_of(request, NewGame)
        row = await service.create(body.kind, body.seats, body.options, body.seed)
        return json_response(await service.info(row), 201)

    async def lobby(request: Request) -> Response:
        status = request.query_params.get("status")
        if status not in (None, "waiting", "active", "finished"):
            raise Problem(400, "bad_query", f"status: {status!r} is not waiting, active or finished.")
        rows = await service.store.games(status)
        return json_response([await service.info(row) for row in rows])

    async def game(request: Request) -> Response:
        return json_response(await service.info(await service.row(request.path_params["id"])))

    async def join(request: Request) -> Response:
        body: JoinGame = await body_of(request, JoinGame)
        seat, token = await service.join(request.path_params["id"], body.name, body.seat)
        return json_response(Joined(seat, token))

    async def bots(request: Request) -> Response:
        game_id = request.path_params["id"]
        await service.add_bots(game_id)
        return json_response(await service.info(await service.row(game_id)))

    async def events(request: Request) -> Response:
        row = await service.row(request.path_params["id"])
        seat = await service.caller(row.game_id, bearer(request))
        since = int_param(request, "since", 0) or 0
        limit = max(1, min(int_param(request, "limit", 500) or 500, 5000))
        runtime = await service.runtime.get(row.game_id)
        assert runtime is not None
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
        body: ForkGame = await body_of(request, ForkGame)
        row = await service.fork(request.path_params["id"], body.at)
        return json_response(await service.info(row), 201)

    async def replay(request: Request) -> Response:
        row = await service.row(request.path_params["id"])
        seat = await service.caller(row.game_id, bearer(request))
        data = await service.replay(row, seat)
        return Response(data, media_type="application/x-ndjson", headers={
            "content-disposition": f'attachment; filename="{row.kind}-{row.game_id}.jsonl"'})

    async def import_replay(request: Request) -> Response:
        data = await request.body()
        if len(data) > 64 << 20:
            raise Problem(413, "too_large", "The replay file is over 64 MiB.")
        row = await service.import_replay(data)
        return json_response(await service.info(row), 201)

    table: list[tuple[str, Handler, list[str]]] = [
        ("/api/kinds", kinds, ["GET"]),
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
