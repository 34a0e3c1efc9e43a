"""The decider contract every game implements.

A game is a set of pure functions over immutable msgspec Structs. The platform
never looks inside a game's state: it folds events with `evolve`, asks `legal`,
`active` and `outcome`, and sends what `view` and `redact` return.

A game declares its functions once, as class attributes holding its modules' functions
(`evolve = staticmethod(evolve)`), so mypy checks each against the signature below, and
`Game.__init_subclass__` refuses a class that leaves out a function or attribute of the
contract when the class is created, at import, rather than at its first call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from random import Random
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import msgspec

from .memo import per_state

S = TypeVar("S")  # state
C = TypeVar("C")  # command union
E = TypeVar("E")  # event union
O = TypeVar("O")  # options  # noqa: E741
V = TypeVar("V")  # view
S_contra = TypeVar("S_contra", contravariant=True)

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


class Outcome(msgspec.Struct, frozen=True):
    """Final result; `scores`, `ranks` are per seat, rank 1 is first."""

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    breakdown: dict[str, Any] = {}


def ranks_from(keys: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """Competition ranks from per-seat sort keys (higher is better; equal keys share).

    Returns (ranks, winners). Keys are compared lexicographically, so a game
    passes (score, tie_break_1, ...) per seat.
    """
    order = [tuple(k) for k in keys]
    ranks = [1 + sum(1 for other in order if other > mine) for mine in order]
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return ranks, winners


class Lister(Protocol[S_contra, C]):
    """`legal`'s signature: the commands `seat` may send in `state`."""

    def __call__(self, state: S_contra, seat: int) -> list[C]: ...


def listed_once(listed: Lister[S, C]) -> Lister[S, C]:
    """`legal` from a function that lists the commands: listed once per state and seat, a
    fresh list each call. The server sends the seat to move its legal commands with each
    state, then `decide` checks the command it sends against the same list; states are
    frozen, so the list holds for as long as the state does. The state is found by its
    identity (`per_state`): hashing a whole state cost more than some lists. The lists are
    kept for as many games as the listing game has in play (its module's kind: with this
    module's, the cache kept 1,024 lists however many games were in play, and at 1,000
    games every command listed its seat's commands twice)."""

    @per_state(module=listed.__module__)
    def once(state: S, seat: int) -> tuple[C, ...]:
        return tuple(listed(state, seat))

    @wraps(listed)
    def legal(state: S, seat: int) -> list[C]:
        return list(once(state, seat))

    return legal


# What every concrete game defines itself: the class attributes, then the functions (the
# others have a default below).
REQUIRED_ATTRIBUTES = ("kind", "title", "seat_counts", "options_type", "command_type", "event_type",
                       "view_type", "state_type")
REQUIRED_FUNCTIONS = ("start", "decide", "evolve", "legal", "active", "view", "outcome")


