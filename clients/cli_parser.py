"""The `plaza` command line: its parser, and the two things argparse cannot do alone (a token
that starts with a dash, and `bench`, whose arguments all go to `python -m bench`)."""

from __future__ import annotations

import argparse

TOKEN_FLAGS = ("--token", "--source-token")  # values that may start with a dash
SERVER_HELP = "the server's address (PLAZA_URL; default http://127.0.0.1:8000)"
LEVEL_NAMES = "random, greedy or search"

Commands = argparse._SubParsersAction  # what add_subparsers returns


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="plaza", description="Plaza: play board games online, in a terminal or a browser.")
    server = argparse.ArgumentParser(add_help=False)
    server.add_argument("--server", default=argparse.SUPPRESS, metavar="URL", help=SERVER_HELP)
    top.add_argument("--server", default=None, metavar="URL", help=SERVER_HELP)
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _serve(sub)
    _lobby(sub, server)
    _following(sub, server)
    _tools(sub)
    return top


def _serve(sub: Commands[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help="run a server (python -m server)")
    serve.add_argument("--host", help="address to listen on (PLAZA_HOST; default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (PLAZA_PORT; default 8000)")
    serve.add_argument("--db", help="SQLite file (PLAZA_DB; default plaza.db)")
    serve.add_argument("--redis-url", help="Redis for several processes (REDIS_URL)")
    serve.set_defaults(extra=[])


def _lobby(sub: Commands[argparse.ArgumentParser], server: argparse.ArgumentParser) -> None:
    """games, new, join, bots, rematch."""
    games = sub.add_parser("games", parents=[server], help="list the kinds of game and the games")
    games.add_argument("--status", choices=("waiting", "active", "finished"))
    games.add_argument("--json", action="store_true", help="print JSON")

    new = sub.add_parser("new", parents=[server], help="create a game")
    new.add_argument("kind")
    new.add_argument("--seats", type=int, required=True)
    new.add_argument("--options", help="the game's options as JSON")
    new.add_argument("--seed", type=int, help="the secret seed (for reproducible games)")
    _table_flags(new)
    new.add_argument("--json", action="store_true", help="print the game's metadata as JSON")

    join = sub.add_parser("join", parents=[server], help="take a seat; prints its token")
    join.add_argument("game")
    join.add_argument("--name", required=True)
    join.add_argument("--seat", type=int)
    join.add_argument("--source-token", metavar="T",
                      help="a fork of an unfinished game: your seat's token in the game it was "
                           "forked from (that seat is the one taken)")
    join.add_argument("--json", action="store_true", help="print JSON")

    bots = sub.add_parser("bots", parents=[server],
                          help="seat the server's bots on every free seat (or on --seat N only)")
    bots.add_argument("game")
    bots.add_argument("--token", help="the creator token of `plaza new`, or a seat's token "
                                      "(PLAZA_TOKEN)")
    bots.add_argument("--level", metavar="L", help=f"the bots' level: {LEVEL_NAMES} (default random)")
    bots.add_argument("--seat", action="append", metavar="N[=LEVEL]", dest="seat_levels",
                      help="a bot on free seat N only (at LEVEL, else --level); repeat for more")
    bots.add_argument("--json", action="store_true", help="print the game's metadata as JSON")

    rematch = sub.add_parser("rematch", parents=[server],
                             help="your seat in the rematch of a finished game; prints its token")
    rematch.add_argument("game")
    rematch.add_argument("--token", help="your seat's token in the finished game (PLAZA_TOKEN)")
    rematch.add_argument("--json", action="store_true", help="print JSON")


def _table_flags(new: argparse.ArgumentParser) -> None:
    """The table's options of `plaza new`: a clock, what follows when it runs out, leavers."""
    new.add_argument("--clock", metavar="C",
                     help="a clock per seat: fast (3 min + 10 s), normal (10 min + 30 s), slow "
                          "(20 min + 1 min), daily (24 h a turn), BANK+INC in seconds (300+5) "
                          "or SECONDS/move (60/move); default: none")
    new.add_argument("--on-expiry", choices=("bot", "drop", "abandon"),
                     help="when a clock runs out: a bot plays the seat (default), the seat is "
                          "dropped, or the game is abandoned")
    new.add_argument("--leave-after", type=int, metavar="S",
                     help="a bot plays for a player away (disconnected) more than S seconds")
    new.add_argument("--bot-level", metavar="L",
                     help=f"the level of a bot that takes a seat over: {LEVEL_NAMES} (default greedy)")


def _following(sub: Commands[argparse.ArgumentParser], server: argparse.ArgumentParser) -> None:
    """play, watch, replay."""
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


def _tools(sub: Commands[argparse.ArgumentParser]) -> None:
    """migrate, bench."""
    migrate = sub.add_parser("migrate", help="bring the store's schema up to date (servers do on start)")
    migrate.add_argument("--db", help="SQLite file or postgresql:// URL (PLAZA_DB; default plaza.db)")
    migrate.add_argument("--repage", action="store_true",
                         help="also rewrite an SQLite file made with smaller pages into the server's "
                              "(every server of the file stopped)")
    sub.add_parser("bench", help="measure the server: python -m bench ARGS... "
                                 "(`plaza bench --help` for its flags)", add_help=False)


def glue_values(argv: list[str]) -> list[str]:
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


def split_bench(argv: list[str]) -> list[str] | None:
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
