"""Spreads: a mapping between attributes, ``<a {attrs}>``.

Each entry ``k: v`` behaves as ``k={v}`` written in the template would; names from data are
validated and never emitted when bad.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from string.templatelib import Interpolation, Template
from types import MappingProxyType

import pytest
from hostile import EVIL, EVIL_ESCAPED, JS_URL, structure
from markupsafe import Markup

from htmltemplates import UNSAFE_URL, RenderError, TrustedResourceURL, html

ATTRS = {"src": "shrubbery.jpg", "alt": "looks nice"}
A = {"id": "s", "title": "t"}
EMPTY: dict[str, object] = {}
NONE = None


class Attributes(Mapping[str, object]):
    """A Mapping that is not a dict."""

    def __init__(self, **items: object) -> None:
        self._items = items

    def __getitem__(self, key: str) -> object:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


def test_the_users_own_spread_example() -> None:
    attributes = {"src": "shrubbery.jpg", "alt": "looks nice"}
    assert html(t"<img {attributes} />") == '<img src="shrubbery.jpg" alt="looks nice" />'


SPREADS = [
    pytest.param(t"<img {ATTRS}>", '<img src="shrubbery.jpg" alt="looks nice">', id="dict"),
    pytest.param(t"<p { ({'title': EVIL}) }>", f'<p title="{EVIL_ESCAPED}">', id="value-escaped"),
    pytest.param(
        t"<p {Attributes(id='m', title='n')}>", '<p id="m" title="n">', id="custom-mapping"
    ),
    pytest.param(t"<p {MappingProxyType({'id': 'x'})}>", '<p id="x">', id="mappingproxy"),
    pytest.param(
        t"<p {OrderedDict([('b', 1), ('a', 2)])}>", '<p b="1" a="2">', id="insertion-order"
    ),
    pytest.param(t"<p {EMPTY}>", "<p>", id="empty"),
    pytest.param(t"<p {NONE}>", "<p>", id="none"),
    pytest.param(t"<p {False}>", "<p>", id="false"),
    pytest.param(t"<p {(lambda: A)}>", '<p id="s" title="t">', id="lazy"),
    pytest.param(
        t"<p { ({'n': 1, 'f': 1.5, 'z': 0, 's': ''}) }>",
        '<p n="1" f="1.5" z="0" s="">',
        id="numbers-and-empty-str",
    ),
    pytest.param(
        t"<p { ({'hidden': True, 'x': None, 'y': False}) }>", "<p hidden>", id="true-none-false"
    ),
    pytest.param(t"<p { ({'rel': ['a', None, 'b']}) }>", '<p rel="a b">', id="list-value"),
    pytest.param(
        t"<p { ({'title': Markup('<b>Tom</b> &amp; Jerry')}) }>",
        '<p title="Tom &amp; Jerry">',
        id="markup-value-text",
    ),
    pytest.param(t"<p { ({'title': (lambda: 'lazy')}) }>", '<p title="lazy">', id="lazy-value"),
    pytest.param(
        t"<p { ({'class': ['a', None], 'style': {'color': 'red'}}) }>",
        '<p class="a" style="color: red">',
        id="class-and-style-builders",
    ),
    pytest.param(t"<p { ({'class': []}) }>", "<p>", id="empty-class-removed"),
    pytest.param(
        t"<p { ({'data': {'x': 1, 'y': True}, 'aria': {'hidden': False}}) }>",
        '<p data-x="1" data-y aria-hidden="false">',
        id="data-aria-dicts",
    ),
    pytest.param(
        t"<p { ({'data': 'plain', 'aria': 'plain'}) }>",
        '<p data="plain" aria="plain">',
        id="data-aria-str",
    ),
    pytest.param(
        t"<p { ({'data-x': 1, 'aria-label': 'L', 'x:y': 'z', 'a.b_c': 'd'}) }>",
        '<p data-x="1" aria-label="L" x:y="z" a.b_c="d">',
        id="punctuated-names",
    ),
    pytest.param(t"<p { ({'Title': 'x'}) }>", '<p Title="x">', id="name-case-kept"),
    pytest.param(t"<input { ({'type': 'text'}) }>", '<input type="text">', id="type-not-script"),
]


@pytest.mark.parametrize(("template", "expected"), SPREADS)
def test_spread(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- mixed with static attributes: order, whitespace, last one wins -------------------------------

MIXED = [
    pytest.param(t"<p {A} id=x>", '<p id=x title="t">', id="static-after-wins-keeps-position"),
    pytest.param(t"<p id=x {A}>", '<p id="s" title="t">', id="spread-after-wins"),
    pytest.param(t"<p id=a  {A}  class=b>", '<p id="s" title="t"  class=b>', id="whitespace"),
    pytest.param(
        t"<p id=a\n\t{A}\n\tclass=b>", '<p id="s" title="t"\n\tclass=b>', id="newline-whitespace"
    ),
    pytest.param(t"<p\n{A}\n>", '<p\nid="s" title="t"\n>', id="first-gets-written-whitespace"),
    pytest.param(t"<p {A}/>", '<p id="s" title="t"/>', id="self-closing-glued"),
    pytest.param(t"<p {A} />", '<p id="s" title="t" />', id="self-closing"),
    pytest.param(
        t"<p {A}{ {'lang': 'en'} }>",
        '<p id="s" title="t" lang="en">',
        id="adjacent-spreads-get-a-space",
    ),
    pytest.param(t"<p id=a {EMPTY} class=b>", "<p id=a class=b>", id="empty-drops-whitespace"),
    pytest.param(t"<p id=a\n  {NONE}\n  class=b>", "<p id=a\n  class=b>", id="none-drops-ws"),
    pytest.param(t"<p title=x {A} title=y>", '<p title=y id="s">', id="static-twice"),
    pytest.param(t"<p {A} id={'z'}>", '<p id="z" title="t">', id="dynamic-after"),
    pytest.param(
        t"<p {A} { ({'id': 'q', 'new': 1}) }>",
        '<p id="q" title="t" new="1">',
        id="two-spreads-last-wins",
    ),
    pytest.param(t"<p {A} { ({'title': None}) }>", '<p id="s">', id="none-removes"),
    pytest.param(t"<p {A} { ({'title': False}) }>", '<p id="s">', id="false-removes"),
    pytest.param(t"<p id=a { ({'id': None}) }>", "<p>", id="none-removes-static"),
    pytest.param(t"<p { ({'title': None}) } {A}>", '<p id="s" title="t">', id="none-then-set"),
    pytest.param(t"<p title={NONE} {A}>", '<p id="s" title="t">', id="removed-then-spread"),
    pytest.param(t"<p ID=a { ({'id': 'b'}) }>", '<p id="b">', id="case-insensitive-merge"),
    pytest.param(
        t"<p { ({'a': 1, 'A': 2}) }>", '<p A="2">', id="case-insensitive-within-one-spread"
    ),
    pytest.param(
        t"<p { ({'k': 'a', '\u212a': 'b'}) }>",
        '<p k="a" \u212a="b">',
        id="only-ascii-case-is-insensitive",  # KELVIN SIGN lower-cases to k in Python only
    ),
    pytest.param(
        t"<p class=a { ({'class': 'b'}) } { ({'class': {'c': True}}) }>",
        '<p class="a b c">',
        id="class-accumulates",
    ),
    pytest.param(
        t"<p style='color: red' { ({'style': {'margin': 0}}) }>",
        '<p style="color: red; margin: 0">',
        id="style-accumulates",
    ),
    pytest.param(
        t"<a href='/x' { ({'href': JS_URL}) }>",
        f'<a href="{UNSAFE_URL}">',
        id="href-from-spread-filtered-and-wins",
    ),
]


@pytest.mark.parametrize(("template", "expected"), MIXED)
def test_spread_mixed_with_static_attributes(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- URL names in spreads are filtered ------------------------------------------------------------

URL_SPREADS = [
    pytest.param({"href": JS_URL}, f'<a href="{UNSAFE_URL}">', id="href"),
    pytest.param({"HREF": "JaVaScRiPt:alert(1)"}, f'<a HREF="{UNSAFE_URL}">', id="href-upper"),
    pytest.param({"src": "vbscript:x"}, f'<a src="{UNSAFE_URL}">', id="src"),
    pytest.param({"formaction": " javascript:x"}, f'<a formaction="{UNSAFE_URL}">', id="formact"),
    pytest.param({"xlink:href": "data:text/html,x"}, f'<a xlink:href="{UNSAFE_URL}">', id="xlink"),
    pytest.param({"data-url": JS_URL}, f'<a data-url="{UNSAFE_URL}">', id="data-url"),
    pytest.param({"data": {"src": JS_URL}}, f'<a data-src="{UNSAFE_URL}">', id="data-dict-src"),
    pytest.param({"href": "/ok?a=1&b=2"}, '<a href="/ok?a=1&amp;b=2">', id="relative-kept"),
    pytest.param({"href": "https://x.org/"}, '<a href="https://x.org/">', id="https-kept"),
    pytest.param({"href": None}, "<a>", id="none-removes"),
]


@pytest.mark.parametrize(("attrs", "expected"), URL_SPREADS)
def test_url_names_in_spreads_are_filtered(attrs: dict[str, object], expected: str) -> None:
    assert expected == html(t"<a {attrs}>")


def test_object_data_from_a_spread_needs_a_trusted_resource_url() -> None:
    attrs: dict[str, object] = {"data": "/files/movie.swf"}  # a URL that loads code
    with pytest.raises(RenderError) as info:
        html(t"<object {attrs}></object>")
    assert (
        "a str cannot choose where the data attribute loads code from: '/files/movie.swf'"
        == info.value.headline
    )
    attrs = {"data": TrustedResourceURL("/files/movie.swf")}
    assert '<object data="/files/movie.swf"></object>' == html(t"<object {attrs}></object>")


# -- bad names: RenderError, and nothing is emitted -----------------------------------------------

BAD_NAMES = [
    pytest.param("x onload=alert(1) y", id="injection"),
    pytest.param("", id="empty"),
    pytest.param("a b", id="space"),
    pytest.param("a\tb", id="tab"),
    pytest.param("a\nb", id="newline"),
    pytest.param("a\x0cb", id="formfeed"),
    pytest.param("a\rb", id="cr"),
    pytest.param('a"', id="double-quote"),
    pytest.param("a'", id="single-quote"),
    pytest.param("a=", id="equals"),
    pytest.param("=a", id="leading-equals"),
    pytest.param("a<", id="lt"),
    pytest.param("a>", id="gt"),
    pytest.param("><script>alert(1)</script>", id="tag-breakout"),
    pytest.param("a/", id="slash"),
    pytest.param("/>", id="self-close"),
    pytest.param("a\x00", id="nul"),
    pytest.param("a\x01", id="control"),
    pytest.param("a\x7f", id="del"),
    pytest.param("a\x85", id="c1-control"),
]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_bad_names_are_refused(name: str) -> None:
    attrs = {"id": "ok", name: "1"}
    rendered: list[str] = []
    with pytest.raises(RenderError) as info:
        rendered.append(html(t"<p {attrs}>text</p>"))
    assert rendered == []
    assert f"{name!r} is not a valid attribute name" == info.value.headline


@pytest.mark.parametrize(
    ("name", "headline"),
    [
        pytest.param(1, "1 is not a valid attribute name", id="int"),
        pytest.param(None, "None is not a valid attribute name", id="none"),
        pytest.param(b"id", "b'id' is not a valid attribute name", id="bytes"),
        pytest.param(("a",), "('a',) is not a valid attribute name", id="tuple"),
    ],
)
def test_non_str_names_are_refused(name: object, headline: str) -> None:
    attrs = {name: "1"}
    with pytest.raises(RenderError) as info:
        html(t"<p {attrs}>")
    assert headline == info.value.headline


REFUSED_NAMES = [
    pytest.param("p", "onclick", "alert(1)", id="onclick"),
    pytest.param("p", "OnMouseOver", "alert(1)", id="on-mixed-case"),
    pytest.param("p", "onx", "", id="on-empty-value"),
    pytest.param("p", "onclick", True, id="on-true"),
    pytest.param("meta", "http-equiv", "refresh", id="http-equiv"),
    pytest.param("animate", "attributeName", "href", id="attributename"),
    pytest.param("svg", "xmlns", "http://www.w3.org/1999/xhtml", id="xmlns"),
    pytest.param("svg", "xmlns:xlink", "x", id="xmlns-prefixed"),
    pytest.param("script", "type", "module", id="script-type"),
]


@pytest.mark.parametrize(("element", "name", "value"), REFUSED_NAMES)
def test_names_that_cannot_come_from_data(element: str, name: str, value: object) -> None:
    template = Template(f"<{element} ", Interpolation({name: value}, "attrs"), f"></{element}>")
    with pytest.raises(RenderError) as info:
        html(template)
    assert f"the attribute {name.lower()} cannot take a value from data" == info.value.headline


BAD_SPREADS = [
    pytest.param(
        t"<p {'id=x'}>", "a spread between attributes needs a mapping, not str: 'id=x'", id="str"
    ),
    pytest.param(
        t"<p {['a']}>", "a spread between attributes needs a mapping, not list: ['a']", id="list"
    ),
    pytest.param(
        t"<p {True}>", "a spread between attributes needs a mapping, not bool: True", id="true"
    ),
    pytest.param(
        t"<p {Markup('id=x')}>",
        "a spread between attributes needs a mapping, not Markup: Markup('id=x')",
        id="markup",
    ),
    pytest.param(
        t"<p { ({'title': t'<b>'}) }>",
        "a template inside the value of the attribute title",
        id="template-value",
    ),
    pytest.param(
        t"<p { ({'title': {'a': 1}}) }>",
        "a dict inside the value of the attribute title",
        id="dict-value",
    ),
    pytest.param(
        t"<p { ({'data': {'a b': 1}}) }>",
        "'data-a b' is not a valid attribute name",
        id="data-dict-bad-key",
    ),
]


@pytest.mark.parametrize(("template", "headline"), BAD_SPREADS)
def test_bad_spreads(template: Template, headline: str) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert info.value.headline.startswith(headline)


def test_an_injected_name_never_produces_an_attribute() -> None:
    attrs = {"x onload=alert(1) y": 1}
    with pytest.raises(RenderError):
        html(t"<img {attrs}>")
    # and a good spread on the same template still renders
    attrs = {"alt": EVIL}
    assert structure(html(t"<img {attrs}>")) == [("img", ("alt",))]
