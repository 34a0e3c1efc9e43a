"""Checks every game must pass, shared by the games' property tests.

`play_and_check` plays one random game to the end through `legal()` alone,
sending each command as a client would (JSON through the wire), and checks the
decider contract along the way. Games add their own rule and secrecy checks.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from random import Random
from typing import Any

import msgspec

from domain.core import Envelope, EventCodec, Game, Timeline, fold, tag_of, verify_chain
from domain.core.simulate import Simulation
from server.viewbytes import KeptParts, encoded_views

AnyGame = Game[Any, Any, Any, Any, Any]
_envelopes = msgspec.json.Decoder(list[Envelope])


def wire(obj: Any) -> Any:
    """What a client would send or receive: the object through JSON."""
    return msgspec.json.decode(msgspec.json.encode(obj))


def check_views(game: AnyGame, sim: Simulation) -> None:
    """Every audience's view encodes and decodes as the game's view type, and each seat's view has
    the spectators' view's shape (PROTOCOL.md: "A view has the same shape for every audience")."""
    decoder = msgspec.json.Decoder(game.view_type)
    spectators = msgspec.json.encode(game.view(sim.state, None))
    decoder.decode(spectators)
    table = msgspec.json.decode(spectators)
    for seat in range(sim.seats):
        encoded = msgspec.json.encode(game.view(sim.state, seat))
        decoder.decode(encoded)
        if game.public_view:  # the platform then sends every audience the spectators' view
            assert encoded == spectators, f"{game.kind} says its view is public, but seat {seat}'s differs"
        problem = shape_difference(msgspec.json.decode(encoded), table)
        assert problem is None, f"{game.kind}: seat {seat}'s view and the spectators' differ {problem}"


def shape_difference(seat: Any, table: Any, path: str = "view") -> str | None:
    """Where a seat's view and the table's stop having one shape, or None.

    Objects have the same keys at every path; lists of equal length are compared element by
    element; what an audience may not see is null on either side, or a plain value where the other
    has a list (`hand: 3` for the cards behind a screen), never an object turned into something else.
    """
    if seat is None or table is None:
        return None
    if isinstance(seat, dict) or isinstance(table, dict):
        if not (isinstance(seat, dict) and isinstance(table, dict)):
            return f"at {path}: {_kind(seat)} for the seat, {_kind(table)} for the spectators"
        if seat.keys() != table.keys():
            only_seat, only_table = sorted(seat.keys() - table.keys()), sorted(table.keys() - seat.keys())
            return f"at {path}: keys only the seat sees {only_seat}, only the spectators see {only_table}"
        for key in seat:
            problem = shape_difference(seat[key], table[key], f"{path}.{key}")
            if problem is not None:
                return problem
        return None
    if isinstance(seat, list) and isinstance(table, list) and len(seat) == len(table):
        for i, (mine, theirs) in enumerate(zip(seat, table, strict=True)):
            problem = shape_difference(mine, theirs, f"{path}[{i}]")
            if problem is not None:
                return problem
    return None


def _kind(value: Any) -> str:
    return "an object" if isinstance(value, dict) else f"{type(value).__name__} {value!r:.40}"


def check_redaction(game: AnyGame, sim: Simulation, envs: list[Envelope]) -> None:
    """Redaction keeps every event (same tag) for every audience, and hides nothing in a game
    whose view is public."""
    codec = EventCodec(game)
    for env in envs:
        if env.type == "Rewound":
            continue
        event = codec.decode(env)
        for viewer in [None, *range(sim.seats)]:
            redacted = game.redact(event, viewer)
            assert tag_of(redacted) == env.type, f"redact changed {env.type}"
            msgspec.json.encode(redacted)
            # A public game's audiences that cannot act are sent one frame (server/audience.py).
            assert not game.public_view or redacted is event, (
                f"{game.kind} says its view is public, but redacts {env.type} for {viewer}")


def check_every_state(game: AnyGame, sim: Simulation) -> None:
    """Every state the log passes through, not only those a command leaves, can be shown to
    every audience: a replay steps event by event (`GET /api/games/{id}/state?at=`), and the
    states between a command's events (a setup's draws) are no exception."""
    timeline, shared, kept = Timeline(game), 0, KeptParts()
    for env in sim.envelopes:
        timeline.apply(env)
        state = timeline.state
        if state is None:
            continue
        active = game.active(state)
        views = []
        for audience in (None, *range(sim.seats)):
            try:
                views.append(game.view(state, audience))
                msgspec.json.encode(views[-1])
                if audience in active:
                    msgspec.json.encode(game.legal(state, audience))
            except Exception as exc:
                raise AssertionError(f"{game.kind}: the state after event {env.seq} ({env.type}) "
                                     f"cannot be shown to audience {audience}: {exc!r}") from exc
        check_shared_encoding(game, views, f"the state after event {env.seq}")
        assert kept.encode(views[0]) == msgspec.json.encode(views[0]), (
            f"{game.kind}, the state after event {env.seq}: kept arrays' bytes differ (an array "
            "of an earlier view changed after it was made?)")
        shared += _shares_a_part(views)
    if game.views_share_parts:  # a promise that only costs time when broken, but a promise
        assert shared, f"{game.kind} says its seats' views share parts with the spectators'; none did"


def _shares_a_part(views: list[Any]) -> bool:
    """Whether a seat's view holds one of the spectators' view's lists or structs itself."""
    table, seats = views[0], views[1:]
    if not isinstance(table, msgspec.Struct):
        return False
    parts = [value for value in msgspec.structs.astuple(table)
             if isinstance(value, (list, tuple, dict, msgspec.Struct))]
    return any(seat is not table and type(seat) is type(table)
               and any(any(value is part for part in parts) for value in msgspec.structs.astuple(seat))
               for seat in seats)


