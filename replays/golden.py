"""Golden replays: recorded games that CI plays again, step by step, as playthroughs.

Each golden game is three files under `replays/golden/<kind>/`:

- `<name>.jsonl`, its replay file (every command recorded, so `verify` re-simulates it),
- `<name>.steps.jsonl`, its playthrough (replays/playthrough.py): after the setup and after
  each move, the events, every audience's view and every seat's legal list (as digests),
- `<name>.final.json`, its final state in canonical JSON.

CI (tests/golden) re-simulates each command by command and compares all of it. Record one:

    python -m replays.golden record KIND NAME --seats N [--options JSON] [--seed S] [--play P]
        [--undo RATE]

which plays a deterministic random game (seed S for the game, P for the choices, an undo
after a move with probability RATE). After a deliberate change to a game's rules, record
them all again from their recorded commands and see which steps changed:

    python -m replays.golden regenerate [KIND[/NAME] ...]

A command the new rules refuse ends the recorded ones: the game goes on from there with
random legal moves (from P), and the output says so.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import msgspec

from domain.core import REWOUND, Rejection, UndoRefused, canonical, registry
from domain.core.simulate import Simulation

from . import playthrough
from .format import FORMAT, Header, dumps, loads
from .playthrough import Meta, Recorder
from .verify import verify

ROOT = Path(__file__).parent / "golden"
MAX_MOVES = 100_000


@dataclass(frozen=True)
class Golden:
    replay: bytes
    steps: bytes
    final: bytes


def golden_files() -> list[Path]:
    return [path for path in sorted(ROOT.glob("*/*.jsonl")) if not path.name.endswith(".steps.jsonl")]


def sidecar(path: Path, suffix: str) -> Path:
    """`<name>.steps.jsonl` or `<name>.final.json` beside `<name>.jsonl`."""
    return path.with_name(path.name.removesuffix(".jsonl") + suffix)


def _simulation(kind: str, seats: int, options: dict[str, Any], seed: int) -> Simulation:
    game = registry.get(kind)
    if game is None:
        raise SystemExit(f"unknown kind {kind!r}")
    return Simulation(game, seats, options, seed=seed, game_id=f"golden-{kind}")


def play_on(sim: Simulation, rng: Random, undo: float) -> None:
    """Random legal moves until the game ends; after a move, an undo with probability `undo`
    (when the rules allow it). With no undos this is `Simulation.play_randomly`, draw for draw."""
    for _ in range(MAX_MOVES):
        if sim.outcome() is not None:
            return
        seat = rng.choice(sim.active())
        sim.command(seat, rng.choice(sim.legal(seat)))
        if undo and rng.random() < undo:
            with contextlib.suppress(UndoRefused):  # the rules allow none here: play on
                sim.undo(seat)


def finish(sim: Simulation, kind: str, options: dict[str, Any], meta: Meta) -> Golden:
    """The three files of a played game; its playthrough comes from re-simulating its replay,
    exactly as CI will."""
    header = Header(FORMAT, kind, options, sim.seats, [f"Player {i + 1}" for i in range(sim.seats)],
                    game_id=sim.game_id, seed=sim.seed, outcome=sim.outcome())
    replay = dumps(header, sim.envelopes)
    recorder = Recorder(sim.game, sim.seats)
    verify(replay, watch=recorder)
    return Golden(replay, playthrough.dumps(meta, recorder.steps), canonical(sim.state) + b"\n")


def record(kind: str, seats: int, options: dict[str, Any], seed: int, play: int,
           undo: float = 0.0) -> Golden:
    sim = _simulation(kind, seats, options, seed)
    play_on(sim, Random(play), undo)
    return finish(sim, kind, options, Meta(play, undo))


def replayed(path: Path) -> tuple[Golden, str]:
    """A golden game recorded again from its recorded commands under today's rules, and a
    note when the rules refused one of them (the game then went on at random)."""
    header, envelopes = loads(path.read_bytes())
    meta, _ = playthrough.loads(sidecar(path, ".steps.jsonl").read_bytes())
    assert header.seed is not None, f"{path}: a golden game's header keeps its seed"
    sim = _simulation(header.kind, header.seats, header.options, header.seed)
    note = ""
    for env in (env for env in envelopes if env.commanded):
        if sim.outcome() is not None:
            note = f"the game now ends before seq {env.seq}"
            break
        try:
            if env.type == REWOUND:
                sim.undo(env.actor or 0, env.ref)
            else:
                sim.command(env.actor or 0, msgspec.json.decode(env.command), env.ref)
        except Rejection as exc:
            note = f"seq {env.seq} is refused now ({exc.message}); random moves from there"
            break
    play_on(sim, Random(meta.play), meta.undo)
    return finish(sim, header.kind, header.options, meta), note


def write(folder: Path, name: str, golden: Golden) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.jsonl").write_bytes(golden.replay)
    (folder / f"{name}.steps.jsonl").write_bytes(golden.steps)
    (folder / f"{name}.final.json").write_bytes(golden.final)


def regenerate(selected: list[str]) -> int:
    """Record the selected golden games again; print what changed. The number changed."""
    changed = 0
    for path in golden_files():
        name = f"{path.parent.name}/{path.name.removesuffix('.jsonl')}"
        if selected and not any(name == s or path.parent.name == s for s in selected):
            continue
        steps = sidecar(path, ".steps.jsonl")
        old = playthrough.loads(steps.read_bytes())[1] if steps.exists() else []
        golden, note = replayed(path)
        lines = playthrough.diff(old, playthrough.loads(golden.steps)[1])
        if golden.replay != path.read_bytes() or golden.final != sidecar(path, ".final.json").read_bytes():
            lines = lines or ["the replay or final state changed (not any step's digests)"]
        print(f"{name}: " + (f"{len(lines)} changes" if lines else "unchanged") +
              (f"; {note}" if note else ""))
        for line in lines[:20]:
            print(f"  {line}")
        if len(lines) > 20:
            print(f"  ... and {len(lines) - 20} more")
        if lines:
            changed += 1
            write(path.parent, name.split("/")[1], golden)
    return changed


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m replays.golden")
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="play and record a new golden game")
    rec.add_argument("kind")
    rec.add_argument("name")
    rec.add_argument("--seats", type=int, required=True)
    rec.add_argument("--options", default="{}")
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--play", type=int, default=1)
    rec.add_argument("--undo", type=float, default=0.0, help="chance of an undo after a move")
    again = sub.add_parser("regenerate", help="record every golden game again; print the diff")
    again.add_argument("only", nargs="*", metavar="KIND[/NAME]")
    args = parser.parse_args()
    if args.cmd == "regenerate":
        print(f"{regenerate(args.only)} golden games changed")
        return
    golden = record(args.kind, args.seats, json.loads(args.options), args.seed, args.play, args.undo)
    write(ROOT / args.kind, args.name, golden)
    print(f"wrote {ROOT / args.kind / args.name}.jsonl ({len(golden.replay.splitlines()) - 1} events)")


if __name__ == "__main__":
    main()
