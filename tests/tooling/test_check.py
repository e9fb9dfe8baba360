"""`python -m htmltemplates check`: the exact reports on files with known faults, the files it
must pass, the files it cannot read, excludes, ignore comments, formats and exit statuses."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from string.templatelib import Template

import pytest

from htmltemplates import TemplateSyntaxError, html
from htmltemplates.errors import Location, excerpt
from htmltemplates.tooling import check, files
from htmltemplates.tooling.literals import ModuleIndex, html_literals
from htmltemplates.tooling.positions import SourceText, location_position
from htmltemplates.tooling.report import Finding, github, human

ROOT = Path(__file__).parents[2]
CASES = Path(__file__).parent / "check_cases"


def run(
    args: list[str],
    where: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[int, str]:
    """The exit status and the output of the checker run in the directory ``where``."""
    monkeypatch.chdir(where)
    status = check.main(args)
    return status, capsys.readouterr().out


def write(directory: Path, name: str, source: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    """The files of tests/tooling/check_cases, copied out of the repository (whose pyproject.toml
    excludes them)."""
    shutil.copytree(CASES, tmp_path / "cases")
    return tmp_path / "cases"


# -- exact reports ---------------------------------------------------------------------------

REFUSALS_REPORT = """\
refusals.py:7:10: error: interpolation inside a tag name

    <h{level}>Title</h{level}>
      ^^^^^^^

Write the tag name in the template, or make the whole name a component: <{Card} />. \
See docs/errors.md#tag-name (python -m htmltemplates doc tag-name).

refusals.py:10:15: error: the template ends inside a double-quoted URL attribute value (href) \
of <a>

    <main><a href="/users/{name}>profile</a></main>
                  ^

Close the quote. See docs/errors.md#unclosed (python -m htmltemplates doc unclosed).

refusals.py:14:1: error: the template ends inside a comment

    <!-- a note about \N{EM DASH} {braces}
    ^^^^

Close the comment with -->. \
See docs/errors.md#unclosed (python -m htmltemplates doc unclosed).

1 file, 3 HTML templates checked: 3 errors, 0 warnings.
"""


def test_the_report_on_refused_templates(
    cases: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a hole, static text in the second piece of an implicit concatenation, and static text on
    # the second line of a triple-quoted literal with an escape and {{ }} before it
    status, out = run(["refusals.py"], cases, capsys, monkeypatch)
    assert (status, out) == (1, REFUSALS_REPORT)


def test_a_component_template_with_no_tag_of_its_own_is_checked(
    cases: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Badge returns t"<{name}": HTML only because <{Badge} /> names it as a component
    status, out = run(["--format=json", "components.py"], cases, capsys, monkeypatch)
    assert status == 1
    assert json.loads(out) == [
        {
            "path": "components.py",
            "line": 12,
            "col": 14,
            "severity": "error",
            "code": "unclosed",
            "headline": "the template ends inside the tag <{name}>",
            "fix": "Close the tag with '>'.",
            "excerpt": "<{name}\n^",
            "end_line": 12,
            "end_col": 15,
        },
        {
            "path": "components.py",
            "line": 16,
            "col": 37,
            "severity": "error",
            "code": "component-close",
            "headline": "</{name}> closes no component",
            "fix": "Remove it, or open the component before it: <{Card}>...</{Card}>.",
            "excerpt": "<{Badge} />{children}</{name}>\n                       ^^^^^^",
            "end_line": 16,
            "end_col": 43,
        },
    ]


def test_templates_that_are_not_html_and_good_html_pass(
    cases: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out = run(["clean.py"], cases, capsys, monkeypatch)
    # the SQL and logging t-strings are not HTML: Row's, the list item's, and shown's are
    assert (status, out) == (0, "1 file, 4 HTML templates checked: no problems found.\n")


def test_a_directory_is_walked_in_order(
    cases: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out = run(["--format=json", "."], cases, capsys, monkeypatch)
    places = [(item["path"], item["line"]) for item in json.loads(out)]
    assert status == 1
    assert places == [
        ("components.py", 12),
        ("components.py", 16),
        ("refusals.py", 7),
        ("refusals.py", 10),
        ("refusals.py", 14),
    ]


# -- the checker says what html() says, where the source wrote it --------------------------

# (the literal as written, the line and column of the fault in `html(LITERAL)` on line 2)
LITERALS = [
    ('t"<p>\\n{{x}}</p {name}>"', 2, 22, (2, 28)),
    ('t"<p>" t\'<a href="java{name}">\' rt"""\\d<\nx {name}"""', 2, 28, (2, 34)),
    ('t"""<div>\n  <p title=\'{name}\n"""', 3, 12, (3, 13)),
    ('t"<p>\\N{EM DASH}\\x41\\101</p><!-- {name}>"', 2, 34, (2, 38)),
    ('rt"<p \\" {name}=1>"', 2, 15, (2, 21)),
    ('t"<{name}>x"', 2, 9, (2, 15)),
    ('t"<p>{name!r:>{width}}</p {name}>"', 2, 32, (2, 38)),
    ('t"<é>é{name}</p"', 2, 18, (2, 20)),
    ("(t'<p>'  # a comment between the pieces\n t'<b {name}=x>')", 3, 7, (3, 13)),
]


