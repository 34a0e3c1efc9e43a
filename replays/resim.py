"""Re-simulating a replay: every recorded command decided again by the game's rules.

A proven log is the setup (what `start` makes of the header's options and seed at seq 0),
then moves: each begins with an envelope carrying the command (or, on a `Rewound`, the undo)
and goes on with the other events that command produced. For every move the pipeline runs
again, as the server ran it, against the state so far, and must make exactly the recorded
events: type, version (after upcasting an older one), data, actor, ref and irreversible;
not `at`, a clock reading. An undo must go where the undo rule (`undo_target`) says.

A fork's file begins with `prefix` envelopes of its source's history, re-chained under the
fork's id: they are the position it starts from, folded as recorded and proven by the
source's own log (`compare_prefix`), and every move after them is re-simulated with the
fork's seed. A log that cannot be re-simulated at all (no seed, or written before commands
were recorded) raises `Unprovable`; one that re-simulates differently is a `ReplayError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.core import (
    REWOUND,
    UNDO,
    Envelope,
    EventCodec,
    Proposal,
    Rejection,
    RewoundData,
    Step,
    Table,
    Timeline,
    propose_command,
    propose_rewind,
    propose_start,
    tagged,
    undo_target,
)
from domain.core.registry import AnyGame
from domain.core.table import TABLE_TYPES

from .format import Header, ReplayError

# Called after the setup (or prefix) and after each move, with the timeline and the move's
# recorded envelopes: golden playthroughs compare views and legal lists there.
Watch = Callable[[Timeline, Sequence[Envelope]], None]
_SHOWN = 160  # characters of a command or an event quoted in a sentence


class Unprovable(Exception):
    """The log cannot be re-simulated; the message says why (not that it was forged)."""


def _quote(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace")
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def commands_from(header: Header, envelopes: Sequence[Envelope]) -> int:
    """Where the re-simulated moves begin (an index into `envelopes`), or `Unprovable`."""
    if header.seed is None:
        raise Unprovable("its header has no seed (a game keeps its seed secret until it ends), "
                         "so its moves cannot be decided again")
    if not any(env.commanded for env in envelopes):
        raise Unprovable("it records no commands (it was written before Plaza recorded them)")
    prefix = header.prefix or 0
    if not 0 <= prefix <= len(envelopes):
        raise ReplayError(f"the header's prefix {prefix} is outside the file's 0 to "
                          f"{len(envelopes)} envelopes")
    return prefix


def resimulate(game: AnyGame, header: Header, envelopes: Sequence[Envelope],
               watch: Watch | None = None) -> Timeline:
    """The timeline of a log whose every move re-simulates; see the module's docstring."""
    start = commands_from(header, envelopes)
    assert header.seed is not None  # commands_from refuses a header without one
    codec = EventCodec(game)
    timeline = Timeline(game, codec)
    table = Table(envelopes[0].game_id if envelopes else "replay", header.seats, header.seed)
    if start:
        timeline.apply_all(envelopes[:start])
        at = start
    else:
        try:
            options = msgspec.convert(header.options, game.options_type)
            proposal = propose_start(timeline, table, options)
        except (msgspec.ValidationError, Rejection, ValueError) as exc:
            raise ReplayError(f"the header's options do not start a game: {exc}") from None
        at = _accept(timeline, proposal, envelopes, 0, "the setup")
    if watch is not None:
        watch(timeline, envelopes[:at])
    while at < len(envelopes):
        env = envelopes[at]
        if env.type in TABLE_TYPES:  # the table's (a clock, a takeover): facts of the server's,
            timeline.apply(env)  # taken as recorded; they never touch the game's state
            at += 1
            continue
        if not env.commanded:
            raise Unprovable(f"seq {env.seq} begins a move without recording its command "
                             "(commands were recorded from a later seq only)")
        proposal, what = _propose(game, timeline, table, env)
        done = _accept(timeline, proposal, envelopes, at, what)
        if watch is not None:
            watch(timeline, envelopes[at:done])
        at = done
    return timeline


