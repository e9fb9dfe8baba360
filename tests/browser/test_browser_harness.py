"""The probe itself: markup written raw (trusted with Markup, never escaped) that runs code or adds
elements must be caught, each way the context tests rely on. Without these, a context test that
sees no marker could mean that nothing was tried.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from browser_harness import arm, page, probe

from htmltemplates import Markup

if TYPE_CHECKING:
    from selenium import webdriver

pytestmark = pytest.mark.browser

# (what runs it, raw markup with PWN) -- each must set its marker, through the probe's load,
# real clicks, synthetic clicks or synthetic events.
RAW_PAYLOADS = [
    ("script element", "<script>PWN</script>"),
    ("img onerror at load", "<img src=/nowhere.png onerror=PWN>"),
    ("svg onload", "<svg onload=PWN></svg>"),
    ("autofocus onfocus", "<input autofocus onfocus=PWN>"),
    ("onmouseover (dispatched)", '<p title="" onmouseover="PWN">x</p>'),
    ("onclick on a paragraph", "<p onclick=PWN>x</p>"),
    ("handler on <body>", "<body onfocus=PWN>"),
    ("handler on <html>", "<html onclick=PWN>"),
    ("details ontoggle", "<details ontoggle=PWN><summary>s</summary>x</details>"),
    ("javascript: link", "<a href=javascript:PWN>x</a>"),
    ("javascript: link, hidden", "<a href=javascript:PWN hidden>x</a>"),
    ("mixed-case and TAB", '<a href="JaVa\tScRiPt:PWN">x</a>'),
    ("svg link", "<svg><a href=javascript:PWN><text y=20>x</text></a></svg>"),
    (
        "svg xlink:href",
        '<svg><a xlink:href="javascript:PWN"><text y=20>x</text></a></svg>',
    ),
    (
        "area",
        "<img src=/nowhere.png usemap=#m width=9 height=9>"
        '<map name=m><area shape=rect coords="0,0,9,9" href=javascript:PWN></map>',
    ),
    ("form action", "<form action=javascript:PWN><button>go</button></form>"),
    ("button formaction", "<form action=/x><button formaction=javascript:PWN>go</button></form>"),
    ("input formaction", "<form><input type=submit formaction=javascript:PWN></form>"),
    ("iframe src", "<iframe src=javascript:PWN></iframe>"),
    ("link in a srcdoc frame", "<iframe srcdoc='<a href=javascript:PWN>x</a>'></iframe>"),
    ("handler in a srcdoc frame", "<iframe srcdoc='<p onmouseover=PWN>x</p>'></iframe>"),
    ("alert", "<script>alert(1)</script>"),
]


@pytest.mark.parametrize(("how", "raw"), RAW_PAYLOADS, ids=[how for how, _ in RAW_PAYLOADS])
def test_a_payload_that_runs_is_caught(
    browser: webdriver.Chrome, serve: Callable[[str], str], how: str, raw: str
) -> None:
    report = probe(browser, serve(page("probe", [Markup(arm(raw, 0))], [])))
    expected = "alert" if "alert" in raw else "0"
    assert expected in report.pwned


def test_added_markup_is_caught(browser: webdriver.Chrome, serve: Callable[[str], str]) -> None:
    report = probe(
        browser,
        serve(
            page(
                "probe",
                [Markup('<p title="a" onclick="x">x<b>y</b></p>'), Markup("<p>x<!-- y --></p>")],
                [Markup('<p title="a">x</p>'), Markup("<p>x</p>")],
            )
        ),
    )
    assert [] == report.pwned
    assert [["p onclick title", "b"], ["p", "#comment"]] == report.values
    assert [["p title"], ["p"]] == report.shapes


def test_navigations_are_recorded_and_the_page_stays(
    browser: webdriver.Chrome, serve: Callable[[str], str]
) -> None:
    url = serve(
        page(
            "probe",
            [
                Markup('<a href="/next?q=1">next</a>'),
                Markup("<a href='data:text/html,x'>data</a>"),
                Markup('<form action="/post" method="post"><button>go</button></form>'),
            ],
            [],
        )
    )
    report = probe(browser, url)
    origin = url.rsplit("/page/", 1)[0]
    # twice each: the real click, then the synthetic one
    assert [
        f"{origin}/next?q=1",
        "data:text/html,x",
        f"{origin}/post",
        f"{origin}/next?q=1",
        "data:text/html,x",
        f"{origin}/post",
    ] == report.navigations
    assert ["data:text/html,x", "data:text/html,x"] == report.executable_navigations()
    assert url == browser.current_url
    assert ["section#values", "section#shapes"] == report.body
    assert ["html lang", "head", "body"] == report.roots
