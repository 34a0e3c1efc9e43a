"""Only the right people act on a game, names cannot carry escapes, pages cannot be framed."""

from __future__ import annotations

import pytest

from tests.support.live import LiveServer

from .peers import Peer, auth, error_of


def test_only_the_creator_or_a_seated_player_may_seat_bots(server: LiveServer) -> None:
    host, stranger = Peer(server, "127.0.0.20"), Peer(server, "127.0.0.21")
    created = host.create("tinydraw", 3)
    game, other = created["game_id"], host.create("tinydraw", 2)
    assert error_of(stranger.http.post(f"/api/games/{game}/bots")) == (403, "not_allowed")
    forged = stranger.http.post(f"/api/games/{game}/bots", headers=auth(other["creator_token"]))
    assert error_of(forged) == (401, "bad_token"), "another game's creator token is no key"
    seat = host.http.post(f"/api/games/{game}/join", json={"name": "Ann"}).json()["token"]
    assert error_of(stranger.http.post(f"/api/games/{other['game_id']}/bots", headers=auth(seat))) == (
        401, "bad_token"), "a seat of another game is no key"
    assert host.http.get(f"/api/games/{game}").json()["status"] == "waiting"
    assert host.http.post(f"/api/games/{game}/bots", headers=auth(seat)).status_code == 200
    assert host.http.post(f"/api/games/{other['game_id']}/bots",
                          headers=auth(other["creator_token"])).status_code == 200
    host.close()
    stranger.close()


@pytest.mark.parametrize("name", ["\x1b[2J\x1b[31mAdmin", "Ann\u202eevil", "Bob\x00", "line\nbreak",
                                  "\u2066Eve\u2069", "x" * 41, "   "])
def test_a_name_cannot_carry_control_or_direction_characters(server: LiveServer, name: str) -> None:
    peer = Peer(server, "127.0.0.22")
    game = peer.create()["game_id"]
    assert error_of(peer.http.post(f"/api/games/{game}/join", json={"name": name})) == (400, "bad_name")
    assert peer.http.get(f"/api/games/{game}").json()["seats"] == [None, None]
    peer.close()


def test_a_name_in_an_imported_replay_is_held_to_the_same_rule(server: LiveServer) -> None:
    header = ('{"format":"plaza-replay/1","kind":"tinydraw","options":{},"seats":2,'
              '"names":["\\u001b[2JEve","B"]}\n')
    answer = Peer(server, "127.0.0.22").http.post("/api/replays", content=header.encode())
    assert error_of(answer) == (400, "bad_replay") and "U+001B" in answer.json()["error"]["message"]


@pytest.mark.parametrize("path", ["/", "/games/abc", "/games/abc/replay", "/api/kinds",
                                  "/static/app/play.js"])
def test_pages_cannot_be_framed_sniffed_or_run_foreign_scripts(server: LiveServer, path: str) -> None:
    answer = Peer(server, "127.0.0.23").http.get(path)
    assert answer.status_code == 200
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
