"""The terminal client on a real terminal (a tmux session): redrawn screens, single keys."""

from __future__ import annotations

import asyncio
import shlex
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator

import pytest

from tests.clients.test_cli import CLI, _env, _finish, _table
from tests.support.live import ROOT, LiveServer

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    def __init__(self, url: str, *args: str) -> None:
        self.name = f"plaza-test-{uuid.uuid4().hex[:8]}"
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in _env(url).items()
                       if k in ("PLAZA_URL", "PYTHONPATH", "PLAZA_EXTRA_GAMES"))
        command = f"cd {shlex.quote(str(ROOT))} && env {env} " + " ".join(
            shlex.quote(a) for a in [*CLI, *args]) + "; echo EXITED $?; sleep 30"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", "120", "-y", "50",
                        command], check=True)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name],
                              capture_output=True, text=True, check=True).stdout

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def wait(self, text: str, timeout: float = 15) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"no {text!r} on the screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


@pytest.fixture
def tmux() -> Iterator[list[Tmux]]:
    sessions: list[Tmux] = []
    yield sessions
    for session in sessions:
        session.close()


async def test_play_on_a_terminal(live_server: LiveServer, tmux: list[Tmux]) -> None:
    game, tokens = _table(live_server.url)
    term = Tmux(live_server.url, "play", game, "--token", tokens[0])
    tmux.append(term)
    term.wait("Your move: a number from 1 to")
    term.keys("1", "Enter")
    screen = term.wait("Done: play (card")
    assert screen.count("your moves") == 1  # redrawn in place, not appended
    term.keys("q", "Enter")
    term.wait("EXITED 0")


async def test_replay_with_single_keys(live_server: LiveServer, tmux: list[Tmux]) -> None:
    game, tokens = _table(live_server.url, rounds=2)
    last = await _finish(live_server.url, game, tokens)
    term = Tmux(live_server.url, "replay", game)
    tmux.append(term)
    term.wait("seq 3 of")
    for key, seq in (("Right", "4"), ("n", "5"), ("Left", "4"), ("l", str(last)), ("f", "1")):
        term.keys(key)
        term.wait(f"seq {seq} of {last}")
        await asyncio.sleep(0)
    term.keys("2")
    term.wait("seek to: 2")
    term.keys("Enter")
    term.wait(f"seq 2 of {last}")
    term.keys("q")
    term.wait("EXITED 0")
