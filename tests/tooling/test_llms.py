"""docs/llms.txt is what htmltemplates/tooling/llms.py makes of the README and the docs now."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from htmltemplates.tooling import llms

ROOT = Path(__file__).parents[2]


def test_docs_llms_txt_is_up_to_date() -> None:
    current = (ROOT / "docs" / "llms.txt").read_text(encoding="utf-8")
    if llms.generate(ROOT) != current:
        pytest.fail(
            "docs/llms.txt is out of date: run `python -m htmltemplates.tooling.llms` "
            "(or `make llms`) to regenerate it",
            pytrace=False,
        )


def test_the_check_says_how_to_regenerate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(llms, "ROOT", tmp_path)
    monkeypatch.setattr(llms, "generate", lambda: "# new\n")
    (tmp_path / "docs" / "llms.txt").write_text("# old\n")
    assert llms.main(["--check"]) == 1
    assert capsys.readouterr().err == (
        "docs/llms.txt is out of date: run python -m htmltemplates.tooling.llms to regenerate it\n"
    )
    assert llms.main([]) == 0
    assert (tmp_path / "docs" / "llms.txt").read_text() == "# new\n"
    assert llms.main(["--check"]) == 0
    assert llms.main(["--write"]) == 2


def test_the_shape_of_the_file() -> None:
    text = llms.generate(ROOT)
    assert text == llms.generate(ROOT)  # deterministic
    lines = text.splitlines()
    assert lines[:3] == ["# htmltemplates", "", lines[2]]
    assert lines[2].startswith("> HTML templates for Python 3.14's template strings")
    headings = [line for line in lines if line.startswith("#")]
    assert headings == ["# htmltemplates", "## Rules", "## API", "## Docs", "## Optional"]
    assert "- `html(template: HTML) -> Markup`: Render a t-string to safe HTML." in lines
    assert "- `UNSAFE_URL = 'about:invalid#htmltemplates'`" in lines
    assert "- [Changes](../CHANGES.md)." in lines


def test_rules_are_the_bold_paragraphs_of_their_sections(tmp_path: Path) -> None:
    (tmp_path / "security.md").write_text(
        textwrap.dedent(
            """\
            # Security

            ## The trust model

            **Authors are trusted.** Values are not; see [errors](errors.md#css):

            ```python
            x = 1
            ```

            Not a rule.

            ## Next

            **Not in the section.**
            """
        )
    )
    (tmp_path / "index.md").write_text("# Index\n\n## Pitfalls\n\n**One.** Two.\n")
    assert llms._rules(tmp_path) == [
        "- **Authors are trusted.** Values are not; see [errors](errors.md#css).",
        "- **One.** Two.",
    ]


def test_a_page_the_readme_does_not_list_follows_with_its_first_paragraph(tmp_path: Path) -> None:
    readme = textwrap.dedent(
        """\
        # x

        ## Documentation

        - [Getting started](docs/index.md): values,
          and more.
        - [Design](docs/design.md): why.
        - [Changes](CHANGES.md).

        ## Status
        """
    )
    for name in ("index.md", "design.md"):
        (tmp_path / name).write_text(f"# {name}\n\nText.\n")
    (tmp_path / "new.md").write_text(
        "# A new page\n\nIts first\nparagraph, see [index](index.md).\n\nThe second.\n"
    )
    assert llms._docs(readme, tmp_path) == (
        [
            "- [Getting started](index.md): values, and more.",
            "- [A new page](new.md): Its first paragraph, see [index](index.md).",
        ],
        ["- [Design](design.md): why.", "- [Changes](../CHANGES.md)."],
    )


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ("Render a t-string.\n\nMore.", "Render a t-string."),
        (
            "What :func:`cache_info` reports, for ``x``. Then.",
            "What `cache_info` reports, for `x`.",
        ),
        ("The file (_memory.py) and\nmore. Next.", "The file (_memory.py) and more."),
        ("``convert SRC... -o DEST``: writes. More.", "`convert SRC... -o DEST`: writes."),
        ("No full stop", "No full stop"),
        (None, ""),
    ],
)
def test_the_first_sentence_of_a_docstring(doc: str | None, expected: str) -> None:
    assert llms._first_sentence(doc) == expected
