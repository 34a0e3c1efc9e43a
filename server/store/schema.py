"""SQLite's schema, its migrations and the statements the SQLite store runs."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from .base import KEEP_REJECTIONS

SCHEMA = """
CREATE TABLE IF NOT EXISTS games(
    game_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    options BLOB NOT NULL,
    seats INTEGER NOT NULL,
    status TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    forked_from TEXT,
    forked_at INTEGER,
    outcome BLOB
);
CREATE INDEX IF NOT EXISTS games_status ON games(status, created_at);
CREATE TABLE IF NOT EXISTS seats(
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT UNIQUE,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
-- Seats played by the server's bots: every process that holds the game drives them.
CREATE TABLE IF NOT EXISTS bots(
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events(
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    v INTEGER NOT NULL,
    actor INTEGER,
    ref TEXT,
    at INTEGER NOT NULL,
    irreversible INTEGER NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
-- Acceptances recorded before they were read from the log (migration 4): nothing adds any.
CREATE TABLE IF NOT EXISTS refs(
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    ref TEXT NOT NULL,
    answer BLOB NOT NULL,
    PRIMARY KEY (game_id, seat, ref)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots(
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    top_seq INTEGER NOT NULL,
    state BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""

EVENT_COLUMNS = "seq, type, v, actor, ref, at, irreversible, prev_hash, hash, data, command"
INSERT_EVENT = f"INSERT INTO events (game_id, {EVENT_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
INSERT_SEAT = "INSERT INTO seats VALUES (?,?,?,?)"
INSERT_GAME = """INSERT INTO games (game_id, kind, options, seats, status, seed, seq, created_at,
    forked_from, forked_at, outcome, creator_hash, creator_addr, practice, table_options)
    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"""
INSERT_REJECTION = "INSERT INTO rejections (game_id, seat, ref, answer, decided_at) VALUES (?,?,?,?,?)"
# A game's acceptances: the (seat, ref, seq) of its envelopes in order, the last of each (seat,
# ref) ending its move (kept by the reader: a GROUP BY's temporary tree doubled the read),
# but for a fork's or an import's first ones (its source's: `games.seq` counts them).
ACCEPTED = """SELECT actor, ref, seq FROM events WHERE game_id = ?1 AND ref IS NOT NULL
    AND actor IS NOT NULL AND seq > coalesce((SELECT seq FROM games WHERE game_id = ?1), 0)
    ORDER BY seq"""
PRUNE_REJECTIONS = f"""DELETE FROM rejections WHERE game_id = ?1 AND seat = ?2 AND n <= (
    SELECT n FROM rejections WHERE game_id = ?1 AND seat = ?2 ORDER BY n DESC
    LIMIT 1 OFFSET {KEEP_REJECTIONS})"""
INSERT_SNAPSHOT = "INSERT OR REPLACE INTO snapshots VALUES (?,?,?,?)"
# A game's seq is its last event's: derived on read, so an append writes no games row.
SELECT_GAME = """SELECT g.game_id, g.kind, g.options, g.seats, g.status, g.seed,
    coalesce((SELECT max(e.seq) FROM events e WHERE e.game_id = g.game_id), 0),
    g.created_at, g.forked_from, g.forked_at, g.outcome, g.creator_hash, g.creator_addr,
    g.practice, g.table_options FROM games g"""
ACTIVATE = """UPDATE games SET status = 'active' WHERE game_id = ?1 AND status = 'waiting'
    AND (SELECT count(*) FROM seats s WHERE s.game_id = ?1) = seats"""
UPDATE_STATUS = "UPDATE games SET status = ?, outcome = ? WHERE game_id = ?"

# Schema changes after the first version, applied in order; PRAGMA user_version counts
# the ones applied. A file made by an older Plaza has version 0 and the first schema.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    ("ALTER TABLE games ADD COLUMN creator_hash TEXT",
     "ALTER TABLE games ADD COLUMN creator_addr TEXT",
     "ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0",
     "CREATE INDEX IF NOT EXISTS games_creator ON games(creator_addr, status)",
     """CREATE TABLE IF NOT EXISTS rejections(
        n INTEGER PRIMARY KEY,
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        ref TEXT NOT NULL,
        answer BLOB NOT NULL,
        UNIQUE (game_id, seat, ref))""",
     # A ref has one answer, whichever table holds it: two processes answering one ref at
     # once (one accepting, one refusing) must not both be recorded.
     """CREATE TRIGGER IF NOT EXISTS one_answer_accepted BEFORE INSERT ON refs
        WHEN EXISTS (SELECT 1 FROM rejections r WHERE r.game_id = NEW.game_id
                     AND r.seat = NEW.seat AND r.ref = NEW.ref)
        BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: the ref was refused'); END""",
     """CREATE TRIGGER IF NOT EXISTS one_answer_refused BEFORE INSERT ON rejections
        WHEN EXISTS (SELECT 1 FROM refs r WHERE r.game_id = NEW.game_id
                     AND r.seat = NEW.seat AND r.ref = NEW.ref)
        BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: the ref was accepted'); END"""),
    # The command each move records on its first event (canonical JSON; NULL on setup
    # events, the rest of a move's events, and every event written before this column).
    ("ALTER TABLE events ADD COLUMN command BLOB",),
    # A table's options (clocks, leavers) and each bot's level.
    ("ALTER TABLE games ADD COLUMN table_options BLOB",
     "ALTER TABLE bots ADD COLUMN level TEXT NOT NULL DEFAULT 'random'"),
    # Acceptances are read from the log (`ACCEPTED`): its envelopes carry their move's seat and
    # ref, and a `refs` row a command, a second tree clustered by game, cost about a third of
    # its commit (bench/README.md, "Acceptances from the log"). `refs` keeps the answers
    # recorded before. A refusal records the seq it was decided at: the process that
    # decided it knew every acceptance up to there, so only the events after it need a look.
    ("ALTER TABLE rejections ADD COLUMN decided_at INTEGER NOT NULL DEFAULT 0",
     "DROP TRIGGER IF EXISTS one_answer_refused",
     """CREATE TRIGGER IF NOT EXISTS refused_after_acceptance BEFORE INSERT ON rejections
        WHEN EXISTS (SELECT 1 FROM refs r WHERE r.game_id = NEW.game_id
                     AND r.seat = NEW.seat AND r.ref = NEW.ref)
          OR EXISTS (SELECT 1 FROM events e WHERE e.game_id = NEW.game_id
                     AND e.seq > NEW.decided_at AND e.actor = NEW.seat AND e.ref = NEW.ref)
        BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: the ref was accepted'); END""",
     """CREATE TRIGGER IF NOT EXISTS accepted_after_refusal BEFORE INSERT ON events
        WHEN NEW.ref IS NOT NULL AND EXISTS (SELECT 1 FROM rejections r
            WHERE r.game_id = NEW.game_id AND r.seat = NEW.actor AND r.ref = NEW.ref)
        BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: the ref was refused'); END"""),
)

Statement = tuple[str, Sequence[tuple[Any, ...]]]
# The page size of a new file (one made before keeps its own: SQLite fixes it with the first
# page; `plaza migrate --repage` rewrites it). An events row is about 450 bytes and the table
# is WITHOUT ROWID, so its interior pages hold whole rows as dividers: with 4 KB pages, 9 a
# page, the tree is deep, and about one commit in ten split pages up it (5 to 20 pages
# written instead of 2), 0.3-0.5 ms each once 1,000 games' leaves are cold. 8 KB pages hold
# twice the rows: outside the server 0.2-3% of such commits over 0.2 ms against 4-10%, and a
# game reads back as fast (bench/README.md, "Commits at 1,000 games").
PAGE_SIZE = 8192
# busy_timeout first: the pragmas after it may wait for another process's lock. The page size
# before WAL mode: switching to WAL writes the file's first page.
PRAGMAS = ("PRAGMA busy_timeout=10000", f"PRAGMA page_size={PAGE_SIZE}", "PRAGMA journal_mode=WAL",
           "PRAGMA synchronous=NORMAL", "PRAGMA mmap_size=268435456", "PRAGMA cache_size=-65536")
MADE_ONCE = ("PRAGMA page_size", "PRAGMA journal_mode")  # what only the file's maker sets
SETUP_ATTEMPTS = 100


def migrate(db: sqlite3.Connection) -> None:
    """Apply the migrations this file lacks, in one transaction (another process may race)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
            for sql in statements:
                db.execute(sql)
            db.execute(f"PRAGMA user_version = {number}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
