"""The `plaza` CLI end to end: real subprocesses against a real server."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import httpx

from clients.client import PlazaClient
from server import protocol as p
from tests.support.live import ROOT, TEST_GAMES, LiveServer, free_port

CLI = [sys.executable, "-m", "clients.cli"]


def _env(url: str) -> dict[str, str]:
    return {**os.environ, "PLAZA_URL": url, "PYTHONPATH": str(ROOT), "COLUMNS": "120",
            "PLAZA_EXTRA_GAMES": TEST_GAMES, "NO_COLOR": "1"}


def plaza(url: str, *args: str, stdin: str | None = None,
          timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True,
                          env=_env(url), cwd=ROOT, timeout=timeout)


def _table(url: str, rounds: int = 1) -> tuple[str, list[str]]:
    made = plaza(url, "new", "tinydraw", "--seats", "2", "--seed", "5",
                 "--options", json.dumps({"rounds": rounds}), "--json")
    assert made.returncode == 0, made.stderr
    game = json.loads(made.stdout)["game_id"]
    tokens = []
    for name in ("Ada", "Bob"):
        joined = plaza(url, "join", game, "--name", name)
        assert joined.returncode == 0, joined.stderr
        lines = dict(line.split(" ", 1) for line in joined.stdout.splitlines()[:2])
        tokens.append(lines["token"])
        assert lines["seat"] == str(len(tokens) - 1)
    return game, tokens


async def _finish(url: str, game: str, tokens: list[str]) -> int:
    """Play the game to its end with random legal moves; the final seq."""
    rng = random.Random(3)
    async with PlazaClient(url) as client:
        conns = [await client.connect(game, token).open() for token in tokens]
        try:
            while conns[0].outcome is None:
                mover = next((c for c in conns if c.legal), None)
                if mover is None:
                    await asyncio.sleep(0.02)
                    continue
                answer = await mover.command(rng.choice(mover.legal))
                assert isinstance(answer, p.Accepted)
            return conns[0].seq
        finally:
            for conn in conns:
                await conn.close()


class Driven:
    """A CLI subprocess whose output is read line by line and whose input is typed in."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.output: list[str] = []

    @classmethod
    async def start(cls, url: str, *args: str) -> Driven:
        proc = await asyncio.create_subprocess_exec(
            *CLI, *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT, env=_env(url), cwd=ROOT)
        return cls(proc)

    async def expect(self, text: str, timeout: float = 15) -> str:
        assert self.proc.stdout is not None

        async def read() -> str:
            assert self.proc.stdout is not None
            while True:
                raw = await self.proc.stdout.readline()
                if not raw:
                    raise AssertionError(f"ended before {text!r}:\n" + "".join(self.output))
                line = raw.decode()
                self.output.append(line)
                if text in line:
                    return line

        return await asyncio.wait_for(read(), timeout)

    async def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        await self.proc.stdin.drain()

    async def finish(self, timeout: float = 15) -> int:
        assert self.proc.stdout is not None
        rest = await asyncio.wait_for(self.proc.stdout.read(), timeout)
        self.output.append(rest.decode())
        return await asyncio.wait_for(self.proc.wait(), timeout)

    @property
    def text(self) -> str:
        return "".join(self.output)


def test_new_join_and_games(live_server: LiveServer) -> None:
    game, tokens = _table(live_server.url)
    assert len({*tokens}) == 2 and all(len(t) >= 22 for t in tokens)
    listed = plaza(live_server.url, "games")
    assert listed.returncode == 0
    assert "tinydraw" in listed.stdout and game in listed.stdout and "Ada, Bob" in listed.stdout
    assert "practice · known seed" in listed.stdout  # --seed: its creator knows the draws
    data = json.loads(plaza(live_server.url, "games", "--status", "active", "--json").stdout)
    assert [g["game_id"] for g in data["games"]] == [game] and data["games"][0]["practice"]
    text = plaza(live_server.url, "new", "tinydraw", "--seats", "3")
    assert text.returncode == 0 and text.stdout.startswith("game ")
    creator = text.stdout.splitlines()[1]
    assert creator.startswith("creator token ") and len(creator.split()[2]) >= 22
    assert "practice" not in text.stdout


