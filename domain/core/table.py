"""The table around a game: clocks, who plays each seat, and how a game ends early.

These are the platform's rules, the same for every game, kept apart from each game's own:
a table's options (`TableOptions`, chosen at creation), the events the platform records in
the game's log beside the game's events (`TableEvent`: a clock ran out, a bot took a seat
over, a player reclaimed it, a seat was dropped, the game was abandoned, a rematch was
offered), and `Tableside`, their fold. Pure, like the rest of `domain/`: time comes in as
the envelopes' `at` (server milliseconds) and as the `now` a caller passes.

The clock of a seat runs while the game waits for that seat (it is in `active`) and a
person plays it. Time spent is spent: an undo gives none back, since clocks fold every
envelope in log order, rewound ones included. With a bank, a seat gains the increment when
its turn ends; with a time per move, its clock is set to that time when its turn begins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

import msgspec

from .envelope import Envelope
from .game import Outcome

Ms = Annotated[int, msgspec.Meta(ge=0, le=10 * 24 * 3600 * 1000)]  # at most ten days
Consequence = Literal["bot", "drop", "abandon"]
Reason = Literal["left", "disconnected", "clock"]


class Clock(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A time bank per seat plus an increment per turn, or a fixed time per turn."""

    bank_ms: Ms = 0
    increment_ms: Ms = 0
    per_move_ms: Ms = 0

    def problems(self) -> list[str]:
        if (self.bank_ms > 0) == (self.per_move_ms > 0):
            return ["clock: give either bank_ms (with increment_ms) or per_move_ms, not both"]
        if self.per_move_ms and self.increment_ms:
            return ["clock: increment_ms goes with a bank, not with per_move_ms"]
        if (self.bank_ms or self.per_move_ms) < 1000:
            return ["clock: a seat needs at least a second (1000 ms) to move"]
        return []


# The presets a lobby offers, in the spirit of Board Game Arena's speeds.
PRESETS: dict[str, Clock] = {
    "fast": Clock(bank_ms=180_000, increment_ms=10_000),
    "normal": Clock(bank_ms=600_000, increment_ms=30_000),
    "slow": Clock(bank_ms=1_200_000, increment_ms=60_000),
    "daily": Clock(per_move_ms=24 * 3600 * 1000),
}


class TableOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Chosen at creation, shown in the lobby. `on_expiry`: what follows when a clock runs
    out. `leave_after_s`: seconds a seat's player may stay disconnected before a bot plays
    for them (None: never)."""

    clock: Clock | None = None
    on_expiry: Consequence = "bot"
    leave_after_s: Annotated[int, msgspec.Meta(ge=1, le=7 * 24 * 3600)] | None = None
    bot_level: str = "greedy"  # the level of a bot that takes a seat over

    def problems(self) -> list[str]:
        return self.clock.problems() if self.clock is not None else []


# -- events the platform records in a game's log ----------------------------------------


class ClockExpired(msgspec.Struct, tag="ClockExpired", tag_field="type", frozen=True):
    seat: int
    consequence: Consequence


class SeatTakenOver(msgspec.Struct, tag="SeatTakenOver", tag_field="type", frozen=True):
    """From now on a bot of `level` plays `seat`, for `reason`, until its player reclaims it."""

    seat: int
    reason: Reason
    level: str


class SeatReclaimed(msgspec.Struct, tag="SeatReclaimed", tag_field="type", frozen=True):
    seat: int


class SeatDropped(msgspec.Struct, tag="SeatDropped", tag_field="type", frozen=True):
    """`seat` is out of the result (ranked last); a bot makes its moves so the rules hold."""

    seat: int
    reason: Reason


class GameAbandoned(msgspec.Struct, tag="GameAbandoned", tag_field="type", frozen=True):
    """The game ended early because `seat` ran out of time (or left, with none to play it)."""

    seat: int
    reason: Reason


class RematchOffered(msgspec.Struct, tag="RematchOffered", tag_field="type", frozen=True):
    game_id: str


TableEvent = ClockExpired | SeatTakenOver | SeatReclaimed | SeatDropped | GameAbandoned | RematchOffered
TABLE_TYPES = frozenset(t.__struct_config__.tag for t in TableEvent.__args__)
table_decoder = msgspec.json.Decoder(TableEvent)


# -- what the table shows ----------------------------------------------------------------


class ClockView(msgspec.Struct, frozen=True):
    """Each seat's time left at server time `at` (ms), and whose clocks run from then on:
    a client shows `remaining_ms[s] - (now - at)` for a running seat `s`."""

    remaining_ms: list[int]
    running: list[int]
    at: int


class Controller(msgspec.Struct, frozen=True):
    seat: int
    reason: Reason
    level: str


class TableView(msgspec.Struct, frozen=True, omit_defaults=True):
    options: TableOptions = TableOptions()
    clock: ClockView | None = None
    bots: list[Controller] = []  # seats a bot plays in place of their player
    dropped: list[int] = []
    abandoned: GameAbandoned | None = None
    rematch: str | None = None


# -- the fold ----------------------------------------------------------------------------


class Tableside:
    """The table's state, folded from every envelope of a game's log in order: each seat's
    clock, who plays it, and whether the game was abandoned.

    `observe` takes each envelope's time, its table event (None for a game event or a
    rewind) and the seats the game waits for after it (from the effective state)."""

    def __init__(self, options: TableOptions, seats: int) -> None:
        self.options = options
        self.seats = seats
        clock = options.clock
        start = (clock.bank_ms or clock.per_move_ms) if clock is not None else 0
        self.remaining = [start] * seats
        self.running: list[int] = []
        self.last_at: int | None = None
        self.taken: dict[int, Controller] = {}
        self.dropped: list[int] = []
        self.abandoned: GameAbandoned | None = None
        self.rematch: str | None = None
        self.replaced: set[int] = set()  # seats a bot has played in place of their player

    @property
    def over(self) -> bool:
        return self.abandoned is not None

    def played_by_bot(self, seat: int) -> bool:
        return seat in self.taken or seat in self.dropped

    def observe(self, at: int, event: TableEvent | None, active: Sequence[int]) -> None:
        self._charge(at)
        if event is not None:
            self._apply(event)
        before, now = self.running, self._running(active)
        if (clock := self.options.clock) is not None:
            for seat in before:
                if seat not in active and clock.bank_ms:
                    self.remaining[seat] += clock.increment_ms  # its turn ended (not taken over)
            for seat in now:
                if seat not in before and clock.per_move_ms:
                    self.remaining[seat] = clock.per_move_ms  # its turn began
        self.running = now

    def _charge(self, at: int) -> None:
        if self.last_at is not None and self.options.clock is not None:
            spent = max(0, at - self.last_at)
            for seat in self.running:
                self.remaining[seat] = max(0, self.remaining[seat] - spent)
        self.last_at = at if self.last_at is None else max(self.last_at, at)

    def _running(self, active: Sequence[int]) -> list[int]:
        if self.options.clock is None or self.over:
            return []
        return [seat for seat in active if not self.played_by_bot(seat)]

    def _apply(self, event: TableEvent) -> None:
        match event:
            case ClockExpired(seat):
                self.remaining[seat] = 0
            case SeatTakenOver(seat, reason, level):
                self.taken[seat] = Controller(seat, reason, level)
                self.replaced.add(seat)
            case SeatReclaimed(seat):
                self.taken.pop(seat, None)
                self._grace(seat)
            case SeatDropped(seat):
                self.taken.pop(seat, None)
                self.dropped.append(seat)
                self.replaced.add(seat)
            case GameAbandoned():
                self.abandoned = event
            case RematchOffered(game_id):
                self.rematch = game_id

    def _grace(self, seat: int) -> None:
        """A player back after their clock ran out gets the larger of the increment and a
        tenth of the starting bank (or a whole time per move): enough to make a move."""
        clock = self.options.clock
        if clock is not None and self.remaining[seat] == 0:
            self.remaining[seat] = clock.per_move_ms or max(clock.increment_ms, clock.bank_ms // 10)

    def expiry(self) -> tuple[int, int] | None:
        """(seat, server ms) of the next clock to run out, if any runs."""
        if not self.running or self.last_at is None:
            return None
        seat = min(self.running, key=lambda s: self.remaining[s])
        return seat, self.last_at + self.remaining[seat]

    def view(self) -> TableView:
        clock = None
        if self.options.clock is not None:
            clock = ClockView(list(self.remaining), list(self.running), self.last_at or 0)
        return TableView(self.options, clock, sorted(self.taken.values(), key=lambda c: c.seat),
                         sorted(self.dropped), self.abandoned, self.rematch)

    def consequence(self, seat: int) -> list[TableEvent]:
        """What the table records when `seat`'s clock runs out."""
        expired = ClockExpired(seat, self.options.on_expiry)
        match self.options.on_expiry:
            case "bot":
                return [expired, SeatTakenOver(seat, "clock", self.options.bot_level)]
            case "drop" if self.seats - len(self.dropped) > 2:
                return [expired, SeatDropped(seat, "clock")]
            case _:  # abandon, or a drop that would leave one player
                return [expired, GameAbandoned(seat, "clock")]


