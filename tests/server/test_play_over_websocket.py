"""A game played over the protocol: welcome, commands, fan-out, secrets, refs, undo.

In memory (tests/support/memory.py): the real service, runtime and connection driver,
without sockets; test_reliability.py and tests/security play over real ones."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.memory import MemoryPlaza, memory_plaza
from tests.support.wsclient import WsClient


@pytest.fixture
async def plaza() -> AsyncIterator[MemoryPlaza]:
    async with memory_plaza() as plaza:
        yield plaza


async def _table(plaza: MemoryPlaza, seats: int = 2) -> tuple[str, list[WsClient], WsClient]:
    game = await plaza.new_game(seats, seed=7)
    tokens = await plaza.join_all(game, seats)
    players = [await plaza.connect(game, t) for t in tokens]
    spectator = await plaza.connect(game)
    return game, players, spectator


async def test_welcome_gives_view_legal_and_active_to_the_seat_to_move(plaza: MemoryPlaza) -> None:
    _, players, spectator = await _table(plaza)
    first, second = players[0].welcome, players[1].welcome
    assert first["seat"] == 0 and first["active"] == [0] and first["legal"]
    assert second["seat"] == 1 and second["legal"] == []
    assert spectator.welcome["seat"] is None and spectator.welcome["legal"] == []
    assert first["seq"] == 3 and first["outcome"] is None


async def test_each_audience_sees_only_its_own_hand(plaza: MemoryPlaza) -> None:
    _, players, spectator = await _table(plaza)
    hands = [p.welcome["view"]["players"] for p in players]
    assert hands[0][0]["hand"] is not None and hands[0][1]["hand"] is None
    assert hands[1][1]["hand"] is not None and hands[1][0]["hand"] is None
    assert all(p["hand"] is None for p in spectator.welcome["view"]["players"])
    assert [p["hand_size"] for p in spectator.welcome["view"]["players"]] == [2, 2]


async def test_accepted_command_is_fanned_out_to_every_connection(plaza: MemoryPlaza) -> None:
    _, players, spectator = await _table(plaza)
    answer = await players[0].command({"type": "Draw"})
    assert answer == {"op": "accepted", "ref": answer["ref"], "seq": 4}
    for client in (players[1], spectator):
        update = await client.expect("update")
        assert update["seq"] == 4 and update["events"][0]["type"] == "Drew"
        assert update["events"][0]["data"]["card"] is None  # redacted for others
        assert len(update["log"]) == len(update["events"]) and update["log"][0]
    own = next(f for f in players[0].frames if f["op"] == "update")
    assert own["events"][0]["data"]["card"] is not None


async def test_repeated_ref_gets_first_answer_and_applies_nothing(plaza: MemoryPlaza) -> None:
    _, players, _ = await _table(plaza)
    first = await players[0].command({"type": "EndTurn"}, ref="same")
    again = await players[0].command({"type": "EndTurn"}, ref="same")
    assert first == again and first["op"] == "accepted"
    await players[0].drain()
    assert [f["seq"] for f in players[0].updates()] == [4]


async def test_command_out_of_turn_is_rejected_with_its_code(plaza: MemoryPlaza) -> None:
    _, players, spectator = await _table(plaza)
    answer = await players[1].command({"type": "EndTurn"})
    assert answer["op"] == "rejected" and answer["code"] == "not_your_turn"
    answer = await spectator.command({"type": "EndTurn"})
    assert answer["op"] == "rejected" and answer["code"] == "not_a_seat"


async def test_stale_after_is_refused(plaza: MemoryPlaza) -> None:
    _, players, _ = await _table(plaza)
    assert (await players[0].command({"type": "Draw"}, after=3))["op"] == "accepted"
    answer = await players[0].command({"type": "EndTurn"}, after=3)
    assert answer["code"] == "stale" and "seq 4" in answer["message"]


async def test_undo_takes_back_own_step_and_refuses_across_a_draw(plaza: MemoryPlaza) -> None:
    _, players, spectator = await _table(plaza)
    card = players[0].welcome["legal"][0]
    assert (await players[0].command(card))["op"] == "accepted"
    undone = await players[0].undo()
    assert undone["op"] == "accepted"
    update = await spectator.expect("update")
    update = await spectator.expect("update")
    assert update["events"][0]["type"] == "Rewound" and update["view"]["plays"] == 0
    assert (await players[0].command({"type": "Draw"}))["op"] == "accepted"
    refused = await players[0].undo()
    assert refused["op"] == "rejected" and refused["code"] == "undo_refused"
    assert "cannot be undone" in refused["message"]


async def test_reconnect_with_since_receives_exactly_the_missing_envelopes(plaza: MemoryPlaza) -> None:
    game, players, _ = await _table(plaza)
    await players[0].command({"type": "Draw"})
    await players[0].command({"type": "EndTurn"})
    late = await plaza.connect(game, since=2)
    assert [e["seq"] for e in late.welcome["events"]] == [3, 4, 5]
    assert late.welcome["seq"] == 5


async def test_a_public_game_sends_those_who_cannot_act_the_spectators_frame(
        plaza: MemoryPlaza) -> None:
    """Villa's view is public: a seat not to move gets the very frame the spectators get
    (encoded once, server/audience.py), and the seat to move the same with its legal list."""
    game = await plaza.new_game(3, kind="villa", seed=3)
    tokens = await plaza.join_all(game, 3)
    players = [await plaza.connect(game, t) for t in tokens]
    spectator = await plaza.connect(game)
    for _ in range(4):
        mover = players[players[0].latest()["active"][0]]
        answer = await mover.command(mover.latest()["legal"][0])
        assert answer["op"] == "accepted", answer
        for client in (*players, spectator):
            await client.wait_seq(answer["seq"])
        table = spectator.latest()
        assert table["legal"] == []
        for seat, player in enumerate(players):
            frame = player.latest()
            if seat in frame["active"]:
                assert frame["legal"] and {**frame, "legal": []} == table
            else:
                assert frame == table
