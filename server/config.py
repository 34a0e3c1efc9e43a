"""Server settings from flags and environment variables, with defaults that work anywhere."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from .limits import Limits


@dataclass(frozen=True)
class Config:
    host: str = "127.0.0.1"
    port: int = 8000
    db: str = "plaza.db"
    redis_url: str | None = None
    redis_prefix: str = "plaza:"
    redis_sharded: bool = False  # Redis 7 sharded pub/sub (SSUBSCRIBE/SPUBLISH), for a cluster
    snapshot_every: int = 200
    max_loaded: int = 2000  # games held in memory before idle ones are let go
    rate: float = 100.0  # frames per second a connection may keep up
    burst: int = 200  # frames a connection may send at once
    extra_games: tuple[str, ...] = ()  # modules exposing GAME to register (tests)
    permessage_deflate: bool = False
    bot_delay: float = 0.8  # seconds the server's bots wait before they move
    bot_budget: float = 1.0  # seconds a search bot thinks per move
    log_level: str = "warning"
    gc_census: str = ""  # a file for what the collector's middle passes walk (server/census.py)
    limits: Limits = field(default_factory=Limits)

    @classmethod
    def from_env(cls, argv: list[str] | None = None) -> Config:
        env = os.environ
        parser = argparse.ArgumentParser(prog="python -m server", description="Run the Plaza server.")
        parser.add_argument("--host", default=env.get("PLAZA_HOST", cls.host))
        parser.add_argument("--port", type=int, default=int(env.get("PLAZA_PORT", cls.port)))
        parser.add_argument("--db", default=env.get("PLAZA_DB", cls.db),
                            help="SQLite file or postgresql:// URL (PLAZA_DB)")
        parser.add_argument("--redis-url", default=env.get("REDIS_URL") or None,
                            help="Redis for fan-out between processes (REDIS_URL); none: in-process")
        parser.add_argument("--redis-prefix", default=env.get("PLAZA_REDIS_PREFIX", cls.redis_prefix))
        parser.add_argument("--redis-sharded", action="store_true",
                            default=env.get("PLAZA_REDIS_SHARDED", "") == "1",
                            help="Redis 7 sharded pub/sub, so a Redis Cluster can carry the fan-out "
                                 "(PLAZA_REDIS_SHARDED=1)")
        parser.add_argument("--snapshot-every", type=int,
                            default=int(env.get("PLAZA_SNAPSHOT_EVERY", cls.snapshot_every)))
        parser.add_argument("--max-loaded", type=int,
                            default=int(env.get("PLAZA_MAX_LOADED", cls.max_loaded)),
                            help="games held in memory before idle ones are let go (PLAZA_MAX_LOADED)")
        parser.add_argument("--deflate", action="store_true",
                            default=env.get("PLAZA_DEFLATE", "") == "1",
                            help="permessage-deflate (costs half the fan-out throughput)")
        parser.add_argument("--bot-delay", type=float,
                            default=float(env.get("PLAZA_BOT_DELAY", cls.bot_delay)),
                            help="seconds the server's bots wait before they move (PLAZA_BOT_DELAY)")
        parser.add_argument("--bot-budget", type=float,
                            default=float(env.get("PLAZA_BOT_BUDGET", cls.bot_budget)),
                            help="seconds a search bot thinks per move, in a worker process "
                                 "(PLAZA_BOT_BUDGET)")
        parser.add_argument("--log-level", default=env.get("PLAZA_LOG_LEVEL", cls.log_level))
        parser.add_argument("--gc-census", default=env.get("PLAZA_GC_CENSUS", cls.gc_census),
                            help="append what the collector's middle passes walk to this file "
                                 "(a diagnostic: PLAZA_GC_CENSUS)")
        add_limit_flags(parser, env)
        args = parser.parse_args(argv)
        extra = tuple(m for m in env.get("PLAZA_EXTRA_GAMES", "").split(",") if m)
        limits = Limits(**{name: getattr(args, name) for name in LIMIT_FLAGS})
        return cls(host=args.host, port=args.port, db=args.db, redis_url=args.redis_url,
                   redis_prefix=args.redis_prefix, redis_sharded=args.redis_sharded,
                   snapshot_every=args.snapshot_every,
                   max_loaded=args.max_loaded,
                   extra_games=extra, permessage_deflate=args.deflate, log_level=args.log_level,
                   bot_delay=args.bot_delay, bot_budget=args.bot_budget,
                   gc_census=args.gc_census, limits=limits)


# Each limit of `Limits`: its flag is --create-rate, its variable PLAZA_CREATE_RATE, and so on.
LIMIT_FLAGS = {
    "create_rate": "games a client address may create, fork or import a second",
    "create_burst": "... and at once",
    "waiting_per_address": "games of one client address waiting for players at a time",
    "hello_seconds": "seconds a WebSocket may take to send its hello",
    "header_seconds": "seconds an HTTP request's headers may take",
    "body_seconds": "seconds an HTTP request's body may take",
    "max_body": "bytes of a JSON request body",
    "max_replay": "bytes of an imported replay file",
    "max_buffered": "bytes waiting for a WebSocket client that does not read, before it is "
                    "closed (1013)",
    "ping_seconds": "seconds between keepalive pings to a WebSocket client that sent nothing "
                    "meanwhile; one that has not answered a ping within as long is closed (1011)",
}


def add_limit_flags(parser: argparse.ArgumentParser, env: Mapping[str, str]) -> None:
    defaults = Limits()
    for name, help_ in LIMIT_FLAGS.items():
        default = getattr(defaults, name)
        raw = env.get(f"PLAZA_{name.upper()}") or None
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(default),
                            default=type(default)(raw) if raw else default,
                            help=f"{help_} (PLAZA_{name.upper()}; default {default})")
