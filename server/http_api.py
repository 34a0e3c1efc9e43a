"""HTTP routes under /api (PROTOCOL.md), thin over `Service`."""

from __future__ import annotations

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from domain.core import registry

from .http_edge import Handler, address, bearer, body_of, guarded, int_param, json_response, read_body
from .imports import Imports
from .limits import PerAddress
from .protocol import (
    AddBots,
    Created,
    EventsAnswer,
    Forked,
    ForkGame,
    Joined,
    JoinGame,
    NewGame,
    StateAnswer,
)
from .rematch import Rematches
from .service import Problem, Service

STATUSES = (None, "waiting", "active", "finished")


class Api:
    """One method per route; each reads its request through http_edge and asks `Service`."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.limits = service.limits
        self.creations = PerAddress(self.limits.create_rate, self.limits.create_burst)
        self.rematches = Rematches(service)
        self.imports = Imports(service)

    def pace(self, request: Request) -> None:
        """Games are created (new, forked, imported) at a person's pace, per client address."""
        if not self.creations.allow(address(request)):
            wait = self.creations.wait(address(request))
            raise Problem(429, "rate_limited", "Too many new games from your address: wait "
                          f"{wait:.0f} s (at most {self.limits.create_rate:g} a second).",
                          retry_after=max(1, round(wait)))

    async def kinds(self, request: Request) -> Response:
        return json_response([
            {"kind": game.kind, "title": game.title, "seats": list(game.seat_counts),
             "options_schema": msgspec.json.schema(game.options_type),
             "command_schema": msgspec.json.schema(game.command_type),
             "view_schema": msgspec.json.schema(game.view_type)}
            for game in registry.games().values()
        ])

    async def board(self, request: Request) -> Response:
        game = self.service.kind(request.path_params["kind"])
        return json_response(game.board(), headers={"cache-control": "public, max-age=3600"})

    async def create(self, request: Request) -> Response:
        body: NewGame = await body_of(request, NewGame, self.limits)
        self.pace(request)
        row, token = await self.service.create(body.kind, body.seats, body.options, body.seed,
                                               address(request), body.table)
        info = await self.service.info(row)
        return json_response(Created(**msgspec.structs.asdict(info), creator_token=token), 201)

    async def lobby(self, request: Request) -> Response:
        status = request.query_params.get("status")
        if status not in STATUSES:
            raise Problem(400, "bad_query", f"status: {status!r} is not waiting, active or finished.")
        rows = await self.service.store.games(status)
        return json_response([await self.service.info(row) for row in rows])

    async def game(self, request: Request) -> Response:
        return json_response(await self.service.info(await self.service.row(request.path_params["id"])))

    async def join(self, request: Request) -> Response:
        body: JoinGame = await body_of(request, JoinGame, self.limits)
        seat, token = await self.service.join(request.path_params["id"], body.name, body.seat,
                                              source_token=body.source_token)
        return json_response(Joined(seat, token))

    async def bots(self, request: Request) -> Response:
        game_id = request.path_params["id"]
        body: AddBots = await body_of(request, AddBots, self.limits)
        levels = {_seat_key(key): level for key, level in body.levels.items()}
        await self.service.add_bots(game_id, bearer(request), body.level, body.seats, levels)
        return json_response(await self.service.info(await self.service.row(game_id)))

    async def rematch(self, request: Request) -> Response:
        answer = await self.rematches.accept(request.path_params["id"], bearer(request))
        return json_response(answer, 201)

    async def events(self, request: Request) -> Response:
        service = self.service
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

    async def state(self, request: Request) -> Response:
        row = await self.service.row(request.path_params["id"])
        seat = await self.service.caller(row.game_id, bearer(request))
        at = int_param(request, "at", None)
        runtime = await self.service.runtime.peek(row.game_id)
        if runtime is not None and at in (None, runtime.seq):  # now: as the frames say it
            view, legal, active, outcome = runtime.audiences.snapshot(seat)
            return json_response(StateAnswer(row.game_id, runtime.seq, view, legal, active,
                                             outcome, seat, runtime.tableside.view()))
        timeline = await self.service.timeline_at(row, at)
        game, current = timeline.game, timeline.state
        if current is None:
            return json_response(StateAnswer(row.game_id, timeline.seq, None, [], [], None, seat))
        active = game.active(current)
        legal = game.legal(current, seat) if seat is not None and seat in active else []
        return json_response(StateAnswer(row.game_id, timeline.seq, game.view(current, seat),
                                          legal, active, game.outcome(current), seat))

    async def fork(self, request: Request) -> Response:
        body: ForkGame = await body_of(request, ForkGame, self.limits)
        self.pace(request)
        row, seat = await self.service.fork(request.path_params["id"], body.at, bearer(request))
        info = await self.service.info(await self.service.row(row.game_id))
        joined = Joined(*seat) if seat is not None else None
        return json_response(Forked(**msgspec.structs.asdict(info), joined=joined), 201)

    async def replay(self, request: Request) -> Response:
        row = await self.service.row(request.path_params["id"])
        seat = await self.service.caller(row.game_id, bearer(request))
        data = await self.service.replay(row, seat)
        return Response(data, media_type="application/x-ndjson", headers={
            "content-disposition": f'attachment; filename="{row.kind}-{row.game_id}.jsonl"'})

    async def import_replay(self, request: Request) -> Response:
        self.pace(request)
        data = await read_body(request, self.limits.max_replay, self.limits.body_seconds)
        row = await self.imports.accept(data, address(request))
        return json_response(await self.service.info(row), 201)


def _seat_key(key: str) -> int:
    if not key.isdigit() or int(key) > 63:
        raise Problem(400, "bad_seat", f"levels: {key!r} is not a seat number.")
    return int(key)


def routes(service: Service) -> list[Route]:
    api = Api(service)
    table: list[tuple[str, Handler, list[str]]] = [
        ("/api/kinds", api.kinds, ["GET"]),
        ("/api/kinds/{kind}/board", api.board, ["GET"]),  # an extension: static board data
        ("/api/games", api.create, ["POST"]),
        ("/api/games", api.lobby, ["GET"]),
        ("/api/games/{id}", api.game, ["GET"]),
        ("/api/games/{id}/join", api.join, ["POST"]),
        ("/api/games/{id}/bots", api.bots, ["POST"]),  # an extension: seats the server's bots
        ("/api/games/{id}/rematch", api.rematch, ["POST"]),  # an extension: the same table again
        ("/api/games/{id}/events", api.events, ["GET"]),
        ("/api/games/{id}/state", api.state, ["GET"]),
        ("/api/games/{id}/fork", api.fork, ["POST"]),
        ("/api/games/{id}/replay", api.replay, ["GET"]),
        ("/api/replays", api.import_replay, ["POST"]),
    ]
    return [Route(path, guarded(handler), methods=methods) for path, handler, methods in table]
