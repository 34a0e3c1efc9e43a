"""The client library against a real server process (the `live_server` fixture)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from websockets.asyncio.client import ClientConnection

from clients.client import GameConnection, PlazaClient, PlazaError, ServerUnavailable
from server import protocol as p
from tests.support.live import LiveServer


@pytest.fixture
async def plaza(live_server: LiveServer) -> AsyncIterator[PlazaClient]:
    async with PlazaClient(live_server.url) as client:
        yield client


async def _table(plaza: PlazaClient, rounds: int = 3) -> tuple[str, list[str]]:
    info = await plaza.new_game("tinydraw", 2, {"rounds": rounds}, seed=11)
    assert info.status == "waiting" and info.seats == [None, None] and info.practice
    tokens = [(await plaza.join(info.game_id, name)).token for name in ("Ada", "Bob")]
    return info.game_id, tokens


def _seqs(envs: list[p.Envelope]) -> list[int]:
    return [env.seq for env in envs]


async def test_http_helpers(plaza: PlazaClient) -> None:
    kinds = {kind.kind: kind for kind in await plaza.kinds()}
    assert kinds["tinydraw"].seats == [2, 3, 4] and kinds["tinydraw"].command_schema
    game, tokens = await _table(plaza)
    info = await plaza.game(game)
    assert info.status == "active" and info.seats == ["Ada", "Bob"] and info.seq == 3
    assert game in [g.game_id for g in await plaza.games("active")]
    state = await plaza.state(game, token=tokens[0])
    assert state.active == [0] and {"type": "EndTurn"} in state.legal
    assert state.view["players"][0]["hand"] is not None
    spectator = await plaza.state(game, at=1)
    assert spectator.seq == 1 and spectator.legal == []
    seq, envs = await plaza.events(game, since=1)
    assert seq == 3 and _seqs(envs) == [2, 3] and envs[0].data["cards"] is None
    assert _seqs(await plaza.all_events(game)) == [1, 2, 3]
    fork = await plaza.fork(game, 2, token=tokens[0])
    assert fork.status == "waiting" and fork.forked_from == game
    assert fork.joined is not None and fork.joined.seat == 0 and fork.seats == ["Ada", None]
    with pytest.raises(PlazaError) as info_error:
        await plaza.game("nosuchgame")
    assert info_error.value.code == "unknown_game" and info_error.value.status == 404


async def test_board_data_of_a_kind(plaza: PlazaClient) -> None:
    assert await plaza.board("tinydraw") is None  # a game with no static board data
    board = await plaza.board("barcelona")
    assert [x["name"] for x in board["crossings"]][:6] == ["A1", "A2", "A3", "A4", "A5", "B1"]
    assert len(board["spaces"]) == 44 and board["spaces"][0]["ends"] == [0, 1]
    with pytest.raises(PlazaError) as unknown:
        await plaza.board("nosuchkind")
    assert unknown.value.status == 404


async def test_play_undo_and_answers(plaza: PlazaClient) -> None:
    game, tokens = await _table(plaza)
    async with plaza.connect(game, tokens[0]) as ada, plaza.connect(game, tokens[1]) as bob, \
            plaza.connect(game) as watcher:
        assert ada.seat == 0 and bob.seat == 1 and watcher.seat is None
        assert ada.my_turn() and not bob.my_turn() and bob.legal == []
        card = next(c for c in ada.legal if c["type"] == "Play")
        answer = await ada.command(card, after=ada.seq)
        assert isinstance(answer, p.Accepted) and answer.seq == 4 and ada.seq == 4
        assert ada.view["players"][0]["score"] == card["card"]
        undone = await ada.undo()
        assert isinstance(undone, p.Accepted) and ada.view["players"][0]["score"] == 0
        stale = await ada.command({"type": "EndTurn"}, after=3)
        assert isinstance(stale, p.Rejected) and stale.code == "stale"
        illegal = await ada.command({"type": "Play", "card": 42})
        assert isinstance(illegal, p.Rejected) and illegal.code == "illegal" and "42" in \
            illegal.message
        assert (await bob.command({"type": "EndTurn"})).code == "not_your_turn"  # type: ignore[union-attr]
        assert (await watcher.command({"type": "EndTurn"})).code == "not_a_seat"  # type: ignore[union-attr]
        await ada.command({"type": "Draw"})
        refused = await ada.undo()
        assert isinstance(refused, p.Rejected) and refused.code == "undo_refused"
        assert await ada.ping() < 5
        assert await watcher.wait_for_seq(ada.seq)
        seen = [env for update in watcher.pending_updates() for env in update.events]
        assert _seqs(seen) == list(range(4, ada.seq + 1))
        drew = seen[-1]
        assert drew.type == "Drew" and drew.data["card"] is None  # the watcher's is redacted


async def test_a_repeated_ref_gets_its_first_answer(plaza: PlazaClient) -> None:
    game, tokens = await _table(plaza)
    async with plaza.connect(game, tokens[0]) as ada:
        first = await ada.command({"type": "Draw"}, ref="draw-1")
        assert isinstance(first, p.Accepted)
    async with plaza.connect(game, tokens[0]) as again:
        second = await again.command({"type": "Draw"}, ref="draw-1")
        assert second == first and again.seq == first.seq
    assert (await plaza.game(game)).seq == first.seq


async def test_since_gives_exactly_the_missing_envelopes(plaza: PlazaClient) -> None:
    game, tokens = await _table(plaza)
    async with plaza.connect(game, tokens[0]) as ada:
        await ada.command({"type": "Draw"})
        mark = ada.seq
        await ada.command({"type": "EndTurn"})
    async with plaza.connect(game, tokens[1]) as bob:
        await bob.command({"type": "Draw"})
        end = bob.seq
    async with plaza.connect(game, since=mark) as late:
        welcome = await late.next_update()
        assert welcome.welcome and _seqs(welcome.events) == list(range(mark + 1, end + 1))
        assert welcome.events == await plaza.all_events(game, since=mark)


async def test_reconnect_after_a_drop_loses_and_repeats_nothing(plaza: PlazaClient) -> None:
    game, tokens = await _table(plaza, rounds=3)
    statuses: list[str] = []
    async with plaza.connect(game, tokens[0]) as ada, \
            plaza.connect(game, on_status=statuses.append) as watcher:
        # Hold the watcher's reconnect until the game has moved on, so it really misses some.
        gate = asyncio.Event()
        handshake = watcher._handshake

        async def gated() -> ClientConnection:
            await gate.wait()
            return await handshake()

        watcher._handshake = gated  # type: ignore[method-assign]  # a test hook
        await watcher.drop()
        for command in ({"type": "Draw"}, {"type": "EndTurn"}):
            assert isinstance(await ada.command(command), p.Accepted)
        assert watcher.seq == 3 and not watcher.connected
        gate.set()
        assert await watcher.wait_for_seq(ada.seq)
        updates = watcher.pending_updates()
        seen = [env for update in updates for env in update.events]
        assert _seqs(seen) == [4, 5] and updates[-1].welcome
        assert watcher.reconnects == 1 and statuses == ["reconnecting", "connected"]
        assert seen == await plaza.all_events(game, since=3)


async def test_commands_survive_a_server_kill(live_server: LiveServer,
                                              plaza: PlazaClient) -> None:
    game, tokens = await _table(plaza)
    async with plaza.connect(game, tokens[0], reconnect_for=30) as ada:
        first = await ada.command({"type": "Draw"})
        assert isinstance(first, p.Accepted)
        live_server.kill()
        pending = asyncio.create_task(ada.command({"type": "EndTurn"}, timeout=30))
        await asyncio.sleep(0.3)
        assert not pending.done()
        live_server.start()
        answer = await pending
        assert isinstance(answer, p.Accepted) and answer.seq == first.seq + 1
        assert ada.reconnects >= 1 and ada.view["turn"] == 1
    envs = await plaza.all_events(game)
    assert _seqs(envs) == list(range(1, answer.seq + 1))
    assert [env.type for env in envs[-2:]] == ["Drew", "TurnEnded"]


async def test_clear_errors(live_server: LiveServer, plaza: PlazaClient) -> None:
    game, _ = await _table(plaza)
    with pytest.raises(PlazaError) as bad:
        await plaza.connect(game, "forged-token").open()
    assert bad.value.code == "bad_token"
    with pytest.raises(PlazaError) as unknown:
        await plaza.connect("nosuchgame").open()
    assert unknown.value.code == "unknown_game"
    live_server.stop()
    with pytest.raises(ServerUnavailable):
        await plaza.games()
    with pytest.raises(ServerUnavailable):
        await GameConnection(live_server.url, game).open()


async def test_only_the_creator_or_a_seat_calls_the_bots_in(plaza: PlazaClient) -> None:
    info = await plaza.new_game("tinydraw", 3)
    assert info.creator_token and not info.practice
    shown = (await plaza.request("GET", f"/api/games/{info.game_id}")).json()
    assert "creator_token" not in shown and shown["practice"] is False
    for token, code, status in ((None, "not_allowed", 403), ("forged", "bad_token", 401)):
        with pytest.raises(PlazaError) as refused:
            await plaza.add_bots(info.game_id, token)
        assert (refused.value.code, refused.value.status) == (code, status)
    seated = await plaza.add_bots(info.game_id, info.creator_token)
    assert seated.seats == ["Bot 1", "Bot 2", "Bot 3"] and seated.status == "active"
    other = await plaza.new_game("tinydraw", 2, seed=3)
    listed = {game.game_id: game for game in await plaza.games("waiting")}
    assert other.practice and listed[other.game_id].practice
    ada = await plaza.join(other.game_id, "Ada")
    assert (await plaza.add_bots(other.game_id, ada.token)).seats == ["Ada", "Bot 2"]


async def test_a_fork_of_an_unfinished_game_stays_with_its_seats(plaza: PlazaClient) -> None:
    game, tokens = await _table(plaza)
    with pytest.raises(PlazaError) as stranger:
        await plaza.fork(game, 2)
    assert (stranger.value.code, stranger.value.status) == ("not_allowed", 403)
    fork = await plaza.fork(game, 2, token=tokens[1])
    assert fork.joined is not None and fork.joined.seat == 1 and fork.seats == [None, "Bob"]
    with pytest.raises(PlazaError) as plain:
        await plaza.join(fork.game_id, "Eve")
    assert plain.value.status == 403
    with pytest.raises(PlazaError) as wrong_seat:
        await plaza.join(fork.game_id, "Eve", seat=0, source_token=tokens[1])
    assert wrong_seat.value.status == 403
    ada = await plaza.join(fork.game_id, "Ada", source_token=tokens[0])
    assert ada.seat == 0 and (await plaza.game(fork.game_id)).status == "active"
    async with plaza.connect(fork.game_id, fork.joined.token) as bob:
        assert bob.seat == 1


async def test_a_name_with_control_characters_is_refused(plaza: PlazaClient) -> None:
    info = await plaza.new_game("tinydraw", 2)
    for name in ("Ada\u202eevil", "Bob\x1b[2J"):
        with pytest.raises(PlazaError) as refused:
            await plaza.join(info.game_id, name)
        assert (refused.value.code, refused.value.status) == ("bad_name", 400)
