"""Shared fixtures: live servers, Redis, and the test-only game."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

from domain.core import registry
from tests.support.live import LiveServer, PrivateRedis
from tests.support.tinygame import GAME as TINY

registry.register(TINY)


def _answers(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), 1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Redis to use with a key prefix of the test's own: REDIS_URL, the local one, or a private one."""
    for candidate in (os.environ.get("REDIS_URL"), "redis://127.0.0.1:6379/0"):
        if candidate and _answers(candidate):
            yield candidate
            return
    if os.environ.get("CI") and PrivateRedis.binary() is None:
        pytest.fail("CI must provide Redis: no REDIS_URL, no local Redis, no redis-server")
    if PrivateRedis.binary() is None:
        pytest.skip("no Redis here (CI provides one)")
    private = PrivateRedis(tmp_path_factory.mktemp("redis")).start()
    yield private.url
    private.stop()


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    """A redis-server of this test's own, which the test may stop and start."""
    if PrivateRedis.binary() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must provide redis-server")
        pytest.skip("redis-server is not installed (CI installs it)")
    redis = PrivateRedis(tmp_path).start()
    yield redis
    redis.stop()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """One real server process on the embedded defaults (SQLite file, in-process broker)."""
    server = LiveServer(tmp_path / "plaza.db").start()
    yield server
    server.stop()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running in the
    main thread while its session lasts, which the asyncio tests cannot share."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/"))
