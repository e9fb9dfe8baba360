"""URL-valued attributes: the scheme filter at the start of a value, holes
after a fixed scheme, and the positions refused because a value could still pick the scheme.
"""

from __future__ import annotations

from string.templatelib import Interpolation, Template

import pytest
from hostile import EVIL, EVIL_ESCAPED, JS_URL, JS_URLS, assert_inert, find, runs_code
from markupsafe import Markup

from htmltemplates import (
    UNSAFE_URL,
    RenderError,
    TemplateSyntaxError,
    TrustedResourceURL,
    TrustedURL,
    html,
)

V = "value"
W = "other"
NONE = None


def href(value: object, quote: str = '"') -> str:
    """``<a href=...>`` with ``value`` interpolated as the whole value."""
    return html(Template(f"<a href={quote}", Interpolation(value, "url"), f"{quote}>"))


def test_the_sentinel() -> None:
    assert UNSAFE_URL == "about:invalid#htmltemplates"


ALLOWED = [
    pytest.param("https://example.com/a?b=1#c", id="https"),
    pytest.param("http://example.com", id="http"),
    pytest.param("HTTPS://EXAMPLE.COM", id="https-upper"),
    pytest.param("HtTp://x", id="http-mixed-case"),
    pytest.param("mailto:ada@example.com", id="mailto"),
    pytest.param("MAILTO:ada@example.com", id="mailto-upper"),
    pytest.param("tel:+1-555-0100", id="tel"),
    pytest.param("/users/7", id="absolute-path"),
    pytest.param("users/7", id="relative-path"),
    pytest.param("./a", id="dot-relative"),
    pytest.param("../a", id="dot-dot-relative"),
    pytest.param("//cdn.example.com/x.js", id="protocol-relative"),
    pytest.param("?q=1", id="query-only"),
    pytest.param("#top", id="fragment-only"),
    pytest.param("a/b:c", id="colon-after-slash"),
    pytest.param("?q=javascript:alert(1)", id="colon-in-query"),
    pytest.param("#javascript:alert(1)", id="colon-in-fragment"),
    pytest.param("/javascript:alert(1)", id="colon-in-path"),
    pytest.param("", id="empty"),
    pytest.param("https:", id="scheme-only"),
    pytest.param("  https://x.org  ", id="spaces-kept"),
    pytest.param("https://x.org/\ta", id="tab-kept"),
]


@pytest.mark.parametrize("url", ALLOWED)
def test_allowed_urls_are_kept(url: str) -> None:
    assert f'<a href="{url}">' == href(url)


ESCAPED = [
    pytest.param("/search?q=a&b=<c>", "/search?q=a&amp;b=&lt;c&gt;", id="query-escaped"),
    pytest.param("/x?q=" + EVIL, "/x?q=" + EVIL_ESCAPED, id="evil-in-query"),
    pytest.param('/x" onmouseover="alert(1)', "/x&#34; onmouseover=&#34;alert(1)", id="breakout"),
    # entities are not decoded in values: '&' is escaped, so no ':' ever appears
    pytest.param("javascript&colon;alert(1)", "javascript&amp;colon;alert(1)", id="entity-colon"),
    pytest.param("javascript&#58;alert(1)", "javascript&amp;#58;alert(1)", id="numeric-colon"),
    # ... and the '#' of a character reference starts a fragment before any ':'
    pytest.param("jav&#x09;ascript:alert(1)", "jav&amp;#x09;ascript:alert(1)", id="entity-tab"),
]


@pytest.mark.parametrize(("url", "expected"), ESCAPED)
def test_urls_are_attribute_escaped(url: str, expected: str) -> None:
    markup = href(url)
    assert f'<a href="{expected}">' == markup
    assert url == find(markup, "a").attrib["href"]


@pytest.mark.parametrize("url", JS_URLS.values(), ids=JS_URLS.keys())
def test_dangerous_schemes_become_the_sentinel(url: str) -> None:
    assert f'<a href="{UNSAFE_URL}">' == href(url)


FILTERED = [
    pytest.param("ftp://example.com", id="ftp"),
    pytest.param("file:///etc/passwd", id="file"),
    pytest.param("blob:https://x/1", id="blob"),
    pytest.param("foo:bar", id="unknown-scheme"),
    pytest.param("about:blank", id="about"),
    pytest.param(":x", id="empty-scheme"),
    pytest.param("\xa0javascript:alert(1)", id="nbsp-is-not-stripped-but-still-no-scheme"),
    pytest.param("javascript:alert(1)//https://x", id="allowed-scheme-later"),
    pytest.param("https\x00:x", id="nul-in-scheme"),
]