class Game(Generic[S, C, E, O, V]):
    """Base class of a game's decider. A game package exposes one instance as `GAME`.

    Commands and events are tagged unions of frozen msgspec Structs with
    `tag_field="type"` and explicit, stable string tags: commands in the
    imperative (`PlaceHedge`), events in the past tense (`HedgePlaced`).

    A subclass must define every name of `REQUIRED_ATTRIBUTES` and `REQUIRED_FUNCTIONS`, or
    its creation raises TypeError naming what is missing; a base class meant to be
    subclassed again says so with `class Base(Game[...], abstract=True)`.
    """

    kind: ClassVar[str]
    title: ClassVar[str]
    seat_counts: ClassVar[tuple[int, ...]]
    options_type: ClassVar[type[Any]]
    command_type: ClassVar[Any]  # a Union of Structs
    event_type: ClassVar[Any]  # a Union of Structs
    view_type: ClassVar[Any]
    state_type: ClassVar[type[Any]]
    # True when every audience sees the same view (a game with no secrets in its state):
    # the platform then computes one view per state instead of one per audience.
    public_view: ClassVar[bool] = False
    # True when a seat's view is the spectators' view with a few fields replaced
    # (`msgspec.structs.replace(table, players=...)`), the rest the very same objects: the
    # server then encodes the parts they share once per state (server/viewbytes.py).
    views_share_parts: ClassVar[bool] = False
    # Current schema version per event tag (1 when absent) and the upcasters that
    # lift a stored event's data from version v to v + 1, keyed by (tag, v).
    event_versions: ClassVar[Mapping[str, int]] = {}
    upcasters: ClassVar[Mapping[tuple[str, int], Upcaster]] = {}
    # The event types that reveal hidden or random information (a draw, a reveal): the
    # default `irreversible` is true for them.
    revealing: ClassVar[tuple[type[Any], ...]] = ()
    # How many turns ahead the search bot looks (domain/core/bots.py `horizon`); 0: no limit.
    # A game whose `evaluate` judges the opponents' answers poorly does better with 1.
    search_turns: ClassVar[int] = 0
    # How many turns past that horizon the search's rollouts play greedy's moves (the best
    # `evaluate` one move ahead) before `evaluate` judges: the opponents' likely answers,
    # where a random answer says little (domain/core/bots.py `rollout`). 0: none.
    search_answers: ClassVar[int] = 0

    def __init_subclass__(cls, abstract: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if abstract:
            return
        missing = [name for name in REQUIRED_ATTRIBUTES if not hasattr(cls, name)]
        missing += [f"{name}()" for name in REQUIRED_FUNCTIONS
                    if getattr(cls, name) is getattr(Game, name)]
        if missing:
            raise TypeError(f"the game {cls.__name__} does not define {', '.join(missing)}: "
                            "every game defines the whole contract of domain.core.Game")

    def start(self, options: O, seats: int, rng: Random) -> list[E]:
        """The setup as events; the first one builds the state from nothing."""
        raise NotImplementedError

    def decide(self, state: S, seat: int, command: C, rng: Random) -> list[E]:
        """Validate one command of `seat` (already known to be active) and say what happened.

        Raise a `Rejection` (usually `Illegal`) with a sentence that quotes the input.
        """
        raise NotImplementedError

    def evolve(self, state: S | None, event: E) -> S:
        """Apply one event: total, deterministic, no validation."""
        raise NotImplementedError

    def legal(self, state: S, seat: int) -> list[C]:
        """Every command `seat` may send now, each complete. Empty when not its move."""
        raise NotImplementedError

    def active(self, state: S) -> list[int]:
        """The seats the game waits for now (empty once it is over)."""
        raise NotImplementedError

    def view(self, state: S, viewer: int | None) -> V:
        """What seat `viewer` (or the spectators, `None`) may see of the state."""
        raise NotImplementedError

    def redact(self, event: E, viewer: int | None) -> E:
        """What `viewer` may see of one event. Return the event itself when nothing is secret."""
        return event

    def outcome(self, state: S) -> Outcome | None:
        """Final scores once the game is over, else None."""
        raise NotImplementedError

    def irreversible(self, event: E) -> bool:
        """True for an event that revealed hidden or random information: undo never crosses it.
        By default, an event of one of the `revealing` types."""
        return isinstance(event, self.revealing)

    def describe(self, event: E) -> str:
        """One line of the game log in words (used by terminal and replay tools)."""
        return type(event).__name__

    def bot_move(self, state: S, seat: int, rng: Random) -> C | None:
        """The command the server's bot sends for `seat`, one of `legal`: by default any
        of them at random. A game may override it with a stronger player."""
        moves = self.legal(state, seat)
        return rng.choice(moves) if moves else None

    def evaluate(self, state: S, seat: int) -> float:
        """How good `state` is for `seat`, between -1 (lost) and 1 (won), for the greedy and
        search bots (domain/core/bots.py). It may read only what `seat` may see: a bot
        calls it on states from `determinize`. By default: the final ranks once the game is
        over, else 0. A game overrides it with its own measure (score margins, say)."""
        outcome = self.outcome(state)
        if outcome is None:
            return 0.0
        worst = max(outcome.ranks)  # ranks count from 1; all tied: nobody won or lost
        return 0.0 if worst == 1 else 1.0 - 2.0 * (outcome.ranks[seat] - 1) / (worst - 1)

    def determinize(self, state: S, seat: int, rng: Random) -> S:
        """A state that `seat` cannot tell from `state`: everything hidden from it (other
        seats' hands, screens, face-down cards) dealt anew from rng out of what it has not
        seen, counts kept. Bots search such states, so they never use a secret they could
        not know. `seat` None: a spectator's knowledge. By default the state itself, which
        is right only for a game whose state hides nothing from a seat."""
        return state

    def board(self) -> Any:
        """Static component data a client draws from (the board's geometry, say), served at
        `GET /api/kinds/{kind}/board`, so clients never copy it by hand. None: nothing."""
        return None

    def default_options(self) -> O:
        return msgspec.convert({}, self.options_type)  # type: ignore[no-any-return]