@pytest.mark.parametrize(("literal", "line", "col", "end"), LITERALS)
def test_each_fault_is_reported_as_html_words_it(
    literal: str,
    line: int,
    col: int,
    end: tuple[int, int],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    write(tmp_path, "page.py", f'name = width = "x"\nhtml({literal})\n')
    status, out = run(["--format=json", "page.py"], tmp_path, capsys, monkeypatch)
    [finding] = json.loads(out)
    # the same literal, run (a nested field of a format spec is shown as written: here its
    # value is that text)
    template = eval(literal, {"name": "x", "width": "{width}"})
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    error = info.value
    assert error.location is not None
    shown = [text.removeprefix("    ") for text in excerpt(template, error.location)]
    assert status == 1
    assert finding == {
        "path": "page.py",
        "line": line,
        "col": col,
        "severity": "error",
        "code": error.anchor,
        "headline": error.headline,
        "fix": error.fix,
        "excerpt": "\n".join(shown),
        "end_line": end[0],
        "end_col": end[1],
    }


@pytest.mark.parametrize(("returns", "codes"), [("HTML", ["unclosed"]), ("str", [])])
def test_a_function_annotated_to_return_html_returns_html(
    returns: str,
    codes: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # `<{name}` has no tag of its own: only the annotation says the t-string is HTML
    source = f"from htmltemplates import HTML\n\ndef opening(name) -> {returns}:\n"
    write(tmp_path, "page.py", source + "    return t'<{name}'\n")
    _status, out = run(["--format=json", "page.py"], tmp_path, capsys, monkeypatch)
    assert [finding["code"] for finding in json.loads(out)] == codes


def test_a_fault_in_the_code_spans_its_call(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the call is the fault, over two lines: an editor underlines all of it
    write(
        tmp_path,
        "page.py",
        'from markupsafe import Markup\nname = "x"\nMarkup(f"<p>{name}"\n       "</p>")\n',
    )
    status, out = run(["--format=json", "page.py"], tmp_path, capsys, monkeypatch)
    [finding] = json.loads(out)
    assert (status, finding["code"]) == (1, "formatted-markup")
    assert (finding["line"], finding["col"], finding["end_line"], finding["end_col"]) == (
        3,
        1,
        4,
        15,
    )


SOURCES = [literal for literal, *_place in LITERALS] + [
    't\'<a title="{name}" href="/x?a=1&amp;b={name}">\\t\\u00e9\\U0001F600</a>\'',
    "t'''<p>\\\n{name}</p>'''",
    "rt'<p>\\{name}\\\\</p>'",
]


@pytest.mark.parametrize("literal", SOURCES)
def test_every_character_of_static_text_maps_to_its_source(literal: str) -> None:
    """Each character of the strings maps to the place in the source that wrote it: itself,
    or the backslash of its escape, or the first brace of a doubled one; and each string's end
    to the '{' of the field after it, or the closing quote."""
    text = f"html({literal})\n"
    source = SourceText(text)
    [found] = html_literals(ModuleIndex(ast.parse(text)))
    lines = [line + "\n" for line in text.split("\n")]
    for index, string in enumerate(found.template.strings):
        for offset in range(len(string) + 1):
            where = Location(string=index, offset=offset)
            row, column, exact = location_position(source, found.node, found.template, where)
            written = lines[row - 1][column]
            assert exact
            if offset == len(string):
                assert written in "{\"'", (index, offset)
            else:
                assert written in (string[offset], "\\", "{", "}"), (index, offset, written)


# -- files that cannot be read ---------------------------------------------------------------


def test_a_syntax_error_is_one_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "broken.py", 'from htmltemplates import html\nhtml(t"<p>{x}</p"\n')
    status, out = run(["broken.py"], tmp_path, capsys, monkeypatch)
    assert (status, out) == (
        1,
        "broken.py:2:5: error: cannot parse: '(' was never closed\n"
        "\n"
        '    html(t"<p>{x}</p"\n'
        "        ^\n"
        "\n"
        "1 file, 0 HTML templates checked: 1 error, 0 warnings.\n",
    )


def test_a_file_in_latin_1_with_a_coding_cookie(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = "# -*- coding: latin-1 -*-\nname = 'x'\nhtml(t'<p>café</p {name}>')\n"
    (tmp_path / "old.py").write_bytes(source.encode("latin-1"))
    status, out = run(["--format=json", "old.py"], tmp_path, capsys, monkeypatch)
    [finding] = json.loads(out)
    # the column counts characters: é is one
    assert (status, finding["line"], finding["col"]) == (1, 3, 19)
    assert finding["excerpt"] == "<p>café</p {name}>\n           ^^^^^^"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (
            b"a = 1\nb = '\xff'\n",
            "old.py:2:1: error: cannot decode: byte b'\\xff' is not valid utf-8",
        ),
        (
            b"# coding: klingon\n",
            "old.py:1:1: error: cannot decode: unknown encoding: klingon",
        ),
        (
            b"# coding: ascii\nb = '\xe9'\n",
            "old.py:2:1: error: cannot decode: byte b'\\xe9' is not valid ascii",
        ),
        (
            b"# coding: rot13\nn = 1\n",  # a codec, but no text encoding
            "old.py:1:1: error: cannot decode: 'rot13' is not a text encoding; use "
            "codecs.decode() to handle arbitrary codecs",
        ),
        (
            b"x = " + b"+".join([b"a"] * 200_000) + b"\n",  # too long for the parser's stack
            "old.py:1:1: error: cannot parse: too complex (Python's parser ran out of stack)",
        ),
        (
            b"if a:\n  pass\n" + b"".join(b"elif a == %d:\n  pass\n" % n for n in range(40_000)),
            "old.py:1:1: error: cannot parse: too complex (Python's parser ran out of memory)",
        ),
    ],
)
def test_an_undecodable_file_is_one_finding(
    data: bytes,
    reason: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "old.py").write_bytes(data)
    status, out = run(["old.py"], tmp_path, capsys, monkeypatch)
    assert (status, out) == (
        1,
        f"{reason}\n\n1 file, 0 HTML templates checked: 1 error, 0 warnings.\n",
    )


def test_the_run_goes_on_past_files_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a_rot.py").write_bytes(b"# coding: rot13\n")
    (tmp_path / "b_zero.py").symlink_to("/dev/zero")  # read to the end, it would never end
    os.mkfifo(tmp_path / "c_fifo.py")  # opened for reading, it would block for ever
    write(tmp_path, "d_refused.py", REFUSED)
    status, out = run(["--format=json", "."], tmp_path, capsys, monkeypatch)
    assert 1 == status
    assert [
        ("a_rot.py", 1, "cannot-decode"),
        ("b_zero.py", 1, "cannot-read", "cannot read: not a regular file"),
        ("c_fifo.py", 1, "cannot-read", "cannot read: not a regular file"),
        ("d_refused.py", 3, "attribute-name"),
    ] == [
        (f["path"], f["line"], f["code"], f["headline"])
        if f["code"] == "cannot-read"
        else (f["path"], f["line"], f["code"])
        for f in json.loads(out)
    ]


def test_a_file_larger_than_the_bound_is_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1000)
    write(tmp_path, "big.py", "x = 1\n" * 200)  # 1,200 bytes
    write(tmp_path, "small.py", "x = 1\n" * 100)
    status, out = run(["."], tmp_path, capsys, monkeypatch)
    assert (status, out) == (
        1,
        "big.py:1:1: error: cannot read: larger than 1,000 bytes\n\n"
        "2 files, 0 HTML templates checked: 1 error, 0 warnings.\n",
    )