@pytest.mark.parametrize("url", FILTERED)
def test_other_schemes_become_the_sentinel(url: str) -> None:
    assert f'<a href="{UNSAFE_URL}">' == href(url)


VALUE_KINDS = [
    pytest.param(t"<a href={JS_URL}>", f'<a href="{UNSAFE_URL}">', id="unquoted-gets-quotes"),
    pytest.param(t"<a href='{JS_URL}'>", f"<a href='{UNSAFE_URL}'>", id="single-quoted"),
    pytest.param(t"<a href={Markup(JS_URL)}>", f'<a href="{UNSAFE_URL}">', id="markup-filtered"),
    pytest.param(
        t"<a href={Markup('java<b></b>script:alert(1)')}>",
        f'<a href="{UNSAFE_URL}">',
        id="markup-judged-by-its-text",
    ),
    pytest.param(
        t"<a href={Markup('&#106;avascript:alert(1)')}>",
        f'<a href="{UNSAFE_URL}">',
        id="markup-entities-decoded-then-filtered",
    ),
    pytest.param(
        t"<a href={Markup('/a?b=1&amp;c=2')}>",
        '<a href="/a?b=1&amp;c=2">',
        id="markup-text-escaped-once",
    ),
    pytest.param(t"<a href={[JS_URL]}>", f'<a href="{UNSAFE_URL}">', id="list-filtered"),
    pytest.param(t"<a href={(lambda: JS_URL)}>", f'<a href="{UNSAFE_URL}">', id="lazy-filtered"),
    pytest.param(t"<a href={'java'}>", '<a href="java">', id="no-colon-is-relative"),
    pytest.param(t"<a href={JS_URL!r}>", f'<a href="{UNSAFE_URL}">', id="repr-still-filtered"),
    pytest.param(t"<a href={NONE}>", "<a>", id="none-removes"),
    pytest.param(t"<a href={False}>", "<a>", id="false-removes"),
    pytest.param(t"<a href={True}>", "<a href>", id="true-bare"),
    pytest.param(t"<a href={7}>", '<a href="7">', id="int"),
]


@pytest.mark.parametrize(("template", "expected"), VALUE_KINDS)
def test_url_value_kinds(template: Template, expected: str) -> None:
    assert expected == html(template)


URL_ATTRIBUTES = [
    pytest.param(t"<img src={JS_URL}>", f'<img src="{UNSAFE_URL}">', id="src"),
    pytest.param(t"<form action={JS_URL}>", f'<form action="{UNSAFE_URL}">', id="action"),
    pytest.param(
        t"<button formaction={JS_URL}>", f'<button formaction="{UNSAFE_URL}">', id="formaction"
    ),
    pytest.param(t"<q cite={JS_URL}>", f'<q cite="{UNSAFE_URL}">', id="cite"),
    pytest.param(t"<video poster={JS_URL}>", f'<video poster="{UNSAFE_URL}">', id="poster"),
    pytest.param(t"<td background={JS_URL}>", f'<td background="{UNSAFE_URL}">', id="background"),
    pytest.param(t"<img longdesc={JS_URL}>", f'<img longdesc="{UNSAFE_URL}">', id="longdesc"),
    pytest.param(t"<img usemap={JS_URL}>", f'<img usemap="{UNSAFE_URL}">', id="usemap"),
    pytest.param(t"<a ping={JS_URL}>", f'<a ping="{UNSAFE_URL}">', id="ping"),
    pytest.param(t"<command icon={JS_URL}>", f'<command icon="{UNSAFE_URL}">', id="icon"),
    pytest.param(t"<html manifest={JS_URL}>", f'<html manifest="{UNSAFE_URL}">', id="manifest"),
    pytest.param(t"<object codebase={JS_URL}>", f'<object codebase="{UNSAFE_URL}">', id="codebase"),
    pytest.param(t"<object classid={JS_URL}>", f'<object classid="{UNSAFE_URL}">', id="classid"),
    pytest.param(t"<object archive={JS_URL}>", f'<object archive="{UNSAFE_URL}">', id="archive"),
    pytest.param(t"<head profile={JS_URL}>", f'<head profile="{UNSAFE_URL}">', id="profile"),
    pytest.param(t"<a HREF={JS_URL}>", f'<a HREF="{UNSAFE_URL}">', id="href-upper"),
    pytest.param(
        t"<svg><a xlink:href={JS_URL}></a></svg>",
        f'<svg><a xlink:href="{UNSAFE_URL}"></a></svg>',
        id="xlink-href",
    ),
    pytest.param(t"<img data-src={JS_URL}>", f'<img data-src="{UNSAFE_URL}">', id="data-src"),
    pytest.param(t"<a data-href={JS_URL}>", f'<a data-href="{UNSAFE_URL}">', id="data-href"),
    pytest.param(t"<a imgurl={JS_URL}>", f'<a imgurl="{UNSAFE_URL}">', id="contains-url"),
    pytest.param(t"<a my-uri={JS_URL}>", f'<a my-uri="{UNSAFE_URL}">', id="contains-uri"),
    pytest.param(t"<a lowsrc={JS_URL}>", f'<a lowsrc="{UNSAFE_URL}">', id="contains-src"),
    pytest.param(t"<p data={JS_URL}>", f'<p data="{JS_URL}">', id="data-not-object-is-plain"),
    pytest.param(t"<a title={JS_URL}>", f'<a title="{JS_URL}">', id="title-is-plain"),
]