def tracked_parts(view: Any, path: str = "view") -> list[str]:
    """Where `view` holds a container the collector still tracks (call after gc.collect()):
    a game's kept views that hold none are never walked by its middle passes again."""
    found = [path] if gc.is_tracked(view) else []
    if isinstance(view, msgspec.Struct):
        for name, value in zip(view.__struct_fields__, msgspec.structs.astuple(view), strict=True):
            found += tracked_parts(value, f"{path}.{name}")
    elif isinstance(view, (list, tuple)):
        for i, value in enumerate(view):
            found += tracked_parts(value, f"{path}[{i}]")
    elif isinstance(view, dict):
        for key, value in view.items():
            found += tracked_parts(value, f"{path}[{key!r}]")
    return found


def check_shared_encoding(game: AnyGame, views: list[Any], where: str) -> None:
    """The server encodes a state's views with their shared bytes made once
    (server/viewbytes.py): each audience must get the very bytes of its own view, for all
    audiences together and for the seats without the spectators."""
    for some in (views, views[1:], views[:2]):
        plain = [msgspec.json.encode(view) for view in some]
        assert encoded_views(views[0], some) == plain, f"{game.kind}, {where}: shared encoding differs"


def check_rebuild(game: AnyGame, sim: Simulation) -> None:
    """The log, written out and read back, rebuilds the very same state and chain."""
    envs = _envelopes.decode(msgspec.json.encode(sim.envelopes))
    assert verify_chain(envs) is None
    assert fold(game, envs).state == sim.state


def play_and_check(
    game: AnyGame,
    seats: int,
    options: Any = None,
    seed: int = 0,
    rng_seed: int = 0,
    max_steps: int = 20_000,
    each_step: Callable[[Simulation], None] | None = None,
    view_every: int = 7,
) -> Simulation:
    """Play a random game to its end, checking the decider contract at every step."""
    sim = Simulation(game, seats, options, seed=seed)
    rng = Random(rng_seed)
    command_decoder = msgspec.json.Decoder(game.command_type)
    for step in range(max_steps):
        if sim.outcome() is not None:
            break
        active = sim.active()
        assert active, "the game waits for nobody but is not over"
        for seat in range(seats):
            if seat not in active:
                assert sim.legal(seat) == [], f"seat {seat} is not active but has legal moves"
        seat = rng.choice(active)
        legal = sim.legal(seat)
        assert legal, f"active seat {seat} has no legal command"
        command = command_decoder.decode(msgspec.json.encode(rng.choice(legal)))
        before = len(sim.envelopes)
        sim.command(seat, command)
        check_redaction(game, sim, sim.envelopes[before:])
        if each_step is not None:
            each_step(sim)
        if step % view_every == 0:
            check_views(game, sim)
    else:
        raise AssertionError(f"no end after {max_steps} steps (seed={seed}, rng_seed={rng_seed})")
    outcome = sim.outcome()
    assert outcome is not None
    assert len(outcome.scores) == seats and len(outcome.ranks) == seats
    assert outcome.winners and all(outcome.ranks[w] == 1 for w in outcome.winners)
    assert sim.active() == []
    check_views(game, sim)
    check_every_state(game, sim)
    check_rebuild(game, sim)
    return sim
