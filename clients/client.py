"""The Plaza client library: HTTP helpers and a reconnecting WebSocket game connection.

It speaks PROTOCOL.md and nothing else; of the server it imports only `server.protocol`
(the wire types). Typical use:

    async with PlazaClient("http://127.0.0.1:8000") as plaza:
        info = await plaza.new_game("tinydraw", seats=2)
        joined = await plaza.join(info.game_id, "Ada")
        async with plaza.connect(info.game_id, token=joined.token) as game:
            answer = await game.command(game.legal[0])
            async for update in game.updates():
                ...

The parts: http.py (`PlazaClient`, the `/api` routes), connection.py (`GameConnection`,
which reconnects by itself and delivers every envelope once, in order), outbox.py (commands
awaiting their answer, by ref), updates.py (envelopes and updates), errors.py. This module
gathers their public names.
"""

from __future__ import annotations

from .connection import GameConnection
from .errors import ConnectionLost, PlazaError, ServerUnavailable
from .handshake import MAX_INCOMING
from .http import DEFAULT_URL, KindInfo, PlazaClient, default_url, ws_url
from .updates import Answer, Envelope, GameUpdate, SeqTracker, to_envelope, to_envelopes

__all__ = [
    "DEFAULT_URL", "MAX_INCOMING", "Answer", "ConnectionLost", "Envelope", "GameConnection",
    "GameUpdate", "KindInfo", "PlazaClient", "PlazaError", "SeqTracker", "ServerUnavailable",
    "default_url", "to_envelope", "to_envelopes", "ws_url",
]
