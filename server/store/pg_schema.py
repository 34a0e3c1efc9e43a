"""PostgreSQL's schema as numbered migrations, and the statements the PostgreSQL store runs.

SQLite's migrations stay in schema.py (PRAGMA user_version counts them); migrate.py runs
either store's. Here the table `plaza_schema` counts the ones applied.
"""

from __future__ import annotations

from typing import Any

from .base import KEEP_REJECTIONS

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: SQLite's schema with its migrations folded in, but one table for every answer to a
    # ref. SQLite keeps accepted and refused answers apart and joins them with triggers; under
    # PostgreSQL's READ COMMITTED two such triggers would not see each other's uncommitted
    # row, so the one-answer rule is a primary key instead, which cannot be raced.
    ("""CREATE TABLE games(
        game_id text PRIMARY KEY,
        kind text NOT NULL,
        options bytea NOT NULL,
        seats integer NOT NULL,
        status text NOT NULL,
        seed bigint NOT NULL,
        created_at bigint NOT NULL,
        forked_from text,
        forked_at bigint,
        outcome bytea,
        creator_hash text,
        creator_addr text,
        practice boolean NOT NULL DEFAULT false)""",
     "CREATE INDEX games_status ON games(status, created_at)",
     "CREATE INDEX games_creator ON games(creator_addr, status)",
     """CREATE TABLE seats(
        game_id text NOT NULL,
        seat integer NOT NULL,
        name text NOT NULL,
        token_hash text UNIQUE,
        PRIMARY KEY (game_id, seat))""",
     """CREATE TABLE bots(
        game_id text NOT NULL,
        seat integer NOT NULL,
        PRIMARY KEY (game_id, seat))""",
     # The primary key is the compare-and-set: two writers of one seq cannot both commit.
     """CREATE TABLE events(
        game_id text NOT NULL,
        seq bigint NOT NULL,
        type text NOT NULL,
        v integer NOT NULL,
        actor integer,
        ref text,
        at bigint NOT NULL,
        irreversible boolean NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (game_id, seq))""",
     """CREATE TABLE answers(
        game_id text NOT NULL,
        seat integer NOT NULL,
        ref text NOT NULL,
        answer bytea NOT NULL,
        refused boolean NOT NULL,
        n bigint GENERATED ALWAYS AS IDENTITY,
        PRIMARY KEY (game_id, seat, ref))""",
     "CREATE INDEX answers_refused ON answers(game_id, seat, n) WHERE refused",
     """CREATE TABLE snapshots(
        game_id text NOT NULL,
        seq bigint NOT NULL,
        top_seq bigint NOT NULL,
        state bytea NOT NULL,
        PRIMARY KEY (game_id, seq))"""),
    # 2: the command each move records on its first event (canonical JSON; NULL on setup
    # events, on the rest of a move's events, and on every event written before this column).
    ("ALTER TABLE events ADD COLUMN command bytea",),
    # A table's options (clocks, leavers) and each bot's level.
    ("ALTER TABLE games ADD COLUMN table_options bytea",
     "ALTER TABLE bots ADD COLUMN level text NOT NULL DEFAULT 'random'"),
    # 4: an acceptance keeps the seq its move ended at, not the encoded frame (as SQLite's
    # are read from the log); its row stays, since the primary key is what cannot be raced.
    ("ALTER TABLE answers ALTER COLUMN answer DROP NOT NULL",
     "ALTER TABLE answers ADD COLUMN seq bigint"),
)

# One lock for every Plaza database on the server: processes starting at once take turns.
MIGRATION_LOCK = 0x706C617A61  # "plaza"

EVENT_COLUMNS = "seq, type, v, actor, ref, at, irreversible, prev_hash, hash, data, command"
INSERT_EVENT = (f"INSERT INTO events (game_id, {EVENT_COLUMNS}) "
                "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)")
INSERT_ANSWER = "INSERT INTO answers (game_id, seat, ref, answer, refused, seq) VALUES ($1,$2,$3,$4,$5,$6)"
PRUNE_REFUSALS = f"""DELETE FROM answers WHERE game_id = $1 AND seat = $2 AND refused AND n <= (
    SELECT n FROM answers WHERE game_id = $1 AND seat = $2 AND refused ORDER BY n DESC
    LIMIT 1 OFFSET {KEEP_REJECTIONS})"""
INSERT_SEAT = "INSERT INTO seats VALUES ($1,$2,$3,$4)"
INSERT_BOT = "INSERT INTO bots (game_id, seat, level) VALUES ($1,$2,$3)"
INSERT_GAME = """INSERT INTO games (game_id, kind, options, seats, status, seed, created_at,
    forked_from, forked_at, outcome, creator_hash, creator_addr, practice, table_options)
    VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)"""
INSERT_SNAPSHOT = """INSERT INTO snapshots VALUES ($1,$2,$3,$4)
    ON CONFLICT (game_id, seq) DO UPDATE SET top_seq = excluded.top_seq, state = excluded.state"""
UPDATE_STATUS = "UPDATE games SET status = $1, outcome = $2 WHERE game_id = $3"
UPDATE_STATUS_ONLY = "UPDATE games SET status = $1 WHERE game_id = $2"
ACTIVATE = """UPDATE games SET status = 'active' WHERE game_id = $1 AND status = 'waiting'
    AND (SELECT count(*) FROM seats s WHERE s.game_id = $1) = seats"""
# A game's seq is its last event's, as in SQLite: an append writes no games row.
SELECT_GAME = """SELECT g.game_id, g.kind, g.options, g.seats, g.status, g.seed,
    coalesce((SELECT max(e.seq) FROM events e WHERE e.game_id = g.game_id), 0),
    g.created_at, g.forked_from, g.forked_at, g.outcome, g.creator_hash, g.creator_addr,
    g.practice, g.table_options FROM games g"""


async def migrate(conn: Any) -> list[int]:
    """Apply the migrations this database lacks, in one transaction; the numbers applied."""
    applied: list[int] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS plaza_schema(version integer NOT NULL)")
        version = await conn.fetchval("SELECT coalesce(max(version), 0) FROM plaza_schema")
        for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
            for sql in statements:
                await conn.execute(sql)
            await conn.execute("INSERT INTO plaza_schema VALUES ($1)", number)
            applied.append(number)
    return applied
