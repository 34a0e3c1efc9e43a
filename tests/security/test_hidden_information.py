"""Nothing hidden leaks: not through a fork, not through a seed the creator chose."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.live import LiveServer

from .peers import Peer, auth, error_of, recv

HIDDEN_HANDS = {  # a kind with secrets from the first step, and where one seat's secret sits
    "bellavista": lambda view: view["players"][0]["hand"],
    "carrara": lambda view: view["players"][0]["blocks"],  # behind the screen
    "barcelona": lambda view: view["players"][0]["hand"],
}


async def until_seat_0_holds_a_secret(peer: Peer, kind: str, game: str, tokens: list[str]) -> Any:
    """Play the first legal moves (a colour choice, say) until seat 0 holds something hidden."""
    for n in range(12):
        state = peer.http.get(f"/api/games/{game}/state", headers=auth(tokens[0])).json()
        if secret := HIDDEN_HANDS[kind](state["view"]):
            return secret
        seat = state["active"][0]
        ws = await peer.connect(game, tokens[seat])
        legal = (await recv(ws, "welcome"))["legal"]
        await ws.send(json.dumps({"op": "command", "ref": f"setup{n}", "command": legal[0]}))
        assert (await recv(ws, "accepted"))["ref"] == f"setup{n}"
        await ws.close()
    raise AssertionError(f"seat 0 of {kind} holds nothing hidden after 12 moves")


@pytest.mark.parametrize("kind", sorted(HIDDEN_HANDS))
async def test_a_stranger_cannot_see_a_live_games_hidden_cards_through_a_fork(
        server: LiveServer, kind: str) -> None:
    players, stranger = Peer(server, "127.0.0.2"), Peer(server, "127.0.0.3")
    game = players.create(kind, 2)["game_id"]
    tokens = players.join_all(game, 2)
    secret = await until_seat_0_holds_a_secret(players, kind, game, tokens)
    seq = players.http.get(f"/api/games/{game}").json()["seq"]

    refused = stranger.http.post(f"/api/games/{game}/fork", json={"at": seq})
    assert error_of(refused) == (403, "not_allowed")
    # A seat may fork; the stranger may not take, watch or read its other seats' secrets.
    fork = players.http.post(f"/api/games/{game}/fork", json={"at": seq}, headers=auth(tokens[1]))
    assert fork.status_code == 201, fork.text
    fork_id = fork.json()["game_id"]
    assert fork.json()["joined"]["seat"] == 1
    for body in ({"name": "Eve"}, {"name": "Eve", "seat": 0},
                 {"name": "Eve", "seat": 0, "source_token": tokens[1]}):
        assert error_of(stranger.http.post(f"/api/games/{fork_id}/join", json=body)) == (403, "private_fork")
    for path in ("state", "events", "replay"):
        assert error_of(stranger.http.get(f"/api/games/{fork_id}/{path}")) == (403, "private_fork")
    # The source's seat 0 takes seat 0 of the fork and sees what it saw.
    own = players.http.post(f"/api/games/{fork_id}/join", json={"name": "P0", "source_token": tokens[0]})
    assert own.status_code == 200 and own.json()["seat"] == 0, own.text
    view = players.http.get(f"/api/games/{fork_id}/state", headers=auth(own.json()["token"])).json()["view"]
    assert HIDDEN_HANDS[kind](view) == secret
    players.close()
    stranger.close()


async def test_a_stranger_cannot_watch_a_private_fork_over_the_websocket(server: LiveServer) -> None:
    players, stranger = Peer(server, "127.0.0.2"), Peer(server, "127.0.0.3")
    game = players.create("tinydraw", 2)["game_id"]
    tokens = players.join_all(game, 2)
    fork = players.http.post(f"/api/games/{game}/fork", json={"at": 3}, headers=auth(tokens[0])).json()
    ws = await stranger.connect(fork["game_id"])
    assert (await recv(ws, "error"))["code"] == "private_fork"
    await ws.close()
    players.close()
    stranger.close()


async def test_anyone_may_fork_a_finished_game(server: LiveServer) -> None:
    game = await finished_game(Peer(server, "127.0.0.2"))
    stranger = Peer(server, "127.0.0.3")
    replay = stranger.http.get(f"/api/games/{game}/replay").content
    assert json.loads(replay.splitlines()[0])["seed"] is not None, "a finished game's seed is public"
    fork = stranger.http.post(f"/api/games/{game}/fork", json={"at": 3})
    assert fork.status_code == 201 and fork.json()["joined"] is None, fork.text
    joined = stranger.http.post(f"/api/games/{fork.json()['game_id']}/join", json={"name": "Eve"})
    assert joined.status_code == 200, joined.text
    stranger.close()


async def finished_game(peer: Peer) -> str:
    """A one-round Tiny Draw game that both seats end by ending their turns."""
    game = peer.create("tinydraw", 2, options={"rounds": 1})["game_id"]
    seats = [await peer.connect(game, token) for token in peer.join_all(game, 2)]
    for ws in seats:
        await recv(ws, "welcome")
    for turn in (0, 1):
        await seats[turn].send(json.dumps({"op": "command", "ref": "end", "command": {"type": "EndTurn"}}))
        assert (await recv(seats[turn], "accepted"))["ref"] == "end"
    for ws in seats:
        await ws.close()
    assert peer.http.get(f"/api/games/{game}").json()["status"] == "finished"
    peer.close()
    return str(game)


def test_a_chosen_seed_makes_a_practice_game_marked_everywhere(server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.4")
    chosen = peer.create("tinydraw", 2, seed=42)
    secret = peer.create("tinydraw", 2)
    assert chosen["practice"] is True and secret["practice"] is False
    assert peer.http.get(f"/api/games/{chosen['game_id']}").json()["practice"] is True
    lobby = {g["game_id"]: g for g in peer.http.get("/api/games", params={"status": "waiting"}).json()}
    assert lobby[chosen["game_id"]]["practice"] is True
    assert lobby[secret["game_id"]]["practice"] is False
    # A game's secret seed is never sent while it is played.
    replay = peer.http.get(f"/api/games/{secret['game_id']}/replay").content
    assert "seed" not in json.loads(replay.splitlines()[0])
    peer.close()