def test_a_huge_generated_file_is_checked_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 50,000 lines of generated code, one in 25 an HTML template of its own text
    rows = [
        f'row{n} = html(t"<tr><td class={{c}}>{{v}} {n}</td></tr>")'
        if n % 25 == 0
        else f"data{n} = {{'id': {n}, 'name': 'row {n}', 'tags': ['a', 'b']}}"
        for n in range(49_998)
    ]
    source = "\n".join(['c = v = "x"', *rows, 'last = html(t"<p {v}=1>")', ""])
    write(tmp_path, "generated.py", source)
    # (no timing is asserted: about 11 s on an idle core here, three times that on a shared
    # one; what is checked is that the whole file is read and the fault found at its end)
    status, out = run(["generated.py"], tmp_path, capsys, monkeypatch)
    assert status == 1
    assert out.startswith("generated.py:50000:18: error: interpolation inside an attribute name")
    assert out.endswith("1 file, 2001 HTML templates checked: 1 error, 0 warnings.\n")


# -- what is read: excludes ------------------------------------------------------------------

REFUSED = 'from htmltemplates import html\nname = "x"\nhtml(t"<p {name}=1>")\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project whose pyproject.toml excludes build/ and generated protobuf modules."""
    write(
        tmp_path,
        "pyproject.toml",
        """\
        [project]
        name = "demo"

        [tool.htmltemplates]
        exclude = ["build/", "*_pb2.py", "/top.py", "!keep_pb2.py"]
        """,
    )
    for name in [
        "app/views.py",
        "app/msg_pb2.py",
        "app/keep_pb2.py",
        "build/lib/views.py",
        "top.py",
        "app/top.py",
        ".hidden/views.py",
        "venv/lib/views.py",
    ]:
        write(tmp_path, name, REFUSED)
    write(tmp_path, "venv/pyvenv.cfg", "home = /usr\n")
    return tmp_path


