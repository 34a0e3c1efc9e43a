"""`domain/` stays pure: no I/O, no clock, no global randomness.

That it imports nothing but the standard library, msgspec and itself is tests/test_layers.py's
table; this test names the parts of the standard library it may not use either.
"""

from __future__ import annotations

import ast
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
FORBIDDEN = {"asyncio", "sqlite3", "socket", "time", "datetime", "os", "subprocess", "threading",
             "io", "pathlib", "shutil", "tempfile", "signal", "select", "selectors", "ssl", "http",
             "urllib", "multiprocessing", "concurrent"}
GLOBAL_RANDOM = {"random", "randint", "choice", "choices", "shuffle", "sample", "seed",
                 "randrange", "uniform", "getrandbits"}


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
            if node.module == "random":
                names += [f"random.{a.name}" for a in node.names if a.name in GLOBAL_RANDOM]
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "random" and node.attr in GLOBAL_RANDOM):
            names = [f"random.{node.attr}"]
        else:
            continue
        for name in names:
            if name.split(".")[0] in FORBIDDEN or name.startswith("random."):
                found.append(f"{path.relative_to(DOMAIN.parent)}:{node.lineno}: {name}")
    return found


def test_domain_imports_no_io_clock_or_global_random() -> None:
    files = sorted(DOMAIN.rglob("*.py"))
    assert files
    problems = [v for path in files for v in _violations(path)]
    assert problems == []


def test_the_purity_check_catches_what_it_names(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import time\nimport random\nfrom asyncio import sleep\nx = random.choice([1])\n")
    global DOMAIN
    saved, DOMAIN = DOMAIN, tmp_path
    try:
        found = _violations(bad)
    finally:
        DOMAIN = saved
    assert [f.split(": ")[1] for f in found] == ["time", "asyncio", "random.choice"]
