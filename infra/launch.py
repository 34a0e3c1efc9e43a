#!/usr/bin/env python3
"""Run several Plaza server processes on one store (a SQLite file or PostgreSQL) and one Redis.

    python infra/launch.py --processes 2 --base-port 8001 --db plaza.db --redis-url redis://127.0.0.1:6379/0
    python infra/launch.py --processes 3 --db postgresql://plaza@db-host:5432/plaza --redis-url redis://redis-host:6379/0

Process i listens on base-port + i; put nginx (infra/nginx.conf) in front to
serve them behind one address. The launcher waits until every process answers
/healthz, prints one line `ready PORT...`, and stays in the foreground: on
SIGTERM or SIGINT it stops them all; if one dies, it stops the rest and exits 1.
Standard library only, so it runs before anything is installed but Plaza.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def start(args: argparse.Namespace, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.redis_url:
        env["REDIS_URL"] = args.redis_url
    command = [sys.executable, "-m", "server", "--host", args.host, "--port", str(port),
               "--db", args.db]
    return subprocess.Popen(command, cwd=ROOT, env=env)


def start_all(args: argparse.Namespace, ports: list[int], procs: list[subprocess.Popen[bytes]]) -> None:
    """Start the first process alone, then the rest once it answers (into `procs`, so a
    failure half-way still stops what was started).

    The first one creates the store's schema (the SQLite file, or PostgreSQL's tables); the
    others then open a store that is already set up instead of racing for its first locks.
    """
    procs.append(start(args, ports[0]))
    wait_ready(procs, ports[:1], args.timeout)
    procs.extend(start(args, port) for port in ports[1:])


def wait_ready(procs: list[subprocess.Popen[bytes]], ports: list[int], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    pending = set(ports)
    while pending and time.monotonic() < deadline:
        if any(p.poll() is not None for p in procs):
            raise RuntimeError("a server process exited during start-up")
        pending = {port for port in pending if not healthy(port)}
        time.sleep(0.05)
    if pending:
        raise RuntimeError(f"not healthy after {timeout} s: ports {sorted(pending)}")


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--host", default=os.environ.get("PLAZA_HOST", "127.0.0.1"))
    parser.add_argument("--base-port", type=int, default=8001)
    parser.add_argument("--db", default=os.environ.get("PLAZA_DB", "plaza.db"),
                        help="a SQLite file, or postgresql://user@host:port/dbname (PLAZA_DB)")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"))
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    if args.processes > 1 and not args.redis_url:
        sys.exit("several processes need --redis-url (or REDIS_URL) to share fan-out")
    ports = [args.base_port + i for i in range(args.processes)]
    procs: list[subprocess.Popen[bytes]] = []
    stopping = False

    def on_signal(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        start_all(args, ports, procs)
        wait_ready(procs, ports, args.timeout)
        print("ready", *ports, flush=True)
        while not stopping:
            if any(p.poll() is not None for p in procs):
                print("a server process died; stopping the others", file=sys.stderr, flush=True)
                return 1
            time.sleep(0.2)
        return 0
    except RuntimeError as exc:
        print(exc, file=sys.stderr, flush=True)
        return 1
    finally:
        stop(procs)


if __name__ == "__main__":
    sys.exit(main())
