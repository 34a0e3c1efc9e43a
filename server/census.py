"""What the collector's middle and full passes walk: a diagnostic for a latency that grows with the
table (bench scale), switched on by PLAZA_GC_CENSUS=<file>.

A middle pass stops every connection for as long as it takes to visit the objects of the
two young generations and every item they hold, so one kind of object kept a few seconds
(a game's cached listing until its next command) can set the p99. Every `EVERY`-th middle
pass, the objects it is about to walk are counted by kind (a list or tuple by the kind of
its first item, and weighed by its items); once it ends, the census is written with how long
the pass took. Counting costs a few ms a pass, hence one middle pass in EVERY; every full
pass is counted (they are rare, and at 1,000 games long).
"""

from __future__ import annotations

import gc
import time
from collections import Counter
from pathlib import Path
from types import CoroutineType, GeneratorType
from typing import Any

EVERY = 4
TOP = 25


class Census:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.passes = 0
        self.taken: tuple[int, list[tuple[str, int, int]]] | None = None
        self.started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        generation = info["generation"]
        if generation == 0:
            return
        if phase == "start":
            self.passes += generation == 1
            full = generation == 2  # rare, and each one long: every one is counted
            self.taken = self.count(generation) if full or self.passes % EVERY == 0 else None
            self.started = time.perf_counter()
        elif self.taken is not None:
            self.write(generation, time.perf_counter() - self.started, *self.taken)

    @staticmethod
    def count(generation: int) -> tuple[int, list[tuple[str, int, int]]]:
        found = [gc.get_objects(g) for g in range(generation + 1)]
        own = {id(listed) for listed in found}  # a list made while a young one is listed
        objects = [obj for listed in found for obj in listed if id(obj) not in own]
        count: Counter[str] = Counter()
        items: Counter[str] = Counter()
        for obj in objects:
            kind = _kind(obj)
            count[kind] += 1
            items[kind] += len(obj) if type(obj) in (list, tuple, dict, set) else 1
        return len(objects), [(kind, count[kind], n) for kind, n in items.most_common(TOP)]

    def write(self, generation: int, took: float, objects: int,
              top: list[tuple[str, int, int]]) -> None:
        what = "a full pass" if generation == 2 else "a middle pass"
        lines = [f"--- at {time.time():.1f}: {what} of {took * 1e3:.1f} ms over "
                 f"{objects} objects (count, items, kind)"]
        lines += [f"{count:7d} {n:8d} {kind}" for kind, count, n in top]
        with self.path.open("a") as out:
            out.write("\n".join(lines) + "\n")


def _kind(obj: Any) -> str:
    kind = type(obj)
    name = f"{kind.__module__}.{kind.__qualname__}"
    if kind in (list, tuple, set, dict):
        # Not iter(obj): a collection can start while a tuple is being filled, and its
        # empty slots would crash the iterator (the server died in 1 of 5 runs); the
        # collector's own traversal, which get_referents uses, skips them.
        first = next(iter(gc.get_referents(obj)), None)
        return f"{name}[{type(first).__qualname__}]" if first is not None else name
    if kind is GeneratorType or kind is CoroutineType:  # no getattr on anything else: a
        return f"{name} {obj.__qualname__}"  # class's __getattr__ would run mid-collection
    return name


def install(path: str) -> None:
    """Write a census of every EVERY-th middle pass and of every full pass to `path`."""
    gc.callbacks.append(Census(Path(path)))