@pytest.mark.parametrize(("template", "expected"), URL_ATTRIBUTES)
def test_url_attributes(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- holes after static text that fixed the scheme: escaped only ----------------------------------

AFTER_FIXED = [
    pytest.param(
        t'<a href="https://x.org/{JS_URL}">', f'<a href="https://x.org/{JS_URL}">', id="https-path"
    ),
    pytest.param(
        t'<a href="https://x.org/{EVIL}">',
        '<a href="https://x.org/%3Cb%3E&amp;&#39;%22">',  # path-encoded, then escaped
        id="https-path-encoded",
    ),
    pytest.param(t'<a href="/users/{JS_URL}">', f'<a href="/users/{JS_URL}">', id="path"),
    pytest.param(t"<a href=/users/{V}>", '<a href="/users/value">', id="path-unquoted"),
    # spaces before a hole at the start are stripped by the URL parser: still the start
    pytest.param(t'<a href="  {JS_URL}">', f'<a href="  {UNSAFE_URL}">', id="spaces-then-start"),
    pytest.param(t"<a href='/u/{V}'>", "<a href='/u/value'>", id="path-single-quoted"),
    pytest.param(t'<a href="?q={JS_URL}">', '<a href="?q=javascript%3Aalert(1)">', id="query"),
    pytest.param(t'<a href="#{JS_URL}">', f'<a href="#{JS_URL}">', id="fragment"),
    pytest.param(
        t'<a href="/s?q={EVIL}&page={2}">',
        '<a href="/s?q=%3Cb%3E%26&#39;%22&page=2">',
        id="query-several",
    ),
    pytest.param(
        t'<a href="mailto:{"ada@x.org"}">', '<a href="mailto:ada@x.org">', id="mailto-fixed"
    ),
    pytest.param(t'<a href="tel:{"+1"}">', '<a href="tel:+1">', id="tel-fixed"),
    pytest.param(t'<a href="{JS_URL}/x">', f'<a href="{UNSAFE_URL}/x">', id="start-hole-then-path"),
    pytest.param(
        t'<a href="{JS_URL}#top">', f'<a href="{UNSAFE_URL}#top">', id="start-hole-then-fragment"
    ),
    pytest.param(
        t'<a href="{"/p"}?q={JS_URL}">',
        '<a href="/p?q=javascript%3Aalert(1)">',
        id="start-hole-then-query-hole",
    ),
    pytest.param(
        t'<a href="{JS_URL}?q={JS_URL}">',
        f'<a href="{UNSAFE_URL}?q=javascript%3Aalert(1)">',
        id="start-filtered-query-encoded",
    ),
    pytest.param(
        t"<img src=https://cdn.x.org/{V}.png alt={V}>",
        '<img src="https://cdn.x.org/value.png" alt="value">',
        id="img-cdn",
    ),
]


@pytest.mark.parametrize(("template", "expected"), AFTER_FIXED)
def test_holes_after_a_fixed_scheme_are_encoded(template: Template, expected: str) -> None:
    markup = html(template)
    assert expected == markup
    assert_inert(markup)


# -- refused at parse time ------------------------------------------------------------------------

CHOOSE = "interpolation that could choose the scheme of the URL in {}"

REFUSED = [
    pytest.param(t'<a href="java{V}">', CHOOSE.format("href"), id="partial-scheme"),
    pytest.param(t"<a href=java{V}>", CHOOSE.format("href"), id="partial-scheme-unquoted"),
    pytest.param(t'<a href="x{V}">', CHOOSE.format("href"), id="text-before"),
    pytest.param(t'<a href="{V}{W}">', CHOOSE.format("href"), id="two-holes"),
    pytest.param(t'<a href="{V}:x">', CHOOSE.format("href"), id="hole-then-colon"),
    pytest.param(t"<a href={V}:x>", CHOOSE.format("href"), id="hole-then-colon-unquoted"),
    pytest.param(t'<a href="{V}&#58;x">', CHOOSE.format("href"), id="hole-then-numeric-colon"),
    pytest.param(t'<a href="{V}&colon;x">', CHOOSE.format("href"), id="hole-then-entity-colon"),
    pytest.param(t'<a href="{V}\t:x">', CHOOSE.format("href"), id="hole-then-tab-colon"),
    pytest.param(t'<img src="{V}:x">', CHOOSE.format("src"), id="src-hole-then-colon"),
    pytest.param(t'<a href="javascript:{V}">', "interpolation inside a javascript: URL in href"),
    pytest.param(
        t'<a href="JavaScript:{V}">',
        "interpolation inside a javascript: URL in href",
        id="javascript-mixed-case",
    ),
    pytest.param(
        t'<a href=" javascript:{V}">',
        "interpolation inside a javascript: URL in href",
        id="javascript-leading-space",
    ),
    pytest.param(
        t'<a href="java\tscript:{V}">',
        "interpolation inside a javascript: URL in href",
        id="javascript-tab-inside",
    ),
    pytest.param(
        t'<a href="java&#x09;script:{V}">',
        "interpolation inside a javascript: URL in href",
        id="javascript-entity-tab",
    ),
    pytest.param(
        t'<a href="&#106;avascript:{V}">',
        "interpolation inside a javascript: URL in href",
        id="javascript-entity-letter",
    ),
    pytest.param(
        t'<a href="javascript&colon;{V}">',
        "interpolation inside a javascript: URL in href",
        id="javascript-entity-colon",
    ),
    pytest.param(
        t'<a href="javascript:void(0);/{V}">',
        "interpolation inside a javascript: URL in href",
        id="javascript-after-slash",
    ),
    pytest.param(
        t'<a href="vbscript:{V}">',
        "interpolation inside a vbscript: URL in href",
        id="vbscript",
    ),
    pytest.param(
        t'<a href="data:text/html,{V}">',
        "interpolation inside a data: URL in href",
        id="data-html",
    ),
    pytest.param(
        t'<img src="data:image/png;base64,{V}">',
        "interpolation inside a data: URL in src",
        id="data-image",
    ),
    pytest.param(
        t'<a data-src="javascript:{V}"></a>',
        "interpolation inside a javascript: URL in data-src",
        id="data-src",
    ),
    pytest.param(
        t'<a data-href="javascript:{V}">',
        "interpolation inside a javascript: URL in data-href",
        id="data-href",
    ),
]


@pytest.mark.parametrize(("template", "headline"), REFUSED)
def test_refused_url_positions(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


def test_a_javascript_url_written_in_the_template_is_static_markup() -> None:
    # the author's own javascript: (no hole in it) is emitted as written
    assert '<a href="javascript:void(0)">x</a>' == html(t'<a href="javascript:void(0)">{"x"}</a>')


def test_the_parsed_href_never_runs_code() -> None:
    for url in JS_URLS.values():
        for quote in ('"', "'", ""):
            markup = href(url, quote)
            assert not runs_code(find(markup, "a").attrib["href"]), markup


# -- URLs that load code: a hole must follow static text that fixes the origin ---------------

RESOURCES = [
    pytest.param(
        t'<script src="/static/{V}"></script>',
        '<script src="/static/value"></script>',
        id="script-path",
    ),
    pytest.param(
        t'<script src="https://cdn.example/{EVIL}"></script>',
        '<script src="https://cdn.example/%3Cb%3E&amp;&#39;%22"></script>',
        id="script-https-origin-encoded",
    ),
    pytest.param(t'<base href="/app/{V}/">', '<base href="/app/value/">', id="base-path"),
    pytest.param(
        t'<object data="/files/{V}"></object>',
        '<object data="/files/value"></object>',
        id="object-path",
    ),
    pytest.param(t'<embed src="/media/{V}">', '<embed src="/media/value">', id="embed-path"),
    pytest.param(
        t'<SCRIPT SRC="/static/{V}"></SCRIPT>',
        '<SCRIPT SRC="/static/value"></SCRIPT>',
        id="upper-case",
    ),
]


@pytest.mark.parametrize(("template", "expected"), RESOURCES)
def test_resource_urls_after_a_fixed_origin(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    ("template", "where"),
    [
        pytest.param(t'<script src="/{V}"></script>', "<script src>", id="slash-then-hole"),
        pytest.param(t'<script src="//cdn/{V}"></script>', "<script src>", id="protocol-relative"),
        pytest.param(t'<script src="/\\cdn/{V}"></script>', "<script src>", id="slash-backslash"),
        pytest.param(t'<script src="https://cdn{V}"></script>', "<script src>", id="host-open"),
        pytest.param(t'<script src="http://cdn/{V}"></script>', "<script src>", id="plain-http"),
        pytest.param(t'<iframe src="//{V}"></iframe>', "<iframe src>", id="iframe"),
        pytest.param(t'<link rel=stylesheet href="//{V}">', "<link href>", id="link"),
        pytest.param(t'<svg><use href="x{V}"/></svg>', "<use href>", id="svg-use"),
    ],
)
def test_resource_urls_without_a_fixed_origin_are_refused(template: Template, where: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert f"interpolation that could choose where {where} loads from" == info.value.headline


# A whole resource URL from a value must be a TrustedResourceURL; a str (even a harmless one)
# or a TrustedURL is a RenderError, so a code-loading URL never comes from data by accident.
R = "icon"
ATTRS = {"id": "x"}
U: object = None  # each test puts its own value in (with_value)
RESOURCE_HOLES = [
    pytest.param(t"<script src={U}></script>", '<script src="{}"></script>', id="script-whole"),
    pytest.param(t"<script src='{U}'></script>", "<script src='{}'></script>", id="quoted"),
    pytest.param(t'<script src="{U}?v=2"></script>', '<script src="{}?v=2"></script>', id="start"),
    pytest.param(t"<base href={U}>", '<base href="{}">', id="base"),
    pytest.param(t"<object data={U}></object>", '<object data="{}"></object>', id="object"),
    pytest.param(t"<embed src={U}>", '<embed src="{}">', id="embed"),
    pytest.param(t"<iframe src={U}></iframe>", '<iframe src="{}"></iframe>', id="iframe"),
    pytest.param(t"<frame src={U}>", '<frame src="{}">', id="frame"),
    pytest.param(t"<link href={U}>", '<link href="{}">', id="link-no-rel"),
    pytest.param(t"<link rel=stylesheet href={U}>", '<link rel=stylesheet href="{}">', id="css"),
    pytest.param(
        t'<link rel="preload" as="script" href={U}>',
        '<link rel="preload" as="script" href="{}">',
        id="link-preload",
    ),
    pytest.param(
        t'<link rel="alternate stylesheet" href={U}>',
        '<link rel="alternate stylesheet" href="{}">',
        id="link-mixed-rel",
    ),
    pytest.param(t"<link rel={R} href={U}>", '<link rel="icon" href="{}">', id="link-dynamic-rel"),
    pytest.param(
        t"<link rel=icon {ATTRS} href={U}>",
        '<link rel=icon id="x" href="{}">',
        id="link-rel-and-spread",
    ),
    pytest.param(t"<svg><use href={U}/></svg>", '<svg><use href="{}"/></svg>', id="svg-use"),
    pytest.param(
        t"<svg><script href={U}></script></svg>",
        '<svg><script href="{}"></script></svg>',
        id="svg-script",
    ),
    pytest.param(
        t"<svg><script xlink:href={U}></script></svg>",
        '<svg><script xlink:href="{}"></script></svg>',
        id="svg-xlink",
    ),
    pytest.param(
        t"<script {ATTRS} src={U}></script>",
        '<script id="x" src="{}"></script>',
        id="spread-beside",
    ),
]


@pytest.mark.parametrize(("template", "expected"), RESOURCE_HOLES)
def test_resource_url_holes_take_a_trusted_resource_url(template: Template, expected: str) -> None:
    url = TrustedResourceURL("https://cdn.example/a.js?x=1&y=<2>")
    filled = with_value(template, url)
    assert expected.format("https://cdn.example/a.js?x=1&amp;y=&lt;2&gt;") == html(filled)


@pytest.mark.parametrize(("template", "expected"), RESOURCE_HOLES)
@pytest.mark.parametrize(
    "value",
    ["/static/app.js", "https://evil.example/x.js", TrustedURL("/app.js"), Markup("/a.js"), 7],
    ids=["path", "other-origin", "trusted-url", "markup", "int"],
)
def test_resource_url_holes_refuse_anything_else(
    template: Template, expected: str, value: object
) -> None:
    with pytest.raises(RenderError) as info:
        html(with_value(template, value))
    assert "untrusted-resource-url" == info.value.anchor
    assert info.value.headline.startswith(f"a {type(value).__name__} cannot choose where the ")


def test_a_missing_resource_url_drops_the_attribute() -> None:
    for value in (None, False):
        assert "<script defer></script>" == html(t"<script src={value} defer></script>")
        assert '<link rel="stylesheet">' == html(t'<link rel="stylesheet" href={value}>')


def with_value(template: Template, value: object) -> Template:
    """``template`` with its interpolation named U given ``value``."""
    items = [
        Interpolation(value, "U")
        if isinstance(item, Interpolation) and item.expression == "U"
        else item
        for item in template
    ]
    return Template(*items)


@pytest.mark.parametrize(
    ("element", "name"),
    [
        ("script", "src"),
        ("base", "href"),
        ("object", "data"),
        ("embed", "src"),
        ("iframe", "src"),
        ("link", "href"),
        ("SCRIPT", "SRC"),
    ],
)
def test_resource_urls_from_a_spread(element: str, name: str) -> None:
    template = Template(f"<{element} ", Interpolation({name: "/x.js"}, "attrs"), f"></{element}>")
    with pytest.raises(RenderError) as info:
        html(template)
    assert (
        f"a str cannot choose where the {name.lower()} attribute loads code from: '/x.js'"
        == info.value.headline
    )
    trusted = {name: TrustedResourceURL("/x.js")}
    assert f'<{element} {name}="/x.js"></{element}>' == html(
        Template(f"<{element} ", Interpolation(trusted, "attrs"), f"></{element}>")
    )


EVIL_URL = "javascript:alert(1)"
PAGE = "https://example.com/a?b=1&c=2"
N = 3


# <link href> is an ordinary URL when a static rel only points somewhere
@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t"<link rel=canonical href={EVIL_URL}>",
            '<link rel=canonical href="about:invalid#htmltemplates">',
            id="canonical-filtered",
        ),
        pytest.param(
            t'<link rel="icon" href={PAGE}>',
            '<link rel="icon" href="https://example.com/a?b=1&amp;c=2">',
            id="icon",
        ),
        pytest.param(
            t'<link rel="ALTERNATE" type="application/rss+xml" href={PAGE}>',
            '<link rel="ALTERNATE" type="application/rss+xml" href="https://example.com/a?b=1&amp;c=2">',
            id="alternate-upper",
        ),
        pytest.param(
            t'<link rel="prev next" href="/page/{N}">',
            '<link rel="prev next" href="/page/3">',
            id="prev-next-path",
        ),
    ],
)
def test_navigational_links_are_plain_urls(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- URL parts are percent-encoded for where they stand (issue #3) ---------------------------------


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<a href="/search?q={"Tom & Jerry"}&page={2}">',
            '<a href="/search?q=Tom%20%26%20Jerry&page=2">',
            id="query-value-round-trips",
        ),
        pytest.param(
            t'<a href="/users/{"a b/c?d#e%"}">',
            '<a href="/users/a%20b/c%3Fd%23e%25">',
            id="path-keeps-slashes-encodes-query-and-fragment",
        ),
        pytest.param(
            t'<a href="/users/{"ü"}">', '<a href="/users/%C3%BC">', id="path-non-ascii-utf8"
        ),
        pytest.param(t'<a href="/p#{"a b?c"}">', '<a href="/p#a%20b?c">', id="fragment"),
        pytest.param(
            t'<a href="/p?next={"/a?b=1&c=2"}">',
            '<a href="/p?next=%2Fa%3Fb%3D1%26c%3D2">',
            id="query-value-is-a-component",
        ),
        pytest.param(
            t'<a href="/p/{"x"}?q={"y z"}#{"w v"}">',
            '<a href="/p/x?q=y%20z#w%20v">',
            id="each-part-its-encoding",
        ),
        pytest.param(
            t'<a href="/p/{["a", "b"]}">', '<a href="/p/a%20b">', id="list-joined-then-encoded"
        ),
        pytest.param(
            t'<a class=x href="/u/{"a b"}" { ({"id": "i"}) }>',
            '<a class=x href="/u/a%20b" id="i">',
            id="in-place-spread-tag",
        ),
        pytest.param(
            t'<a href="/u/{"a b"}" { ({"href": "/x"}) }{ ({}) }>',
            '<a href="/x">',
            id="merged-tag-last-wins",
        ),
        pytest.param(
            t'<a href="/u/{"a b"}" { ({"id": "i"}) }{ ({}) }>',
            '<a href="/u/a%20b" id="i">',
            id="merged-tag-encodes",
        ),
    ],
)
def test_url_parts_are_percent_encoded(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    "template",
    [
        pytest.param(t'<a href="/{V}">', id="slash"),
        pytest.param(t'<form action="/{V}">', id="form-slash"),
        pytest.param(t'<a href="https:{V}">', id="https-colon"),
        pytest.param(t'<a href="https://{V}">', id="https-authority"),
        pytest.param(t'<a href="https://example.com{V}">', id="host-open"),
        pytest.param(t'<a href="ftp://{V}">', id="ftp-authority"),
        pytest.param(t'<a href="/\\{V}">', id="slash-backslash"),
    ],
)
def test_holes_that_could_choose_the_host_are_refused(template: Template) -> None:
    # '/{p}' with p='/evil.example/x' would give '//evil.example/x', another host
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert "interpolation that could choose the host of the URL in " in info.value.headline


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<a href="/u/{"/evil.example"}">', '<a href="/u//evil.example">', id="segment"
        ),
        pytest.param(t'<a href="users/{"x"}">', '<a href="users/x">', id="relative"),
        pytest.param(t'<a href="mailto:{"a@b.c"}">', '<a href="mailto:a@b.c">', id="mailto"),
        pytest.param(
            t'<a href="https://example.com/{"//evil"}">',
            '<a href="https://example.com///evil">',
            id="host-written",
        ),
    ],
)
def test_holes_after_a_written_host_or_segment(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- dot segments: a value cannot climb out of the path the template wrote ----------------------

DOTS = "../admin"


@pytest.mark.parametrize(
    "template",
    [
        pytest.param(t'<a href="/users/{DOTS}/profile">x</a>', id="href"),
        pytest.param(t'<script src="/static/{DOTS}"></script>', id="resource"),
        pytest.param(t'<img srcset="/img/{DOTS} 1x">', id="srcset"),
        pytest.param(t'<meta http-equiv=refresh content="0; url=/u/{DOTS}">', id="refresh"),
        pytest.param(t"<style>p {{ background: url('/i/{DOTS}') }}</style>", id="css-url"),
        pytest.param(t"<a { {'href': DOTS} } href='/u/{DOTS}'>x</a>", id="merged"),
    ],
)
def test_dot_segments_in_a_path_are_refused(template: Template) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert "dot-segment" == info.value.anchor


@pytest.mark.parametrize(
    ("value", "refused"),
    [
        ("..", True),
        (".", True),
        ("...", True),
        ("a/./b", True),
        ("a/..", True),
        ("x..y", False),
        ("v1.2.3", False),
        (".hidden", False),
        ("a/.b/c", False),
        ("%2e%2e", False),  # '%' is data: %252e%252e
    ],
)
def test_which_values_have_dot_segments(value: str, refused: bool) -> None:
    template = t'<a href="/u/{value}">x</a>'
    if refused:
        with pytest.raises(RenderError):
            html(template)
    else:
        assert html(template).startswith('<a href="/u/')


def test_dots_stay_fine_in_the_query_and_fragment() -> None:
    assert '<a href="/s?q=..%2Fx#../x">x</a>' == html(t'<a href="/s?q={"../x"}#{"../x"}">x</a>')


def test_a_trusted_url_template_refuses_dot_segments() -> None:
    with pytest.raises(RenderError) as info:
        TrustedResourceURL(t"/static/{DOTS}")
    assert "dot-segment" == info.value.anchor
