"""The web client's pages and static files (clients/web), served as they are."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parent.parent / "clients" / "web"

MISSING = """<!doctype html><title>Plaza</title><h1>Plaza</h1>
<p>The web client is not installed here; the API is at <a href="/api/kinds">/api</a>.</p>"""


def page(name: str) -> object:
    async def serve(request: Request) -> Response:
        path = WEB / name
        if not path.is_file():
            return HTMLResponse(MISSING)
        return FileResponse(path, headers={"cache-control": "no-cache"})

    return serve


def routes() -> list[BaseRoute]:
    out: list[BaseRoute] = [
        Route("/", page("lobby.html")),  # type: ignore[arg-type]
        Route("/games/{id}", page("game.html")),  # type: ignore[arg-type]
        Route("/games/{id}/replay", page("replay.html")),  # type: ignore[arg-type]
    ]
    if WEB.is_dir():
        out.append(Mount("/static", StaticFiles(directory=WEB), name="static"))
    return out
