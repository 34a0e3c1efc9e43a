"""Security tests: a stranger attacks a real server process that runs with the real limits.

Attackers and honest people come from different loopback addresses (127.0.0.x), as they
would from different machines, since the server keeps some limits per client address.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.live import ROOMY_LIMITS, TEST_GAMES, LiveServer

# The real defaults, but for the deadlines, which are shortened so the tests stay quick.
REAL_LIMITS = {**dict.fromkeys(ROOMY_LIMITS, ""), "PLAZA_HELLO_SECONDS": "1",
               "PLAZA_HEADER_SECONDS": "1", "PLAZA_BODY_SECONDS": "1"}
GAMES = f"{TEST_GAMES},tests.security.faultygame"


def guarded_server(db: Path, **env: str) -> LiveServer:
    return LiveServer(db, extra_env={**REAL_LIMITS, "PLAZA_EXTRA_GAMES": GAMES,
                                     "PLAZA_BOT_DELAY": "0.01", **env})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for a module's tests; each test uses addresses of its own."""
    live = guarded_server(tmp_path_factory.mktemp("security") / "plaza.db").start()
    yield live
    live.stop()
