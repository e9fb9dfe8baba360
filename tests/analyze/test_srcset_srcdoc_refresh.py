"""srcset/imagesrcset, srcdoc and <meta http-equiv=refresh> (issue #3): values there are
checked for the language of the attribute, and judged by html5lib."""

from __future__ import annotations

from string.templatelib import Interpolation, Template

import html5lib
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates import UNSAFE_URL, RenderError, TrustedURL, html

JS = "javascript:alert(1)"
NAME = "a b,c"
W = 640
X = 1.5

SRCSET = [
    pytest.param(
        t'<img srcset="/img/{NAME}-1x.png 1x, /img/{NAME}-2x.png 2x">',
        '<img srcset="/img/a%20b%2Cc-1x.png 1x, /img/a%20b%2Cc-2x.png 2x">',
        id="path-pieces",
    ),
    pytest.param(
        t'<img srcset="/a.png?w={NAME} 1x">', '<img srcset="/a.png?w=a%20b%2Cc 1x">', id="query"
    ),
    pytest.param(t"<img srcset={JS}>", f'<img srcset="{UNSAFE_URL}">', id="whole-js"),
    pytest.param(
        t'<img srcset="{JS} 1x, /b.png 2x">',
        f'<img srcset="{UNSAFE_URL} 1x, /b.png 2x">',
        id="candidate-start",
    ),
    pytest.param(
        t'<img srcset="/b.png 2x,{JS} 1x">',
        f'<img srcset="/b.png 2x,{UNSAFE_URL} 1x">',
        id="start-after-comma",
    ),
    pytest.param(
        t'<img srcset="/a.png,, {NAME}">', '<img srcset="/a.png,, a%20b%2Cc">', id="trailing-commas"
    ),
    pytest.param(t'<img srcset="/a.png {W}w">', '<img srcset="/a.png 640w">', id="width"),
    pytest.param(t'<img srcset="/a.png {X}x">', '<img srcset="/a.png 1.5x">', id="density"),
    pytest.param(
        t"<img srcset={'/a.png 1x, javascript:alert(1) 2x, /c.png 5q, data:x 3w'}>",
        f'<img srcset="/a.png 1x, {UNSAFE_URL} 2x, /c.png, {UNSAFE_URL} 3w">',
        id="whole-str-parsed",
    ),
    pytest.param(
        t"<img srcset={' /a.png\t1x ,/b.png  2x , '}>",
        '<img srcset="/a.png 1x, /b.png 2x">',
        id="whole-str-spacing",
    ),
    pytest.param(
        t"<img srcset={'/a.png (x, y) 1x, /b.png'}>",
        '<img srcset="/a.png 1x, /b.png">',
        id="parenthesised-descriptor",
    ),
    pytest.param(
        t"<img srcset={[('/a b.png', '1x'), '/c,d.png', (JS, '2x'), ('/e.png', '2 x')]}>",
        f'<img srcset="/a%20b.png 1x, /c%2Cd.png, {UNSAFE_URL} 2x, /e.png">',
        id="list",
    ),
    pytest.param(
        t"<img srcset={TrustedURL('myapp://x.png')}>",
        '<img srcset="myapp://x.png">',
        id="trusted",
    ),
    pytest.param(t"<img srcset={None} src=/a.png>", "<img src=/a.png>", id="none"),
    pytest.param(
        t"<link rel=preload as=image imagesrcset={'/a.png 1x'}>",
        '<link rel=preload as=image imagesrcset="/a.png 1x">',
        id="imagesrcset",
    ),
    pytest.param(
        t"<img { {'srcset': '/x.png 1x, javascript:x 2x'} }>",
        f'<img srcset="/x.png 1x, {UNSAFE_URL} 2x">',
        id="spread",
    ),
    pytest.param(
        t"<source srcset='/a.png {W}w' { {'media': '(min-width: 1px)'} }>",
        "<source srcset='/a.png 640w' media=\"(min-width: 1px)\">",
        id="spread-beside-merged",
    ),
]


