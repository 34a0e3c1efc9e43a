"""Contracts shared by every game: the decider, rejections, envelopes, history, registry."""

from .codec import EventCodec, rng_for, tag_of
from .envelope import (
    GENESIS,
    REWOUND,
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
from .rules import decide_checked, undo_target

__all__ = [
    "GENESIS",
    "REJECTION_CODES",
    "REWOUND",
    "Envelope",
    "EventCodec",
    "Game",
    "GameOver",
    "Illegal",
    "NotASeat",
    "NotYourTurn",
    "Outcome",
    "Rejection",
    "RewoundData",
    "Stale",
    "Step",
    "Timeline",
    "TrimmedHistory",
    "UndoRefused",
    "canonical",
    "decide_checked",
    "fold",
    "ranks_from",
    "rechain",
    "rng_for",
    "seal",
    "tag_of",
    "undo_target",
    "verify_chain",
]
