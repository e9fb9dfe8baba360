"""bench/editor.py keeps working (no timing is asserted): each module it generates is valid
Python of the size asked, and the table has a row for each."""

from __future__ import annotations

import pytest

from bench import editor

pytestmark = pytest.mark.no_streamcheck


@pytest.mark.parametrize("name", sorted(editor.MODULES))
def test_each_module_is_python_of_the_size_asked(name: str) -> None:
    text = editor.MODULES[name](300)
    compile(text, f"{name}.py", "exec")
    assert 250 <= text.count("\n") <= 300


def test_the_table_has_a_row_per_module(capsys: pytest.CaptureFixture[str]) -> None:
    assert editor.main(["--lines", "200", "--changes", "2"]) == 0
    rows = [line.split()[::2] for line in capsys.readouterr().out.splitlines()[1:]]
    assert [row[:2] for row in rows] == [
        ["views", "typing"],
        ["views", "paused"],
        ["dense", "typing"],
        ["dense", "paused"],
    ]
