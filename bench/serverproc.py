"""A server process for a benchmark: pinned to one CPU, its own SQLite file, raised fd limit."""

from __future__ import annotations

import os
import resource
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
FD_LIMIT = 65_536


def raise_fd_limit() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = FD_LIMIT if hard == resource.RLIM_INFINITY else min(FD_LIMIT, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, max(target, hard)))
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class BenchServer:
    """`python -m server` on a free port. Without `redis_url` it uses the in-process broker
    (REDIS_URL is ignored); several of them on one `db` with one Redis make a cluster."""

    def __init__(self, workdir: Path, cpu: int | str | None, extra_games: str = "",
                 deflate: bool = False, redis_url: str | None = None,
                 redis_prefix: str = "", db: str = "", wrapper: tuple[str, ...] = (),
                 boot_seconds: float = 20.0) -> None:
        self.port = free_port()
        self.db = db or str(workdir / "bench.db")  # a SQLite file, or a postgresql:// URL
        self.log = workdir / f"server-{self.port}.log"
        self.cpu = cpu
        self.extra_games = extra_games
        self.deflate = deflate
        self.redis_url = redis_url
        self.redis_prefix = redis_prefix
        self.wrapper = wrapper  # a command the server runs under (valgrind: bench/instructions.py)
        self.boot_seconds = boot_seconds
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> BenchServer:
        # The load generator creates its games from one address, faster than people do.
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PLAZA_EXTRA_GAMES": self.extra_games,
               "PLAZA_CREATE_RATE": "1000", "PLAZA_CREATE_BURST": "100000",
               "PLAZA_WAITING_PER_ADDRESS": "100000"}
        env.pop("REDIS_URL", None)
        args = [sys.executable, "-m", "server", "--port", str(self.port), "--db", self.db]
        if self.redis_url:
            args += ["--redis-url", self.redis_url, "--redis-prefix", self.redis_prefix]
        if self.deflate:
            args.append("--deflate")
        args = [*self.wrapper, *args]
        if self.cpu is not None and shutil.which("taskset"):
            args = ["taskset", "-c", str(self.cpu), *args]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(args, cwd=ROOT, env=env, preexec_fn=raise_fd_limit,
                                         stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + self.boot_seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the benchmark server did not start:\n{self.log_tail()}")

    def log_tail(self, size: int = 2000) -> str:
        """The end of what the server wrote to stderr."""
        try:
            return self.log.read_bytes()[-size:].decode(errors="replace")
        except OSError:
            return ""

    def rss_kib(self) -> int:
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def cpu_seconds(self) -> float:
        assert self.proc is not None
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
