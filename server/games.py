"""The games this process holds: loaded on first use, let go when idle and too many.

Any process may serve any game; each holds the games its connections, commands and bots
use. Reads of a game not held here load a copy for that read alone (`peek`), so browsing
many games never pushes the held ones past `max_loaded`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, OrderedDict

from domain.core import memo, registry

from . import metrics
from .broker import Broker
from .runtime import GameRuntime, Settings
from .store import Store

log = logging.getLogger("plaza.games")


class Runtime:
    """The games this process holds in memory: loaded on first use, and the least
    recently used ones with no viewer let go once there are more than `max_loaded`."""

    def __init__(self, store: Store, broker: Broker, settings: Settings | None = None) -> None:
        self.store = store
        self.broker = broker
        self.settings = settings or Settings()
        self.games: OrderedDict[str, GameRuntime] = OrderedDict()
        self.in_play: Counter[str] = Counter()  # games held, per kind: the domain's caches fit them
        self._loading: dict[str, asyncio.Lock] = {}
        broker.on_reconnect(self.catch_up_all)

    async def get(self, game_id: str) -> GameRuntime | None:
        loaded = self.games.get(game_id)
        if loaded is not None:
            self.games.move_to_end(game_id)
            loaded.last_used = time.monotonic()
            return loaded
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                return self.games.get(game_id) or await self._load(game_id)
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)

    async def peek(self, game_id: str) -> GameRuntime | None:
        """The game for reading: the one held here, or else a copy loaded for this read alone,
        so that reading many games never grows what this process holds past `max_loaded`."""
        loaded = self.games.get(game_id)
        if loaded is not None:
            return loaded
        return await self._build(game_id, follow=False)

    async def _build(self, game_id: str, follow: bool) -> GameRuntime | None:
        row = await self.store.game(game_id)
        game = registry.get(row.kind) if row is not None else None
        if row is None or game is None:
            return None
        runtime = GameRuntime(row, game, self.store, self.broker, self.settings)
        await runtime.load(follow)
        return runtime

    async def _load(self, game_id: str) -> GameRuntime | None:
        runtime = await self._build(game_id, follow=True)
        if runtime is None:
            return None
        self.games[game_id] = runtime
        self.in_play[runtime.kind] += 1
        await self._evict()
        memo.fit(self.in_play)
        metrics.GAMES_LOADED.set(len(self.games))
        return runtime

    async def _evict(self) -> None:
        excess = len(self.games) - self.settings.max_loaded
        if excess <= 0:  # the common case: no copy of every game held to walk
            return
        # A game just handed out may be about to get a viewer: only long-idle ones go.
        idle_since = time.monotonic() - self.settings.idle_seconds
        for game_id, runtime in list(self.games.items()):
            if excess <= 0:
                break
            if (len(runtime.audiences) == 0 and not runtime.lock.locked() and not runtime.bots.busy
                    and not runtime.tableside.waiting and runtime.last_used < idle_since):
                del self.games[game_id]
                self.in_play[runtime.kind] -= 1
                await self.broker.unsubscribe(game_id, runtime.on_broker)
                excess -= 1

    async def resume_bots(self) -> None:
        """Load every active game with bots or a table of its own (clocks, leavers), so its
        bots play on and its clocks run after a restart."""
        tabled = [row.game_id for row in await self.store.games("active", limit=10_000) if row.table]
        for game_id in [*await self.store.games_with_bots(), *tabled]:
            await self.get(game_id)

    async def close(self) -> None:
        for runtime in list(self.games.values()):
            runtime.tableside.close()
            await runtime.bots.stop()

    async def catch_up_all(self) -> None:
        for runtime in list(self.games.values()):
            try:
                await runtime.catch_up()
            except Exception:
                log.exception("catch-up failed for game %s", runtime.game_id)
