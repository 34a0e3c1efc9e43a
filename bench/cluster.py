"""`plaza bench cluster`: several server processes on one machine, one SQLite file, one Redis.

The Redis is REDIS_URL's when it is set, else a private `redis-server` on a free port,
started and stopped by the benchmark; either way under a key prefix of its own, and a
Redis the benchmark did not start is never flushed nor stopped. Each game's 8 connections
are spread over the processes in turn (as a proxy that balances connections would), so
most of its updates cross Redis. The load generator measures the sum. Nothing is pinned:
on a 2-CPU machine the processes, Redis and the generator share both CPUs, and the CPU
columns say who used what (the server column is the server processes plus Redis, when
its process is on this machine).
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from bench.cpu import Meter
from bench.pgdb import fresh_db
from bench.runs import Plan, Row, drive, extra_games, postgres_pids, run_async
from bench.serverproc import BenchServer, free_port, raise_fd_limit


class PrivateRedis:
    """A `redis-server` of the benchmark's own: no persistence, on a free port."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> PrivateRedis:
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("bench cluster needs REDIS_URL or a redis-server on PATH")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if redis.Redis.from_url(self.url).ping():
                    return self
            except redis.ConnectionError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("the private redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def local_redis_pid(url: str) -> int | None:
    """The pid of the Redis at `url` when it runs on this machine, to count its CPU."""
    if urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
        return None
    import redis

    try:
        pid = int(redis.Redis.from_url(url).info("server")["process_id"])
    except (redis.RedisError, KeyError, ValueError):
        return None
    try:
        comm = Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return None
    return pid if comm.startswith("redis") else None


def run_cluster(kind: str, plan: Plan, workdir: Path, processes: int,
                server_cpus: str | None = None) -> Row:
    """`server_cpus` (taskset's list, e.g. "0"): where the servers run, the generator
    having pinned itself apart; None: nothing pinned."""
    raise_fd_limit()
    kind_dir = Path(tempfile.mkdtemp(prefix=f"cluster-{kind}-", dir=workdir))  # a fresh database
    own = None if os.environ.get("REDIS_URL") else PrivateRedis(kind_dir).start()
    url = own.url if own is not None else os.environ["REDIS_URL"]
    prefix = f"plaza-bench-{secrets.token_hex(4)}:"
    servers: list[BenchServer] = []
    try:
        with fresh_db(plan.db, kind_dir) as db:
            for _ in range(processes):
                servers.append(BenchServer(kind_dir, server_cpus, extra_games(kind), plan.deflate,
                                           url, prefix, db).start())
            pids = [s.pid for s in servers]
            redis_pid = (own.proc.pid if own is not None and own.proc is not None
                         else local_redis_pid(url))
            meter = Meter([*pids, *([redis_pid] if redis_pid else [])], [os.getpid()],
                          memory=pids, more=postgres_pids(plan))
            try:
                return run_async(drive([(s.url, s.ws_url) for s in servers], meter, kind, plan))
            finally:
                for server in servers:
                    server.stop()
    finally:
        for server in servers:
            server.stop()
        if own is not None:
            own.stop()
