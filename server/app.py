"""The Starlette application, composed in one place."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute

from domain.core import Game, registry

from . import http_api, metrics, pages, thinking, ws
from .broker import make_broker
from .config import Config
from .games import Runtime
from .headers import SecurityHeaders
from .lag import LoopLag
from .runtime import Settings
from .service import Service
from .store import open_store


def register_extra_games(modules: tuple[str, ...]) -> None:
    for name in modules:
        game = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(game, Game):
            registry.register(game)


def create_app(config: Config) -> Starlette:
    register_extra_games(config.extra_games)
    store = open_store(config.db)
    broker = make_broker(config.redis_url, config.redis_prefix, config.redis_sharded)
    runtime = Runtime(store, broker, Settings(snapshot_every=config.snapshot_every,
                                              max_loaded=config.max_loaded,
                                              bot_delay=config.bot_delay,
                                              bot_budget=config.bot_budget,
                                              extra_games=config.extra_games))
    service = Service(store, runtime, config.limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await store.open()
        await broker.start()
        await runtime.resume_bots()
        lag = LoopLag(asyncio.get_running_loop())
        lag.start()
        try:
            yield
        finally:
            lag.stop()
            await runtime.close()
            thinking.shutdown()
            await broker.close()
            await store.close()

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok", "games_loaded": len(runtime.games)})

    async def metrics_page(request: Request) -> Response:
        return Response(metrics.render(), media_type="text/plain; version=0.0.4")

    routes = [
        *http_api.routes(service),
        WebSocketRoute("/ws", ws.endpoint(service, config.rate, config.burst,
                                          config.limits.hello_seconds,
                                          config.limits.max_buffered)),
        Route("/healthz", healthz),
        Route("/metrics", metrics_page),
        *pages.routes(),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)],
                    exception_handlers={HTTPException: http_error})
    app.state.service = service
    return app


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own errors (no such route, wrong method) as JSON with a code, like ours."""
    assert isinstance(exc, HTTPException)
    code = {404: "not_found", 405: "bad_method"}.get(exc.status_code, f"http_{exc.status_code}")
    return JSONResponse({"error": {"code": code, "message": f"{exc.detail}: {request.method} "
                                   f"{request.url.path[:200]}."}}, exc.status_code, exc.headers)
