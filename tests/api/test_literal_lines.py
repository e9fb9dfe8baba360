"""An error names the file and line of the t-string literal that holds the fault, and its
traceback ends with a frame at that line, as Jinja2 shows a template's line: in the message,
in Python's traceback, in pytest's report, for html(), stream_html() and html_async()."""

from __future__ import annotations

import asyncio
import importlib
import subprocess
import sys
import textwrap
import traceback
from pathlib import Path
from string.templatelib import Interpolation, Template

import pytest

from htmltemplates import (
    RenderError,
    TemplateError,
    TemplateSyntaxError,
    _literal,
    html,
    html_async,
    stream_html,
)

HERE = "tests/api/test_literal_lines.py"


def line_of(text: str) -> int:
    """The line of this file that holds ``text`` (once)."""
    lines = [n for n, line in enumerate(Path(__file__).read_text().splitlines(), 1) if text in line]
    assert len(lines) == 1, lines
    return lines[0]


def row(cell: object) -> Template:
    return t"""<tr>
  <td>{cell}</td>
</tr>"""


ROW_FAULT = row.__code__.co_firstlineno + 2  # the line of {cell}


def raised(render: object) -> TemplateError:
    with pytest.raises(TemplateError) as info:
        render()  # type: ignore[operator]
    return info.value


def test_the_message_names_the_line_of_the_hole_in_a_component_that_returned() -> None:
    error = raised(lambda: html(t"<table>{[row('a'), row({'b': 1})]}</table>"))
    fault = ROW_FAULT
    assert error.written_at == f"{HERE}, line {fault}"
    assert str(error).splitlines()[2:6] == [
        "      <td>{cell}</td>",
        "          ^^^^^^",
        f"  template: {HERE}, line {fault}",
        f"  {error.caller}",
    ]
    assert error.caller == f"test_literal_lines.py, line {line_of('row({' + chr(39) + 'b')}"


def test_a_literal_written_in_the_call_is_named_once() -> None:
    error = raised(lambda: html(t"<p>{ {'a': 1} }</p>"))
    assert error.written_at == f"{HERE}, line {line_of('html(t' + chr(34) + '<p>{ {')}"
    assert "template:" not in str(error)
    assert str(error).splitlines()[4] == f"  {error.caller}"


def test_the_traceback_ends_at_the_literal_with_carets_under_the_hole() -> None:
    error = raised(lambda: html(t"<table>{row(b'x')}</table>"))
    lines = traceback.format_exception(error)
    frame = lines[-2]  # the last frame, then the exception's message
    fault = ROW_FAULT
    assert frame.splitlines() == [
        f'  File "{__file__}", line {fault}, in <template>',
        "    <td>{cell}</td>",
        "        ^^^^^^",
    ]
    # the frames of htmltemplates are not there; the test's own are
    assert not any("htmltemplates/runtime" in line for line in lines)


def test_a_static_fault_names_its_line_in_a_multi_line_literal() -> None:
    error = raised(
        lambda: html(t"""<div>
  <p>{"x"}</p>
  <b class=x""")
    )
    assert isinstance(error, TemplateSyntaxError)
    first = sys._getframe().f_code.co_firstlineno
    assert error.written_at == f"{HERE}, line {first + 4}"  # the line of '<b class=x'
    assert str(error).splitlines()[2] == "      <b class=x"


def test_the_same_literal_twice_in_a_module_names_both_places() -> None:
    def first(value: object) -> Template:
        return t"<em>{value}</em>"

    def second(value: object) -> Template:
        return t"<em>{value}</em>"

    assert first(1).strings is second(1).strings  # one constant for the module
    error = raised(lambda: html(t"<p>{first(1)}{second({'a': 1})}</p>"))
    first_line = first.__code__.co_firstlineno + 1
    second_line = second.__code__.co_firstlineno + 1
    assert error.written_at == (
        f"{HERE}, line {first_line} (or line {second_line}: the same literal is written there)"
    )


def test_a_template_built_by_hand_names_no_literal() -> None:
    template = Template("<p>", Interpolation({"a": 1}, "value"), "</p>")
    error = raised(lambda: html(template))
    assert error.written_at == ""
    assert "template:" not in str(error)
    assert "<template>" not in "".join(traceback.format_exception(error))


def test_stream_html_and_html_async_name_the_literal_too() -> None:
    fault = ROW_FAULT
    with pytest.raises(RenderError) as info:
        "".join(stream_html(t"<table>{row(b'x')}</table>"))
    assert info.value.written_at == f"{HERE}, line {fault}"
    assert traceback.format_exception(info.value)[-2].startswith(
        f'  File "{__file__}", line {fault}, in <template>\n'
    )

    async def view() -> str:
        return await html_async(t"<table>{row(b'x')}</table>")

    with pytest.raises(RenderError) as info:
        asyncio.run(view())
    assert info.value.written_at == f"{HERE}, line {fault}"


def test_pytest_shows_the_literal_line_of_a_component_in_another_module(tmp_path: Path) -> None:
    (tmp_path / "rows.py").write_text(
        textwrap.dedent('''\
            def row(cell):
                return t"""<tr>
              <td>{cell}</td>
            </tr>"""
            ''')
    )
    (tmp_path / "test_page.py").write_text(
        textwrap.dedent("""\
            from htmltemplates import html
            from rows import row

            def test_page():
                html(t"<table>{[row(1), row({'a': 1})]}</table>")
            """)
    )
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "test_page.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 1, out
    assert "rows.py:3: RenderError" in out
    # the literal from its first line to the fault, with the carets under the hole
    assert '        return t"""<tr>\n>     <td>{cell}</td>\n          ^^^^^^\n' in out
    assert "E     template: rows.py, line 3\nE     test_page.py, line 5\n" in out


def test_a_literal_in_a_module_no_frame_runs_in_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a view rendered by the Flask extension after it returned: neither the function that
    wrote the literal nor its module is on the stack; the loaded modules are looked through."""
    (tmp_path / "far_rows.py").write_text('def row(cell):\n    return t"<td>{cell}</td>"\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("far_rows")
    template = module.row({"a": 1})
    del module  # nothing here refers to the module or its function
    error = raised(lambda: html(template))
    assert error.written_at == f"{tmp_path / 'far_rows.py'}, line 2"
    assert traceback.format_exception(error)[-2].splitlines()[0] == (
        f'  File "{tmp_path / "far_rows.py"}", line 2, in <template>'
    )


def test_text_found_nowhere_is_remembered_until_a_module_is_loaded() -> None:
    template = Template("<p>", Interpolation({"a": 1}, "value"), "</p>")
    raised(lambda: html(template))
    assert template.strings in _literal._nowhere
    again = Template("<p>", Interpolation({"a": 1}, "value"), "</p>")
    assert raised(lambda: html(again)).written_at == ""