def test_bots_fill_the_free_seats_and_play(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "plaza.db", extra_env={"PLAZA_BOT_DELAY": "0"}).start()
    try:
        made = json.loads(plaza(server.url, "new", "tinydraw", "--seats", "2", "--json").stdout)
        game, creator = made["game_id"], made["creator_token"]
        assert plaza(server.url, "join", game, "--name", "Ada", "--seat", "1").returncode == 0
        anonymous = plaza(server.url, "bots", game)
        assert anonymous.returncode == 1 and "creator token" in anonymous.stderr
        forged = plaza(server.url, "bots", game, "--token", "-forged")
        assert forged.returncode == 1 and "token" in forged.stderr
        seated = plaza(server.url, "bots", game, "--token", creator)
        assert seated.returncode == 0, seated.stderr
        assert "Bot 1, Ada" in seated.stdout and "active" in seated.stdout
        again = plaza(server.url, "bots", game, "--token", creator)
        assert again.returncode != 0 and "already started" in again.stderr
    finally:
        server.stop()


async def test_play_driven_through_stdin(live_server: LiveServer) -> None:
    game, tokens = _table(live_server.url, rounds=1)
    ada = await Driven.start(live_server.url, "play", game, f"--token={tokens[0]}")
    try:
        await ada.expect("Your move: a number from 1 to")
        assert "you are Ada (seat 0)" in ada.text and "1. play (card" in ada.text
        await ada.type("1")
        await ada.expect("Done: play (card")
        await ada.type("u")
        await ada.expect("Undone.")
        await ada.type("99")
        await ada.expect("Choose a number from 1 to")
        await ada.type('{"type": "Play", "card": 42}')
        refused = await ada.expect("Refused (illegal)")
        assert "42" in refused
        await ada.type('{"type": "EndTurn"}')
        await ada.expect("Waiting for Bob")  # the new screen comes with the update...
        await ada.expect("Done: end turn.")  # ...then the answer
        async with PlazaClient(live_server.url) as client, \
                client.connect(game, tokens[1]) as bob:
            assert bob.my_turn()
            await bob.command({"type": "EndTurn"})
        await ada.expect("Final result")
        assert await ada.finish() == 0
        assert "The game is over." in ada.text and "Traceback" not in ada.text
    finally:
        if ada.proc.returncode is None:
            ada.proc.kill()
            await ada.proc.wait()


async def test_play_rides_out_a_server_restart(live_server: LiveServer) -> None:
    game, tokens = _table(live_server.url, rounds=1)
    ada = await Driven.start(live_server.url, "play", game, f"--token={tokens[0]}")
    try:
        await ada.expect("Your move")
        live_server.kill()
        await ada.expect("connection lost, reconnecting")
        live_server.start()
        await ada.expect("Your move")
        await ada.type('{"type": "EndTurn"}')
        await ada.expect("Done: end turn.")
        await ada.type("q")
        assert await ada.finish() == 0
    finally:
        if ada.proc.returncode is None:
            ada.proc.kill()
            await ada.proc.wait()
    async with PlazaClient(live_server.url) as client:
        assert (await client.game(game)).seq == 4


async def test_play_quits_on_q_and_at_end_of_input(live_server: LiveServer) -> None:
    game, tokens = _table(live_server.url)
    quit_ = plaza(live_server.url, "play", game, "--token", tokens[1], stdin="q\n")
    assert quit_.returncode == 0 and "Waiting for Ada" in quit_.stdout
    eof = plaza(live_server.url, "play", game, "--token", tokens[0], stdin="")
    assert eof.returncode == 0 and "Your move" in eof.stdout


