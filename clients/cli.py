"""`plaza`: run a server, list and create games, join, add bots, play, watch, replay, benchmark.

The server's address comes from `--server` or `PLAZA_URL` (default http://127.0.0.1:8000).
Failures print one clear sentence on stderr and exit with status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import NoReturn

import msgspec
from rich.console import Console
from rich.table import Table
from rich.text import Text

from clients.client import PlazaClient, PlazaError, default_url
from clients.terminal.words import clean_name
from server import protocol as p

EXIT_ERROR = 1
TOKEN_FLAGS = ("--token", "--source-token")  # values that may start with a dash
REPLAY_ACTIONS = ("export", "verify", "import")


class CliError(Exception):
    """A failure to report in one sentence."""


# Commands that talk to a server ---------------------------------------------------------


async def cmd_games(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    kinds = await client.kinds()
    games = await client.games(args.status)
    if args.json:
        print(json.dumps({"kinds": msgspec.to_builtins(kinds), "games": msgspec.to_builtins(games)},
                         indent=2))
        return 0
    table = Table(title="Games you can start", header_style="bold")
    for column in ("kind", "title", "seats"):
        table.add_column(column)
    for kind in kinds:
        table.add_row(kind.kind, kind.title, ", ".join(map(str, kind.seats)))
    console.print(table)
    if not games:
        console.print("No games yet. Start one with: plaza new KIND --seats N")
        return 0
    table = Table(title="Games", header_style="bold")
    for column in ("game", "kind", "status", "seq", "players"):
        table.add_column(column)
    for game in games:
        table.add_row(game.game_id, _kind_cell(game), game.status, str(game.seq), _players(game))
    console.print(table)
    return 0


def _kind_cell(game: p.GameInfo) -> Text:
    """The kind, and a mark on practice games: their creator knows the seed, so the draws."""
    if not game.practice:
        return Text(game.kind)
    return Text.assemble(game.kind, "\n", ("practice · known seed", "bold yellow"))


def _players(game: p.GameInfo) -> Text:
    # Text, never markup: a name is the players' own words ("[/b]" would even crash a table)
    return Text(", ".join(clean_name(name) or "(free)" for name in game.seats))


async def cmd_new(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    try:
        options = json.loads(args.options) if args.options else {}
    except ValueError as exc:
        raise CliError(f"--options is not JSON: {exc}") from None
    if not isinstance(options, dict):
        raise CliError("--options must be a JSON object, such as '{\"rounds\": 2}'.")
    info = await client.new_game(args.kind, args.seats, options, args.seed)
    if args.json:
        print(json.dumps(msgspec.to_builtins(info)))
        return 0
    print(f"game {info.game_id}")
    print(f"creator token {info.creator_token}")
    practice = " It is a practice game: its seed, so its draws, are known." if info.practice else ""
    console.print(f"Created a {info.title} game for {len(info.seats)} players.{practice} "
                  f"Join it with: plaza join {info.game_id} --name NAME; keep the creator token "
                  f"to seat bots: plaza bots {info.game_id} --token {info.creator_token}",
                  highlight=False, soft_wrap=True, markup=False)
    return 0


async def cmd_join(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    joined = await client.join(args.game, args.name, args.seat, source_token=args.source_token)
    if args.json:
        print(json.dumps(msgspec.to_builtins(joined)))
        return 0
    print(f"seat {joined.seat}")
    print(f"token {joined.token}")
    print(f"Keep the token secret. Play with: plaza play {args.game} --token {joined.token}")
    return 0


async def cmd_bots(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    token = args.token or os.environ.get("PLAZA_TOKEN")
    if not token:
        raise CliError("bots needs the game's creator token (`plaza new` prints it) or one of "
                       "its seat tokens: --token T (or PLAZA_TOKEN).")
    info = await client.add_bots(args.game, token)
    if args.json:
        print(json.dumps(msgspec.to_builtins(info)))
        return 0
    console.print(Text.assemble("Seats: ", _players(info),
                                f". The game is {info.status}; watch it with: "
                                f"plaza watch {info.game_id}"), highlight=False, soft_wrap=True)
    return 0


async def cmd_play(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    from clients.terminal.app import follow
    from clients.terminal.inputs import Input

    token = args.token or os.environ.get("PLAZA_TOKEN")
    if not token:
        raise CliError("play needs the seat's token: --token T (or PLAZA_TOKEN); "
                       "`plaza join GAME --name NAME` gives one.")
    inputs = Input().start()
    try:
        return await follow(client, console, args.game, token=token, inputs=inputs)
    finally:
        inputs.close()


async def cmd_watch(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    from clients.terminal.app import follow

    return await follow(client, console, args.game, token=args.token)


async def cmd_replay(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    action = args.target
    if action == "export":
        return await _replay_export(client, args, console)
    if action == "import":
        data = _read(_one_arg(args, "replay import FILE"))
        info = await client.import_replay(data)
        print(f"game {info.game_id}")
        console.print(f"Imported a {info.title} game ({info.status}, {info.seq} events).",
                      highlight=False, soft_wrap=True)
        return 0
    if args.arg is not None:
        raise CliError(f"unexpected {args.arg!r}: the replay stepper is `plaza replay GAME`.")
    from clients.terminal.app import replay
    from clients.terminal.inputs import Input

    inputs = Input(keys=True).start()
    try:
        return await replay(client, console, action, inputs, token=args.token, start=args.at)
    finally:
        inputs.close()


async def _replay_export(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    game = _one_arg(args, "replay export GAME -o FILE")
    data = await client.replay(game, token=args.token)
    if args.output in (None, "-"):
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    try:
        await asyncio.to_thread(Path(args.output).write_bytes, data)
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    events = max(0, len([line for line in data.splitlines() if line.strip()]) - 1)
    console.print(f"Wrote {args.output} ({events} events).", highlight=False, soft_wrap=True)
    return 0


def replay_verify(path: str, console: Console) -> int:
    """Check a replay file locally: hash chain, rebuild, outcome."""
    from replays.format import ReplayError
    from replays.verify import verify

    _register_extra_games()
    data = _read(path)
    try:
        verified = verify(data)
    except ReplayError as exc:
        console.print(Text.assemble((f"{path}: not a valid replay: ", "bold red"), str(exc)),
                      soft_wrap=True)
        return EXIT_ERROR
    header = verified.header
    outcome = header.outcome
    result = f", outcome scores {outcome.scores}, winners {outcome.winners}" if outcome else ""
    console.print(Text.assemble((f"{path}: valid", "bold green"),
                                f" replay of {header.kind} ({header.seats} seats), "
                                f"{verified.events} events, hash chain intact{result}."),
                  soft_wrap=True)
    return 0


def _register_extra_games() -> None:
    """Games outside `domain/` named in PLAZA_EXTRA_GAMES (as the server loads them)."""
    from domain.core import registry

    for module in filter(None, os.environ.get("PLAZA_EXTRA_GAMES", "").split(",")):
        try:
            game = getattr(importlib.import_module(module.strip()), "GAME", None)
        except ImportError as exc:
            raise CliError(f"PLAZA_EXTRA_GAMES: cannot import {module}: {exc}") from None
        if game is not None:
            registry.register(game)


def _one_arg(args: argparse.Namespace, usage: str) -> str:
    if args.arg is None:
        raise CliError(f"usage: plaza {usage}")
    value: str = args.arg
    return value


def _read(path: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None


# Commands that run other programs ----------------------------------------------------------


def exec_module(module: str, argv: Sequence[str]) -> NoReturn:
    """Replace this process by `python -m module argv...`."""
    args = [sys.executable, "-m", module, *argv]
    try:
        os.execv(sys.executable, args)
    except OSError as exc:
        raise CliError(f"cannot run {' '.join(args)}: {exc.strerror or exc}") from None


def serve_argv(args: argparse.Namespace) -> list[str]:
    argv: list[str] = []
    for flag, value in (("--host", args.host), ("--port", args.port), ("--db", args.db),
                        ("--redis-url", args.redis_url)):
        if value is not None:
            argv += [flag, str(value)]
    return argv + list(args.extra)


# The parser ------------------------------------------------------------------------------


Runner = Callable[[PlazaClient, argparse.Namespace, Console], Awaitable[int]]


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="plaza", description="Plaza: play board games online, in a terminal or a browser.")
    server = argparse.ArgumentParser(add_help=False)
    server.add_argument("--server", default=argparse.SUPPRESS, metavar="URL",
                        help="the server's address (PLAZA_URL; default http://127.0.0.1:8000)")
    top.add_argument("--server", default=None, metavar="URL",
                     help="the server's address (PLAZA_URL; default http://127.0.0.1:8000)")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser("serve", help="run a server (python -m server)")
    serve.add_argument("--host", help="address to listen on (PLAZA_HOST; default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (PLAZA_PORT; default 8000)")
    serve.add_argument("--db", help="SQLite file (PLAZA_DB; default plaza.db)")
    serve.add_argument("--redis-url", help="Redis for several processes (REDIS_URL)")
    serve.set_defaults(extra=[])

    games = sub.add_parser("games", parents=[server], help="list the kinds of game and the games")
    games.add_argument("--status", choices=("waiting", "active", "finished"))
    games.add_argument("--json", action="store_true", help="print JSON")

    new = sub.add_parser("new", parents=[server], help="create a game")
    new.add_argument("kind")
    new.add_argument("--seats", type=int, required=True)
    new.add_argument("--options", help="the game's options as JSON")
    new.add_argument("--seed", type=int, help="the secret seed (for reproducible games)")
    new.add_argument("--json", action="store_true", help="print the game's metadata as JSON")

    join = sub.add_parser("join", parents=[server], help="take a seat; prints its token")
    join.add_argument("game")
    join.add_argument("--name", required=True)
    join.add_argument("--seat", type=int)
    join.add_argument("--source-token", metavar="T",
                      help="a fork of an unfinished game: your seat's token in the game it was "
                           "forked from (that seat is the one taken)")
    join.add_argument("--json", action="store_true", help="print JSON")

    bots = sub.add_parser("bots", parents=[server], help="seat the server's bots on every free seat")
    bots.add_argument("game")
    bots.add_argument("--token", help="the creator token of `plaza new`, or a seat's token "
                                      "(PLAZA_TOKEN)")
    bots.add_argument("--json", action="store_true", help="print the game's metadata as JSON")

    play = sub.add_parser("play", parents=[server], help="play a seat in the terminal")
    play.add_argument("game")
    play.add_argument("--token", help="the seat's token (PLAZA_TOKEN)")

    watch = sub.add_parser("watch", parents=[server], help="watch a game live")
    watch.add_argument("game")
    watch.add_argument("--token", help="watch as this seat (sees its secrets)")

    replay = sub.add_parser(
        "replay", parents=[server], help="replay export|verify|import FILE, or step through GAME",
        description="plaza replay export GAME -o FILE | replay verify FILE | "
                    "replay import FILE | replay GAME (step through it with the keyboard)")
    replay.add_argument("target", metavar="export|verify|import|GAME")
    replay.add_argument("arg", nargs="?", metavar="GAME|FILE")
    replay.add_argument("-o", "--output", help="export: the file to write (- for stdout)")
    replay.add_argument("--token", help="as this seat (an unfinished game's secrets)")
    replay.add_argument("--at", type=int, help="stepper: start at this seq")

    migrate = sub.add_parser("migrate", help="bring the store's schema up to date (servers do on start)")
    migrate.add_argument("--db", help="SQLite file or postgresql:// URL (PLAZA_DB; default plaza.db)")
    sub.add_parser("bench", help="measure the server: python -m bench ARGS... "
                                 "(`plaza bench --help` for its flags)", add_help=False)
    return top


def _glue_values(argv: list[str]) -> list[str]:
    """`--token -x...` as `--token=-x...`: a token may start with a dash, which argparse
    would take for an option."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in TOKEN_FLAGS and i + 1 < len(argv) and argv[i + 1].startswith("-"):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def _split_bench(argv: list[str]) -> list[str] | None:
    """The arguments after `bench` when the command is bench (all passed through as they are)."""
    i = 0
    while i < len(argv):
        if argv[i] == "--server":
            i += 2
        elif argv[i].startswith("--server="):
            i += 1
        else:
            return argv[i + 1:] if argv[i] == "bench" else None
    return None


