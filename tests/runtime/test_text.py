"""Values in element content (HTML text): what each kind of value renders to.

Every row is a real t-string and the exact HTML it must render to.
"""

from __future__ import annotations

import datetime
import fractions
import functools
from collections.abc import Iterator
from decimal import Decimal
from string.templatelib import Template

import pytest
from hostile import EVIL, EVIL_ESCAPED, SCRIPT, SCRIPT_ESCAPED, text_of
from markupsafe import Markup

from htmltemplates import RenderError, html


class Shouty:
    """An object with its own __str__, which must be escaped like any text."""

    def __str__(self) -> str:
        return "<SHOUT & 'run'>"


class Widget:
    """Trusted HTML that is not a str: a WTForms field, a Django SafeString-like object."""

    def __html__(self) -> str:
        return '<input name="w">'

    def __str__(self) -> str:  # pragma: no cover - must never be used in text
        return "<never>"


class TrustedStr(str):
    """A str subclass with __html__ (Django's SafeString is one)."""

    def __html__(self) -> str:
        return str(self)


class PlainStr(str):
    """A str subclass without __html__: still just text."""


def gen(*items: object) -> Iterator[object]:
    yield from items


WHEN = datetime.datetime(2024, 2, 29, 13, 5, 9)
PRICE = 1234.5
NAME = "Ada"
FLAG = True


# -- strings, numbers and other objects: escaped text ---------------------------------------------

STRINGS_AND_NUMBERS = [
    pytest.param(t"<p>{EVIL}</p>", f"<p>{EVIL_ESCAPED}</p>", id="str-escaped"),
    pytest.param(t"<p>{SCRIPT}</p>", f"<p>{SCRIPT_ESCAPED}</p>", id="str-script-tag"),
    pytest.param(t"<p>{''}</p>", "<p></p>", id="str-empty"),
    pytest.param(t"<p>{'plain text'}</p>", "<p>plain text</p>", id="str-plain"),
    pytest.param(t"<p>{'&amp;'}</p>", "<p>&amp;amp;</p>", id="str-entity-is-text"),
    pytest.param(t"<p>{'a\nb\tc'}</p>", "<p>a\nb\tc</p>", id="str-whitespace-kept"),
    pytest.param(t"<p>{'café ☕ 𝄞'}</p>", "<p>café ☕ 𝄞</p>", id="str-non-ascii"),
    pytest.param(t"<p>{PlainStr(EVIL)}</p>", f"<p>{EVIL_ESCAPED}</p>", id="str-subclass"),
    pytest.param(t"<p>{42}</p>", "<p>42</p>", id="int"),
    pytest.param(t"<p>{0}</p>", "<p>0</p>", id="int-zero-is-content"),
    pytest.param(t"<p>{-7}</p>", "<p>-7</p>", id="int-negative"),
    pytest.param(t"<p>{1.5}</p>", "<p>1.5</p>", id="float"),
    pytest.param(t"<p>{0.0}</p>", "<p>0.0</p>", id="float-zero-is-content"),
    pytest.param(t"<p>{1e100}</p>", "<p>1e+100</p>", id="float-exponent"),
    pytest.param(t"<p>{float('inf')}</p>", "<p>inf</p>", id="float-inf"),
    pytest.param(t"<p>{Decimal('1.50')}</p>", "<p>1.50</p>", id="decimal"),
    pytest.param(t"<p>{fractions.Fraction(1, 3)}</p>", "<p>1/3</p>", id="fraction"),
    pytest.param(t"<p>{complex(1, 2)}</p>", "<p>(1+2j)</p>", id="complex"),
    pytest.param(
        t"<p>{Shouty()}</p>", "<p>&lt;SHOUT &amp; &#39;run&#39;&gt;</p>", id="custom-str-escaped"
    ),
    pytest.param(t"<p>{datetime.date(2024, 2, 29)}</p>", "<p>2024-02-29</p>", id="date-via-str"),
    pytest.param(t"<p>{int}</p>", "<p>&lt;class &#39;int&#39;&gt;</p>", id="class-not-called"),
]


