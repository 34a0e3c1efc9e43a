"""Tables through the `plaza` CLI and the client library, against a real server: `new`'s
clock and leaver flags reach it, `bots` seats bots at their levels, `games` shows both,
`leave`/`reclaim` change who plays a seat, `rematch` gives the new seat; on a terminal the
clocks tick by themselves and `leave` is typed."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from clients.client import PlazaClient
from server import protocol as p
from tests.clients.test_cli import CLI, _env, plaza
from tests.clients.test_terminal_tty import Tmux
from tests.support.live import ROOT, LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("cli-tables") / "plaza.db",
                      extra_env={"PLAZA_BOT_DELAY": "0.05", "PLAZA_BOT_BUDGET": "0.2"}).start()
    yield live
    live.stop()


def lines_of(out: str) -> dict[str, str]:
    said = [line.split(" ", 1) for line in out.splitlines() if line.startswith(("game ", "seat ", "token "))]
    return dict(said)


def info(url: str, game: str) -> dict[str, Any]:
    return dict(httpx.get(f"{url}/api/games/{game}").json())


def test_new_sends_the_clock_and_what_follows_when_it_runs_out(server: LiveServer) -> None:
    made = plaza(server.url, "new", "tinydraw", "--seats", "2", "--clock", "300+5", "--on-expiry", "drop",
                 "--leave-after", "45", "--bot-level", "random", "--json")
    assert made.returncode == 0, made.stderr
    game = json.loads(made.stdout)["game_id"]
    assert info(server.url, game)["table"] == {
        "clock": {"bank_ms": 300_000, "increment_ms": 5_000}, "on_expiry": "drop", "leave_after_s": 45,
        "bot_level": "random"}
    daily = plaza(server.url, "new", "tinydraw", "--seats", "2", "--clock", "daily")
    assert daily.returncode == 0 and "Table: clock daily (24 h a turn), out of time: bot." in daily.stdout
    per_move = plaza(server.url, "new", "tinydraw", "--seats", "2", "--clock", "20/move", "--json")
    assert json.loads(per_move.stdout)["table"]["clock"] == {"per_move_ms": 20_000}
    for flags, words in ((["--clock", "blitz"], "--clock: 'blitz' is not a clock"),
                         (["--clock", "0.5"], "at least a second"),
                         (["--leave-after", "0"], "--leave-after"),
                         (["--bot-level", "genius"], "bot_level")):
        refused = plaza(server.url, "new", "tinydraw", "--seats", "2", *flags)
        assert refused.returncode == 1 and words in refused.stderr, (flags, refused.stderr)
        assert "Traceback" not in refused.stderr


def test_bots_take_the_seats_named_at_their_levels_and_games_shows_them(server: LiveServer) -> None:
    made = json.loads(plaza(server.url, "new", "tinydraw", "--seats", "3", "--clock", "fast",
                            "--json").stdout)
    game, creator = made["game_id"], made["creator_token"]
    assert plaza(server.url, "join", game, "--name", "Ada").returncode == 0
    one = plaza(server.url, "bots", game, "--token", creator, "--seat", "1=search")
    assert one.returncode == 0, one.stderr
    assert "(bots: Bot 2 search)" in one.stdout and "waiting" in one.stdout
    rest = plaza(server.url, "bots", game, "--token", creator, "--level", "greedy")
    assert rest.returncode == 0 and "active" in rest.stdout, rest.stderr
    assert info(server.url, game)["bots"] == {"1": "search", "2": "greedy"}
    listed = subprocess.run([*CLI, "games", "--status", "active"], capture_output=True, text=True,
                            env={**_env(server.url), "COLUMNS": "250"}, cwd=ROOT, timeout=30)
    row = next(line for line in listed.stdout.splitlines() if game in line)
    assert "Ada, Bot 2 (search), Bot 3 (greedy)" in row, listed.stdout
    assert "clock fast (3 min + 10 s), out of time: bot" in row
    bad = plaza(server.url, "bots", game, "--token", creator, "--seat", "x=greedy")
    assert bad.returncode == 1 and "give a seat number" in bad.stderr


async def _leave_and_back(url: str, game: str, token: str) -> None:
    """The library: leave (a bot plays the seat), reclaim it, leave for good."""
    async with PlazaClient(url) as client, client.connect(game, token) as conn:
        assert conn.table["options"]["clock"] == {"bank_ms": 180_000, "increment_ms": 10_000}
        assert conn.table["clock"]["remaining_ms"][0] <= 180_000
        assert isinstance(await conn.leave(), p.Accepted)
        assert conn.table["bots"][0] == {"seat": 0, "reason": "left", "level": "greedy"}
        assert isinstance(await conn.reclaim(), p.Accepted)
        assert conn.table.get("bots", []) == []
        again = await conn.reclaim()
        assert isinstance(again, p.Rejected) and again.code == "illegal"
        assert isinstance(await conn.leave(), p.Accepted)


def test_leave_reclaim_and_a_rematch_through_the_library_and_the_cli(server: LiveServer) -> None:
    made = json.loads(plaza(server.url, "new", "tinydraw", "--seats", "2", "--clock", "fast",
                            "--options", '{"rounds": 1}', "--json").stdout)
    game, creator = made["game_id"], made["creator_token"]
    token = lines_of(plaza(server.url, "join", game, "--name", "Ada").stdout)["token"]
    early = plaza(server.url, "rematch", game, "--token", token)
    assert early.returncode == 1 and "once the game has ended" in early.stderr
    assert plaza(server.url, "bots", game, "--token", creator, "--level", "greedy").returncode == 0
    asyncio.run(_leave_and_back(server.url, game, token))
    deadline = time.monotonic() + 20
    while info(server.url, game)["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    answer = plaza(server.url, "rematch", game, "--token", token)
    assert answer.returncode == 0, answer.stderr
    said = lines_of(answer.stdout)
    assert said["seat"] == "1" and said["token"] != token and f"plaza play {said['game']}" in answer.stdout
    new = info(server.url, said["game"])
    assert new["seats"] == ["Bot 1", "Ada"] and new["bots"] == {"0": "greedy"}
    assert new["table"]["clock"] == {"bank_ms": 180_000, "increment_ms": 10_000}
    again = plaza(server.url, "rematch", game, "--token", token)
    assert again.returncode == 1 and "Traceback" not in again.stderr
    anonymous = plaza(server.url, "rematch", game)
    assert anonymous.returncode == 1 and "--token" in anonymous.stderr


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_on_a_terminal_the_clocks_tick_and_leave_is_typed(server: LiveServer) -> None:
    made = json.loads(plaza(server.url, "new", "tinydraw", "--seats", "2", "--clock", "fast",
                            "--json").stdout)
    game = made["game_id"]
    token = lines_of(plaza(server.url, "join", game, "--name", "Ada").stdout)["token"]
    assert plaza(server.url, "join", game, "--name", "Bob").returncode == 0
    term = Tmux(server.url, "play", game, "--token", token)
    try:
        first = _clock(term.wait("clocks "))
        time.sleep(2.2)  # no key pressed: the screen redraws by itself
        later = _clock(term.wait("clocks "))
        assert later[0] < first[0] and later[1] == first[1] == 180, (first, later)
        term.keys("l", "e", "a", "v")
        term.wait("> leav")  # the line being typed is shown under the screen
        term.keys("e", "Enter")
        screen = term.wait("You left the game: a greedy bot plays for you")
        assert "Type `reclaim`" in screen
        term.keys("q", "Enter")
        term.wait("EXITED 0")
    finally:
        term.close()


def _clock(screen: str) -> tuple[int, int]:
    """The seconds left of both seats on the screen's `clocks` line."""
    line = next(line for line in screen.splitlines() if line.startswith("clocks "))
    shown = re.findall(r"(\d+):(\d\d)", line)
    return int(shown[0][0]) * 60 + int(shown[0][1]), int(shown[1][0]) * 60 + int(shown[1][1])