def paths(out: str) -> list[str]:
    return [item["path"] for item in json.loads(out)]


def test_the_excludes_of_pyproject_are_found_from_a_subdirectory(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out = run(["--format=json", "."], project, capsys, monkeypatch)
    # build/ and msg_pb2.py excluded, keep_pb2.py taken back, /top.py only at the root;
    # hidden directories and virtualenvs are never walked
    assert (status, paths(out)) == (1, ["app/keep_pb2.py", "app/top.py", "app/views.py"])
    status, out = run(["--format=json", "."], project / "app", capsys, monkeypatch)
    assert (status, paths(out)) == (1, ["keep_pb2.py", "top.py", "views.py"])


def test_excludes_on_the_command_line_and_on_named_files(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["--format=json", "--exclude", "views.py", "--exclude=app/top.py", "."]
    status, out = run(args, project, capsys, monkeypatch)
    assert (status, paths(out)) == (1, ["app/keep_pb2.py"])
    # files named one by one, as pre-commit names them, are excluded all the same
    named = ["--format=json", "app/msg_pb2.py", "build/lib/views.py", "app/views.py"]
    status, out = run(named, project, capsys, monkeypatch)
    assert (status, paths(out)) == (1, ["app/views.py"])


def test_a_bad_configuration_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "pyproject.toml", '[tool.htmltemplates]\nexclude = "build/"\n')
    monkeypatch.chdir(tmp_path)
    assert check.main(["."]) == 2
    assert capsys.readouterr().err == (
        f"python -m htmltemplates check: error: {tmp_path / 'pyproject.toml'}: "
        "[tool.htmltemplates] exclude must be a list of strings\n"
    )


# -- which templates are read ----------------------------------------------------------------


def test_ignore_comments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(
        tmp_path,
        "page.py",
        """\
        from htmltemplates import html
        # htmltemplates: ignore  (a line of its own after code skips nothing)
        name = "x"
        html(t"<p {name}=1>")  # htmltemplates: ignore
        html(t'''<p
            {name}=1>''')  # htmltemplates: ignore
        html(t"<h{name}>")
        """,
    )
    status, out = run(["--format=json", "page.py"], tmp_path, capsys, monkeypatch)
    assert (status, [item["line"] for item in json.loads(out)]) == (1, [7])
    write(tmp_path, "skipped.py", '"""Docstring."""\n\n# htmltemplates: ignore\n' + REFUSED)
    status, out = run(["skipped.py"], tmp_path, capsys, monkeypatch)
    assert (status, out) == (0, "1 file, 0 HTML templates checked: no problems found.\n")


def test_templates_the_code_expects_to_be_refused_are_not_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(
        tmp_path,
        "test_page.py",
        """\
        import pytest
        from htmltemplates import TemplateSyntaxError, html

        name = "x"
        with pytest.raises(TemplateSyntaxError):
            html(t"<p {name}=1>")
        for template in [t"<h{name}>", t"<p {name}=1>"]:
            with pytest.raises(ValueError, match="tag name"):
                html(template)

        def fails(template):
            with pytest.raises((KeyError, TemplateSyntaxError)):
                html(template)

        fails(t"<h{name}>")
        with pytest.raises(KeyError):  # not a refusal: reported
            html(t"<h{name}>")
        """,
    )
    status, out = run(["--format=json", "test_page.py"], tmp_path, capsys, monkeypatch)
    assert (status, [item["line"] for item in json.loads(out)]) == (1, [17])


def test_which_templates_are_html(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `<{name}` alone has no tag: each of these is HTML only by where it is used
    write(
        tmp_path,
        "views.py",
        """\
        from string.templatelib import Template
        from htmltemplates.integrations.django import render_html
        from htmltemplates.integrations.starlette import TemplateResponse

        name, request = "x", None

        def sql(template): return template

        def page() -> Template:
            return t"<{name}" if name else None

        def helper():
            return t"<{name}"

        render_html(request, t"<{name}")
        TemplateResponse(content=[t"<{name}"])
        html(t"<main>{t'<{name}' if name else None}</main>")
        html(t"<main>{sql(t'<{name}')}</main>")
        log = t"{name} <{name}"
        """,
    )
    status, out = run(["--format=json", "views.py"], tmp_path, capsys, monkeypatch)
    assert (status, [item["line"] for item in json.loads(out)]) == (1, [10, 15, 16, 17])


# -- formats, warnings and exit statuses -----------------------------------------------------


def test_usage_errors_exit_with_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert check.main(["--format=xml", "."]) == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err
    assert check.main(["missing.py"]) == 2
    assert capsys.readouterr().err == (
        "python -m htmltemplates check: error: no such file or directory: missing.py\n"
    )
    assert check.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m htmltemplates check [-h]")


def test_the_github_format_escapes_what_the_runner_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    finding = Finding(
        "dir,1/a:b.py", 3, 7, "error", "unclosed", "50% done, or: not", "Close it.", "<p\r\n^"
    )
    assert github([finding]) == (
        "::error file=dir%2C1/a%3Ab.py,line=3,col=7,title=50%25 done%2C or%3A not"
        "::<p%0D%0A^%0AClose it. See docs/errors.md#unclosed "
        "(python -m htmltemplates doc unclosed).\n"
    )
    note = Finding("a.py", 1, 1, "warning", "lint-x", "head", "Do this: that.", "")
    assert github([note]) == (
        "::warning file=a.py,line=1,col=1,title=head::Do this: that. See docs/errors.md#lint-x "
        "(python -m htmltemplates doc lint-x).\n"
    )


@dataclass(frozen=True)
class Warned:
    """A lint warning as engineer "lint" shapes it: the four fields of a TemplateError."""

    headline: str
    fix: str
    anchor: str
    location: Location | None


@dataclass(frozen=True)
class CodeWarned:
    """A finding in the code around the templates, at ``node``."""

    node: ast.AST
    headline: str
    fix: str
    anchor: str
    severity: str


def warn_on_holes(template: Template, _literal: object) -> list[Warned]:
    if not template.interpolations:
        return []
    return [Warned("a hole", "Think twice.", "lint-hole", Location.at_hole(0))]


def test_warnings_fail_only_with_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(check, "TEMPLATE_CHECKS", [*check.TEMPLATE_CHECKS, warn_on_holes])
    monkeypatch.setattr(
        check,
        "FILE_CHECKS",
        [
            lambda tree, _literals, _path: [
                CodeWarned(tree.body[1], "code", "Fix.", "lint-code", "warning")
            ]
        ],
    )
    write(tmp_path, "page.py", 'name = "x"\nshown = html(t"<p>{name}</p>")\n')
    status, out = run(["page.py"], tmp_path, capsys, monkeypatch)
    assert (status, out) == (
        0,
        "page.py:2:1: warning: code\n"
        "\n"
        '    shown = html(t"<p>{name}</p>")\n'
        "    ^\n"
        "\n"
        "Fix. See docs/errors.md#lint-code (python -m htmltemplates doc lint-code).\n"
        "\n"
        "page.py:2:19: warning: a hole\n"
        "\n"
        "    <p>{name}</p>\n"
        "       ^^^^^^\n"
        "\n"
        "Think twice. See docs/errors.md#lint-hole (python -m htmltemplates doc lint-hole).\n"
        "\n"
        "1 file, 1 HTML template checked: 0 errors, 2 warnings.\n",
    )
    status, _out = run(["--strict", "page.py"], tmp_path, capsys, monkeypatch)
    assert status == 1


class Terminal:
    """A stdout that says it is a terminal."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text

    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "page.py", REFUSED)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert check.main(["page.py"]) == 1
    assert terminal.text.startswith(
        "\x1b[1mpage.py:3:11:\x1b[0m \x1b[31merror\x1b[0m: interpolation inside an attribute name"
    )
    monkeypatch.setenv("NO_COLOR", "1")
    terminal.text = ""
    assert check.main(["page.py"]) == 1
    assert terminal.text.startswith("page.py:3:11: error: interpolation inside an attribute name")
    assert human([]) == ""


# -- Markdown, the command line, and this repository -----------------------------------------


def test_the_python_blocks_of_markdown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(
        tmp_path,
        "docs/page.md",
        """\
        # A page

        ```python
        name = "x"
        ```

        <!-- htmltemplates: ignore -->
        ```python
        html(t"<h{name}>")
        ```

        ```text
        html(t"<h{name}>")
        ```

        - a list item:

          ```py
          shown = html(t"<p {name}=1>")
          ```
        """,
    )
    status, out = run(["--format=json", "docs"], tmp_path, capsys, monkeypatch)
    [finding] = json.loads(out)
    assert (status, finding["path"], finding["line"], finding["col"]) == (
        1,
        "docs/page.md",
        19,
        21,
    )


def test_the_command_line(tmp_path: Path) -> None:
    write(tmp_path, "page.py", REFUSED)
    environment = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "htmltemplates", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            env=environment,
            check=False,
        )

    done = command("check", "page.py")
    assert (done.returncode, done.stdout.splitlines()[0], done.stderr) == (
        1,
        "page.py:3:11: error: interpolation inside an attribute name",
        "",
    )
    for args in [(), ("lint-everything",)]:
        done = command(*args)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.startswith("usage: python -m htmltemplates COMMAND")


def test_this_repository_has_no_false_refusal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every template of the package, the examples, the tests and the docs that the checker
    reads renders: a report here is a template html() accepts and the checker refuses (the
    test files that hold refusals on purpose are excluded in pyproject.toml)."""
    status, out = run(["--format=json", "."], ROOT, capsys, monkeypatch)
    errors = [finding for finding in json.loads(out) if finding["severity"] == "error"]
    assert (status, errors) == (0, [])


def test_the_docs_and_examples_check_clean(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """make test's own check of the examples, the docs and the README prints its summary line
    and nothing else: the examples written to show a warning carry `# htmltemplates: ignore`
    (an unmarked one, or a warning in any other example, is reported here)."""
    status, out = run(["--strict", "examples", "docs", "README.md"], ROOT, capsys, monkeypatch)
    assert status == 0, out
    assert re.fullmatch(r"\d+ files, \d+ HTML templates checked: no problems found\.\n", out), out


def test_the_pre_commit_hook() -> None:
    hook = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8").splitlines()
    assert hook[1:] == [
        "- id: htmltemplates-check",
        "  name: htmltemplates check",
        "  description: Find the templates that html() would refuse, without running the code.",
        "  entry: python -m htmltemplates check",
        "  language: python",
        "  types: [python]",
    ]


def test_a_place_the_source_cannot_give_back_is_the_literal_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `{name=}` puts "name=" in the static strings, where the source has a field
    write(tmp_path, "page.py", 'name = "x"\nshown = html(t"<p>{name=}</p")\n')
    status, out = run(["--format=json", "page.py"], tmp_path, capsys, monkeypatch)
    [finding] = json.loads(out)
    assert (status, finding["line"], finding["col"], finding["code"]) == (1, 2, 14, "unclosed")
    assert finding["excerpt"] == "<p>name={name!r}</p\n                ^^"


def test_the_lints_are_reported_with_the_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(
        tmp_path,
        "page.py",
        """\
        from string.templatelib import Template

        from markupsafe import Markup

        from htmltemplates import html


        def Card(*, title: str) -> Template:
            return t"<h2>{title}</h2>"


        name = "x"
        a = html(t"<div><span>{name}</div>")
        b = Markup(f"<p>{name}</p>")
        c = html(t"<{Card} titel={name} />")
        d = html(t"<h{name}>")
        e = Markup(f"<p>{name}</p>")  # type: ignore[misc]  # htmltemplates: ignore


        def Counter(*, count: int) -> Template:
            return t"<b>{count}</b>"


        f = html(t"<{Counter} count=3 />")
        g = t"<{Counter} count=3 />"  # not HTML by itself: a component tag alone is not
        """,
    )
    status, out = run(["--format=json", "page.py"], tmp_path, capsys, monkeypatch)
    found = [(f["line"], f["severity"], f["code"]) for f in json.loads(out)]
    assert (status, found) == (
        1,
        [
            (13, "warning", "misnested-end-tag"),
            (14, "error", "formatted-markup"),
            (15, "error", "unknown-prop"),
            (16, "error", "tag-name"),
            (24, "error", "static-prop"),
        ],
    )
    status, _out = run(["--strict", "--format=json", "page.py"], tmp_path, capsys, monkeypatch)
    assert status == 1
