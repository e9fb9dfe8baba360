"""The components example (examples/components_demo.py): its pages, parsed with html5lib."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from xml.etree.ElementTree import Element

import html5lib

EXAMPLE = Path(__file__).parents[2] / "examples" / "components_demo.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("examples_components_demo", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


demo = load()


def parse(page: str) -> Element:
    document: Element = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    return document


def text(element: Element | None) -> str:
    assert element is not None
    return "".join(element.itertext())


def test_the_index_page_fills_the_layout() -> None:
    document = parse(demo.index_page())
    assert "Home - The Blog" == text(document.find(".//title"))
    assert "Log in" == text(document.find(".//header/a[@href='/login']"))
    assert ["Spam, spam & eggs", "A Norwegian Blue"] == [
        text(a) for a in document.iterfind(".//article/h2/a")
    ]
    assert "Thanks for reading." == text(document.find(".//aside/p"))  # the slot's default
    assert [] == document.findall(".//script")
    assert ["/tags/food", "/tags/%3Cscript%3E", "/tags/pets"] == [
        a.get("href") for a in document.iterfind(".//a[@class='tag']")
    ]


def test_the_post_page_fills_the_slots_and_reads_the_viewer() -> None:
    page = demo.post_page("spam", demo.User("Brian <of Nazareth>", admin=True))
    document = parse(page)
    assert "Hello, Brian <of Nazareth>!" == text(document.find(".//header/span"))
    assert "Lovely spam, wonderful spam." == (
        document.find(".//meta[@name='description']").get("content")  # type: ignore[union-attr]
    )
    assert ["Lovely spam, wonderful spam.", "Eggs <b>are</b> optional."] == [
        text(p) for p in document.iterfind(".//article/p") if p.get("class") is None
    ]
    form = document.find(".//form")
    assert form is not None
    assert "/posts/spam/comments" == form.get("action")
    assert "" == form.find("button").get("data-admin")  # type: ignore[union-attr]
    assert "All posts" == text(document.find(".//aside/a"))
    assert [] == document.findall(".//b")


def test_the_post_page_without_a_viewer() -> None:
    document = parse(demo.post_page("parrot"))
    assert document.find(".//form") is None
    assert "Log in to comment." == text(document.find(".//main/p"))
    assert demo.viewer.get() is None


def test_pages_rendered_at_once_in_threads_see_their_own_viewer() -> None:
    users = [demo.User(f"reader {n}") for n in range(8)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        pages = list(pool.map(lambda user: demo.post_page("spam", user), users * 4))
    for user, page in zip(users * 4, pages, strict=True):
        assert f"Hello, {user.name}!" == text(parse(page).find(".//header/span"))


def test_the_script_prints_both_pages() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(EXAMPLE.parents[1])},
    )
    assert result.stdout.startswith("<!doctype html>")
    assert 2 == result.stdout.count("</html>")
