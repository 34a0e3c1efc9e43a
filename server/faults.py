"""Unexpected faults: logged with their traceback the first time, counted after that.

A client that can trigger a fault could otherwise fill the log with one traceback per
frame it sends; the first one says everything the next engineer needs.
"""

from __future__ import annotations

import logging
import traceback

from . import metrics

log = logging.getLogger("plaza.faults")
_seen: set[tuple[str, str, int]] = set()
MAX_KINDS = 1000  # distinct faults remembered; past that, every fault is logged on one line


def report(exc: BaseException, where: str) -> None:
    """Log `exc` (raised while handling `where`) once per kind of fault."""
    frames = traceback.extract_tb(exc.__traceback__)
    last = frames[-1] if frames else None
    key = (type(exc).__name__, last.filename if last else "", last.lineno or 0 if last else 0)
    metrics.FAULTS.labels(type(exc).__name__).inc()
    if key in _seen:
        log.warning("%s: %s again (%s)", where, type(exc).__name__, exc)
        return
    if len(_seen) < MAX_KINDS:
        _seen.add(key)
    log.error("%s: unexpected %s", where, type(exc).__name__, exc_info=exc)
