"""The example application: `make demo` runs it; here it is imported and its pages checked."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import html5lib

EXAMPLES = Path(__file__).parents[2] / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_search_page_shows_hostile_data_as_text() -> None:
    app = load("app")
    page = app.page(app.Search(sort="price"), user="Arthur <King of the Britons>")
    document = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    assert [] == document.findall(".//script")
    names = ["".join(a.itertext()) for a in document.iterfind(".//li[@class]/a")]
    assert "<script>alert('pwned')</script>" in names
    hrefs = [a.get("href") for a in document.iterfind(".//li/a")]
    assert "about:invalid#htmltemplates" in hrefs
    assert not any(href.startswith("javascript:") for href in hrefs)
    assert "Signed in as Arthur <King of the Britons>" in "".join(document.itertext())


def test_a_hostile_query_stays_in_its_attribute() -> None:
    app = load("app")
    query = '"><img src=x onerror=alert(1)>'
    page = app.page(app.Search(query=query, in_stock_only=True))
    document = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    assert [] == document.findall(".//img")
    (field,) = document.findall(".//input[@name='q']")
    assert query == field.get("value")


def test_the_script_prints_the_pages() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "app.py")], capture_output=True, text=True, check=True
    )
    assert result.stdout.startswith("<!doctype html>")
    assert 2 == result.stdout.count("</html>")
