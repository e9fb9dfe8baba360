"""``python -m htmltemplates doc ANCHOR``: every section an error message refers to exists and is
printed, from the docs shipped in the package when they are there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from htmltemplates import html
from htmltemplates.errors import ErrorCode, TemplateError, reference
from htmltemplates.tooling import doc

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("code", list(ErrorCode), ids=str)
def test_doc_prints_the_section_of_every_code(
    code: ErrorCode, capsys: pytest.CaptureFixture[str]
) -> None:
    assert doc.main([code.value]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"### {code.value}\n\n```text\n")
    assert "**Why.**" in out
    assert "**Fix.**" in out
    assert out.count("\n### ") == 0  # the section only, up to the next one


def test_a_message_names_the_command_that_prints_its_section() -> None:
    with pytest.raises(TemplateError) as info:
        html(t"<h{1}>x</h{1}>")
    assert str(info.value).endswith(
        "See docs/errors.md#tag-name (python -m htmltemplates doc tag-name)."
    )
    assert reference("css") == "docs/errors.md#css (python -m htmltemplates doc css)"


@pytest.mark.parametrize(
    ("argument", "first_line"),
    [
        ("css", "### css"),
        ("docs/errors.md#css", "### css"),
        ("errors.md#tag-name", "### tag-name"),
        ("attributes.md#style", "## `style`"),
        ("contexts.md#declaring-another-frameworks-attributes", "### Declaring another"),
        ("index.md", "# Getting started"),
    ],
)
def test_references_of_every_shape(
    argument: str, first_line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert doc.main([argument]) == 0
    assert capsys.readouterr().out.startswith(first_line)


def test_unknown_sections_and_pages(capsys: pytest.CaptureFixture[str]) -> None:
    assert doc.main(["csss"]) == 1
    assert capsys.readouterr().err == "no section #csss in errors.md; did you mean css?\n"
    assert doc.main(["nowhere.md#x"]) == 1
    assert capsys.readouterr().err.startswith("no page nowhere.md in ")
    assert doc.main(["../README.md"]) == 1  # only the pages of the docs directory
    assert capsys.readouterr().err.startswith("no page README.md in ")
    assert doc.main([]) == 2
    assert capsys.readouterr().err == doc.USAGE + "\n"


def test_list_names_every_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert doc.main(["--list"]) == 0
    listed = capsys.readouterr().out.split()
    assert {code.value for code in ErrorCode} <= set(listed)  # and the checker's warnings
    assert len(listed) == len(set(listed))


def test_the_shipped_docs_are_read_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As installed from the wheel: htmltemplates/docs/ next to the modules (pyproject.toml's
    force-include puts it there), and no repository around it."""
    package = tmp_path / "site-packages" / "htmltemplates"
    (package / "docs").mkdir(parents=True)
    (package / "docs" / "errors.md").write_text("# Errors\n\n### css\n\nshipped\n")
    monkeypatch.setattr(doc, "_PACKAGE", package)
    assert doc.docs_dir() == package / "docs"
    assert doc.main(["css"]) == 0
    assert capsys.readouterr().out == "### css\n\nshipped\n"
    monkeypatch.setattr(doc, "_PACKAGE", ROOT / "htmltemplates")
    assert doc.docs_dir() == ROOT / "docs"  # a checkout: the repository's docs


def test_the_wheel_ships_the_docs() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert "[tool.hatch.build.targets.wheel.force-include]\n" in pyproject
    assert '"docs" = "htmltemplates/docs"' in pyproject


def test_python_m_htmltemplates_doc() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "htmltemplates", "doc", "format-spec"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("### format-spec\n")
    result = subprocess.run(
        [sys.executable, "-m", "htmltemplates"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert "doc" in result.stderr.splitlines()[1].removeprefix("commands: ").split(", ")
