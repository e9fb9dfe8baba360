"""The table of fast paths (htmltemplates/_fastpaths.py): every shortcut of the package is an
entry, every entry is taken somewhere and pinned by a test that exists, each can be switched off
alone, and docs/architecture.md prints the table as it is."""

from __future__ import annotations

import ast
import functools
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from htmltemplates import _fastpaths
from htmltemplates._fastpaths import TABLE
from htmltemplates.tooling import fastpaths

ROOT = Path(__file__).parents[2]
PACKAGE = ROOT / "htmltemplates"
SWITCH = "tests/runtime/test_fast_path_table.py::test_each_fast_path_off_alone_renders_the_same"
# The calls that ask the table for an entry, by the name of the function called (_case: a
# case of an inline fast path in compiler/sources.py)
ASKING = {"on", "fast", "Memory", "NestedMemory", "_case"}
# The functions that pass on the name they are given: those above, and a memory's __init__
PASSING = ASKING | {"__init__"}
# Dicts kept across renders that are not memories, and why (a new one is a memory: Memory)
NOT_MEMORIES = {
    ("runtime/cache.py", "plans"): "the plan cache: bounded in plans and bytes, oldest out",
    ("runtime/cache.py", "_costs"): "the plan cache's estimate of each plan",
    ("runtime/cache.py", "_flights"): "the compiles in progress",
    ("runtime/streaming.py", "SCOPES"): "a registry filled by Provider classes, not values",
    ("runtime/tags.py", "_NO_NAMES"): "an empty constant, never filled",
    ("i18n/messages.py", "_PATTERNS"): "weak references to catalogs: entries go with them",
}


def _asked() -> dict[str, set[str]]:
    """The names asked for, each with the modules (paths under htmltemplates/) asking."""
    asked: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(PACKAGE))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        passing = {
            id(call)
            for function in ast.walk(tree)
            if isinstance(function, ast.FunctionDef) and function.name in PASSING
            for call in ast.walk(function)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func.value if isinstance(node.func, ast.Subscript) else node.func
            if not (isinstance(func, ast.Name) and func.id in ASKING):
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                asked.setdefault(first.value, set()).add(where)
            else:
                assert id(node) in passing, f"{where}:{node.lineno}: {func.id}() of no literal name"
    return asked


def test_every_shortcut_asked_for_is_in_the_table() -> None:
    unknown = {name: sorted(where) for name, where in _asked().items() if name not in NAMES}
    assert unknown == {}


def test_every_entry_is_taken_where_the_table_says() -> None:
    asked = _asked()
    for entry in TABLE:
        places = [place.split() for place in entry.where.split(";")]
        for path, function in places:
            tree = ast.parse((PACKAGE / path).read_text(encoding="utf-8"))
            defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            assert function.split(".")[-1] in defined, f"{entry.name}: no {function} in {path}"
        assert entry.name in asked, f"{entry.name}: no code asks for it"
        assert asked[entry.name] & {path for path, _ in places}, (entry.name, asked[entry.name])


def test_every_definition_and_pinning_test_exists() -> None:
    for entry in TABLE:
        module, _, attribute = entry.definition.partition(":")
        found: object = importlib.import_module(f"htmltemplates.{module}")
        for part in attribute.split("."):
            found = getattr(found, part)
        assert callable(found), entry.definition
        path, _, test = entry.test.partition("::")
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        tests = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert test in tests, f"{entry.name}: no test {entry.test}"


def test_names_are_kebab_case_and_unique() -> None:
    names = [entry.name for entry in TABLE]
    assert len(names) == len(set(names))
    for name in names:
        assert name == name.lower(), name
        assert name.replace("-", "").isalnum(), name


def test_no_shortcut_or_memory_outside_the_table() -> None:
    # the old forms of a shortcut (a global switch, a _FAST_ class), and dicts or caches kept
    # across renders that are not a Memory (tooling/ reads templates, it does not render them)
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(PACKAGE))
        source = path.read_text(encoding="utf-8")
        assert re.search(r"\bSLOW_PATHS\b", source) is None, where
        if where != "_fastpaths.py":
            assert '"HTMLTEMPLATES_SLOW_PATHS"' not in source, where  # read there only
        assert "_FAST_" not in source, where
        if where.startswith("tooling/"):
            continue
        tree = ast.parse(source)
        for node in tree.body:
            value = getattr(node, "value", None)
            if isinstance(value, ast.Dict) and not value.keys:
                targets = getattr(node, "targets", None) or [node.target]  # type: ignore[attr-defined]
                assert (where, ast.unparse(targets[0])) in NOT_MEMORIES, (where, node.lineno)
        for node in ast.walk(tree):
            for decorator in getattr(node, "decorator_list", []):
                assert "lru_cache" not in ast.unparse(decorator), (where, node.lineno)
                assert ast.unparse(decorator) != "functools.cache", (where, node.lineno)


def test_the_architecture_doc_prints_the_table() -> None:
    current = fastpaths.DOC.read_text(encoding="utf-8")
    if fastpaths.documented(current) != current:
        pytest.fail(
            "docs/architecture.md's table of fast paths is out of date: run "
            "`make fastpaths` (or `tools/fastpaths write`)",
            pytrace=False,
        )


def _run(setting: str, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HTMLTEMPLATES_SLOW_PATHS": setting}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests" / "support")])
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )


_SOURCE = """
from htmltemplates.compiler.plan import compile_template
a = b = c = 1
print(compile_template(t'<p title={a} class="x-{b}">{c}</p>')[1])
"""


def test_switching_off_one_entry_changes_its_piece_and_no_other() -> None:
    every = _run("0", _SOURCE).stdout.splitlines()
    without = _run("text-str", _SOURCE).stdout.splitlines()
    assert len(every) == len(without) > 5
    changed = [(a, b) for a, b in zip(every, without, strict=True) if a != b]
    assert len(changed) == 1
    fast, slow = changed[0]
    assert fast.endswith("# {c}: text")
    assert slow.endswith("# {c}: text")
    assert "_escape_text(v2) if (c := v2.__class__) is _str" in fast
    assert "_escape_text(v2)" not in slow
    assert "_str(v2) if (c := v2.__class__) is _int" in slow


def test_an_unknown_name_is_an_error_at_import_naming_the_known_ones() -> None:
    done = _run("text-str,no-such-path", "import htmltemplates")
    assert done.returncode != 0
    assert "names no fast path no-such-path" in done.stderr
    assert "text-str, text-number" in done.stderr


@functools.cache
def _renders() -> list[list[str]]:
    """The renders of tests/support/fast_path_renders.py in this process, once."""
    import fast_path_renders  # noqa: PLC0415 - a module of tests/support/

    return fast_path_renders.renders()


_RENDERS = """
import json, fast_path_renders
from htmltemplates._memory import memories
print(json.dumps([fast_path_renders.renders(), memories()]))
"""


@pytest.mark.parametrize(
    "name", [entry.name for entry in TABLE if entry.test == SWITCH] + ["all memories"]
)
def test_each_fast_path_off_alone_renders_the_same(name: str) -> None:
    memories = [entry.name for entry in TABLE if entry.site == "memory"]
    setting = ",".join(memories) if name == "all memories" else name
    done = _run(setting, _RENDERS)
    assert done.returncode == 0, done.stderr
    renders, remembered = json.loads(done.stdout)
    assert renders == _renders()
    for memory, (entries, size) in remembered.items():
        if memory.split(" ")[0] in setting.split(","):
            assert (entries, size) == (0, 0), memory  # switched off: remembers nothing


NAMES = _fastpaths.NAMES
