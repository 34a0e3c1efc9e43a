from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.live import LiveServer


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for many examples of a property test."""
    server = LiveServer(tmp_path_factory.mktemp("shared") / "plaza.db").start()
    yield server
    server.stop()
