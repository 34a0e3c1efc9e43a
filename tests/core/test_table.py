"""The table's fold (domain/core/table.py): clocks from the envelopes' times, takeovers,
drops, abandonment and the result the table gives."""

from __future__ import annotations

import pytest

from domain.core import Outcome
from domain.core.table import (
    PRESETS,
    Clock,
    ClockExpired,
    GameAbandoned,
    RematchOffered,
    SeatDropped,
    SeatReclaimed,
    SeatTakenOver,
    TableOptions,
    Tableside,
    ranked_after,
    table_outcome,
)

BANK = TableOptions(clock=Clock(bank_ms=10_000, increment_ms=2_000))


def test_only_the_seats_the_game_waits_for_spend_time() -> None:
    side = Tableside(BANK, 3)
    side.observe(0, None, [0])
    side.observe(4_000, None, [0])  # seat 0 thinks 4 s and is still to move
    assert side.remaining == [6_000, 10_000, 10_000] and side.running == [0]
    assert side.expiry() == (0, 10_000)


def test_a_bank_gains_its_increment_when_its_turn_ends() -> None:
    side = Tableside(BANK, 2)
    side.observe(0, None, [0])
    side.observe(3_000, None, [1])  # seat 0 ended its turn after 3 s
    assert side.remaining == [9_000, 10_000]
    side.observe(4_000, None, [0])
    assert side.remaining == [9_000, 11_000]


def test_a_time_per_move_is_set_anew_when_a_turn_begins() -> None:
    side = Tableside(TableOptions(clock=Clock(per_move_ms=5_000)), 2)
    side.observe(0, None, [0])
    side.observe(4_500, None, [1])
    side.observe(9_000, None, [0])
    assert side.remaining == [5_000, 500]


def test_an_undo_gives_no_time_back() -> None:
    """A rewind is one more envelope in log order: the time before it stays spent."""
    side = Tableside(BANK, 2)
    side.observe(0, None, [0])
    side.observe(2_000, None, [0])  # a move within the turn
    side.observe(5_000, None, [0])  # its undo, 3 s later: the state is back, the time is not
    assert side.remaining[0] == 5_000


def test_a_seat_a_bot_plays_spends_no_time_and_its_player_comes_back_with_some() -> None:
    side = Tableside(BANK, 2)
    side.observe(0, None, [0])
    side.observe(10_000, ClockExpired(0, "bot"), [0])
    side.observe(10_000, SeatTakenOver(0, "clock", "greedy"), [0])
    assert side.running == [] and side.remaining[0] == 0 and side.played_by_bot(0)
    side.observe(60_000, SeatReclaimed(0), [0])
    assert side.remaining[0] == 2_000, "the larger of the increment and a tenth of the bank"
    assert side.running == [0]


def test_each_consequence_of_running_out() -> None:
    bot = Tableside(TableOptions(clock=PRESETS["fast"], bot_level="search"), 2)
    assert bot.consequence(1) == [ClockExpired(1, "bot"), SeatTakenOver(1, "clock", "search")]
    drop = Tableside(TableOptions(clock=PRESETS["fast"], on_expiry="drop"), 3)
    assert drop.consequence(0) == [ClockExpired(0, "drop"), SeatDropped(0, "clock")]
    drop.observe(0, SeatDropped(0, "clock"), [])
    assert drop.consequence(1)[1] == GameAbandoned(1, "clock"), "two seats left: no drop"
    two = Tableside(TableOptions(clock=PRESETS["fast"], on_expiry="drop"), 2)
    assert two.consequence(0)[1] == GameAbandoned(0, "clock")


def test_the_result_ranks_dropped_and_abandoning_seats_last() -> None:
    assert ranked_after([1, 2, 2, 4], [1]) == [1, 4, 2, 3]
    side = Tableside(TableOptions(), 4)
    side.observe(0, SeatDropped(1, "clock"), [])
    game = Outcome([30, 50, 20, 10], [2, 1, 3, 4], [1])
    outcome = table_outcome(side, game)
    assert outcome is not None and outcome.ranks == [1, 4, 2, 3] and outcome.winners == [0]
    side.observe(0, GameAbandoned(3, "clock"), [])
    abandoned = table_outcome(side, None)
    assert abandoned is not None and abandoned.ranks == [1, 3, 1, 3] and abandoned.winners == [0, 2]
    assert abandoned.breakdown["abandoned"] == {"type": "GameAbandoned", "seat": 3, "reason": "clock"}
    assert side.over and side.view().abandoned == GameAbandoned(3, "clock")


def test_a_rematch_shows_in_the_view() -> None:
    side = Tableside(TableOptions(), 2)
    side.observe(5, RematchOffered("g2"), [])
    assert side.view().rematch == "g2"


@pytest.mark.parametrize("clock", [Clock(), Clock(bank_ms=5_000, per_move_ms=5_000),
                                   Clock(per_move_ms=5_000, increment_ms=1),
                                   Clock(bank_ms=10)])
def test_clocks_that_cannot_be_played_are_refused_with_a_reason(clock: Clock) -> None:
    assert clock.problems() and clock.problems()[0].startswith("clock: ")
