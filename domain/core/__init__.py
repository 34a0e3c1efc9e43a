"""Contracts shared by every game: the decider, rejections, envelopes, history, registry."""

from .bots import LEVELS, Level, choose, greedy_move, search_move
from .codec import EventCodec, rng_for, tag_of
from .envelope import (
    GENESIS,
    NULL,
    REWOUND,
    UNDO,
    Envelope,
    RewoundData,
    canonical,
    rechain,
    seal,
    verify_chain,
)
from .errors import (
    REJECTION_CODES,
    GameOver,
    Illegal,
    NotASeat,
    NotYourTurn,
    Rejection,
    Stale,
    UndoRefused,
)
from .game import Game, Outcome, ranks_from
from .history import Step, Timeline, TrimmedHistory, fold
from .pipeline import (
    Proposal,
    Table,
    propose_command,
    propose_events,
    propose_rewind,
    propose_start,
    propose_table,
)
from .rules import decide_checked, settle, undo_target

__all__ = [
    "GENESIS",
    "LEVELS",
    "NULL",
    "REJECTION_CODES",
    "REWOUND",
    "UNDO",
    "Envelope",
    "EventCodec",
    "Game",
    "GameOver",
    "Illegal",
    "Level",
    "NotASeat",
    "NotYourTurn",
    "Outcome",
    "Proposal",
    "Rejection",
    "RewoundData",
    "Stale",
    "Step",
    "Table",
    "Timeline",
    "TrimmedHistory",
    "UndoRefused",
    "canonical",
    "choose",
    "decide_checked",
    "fold",
    "greedy_move",
    "propose_command",
    "propose_events",
    "propose_rewind",
    "propose_start",
    "propose_table",
    "ranks_from",
    "rechain",
    "rng_for",
    "seal",
    "search_move",
    "settle",
    "tag_of",
    "undo_target",
    "verify_chain",
]