RUNNERS: dict[str, Runner] = {
    "games": cmd_games, "new": cmd_new, "join": cmd_join, "bots": cmd_bots, "play": cmd_play,
    "watch": cmd_watch, "replay": cmd_replay,
}


async def _run(runner: Runner, args: argparse.Namespace, console: Console) -> int:
    async with PlazaClient(args.server or default_url()) as client:
        return await runner(client, args, console)


def run(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    bench = _split_bench(argv)
    if bench is not None:
        try:
            exec_module("bench", bench)
        except CliError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_ERROR
    top = parser()
    args, unknown = top.parse_known_args(_glue_values(argv))
    if unknown and args.command != "serve":
        top.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "serve":
        args.extra = unknown
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        if args.command == "serve":
            exec_module("server", serve_argv(args))
        if args.command == "migrate":
            exec_module("server.store.migrate", ["--db", args.db] if args.db else [])
        if args.command == "replay" and args.target == "verify":
            return replay_verify(_one_arg(args, "replay verify FILE"), console)
        return asyncio.run(_run(RUNNERS[args.command], args, console))
    except (PlazaError, CliError) as exc:
        errors.print(Text.assemble(("error: ", "bold red"), str(exc)))
        return EXIT_ERROR
    except KeyboardInterrupt:
        errors.print("interrupted")
        return 130
    except BrokenPipeError:  # the output went to a reader that stopped reading
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (no flush error at exit)
        return EXIT_ERROR
    except OSError as exc:
        errors.print(Text.assemble(("error: ", "bold red"), str(exc)))
        return EXIT_ERROR
    except Exception as exc:  # a bug: one line, unless PLAZA_DEBUG asks for the traceback
        if os.environ.get("PLAZA_DEBUG"):
            raise
        errors.print(Text.assemble(("error: ", "bold red"),
                                   f"unexpected {type(exc).__name__}: {exc} "
                                   "(set PLAZA_DEBUG=1 to see where)"))
        return EXIT_ERROR


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    main()
