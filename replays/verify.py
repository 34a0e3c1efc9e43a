"""Verifying a replay: the hash chain, then a re-simulation of every recorded command by the
game's rules (replays/resim.py), then the outcome.

A log the rules prove is *proven*. One that cannot be re-simulated (its header has no seed,
as while a game is played, or it was written before commands were recorded) still verifies
as before, by its hash chain and a rebuild with `evolve`, but is *unproven*, and says why:
nothing then shows that its moves were legal. A fork's file is proven from its fork point on;
its first events are proven by its source's log (`source`, or the server's own copy of it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.core import REWOUND, Envelope, RewoundData, Timeline, fold, registry, verify_chain
from domain.core.registry import AnyGame
from domain.core.table import logged_result

from .format import Header, ReplayError, loads
from .resim import Unprovable, Watch, compare_prefix, resimulate

_rewound = msgspec.json.Decoder(RewoundData)


@dataclass(frozen=True)
class Verified:
    header: Header
    timeline: Timeline
    envelopes: list[Envelope]
    # Every move after the first `prefix` envelopes re-simulated by the rules.
    resimulated: bool = False
    # The first `prefix` envelopes (a fork's, from its source) compared with the source's proof.
    prefix_proven: bool = True
    # Why the log is not proven, as a sentence; "" when it is.
    unproven: str = ""

    @property
    def events(self) -> int:
        return len(self.envelopes)

    @property
    def state(self) -> Any:
        return self.timeline.state

    @property
    def prefix(self) -> int:
        return self.header.prefix or 0

    @property
    def proven(self) -> bool:
        """Every event of the log follows from its setup and its commands by the rules."""
        return self.resimulated and self.prefix_proven

    def proof(self) -> str:
        """The proof in words, for people."""
        if not self.resimulated:
            return f"unproven: {self.unproven}"
        moves = sum(1 for env in self.envelopes[self.prefix:] if env.commanded)
        text = f"proven: {moves} recorded commands re-simulated by the rules"
        if self.prefix:
            origin = f"game {self.header.forked_from} at seq {self.header.forked_at}"
            text += (f" after its first {self.prefix} events, those of {origin}" +
                     (", proven by that game's replay" if self.prefix_proven else
                      f" ({self.unproven})"))
        return text


def game_of(header: Header) -> AnyGame:
    game = registry.get(header.kind)
    if game is None:
        raise ReplayError(f"unknown game kind {header.kind!r}")
    return game


def verify(data: bytes, source: bytes | None = None, watch: Watch | None = None) -> Verified:
    """Check a replay file; raise `ReplayError` saying what is wrong. `source`: the replay of
    the game a fork's file was forked from, to prove the fork's first events too."""
    header, envelopes = loads(data)
    game = game_of(header)
    bad = verify_chain(envelopes)
    if bad is not None:
        raise ReplayError(f"the hash chain breaks at seq {bad}")
    check_sequence(envelopes)
    try:
        timeline = resimulate(game, header, envelopes, watch)
    except Unprovable as exc:
        return Verified(header, _rebuilt(game, header, envelopes), envelopes, unproven=str(exc))
    _check_outcome(game, header, timeline, envelopes)
    verified = Verified(header, timeline, envelopes, resimulated=True)
    if not verified.prefix:
        return verified
    why = prove_prefix(verified, source)
    return Verified(header, timeline, envelopes, True, why is None, why or "")


def prove_prefix(verified: Verified, source: bytes | None) -> str | None:
    """Why a fork's first events are not proven by `source` (its source's replay), or None."""
    header = verified.header
    if source is None:
        return "give that game's replay to prove them"
    of_source = verify(source)
    if not of_source.proven:
        return f"that game's replay is {of_source.proof()}"
    if of_source.header.game_id != header.forked_from or header.forked_at is None:
        return f"the replay given is of game {of_source.header.game_id}, not {header.forked_from}"
    if not 0 <= header.forked_at <= len(of_source.envelopes):
        return f"that game has no seq {header.forked_at}"
    history = fold(game_of(header), of_source.envelopes[: header.forked_at]).effective()
    why = compare_prefix(verified.envelopes[: verified.prefix], history)
    return None if why is None else f"they are not that game's: {why}"


def _rebuilt(game: AnyGame, header: Header, envelopes: list[Envelope]) -> Timeline:
    """An unproven log's state, folded with `evolve` as recorded (as Plaza always did)."""
    try:
        timeline = fold(game, envelopes)
    except (msgspec.ValidationError, msgspec.DecodeError, ValueError, KeyError) as exc:
        raise ReplayError(f"the events do not rebuild a game: {exc}") from None
    except Exception as exc:  # a game's evolve meeting events no real game produces
        raise ReplayError(f"the events do not rebuild a game: {type(exc).__name__}: {exc}") from None
    _check_outcome(game, header, timeline, envelopes)
    return timeline


def _check_outcome(game: AnyGame, header: Header, timeline: Timeline,
                   envelopes: Sequence[Envelope]) -> None:
    if header.outcome is None:
        return
    rebuilt = game.outcome(timeline.state) if timeline.state is not None else None
    rebuilt = logged_result(header.seats, envelopes, rebuilt)  # the table's say: drops, bots
    if rebuilt is None:
        raise ReplayError(f"seq {timeline.seq}: the log ends there, before the game is over, "
                          "yet the header gives an outcome")
    said = header.outcome
    if "bot_moves" not in said.breakdown:  # written before results counted bots' moves
        rebuilt.breakdown.pop("bot_moves", None)
    if rebuilt == said:
        return
    if (rebuilt.scores, rebuilt.winners) == (said.scores, said.winners):
        raise ReplayError(f"seq {timeline.seq}: the game ends there with a breakdown of its "
                          "scores other than the header's")
    raise ReplayError(f"seq {timeline.seq}: the game ends there with scores {rebuilt.scores} and "
                      f"winners {rebuilt.winners}, the header says scores {said.scores} and "
                      f"winners {said.winners}")


def check_sequence(envelopes: list[Envelope]) -> None:
    """Seqs run 1, 2, 3...; a rewind goes back to an earlier seq, never below 0."""
    for expected, env in enumerate(envelopes, start=1):
        if env.seq != expected:
            raise ReplayError(f"seq {env.seq} stands where seq {expected} should")
        if env.type == REWOUND:
            try:
                to_seq = _rewound.decode(msgspec.json.encode(env.data)).to_seq
            except msgspec.DecodeError as exc:
                raise ReplayError(f"seq {env.seq}: a Rewound event without a valid to_seq: {exc}") from None
            if not 0 <= to_seq < env.seq:
                raise ReplayError(f"seq {env.seq}: a Rewound event to seq {to_seq}, "
                                  f"outside 0 to {env.seq - 1}")
