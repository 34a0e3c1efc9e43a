"""One contract for every store, run against SQLite (a real file) and the in-memory store.

The next store (PostgreSQL) subclasses `StoreContract` and must pass it unchanged.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from domain.core import GENESIS, Envelope, seal
from server.store import KEEP_REJECTIONS, Conflict, GameRow, MemoryStore, PostgresStore, SqliteStore, Store
from tests.server.pg_support import pg_schema_url, pg_url  # noqa: F401  (fixtures)


def env(game: str, seq: int, ref: str | None = None, type_: str = "Played",
        data: bytes = b'{"card":1,"seat":0,"type":"Played"}', actor: int = 0) -> Envelope:
    return seal(game, seq, type_, 1, actor, ref, seq, False, GENESIS, data)


def row(game_id: str = "g", status: str = "active", created_at: int = 1, addr: str | None = None) -> GameRow:
    return GameRow(game_id, "tinydraw", b"{}", 2, status, 1, 0, created_at, None, None, None,
                   "c" * 64, addr)


class StoreContract:
    """Subclasses provide the `store` fixture (opened, closed after)."""

    async def test_appends_read_back_in_order_and_make_the_games_seq(self, store: Store) -> None:
        await store.create_game(row())
        await store.append("g", [env("g", 1), env("g", 2)])
        await store.append("g", [env("g", 3)])
        assert [e.seq for e in await store.events("g")] == [1, 2, 3]
        assert [e.seq for e in await store.events("g", after=1, upto=2)] == [2]
        assert [e.seq for e in await store.events("g", limit=2)] == [1, 2]
        assert (await store.event("g", 3)) == env("g", 3) and await store.event("g", 4) is None
        assert await store.last_seq("g") == 3 and (await store.game("g")).seq == 3  # type: ignore[union-attr]

    async def test_event_rows_are_each_envelopes_seq_type_version_and_data(self, store: Store) -> None:
        await store.create_game(row())
        rewound = env("g", 3, type_="Rewound", data=b'{"to_seq":1}')
        await store.append("g", [env("g", 1), env("g", 2), rewound])
        assert await store.event_rows("g", after=1, upto=3) == [
            (2, "Played", 1, b'{"card":1,"seat":0,"type":"Played"}'), (3, "Rewound", 1, b'{"to_seq":1}')]
        assert [seq for seq, *_ in await store.event_rows("g")] == [1, 2, 3]

    async def test_a_taken_seq_is_a_conflict_and_writes_nothing(self, store: Store) -> None:
        await store.create_game(row())
        await store.append("g", [env("g", 1)])
        with pytest.raises(Conflict):
            await store.append("g", [env("g", 2, "r"), env("g", 1, "r")], status=("finished", b"{}"))
        assert [e.seq for e in await store.events("g")] == [1]
        assert await store.answers("g") == {}
        assert (await store.game("g")).status == "active"  # type: ignore[union-attr]

    async def test_two_appends_racing_for_one_seq_cannot_both_win(self, store: Store) -> None:
        await store.create_game(row())
        results = await asyncio.gather(store.append("g", [env("g", 1, "a")]),
                                       store.append("g", [env("g", 1, "b")]), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
        assert len(await store.events("g")) == 1

    async def test_a_conflict_among_appends_fails_only_its_own(self, store: Store) -> None:
        for game in ("a", "b"):
            await store.create_game(row(game))
        await store.append("a", [env("a", 1)])
        results = await asyncio.gather(store.append("a", [env("a", 1)]), store.append("b", [env("b", 1)]),
                                       return_exceptions=True)
        assert isinstance(results[0], Conflict) and results[1] is None

    async def test_an_envelopes_seat_and_ref_accept_the_ref_up_to_its_moves_end(self, store: Store) -> None:
        await store.create_game(row())
        await store.append("g", [env("g", 1, "r"), env("g", 2, "r")])  # one move of two events
        await store.append("g", [env("g", 3, "s", actor=1)])
        await store.append("g", [env("g", 4)])  # the table's or the setup's: no ref, no answer
        assert await store.answers("g") == {(0, "r"): 2, (1, "s"): 3}

    async def test_a_ref_has_one_answer_accepted_or_refused(self, store: Store) -> None:
        await store.create_game(row())
        await store.append("g", [env("g", 1, "r")])
        with pytest.raises(Conflict):  # refused by a process that had not seen seq 1 yet
            await store.record_rejection("g", 0, "r", b"refused", 0)
        await store.record_rejection("g", 1, "r", b"other seat refused", 1)
        with pytest.raises(Conflict):
            await store.append("g", [env("g", 2, "r", actor=1)])
        assert await store.last_seq("g") == 1
        assert await store.answers("g") == {(0, "r"): 1, (1, "r"): b"other seat refused"}

    async def test_a_forks_first_envelopes_answer_nothing_in_it(self, store: Store) -> None:
        """They were its source's answers: the fork's own players start their refs afresh."""
        fork = GameRow("f", "tinydraw", b"{}", 2, "waiting", 1, 2, 1, "g", 2, None)
        await store.create_game(fork, [env("f", 1, "r"), env("f", 2, "s")])
        await store.record_rejection("f", 0, "s", b"refused in the fork", 2)
        await store.append("f", [env("f", 3, "r")])
        assert await store.answers("f") == {(0, "s"): b"refused in the fork", (0, "r"): 3}

    async def test_only_the_latest_refusals_of_a_seat_are_kept(self, store: Store) -> None:
        await store.create_game(row())
        for n in range(KEEP_REJECTIONS + 30):
            await store.record_rejection("g", 0, f"r{n}", f"no {n}".encode(), 0)
        await store.record_rejection("g", 1, "x", b"no", 0)
        assert await store.rejection_count("g") == KEEP_REJECTIONS + 1
        answers = await store.answers("g")
        assert (0, "r0") not in answers and len(answers) == KEEP_REJECTIONS + 1
        assert answers[(0, f"r{KEEP_REJECTIONS + 29}")] == f"no {KEEP_REJECTIONS + 29}".encode()

    async def test_an_append_sets_the_status_and_outcome_with_its_events(self, store: Store) -> None:
        await store.create_game(row())
        await store.append("g", [env("g", 1)], status=("finished", b'{"scores":[1,2]}'))
        game = await store.game("g")
        assert game is not None and game.status == "finished" and game.outcome == b'{"scores":[1,2]}'
        assert [g.game_id for g in await store.games("finished")] == ["g"]

    async def test_a_game_is_created_with_its_history_and_seats_at_once(self, store: Store) -> None:
        await store.create_game(row("f"), [env("f", 1), env("f", 2)], [(0, "Ann", None), (1, "Bob", None)])
        assert [e.seq for e in await store.events("f")] == [1, 2]
        assert await store.seat_names("f") == {0: "Ann", 1: "Bob"}
        with pytest.raises(Conflict):
            await store.create_game(row("f"), [env("f", 1)])
        assert len(await store.events("f")) == 2

    async def test_the_lobby_lists_newest_first_by_status(self, store: Store) -> None:
        for n, status in enumerate(["waiting", "active", "waiting", "finished"]):
            await store.create_game(row(f"g{n}", status, created_at=n))
        assert [g.game_id for g in await store.games("waiting")] == ["g2", "g0"]
        assert [g.game_id for g in await store.games(None, limit=2)] == ["g3", "g2"]

    async def test_a_seat_is_taken_once_and_found_by_its_token_hash_only(self, store: Store) -> None:
        await store.create_game(row(status="waiting"))
        await store.add_seat("g", 0, "Ann", "a" * 64)
        with pytest.raises(Conflict):
            await store.add_seat("g", 0, "Eve", "e" * 64)
        await store.add_seat("g", 1, "Bot 2", "b" * 64, status="active", bot="greedy")
        assert await store.seat_of("g", "a" * 64) == 0 and await store.seat_of("g", "z" * 64) is None
        assert await store.seat_names("g") == {0: "Ann", 1: "Bot 2"}
        assert await store.bots("g") == {1: "greedy"}
        assert await store.games_with_bots() == ["g"]
        assert (await store.game("g")).status == "active"  # type: ignore[union-attr]

    async def test_a_game_becomes_active_once_every_seat_is_taken(self, store: Store) -> None:
        await store.create_game(row(status="waiting"))
        await store.add_seat("g", 0, "Ann", "a" * 64)
        await store.activate("g")
        assert (await store.game("g")).status == "waiting", "a seat is still free"  # type: ignore[union-attr]
        await store.add_seat("g", 1, "Bob", "b" * 64)
        await asyncio.gather(store.activate("g"), store.activate("g"))
        assert (await store.game("g")).status == "active"  # type: ignore[union-attr]
        await store.append("g", [env("g", 1)], status=("finished", b"{}"))
        await store.activate("g")
        assert (await store.game("g")).status == "finished", "only a waiting game is activated"  # type: ignore[union-attr]

    async def test_waiting_games_are_counted_per_creator_address(self, store: Store) -> None:
        for n, status in enumerate(["waiting", "waiting", "active"]):
            await store.create_game(row(f"g{n}", status, addr="10.0.0.1"))
        await store.create_game(row("other", "waiting", addr="10.0.0.2"))
        assert await store.waiting_by("10.0.0.1") == 2 and await store.waiting_by("10.9.9.9") == 0

    async def test_snapshots_are_kept_and_listed_newest_first(self, store: Store) -> None:
        await store.create_game(row())
        await store.save_snapshot("g", 10, 9, b"s10")
        await store.save_snapshot("g", 20, 20, b"s20")
        assert [(s.seq, s.top_seq, s.state) for s in await store.snapshots("g", 15)] == [(10, 9, b"s10")]
        assert [s.seq for s in await store.snapshots("g", 99)] == [20, 10]

    async def test_rewinds_are_listed_with_their_data(self, store: Store) -> None:
        await store.create_game(row())
        await store.append("g", [env("g", 1), env("g", 2, type_="Rewound", data=b'{"to_seq":1}')])
        assert await store.rewinds("g", 2) == [(2, b'{"to_seq":1}')]
        assert await store.rewinds("g", 1) == []


class TestSqliteStore(StoreContract):
    @pytest.fixture
    async def store(self, tmp_path: Path) -> AsyncIterator[Store]:
        store = SqliteStore(str(tmp_path / "plaza.db"))
        await store.open()
        yield store
        await store.close()


class TestMemoryStore(StoreContract):
    @pytest.fixture
    async def store(self) -> AsyncIterator[Store]:
        store = MemoryStore()
        await store.open()
        yield store
        await store.close()


class TestPostgresStore(StoreContract):
    @pytest.fixture
    async def store(self, pg_schema_url: str) -> AsyncIterator[Store]:  # noqa: F811
        store = PostgresStore(pg_schema_url, pool_size=2)
        await store.open()
        yield store
        await store.close()
