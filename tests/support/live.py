"""Real server processes and a private Redis for integration tests.

`LiveServer` runs `python -m server` on a free port with its own SQLite file, and
can be killed with SIGKILL and restarted on the same file and port.
`PrivateRedis` runs a `redis-server` of the tests' own on a free port, so tests
that stop Redis never touch one they did not start. `in_this_process` serves an app with
uvicorn in the test's own event loop, for tests that look inside the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import uvicorn

ROOT = Path(__file__).resolve().parents[2]
TEST_GAMES = "tests.support.tinygame"
# Every test's clients come from 127.0.0.1, so the per-address limits on creating games would
# throttle the suite itself; tests/security starts its servers with the real defaults.
ROOMY_LIMITS = {"PLAZA_CREATE_RATE": "1000", "PLAZA_CREATE_BURST": "100000",
                "PLAZA_WAITING_PER_ADDRESS": "100000"}
PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the test process dies, so a test run killed
    from outside (a timeout) leaves no server behind on its port (Linux only)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def free_port(run: int = 1) -> int:
    """The first of `run` consecutive ports that nothing holds now. They are drawn from below
    the kernel's ephemeral range: a port the kernel handed out (bind to 0) may also become
    the source port of any outgoing connection (to Redis, say) before the server binds it."""
    low = _ephemeral_low()
    for _ in range(1000):
        base = random.randrange(max(1024, low - 12000), low - run)
        if all(_bindable(base + i) for i in range(run)):
            return base
    raise RuntimeError(f"no {run} free consecutive ports below {low}")


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def wait_for_port(port: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port} after {timeout} s")


class LiveServer:
    def __init__(self, db: Path, port: int | None = None, redis_url: str | None = None,
                 redis_prefix: str | None = None, extra_env: dict[str, str] | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.redis_url = redis_url
        self.redis_prefix = redis_prefix or f"plaza-test-{os.getpid()}-{self.port}:"
        self.extra_env = extra_env or {}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(f".{self.port}.log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> LiveServer:
        env = {**os.environ, **ROOMY_LIMITS, "PLAZA_EXTRA_GAMES": TEST_GAMES, "PYTHONPATH": str(ROOT),
               "PLAZA_REDIS_PREFIX": self.redis_prefix, **self.extra_env}
        env.pop("REDIS_URL", None)
        args = [sys.executable, "-m", "server", "--port", str(self.port), "--db", str(self.db)]
        if self.redis_url:
            args += ["--redis-url", self.redis_url]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=log,
                                         preexec_fn=die_with_parent)
        self._wait_healthy()
        return self

    def _wait_healthy(self, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise TimeoutError(f"server not healthy: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what was committed must survive."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def restart(self) -> LiveServer:
        self.kill()
        return self.start()


class PrivateRedis:
    """A redis-server of the tests' own, on a free port; safe to stop and start."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @staticmethod
    def binary() -> str | None:
        return shutil.which("redis-server") or (
            "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)

    def start(self) -> PrivateRedis:
        binary = self.binary()
        if binary is None:
            raise RuntimeError("redis-server is not installed (.ci/run installs it)")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent)
        wait_for_port(self.port)
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


class Cluster:
    """Several server processes started by `infra/launch.py`, as an operator would."""

    def __init__(self, db: Path, processes: int, redis_url: str, redis_prefix: str,
                 extra_env: dict[str, str] | None = None) -> None:
        self.db = db
        self.ports = [0] * processes
        self.redis_url = redis_url
        self.redis_prefix = redis_prefix
        self.extra_env = extra_env or {}
        self.proc: subprocess.Popen[str] | None = None

    def start(self, attempts: int = 3) -> Cluster:
        # Another program may still take a port between our check and the servers' bind;
        # then the launcher stops, and a fresh run of ports is tried.
        for attempt in range(attempts):
            try:
                return self._start_once()
            except RuntimeError:
                if attempt == attempts - 1:
                    raise
        raise AssertionError("unreachable")

    def _start_once(self) -> Cluster:
        # launch.py numbers ports from a base: find a free run of them.
        base = free_port(len(self.ports))
        self.ports = [base + i for i in range(len(self.ports))]
        env = {**os.environ, **ROOMY_LIMITS, "PLAZA_EXTRA_GAMES": TEST_GAMES,
               "PLAZA_REDIS_PREFIX": self.redis_prefix, **self.extra_env}
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "infra" / "launch.py"), "--processes", str(len(self.ports)),
             "--base-port", str(base), "--db", str(self.db), "--redis-url", self.redis_url],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, preexec_fn=die_with_parent)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().split()
        if line[:1] != ["ready"]:
            self.stop()
            raise RuntimeError(f"the launcher did not start: {line}")
        assert [int(p) for p in line[1:]] == self.ports
        return self

    def url(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def ws_url(self, i: int) -> str:
        return f"ws://127.0.0.1:{self.ports[i]}/ws"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(20)


@contextlib.asynccontextmanager
async def in_this_process(config: uvicorn.Config) -> AsyncIterator[uvicorn.Server]:
    """uvicorn serving `config` in this event loop, from listening until the block ends."""
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    for _ in range(1000):  # uvicorn says when its socket listens only by this flag
        if server.started:
            break
        await asyncio.sleep(0.01)
    assert server.started, "uvicorn did not start within 10 s"
    try:
        yield server
    finally:
        server.should_exit = True
        await task
