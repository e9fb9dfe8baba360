"""htmltemplates.text: exact outputs (Django's and Jinja's documented cases among them),
hostile and huge inputs, and properties judged by html5lib: no input makes an element or an
attribute the helper did not mean to make."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from string.templatelib import Template

import pytest
from hostile import SCRIPT, SCRIPT_ESCAPED, elements, parse, runs_code, text_of
from hypothesis import example, given, settings
from hypothesis import strategies as st

from htmltemplates import Markup, html
from htmltemplates.runtime.escapers import filter_url
from htmltemplates.text import (
    linebreaks,
    linebreaksbr,
    striptags,
    truncate,
    truncate_html,
    urlize,
)


def render(value: object) -> str:
    return html(t"{value}")


# -- linebreaks and linebreaksbr ------------------------------------------------------------------

LINEBREAKS = [
    # Django's documented example (ref/templates/builtins, "linebreaks")
    ("Joel\nis a slug", "<p>Joel<br>is a slug</p>"),
    ("one\n\ntwo", "<p>one</p>\n\n<p>two</p>"),
    ("one\r\n\r\ntwo\rthree", "<p>one</p>\n\n<p>two<br>three</p>"),
    ("one\n\n\n\ntwo", "<p>one</p>\n\n<p>two</p>"),
    ("one\n  \t\ntwo", "<p>one</p>\n\n<p>two</p>"),  # a line of spaces is blank
    ("\n\none\n\n", "<p>one</p>"),  # no empty paragraph at either end
    ("", ""),
    ("\n \n", ""),
    (" x ", "<p> x </p>"),
    (SCRIPT, f"<p>{SCRIPT_ESCAPED}</p>"),
    ("a & b\n<i>", "<p>a &amp; b<br>&lt;i&gt;</p>"),
]


@pytest.mark.parametrize(("text", "expected"), LINEBREAKS)
def test_linebreaks(text: str, expected: str) -> None:
    assert render(linebreaks(text)) == expected


LINEBREAKSBR = [
    # Django's documented example (ref/templates/builtins, "linebreaksbr")
    ("Joel\nis a slug", "Joel<br>is a slug"),
    ("a\r\nb\rc\n\nd", "a<br>b<br>c<br><br>d"),
    ("", ""),
    ("\n", "<br>"),
    ("<b>'\"&", "&lt;b&gt;&#39;&#34;&amp;"),
]


@pytest.mark.parametrize(("text", "expected"), LINEBREAKSBR)
def test_linebreaksbr(text: str, expected: str) -> None:
    assert render(linebreaksbr(text)) == expected


def test_they_are_templates_that_compose() -> None:
    body = "Hi <you>\n\nBye"
    assert isinstance(linebreaks(body), Template)
    assert html(t"<article>{linebreaks(body)}</article>") == (
        "<article><p>Hi &lt;you&gt;</p>\n\n<p>Bye</p></article>"
    )


# -- urlize -------------------------------------------------------------------------------------

NOFOLLOW = 'rel="nofollow ugc"'

URLIZE = [
    # Jinja's tests of its urlize filter (the www. and bare host names get https://, as Jinja)
    ("foo example.org bar", f'foo <a href="https://example.org" {NOFOLLOW}>example.org</a> bar'),
    (
        "foo http://www.example.com/ bar",
        f'foo <a href="http://www.example.com/" {NOFOLLOW}>http://www.example.com/</a> bar',
    ),
    (
        "foo mailto:email@example.com bar",
        'foo <a href="mailto:email@example.com">email@example.com</a> bar',
    ),
    (
        "foo email@example.com bar",
        'foo <a href="mailto:email@example.com">email@example.com</a> bar',
    ),
    (
        "a@b.xyz\n@eater@cijber.social\n",
        '<a href="mailto:a@b.xyz">a@b.xyz</a>\n@eater@cijber.social\n',
    ),
    # Django's tests of urlize (tests/template_tests/filter_tests/test_urlize.py)
    (
        "foo@bar.com or www.bar.com",
        f'<a href="mailto:foo@bar.com">foo@bar.com</a> or '
        f'<a href="https://www.bar.com" {NOFOLLOW}>www.bar.com</a>',
    ),
    ("http:///www.google.com", "http:///www.google.com"),
    ("http://.google.com", "http://.google.com"),
    ("http://@foo.com", "http://@foo.com"),
    ("usa.gov", f'<a href="https://usa.gov" {NOFOLLOW}>usa.gov</a>'),
    ("email@.stream.ru", "email@.stream.ru"),
    ("HTTPS://github.com/", f'<a href="https://github.com/" {NOFOLLOW}>HTTPS://github.com/</a>'),
    (
        "(Go to http://www.example.com/foo.)",
        f'(Go to <a href="http://www.example.com/foo" {NOFOLLOW}>http://www.example.com/foo</a>.)',
    ),
    (
        "A test http://testing.com/example..",
        f'A test <a href="http://testing.com/example" {NOFOLLOW}>http://testing.com/example</a>..',
    ),
    (
        "A test http://testing.com/example!!!",
        f'A test <a href="http://testing.com/example" {NOFOLLOW}>http://testing.com/example</a>!!!',
    ),
    (
        'A test http://testing.com/example.,:;)"!',
        f'A test <a href="http://testing.com/example" {NOFOLLOW}>'
        "http://testing.com/example</a>.,:;)&#34;!",
    ),
    (
        "[see www.example.com]",
        f'[see <a href="https://www.example.com" {NOFOLLOW}>www.example.com</a>]',
    ),
    (
        "http://192.168.0.15/api/9",
        f'<a href="http://192.168.0.15/api/9" {NOFOLLOW}>http://192.168.0.15/api/9</a>',
    ),
    (
        "http://[2001:db8:cafe::2]/api/9",
        f'<a href="http://[2001:db8:cafe::2]/api/9" {NOFOLLOW}>http://[2001:db8:cafe::2]/api/9</a>',
    ),
    (
        'before "hi@example.com" afterward',
        'before &#34;<a href="mailto:hi@example.com">hi@example.com</a>&#34; afterward',
    ),
    (
        "before 'hi@example.com afterward",
        'before &#39;<a href="mailto:hi@example.com">hi@example.com</a> afterward',
    ),
    (
        'Email us at "hi@example.com", or phone us at +xx.yy',
        'Email us at &#34;<a href="mailto:hi@example.com">hi@example.com</a>&#34;, or '
        "phone us at +xx.yy",
    ),
    (
        "Go to djangoproject.com! and enjoy.",
        f'Go to <a href="https://djangoproject.com" {NOFOLLOW}>djangoproject.com</a>! and enjoy.',
    ),
    (
        "Search for google.com/?q=! and see.",
        f'Search for <a href="https://google.com/?q=" {NOFOLLOW}>google.com/?q=</a>! and see.',
    ),
    (
        "Search for google.com/?q=dj!`?! and see.",
        f'Search for <a href="https://google.com/?q=dj!`?" {NOFOLLOW}>'
        "google.com/?q=dj!`?</a>! and see.",
    ),
    (
        'foo<a href=" google.com ">bar</a>buz',
        f'foo&lt;a href=&#34; <a href="https://google.com" {NOFOLLOW}>google.com</a> '
        "&#34;&gt;bar&lt;/a&gt;buz",
    ),
    # brackets the URL opened stay in it; those around it do not (Django and Jinja)
    (
        "(see http://en.wikipedia.org/wiki/Foo_(bar)).",
        f'(see <a href="http://en.wikipedia.org/wiki/Foo_(bar)" {NOFOLLOW}>'
        "http://en.wikipedia.org/wiki/Foo_(bar)</a>).",
    ),
    ("(www.example.org)", f'(<a href="https://www.example.org" {NOFOLLOW}>www.example.org</a>)'),
    (
        "[http://example.org/a[1]]",
        f'[<a href="http://example.org/a[1]" {NOFOLLOW}>http://example.org/a[1]</a>]',
    ),
    (
        "<https://example.org/>",
        f'&lt;<a href="https://example.org/" {NOFOLLOW}>https://example.org/</a>&gt;',
    ),
    # unicode host names are kept as written (browsers encode them)
    ("http://ça.ws", f'<a href="http://ça.ws" {NOFOLLOW}>http://ça.ws</a>'),
    ("info@ça.org", '<a href="mailto:info@ça.org">info@ça.org</a>'),
    # not links
    ("no links here: 3.14, a.b, x@y", "no links here: 3.14, a.b, x@y"),
    ("ftp://example.com/ file:///etc/passwd", "ftp://example.com/ file:///etc/passwd"),
    ("a?cc=x@example.com", "a?cc=x@example.com"),  # would add a header to the mail
]


@pytest.mark.parametrize(("text", "expected"), URLIZE)
def test_urlize(text: str, expected: str) -> None:
    assert render(urlize(text)) == expected


def test_urlize_rel_target_and_trim() -> None:
    url = "http://www.example.com/abcdef"
    assert render(urlize(url, rel=None, target="_blank")) == (
        f'<a href="{url}" target="_blank">{url}</a>'
    )
    assert render(urlize(url, rel="")) == f'<a href="{url}">{url}</a>'
    # Django's urlizetrunc: the text is cut to the limit, "…" included; the href is whole
    assert render(urlize(url, trim=15)) == f'<a href="{url}" {NOFOLLOW}>http://www.exa…</a>'
    assert render(urlize(url, trim=100)) == f'<a href="{url}" {NOFOLLOW}>{url}</a>'
    assert render(urlize("mail a@example.com", target="_blank", trim=5)) == (
        'mail <a href="mailto:a@example.com">a@ex…</a>'
    )
    # Jinja's test of an escaped target
    assert render(urlize("http://example.org", rel=None, target="<script>")) == (
        '<a href="http://example.org" target="&lt;script&gt;">http://example.org</a>'
    )


HOSTILE_URLIZE = [
    ("javascript:alert(1)", "javascript:alert(1)"),
    ("javascript://example.com/%0aalert(1)", "javascript://example.com/%0aalert(1)"),
    ("JaVaScRiPt:alert(1)@example.com", "JaVaScRiPt:alert(1)@example.com"),
    ("data:text/html,<script>x</script>", "data:text/html,&lt;script&gt;x&lt;/script&gt;"),
    ("vbscript:msgbox.com", "vbscript:msgbox.com"),
    (
        'http://x.com/"onmouseover="alert(1)',
        f'<a href="http://x.com/" {NOFOLLOW}>http://x.com/</a>&#34;onmouseover=&#34;alert(1)',
    ),
    (
        "http://x.com/<script>alert(1)</script>",
        f'<a href="http://x.com/" {NOFOLLOW}>http://x.com/</a>{SCRIPT_ESCAPED}',
    ),
    (
        "http://x.com/?a=1&b=2&amp;",
        f'<a href="http://x.com/?a=1&amp;b=2&amp;amp" {NOFOLLOW}>'
        "http://x.com/?a=1&amp;b=2&amp;amp</a>;",
    ),
]


@pytest.mark.parametrize(("text", "expected"), HOSTILE_URLIZE)
def test_urlize_hostile(text: str, expected: str) -> None:
    assert render(urlize(text)) == expected


def test_urlize_on_text_without_links_is_escaping() -> None:
    for text in ["", SCRIPT, "a & b. (c) [d]: e!", "3.14 1:2 @home"]:
        assert render(urlize(text)) == render(text) == Markup.escape(text)


# -- truncate -----------------------------------------------------------------------------------

TRUNCATE = [
    # Django's documented examples: truncatechars:7 and truncatewords:2
    (("Joel is a slug", 7), {}, "Joel i…"),
    (("Joel is a slug", 2), {"words": True}, "Joel is …"),
    (("Joel is a slug", 14), {}, "Joel is a slug"),
    (("Joel is a slug", 4), {"words": True}, "Joel is a slug"),
    (("Joel is a slug", 9), {"end": "..."}, "Joel i..."),
    (("Joel is a slug", 3), {"end": ""}, "Joe"),
    (("Joel\n  is\ta slug", 2), {"words": True}, "Joel\n  is …"),
    (("Joel is a slug", 2), {"words": True, "end": ""}, "Joel is"),
    (("Joel is a slug", 0), {"words": True}, "…"),
    (("Joel", 0), {}, "…"),
    (("", 0), {}, ""),
    # a letter is never cut from its combining marks, nor a joined emoji from its joiner
    (("cafe\u0301s", 4), {"end": ""}, "caf"),
    (("cafe\u0301s", 5), {"end": ""}, "cafe\u0301"),
    (("cafe\u0301s", 6), {"end": ""}, "cafe\u0301s"),
    (("x\U0001f469\u200d\U0001f4bby", 3), {"end": ""}, "x"),
    (("a\u0301\u0302\u0303b", 3), {}, "…"),
    (("a\u0301\u0302\u0303b", 4), {"end": ""}, "a\u0301\u0302\u0303"),
    (("<b>&amp;</b>", 5), {}, "<b>&…"),
]


@pytest.mark.parametrize(("args", "options", "expected"), TRUNCATE)
def test_truncate(args: tuple[str, int], options: dict[str, object], expected: str) -> None:
    result = truncate(*args, **options)  # type: ignore[arg-type]
    assert result == expected
    assert type(result) is str


def test_truncate_refuses_a_negative_length() -> None:
    with pytest.raises(ValueError, match="length >= 0"):
        truncate("x", -1)
    with pytest.raises(ValueError, match="length >= 0"):
        truncate_html("x", -1)


# -- truncate_html ------------------------------------------------------------------------------

TRUNCATE_HTML = [
    # Django's documented example: truncatechars_html:9
    ("<p>Joel is a slug</p>", 9, "<p>Joel is …</p>"),
    ("<p>Joel is a slug</p>", 14, "<p>Joel is a slug</p>"),
    ("<p>Joel <b class='x'>is</b> a slug</p>", 9, '<p>Joel <b class="x">is</b> …</p>'),
    ("<p>Jo<b>el <i>is a</i> slug", 7, "<p>Jo<b>el <i>i…</i></b></p>"),
    ("<ul><li>one<li>two<li>three</ul>", 5, "<ul><li>one<li>t…</li></li></ul>"),
    ("a<br>b<img src=x.png alt='<&>'>cdef", 4, 'a<br>b<img src="x.png" alt="&lt;&amp;&gt;">c…'),
    ("<p>a<script>if (a<b) x()</script>bcdef</p>", 4, "<p>a<script>if (a<b) x()</script>bc…</p>"),
    ("<style>p>i{}</style>abcdef", 3, "<style>p>i{}</style>ab…"),
    ("a<!-- note -->bcdef<!-- after -->", 3, "a<!-- note -->b…"),
    ("&lt;&amp;&gt;&#39;xyz", 4, "&lt;&amp;&gt;…"),
    ("&nbsp;x&eacute;yz", 4, "\xa0xé…"),
    ("e\u0301e\u0301e\u0301e\u0301", 4, "e\u0301…"),
    ("a</b></p>bcdef", 3, "ab…"),
    ("<!DOCTYPE html><p>abcdef</p>", 3, "<p>ab…</p>"),
    ("<svg><circle r=1 /></svg>abcdef", 3, '<svg><circle r="1" /></svg>ab…'),
    ("abcdef", 3, "ab…"),
    # markup that fits is written back well formed too
    ("<p>a<b title='t'>b", 10, '<p>a<b title="t">b</b></p>'),
    ("a</b>&#65;<A", 10, "aA"),
    ("abcdef", 1, "…"),
    ("abcdef", 0, "…"),
]


@pytest.mark.parametrize(("markup", "length", "expected"), TRUNCATE_HTML)
def test_truncate_html(markup: str, length: int, expected: str) -> None:
    result = truncate_html(Markup(markup), length)
    assert result == expected
    assert isinstance(result, Markup)


def test_truncate_html_escapes_its_end() -> None:
    assert truncate_html(Markup("<i>abcdef</i>"), 4, end="<…>") == "<i>a&lt;…&gt;</i>"


# -- striptags ----------------------------------------------------------------------------------

STRIPTAGS = [
    # Jinja's documented behaviour: tags removed, whitespace collapsed, references decoded
    ("  <p>a  &amp;\n b</p><!-- c -->d ", "a & bd"),
    ("<p>Hello</p> <p>World</p>", "Hello World"),
    ("&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1)</script>"),
    # and, unlike Jinja, no code
    ("<p>x<script>alert('<b>')</script>y<style>p{}</style>z</p>", "xyz"),
    ("&nbsp;a&#x20;&#32;b&ZeroWidthSpace;", "a b\u200b"),
    ("", ""),
    ("<a href='x'>link</a> & <", "link & <"),
]


@pytest.mark.parametrize(("markup", "expected"), STRIPTAGS)
def test_striptags(markup: str, expected: str) -> None:
    result = striptags(Markup(markup))
    assert result == expected
    assert type(result) is str


def test_striptags_result_is_escaped_again() -> None:
    shown = striptags(Markup("&lt;script&gt;alert(1)&lt;/script&gt;"))
    assert html(t"<p>{shown}</p>") == f"<p>{SCRIPT_ESCAPED}</p>"


# -- huge and pathological inputs: each helper reads its input once ------------------------------

MB = 1_000_000
HUGE: list[tuple[str, Callable[[], object]]] = [
    ("urlize, an unclosed bracket run", lambda: render(urlize("http://" + "(" * 50_000))),
    (
        "urlize, brackets to give back",
        lambda: render(urlize("http://x.com/" + "(" * 50_000 + ")" * 50_000 + ".")),
    ),
    ("urlize, dotted words", lambda: render(urlize("a." * (MB // 2)))),
    ("urlize, a long host", lambda: render(urlize("http://" + "a." * (MB // 2) + "!"))),
    ("urlize, a long domain", lambda: render(urlize("a@" + "b-." * (MB // 3)))),
    ("urlize, many links", lambda: render(urlize("www.x.com " * (MB // 10)))),
    ("urlize, trailing punctuation", lambda: render(urlize("x.com" + ".)" * (MB // 2)))),
    ("linebreaks, lines", lambda: render(linebreaks("a\n" * (MB // 2)))),
    ("linebreaks, a blank run", lambda: render(linebreaks("a\n" + " \t" * (MB // 2) + "b"))),
    ("linebreaks, blank lines", lambda: render(linebreaks("\n \n" * (MB // 3)))),
    ("linebreaksbr", lambda: render(linebreaksbr("a\r\n" * (MB // 3)))),
    ("truncate, words", lambda: truncate("a " * (MB // 2), MB // 2 - 1, words=True)),
    ("truncate, combining marks", lambda: truncate("a" + "\u0301" * MB, 5)),
    ("truncate_html, '<'", lambda: truncate_html("<" * MB, 10)),
    ("truncate_html, open tags", lambda: truncate_html("<b>" * (MB // 3), 10)),
    ("truncate_html, unclosed tags", lambda: truncate_html("<a x='" * (MB // 6), 10)),
    ("truncate_html, '&'", lambda: truncate_html("&" * MB, 10)),
    ("striptags, '<'", lambda: striptags("<" * MB)),
    ("striptags, paragraphs", lambda: striptags("<p>x</p> " * (MB // 9))),
]


@pytest.mark.parametrize("make", [make for _, make in HUGE], ids=[name for name, _ in HUGE])
def test_huge_inputs_finish(make: Callable[[], object]) -> None:
    # A quadratic walk over a megabyte takes hours; a linear one well under a second here.
    # The bound is loose for a busy machine.
    started = time.perf_counter()
    make()
    assert time.perf_counter() - started < 20


# -- properties ---------------------------------------------------------------------------------

TEXT_CHARACTERS = st.characters(exclude_categories=["Cs"], exclude_characters="\x00\r")
# Pieces that make links, tags, references and breaks likely in short examples.
PIECES = st.sampled_from(
    [
        "http://",
        "https://",
        "www.",
        "example.com",
        "a@b.org",
        "mailto:",
        "javascript:",
        "(",
        ")",
        "[",
        "]",
        ".",
        "!",
        " ",
        "\n",
        "\r\n",
        "\n\n",
        "<",
        ">",
        "&",
        "&amp;",
        '"',
        "'",
        "=",
        "/",
        "<script>",
        "<a href=x>",
        "\u0301",
    ]
)
texts = st.lists(st.one_of(st.text(TEXT_CHARACTERS, max_size=4), PIECES), max_size=12).map("".join)
PROPERTY = settings(max_examples=200, deadline=None)


def names_in(markup: str) -> tuple[set[str], set[str]]:
    """The element names and attribute names html5lib finds in ``markup``, in a <div>."""
    found = list(elements(markup))
    return {node.tag for node in found}, {name for node in found for name in node.attrib}


@PROPERTY
@given(texts)
@example("a\r\n\r\nb\n<p>c</p>")
def test_linebreaks_makes_only_paragraphs_and_breaks(text: str) -> None:
    tags, attributes = names_in(html(t"<div>{linebreaks(text)}</div>"))
    assert tags <= {"div", "p", "br"}
    assert attributes == set()
    tags, attributes = names_in(html(t"<div>{linebreaksbr(text)}</div>"))
    assert tags <= {"div", "br"}
    assert attributes == set()


@PROPERTY
@given(
    texts, st.sampled_from([None, "_blank", '"><script>']), st.one_of(st.none(), st.integers(0, 9))
)
@example("javascript:alert(1)//example.com x@javascript:a.com", None, None)
@example('http://x.com/"><script>alert(1)</script>', "_blank", 3)
@example("mailto:a@b.org", None, None)
def test_urlize_makes_only_safe_links(text: str, target: str | None, trim: int | None) -> None:
    markup = html(t"<div>{urlize(text, target=target, trim=trim)}</div>")
    tags, attributes = names_in(markup)
    assert tags <= {"div", "a"}
    assert attributes <= {"href", "rel", "target"}
    for node in elements(markup):
        if node.tag == "a":
            href = node.attrib["href"]
            assert filter_url(href) == href
            assert not runs_code(href)
            assert href.startswith(("http://", "https://", "mailto:"))
    if trim is None:  # the text shown is the text given (CR aside: the parser drops it), but
        # for the "mailto:" of a linked address, which the link shows without, as Jinja does
        shown = "".join(parse(markup).itertext())
        given = text.replace("\r\n", "\n")
        for node in elements(markup):
            if node.tag == "a" and node.attrib["href"].startswith("mailto:"):
                address = node.text or ""
                given = re.sub(rf"(?i)mailto:(?={re.escape(address)})", "", given, count=1)
        assert shown == given


@PROPERTY
@given(texts, st.integers(0, 30), st.booleans())
@example("\r\n0", 2, False)  # cut between CR and LF
def test_truncate_gives_text(text: str, length: int, words: bool) -> None:
    result = truncate(text, length, words=words)
    markup = html(t"<div>{result}</div>")
    assert names_in(markup) == ({"div"}, set())
    # the parser reads CR LF and a lone CR as LF (the input stream's newlines); truncate may
    # cut between the two
    assert text_of(markup, "div") == result.replace("\r\n", "\n").replace("\r", "\n")
    if not words:
        assert len(result) <= max(length, 1)


# Markup made of the pieces of real markup, well formed or not.
MARKUP_PIECES = st.sampled_from(
    [
        "<p>",
        "</p>",
        "<b class='x'>",
        "</b>",
        "<i>",
        "</i>",
        "<br>",
        "<img src=a.png alt='<x>'>",
        "<script>a<b</script>",
        "<style>p>i{}</style>",
        "<!-- c -->",
        "<ul><li>",
        "<li>",
        "</ul>",
        "<svg><circle /></svg>",
        "&amp;",
        "&lt;",
        "&#39;",
        "&",
        "<",
        ">",
        "</",
        " ",
        "word",
        "e\u0301",
    ]
)
markups = st.lists(st.one_of(MARKUP_PIECES, st.text(TEXT_CHARACTERS, max_size=3)), max_size=14)


@PROPERTY
@given(markups.map("".join), st.integers(0, 12))
@example("<p>a<script>x</script>bc", 2)
@example("<wordÀ<p>", 0)  # html.parser lower-cases À, a browser does not
def test_truncate_html_adds_no_element(markup: str, length: int) -> None:
    result = truncate_html(Markup(markup), length)
    given_tags, given_attributes = names_in(markup)
    tags, attributes = names_in(html(t"<div>{result}</div>"))
    assert tags <= given_tags | {"div"}
    assert attributes <= given_attributes


@PROPERTY
@given(markups.map("".join))
def test_striptags_gives_text(markup: str) -> None:
    shown = striptags(Markup(markup))
    assert names_in(html(t"<div>{shown}</div>")) == ({"div"}, set())
    assert shown == " ".join(shown.split())