@pytest.mark.parametrize(("template", "expected"), STRINGS_AND_NUMBERS)
def test_strings_and_numbers(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_the_users_own_text_example() -> None:
    evil = "<script>alert('evil')</script>"
    assert html(t"<p>{evil}</p>") == "<p>&lt;script&gt;alert(&#39;evil&#39;)&lt;/script&gt;</p>"


# -- trusted HTML: __html__ objects are inserted as they are --------------------------------------

TRUSTED = [
    pytest.param(t"<p>{Markup('<b>bold</b>')}</p>", "<p><b>bold</b></p>", id="markup"),
    pytest.param(
        t"<p>{Markup('<i>{}</i>').format(EVIL)}</p>",
        f"<p><i>{EVIL_ESCAPED}</i></p>",
        id="markup-format-escapes-its-args",
    ),
    pytest.param(t"<p>{Widget()}</p>", '<p><input name="w"></p>', id="__html__-not-a-str"),
    pytest.param(t"<p>{TrustedStr('<hr>')}</p>", "<p><hr></p>", id="str-subclass-with-__html__"),
    pytest.param(
        t"<div>{html(t'<p>{EVIL}</p>')}</div>",
        f"<div><p>{EVIL_ESCAPED}</p></div>",
        id="html-result-not-escaped-twice",
    ),
]


@pytest.mark.parametrize(("template", "expected"), TRUSTED)
def test_trusted_html(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- nested templates and iterables ---------------------------------------------------------------

ITEMS = ["a", "<b>"]

NESTED = [
    pytest.param(t"<p>{t'<b>{EVIL}</b>'}</p>", f"<p><b>{EVIL_ESCAPED}</b></p>", id="template"),
    pytest.param(t"<p>{t''}</p>", "<p></p>", id="template-empty"),
    pytest.param(
        t"<div>{t'<section>{t"<p>{EVIL}</p>"}</section>'}</div>",
        f"<div><section><p>{EVIL_ESCAPED}</p></section></div>",
        id="template-depth-3",
    ),
    pytest.param(
        t"<ul>{[t'<li>{x}</li>' for x in ITEMS]}</ul>",
        "<ul><li>a</li><li>&lt;b&gt;</li></ul>",
        id="list-of-templates",
    ),
    pytest.param(t"<p>{['a', '<', 'b']}</p>", "<p>a&lt;b</p>", id="list-of-str-no-separator"),
    pytest.param(t"<p>{[]}</p>", "<p></p>", id="list-empty"),
    pytest.param(t"<p>{('x', 1, 2.5)}</p>", "<p>x12.5</p>", id="tuple"),
    pytest.param(
        t"<p>{(t'<i>{x}</i>' for x in ITEMS)}</p>",
        "<p><i>a</i><i>&lt;b&gt;</i></p>",
        id="generator-of-templates",
    ),
    pytest.param(t"<p>{gen('x', EVIL)}</p>", f"<p>x{EVIL_ESCAPED}</p>", id="generator-of-str"),
    pytest.param(t"<p>{range(3)}</p>", "<p>012</p>", id="range"),
    pytest.param(t"<p>{map(str.upper, ['a', 'b'])}</p>", "<p>AB</p>", id="map"),
    pytest.param(
        t"<p>{['a', None, False, True, 0, t'<br>', Markup('<hr>')]}</p>",
        "<p>a0<br><hr></p>",
        id="list-mixed-none-bools-dropped",
    ),
    pytest.param(t"<p>{[['a', ['b']], ('c',)]}</p>", "<p>abc</p>", id="list-nested"),
    pytest.param(
        t"<p>{[lambda: 'lazy', lambda: t'<b>x</b>']}</p>",
        "<p>lazy<b>x</b></p>",
        id="list-of-lambdas",
    ),
]


@pytest.mark.parametrize(("template", "expected"), NESTED)
def test_nested_templates_and_iterables(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_deep_nesting() -> None:
    inner: Template = t"<i>{EVIL}</i>"
    for _ in range(50):
        inner = t"<b>{inner}</b>"
    assert "<b>" * 50 + f"<i>{EVIL_ESCAPED}</i>" + "</b>" * 50 == html(inner)


def test_a_template_renders_the_same_every_time() -> None:
    template = t"<p>{[t'<i>{n}</i>' for n in range(2)]}</p>"
    assert html(template) == html(template) == "<p><i>0</i><i>1</i></p>"


# -- None and booleans: conditions, not content ---------------------------------------------------

SHOWN = True
HIDDEN = False

CONDITIONS = [
    pytest.param(t"<p>{None}</p>", "<p></p>", id="none"),
    pytest.param(t"<p>{False}</p>", "<p></p>", id="false"),
    pytest.param(t"<p>{True}</p>", "<p></p>", id="true-renders-nothing"),
    pytest.param(t"<p>{SHOWN and t'<b>hi</b>'}</p>", "<p><b>hi</b></p>", id="and-shown"),
    pytest.param(t"<p>{HIDDEN and t'<b>hi</b>'}</p>", "<p></p>", id="and-hidden"),
    pytest.param(
        t"<p>{t'<b>yes</b>' if SHOWN else None}</p>", "<p><b>yes</b></p>", id="conditional"
    ),
    pytest.param(t"<p>{FLAG!s}</p>", "<p>True</p>", id="true-shown-with-!s"),
    pytest.param(t"<p>{HIDDEN!s}</p>", "<p>False</p>", id="false-shown-with-!s"),
    pytest.param(t"<p>{None!s}</p>", "<p>None</p>", id="none-shown-with-!s"),
]


@pytest.mark.parametrize(("template", "expected"), CONDITIONS)
def test_none_and_booleans(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- lazy values: zero-argument callables are called at render time -------------------------------

LAZY = [
    pytest.param(t"<p>{(lambda: EVIL)}</p>", f"<p>{EVIL_ESCAPED}</p>", id="lambda-str"),
    pytest.param(
        t"<p>{(lambda: t'<b>{EVIL}</b>')}</p>", f"<p><b>{EVIL_ESCAPED}</b></p>", id="tmpl"
    ),
    pytest.param(t"<p>{(lambda: None)}</p>", "<p></p>", id="lambda-none"),
    pytest.param(t"<p>{(lambda: [1, 2])}</p>", "<p>12</p>", id="lambda-list"),
    pytest.param(t"<p>{(lambda: Markup('<i>x</i>'))}</p>", "<p><i>x</i></p>", id="lambda-markup"),
    pytest.param(t"<p>{(lambda: lambda: 'twice')}</p>", "<p>twice</p>", id="lambda-lambda"),
    pytest.param(t"<p>{(lambda: 3.14159):.2f}</p>", "<p>3.14</p>", id="lambda-then-spec"),
]


@pytest.mark.parametrize(("template", "expected"), LAZY)
def test_lazy_values(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_lazy_values_are_called_at_render_time_each_time() -> None:
    calls: list[int] = []

    def counter() -> int:
        calls.append(1)
        return len(calls)

    template = t"<p>{counter}</p>"
    assert calls == []
    assert html(template) == "<p>1</p>"
    assert html(template) == "<p>2</p>"


# -- conversions, format specs, {x=} and :safe, as in f-strings, before escaping ------------------

CONVERSIONS = [
    pytest.param(
        t"<p>{EVIL!r}</p>", "<p>&#39;&lt;b&gt;&amp;\\&#39;&#34;&#39;</p>", id="repr-escaped"
    ),
    pytest.param(t"<p>{42!r}</p>", "<p>42</p>", id="repr-int"),
    pytest.param(t"<p>{Shouty()!s}</p>", "<p>&lt;SHOUT &amp; &#39;run&#39;&gt;</p>", id="str"),
    pytest.param(t"<p>{'é<'!a}</p>", "<p>&#39;\\xe9&lt;&#39;</p>", id="ascii"),
    pytest.param(
        t"<p>{Markup('<b>x</b>')!r}</p>",
        "<p>Markup(&#39;&lt;b&gt;x&lt;/b&gt;&#39;)</p>",
        id="repr-of-markup-is-text",
    ),
    pytest.param(t"<p>{Markup('<b>')!s}</p>", "<p>&lt;b&gt;</p>", id="str-of-markup-is-text"),
    pytest.param(t"<p>{PRICE:.2f}</p>", "<p>1234.50</p>", id="spec-fixed"),
    pytest.param(t"<p>{PRICE:,.1f}</p>", "<p>1,234.5</p>", id="spec-thousands"),
    pytest.param(t"<p>{7:03d}</p>", "<p>007</p>", id="spec-zero-pad"),
    pytest.param(t"<p>{0.25:.0%}</p>", "<p>25%</p>", id="spec-percent"),
    pytest.param(t"<p>{WHEN:%Y-%m-%d}</p>", "<p>2024-02-29</p>", id="spec-date"),
    pytest.param(t"<p>{WHEN:%H:%M:%S}</p>", "<p>13:05:09</p>", id="spec-time-with-colons"),
    pytest.param(
        t"<p>{WHEN:<%Y> & %d}</p>", "<p>&lt;2024&gt; &amp; 29</p>", id="spec-date-escaped"
    ),
    pytest.param(t"<p>{'<':>3}</p>", "<p>  &lt;</p>", id="spec-align-then-escape"),
    pytest.param(t"<p>{'ab'!r:>6}</p>", "<p>  &#39;ab&#39;</p>", id="conversion-then-spec"),
    pytest.param(t"<p>{PRICE:{'.1f'}}</p>", "<p>1234.5</p>", id="nested-spec"),
    pytest.param(t"<p>{NAME=}</p>", "<p>NAME=&#39;Ada&#39;</p>", id="debug"),
    pytest.param(
        t"<p>{EVIL=}</p>", "<p>EVIL=&#39;&lt;b&gt;&amp;\\&#39;&#34;&#39;</p>", id="debug-evil"
    ),
    pytest.param(t"<p>{NAME = }</p>", "<p>NAME = &#39;Ada&#39;</p>", id="debug-spaces"),
    pytest.param(t"<p>{PRICE=:.2f}</p>", "<p>PRICE=1234.50</p>", id="debug-with-spec"),
    pytest.param(t"<p>{NAME=!s}</p>", "<p>NAME=Ada</p>", id="debug-with-!s"),
    pytest.param(t"<p>{'<i>x</i>':safe}</p>", "<p><i>x</i></p>", id="safe-str"),
    pytest.param(t"<p>{42:safe}</p>", "<p>42</p>", id="safe-int"),
    pytest.param(
        t"<p>{t'<b>{EVIL}</b>':safe}</p>", f"<p><b>{EVIL_ESCAPED}</b></p>", id="safe-tmpl"
    ),
    pytest.param(t"<p>{Widget():safe}</p>", '<p><input name="w"></p>', id="safe-__html__"),
    pytest.param(t"<p>{(lambda: '<hr>'):safe}</p>", "<p><hr></p>", id="safe-lambda"),
]


@pytest.mark.parametrize(("template", "expected"), CONVERSIONS)
def test_conversions_and_format_specs(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_same_strings_different_specs_render_differently() -> None:
    # conversions and specs are not part of template.strings: they must not share a plan
    value = 2.0
    assert html(t"<p>{value:.1f}</p>") == "<p>2.0</p>"
    assert html(t"<p>{value:.3f}</p>") == "<p>2.000</p>"
    assert html(t"<p>{value!r}</p>") == "<p>2.0</p>"
    assert html(t"<p>{'<>'!r}</p>") == "<p>&#39;&lt;&gt;&#39;</p>"
    assert html(t"<p>{'<>'}</p>") == "<p>&lt;&gt;</p>"


# -- static markup: emitted exactly as written ----------------------------------------------------

STATIC = [
    pytest.param(t"", "", id="empty"),
    pytest.param(t"plain text", "plain text", id="text-only"),
    pytest.param(
        t"<!DOCTYPE html>\n<HTML lang=en><Body CLASS='x'  id=\"y\">",
        "<!DOCTYPE html>\n<HTML lang=en><Body CLASS='x'  id=\"y\">",
        id="case-quotes-and-spacing-kept",
    ),
    pytest.param(t"<p>a &amp; b &lt; c &#39;</p>", "<p>a &amp; b &lt; c &#39;</p>", id="entities"),
    pytest.param(t"<p>1 < 2 > 0</p>", "<p>1 < 2 > 0</p>", id="stray-angle-brackets"),
    pytest.param(t"<br/><img src=a.png /><hr >", "<br/><img src=a.png /><hr >", id="void"),
    pytest.param(t"<!-- note --><p>x</p>", "<!-- note --><p>x</p>", id="comment"),
    pytest.param(t"<input disabled\nrequired>", "<input disabled\nrequired>", id="bare-attrs"),
    pytest.param(
        t"<script>if (a < b && c) {{ go('</p>') }}</script>",
        "<script>if (a < b && c) { go('</p>') }</script>",
        id="static-script",
    ),
    pytest.param(
        t"<p\n  class=\"a\"\n  title='b'\n>{NAME}</p>",
        "<p\n  class=\"a\"\n  title='b'\n>Ada</p>",
        id="multiline-tag-around-a-hole",
    ),
    pytest.param(
        t"<A HREF='/x' Title=y>{NAME}</A>",
        "<A HREF='/x' Title=y>Ada</A>",
        id="static-tag-before-hole-untouched",
    ),
    pytest.param(t"<p>{NAME}<", "<p>Ada<", id="trailing-lt-is-text"),
    pytest.param(t"<p>{NAME}</", "<p>Ada</", id="trailing-lt-slash-is-text"),
    pytest.param(t"<p>a < {NAME}</p>", "<p>a < Ada</p>", id="lt-space-then-hole"),
]


@pytest.mark.parametrize(("template", "expected"), STATIC)
def test_static_markup_is_emitted_exactly_as_written(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_result_is_markup() -> None:
    result = html(t"<p>{EVIL}</p>")
    assert type(result) is Markup
    assert isinstance(result, str)
    assert result == Markup("{}").format(result)  # not escaped again when nested in Markup


# -- values that cannot be text -------------------------------------------------------------------

BAD_TEXT_VALUES = [
    pytest.param(t"<p>{ {'a': 1} }</p>", "a dict where text is expected: {'a': 1}", id="dict"),
    pytest.param(t"<p>{b'x'}</p>", "bytes where text is expected: b'x'", id="bytes"),
    pytest.param(
        t"<p>{bytearray(b'x')}</p>", "bytes where text is expected: bytearray(b'x')", id="bytearray"
    ),
    pytest.param(
        t"<p>{[1, {'a': 1}]}</p>", "a dict where text is expected: {'a': 1}", id="dict-in-list"
    ),
    pytest.param(
        t"<p>{(lambda: {'a': 1})}</p>", "a dict where text is expected: {'a': 1}", id="lazy-dict"
    ),
]


@pytest.mark.parametrize(("template", "headline"), BAD_TEXT_VALUES)
def test_values_that_cannot_be_text(template: Template, headline: str) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert headline == info.value.headline


def test_nothing_is_rendered_when_a_later_value_fails() -> None:
    rendered: list[str] = []

    def spy() -> str:
        rendered.append("called")
        return "ok"

    with pytest.raises(RenderError):
        rendered.append(html(t"<p>{spy}</p><p>{ {'a': 1} }</p>"))
    assert rendered == ["called"]  # the first value was rendered, but no output escaped


def test_escaped_text_round_trips_through_a_parser() -> None:
    assert text_of(html(t"<p>{EVIL}</p>"), "p") == EVIL
    assert text_of(html(t"<p>{SCRIPT}</p>"), "p") == SCRIPT


# -- the newline an HTML parser drops right after <pre>, <listing> and <textarea> -----------------

NL = "\nline"


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(t"<pre>{NL}</pre>", "<pre>\n\nline</pre>", id="pre"),
        pytest.param(t"<PRE class=x>{NL}</PRE>", "<PRE class=x>\n\nline</PRE>", id="pre-upper"),
        pytest.param(t"<listing>{NL}</listing>", "<listing>\n\nline</listing>", id="listing"),
        pytest.param(t"<textarea>{NL}</textarea>", "<textarea>\n\nline</textarea>", id="textarea"),
        pytest.param(
            t"<pre title={'t'}>{NL}</pre>", '<pre title="t">\n\nline</pre>', id="dynamic-tag"
        ),
        pytest.param(t"<pre>{[NL]}</pre>", "<pre>\n\nline</pre>", id="list"),
        pytest.param(t"<pre> {NL}</pre>", "<pre> \nline</pre>", id="not-first"),
        pytest.param(t"<pre>{'x'}{NL}</pre>", "<pre>x\nline</pre>", id="second-hole"),
        pytest.param(t"<p>{NL}</p>", "<p>\nline</p>", id="other-elements-untouched"),
        pytest.param(t"<pre>{'line'}</pre>", "<pre>line</pre>", id="no-newline"),
    ],
)
def test_a_leading_newline_survives_the_parser(template: Template, expected: str) -> None:
    assert expected == html(template)


class Count(int):
    def __str__(self) -> str:
        return "<img src=x onerror=alert(1)>"


def test_number_subclasses_are_escaped_like_any_object() -> None:
    # a subclass of int (an IntEnum...) may have its own __str__
    assert "<p>&lt;img src=x onerror=alert(1)&gt;</p>" == html(t"<p>{Count(3)}</p>")


class Shows(str):
    def __str__(self) -> str:
        return '"><img src=x onerror=alert(1)>'


SHOWS = Shows("ok")


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t"<p>{SHOWS}</p>", "<p>&#34;&gt;&lt;img src=x onerror=alert(1)&gt;</p>", id="text"
        ),
        pytest.param(
            t"<p title={SHOWS}>x</p>",
            '<p title="&#34;&gt;&lt;img src=x onerror=alert(1)&gt;">x</p>',
            id="attribute",
        ),
        pytest.param(
            t"<p title='a {SHOWS}'>x</p>",
            "<p title='a &#34;&gt;&lt;img src=x onerror=alert(1)&gt;'>x</p>",
            id="attribute-part",
        ),
        pytest.param(
            t"<p { ({'title': SHOWS}) }>x</p>",
            '<p title="&#34;&gt;&lt;img src=x onerror=alert(1)&gt;">x</p>',
            id="spread-value",
        ),
    ],
)
def test_str_subclasses_are_escaped_as_they_show(template: Template, expected: str) -> None:
    # an f-string would call the subclass's __str__, so that is the text escaped
    assert expected == html(template)


class Key(str):
    def __str__(self) -> str:
        return "x onclick=alert(1) y"


def test_str_subclass_keys_are_checked_as_they_show() -> None:
    attrs = {Key("title"): "v"}
    with pytest.raises(RenderError) as info:
        html(t"<p {attrs}>x</p>")
    assert "'x onclick=alert(1) y' is not a valid attribute name" == info.value.headline


class Wsgi:
    """A callable object, as a Werkzeug HTTPException or Response is (a WSGI app)."""

    def __call__(self, environ: object = None, start_response: object = None) -> str:
        raise AssertionError("a callable object is a value, not a lazy value")

    def __str__(self) -> str:
        return "404 Not Found <x>"


def test_only_functions_are_lazy_values() -> None:
    lower = functools.partial(str.lower, "AB")
    assert "<p>404 Not Found &lt;x&gt;</p>" == html(t"<p>{Wsgi()}</p>")
    assert '<p title="404 Not Found &lt;x&gt;">x</p>' == html(t"<p title={Wsgi()}>x</p>")
    assert "<p>ab</p>" == html(t"<p>{lower}</p>")
    assert "<p>&lt;class &#39;int&#39;&gt;</p>" == html(t"<p>{int}</p>")
