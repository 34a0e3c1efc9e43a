"""`python -m server`: run Plaza with uvicorn (flags and PLAZA_* / REDIS_URL variables)."""

from __future__ import annotations

import logging

import uvicorn

from .app import create_app
from .config import Config


def main(argv: list[str] | None = None) -> None:
    config = Config.from_env(argv)
    logging.basicConfig(level=config.log_level.upper())
    app = create_app(config)
    uvicorn.run(app, host=config.host, port=config.port, log_level=config.log_level,
                ws="websockets-sansio", ws_max_size=16 << 20,
                ws_per_message_deflate=config.permessage_deflate, lifespan="on",
                timeout_graceful_shutdown=2)


if __name__ == "__main__":
    main()
