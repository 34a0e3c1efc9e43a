"""The `plaza` commands that talk to a server (games, new, join, bots, rematch, play, watch,
replay) and `plaza replay verify`, which checks a file here. Each prints its answer or raises
`CliError` with one sentence (clients/cli.py prints it)."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import msgspec
from rich.console import Console
from rich.table import Table
from rich.text import Text

from clients.cli_tables import TableFlagError, players_cell, seat_levels, table_cell, table_of
from clients.client import PlazaClient
from clients.tables import table_words
from clients.terminal.words import clean_name
from server import protocol as p

EXIT_ERROR = 1


class CliError(Exception):
    """A failure to report in one sentence."""


Runner = Callable[[PlazaClient, argparse.Namespace, Console], Awaitable[int]]


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
    for column in ("game", "kind", "status", "seq", "players", "table"):
        table.add_column(column)
    for game in games:
        table.add_row(game.game_id, _kind_cell(game), game.status, str(game.seq),
                      players_cell(game), table_cell(game))
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


def _printed_json(args: argparse.Namespace, answer: object) -> bool:
    """With --json: the server's answer printed as JSON (and nothing else to print)."""
    if args.json:
        print(json.dumps(msgspec.to_builtins(answer)))
    return bool(args.json)


async def cmd_new(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    try:
        options = json.loads(args.options) if args.options else {}
    except ValueError as exc:
        raise CliError(f"--options is not JSON: {exc}") from None
    if not isinstance(options, dict):
        raise CliError("--options must be a JSON object, such as '{\"rounds\": 2}'.")
    try:
        table = table_of(args)
    except TableFlagError as exc:
        raise CliError(str(exc)) from None
    info = await client.new_game(args.kind, args.seats, options, args.seed, table=table)
    if _printed_json(args, info):
        return 0
    print(f"game {info.game_id}")
    print(f"creator token {info.creator_token}")
    practice = " It is a practice game: its seed, so its draws, are known." if info.practice else ""
    clock = f" Table: {table_words(info.table)}." if table_words(info.table) else ""
    console.print(f"Created a {info.title} game for {len(info.seats)} players.{practice}{clock} "
                  f"Join it with: plaza join {info.game_id} --name NAME; keep the creator token "
                  f"to seat bots: plaza bots {info.game_id} --token {info.creator_token}",
                  highlight=False, soft_wrap=True, markup=False)
    return 0


async def cmd_join(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    joined = await client.join(args.game, args.name, args.seat, source_token=args.source_token)
    if _printed_json(args, joined):
        return 0
    print(f"seat {joined.seat}")
    print(f"token {joined.token}")
    print(f"Keep the token secret. Play with: plaza play {args.game} --token {joined.token}")
    return 0


def _token(args: argparse.Namespace) -> str | None:
    token: str | None = args.token or os.environ.get("PLAZA_TOKEN")
    return token


async def cmd_bots(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    token = _token(args)
    if not token:
        raise CliError("bots needs the game's creator token (`plaza new` prints it) or one of "
                       "its seat tokens: --token T (or PLAZA_TOKEN).")
    try:
        seats, levels = seat_levels(args.seat_levels, args.level)
    except TableFlagError as exc:
        raise CliError(str(exc)) from None
    info = await client.add_bots(args.game, token, level=args.level, levels=levels, seats=seats)
    if _printed_json(args, info):
        return 0
    bots = ", ".join(f"{clean_name(info.seats[int(seat)]) or 'seat ' + seat} {level}"
                     for seat, level in sorted(info.bots.items()) if int(seat) < len(info.seats))
    console.print(Text.assemble("Seats: ", _players(info), f" (bots: {bots})" if bots else "",
                                f". The game is {info.status}; watch it with: "
                                f"plaza watch {info.game_id}"), highlight=False, soft_wrap=True)
    return 0


async def cmd_rematch(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    token = _token(args)
    if not token:
        raise CliError("rematch needs your seat's token in the finished game: --token T "
                       "(or PLAZA_TOKEN).")
    rematched = await client.rematch(args.game, token)
    if _printed_json(args, rematched):
        return 0
    print(f"game {rematched.game_id}")
    print(f"seat {rematched.seat}")
    print(f"token {rematched.token}")
    print(f"The rematch of {args.game}, seats rotated. Keep the token secret. Play with: "
          f"plaza play {rematched.game_id} --token {rematched.token}")
    return 0


async def cmd_play(client: PlazaClient, args: argparse.Namespace, console: Console) -> int:
    from clients.terminal.app import follow
    from clients.terminal.inputs import Input

    token = _token(args)
    if not token:
        raise CliError("play needs the seat's token: --token T (or PLAZA_TOKEN); "
                       "`plaza join GAME --name NAME` gives one.")
    inputs = Input(keys=True).start()  # single keys on a terminal (the screen ticks), else lines
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
        data = _read(one_arg(args, "replay import FILE"))
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
    game = one_arg(args, "replay export GAME -o FILE")
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
    """Check a replay file locally: hash chain, every move re-simulated, outcome; says whether
    the rules prove it."""
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
                                f"{verified.events} events, hash chain intact{result}; "
                                f"{verified.proof()}."),
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


def one_arg(args: argparse.Namespace, usage: str) -> str:
    if args.arg is None:
        raise CliError(f"usage: plaza {usage}")
    value: str = args.arg
    return value


def _read(path: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None


RUNNERS: dict[str, Runner] = {
    "games": cmd_games, "new": cmd_new, "join": cmd_join, "bots": cmd_bots, "play": cmd_play,
    "watch": cmd_watch, "replay": cmd_replay, "rematch": cmd_rematch,
}
