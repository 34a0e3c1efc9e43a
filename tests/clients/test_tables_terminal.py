"""Tables in the Python clients without a server: clocks typed on the command line, each
seat's time ticking on from a frame (whatever our own clock says), the terminal's clocks and
notices, the table's events in the log, `bots`' seats and levels."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from clients.cli_parser import parser
from clients.cli_tables import TableFlagError, seat_levels, table_of
from clients.client import to_envelope
from clients.tables import SeatClocks, clock_words, format_ms, parse_clock, table_words
from clients.terminal.follow import prompt_for
from clients.terminal.render import Screen
from clients.terminal.words import describe

NAMES: list[str | None] = ["Ada", "Bob", "Cy"]
SERVER_NOW = 1_800_000_000_000  # the server's clock, far from ours


class Ticks:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def text(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def table(remaining: list[int], running: list[int], at: int = SERVER_NOW, **rest: Any) -> dict[str, Any]:
    return {"options": {"clock": {"bank_ms": 180_000, "increment_ms": 10_000}},
            "clock": {"remaining_ms": remaining, "running": running, "at": at}, **rest}


def test_a_clock_is_typed_as_a_preset_a_bank_and_increment_or_a_time_per_move() -> None:
    assert parse_clock("fast") == "fast" and parse_clock(" Daily ") == "daily"
    assert parse_clock("300+5") == {"bank_ms": 300_000, "increment_ms": 5_000}
    assert parse_clock("90") == {"bank_ms": 90_000}
    assert parse_clock("1.5+0.5") == {"bank_ms": 1_500, "increment_ms": 500}
    assert parse_clock("60/move") == {"per_move_ms": 60_000}
    for bad in ("blitz", "5+", "+5", "-3+1", "60/hour", ""):
        with pytest.raises(ValueError, match="is not a clock"):
            parse_clock(bad)


def test_new_s_table_flags_make_the_table_and_bad_ones_are_named() -> None:
    args = parser().parse_args(["new", "tinydraw", "--seats", "2", "--clock", "300+5",
                                "--on-expiry", "drop", "--leave-after", "45", "--bot-level", "search"])
    assert table_of(args) == {"clock": {"bank_ms": 300_000, "increment_ms": 5_000}, "on_expiry": "drop",
                              "leave_after_s": 45, "bot_level": "search"}
    assert table_of(parser().parse_args(["new", "villa", "--seats", "2"])) == {}
    with pytest.raises(TableFlagError, match="--clock"):
        table_of(parser().parse_args(["new", "villa", "--seats", "2", "--clock", "soon"]))
    with pytest.raises(TableFlagError, match="--leave-after"):
        table_of(parser().parse_args(["new", "villa", "--seats", "2", "--leave-after", "0"]))
    with pytest.raises(SystemExit):
        parser().parse_args(["new", "villa", "--seats", "2", "--on-expiry", "explode"])


def test_bots_seats_take_a_level_each_or_the_common_one() -> None:
    args = parser().parse_args(["bots", "g", "--token", "t", "--level", "greedy",
                                "--seat", "1=search", "--seat", "2"])
    assert seat_levels(args.seat_levels, args.level) == ([1, 2], {1: "search", 2: "greedy"})
    assert seat_levels(["3"], None) == ([3], {})  # the server's default level
    assert seat_levels(None, "greedy") == (None, {})  # every free seat, at --level
    with pytest.raises(TableFlagError, match="seat number"):
        seat_levels(["one=search"], None)


def test_clocks_and_tables_in_words() -> None:
    assert [format_ms(ms) for ms in (180_000, 61_000, 19_450, 0, -5, 7_200_000, 90_000_000)] == [
        "3:00", "1:01", "0:19.4", "0:00.0", "0:00.0", "2:00:00", "1d 1h"]
    assert clock_words("fast") == "fast (3 min + 10 s)"
    assert clock_words({"per_move_ms": 86_400_000}) == "daily (24 h a turn)"
    assert clock_words({"bank_ms": 300_000, "increment_ms": 5_000}) == "5 min + 5 s"
    assert table_words({"clock": {"bank_ms": 90_000}, "on_expiry": "abandon", "leave_after_s": 30}) == \
        "clock 1 min 30 s, out of time: abandon, away 30 s: a bot plays"
    assert table_words({}) == ""


def test_the_running_seats_time_ticks_on_from_the_frame_and_the_others_wait() -> None:
    ticks = Ticks()
    clocks = SeatClocks(ticks)
    clocks.note(table([120_000, 90_000], [0]))  # arrives at once: `at` is the server's now
    ticks.now += 1.5
    assert clocks.all(2) == [118_500, 90_000]
    ticks.now += 200
    assert clocks.remaining(0) == 0  # never below nothing
    # a frame whose `at` lies in the past (a welcome long after the last move) does not pull
    # the estimate of the server's time back: seat 1 has run since then, 200.5 s ago
    clocks.note(table([60_000, 600_000], [1], at=SERVER_NOW + 1_000))
    assert clocks.all(2) == [60_000, 600_000 - 200_500]
    # the server's Date (to the second) raises it when it says more
    fresh = SeatClocks(ticks)
    fresh.note(table([60_000, 90_000], [1], at=SERVER_NOW), server_ms=SERVER_NOW + 10_000)
    assert fresh.all(2) == [60_000, 80_000]
    assert SeatClocks(ticks).remaining(0) is None  # no clock at all


def _screen(table_: dict[str, Any], seat: int | None = 0, outcome: Any = None) -> Screen:
    ticks = Ticks()
    screen = Screen("tinydraw", "Tiny Draw", "g1", NAMES[:2], seat, 5, {"players": []}, [], [0],
                    outcome, [], table=table_, clocks=SeatClocks(ticks))
    screen.clocks.note(table_)
    ticks.now += 2.0
    return screen


def test_the_terminal_shows_every_seats_clock_and_whose_runs() -> None:
    shown = text(_screen(table([125_000, 25_000], [0])).render())
    assert "clocks  Ada (seat 0) 2:03 ▶  Bob (seat 1) 0:25" in shown
    assert "▶" not in shown.split("Bob (seat 1)")[1].split("\n")[0]
    over = text(_screen(table([125_000, 25_000], [0]), outcome={"scores": [1, 2], "ranks": [2, 1],
                                                               "winners": [1]}).render())
    assert "▶" not in over  # nothing runs once the game is over
    assert "clocks" not in text(_screen({"options": {}}).render())  # a table without a clock


def test_the_terminal_says_who_a_bot_plays_for_and_what_was_dropped_or_abandoned() -> None:
    mine = _screen(table([1_000, 2_000], [], bots=[{"seat": 0, "reason": "left", "level": "greedy"}]))
    shown = text(mine.render())
    assert "You left the game: a greedy bot plays for you. Type `reclaim`" in shown
    assert "A bot plays for you" in prompt_for(_Conn(0), mine)
    theirs = text(_screen(table([1_000, 2_000], [], bots=[
        {"seat": 1, "reason": "disconnected", "level": "random"}]), seat=None).render())
    assert "Bob was away too long: a random bot plays for them." in theirs and "reclaim" not in theirs
    ended = text(_screen(table([0, 2_000], [], dropped=[1], rematch="g2",
                               abandoned={"type": "GameAbandoned", "seat": 0, "reason": "clock"})).render())
    assert "Bob was dropped" in ended and "The game was abandoned: Ada ran out of time." in ended
    assert "A rematch was offered: game g2. Type `rematch` to join it." in ended


class _Conn:
    def __init__(self, seat: int | None) -> None:
        self.seat, self.legal, self.active = seat, [{"type": "EndTurn"}], [0]


def _event(type_: str, data: dict[str, Any]) -> Any:
    return to_envelope({"game_id": "g", "seq": 9, "type": type_, "v": 1, "actor": data.get("seat"),
                        "ref": None, "at": 1, "irreversible": False, "prev_hash": "0" * 64,
                        "hash": "1" * 64, "data": {"type": type_, **data}})


def test_the_tables_events_read_as_the_platform_words_them_with_names() -> None:
    assert describe(_event("ClockExpired", {"seat": 1, "consequence": "bot"}), NAMES) == \
        "Bob ran out of time: a bot plays for them."
    assert describe(_event("SeatTakenOver", {"seat": 0, "reason": "left", "level": "search"}), NAMES) == \
        "Ada left the game: a search bot plays for them until they come back."
    assert describe(_event("SeatReclaimed", {"seat": 0}), NAMES) == "Ada is back and plays again."
    assert describe(_event("GameAbandoned", {"seat": 2, "reason": "clock"}), NAMES) == \
        "The game was abandoned: Cy ran out of time."
    assert describe(_event("RematchOffered", {"game_id": "abc"}), NAMES) == "A rematch was offered: game abc."
    # a table event of a newer shape than this client knows: the generic words
    assert describe(_event("SeatDropped", {"seat": 1, "why": "?"}), NAMES).startswith("Bob: seat dropped")
