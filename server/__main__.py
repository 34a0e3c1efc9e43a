"""`python -m server`: run Plaza with uvicorn (flags and PLAZA_* / REDIS_URL variables)."""

from __future__ import annotations

import contextlib
import logging
import sys
from typing import Any

import uvicorn
from uvicorn.config import STARTUP_FAILURE

from . import census
from .app import create_app
from .collector import tune_gc
from .config import Config
from .protocol import MAX_FRAME
from .transport import DirectWebSocketProtocol, with_header_deadline


def main(argv: list[str] | None = None) -> None:
    config = Config.from_env(argv)
    logging.basicConfig(level=config.log_level.upper())
    app = create_app(config)
    tune_gc()
    if config.gc_census:
        census.install(config.gc_census)
    server = uvicorn.Server(uvicorn_config(app, config))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(STARTUP_FAILURE)  # as uvicorn.run: the socket was not bound, or the app not started


def uvicorn_config(app: Any, config: Config) -> uvicorn.Config:
    # A frame a little over MAX_FRAME is read and answered `too_large`; the transport closes a
    # connection with 1009 as soon as a frame passes twice that, before it is read whole.
    return uvicorn.Config(app, host=config.host, port=config.port, log_level=config.log_level,
                          http=with_header_deadline(config.limits.header_seconds),
                          ws=DirectWebSocketProtocol, ws_max_size=2 * MAX_FRAME,
                          ws_ping_interval=config.limits.ping_seconds,
                          ws_ping_timeout=config.limits.ping_seconds,
                          ws_per_message_deflate=config.permessage_deflate, lifespan="on",
                          timeout_graceful_shutdown=2)


if __name__ == "__main__":
    main()