@pytest.mark.parametrize(("template", "expected"), SRCSET)
def test_srcset(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize("value", ["wide", -1, float("nan"), float("inf"), True, None, [1]])
def test_a_descriptor_hole_takes_a_number(value: object) -> None:
    with pytest.raises(RenderError) as info:
        html(t'<img srcset="/a.png {value}w">')
    assert "srcset" == info.value.anchor


def candidates(markup: str) -> list[str]:
    """The srcset of the <img> in ``markup`` as the browser reads it: its candidates' URLs."""
    tree = html5lib.parse(markup, namespaceHTMLElements=False)
    srcset = tree.find(".//img").attrib.get("srcset", "")
    urls = []
    for candidate in srcset.split(","):
        words = candidate.split()
        if words:
            urls.append(words[0])
    return urls


@given(st.text())
def test_a_value_in_a_url_piece_never_adds_a_candidate(value: str) -> None:
    # a segment of dots only is refused (dot-segment): tests/analyze/test_urls.py
    assume(not any(set(segment) == {"."} for segment in value.split("/")))
    markup = html(t'<img srcset="/a/{value}.png 1x, /b.png 2x">')
    urls = candidates(markup)
    assert 2 == len(urls)
    assert urls[0].startswith("/a/")
    assert "/b.png" == urls[1]


@given(st.text(alphabet=st.sampled_from(list("jJavscript:  \t,/x1wq&#;()"))))
def test_a_whole_srcset_never_holds_a_script_url(value: str) -> None:
    for url in candidates(html(t"<img srcset={value}>")):
        assert not url.lower().replace("\t", "").startswith("javascript:"), url


# -- srcdoc ----------------------------------------------------------------------------------


def inner_document(markup: str) -> html5lib.treebuilders.etree:  # type: ignore[name-defined]
    tree = html5lib.parse(markup, namespaceHTMLElements=False)
    return html5lib.parse(tree.find(".//iframe").attrib["srcdoc"], namespaceHTMLElements=False)


SRCDOC = [
    pytest.param(
        t"<iframe srcdoc={'<script>alert(1)</script>'}></iframe>",
        '<iframe srcdoc="&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;"></iframe>',
        id="str-is-text",
    ),
    pytest.param(
        t"<iframe srcdoc={t'<p title={NAME}>{JS}</p><a href={JS}>x</a>'}></iframe>",
        '<iframe srcdoc="&lt;p title=&#34;a b,c&#34;&gt;javascript:alert(1)&lt;/p&gt;'
        '&lt;a href=&#34;about:invalid#htmltemplates&#34;&gt;x&lt;/a&gt;"></iframe>',
        id="template-is-html",
    ),
    pytest.param(
        t"<iframe srcdoc={Markup('<b>&amp;</b>')}></iframe>",
        '<iframe srcdoc="&lt;b&gt;&amp;amp;&lt;/b&gt;"></iframe>',
        id="markup-is-html",
    ),
    pytest.param(
        t"<iframe srcdoc={[t'<i>1</i>', '<2>']}></iframe>",
        '<iframe srcdoc="&lt;i&gt;1&lt;/i&gt;&amp;lt;2&amp;gt;"></iframe>',
        id="list",
    ),
    pytest.param(t"<iframe srcdoc={None}></iframe>", "<iframe></iframe>", id="none"),
    pytest.param(t"<iframe srcdoc={True}></iframe>", "<iframe srcdoc></iframe>", id="true"),
    pytest.param(
        t"<iframe { {'srcdoc': '<b>'} }></iframe>",
        '<iframe srcdoc="&amp;lt;b&amp;gt;"></iframe>',
        id="spread",
    ),
]


@pytest.mark.parametrize(("template", "expected"), SRCDOC)
def test_srcdoc(template: Template, expected: str) -> None:
    assert expected == html(template)


@given(st.text())
def test_a_str_srcdoc_is_text_in_the_inner_document(value: str) -> None:
    markup = html(t"<iframe srcdoc={value}></iframe>")
    body = inner_document(markup).find("body")
    assert [] == list(body)  # no element in the inner document
    expected = value.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "\ufffd")
    assert expected.lstrip("\t\n\f\r ") == (body.text or "")


# -- meta refresh -------------------------------------------------------------------------------

REFRESH = [
    pytest.param(
        t'<meta http-equiv="refresh" content="0; url={JS}">',
        f'<meta http-equiv="refresh" content="0; url={UNSAFE_URL}">',
        id="start-filtered",
    ),
    pytest.param(
        t"<meta http-equiv=Refresh content='5;URL=\"/go?to={NAME}\"'>",
        "<meta http-equiv=Refresh content='5;URL=\"/go?to=a%20b%2Cc\"'>",
        id="query-quoted",
    ),
    pytest.param(
        t'<meta http-equiv="refresh" content="0; url=/p/{chr(39)}x">',
        '<meta http-equiv="refresh" content="0; url=/p/%27x">',
        id="quote-encoded",
    ),
    pytest.param(
        t'<meta http-equiv="refresh" content="0, {NAME}">',
        '<meta http-equiv="refresh" content="0, a%20b,c">',
        id="no-url-equals",
    ),
    pytest.param(
        t'<meta http-equiv="refresh" content="0; url=/" name={NAME}>',
        '<meta http-equiv="refresh" content="0; url=/" name="a b,c">',
        id="other-attribute",
    ),
]


@pytest.mark.parametrize(("template", "expected"), REFRESH)
def test_refresh(template: Template, expected: str) -> None:
    assert expected == html(template)


@given(st.text())
def test_a_refresh_url_never_gets_a_script_scheme(value: str) -> None:
    template = Template(
        '<meta http-equiv="refresh" content="0; url=', Interpolation(value, "value"), '">'
    )
    tree = html5lib.parse(html(template), namespaceHTMLElements=False)
    content = tree.find(".//meta").attrib["content"]
    url = content.split("url=", 1)[1].strip("\t\n\f\r '\"").lower()
    assert not url.replace("\t", "").replace("\n", "").startswith(("javascript:", "data:"))
