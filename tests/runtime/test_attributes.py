"""Attribute values: quoting, booleans, class, style, data-*/aria-*.

Every row is a real t-string and the exact HTML it must render to. Spreads (``<a {attrs}>``)
are in test_spread.py and URL attributes in test_urls.py.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from decimal import Decimal
from string.templatelib import Template

import pytest
from hostile import (
    BREAKOUT,
    BREAKOUT_ESCAPED,
    BREAKOUT_SINGLE,
    BREAKOUT_SINGLE_ESCAPED,
    EVIL,
    EVIL_ESCAPED,
    find,
    structure,
)
from markupsafe import Markup

from htmltemplates import UNSAFE_CSS, RenderError, html

X = "v"
KIND = "primary"
SIZE = "lg"
PRICE = 9.5
WHEN = datetime.date(2024, 2, 29)
NONE = None
EMPTY: dict[str, object] = {}


class Widget:
    def __html__(self) -> str:
        return "<b>Tom</b> &amp; Jerry"


def gen(*items: object) -> Iterator[object]:
    yield from items


# -- quoting: every value is attribute-escaped; unquoted values get double quotes -----------------

QUOTING = [
    pytest.param(t'<p title="{EVIL}">', f'<p title="{EVIL_ESCAPED}">', id="double"),
    pytest.param(t"<p title='{EVIL}'>", f"<p title='{EVIL_ESCAPED}'>", id="single"),
    pytest.param(t"<p title={EVIL}>", f'<p title="{EVIL_ESCAPED}">', id="unquoted-gets-quotes"),
    pytest.param(
        t'<p title="{BREAKOUT}">', f'<p title="{BREAKOUT_ESCAPED}">', id="double-breakout"
    ),
    pytest.param(
        t"<p title='{BREAKOUT_SINGLE}'>",
        f"<p title='{BREAKOUT_SINGLE_ESCAPED}'>",
        id="single-breakout",
    ),
    pytest.param(
        t"<p title={BREAKOUT}>", f'<p title="{BREAKOUT_ESCAPED}">', id="unquoted-breakout"
    ),
    pytest.param(
        t"<p title={'a b\tc\nd>e=f`g'}>",
        '<p title="a b\tc\nd&gt;e=f`g">',
        id="unquoted-whitespace-gt-equals-backtick",
    ),
    pytest.param(t"<p title={''}>", '<p title="">', id="empty-str-kept"),
    pytest.param(t"<P TITLE={X}>", '<P TITLE="v">', id="name-case-kept"),
    pytest.param(t"<p data-x={X}>", '<p data-x="v">', id="data-dash-attribute"),
    pytest.param(t"<p title={X}></p>", '<p title="v"></p>', id="then-end-tag"),
    pytest.param(t"<img alt={X}/>", '<img alt="v"/>', id="unquoted-then-self-closing"),
    pytest.param(t"<img alt={X} />", '<img alt="v" />', id="unquoted-space-self-closing"),
    pytest.param(t"<img alt=a/{X}/>", '<img alt="a/v"/>', id="unquoted-slashes"),
    pytest.param(t"<img alt={X}/ >", '<img alt="v/" >', id="unquoted-slash-is-value"),
    pytest.param(t"<p\n  title={X}\n  id=a\n>", '<p\n  title="v"\n  id=a\n>', id="multiline"),
    pytest.param(
        t"<p id=static title={X} lang='en'>",
        "<p id=static title=\"v\" lang='en'>",
        id="static-neighbours-as-written",
    ),
]


@pytest.mark.parametrize(("template", "expected"), QUOTING)
def test_quoting(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- value types ----------------------------------------------------------------------------------

VALUES = [
    pytest.param(t"<p title={42}>", '<p title="42">', id="int"),
    pytest.param(t"<p title={0}>", '<p title="0">', id="zero-is-a-value"),
    pytest.param(t"<p title={PRICE}>", '<p title="9.5">', id="float"),
    pytest.param(t"<p title={Decimal('1.50')}>", '<p title="1.50">', id="decimal"),
    pytest.param(t"<p title={WHEN}>", '<p title="2024-02-29">', id="date"),
    pytest.param(
        t"<p title={Markup('<b>Tom</b> &amp; Jerry')}>",
        '<p title="Tom &amp; Jerry">',
        id="markup-shows-its-text",
    ),
    pytest.param(t"<p title={Widget()}>", '<p title="Tom &amp; Jerry">', id="__html__-text"),
    pytest.param(
        t"<p title={Markup('a &lt;b&gt; &#34;c&#34;')}>",
        '<p title="a &lt;b&gt; &#34;c&#34;">',
        id="markup-entities-decoded-then-escaped",
    ),
    pytest.param(
        t"<p rel={['noopener', 'noreferrer']}>", '<p rel="noopener noreferrer">', id="list"
    ),
    pytest.param(
        t"<p rel={['a', None, '', False, 0, 'b']}>", '<p rel="a b">', id="list-falsy-dropped"
    ),
    pytest.param(t"<p title={('a', 1, 2.5)}>", '<p title="a 1 2.5">', id="tuple"),
    pytest.param(t"<p title={gen('a', 'b')}>", '<p title="a b">', id="generator"),
    pytest.param(t"<p title={['a', ['b', ['c']]]}>", '<p title="a b c">', id="nested-lists"),
    pytest.param(
        t"<p title={['<b>', Markup('<i>x</i>')]}>", '<p title="&lt;b&gt; x">', id="list-mixed"
    ),
    pytest.param(t"<p title={(lambda: EVIL)}>", f'<p title="{EVIL_ESCAPED}">', id="lambda"),
    pytest.param(t"<p title={(lambda: None)}>", "<p>", id="lambda-none-removes"),
    pytest.param(t"<p title={PRICE:.2f}>", '<p title="9.50">', id="format-spec"),
    pytest.param(t"<p title={WHEN:%d/%m/%Y}>", '<p title="29/02/2024">', id="date-spec"),
    pytest.param(
        t"<p title={EVIL!r}>", '<p title="&#39;&lt;b&gt;&amp;\\&#39;&#34;&#39;">', id="repr"
    ),
    pytest.param(t"<p title={True!s}>", '<p title="True">', id="true-with-!s-is-text"),
    pytest.param(t'<p title="{X=}">', '<p title="X=&#39;v&#39;">', id="debug-quoted"),
    pytest.param(t"<p title={'<i>x</i>':safe}>", '<p title="x">', id="safe-shows-text"),
]


@pytest.mark.parametrize(("template", "expected"), VALUES)
def test_value_types(template: Template, expected: str) -> None:
    assert expected == html(template)


BAD_VALUES = [
    pytest.param(
        t"<p title={t'<b>x</b>'}>",
        "a template inside the value of the attribute title",
        id="template",
    ),
    pytest.param(
        t'<p title="a {t"<b>"}">',
        "a template inside the value of the attribute title",
        id="template-partial",
    ),
    pytest.param(
        t"<p title={ {'a': 1} }>",
        "a dict inside the value of the attribute title",
        id="dict",
    ),
    pytest.param(
        t"<p title={b'x'}>",
        "bytes inside the value of the attribute title: b'x'",
        id="bytes",
    ),
    pytest.param(
        t"<p data-x={ {'a': 1} }>",
        "a dict inside the value of the attribute data-x",
        id="dict-in-data-dash",
    ),
]


@pytest.mark.parametrize(("template", "headline"), BAD_VALUES)
def test_values_that_cannot_be_attribute_text(template: Template, headline: str) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert info.value.headline.startswith(headline)


# -- several holes and text in one value ----------------------------------------------------------

PARTS = [
    pytest.param(
        t'<button class="btn btn-{KIND} {SIZE}">',
        '<button class="btn btn-primary lg">',
        id="class-parts",
    ),
    pytest.param(
        t"<p title='{X} & {EVIL}'>", f"<p title='v & {EVIL_ESCAPED}'>", id="single-quoted-parts"
    ),
    pytest.param(t"<p title={X}{X}>", '<p title="vv">', id="unquoted-two-holes"),
    pytest.param(t"<p title=a{X}b>", '<p title="avb">', id="unquoted-text-around"),
    pytest.param(t'<p title="{X}{X}{X}">', '<p title="vvv">', id="adjacent-holes"),
    pytest.param(t'<p title="a {NONE} b">', '<p title="a  b">', id="none-inside-is-empty"),
    pytest.param(t'<p title="a {False} b">', '<p title="a  b">', id="false-inside-is-empty"),
    pytest.param(t'<p title="a{True}b">', '<p title="ab">', id="true-inside-is-empty"),
    pytest.param(t'<p class="btn {NONE}">', '<p class="btn ">', id="class-none-attribute-stays"),
    pytest.param(t'<p title="{NONE}{NONE}">', '<p title="">', id="all-none-parts-stay"),
    pytest.param(t'<p title="n={0}">', '<p title="n=0">', id="zero-inside"),
    pytest.param(t'<p title="a {["b", None, "c"]} d">', '<p title="a b c d">', id="list-inside"),
    pytest.param(t"<p title='it&#39;s {X}'>", "<p title='it&#39;s v'>", id="static-entity-kept"),
]


@pytest.mark.parametrize(("template", "expected"), PARTS)
def test_several_holes_in_one_value(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- True, False and None as the whole value ------------------------------------------------------

BOOLEANS = [
    pytest.param(t"<input disabled={True}>", "<input disabled>", id="true-bare"),
    pytest.param(t'<input disabled="{True}">', "<input disabled>", id="true-double-quoted"),
    pytest.param(t"<input disabled='{True}'>", "<input disabled>", id="true-single-quoted"),
    pytest.param(t"<input disabled={False}>", "<input>", id="false-removes"),
    pytest.param(t"<input disabled={NONE}>", "<input>", id="none-removes"),
    pytest.param(t'<input value="{NONE}">', "<input>", id="none-double-quoted-removes"),
    pytest.param(t"<input value='{False}'>", "<input>", id="false-single-quoted-removes"),
    pytest.param(t"<input checked={True} />", "<input checked />", id="true-self-closing"),
    pytest.param(t"<input checked={False} />", "<input />", id="false-self-closing"),
    pytest.param(t"<input checked={True}/>", "<input checked/>", id="true-glued-self-closing"),
    pytest.param(t"<input checked={False}/>", "<input/>", id="false-glued-self-closing"),
    pytest.param(t"<input hidden={(lambda: True)}>", "<input hidden>", id="lazy-true"),
    pytest.param(t"<p title={''}>", '<p title="">', id="empty-string-is-not-false"),
]


@pytest.mark.parametrize(("template", "expected"), BOOLEANS)
def test_true_false_none_as_the_whole_value(template: Template, expected: str) -> None:
    assert expected == html(template)


WHITESPACE = [
    pytest.param(t"<p id=a title={NONE} class=b>", "<p id=a class=b>", id="middle"),
    pytest.param(t"<p title={NONE} id=a>", "<p id=a>", id="first"),
    pytest.param(t"<p id=a title={NONE}>", "<p id=a>", id="last"),
    pytest.param(t"<p  title={NONE}  id=a>", "<p  id=a>", id="wide-spacing"),
    pytest.param(
        t"<p id=a\n   title={NONE}\n   class=b>",
        "<p id=a\n   class=b>",
        id="multiline-line-removed",
    ),
    pytest.param(
        t"<p\n  hidden={False}\n  title={NONE}\n>",
        "<p\n>",
        id="every-attribute-removed",
    ),
    pytest.param(t"<p id=a title={NONE}>x</p>", "<p id=a>x</p>", id="then-content"),
    pytest.param(
        t"<p id=a title={NONE} {EMPTY} class=b>", "<p id=a class=b>", id="with-empty-spread"
    ),
]


@pytest.mark.parametrize(("template", "expected"), WHITESPACE)
def test_whitespace_when_attributes_are_removed(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- class ----------------------------------------------------------------------------------------

CLASSES = [
    pytest.param(t"<p class={'a b'}>", '<p class="a b">', id="str"),
    pytest.param(t"<p class={EVIL}>", f'<p class="{EVIL_ESCAPED}">', id="str-escaped"),
    pytest.param(t"<p class={['a', 'b']}>", '<p class="a b">', id="list"),
    pytest.param(t"<p class={('a', None, '', False, 'b')}>", '<p class="a b">', id="tuple-falsy"),
    pytest.param(
        t"<p class={ {'a': True, 'b': False, 'c': 1, 'd': 0, 'e': None} }>",
        '<p class="a c">',
        id="dict",
    ),
    pytest.param(
        t"<p class={['a', {'b': True, 'x': False}, ['c']]}>",
        '<p class="a b c">',
        id="list-of-dict-and-list",
    ),
    pytest.param(t"<p class={ {'<x>': True} }>", '<p class="&lt;x&gt;">', id="dict-key-escaped"),
    pytest.param(t"<p class={[]}>", "<p>", id="empty-list-removes"),
    pytest.param(t"<p class={''}>", "<p>", id="empty-str-removes"),
    pytest.param(t"<p class={[None, False, '']}>", "<p>", id="all-falsy-removes"),
    pytest.param(t"<p class={ {'a': False} }>", "<p>", id="dict-all-false-removes"),
    pytest.param(t"<p class={NONE} id=a>", "<p id=a>", id="none-removes"),
    pytest.param(t"<p class={True}>", "<p class>", id="true-bare"),
    pytest.param(
        t'<p class="btn {["a", None, "b"]}">', '<p class="btn a b">', id="list-inside-text"
    ),
    pytest.param(
        t'<p class="btn { {"on": True, "off": False} }">',
        '<p class="btn on">',
        id="dict-inside-text",
    ),
    # several class sources on one tag merge in order
    pytest.param(t"<p class=a class={'b'}>", '<p class="a b">', id="static-then-dynamic"),
    pytest.param(
        t"<p class={'b'} id=x class='a'>", '<p class="b a" id=x>', id="dynamic-then-static"
    ),
    pytest.param(
        t"<p class={['a']} class={ {'b': True} } class={'c'}>",
        '<p class="a b c">',
        id="three-dynamic",
    ),
    pytest.param(t"<p class='a' class={''}>", "<p class='a'>", id="empty-dynamic-keeps-static"),
    pytest.param(t"<p class='a' class={NONE}>", "<p class='a'>", id="none-dynamic-keeps-static"),
    pytest.param(
        t"<p class=a { ({'class': 'b'}) } class={['c']} { ({'class': {'d': True}}) }>",
        '<p class="a b c d">',
        id="with-spreads",
    ),
    # holes side by side and nothing else: an empty class is dropped, merged or in place
    pytest.param(t'<p class="{""}{NONE}">', "<p>", id="holes-only-empty"),
    pytest.param(t'<p class="{"a"}{""}" id=x>', '<p class="a" id=x>', id="holes-only"),
    pytest.param(t"<p class='{[]}{''}' { {'id': 1} }>", '<p id="1">', id="holes-only-spread"),
    pytest.param(t'<p class="{""} {""}">', '<p class=" ">', id="holes-and-text-kept"),
]


@pytest.mark.parametrize(("template", "expected"), CLASSES)
def test_class(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- style ----------------------------------------------------------------------------------------

STYLES = [
    pytest.param(
        t"<p style={ {'color': 'red', 'margin-top': '0'} }>",
        '<p style="color: red; margin-top: 0">',
        id="dict",
    ),
    pytest.param(
        t"<p style={ {'color': None, 'width': False, 'height': 0, 'top': 1.5} }>",
        '<p style="height: 0; top: 1.5">',
        id="dict-none-false-dropped",
    ),
    pytest.param(
        t"<p style={ {'color': True, 'margin': 0} }>",
        '<p style="margin: 0">',
        id="dict-true-dropped-too",
    ),
    pytest.param(
        t"<p style={ {'--my-var': '10px', '-webkit-transition': 'none', 'Color': 'Red'} }>",
        '<p style="--my-var: 10px; -webkit-transition: none; Color: Red">',
        id="custom-vendor-and-case",
    ),
    pytest.param(
        t"<p style={ {'width': 'calc(100% - 2px)', 'color': 'rgb(1, 2, 3)'} }>",
        '<p style="width: calc(100% - 2px); color: rgb(1, 2, 3)">',
        id="value-functions",
    ),
    pytest.param(
        t"<p style={ {'color': '#fff', 'font': 'bold 12px/1.5 serif'} }>",
        '<p style="color: #fff; font: bold 12px/1.5 serif">',
        id="hash-and-slash",
    ),
    pytest.param(
        t"<p style={ {'color': 'red !important'} }>",
        '<p style="color: red !important">',
        id="important",
    ),
    pytest.param(
        t"<p style={ {'margin': ['0', 'auto']} }>", '<p style="margin: 0 auto">', id="list-value"
    ),
    pytest.param(
        t"<p style={ {'color': (lambda: 'red')} }>", '<p style="color: red">', id="lazy-value"
    ),
    pytest.param(
        t"<p style={'color:red;;  margin : 0 ;'}>",
        '<p style="color: red; margin: 0">',
        id="str-normalised",
    ),
    pytest.param(t"<p style={''}>", "<p>", id="empty-str-removes"),
    pytest.param(t"<p style={ {} }>", "<p>", id="empty-dict-removes"),
    pytest.param(t"<p style={ {'color': None} }>", "<p>", id="all-none-removes"),
    pytest.param(t"<p style={NONE} id=a>", "<p id=a>", id="none-removes"),
    pytest.param(
        t"<p style='color: red' style={ {'margin': 0} } { ({'style': 'padding: 1px'}) }>",
        '<p style="color: red; margin: 0; padding: 1px">',
        id="merge-static-dict-spread",
    ),
    pytest.param(
        t"<p style={ {'margin': 0} } style='color: red'>",
        '<p style="margin: 0; color: red">',
        id="merge-dynamic-then-static",
    ),
    pytest.param(
        t"<p style='color: red' style={ {} }>",
        "<p style='color: red'>",
        id="empty-dynamic-keeps-static",
    ),
]


@pytest.mark.parametrize(("template", "expected"), STYLES)
def test_style(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    "value",
    [
        pytest.param("red; background: url(//evil/x)", id="second-declaration"),
        pytest.param("url(javascript:alert(1))", id="url"),
        pytest.param("image-set('x.png' 1x)", id="image-set"),
        pytest.param("expression(alert(1))", id="expression"),
        pytest.param("'Arial'", id="quotes"),
        pytest.param("</style><script>alert(1)</script>", id="end-tag"),
        pytest.param("a/*b*/", id="comment"),
        pytest.param("\\75 rl(x)", id="css-escape"),
        pytest.param("@import", id="at-rule"),
        pytest.param("{x}", id="braces"),
        pytest.param("rgb(1, 2, 3", id="unbalanced"),
        pytest.param(")rgb(", id="close-before-open"),
        pytest.param(EVIL, id="evil"),
        pytest.param(BREAKOUT, id="breakout"),
        pytest.param(Markup("<b>red</b>; x: y"), id="markup-text-filtered"),
    ],
)
def test_style_values_that_are_not_plain_css_become_the_sentinel(value: object) -> None:
    template = t"<p style={ {'color': value} }>"
    assert f'<p style="color: {UNSAFE_CSS}">' == html(template)
    assert UNSAFE_CSS == "htmltemplates-unsafe"


def test_style_str_values_are_filtered_too() -> None:
    value = "color: red; background: url(javascript:alert(1))"
    assert f'<p style="color: red; background: {UNSAFE_CSS}">' == html(t"<p style={value}>")


BAD_STYLES = [
    pytest.param(t"<p style={ {'x y': 1} }>", "'x y' is not a CSS property name", id="space"),
    pytest.param(
        t"<p style={ {'color;': 'a'} }>", "'color;' is not a CSS property name", id="semi"
    ),
    pytest.param(t"<p style={ {'': 'a'} }>", "'' is not a CSS property name", id="empty"),
    pytest.param(t"<p style={ {1: 'a'} }>", "1 is not a CSS property name", id="not-str"),
    pytest.param(
        t"<p style={ {'a:b': 'c'} }>", "'a:b' is not a CSS property name", id="colon-in-name"
    ),
    pytest.param(
        t"<p style={'color'}>", "a style declaration without ':': 'color'", id="str-no-colon"
    ),
    pytest.param(
        t"<p style={'color: red; }'}>",
        "a style declaration without ':': '}'",
        id="str-brace",
    ),
    pytest.param(t"<p style={'x y: red'}>", "'x y' is not a CSS property name", id="str-bad-name"),
]


@pytest.mark.parametrize(("template", "headline"), BAD_STYLES)
def test_bad_style(template: Template, headline: str) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert headline == info.value.headline


# -- data={...} and aria={...} --------------------------------------------------------------------

ATTRS = {"id": "x"}

DATA_ARIA = [
    pytest.param(
        t"<p data={ {'user-id': 7, 'flag': True, 'no': None, 'off': False, 'evil': EVIL} }>",
        f'<p data-user-id="7" data-flag data-evil="{EVIL_ESCAPED}">',
        id="data",
    ),
    pytest.param(
        t"<p aria={ {'hidden': True, 'expanded': False, 'label': 'Close', 'x': None} }>",
        '<p aria-hidden="true" aria-expanded="false" aria-label="Close">',
        id="aria-booleans-as-strings",
    ),
    pytest.param(
        t"<p data={ {'tags': ['a', None, 'b']} }>", '<p data-tags="a b">', id="data-list-value"
    ),
    pytest.param(t"<p data={ {} } id=a>", "<p id=a>", id="data-empty"),
    pytest.param(t"<p data={NONE} id=a>", "<p id=a>", id="data-none"),
    pytest.param(t"<p data={X}>", '<p data="v">', id="data-str-is-plain"),
    pytest.param(
        t"<p id=a data={ {'x': 1} } aria={ {'live': 'polite'} } class=c>",
        '<p id=a data-x="1" aria-live="polite" class=c>',
        id="with-static-neighbours",
    ),
    pytest.param(
        t"<p data-x='1' data={ {'x': 2} }>", '<p data-x="2">', id="dict-after-static-wins"
    ),
    pytest.param(
        t"<p data={ {'x': 2} } data-x='1'>", "<p data-x='1'>", id="static-after-dict-wins"
    ),
    pytest.param(
        t"<p data={ {'x': 2} } data={ {'y': 3} }>",
        '<p data-x="2" data-y="3">',
        id="two-dicts",
    ),
    pytest.param(
        t"<p data={ {'src': 'javascript:alert(1)'} }>",
        '<p data-src="about:invalid#htmltemplates">',
        id="data-src-is-a-url",
    ),
    pytest.param(
        t'<object data="/files/{"movie.swf"}"></object>',
        '<object data="/files/movie.swf"></object>',
        id="object-data-is-a-resource-url",
    ),
    # keys equal but for case name one attribute: merged as a tag's attributes are, the last
    # value (and spelling) at the place of the first, in every path
    pytest.param(
        t"<p aria={ {'hidden': 'true', 'Hidden': 'false'} }>x</p>",
        '<p aria-Hidden="false">x</p>',
        id="aria-keys-in-two-cases",
    ),
    pytest.param(
        t"<p data={ {'Id': 1, 'x': 2, 'ID': 3} } title=t>x</p>",
        '<p data-ID="3" data-x="2" title=t>x</p>',
        id="data-keys-in-two-cases",
    ),
    pytest.param(
        t"<p data={ {'ID': 1, 'id': None} }>x</p>",
        "<p>x</p>",
        id="data-key-in-two-cases-removed",
    ),
    pytest.param(
        t"<p data={ {'Kelvin\u212a': 1, 'kelvinK': 2} }>x</p>",
        '<p data-Kelvin\u212a="1" data-kelvinK="2">x</p>',
        id="data-keys-distinct-in-ascii-case",
    ),
]


@pytest.mark.parametrize(("template", "expected"), DATA_ARIA)
def test_data_and_aria(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_keys_in_two_cases_render_each_value_once() -> None:
    # the in-place path meets "B" after writing "a": it merges without calling "a" again
    calls: list[int] = []

    def lazy() -> str:
        calls.append(1)
        return "L"

    rows = (row for row in ("x", "y"))
    data = {"a": lazy, "B": 1, "b": None, "c": True, "K": rows, "k": "last"}
    assert '<p data-a="L" data-c data-k="last">x</p>' == html(t"<p data={data}>x</p>")
    assert [1] == calls
    assert [] == list(rows)  # consumed once, by the render


BAD_DATA = [
    pytest.param(
        t"<p data={ {'a b': 1} }>", "'data-a b' is not a valid attribute name", id="space"
    ),
    pytest.param(
        t"<p data={ {'x onload=alert(1) y': 1} }>",
        "'data-x onload=alert(1) y' is not a valid attribute name",
        id="injection",
    ),
    pytest.param(t"<p aria={ {'a>': 1} }>", "'aria-a>' is not a valid attribute name", id="gt"),
    pytest.param(t"<p data={ {1: 2} }>", "1 is not a valid attribute name", id="not-str"),
    pytest.param(t"<p data={ {'': 2} }>", "'' is not a valid attribute name", id="empty-sub-key"),
    pytest.param(
        t"<p aria={ {'': True} } {ATTRS}>", "'' is not a valid attribute name", id="empty-merged"
    ),
    pytest.param(
        t"<object { ({'data': {'x': 1}}) }></object>",
        "a dict cannot choose where the data attribute loads code from: {'x': 1}",
        id="object-data-dict",
    ),
]


@pytest.mark.parametrize(("template", "headline"), BAD_DATA)
def test_bad_data_and_aria(template: Template, headline: str) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert info.value.headline.startswith(headline)


# -- static attributes, and duplicate names -------------------------------------------------------

DUPLICATES = [
    pytest.param(t"<p title='a' title={'b'}>", '<p title="b">', id="dynamic-after-static-wins"),
    pytest.param(t"<p title={'b'} title='a'>", "<p title='a'>", id="static-after-dynamic-wins"),
    pytest.param(t"<p title={'b'} title={NONE}>", "<p>", id="none-last-removes"),
    pytest.param(t"<p title={'b'} id=i title={'c'}>", '<p title="c" id=i>', id="keeps-position"),
    pytest.param(t"<p ID=a id={'b'}>", '<p id="b">', id="case-insensitive"),
]


@pytest.mark.parametrize(("template", "expected"), DUPLICATES)
def test_duplicate_names(template: Template, expected: str) -> None:
    assert expected == html(template)


STATIC_IN_MERGED_TAGS = [
    pytest.param(
        t"<p  id='a'  {EMPTY}  title=x data-y=\"z\" hidden>",
        "<p  id='a'  title=x data-y=\"z\" hidden>",
        id="spread-tag",
    ),
    pytest.param(t"<p class='' {EMPTY}>", "<p class=''>", id="empty-class-as-written"),
    pytest.param(t"<p class {EMPTY}>", "<p class>", id="bare-class-as-written"),
    pytest.param(t"<p style='' {EMPTY}>", "<p style=''>", id="empty-style-as-written"),
    pytest.param(
        t"<p title='{X}' {EMPTY}>", "<p title='v'>", id="single-quoted-dynamic-keeps-quote"
    ),
]


@pytest.mark.parametrize(("template", "expected"), STATIC_IN_MERGED_TAGS)
def test_attributes_in_merged_tags_keep_their_spelling(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_attribute_values_round_trip_through_a_parser() -> None:
    for template in (t'<p title="{EVIL}">', t"<p title='{EVIL}'>", t"<p title={EVIL}>"):
        assert find(html(template), "p").attrib == {"title": EVIL}
    for template in (t'<p title="{BREAKOUT}">', t"<p title='{BREAKOUT_SINGLE}'>"):
        assert structure(html(template)) == [("p", ("title",))]


# -- attributes written without whitespace between them -------------------------------------------

NONE = None


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<input title="{NONE}"type="password">', '<input type="password">', id="dropped"
        ),
        pytest.param(
            t'<input checked="{True}"id="x">', '<input checked id="x">', id="bare-then-static"
        ),
        pytest.param(t'<a class="{[]}"href="/home">', '<a href="/home">', id="empty-class"),
        pytest.param(
            t'<p title="{NONE}"class="a" { {"class": "b"} }>', '<p class="a b">', id="merged"
        ),
        pytest.param(t'<p title="x"id="y">', '<p title="x"id="y">', id="static-as-written"),
    ],
)
def test_a_dropped_or_bare_attribute_never_glues_the_next_one(
    template: Template, expected: str
) -> None:
    assert expected == html(template)


def test_lazy_data_dicts_expand_in_every_path() -> None:
    # a lambda returning the dict of data={...}, in each path (in place, in a spread, merged)
    def lazy() -> dict[str, str]:
        return {"x": "1"}

    assert '<p data-x="1">x</p>' == html(t"<p data={lazy}>x</p>")
    assert '<p data-x="1">x</p>' == html(t"<p { ({'data': lazy}) }>x</p>")
    assert '<p data-x="1">x</p>' == html(t"<p { ({'data': lazy}) }{EMPTY}>x</p>")


def test_class_true_is_bare_in_every_path() -> None:
    assert '<p title="t" class>' == html(t'<p title="t" { ({"class": True}) }>')
    assert '<p title="t" class>' == html(t'<p title="t" { ({"class": True}) }{EMPTY}>')


class _NewKind:
    """A kind added to AttrKind that the runtime has no value rule for yet."""

    name = "NEW"

    def __repr__(self) -> str:
        return "<AttrKind.NEW>"


def test_an_attribute_kind_without_a_rule_is_an_internal_error_not_text() -> None:
    import contextlib  # noqa: PLC0415 - (imported here: the lines above keep their numbers)
    from typing import cast  # noqa: PLC0415

    from htmltemplates._spec import SCRIPT_KINDS, AttrKind  # noqa: PLC0415
    from htmltemplates.runtime.attributes import event_value, whole_value  # noqa: PLC0415
    from htmltemplates.runtime.tags import render_whole  # noqa: PLC0415

    # the runtime used to write a value of a kind it did not know as plain text
    new = cast("AttrKind", _NewKind())
    with pytest.raises(AssertionError, match=r"kind <AttrKind\.NEW>"):
        whole_value("javascript:x()", 0, "new", new)
    with pytest.raises(AssertionError, match=r"kind <AttrKind\.NEW>"):
        render_whole("javascript:x()", 0, " ", "new", "new", '"', new)
    with pytest.raises(AssertionError, match=r"kind <AttrKind\.NEW>"):
        event_value("x()", 0, new)
    for kind in AttrKind:  # every kind there is has its rule: rendered, or refused
        with contextlib.suppress(RenderError):
            whole_value("x", 0, "x", kind)
        if kind in SCRIPT_KINDS:
            with contextlib.suppress(RenderError):
                event_value("x", 0, kind)
