"""The house standards, checked with the tests: ruff everywhere, mypy (strict) on domain/ and server/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "domain", "server", "clients", "replays", "bench", "infra", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_domain_and_server_finds_nothing() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
