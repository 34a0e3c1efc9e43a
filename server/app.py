"""The Starlette application, composed in one place."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute

from domain.core import Game, registry

from . import http_api, metrics, pages, ws
from .broker import make_broker
from .config import Config
from .runtime import Runtime, Settings
from .service import Service
from .store import Store


def register_extra_games(modules: tuple[str, ...]) -> None:
    for name in modules:
        game = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(game, Game):
            registry.register(game)


def create_app(config: Config) -> Starlette:
    register_extra_games(config.extra_games)
    store = Store(config.db)
    broker = make_broker(config.redis_url, config.redis_prefix)
    runtime = Runtime(store, broker, Settings(snapshot_every=config.snapshot_every,
                                              bot_delay=config.bot_delay))
    service = Service(store, runtime)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await store.open()
        await broker.start()
        await runtime.resume_bots()
        try:
            yield
        finally:
            await runtime.close()
            await broker.close()
            await store.close()

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok", "games_loaded": len(runtime.games)})

    async def metrics_page(request: Request) -> Response:
        return Response(metrics.render(), media_type="text/plain; version=0.0.4")

    routes = [
        *http_api.routes(service),
        WebSocketRoute("/ws", ws.endpoint(service, config.rate, config.burst)),
        Route("/healthz", healthz),
        Route("/metrics", metrics_page),
        *pages.routes(),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.service = service
    return app