def ranked_after(outcome_ranks: list[int], out: Sequence[int]) -> list[int]:
    """Ranks with the seats in `out` (dropped, or who abandoned) last, the others in their
    order: the result a table gives when some seats left it."""
    stay = sorted((r, s) for s, r in enumerate(outcome_ranks) if s not in out)
    ranks = [0] * len(outcome_ranks)
    for index, (rank, seat) in enumerate(stay):
        earlier = [s for r, s in stay[:index] if r == rank]
        ranks[seat] = ranks[earlier[0]] if earlier else index + 1
    for seat in out:
        ranks[seat] = len(stay) + 1
    return ranks


def abandoned_outcome(seats: int, abandoned: GameAbandoned, dropped: Sequence[int]) -> Outcome:
    """The result of an abandoned game: the seat that ran out (and any dropped before it)
    last, every other seat sharing first place."""
    ranks = ranked_after([1] * seats, [abandoned.seat, *dropped])
    return Outcome([0] * seats, ranks, [s for s, r in enumerate(ranks) if r == 1],
                   {"abandoned": msgspec.to_builtins(abandoned)})


def table_outcome(side: Tableside, outcome: Outcome | None) -> Outcome | None:
    """The result as the table gives it: the game's own, with dropped seats last; for an
    abandoned game, the seat that ran out last and every other seat sharing first place."""
    if side.abandoned is not None:
        return abandoned_outcome(side.seats, side.abandoned, side.dropped)
    if outcome is None or not side.dropped:
        return outcome
    ranks = ranked_after(outcome.ranks, side.dropped)
    return Outcome(outcome.scores, ranks, [s for s, r in enumerate(ranks) if r == 1],
                   {**outcome.breakdown, "dropped": list(side.dropped)})


def describe_table(event: TableEvent) -> str:
    """One line of the game's log for a table event."""
    match event:
        case ClockExpired(seat, consequence):
            follows = {"bot": "a bot plays for them", "drop": "they are out",
                       "abandon": "the game ends"}[consequence]
            return f"Seat {seat} ran out of time: {follows}."
        case SeatTakenOver(seat, reason, level):
            why = {"left": "left the game", "disconnected": "was away too long",
                   "clock": "ran out of time"}[reason]
            return f"Seat {seat} {why}: a {level} bot plays for them until they come back."
        case SeatReclaimed(seat):
            return f"Seat {seat} is back and plays again."
        case SeatDropped(seat):
            return f"Seat {seat} was dropped from the game: a bot makes its moves, ranked last."
        case GameAbandoned(seat):
            return f"The game was abandoned: seat {seat} ran out of time."
        case RematchOffered(game_id):
            return f"A rematch was offered: game {game_id}."


def bot_moves(envelopes: Iterable[Envelope]) -> dict[str, int]:
    """How many moves the server's bots made for each seat (their refs are `bot-<seq>`)."""
    moves: dict[str, int] = {}
    for env in envelopes:
        if env.commanded and env.actor is not None and (env.ref or "").startswith("bot-"):
            moves[str(env.actor)] = moves.get(str(env.actor), 0) + 1
    return moves


def with_bot_moves(outcome: Outcome, moves: dict[str, int]) -> Outcome:
    """The result, saying which seats' moves bots made (nothing added when none did)."""
    if not moves:
        return outcome
    return msgspec.structs.replace(outcome, breakdown={**outcome.breakdown, "bot_moves": moves})


def logged_result(seats: int, envelopes: Sequence[Envelope], outcome: Outcome | None) -> Outcome | None:
    """The result a whole log gives: the game's own `outcome` (None if its rules have not
    ended it) as its table events and its bots' moves change it (what a verifier checks)."""
    side = Tableside(TableOptions(), seats)
    for env in envelopes:
        if env.type in TABLE_TYPES:
            side.observe(env.at, table_decoder.decode(env.data), ())
    result = table_outcome(side, outcome)
    return None if result is None else with_bot_moves(result, bot_moves(envelopes))
