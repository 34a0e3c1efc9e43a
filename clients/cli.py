"""`plaza`: run a server, list and create games, join, add bots, play, watch, replay, ask for a
rematch, benchmark.

The server's address comes from `--server` or `PLAZA_URL` (default http://127.0.0.1:8000).
Failures print one clear sentence on stderr and exit with status 1, never a traceback.
The parser is in cli_parser.py, the commands that talk to a server in cli_commands.py.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from rich.console import Console
from rich.text import Text

from clients.cli_commands import EXIT_ERROR, RUNNERS, CliError, Runner, one_arg, replay_verify
from clients.cli_parser import glue_values, parser, split_bench
from clients.client import PlazaClient, PlazaError, default_url

__all__ = ["CliError", "exec_module", "main", "parser", "run", "serve_argv"]


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


# Running one command ----------------------------------------------------------------------


async def _run(runner: Runner, args: argparse.Namespace, console: Console) -> int:
    async with PlazaClient(args.server or default_url()) as client:
        return await runner(client, args, console)


def _dispatch(args: argparse.Namespace, console: Console) -> int:
    if args.command == "serve":
        exec_module("server", serve_argv(args))
    if args.command == "migrate":
        exec_module("server.store.migrate", (["--db", args.db] if args.db else [])
                    + (["--repage"] if args.repage else []))
    if args.command == "replay" and args.target == "verify":
        return replay_verify(one_arg(args, "replay verify FILE"), console)
    return asyncio.run(_run(RUNNERS[args.command], args, console))


def run(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    bench = split_bench(argv)
    if bench is not None:
        try:
            exec_module("bench", bench)
        except CliError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_ERROR
    top = parser()
    args, unknown = top.parse_known_args(glue_values(argv))
    if unknown and args.command != "serve":
        top.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "serve":
        args.extra = unknown
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        return _dispatch(args, Console(highlight=False))
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
