"""Local viewers of one game, grouped by audience (a seat, or `None` for spectators).

Each batch of envelopes is redacted, viewed and encoded once per audience, then
the same bytes go to every connection of that audience.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from domain.core import NULL, REWOUND, Envelope, canonical
from domain.core.table import TABLE_TYPES, describe_table

from . import metrics
from .protocol import Update, Welcome
from .viewbytes import KeptParts, encoded_views

if TYPE_CHECKING:
    from .runtime import GameRuntime, Viewer

_encoder = msgspec.json.Encoder()
_NONE: Mapping[int | None, Any] = {}  # read only


class Audiences:
    def __init__(self, runtime: GameRuntime) -> None:
        self.runtime = runtime
        self.viewers: dict[int | None, set[Viewer]] = {}
        self._public: tuple[Any, Any] = (None, None)  # (state, view) for public-view games
        self._parts = KeptParts()  # the public view's long arrays, kept encoded
        self._lines: dict[int, str] = {}  # seq -> the unredacted event in words, per fan-out

    def attach(self, viewer: Viewer) -> None:
        self.viewers.setdefault(viewer.seat, set()).add(viewer)
        self.runtime.tableside.seen(viewer.seat)

    def detach(self, viewer: Viewer) -> None:
        group = self.viewers.get(viewer.seat)
        if group is not None:
            group.discard(viewer)
            if not group:
                del self.viewers[viewer.seat]
            self.runtime.tableside.gone(viewer.seat, still_here=bool(group))

    def __len__(self) -> int:
        return sum(len(group) for group in self.viewers.values())

    # -- what an audience sees ----------------------------------------------------------

    def redacted(self, env: Envelope, event: Any, audience: int | None) -> Envelope:
        return self.visible(env, event, audience)[0]

    def visible(self, env: Envelope, event: Any, audience: int | None) -> tuple[Envelope, str]:
        """The envelope as this audience may see it, and the event in words."""
        if env.type == REWOUND:
            return env, f"Seat {env.actor} took back a move."
        if env.type in TABLE_TYPES:
            return env, describe_table(event)
        game = self.runtime.game
        shown = game.redact(event, audience)
        if shown is event:  # nothing hidden: the stored bytes serve, and one sentence for all
            line = self._lines.get(env.seq)
            if line is None:
                line = self._lines[env.seq] = game.describe(event)
            return env, line
        # The move's command shows what its event hid: it goes with the event's secret.
        hidden = msgspec.structs.replace(env, data=msgspec.Raw(canonical(shown)), command=NULL)
        return hidden, game.describe(shown)

    def snapshot(self, audience: int | None, table: tuple[list[int], Any] | None = None,
                 with_view: bool = True) -> tuple[Any, list[Any], list[int], Any]:
        """(view, legal, active, outcome) of the current state for one audience; `table`:
        (active, outcome), the same for every audience, when already known; the view None
        unless `with_view`."""
        state = self.runtime.state
        if state is None:
            return None, [], [], None
        game = self.runtime.game
        active, outcome = table or self.table()
        legal = game.legal(state, audience) if audience is not None and audience in active else []
        return (self.view(state, audience) if with_view else None), legal, active, outcome

    def table(self) -> tuple[list[int], Any]:
        """(active, outcome) as the table has them: nobody to wait for in an abandoned game,
        and the result with any dropped seats last."""
        rt = self.runtime
        outcome = rt.result if rt.result is not None else rt.tableside.outcome(rt.game.outcome(rt.state))
        return ([] if rt.tableside.side.over else rt.game.active(rt.state)), outcome

    def view(self, state: Any, audience: int | None) -> Any:
        """The audience's view; computed and encoded once per state when every audience
        sees the same (the encoded bytes then go into each audience's frame as they are)."""
        game = self.runtime.game
        if not game.public_view:
            return game.view(state, audience)
        cached_state, cached_view = self._public
        if cached_state is not state:
            cached_view = msgspec.Raw(self._parts.encode(game.view(state, None)))
            self._public = (state, cached_view)
        return cached_view

    def shown(self, pairs: list[tuple[Envelope, Any]],
              audience: int | None) -> tuple[list[Envelope], list[str]]:
        """The envelopes as this audience may see them, and each in words."""
        events, log = [], []
        for env, event in pairs:
            shown, line = self.visible(env, event, audience)
            events.append(shown)
            log.append(line)
        return events, log

    def welcome(self, audience: int | None, pairs: list[tuple[Envelope, Any]]) -> bytes:
        rt = self.runtime
        view, legal, active, outcome = self.snapshot(audience)
        events, log = self.shown(pairs, audience)
        return _encoder.encode(Welcome(rt.game_id, rt.kind, audience, rt.seq, events, view,
                                       legal, active, outcome, log, rt.tableside.view()))

    def update(self, audience: int | None, pairs: list[tuple[Envelope, Any]],
               table: tuple[list[int], Any] | None = None, side: Any = None,
               view: Any = None) -> bytes:
        """The update frame for one audience; `view`: its view already encoded (`views`)."""
        if view is None:
            view, legal, active, outcome = self.snapshot(audience, table)
        else:
            _, legal, active, outcome = self.snapshot(audience, table, with_view=False)
        events, log = self.shown(pairs, audience)
        return _encoder.encode(Update(self.runtime.seq, events, view, legal, active, outcome, log,
                                      side if side is not None else self.runtime.tableside.view()))

    def views(self, audiences: Collection[int | None]) -> Mapping[int | None, Any]:
        """The current state's view for each of `audiences`, encoded with the bytes they
        share made once (viewbytes.py), for a game whose views share parts; else none (each
        audience's `update` then makes its own)."""
        state = self.runtime.state
        game = self.runtime.game
        if state is None or not game.views_share_parts or game.public_view or len(audiences) < 2:
            return _NONE
        table = game.view(state, None)
        views = [table if a is None else game.view(state, a) for a in audiences]
        return dict(zip(audiences, map(msgspec.Raw, encoded_views(table, views)), strict=True))

    def fan_out(self, pairs: list[tuple[Envelope, Any]], force: bool = False) -> None:
        """Send each audience its update; with `force`, even with no new envelopes.

        Per audience with a connection: one view, legal only for a seat that can act, and one
        encoding, whose bytes then go to every connection."""
        if not self.viewers or not (pairs or force):
            return
        started = time.perf_counter()
        self._lines.clear()
        table = self.table() if self.runtime.state is not None else None
        side = msgspec.Raw(_encoder.encode(self.runtime.tableside.view()))  # the same for all
        views = self.views(self.viewers)
        # A public game shows every audience the same view and events (its contract): those
        # with nothing to do get the same frame, encoded once (Villa: 3 of 5 encodings).
        acting = table[0] if table is not None and self.runtime.game.public_view else None
        shared: bytes | None = None
        for audience, group in list(self.viewers.items()):
            if acting is not None and (audience is None or audience not in acting):
                data = shared = shared or self.update(audience, pairs, table, side)
            else:
                data = self.update(audience, pairs, table, side, views.get(audience))
            for viewer in list(group):
                viewer.send(data)
        metrics.FANOUT_SECONDS.observe(time.perf_counter() - started)
