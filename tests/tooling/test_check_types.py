"""`python -m htmltemplates check --types`: mypy checks the call each component tag makes,
and each of its messages is put on the prop or the tag it is about."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from htmltemplates.tooling.check import main

pytestmark = pytest.mark.no_streamcheck

COMPONENTS = textwrap.dedent(
    '''\
    from string.templatelib import Template


    def Card(*, title: str, count: int = 0, children: Template | None = None) -> Template:
        """A card."""
        return t"<section><h2>{title}</h2>{children}</section>"


    def Label(*, children: str) -> Template:
        return t"<b>{children}</b>"


    class Badge:
        """A class is a component too: its __init__ is the signature."""

        def __init__(self, *, level: int) -> None:
            self.level = level

        def __html__(self) -> str:
            return "<i>badge</i>"
    '''
)


def run_check(
    tmp_path: Path, page: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, list[tuple[int, int, int, int, str, str]]]:
    (tmp_path / "components.py").write_text(COMPONENTS)
    (tmp_path / "page.py").write_text(page)
    monkeypatch.chdir(tmp_path)
    status = main(["--types", "--format=json", "page.py"])
    found = json.loads(capsys.readouterr().out)
    return status, [
        (f["line"], f["col"], f["end_line"], f["end_col"], f["code"], f["headline"]) for f in found
    ]


def test_each_type_error_is_on_its_prop_or_tag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    page = textwrap.dedent(
        """\
        from htmltemplates import html

        from components import Badge, Card, Label


        def page(name: str, xs: list[str], level: str) -> list[str]:
            return [
                html(t"<{Card} title={name} count={'3'} />"),
                html(t"<{Card} count={3} />"),
                html(t"<{Label}>x</{Label}>"),
                html(t"<ul>{[t'<li><{Card} title={x} count={x} /></li>' for x in xs]}</ul>"),
                html(t"<{Badge} level={level} />"),
                html(t"<{Card} title={name} count={len(xs)}>fine</{Card}>"),
            ]
        """
    )
    status, found = run_check(tmp_path, page, capsys, monkeypatch)
    assert status == 1
    assert found == [
        (
            8,
            43,
            8,
            48,
            "prop-type",
            '<{Card}>: Argument "count" to "Card" has incompatible type "str"; expected "int" '
            "[arg-type]",
        ),
        # the checker finds this one itself, and words it as html() does: mypy's is not shown
        (9, 17, 9, 23, "missing-prop", "the component Card is missing the required prop title"),
        (
            10,
            17,
            10,
            24,
            "prop-type",
            '<{Label}>: Argument "children" to "Label" has incompatible type "Template"; '
            'expected "str" [arg-type]',
        ),
        (
            11,
            52,
            11,
            55,
            "prop-type",
            '<{Card}>: Argument "count" to "Card" has incompatible type "str"; expected "int" '
            "[arg-type]",
        ),
        (
            12,
            31,
            12,
            38,
            "prop-type",
            '<{Badge}>: Argument "level" to "Badge" has incompatible type "str"; expected "int" '
            "[arg-type]",
        ),
    ]


def test_a_fault_the_checker_finds_itself_is_reported_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the unknown prop is the checker's own finding, worded as html() words it
    page = (
        "from htmltemplates import html\nfrom components import Card\n\n"
        "html(t'<{Card} title=x titel=y />')\nhtml(t'<{Card} title=x count=3 />')\n"
    )
    status, found = run_check(tmp_path, page, capsys, monkeypatch)
    assert status == 1
    assert [(line, col, code) for line, col, _l, _c, code, _h in found] == [
        (4, 9, "unknown-prop"),
        (5, 9, "static-prop"),
    ]


def test_text_props_spreads_and_children_as_html_passes_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # text is a str, a bare prop True, a whole {value} the value; a spread may give any prop
    # (html() checks its keys at render); children are always given to a component that
    # names them, an empty template when the tag has none
    page = textwrap.dedent(
        """\
        from typing import Any

        from htmltemplates import html

        from components import Card


        def page(props: dict[str, Any], flags: dict[str, object]) -> list[str]:
            return [
                html(t'<{Card} title="a {props} b" />'),
                html(t"<{Card} {props} />"),
                html(t"<{Card} title=x {flags} />"),
                html(t"<{Card} title />"),
            ]
        """
    )
    status, found = run_check(tmp_path, page, capsys, monkeypatch)
    assert found == [
        (
            13,
            24,
            13,
            29,
            "prop-type",
            '<{Card}>: Argument "title" to "Card" has incompatible type "bool"; expected "str" '
            "[arg-type]",
        ),
    ]
    assert status == 1


def test_templates_the_code_expects_refused_are_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    page = textwrap.dedent(
        """\
        import pytest

        from htmltemplates import RenderError, html

        from components import Card

        with pytest.raises(RenderError):
            html(t"<{Card} title=x count={'3'} />")
        html(t"<{Card} title=x count={'3'} />")  # htmltemplates: ignore
        """
    )
    assert run_check(tmp_path, page, capsys, monkeypatch) == (0, [])


def test_markdown_blocks_are_checked_as_one_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "components.py").write_text(COMPONENTS)
    (tmp_path / "page.md").write_text(
        textwrap.dedent(
            """\
            # Cards

            ```python
            from components import Card
            count = "3"
            ```

            Then:

            ```python
            shown = html(t"<{Card} title=x count={count} />")
            ```
            """
        )
    )
    monkeypatch.chdir(tmp_path)
    status = main(["--types", "--format=json", "page.md"])
    [finding] = json.loads(capsys.readouterr().out)
    assert status == 1
    assert (finding["path"], finding["line"], finding["col"], finding["end_col"]) == (
        "page.md",
        11,
        38,
        45,
    )
    assert finding["code"] == "prop-type"


def test_the_repository_examples_and_docs_have_no_type_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(__file__).parents[2])
    main(["--types", "--format=json", "examples", "docs", "README.md"])
    found = json.loads(capsys.readouterr().out)
    assert [f for f in found if f["code"] == "prop-type"] == []
