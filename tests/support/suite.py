"""The test modules of other folders, for a test that reuses their tables (the pages of
tests/compiler/test_compile_speed.py are those of the attribute, context and CSS tests).

pytest imports each test module under its own name, with its folder first on ``sys.path``
(the "prepend" import mode); :func:`test_module` does the same, so a module imported here and
by pytest is one module."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).parents[1]


def test_module(name: str) -> ModuleType:
    """The test module ``name`` (``"test_attributes"``), wherever it is under tests/."""
    found = [path for path in TESTS.rglob(f"{name}.py") if "support" not in path.parts]
    if len(found) != 1:
        raise LookupError(f"{len(found)} test modules named {name} under {TESTS}")
    folder = str(found[0].parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(name)


test_module.__test__ = False  # type: ignore[attr-defined]  # not a test, for pytest
