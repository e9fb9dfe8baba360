"""CSP nonces: while one is set, every <script> and <style> html() writes carries it."""

from __future__ import annotations

import asyncio
import threading
from string.templatelib import Template

import pytest

from htmltemplates import CSP_NONCE, csp_nonce, html

SRC = "app.js"
ID = "main"
ATTRS = {"id": "x"}

CASES: list[tuple[Template, str]] = [
    (t"<script>go()</script>", '<script nonce="r4nd">go()</script>'),
    (t"<style>p {{ color: red }}</style>", '<style nonce="r4nd">p { color: red }</style>'),
    (t"<SCRIPT>1</SCRIPT>", '<SCRIPT nonce="r4nd">1</SCRIPT>'),
    (t'<script src="/a.js"></script>', '<script src="/a.js" nonce="r4nd"></script>'),
    # the nonce goes before '>', never between an unquoted value and its '/'
    (t"<script src=/a/></script>", '<script src=/a/ nonce="r4nd"></script>'),
    (t"<script defer/></script>", '<script defer/ nonce="r4nd"></script>'),
    (t"<script src=/static/{SRC}></script>", '<script src="/static/app.js" nonce="r4nd"></script>'),
    (t"<style id={ID}></style>", '<style id="main" nonce="r4nd"></style>'),
    (t"<script {ATTRS}></script>", '<script id="x" nonce="r4nd"></script>'),
    (t"<svg><style>a{{}}</style></svg>", '<svg><style nonce="r4nd">a{}</style></svg>'),
    # a nonce written in the template is kept, and no second one is added
    (t'<script nonce="own">1</script>', '<script nonce="own">1</script>'),
    (t"<script NONCE={ID}>1</script>", '<script NONCE="main">1</script>'),
    # other elements get none
    (
        t"<link rel=stylesheet href=/a.css><p>script</p>",
        "<link rel=stylesheet href=/a.css><p>script</p>",
    ),
    (t"<noscript><p>x</p></noscript>", "<noscript><p>x</p></noscript>"),
]


@pytest.mark.parametrize(("template", "expected"), CASES)
def test_nonce_on_script_and_style(template: Template, expected: str) -> None:
    with csp_nonce("r4nd"):
        assert html(template) == expected


@pytest.mark.parametrize(("template", "expected"), CASES)
def test_no_nonce_leaves_tags_as_written(template: Template, expected: str) -> None:
    assert html(template) == expected.replace(' nonce="r4nd"', "")


def test_nonce_is_attribute_escaped() -> None:
    with csp_nonce('a"b<c&'):
        assert html(t"<script></script>") == '<script nonce="a&#34;b&lt;c&amp;"></script>'


@pytest.mark.no_streamcheck  # counts the calls of the nonce function
def test_nonce_from_a_function_is_asked_at_each_render() -> None:
    calls: list[int] = []

    def nonce() -> str | None:
        calls.append(1)
        return f"n{len(calls)}" if len(calls) < 3 else None

    with csp_nonce(nonce):
        assert html(t"<script></script>") == '<script nonce="n1"></script>'
        assert html(t"<style></style>") == '<style nonce="n2"></style>'
        assert html(t"<script></script>") == "<script></script>"


def test_nested_templates_get_the_nonce() -> None:
    inner = t"<script>inner()</script>"
    with csp_nonce("k"):
        assert html(t"<div>{inner}</div>") == '<div><script nonce="k">inner()</script></div>'


def test_block_restores_the_previous_nonce() -> None:
    with csp_nonce("outer"):
        with csp_nonce("inner"):
            assert html(t"<script></script>") == '<script nonce="inner"></script>'
        assert html(t"<script></script>") == '<script nonce="outer"></script>'
    assert CSP_NONCE.get() is None
    assert html(t"<script></script>") == "<script></script>"


def test_threads_see_their_own_nonce() -> None:
    barrier = threading.Barrier(2)
    results: dict[str, str] = {}

    def render(nonce: str) -> None:
        with csp_nonce(nonce):
            barrier.wait()
            results[nonce] = html(t"<script></script>")

    threads = [threading.Thread(target=render, args=(n,)) for n in ("t1", "t2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {"t1": '<script nonce="t1"></script>', "t2": '<script nonce="t2"></script>'}


def test_asyncio_tasks_see_their_own_nonce() -> None:
    async def render(nonce: str) -> str:
        with csp_nonce(nonce):
            await asyncio.sleep(0)  # the other task sets its nonce meanwhile
            return html(t"<style></style>")

    async def main() -> list[str]:
        return await asyncio.gather(render("a1"), render("a2"))

    assert asyncio.run(main()) == ['<style nonce="a1"></style>', '<style nonce="a2"></style>']
