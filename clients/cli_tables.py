"""The table's parts of the `plaza` command line: `new`'s clock and leavers, `bots`' levels
per seat, and how a listed game shows its clock and its bots."""

from __future__ import annotations

import argparse
from typing import Any

from rich.text import Text

from clients.tables import parse_clock, table_words
from clients.terminal.words import clean_name
from server import protocol as p


class TableFlagError(ValueError):
    """A table flag that cannot be: the message names the flag."""


def table_of(args: argparse.Namespace) -> dict[str, Any]:
    """The `table` of POST /api/games from `plaza new`'s flags (empty: no table options)."""
    table: dict[str, Any] = {}
    if args.clock is not None:
        try:
            table["clock"] = parse_clock(args.clock)
        except ValueError as exc:
            raise TableFlagError(f"--clock: {exc}.") from None
    if args.on_expiry is not None:
        table["on_expiry"] = args.on_expiry
    if args.leave_after is not None:
        if args.leave_after < 1:
            raise TableFlagError("--leave-after: give a number of seconds, at least 1.")
        table["leave_after_s"] = args.leave_after
    if args.bot_level is not None:
        table["bot_level"] = args.bot_level
    return table


def seat_levels(specs: list[str] | None, level: str | None) -> tuple[list[int] | None, dict[int, str]]:
    """`--seat N[=LEVEL]` flags as (the seats, or None for every free seat; levels by seat)."""
    if not specs:
        return None, {}
    seats: list[int] = []
    levels: dict[int, str] = {}
    for spec in specs:
        number, _, named = spec.partition("=")
        if not number.strip().isdigit():
            raise TableFlagError(f"--seat {spec}: give a seat number, such as --seat 1 or "
                                 "--seat 1=search.")
        seat = int(number)
        seats.append(seat)
        if named.strip() or level:
            levels[seat] = named.strip() or str(level)
    return seats, levels


def players_cell(game: p.GameInfo) -> Text:
    """The players, a bot's level after its name: `Ada, Bot 2 (greedy)`. Text, never markup:
    a name is the players' own words ("[/b]" would even crash a table)."""
    names = []
    for seat, name in enumerate(game.seats):
        shown = clean_name(name) or "(free)"
        level = game.bots.get(str(seat))
        names.append(f"{shown} ({level})" if level else shown)
    return Text(", ".join(names))


def table_cell(game: p.GameInfo) -> Text:
    """The table's clock and what follows when it runs out, or a dash."""
    return Text(table_words(game.table) or "-")