async def test_watch_follows_the_game_to_its_end(live_server: LiveServer) -> None:
    game, tokens = _table(live_server.url, rounds=2)
    watcher = await Driven.start(live_server.url, "watch", game)
    try:
        await watcher.expect("watching")
        last = await _finish(live_server.url, game, tokens)
        await watcher.expect("Final result")
        assert await watcher.finish() == 0
        assert f"seq {last}" in watcher.text and "Ada: end turn" not in watcher.text
        assert "Ada: turn ended" in watcher.text
    finally:
        if watcher.proc.returncode is None:
            watcher.proc.kill()
            await watcher.proc.wait()


async def test_replay_export_verify_import_and_step(live_server: LiveServer,
                                                   tmp_path: Path) -> None:
    url = live_server.url
    game, tokens = _table(url, rounds=2)
    last = await _finish(url, game, tokens)
    file = tmp_path / "game.jsonl"
    exported = plaza(url, "replay", "export", game, "-o", str(file))
    assert exported.returncode == 0 and f"({last} events)" in exported.stdout
    verified = plaza(url, "replay", "verify", str(file))
    assert verified.returncode == 0 and "valid" in verified.stdout, verified.stdout
    lines = file.read_text().splitlines()
    envelope = json.loads(lines[2])
    envelope["at"] += 1
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([*lines[:2], json.dumps(envelope), *lines[3:]]) + "\n")
    bad = plaza(url, "replay", "verify", str(tampered))
    assert bad.returncode == 1 and "hash chain breaks at seq 2" in bad.stdout
    assert "Traceback" not in bad.stdout + bad.stderr
    imported = plaza(url, "replay", "import", str(file))
    assert imported.returncode == 0, imported.stderr
    copy = imported.stdout.split()[1]
    async with PlazaClient(url) as client:
        info = await client.game(copy)
        assert info.status == "finished" and info.seq == last
    stepped = plaza(url, "replay", game, stdin="n\np\nlast\nseek 2\nfirst\nq\n")
    assert stepped.returncode == 0, stepped.stderr
    shown = [line.split("seq ")[1].split()[0] for line in stepped.stdout.splitlines()
             if " of " in line and "seq " in line]
    assert shown == ["3", "4", "3", str(last), "2", "1"]
    assert "Final result" in stepped.stdout


def test_clear_errors_without_tracebacks(live_server: LiveServer, tmp_path: Path) -> None:
    url = live_server.url
    game, _ = _table(url)
    cases = [
        (plaza(url, "watch", "nosuchgame"), "There is no game"),
        (plaza(url, "play", game, "--token", "forged"), "token"),
        (plaza(url, "play", game, "--token", "-forged-with-a-dash"), "token"),
        (plaza(url, "play", game), "needs the seat's token"),
        (plaza(url, "new", "nosuchkind", "--seats", "2"), "nosuchkind"),
        (plaza(url, "new", "tinydraw", "--seats", "2", "--options", "{bad"), "not JSON"),
        (plaza(url, "replay", "verify", str(tmp_path / "missing.jsonl")), "cannot read"),
        (plaza(url, "replay", "export", "nosuchgame", "-o", str(tmp_path / "x")),
         "There is no game"),
        (plaza(f"http://127.0.0.1:{free_port()}", "games"), "No Plaza server answers"),
    ]
    for result, message in cases:
        assert result.returncode == 1, (result.args, result.stdout, result.stderr)
        assert message in result.stderr, (result.args, result.stderr)
        assert "Traceback" not in result.stderr
    elsewhere = plaza("http://127.0.0.1:1", "--server", url, "games")
    assert elsewhere.returncode == 0 and game in elsewhere.stdout


def test_serve_runs_the_server(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "served.db"
    env = {k: v for k, v in _env("").items() if k not in ("PLAZA_URL", "REDIS_URL")}
    proc = subprocess.Popen([*CLI, "serve", "--port", str(port), "--db", str(db)], env=env,
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        server = LiveServer(db, port)
        server.proc = proc
        server._wait_healthy()
        assert httpx.get(f"{url}/api/kinds").status_code == 200
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(10)


def test_bench_runs_the_benchmark() -> None:
    result = plaza("http://127.0.0.1:1", "bench", "--help", timeout=60)
    assert result.returncode == 0 and "usage" in result.stdout.lower()
