"""Run the ```python code blocks of README.md and docs/*.md as tests, with Sybil.

Each file's blocks share one namespace and run in order. A block can be skipped
with an HTML comment before it: ``<!-- skip: next -->``.
"""

from pathlib import Path
from typing import Any

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

ROOT = Path(__file__).parent
DOC_PATTERNS = ("README.md", "docs/*.md")

_sybil = Sybil(
    parsers=[PythonCodeBlockParser(), SkipParser()],
    patterns=list(DOC_PATTERNS),
    path=".",
)
_sybil_collect_file = _sybil.pytest()


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Any:
    # Sybil matches its patterns against the end of a path ("README.md" would also
    # take docs/x/README.md); take exactly the files named above, relative to the root.
    try:
        relative = file_path.relative_to(ROOT)
    except ValueError:
        return None
    if any(relative.full_match(pattern) for pattern in DOC_PATTERNS):
        return _sybil_collect_file(file_path, parent)
    return None
