"""The server records every move's command, shows it only where its event is shown whole,
exports the proof by audience, and imports only what the rules prove."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from domain.core import NULL, rechain
from replays.format import dumps, loads
from replays.verify import verify
from tests.support import http
from tests.support.live import LiveServer
from tests.support.wsclient import WsClient, join_all, new_game


async def _play(server: LiveServer, game: str, tokens: list[str], moves: int = 300) -> None:
    """Each active seat sends its first legal command until the game ends."""
    players = [await WsClient.connect(server.ws_url, game, token) for token in tokens]
    for _ in range(moves):
        latest = players[0].latest()
        if latest["outcome"] is not None:
            break
        seat = latest["active"][0]
        answer = await players[seat].command(players[seat].latest()["legal"][0])
        assert answer["op"] == "accepted", answer
        for player in players:
            await player.wait_seq(answer["seq"])
    for player in players:
        await player.close()


async def _finished(server: LiveServer) -> tuple[str, bytes]:
    game = new_game(server.url, 2, seed=21, options={"rounds": 1})
    await _play(server, game, join_all(server.url, game, 2))
    return game, (await http.get(f"{server.url}/api/games/{game}/replay")).content


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def test_a_command_is_shown_only_to_audiences_that_see_its_event(live_server: LiveServer) -> None:
    url = live_server.url
    game = new_game(url, 2, seed=5)
    tokens = join_all(url, game, 2)
    player = await WsClient.connect(live_server.ws_url, game, tokens[0])
    drew = (await player.command({"type": "Draw"}))["seq"]
    await player.close()

    async def exported(headers: dict[str, str]) -> dict[int, Any]:
        header, envelopes = loads((await http.get(f"{url}/api/games/{game}/replay", headers=headers)).content)
        assert header.seed is None, "an unfinished game keeps its seed"
        return {env.seq: env for env in envelopes}

    mine, theirs = await exported(_auth(tokens[0])), await exported(_auth(tokens[1]))
    watched = await exported({})
    assert bytes(mine[drew].command) == b'{"type":"Draw"}'
    assert theirs[drew].command is NULL and watched[drew].command is NULL, "the draw is secret"
    events = (await http.get(f"{url}/api/games/{game}/events", params={"since": drew - 1})).json()
    assert "command" not in events["events"][0]


async def test_a_finished_game_is_proven_and_imports_but_an_unproven_copy_does_not(
        live_server: LiveServer) -> None:
    _, data = await _finished(live_server)
    verified = verify(data)
    assert verified.proven, verified.proof()
    assert (await http.post(f"{live_server.url}/api/replays", content=data)).status_code == 201
    header, envelopes = loads(data)
    stripped = rechain([msgspec.structs.replace(env, command=NULL) for env in envelopes], "g")
    answer = await http.post(f"{live_server.url}/api/replays", content=dumps(header, stripped))
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_replay"
    assert "unproven: it records no commands" in answer.json()["error"]["message"]


async def test_a_forged_move_is_refused_at_import_naming_its_seq(live_server: LiveServer) -> None:
    _, data = await _finished(live_server)
    header, envelopes = loads(data)
    at = next(i for i, env in enumerate(envelopes) if env.type == "Played")
    forged = msgspec.structs.replace(
        envelopes[at], command=msgspec.Raw(b'{"card":100,"type":"Play"}'),
        data=msgspec.Raw(json.dumps({"card": 100, "seat": envelopes[at].actor, "type": "Played"},
                                    sort_keys=True, separators=(",", ":")).encode()))
    body = dumps(header, rechain([*envelopes[:at], forged, *envelopes[at + 1:]], header.game_id or "g"))
    answer = await http.post(f"{live_server.url}/api/replays", content=body)
    assert answer.status_code == 400
    assert f"seq {at + 1}: the rules refuse" in answer.json()["error"]["message"]


async def test_a_fork_names_its_source_and_is_proven_from_it(live_server: LiveServer) -> None:
    url = live_server.url
    source, source_replay = await _finished(live_server)
    fork = (await http.post(f"{url}/api/games/{source}/fork", json={"at": 6})).json()
    await _play(live_server, fork["game_id"], join_all(url, fork["game_id"], 2))
    data = (await http.get(f"{url}/api/games/{fork['game_id']}/replay")).content
    header, _ = loads(data)
    assert (header.forked_from, header.forked_at, header.prefix) == (source, 6, fork["seq"])
    assert verify(data).resimulated and verify(data, source=source_replay).proven
    imported = await http.post(f"{url}/api/replays", content=data)
    assert imported.status_code == 201 and imported.json()["status"] == "finished", imported.text
    again = (await http.get(f"{url}/api/games/{imported.json()['game_id']}/replay")).content
    assert loads(again)[0].prefix == header.prefix, "an imported fork stays one"
    elsewhere = data.replace(f'"forked_from":"{source}"'.encode(), b'"forked_from":"nowhere"', 1)
    refused = await http.post(f"{url}/api/replays", content=elsewhere)
    assert refused.status_code == 400 and "does not hold" in refused.json()["error"]["message"]
