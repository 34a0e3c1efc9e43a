"""The import rules between Plaza's top-level parts (README.md, "How it works"), read with `ast`.

Every import counts: plain and `from` imports, relative ones resolved, at any depth (inside
functions and `if TYPE_CHECKING:` blocks too), and `importlib.import_module("a.literal")`.
tests/core/test_purity.py adds what the table cannot say: domain/ uses no I/O, clock or global
random from the standard library.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = {"domain", "server", "clients", "replays", "bench", "infra", "tests"}
ANY = None  # any installed package

# part (a folder, or one module of it)  ->  (project modules it may import, packages outside
# the standard library it may import). A name allows that module and everything under it; the most
# specific part applies. Keep README.md's table in step.
RULES: dict[str, tuple[set[str], set[str] | None]] = {
    "domain": ({"domain"}, {"msgspec"}),
    "server/protocol.py": (set(), {"msgspec"}),
    # `import server.protocol` runs server/__init__.py first: it must not drag the server in.
    "server/__init__.py": (set(), set()),
    "server": ({"server", "domain", "replays"}, ANY),
    "replays": ({"replays", "domain"}, ANY),
    # The CLI verifies replay files and registers extra games offline, hence replays and domain.
    "clients": ({"clients", "server.protocol", "domain", "replays"}, ANY),
    # bench/rebuild.py times the server's own rebuild: the store, its timelines, the runtime's
    # settings and the collector's; nothing else of the server's internals. bench/resim.py
    # times replays' verify.
    "bench": ({"bench", "clients", "domain", "replays", "server.protocol", "server.store",
               "server.timelines", "server.runtime", "server.collector"}, ANY),
    "infra": (set(), ANY),
}


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(dotted: str, root: Path) -> bool:
    base = root.joinpath(*dotted.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imports(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in `path`."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                sub = f"{module}.{alias.name}" if module else alias.name
                found.append((node.lineno, sub if _is_module(sub, root) else module))
        elif isinstance(node, ast.Call) and (literal := _dynamic_import(node)):
            found.append((node.lineno, literal))
    return found


def _dynamic_import(call: ast.Call) -> str | None:
    """The module of `importlib.import_module("x")`, `import_module("x")` or `__import__("x")`."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name not in ("import_module", "__import__") or not call.args:
        return None
    first = call.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def rule_for(path: Path, root: Path = ROOT) -> tuple[str, tuple[set[str], set[str] | None]] | None:
    rel = path.relative_to(root).as_posix()
    parts = [p for p in RULES if rel == p or rel.startswith(p + "/")]
    if not parts:
        return None
    part = max(parts, key=len)
    return part, RULES[part]


def violations(path: Path, root: Path = ROOT) -> list[str]:
    found = rule_for(path, root)
    if found is None:
        return []
    part, (project, outside) = found
    problems = []
    for line, module in imports(path, root):
        top = module.split(".")[0]
        if top in PROJECT:
            allowed = any(module == m or module.startswith(m + ".") for m in project)
        elif top in sys.stdlib_module_names:
            allowed = True
        else:
            allowed = outside is ANY or top in outside
        if not allowed:
            problems.append(f"{path.relative_to(root)}:{line}: {module} (not allowed in {part})")
    return problems


def test_every_part_imports_only_what_its_row_allows() -> None:
    files = [p for part in ("domain", "server", "clients", "replays", "bench", "infra")
             for p in sorted((ROOT / part).rglob("*.py"))]
    assert len(files) > 50 and all(rule_for(p) for p in files)
    assert [v for path in files for v in violations(path)] == []


def test_the_rules_name_real_modules() -> None:
    named = {m for project, _ in RULES.values() for m in project}
    assert [m for m in sorted(named) if not _is_module(m, ROOT)] == []
    assert [p for p in RULES if not (ROOT / p).exists()] == []


def test_the_layer_check_catches_what_it_names(tmp_path: Path) -> None:
    for folder in ("clients", "server", "domain/core", "replays"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("")
    for module in ("server/protocol.py", "server/runtime.py", "clients/client.py", "domain/core/game.py"):
        (tmp_path / module).write_text("")
    bad = tmp_path / "clients" / "cli.py"
    bad.write_text(
        "from server import protocol, runtime\n"
        "from . import client\n"
        "import domain.core.game, replays\n"
        "def later():\n"
        "    from ..server.runtime import Runtime\n"
        "    import importlib\n"
        "    importlib.import_module('bench.load')\n"
    )
    assert [(line, m) for line, m in imports(bad, tmp_path)] == [
        (1, "server.protocol"), (1, "server.runtime"), (2, "clients.client"), (3, "domain.core.game"),
        (3, "replays"), (5, "server.runtime"), (6, "importlib"), (7, "bench.load")]
    assert [v.split(": ")[1] for v in violations(bad, tmp_path)] == [
        "server.runtime (not allowed in clients)", "server.runtime (not allowed in clients)",
        "bench.load (not allowed in clients)"]
    pure = tmp_path / "domain" / "core" / "rules.py"
    pure.write_text("import json\nimport msgspec\nfrom . import game\nimport rich\nfrom server import app\n")
    assert [v.split(": ")[1] for v in violations(pure, tmp_path)] == [
        "rich (not allowed in domain)", "server (not allowed in domain)"]