def _propose(game: AnyGame, timeline: Timeline, table: Table, env: Envelope) -> tuple[Proposal, str]:
    """Decide the move `env` records, as the server decided it; and the move in words."""
    seat, ref = env.actor, env.ref or ""
    if seat is None:
        raise ReplayError(f"seq {env.seq} records a command but no seat that sent it")
    if env.type == REWOUND:
        if bytes(env.command) != UNDO:
            raise ReplayError(f"seq {env.seq}: a Rewound records {_quote(bytes(env.command))}, "
                              "not an undo")
        try:
            to_seq, _ = undo_target(game, timeline, seat)
        except Rejection as exc:
            raise ReplayError(f"seq {env.seq}: seat {seat}'s undo breaks the undo rule: "
                              f"{exc.message}") from None
        return propose_rewind(timeline, table, seat, ref, to_seq, env.at), f"seat {seat}'s undo"
    what = f"seat {seat}'s command {_quote(bytes(env.command))} at seq {env.seq}"
    try:
        command = tagged(game.command_type).decode(env.command)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ReplayError(f"seq {env.seq}: the recorded command is not one of {game.title}'s: "
                          f"{exc}") from None
    try:
        return propose_command(timeline, table, seat, command, ref, env.at), what
    except Rejection as exc:
        raise ReplayError(f"seq {env.seq}: the rules refuse seat {seat}'s command "
                          f"{_quote(bytes(env.command))}: {exc.message}") from None
    except Exception as exc:  # a game's decide meeting a state no real game reaches
        raise ReplayError(f"seq {env.seq}: deciding {what} fails: {type(exc).__name__}: "
                          f"{exc}") from None


def _accept(timeline: Timeline, proposal: Proposal, envelopes: Sequence[Envelope], at: int,
            what: str) -> int:
    """Check that the log records exactly what the proposal makes from index `at`, apply the
    recorded envelopes (so the chain stays the log's), and return the index after them."""
    made = proposal.envelopes
    recorded = envelopes[at: at + len(made)]
    if len(recorded) < len(made):
        missing = made[len(recorded)]
        raise ReplayError(f"seq {missing.seq}: {what} also makes {missing.type} "
                          f"{_quote(bytes(missing.data))}, but the log ends before it")
    events = [step.event for step in proposal.steps] or [None] * len(made)  # a rewind has none
    for mine, theirs, event in zip(made, recorded, events, strict=True):
        why = difference(timeline.codec, mine, theirs, event)
        if why is not None:
            raise ReplayError(f"seq {theirs.seq}: {what} {why}")
    after = at + len(made)
    if after < len(envelopes):
        extra = envelopes[after]
        if not extra.commanded and (extra.actor, extra.ref) == (made[0].actor, made[0].ref):
            raise ReplayError(f"seq {extra.seq}: {what} makes no {extra.type} there; its events "
                              f"end at seq {made[-1].seq}")
    steps = [Step(env, step.event, step.state) for env, step in zip(recorded, proposal.steps,
                                                                   strict=False)]
    timeline.accept(Proposal(list(recorded), steps, proposal.rewind_to, proposal.outcome))
    return after


def difference(codec: EventCodec, mine: Envelope, theirs: Envelope, event: Any) -> str | None:
    """How the recorded envelope `theirs` differs from `mine` (what the rules make), as the
    end of a sentence; None when it records the same event. `event` is `mine`'s event."""
    if mine.type != theirs.type:
        return f"makes {mine.type} {_quote(bytes(mine.data))} there, the log records {theirs.type}"
    if mine.type == REWOUND and bytes(mine.data) != bytes(theirs.data):
        rule = msgspec.json.decode(mine.data, type=RewoundData).to_seq
        return (f"goes back to seq {rule} by the undo rule, but the log's Rewound goes to "
                f"{_quote(bytes(theirs.data))}")
    for field in ("actor", "ref", "irreversible"):
        if getattr(mine, field) != getattr(theirs, field):
            return (f"makes {mine.type} with {field} {getattr(mine, field)!r}, the log records "
                    f"{getattr(theirs, field)!r}")
    if theirs.v == mine.v and bytes(theirs.data) == bytes(mine.data):
        return None
    if theirs.v > mine.v:
        return f"makes {mine.type} v{mine.v}, the log records v{theirs.v}, newer than these rules"
    try:
        same = event is not None and codec.decode(theirs) == event
    except (msgspec.ValidationError, msgspec.DecodeError, KeyError, ValueError):
        same = False
    if same:
        return None
    return (f"makes {mine.type} {_quote(bytes(mine.data))}, the log records "
            f"{_quote(bytes(theirs.data))}")


def compare_prefix(fork: Sequence[Envelope], source: Sequence[Envelope]) -> str | None:
    """Why a fork's first envelopes are not its source's effective history, or None."""
    if len(fork) != len(source):
        return (f"its first {len(fork)} events stand for the source's {len(source)} up to the "
                "fork point")
    for mine, theirs in zip(fork, source, strict=True):
        if (mine.type, mine.v, bytes(mine.data), mine.actor, mine.ref, mine.irreversible,
                bytes(mine.command)) != (theirs.type, theirs.v, bytes(theirs.data), theirs.actor,
                                         theirs.ref, theirs.irreversible, bytes(theirs.command)):
            return f"its seq {mine.seq} is not the source's seq {theirs.seq}"
    return None
