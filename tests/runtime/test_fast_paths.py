"""The fast paths written into plans give what the general path gives: for each kind of hole
and each type of value, html() (whose plan tries its inline fast path first) against the
runtime function the plan falls back to, called directly. Equal output, or the same error.

(The whole suite also runs with every fast path off, HTMLTEMPLATES_SLOW_PATHS=1: see the
Makefile. This table pins each pair here, in the normal run.)"""

from __future__ import annotations

import collections.abc
import re
import sys
from collections.abc import Callable
from string.templatelib import Interpolation, Template
from types import MappingProxyType

import pytest
from hostile import BREAKOUT, EVIL, JS_URLS
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates import TemplateError, TrustedURL, clear_cache, explain, html
from htmltemplates._fastpaths import on
from htmltemplates._spec import AttrKind, UrlPart
from htmltemplates.escaper import Escaper, Escaping
from htmltemplates.runtime import srcset
from htmltemplates.runtime.attributes import (
    _style_text,
    part_text,
    render_event,
    srcset_value,
    style_text,
    url_piece,
)
from htmltemplates.runtime.escapers import escape_text, markup_to_text
from htmltemplates.runtime.scripted import js_part
from htmltemplates.runtime.tags import render_whole
from htmltemplates.runtime.text import render_rcdata, render_text, render_text_foreign

VALUES: list[object] = [
    "plain",
    EVIL,
    BREAKOUT,
    "",
    " ",
    "é ✓",
    "\ud800",  # a lone surrogate
    "/items/1?a=1&b=2#top",
    "//evil.example/x",
    "/\tjavascript:alert(1)",
    "https://example.org/a b",
    "http://example.org",
    "HTTPS://example.org",
    "mailto:ada@example.org",
    "tel:+44 20",
    "mailto",
    ":",
    "a:b",
    "./a:b",
    "?q=a:b",
    *JS_URLS.values(),
    0,
    -7,
    10**5000,  # too many digits for text: big-int
    1.5,
    float("nan"),
    -float("inf"),
    -0.0,
    1e300,  # written with an exponent: 1e+300
    True,
    False,
    None,
    Markup("<b>x</b> &amp;"),
    TrustedURL("/trusted"),
    ["a", None, "b"],
    ("x", "y"),
    [],
    [None, False, ""],
    [["a", [EVIL]], {"on": True, "off": False}, 3, Markup("<i>m</i>")],
    [t"<b>x</b>"],  # a template in an attribute: refused
    {"a": True, "b": False},
    b"bytes",
    # style dicts and strings of declarations
    {"color": "red", "width": "10%"},
    {"color": EVIL, "margin-top": "4px", "opacity": None, "hidden": False},
    {"behavior": "url(x.htc)", "COLOR": "Red"},  # a value that loads code: replaced
    {"color": "expression(alert(1))", "width": "calc(1px + 2%)"},
    {"color": 5, "width": 1.5, "z-index": -2},
    {"color": ["a", "b"]},
    {"bad prop": "x"},  # not a property: refused (and a bad data-/aria- name)
    {"id": 7, "open": True, "shut": False, "gone": None, "label": EVIL, "hx-get": "/x"},
    {"": "x"},  # an empty sub-key: refused
    {1: "x"},
    {"init": "alert(1)"},  # x-data: a key whose string Alpine runs, refused
    {"a": [{"destroy": "x"}]},
    "color: red; margin: 0 auto",
    "color: red;; width: 10%;",
    "color red",  # not a declaration: refused
    "x: url(javascript:alert(1))",
    (lambda: "lazy"),
    object(),
]

# name, how the template writes it, its kind
ATTRIBUTES: list[tuple[str, Callable[[object], Template], AttrKind]] = [
    ("title", lambda v: t"<p title={v}>", AttrKind.PLAIN),
    ("data-depth", lambda v: t"<p data-depth={v}>", AttrKind.PLAIN),
    ("class", lambda v: t"<p class={v}>", AttrKind.CLASS),
    ("href", lambda v: t"<a href={v}>", AttrKind.URL),
    ("src", lambda v: t"<img src={v}>", AttrKind.URL),
    ("style", lambda v: t"<p style={v}>", AttrKind.STYLE),
    ("srcset", lambda v: t"<img srcset={v}>", AttrKind.SRCSET),
    ("data", lambda v: t"<p data={v}>", AttrKind.PLAIN),
    ("aria", lambda v: t"<p aria={v}>", AttrKind.PLAIN),
    ("hx-vals", lambda v: t"<p hx-vals={v}>", AttrKind.JSON),
    ("x-data", lambda v: t"<p x-data={v}>", AttrKind.ALPINE_DATA),
]


def _general(value: object, name: str, kind: AttrKind, element: str) -> str:
    if kind is AttrKind.ALPINE_DATA:  # a value a script reads: written by render_event
        return f"<{element}{render_event(value, 0, f' {name}="', f' {name}', '"', kind)}>"
    return f"<{element}{render_whole(value, 0, ' ', name, name, '"', kind)}>"


def _result(render: Callable[[], object]) -> tuple[str, str]:
    try:
        return ("output", str(render()))
    except TemplateError as error:
        return ("error", error.anchor)
    except (TypeError, ValueError) as error:
        return ("error", type(error).__name__)


def _id(value: object) -> str:
    if isinstance(value, int) and abs(value) > 10**100:
        return "huge-int"
    return _ADDRESS.sub("", repr(value))[:30]


# the address in an object's repr, which changes from run to run (a test's id may not: the
# workers of pytest-xdist must collect the same tests)
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


@pytest.mark.parametrize(("name", "make", "kind"), ATTRIBUTES, ids=[a[0] for a in ATTRIBUTES])
@pytest.mark.parametrize("value", VALUES, ids=[_id(v) for v in VALUES])
def test_a_whole_attribute_value_renders_as_the_general_path_renders_it(
    name: str, make: Callable[[object], Template], kind: AttrKind, value: object
) -> None:
    template = make(value)
    element = template.strings[0][1:].split()[0]
    fast = _result(lambda: html(template))
    general = _result(lambda: _general(value, name, kind, element))
    assert general == fast


def test_the_table_covers_the_inline_fast_paths() -> None:
    # each inline path is taken by some value above: a str, an int, a safe URL
    kinds = {kind for _, _, kind in ATTRIBUTES}
    assert {AttrKind.PLAIN, AttrKind.CLASS, AttrKind.URL, AttrKind.SRCSET} <= kinds
    assert {AttrKind.STYLE, AttrKind.JSON, AttrKind.ALPINE_DATA} <= kinds
    assert any(v.__class__ is int for v in VALUES)
    assert sys.get_int_max_str_digits() < 5000  # the big int above is too long for text


# a hole in text: how the template writes it, and the function its plan falls back to
TEXTS: list[tuple[str, Callable[[object], Template], Callable[[object], str]]] = [
    ("text", lambda v: t"<p>{v}</p>", lambda v: f"<p>{render_text(v, 0)}</p>"),
    ("rcdata", lambda v: t"<title>{v}</title>", lambda v: f"<title>{render_rcdata(v, 0)}</title>"),
    (
        "foreign",
        lambda v: t"<svg><text>{v}</text></svg>",
        lambda v: f"<svg><text>{render_text_foreign(v, 0)}</text></svg>",
    ),
    (
        "attribute text",
        lambda v: t'<p class="a-{v}">',
        lambda v: f'<p class="a-{part_text(v, 0, "class", Escaping(Escaper.ATTR_TEXT))}">',
    ),
]


@pytest.mark.parametrize(("where", "make", "general"), TEXTS, ids=[t[0] for t in TEXTS])
@pytest.mark.parametrize("value", VALUES, ids=[_id(v) for v in VALUES])
def test_a_hole_in_text_renders_as_the_general_path_renders_it(
    where: str,
    make: Callable[[object], Template],
    general: Callable[[object], str],
    value: object,
) -> None:
    assert _result(lambda: general(value)) == _result(lambda: html(make(value)))


SPREADS: list[object] = [
    {},
    {"data-id": "7", "data-kind": EVIL},
    {"title": BREAKOUT, "id": "x"},
    {"LANG": "fr"},  # meets the tag's lang: merged
    {"Data-Id": "1", "data-id": "2"},  # one attribute, two spellings: merged, the last wins
    {"class": "extra"},  # meets the tag's class: merged
    {"data": {"a": "1"}},  # a data dict: expanded
    {"data": {"n": 3, "gone": None, "on": True, "off": False}, "aria": {"hidden": True}},
    {"data": None, "aria": 5},
    {"aria": {"invalid": True, "describedby": "name-error"}, "title": "t"},  # in place
    {"aria": {"label": "a"}, "aria-label": "b"},  # one name twice: merged, the last wins
    {"data": {"Lang": "x"}, "Data": {"lang": "y"}},  # data-lang twice, as written
    {"aria": {"": "x"}},  # an empty sub-key: refused
    {"data": {1: "x"}},  # not a str: refused
    {"data": {"a b": "x"}, "title": EVIL},  # not a name: refused
    {"title": 10**5000, "data": {"a b": "x"}},  # two faults: the first in order
    {"data": {"class": "x"}, "class": "y"},  # data-class is not class
    {"data": lambda: {"x": "1"}},  # lazy: called once, by the merged tag
    {"aria": MappingProxyType({"hidden": True})},  # another mapping: merged
    {"data-n": 3, "hidden": True, "title": None},  # values other than str
    {"title": None, "id": "second"},  # the first dropped: the second after a space
    {"data-big": 10**5000},  # too many digits: big-int
    {"data-x": 1.5, "data-m": Markup("<b>m</b>")},
    {"href": "/ok", "src": "javascript:alert(1)", "hidden": False},
    {"href": "javascript:alert(1)"},  # a URL: filtered
    {"onclick": "alert(1)"},  # an event handler: refused
    {"onclick": True},  # refused too, whatever its value
    {"onclick": None},
    {"style": "color: red", "class": None},
    {"bad name": "x"},  # not a name: refused
    {1: "x"},  # not a str: refused
    {"type": "button"},  # depends on the element
]


def _spread_id(spread: object) -> str:
    try:
        return _ADDRESS.sub("", repr(spread))[:40]
    except ValueError:  # an int too long for text
        return "huge-int"


@pytest.mark.parametrize("spread", SPREADS, ids=[_spread_id(s) for s in SPREADS])
def test_a_spread_of_a_plain_dict_renders_as_the_merged_tag_renders_it(
    spread: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    def render() -> tuple[str, str]:
        classes = ["card", None, "big"]
        return _result(
            lambda: html(t'<li class={classes} lang="en"\n  {spread}>x</li><p {spread}></p>')
        )

    render()  # (the first render validates the names the fast path looks up)
    fast = render()
    monkeypatch.setattr("htmltemplates.runtime.tags._SPREAD_IN_PLACE", False)  # merged
    assert render() == fast


STYLES: list[object] = [v for v in VALUES if isinstance(v, dict | str)]


@pytest.mark.parametrize("value", STYLES, ids=[_id(v) for v in STYLES])
def test_a_remembered_style_is_the_style_its_definition_gives(value: object) -> None:
    # style_text remembers strings of declarations and a property's declaration for a str
    # value: the first call fills what it remembers, the second reads it; both must give what
    # the definition (_style_text, escaped) gives, or its error
    def definition() -> str | None:
        return escape_text(_style_text(value, 0)) or None

    expected = _result(definition)
    assert _result(lambda: style_text(value, 0)) == expected
    assert _result(lambda: style_text(value, 0)) == expected


CSS_VALUES: list[object] = [v for v in VALUES if not isinstance(v, dict)]


@pytest.mark.parametrize("value", CSS_VALUES, ids=[_id(v) for v in CSS_VALUES])
def test_a_css_value_in_a_style_attribute_renders_as_the_general_path_renders_it(
    value: object,
) -> None:
    fast = _result(lambda: html(t'<p style="color: {value}; margin: 0">'))
    escaping = Escaping(Escaper.CSS_VALUE)
    general = _result(
        lambda: f'<p style="color: {part_text(value, 0, "style", escaping)}; margin: 0">'
    )
    assert general == fast
    assert _result(lambda: html(t'<p style="color: {value}; margin: 0">')) == fast  # remembered


# srcset text: the characters its parser tells apart, and some that it does not
_SRCSET_TEXT = st.text(alphabet=" \t\n,()xw1.:/aé\v\ud800", max_size=40)


@given(_SRCSET_TEXT)
@settings(max_examples=400, deadline=None)
def test_a_srcset_without_parentheses_splits_as_its_parser_reads_it(text: str) -> None:
    if "(" in text:
        text = text.replace("(", "")
    fast = [(url, descriptors.split()) for url, descriptors in srcset.split_srcset(text)]
    parsed = [(url, " ".join(found).split()) for url, found in srcset.parse_srcset(text)]
    assert fast == parsed


# URLs of srcsets written as srcset_value writes them: plainly safe or not, with or without
# characters it encodes
_SRCSET_URL = st.text(alphabet="ahpst:/.,é1 (J", min_size=1, max_size=12)
_DESCRIPTORS = st.sampled_from(["1x", "1.5x", "320w", "100h", "x", "", "2x 3x", " 1x"])
_WRITTEN_SRCSET = st.lists(st.tuples(_SRCSET_URL, _DESCRIPTORS), min_size=1, max_size=3).map(
    lambda candidates: ", ".join(f"{url} {d}" if d else url for url, d in candidates)
)
_SRCSET_VALUES = st.one_of(
    _SRCSET_TEXT,
    _WRITTEN_SRCSET,
    st.sampled_from(["/a.png 1x, https://cdn.example/b.png?w=2 2x", "javascript:alert(1) 1x"]),
    st.lists(st.tuples(_SRCSET_TEXT, st.sampled_from(["1x", "320w", "x", ""])), max_size=3),
    st.lists(st.one_of(_SRCSET_URL, st.tuples(_SRCSET_URL, _DESCRIPTORS)), max_size=3),
    st.lists(_SRCSET_URL, max_size=3).map(tuple),
)


@given(_SRCSET_VALUES)
@settings(max_examples=600, deadline=None)
def test_a_srcset_renders_as_its_definition_renders_it(value: object) -> None:
    fast = _result(lambda: srcset_value(value, 0, "srcset"))
    with pytest.MonkeyPatch.context() as patch:  # no value is of this class: no shortcut taken
        for name in ("_SRCSET_STR", "_SRCSET_URL", "_SRCSET_LIST", "_SRCSET_TUPLE"):
            patch.setattr(f"htmltemplates.runtime.attributes.{name}", type("NoValue", (), {}))
        assert _result(lambda: srcset_value(value, 0, "srcset")) == fast
    assert _result(lambda: html(t"<img srcset={value}>")) == (
        fast if fast[0] == "error" else ("output", f'<img srcset="{fast[1]}">')
    )


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("/a.png 1x, https://cdn.example/b.png?w=2&h=1 2x", True),
        ("a.png, b.png 320w, tel:1 1.5x, mailto:x@y.z", True),
        ("/a.png 1x,/b.png 2x", False),  # not written as srcset_value writes it
        ("/a.png  1x", False),
        ("/a.png 1x 2x", False),
        ("/a.png 1x, ", False),
        ("/a,b.png 1x", False),  # a comma to encode
        ("/a.png 1q", False),  # a descriptor to drop
        ("/é.png 1x", False),
        ("javascript:alert(1) 1x", False),
        ("HTTPS://example.org/a.png 1x", False),  # the filter decides
        ("/a(1).png 1x", False),
        ("/a\x7f.png 1x", False),
        ("", False),
    ],
)
def test_a_plain_srcset_is_one_written_as_srcset_value_writes_it(text: str, plain: bool) -> None:
    assert (srcset.plain_srcset(text) is not None) is plain
    if plain:
        assert srcset_value(text, 0, "srcset") == escape_text(text)


def test_a_srcset_list_of_plain_candidates_is_joined_with_its_characters_encoded() -> None:
    value = [("/img/1 small.png", "320w"), ("/img/1,large.png", "640w"), "/img/x.png"]
    assert html(t"<img srcset={value}>") == (
        '<img srcset="/img/1%20small.png 320w, /img/1%2Clarge.png 640w, /img/x.png">'
    )
    assert html(t"<img srcset={[('javascript:x', '1x'), ('/a.png', 'q')]}>") == (
        '<img srcset="about:invalid#htmltemplates 1x, /a.png">'
    )


JS_PARTS = [
    (lambda v: t'<b onclick="go({v}, 1)">', Escaper.JS_LITERAL),
    (lambda v: t"<b onclick=\"say('{v}')\">", Escaper.JS_STRING),
    (lambda v: t'<b x-on:click="go(`{v}`)">', Escaper.JS_STRING),
]


@pytest.mark.parametrize(("make", "escaper"), JS_PARTS, ids=["literal", "string", "template"])
@pytest.mark.parametrize("value", VALUES, ids=[_id(v) for v in VALUES])
def test_a_value_in_an_event_handler_renders_as_the_general_path_renders_it(
    make: Callable[[object], Template], escaper: Escaper, value: object
) -> None:
    template = make(value)
    fast = _result(lambda: html(template))
    name, rest = template.strings[0][3:].split("=", 1)
    general = _result(
        lambda: (
            f"<b {name}={rest}{part_text(value, 0, name, Escaping(escaper))}" + template.strings[1]
        )
    )
    assert general == fast


PIECES = [
    (lambda v: t'<a href="/items/{v}/x">', UrlPart.PATH),
    (lambda v: t'<a href="/search?q={v}&amp;page=2">', UrlPart.QUERY),
    (lambda v: t'<a href="/page#{v}">', UrlPart.FRAGMENT),
]


@pytest.mark.parametrize(("make", "part"), PIECES, ids=[p.name for _, p in PIECES])
@pytest.mark.parametrize("value", CSS_VALUES, ids=[_id(v) for v in CSS_VALUES])
def test_a_value_in_a_url_renders_as_the_general_path_renders_it(
    make: Callable[[object], Template], part: UrlPart, value: object
) -> None:
    template = make(value)
    before, after = template.strings

    def general() -> str:
        return before + url_piece(value, 0, "href", part) + after

    expected = _result(general)
    assert _result(lambda: html(template)) == expected
    assert _result(lambda: html(template)) == expected  # its encoding remembered


EXPANDED = [v for v in VALUES if isinstance(v, dict)]


@pytest.mark.parametrize("value", EXPANDED, ids=[_id(v) for v in EXPANDED])
def test_a_data_or_aria_dict_names_its_entries_as_its_definition_names_them(
    value: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    def render() -> tuple[str, str]:
        return _result(lambda: html(t"<p data={value} aria={value} Data-X={value}>"))

    render()  # (the names it makes are remembered)
    fast = render()
    monkeypatch.setattr("htmltemplates.runtime.tags._PREFIXED", {})  # none remembered
    assert render() == fast


# the same keys every time (the verdict on their names is remembered), each value in turn
SAME_KEYS = [v for v in VALUES if not isinstance(v, dict)]


@pytest.mark.parametrize("value", SAME_KEYS, ids=[_id(v) for v in SAME_KEYS])
def test_a_dict_of_keys_seen_before_renders_as_its_definition_renders_it(
    value: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    def render(item: object) -> list[tuple[str, str]]:
        attrs = {"title": "t", "href": item, "data-n": item, "hidden": item}
        more = {"id": 1, "hx-get": item, "open": item}  # hx-get: data-hx-get is a URL
        bad = {"id": item, "bad name": "x"}  # refused, after the entries before it
        return [
            _result(lambda: html(t"<a data={attrs} aria={attrs} {attrs}>x</a>")),
            _result(lambda: html(t"<p data={more} aria={more}>x</p><a class=c {more}>x</a>")),
            _result(lambda: html(t"<p data={bad}>x</p>")),
            _result(lambda: html(t"<p {bad}>x</p>")),
        ]

    render("first")  # (the verdicts on the keys are remembered)
    fast = render(value)
    monkeypatch.setattr("htmltemplates.runtime.tags._SPREAD_IN_PLACE", False)  # merged
    assert render(value) == fast


class _Plain:
    def __str__(self) -> str:
        return "plain"


def test_a_class_registered_as_awaitable_later_is_refused_from_then_on() -> None:
    value = _Plain()
    assert html(t"<p>{value!s:>6}</p>") == "<p> plain</p>"  # its verdict is remembered
    collections.abc.Awaitable.register(_Plain)
    with pytest.raises(TemplateError) as info:
        html(t"<p>{value!s:>6}</p>")
    assert info.value.anchor == "async-value"


@pytest.mark.parametrize("value", CSS_VALUES, ids=[_id(v) for v in CSS_VALUES])
def test_a_javascript_value_renders_as_the_general_path_renders_it(value: object) -> None:
    in_script = _result(lambda: html(t"<script>let a = {value};</script>"))
    general = _result(lambda: f"<script>let a = {js_part(value, 0)};</script>")
    assert general == in_script
    escaping = Escaping(Escaper.JS_LITERAL)
    in_handler = _result(lambda: html(t'<button onclick="f({value})">'))
    general = _result(lambda: f'<button onclick="f({part_text(value, 0, "onclick", escaping)})">')
    assert general == in_handler


# One row of holes of every kind that a long template writes brief (see compiler/sources.py)
_ROW = (
    "<p class='a-",
    "' title=",
    " data-x=",
    " style=",
    ">",
    '</p><a href="/x/',
    "?q=",
    "#",
    '" style="color: ',
    '" onclick="f(',
    ')" srcset=',
    "><textarea>",
    "</textarea><svg><text>",
    "</text></svg><script>let a = ",
    ";</script>",
)


def _rows(value: object, count: int) -> Template:
    parts: list[str | Interpolation[object]] = []
    for _ in range(count):
        for text in _ROW[:-1]:
            parts += [text, Interpolation(value, "value")]
        parts.append(_ROW[-1])
    return Template(*parts)


@pytest.mark.parametrize("value", VALUES, ids=[_id(v) for v in VALUES])
def test_a_long_template_renders_as_its_rows_render_alone(value: object) -> None:
    long = _rows(value, 40)  # more holes than a chunk of a plan holds: written brief
    assert len(long.interpolations) > 256
    one = _result(lambda: html(_rows(value, 1)))
    expected = (one[0], one[1] * 40) if one[0] == "output" else one
    assert _result(lambda: html(long)) == expected


@pytest.mark.parametrize(
    "spread",
    [{"href": "/ok", "title": "t"}, {"href": "javascript:alert(1)"}, {"href": EVIL}, {"src": "/x"}],
    ids=repr,
)
def test_a_spread_whose_names_depend_on_the_element_renders_as_the_merged_tag(
    spread: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # href is a plain URL on <a>, a resource URL (trusted values only) on <link>
    def render() -> tuple[str, str]:
        return _result(lambda: html(t'<a {spread}>x</a><link rel="stylesheet" {spread}>'))

    render()
    fast = render()
    monkeypatch.setattr("htmltemplates.runtime.tags._SPREAD_IN_PLACE", False)  # merged
    assert render() == fast


@pytest.mark.parametrize("value", STYLES, ids=[_id(v) for v in STYLES])
def test_a_merged_style_renders_as_render_whole_renders_it(
    value: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    def render() -> tuple[str, str]:
        return _result(lambda: html(t'<td style="text-align: right" style={value} id=x>'))

    fast = render()
    no_value = type("NoValue", (), {})  # no value is of this class: no shortcut taken
    monkeypatch.setattr("htmltemplates.runtime.tags._MERGED_STR", no_value)
    monkeypatch.setattr("htmltemplates.runtime.tags._MERGED_DICT", no_value)
    assert render() == fast


# a static class or style and a hole of the same name: merged where the static one stands
MERGED_PAIRS: list[Callable[[object], Template]] = [
    lambda v: t'<td style="text-align: right" style={v} id=x>',
    lambda v: t"<td title=t style='font: \"A\"' lang=en style={v}>",
    lambda v: t'<td style="" style={v}>',
    lambda v: t"<td style=color:red STYLE={v} title={v}>",
    lambda v: t'<p class="card big" class={v} id=x>',
    lambda v: t"<p class='a' title=\"t\" CLASS='{v}'>",
    lambda v: t'<p id={v} class="" class={v} hidden>',
]


@pytest.mark.parametrize("make", MERGED_PAIRS, ids=range(len(MERGED_PAIRS)))
@pytest.mark.parametrize("value", VALUES, ids=[_id(v) for v in VALUES])
def test_a_static_class_or_style_merged_with_a_hole_renders_as_the_merged_tag(
    make: Callable[[object], Template], value: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    template = make(value)
    if on("merged-once"):
        assert "merged, attribute value" in str(explain(template, plan=True))
    fast = _result(lambda: html(template))
    monkeypatch.setattr("htmltemplates._fastpaths.OFF", {"tag-in-place", "merged-once"})
    clear_cache()
    try:
        assert _result(lambda: html(template)) == fast
    finally:
        clear_cache()


class _Key(str):
    def __str__(self) -> str:
        return "x onclick=alert(1) y"


def test_a_str_subclass_key_equal_to_a_name_seen_is_judged_as_it_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def render(key: object) -> list[tuple[str, str]]:
        attrs = {key: "v"}
        return [
            _result(lambda: html(t"<p {attrs}>x</p>")),
            _result(lambda: html(t"<p data={attrs} aria={attrs}>x</p>")),
        ]

    render("title")  # (the name validated; the verdict on the keys remembered the next time)
    assert render("title") == [
        ("output", '<p title="v">x</p>'),
        ("output", '<p data-title="v" aria-title="v">x</p>'),
    ]
    fast = render(_Key("title"))  # equal to "title", whose verdict is remembered
    assert fast[0] == ("error", "spread-name")
    monkeypatch.setattr("htmltemplates.runtime.tags._SPREAD_IN_PLACE", False)  # merged
    assert render(_Key("title")) == fast


_MARKUP_TEXT = st.text(alphabet="&;<>!-#x3429ampltgquoe \"'é", max_size=40)
# the definition of the tags and comments dropped, which markup_to_text follows in one pass
_TAGS = re.compile(r"<!--.*?-->|<[^>]*>", re.DOTALL)


@given(_MARKUP_TEXT)
@settings(max_examples=500, deadline=None)
@example("&amp;lt;b&amp;gt; &amp;quot;&amp;#39;&amp;#34;&amp;amp;")  # decoded once
@example("&lt;b&gt; &quot;x&quot; &#39;y&#34; &amp; <i>z</i><!-- c -->")
@example("&lt &amp &#x27; &apos; &nbsp;")  # references escaping never writes
def test_the_text_of_markup_is_what_html_unescape_decodes(markup: str) -> None:
    import html as stdlib_html  # noqa: PLC0415 - the definition, here only

    expected = stdlib_html.unescape(_TAGS.sub("", markup))
    for value in (markup, Markup(markup)):
        text = markup_to_text(value)
        assert text == expected
        assert text.__class__ is str


@given(_MARKUP_TEXT)
@settings(max_examples=200, deadline=None)
@example("<b>Fish</b> &amp; chips")
def test_the_remembered_text_of_markup_in_an_attribute_is_its_definition(markup: str) -> None:
    label = Markup(markup)
    expected = _general(label, "title", AttrKind.PLAIN, "p")
    for _ in range(2):  # the second time, remembered
        assert expected == html(t"<p title={label}>")
    assert expected == html(t"<p title={Markup(markup)}>")  # an equal Markup, another object


@pytest.mark.fast_path("plain-spread", "attribute-names", "data-names")
def test_a_spread_of_names_a_data_dict_made_first_is_written_in_one_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from htmltemplates.compiler import emit  # noqa: PLC0415 - what plans call, watched
    from htmltemplates.runtime.tags import plain_spread  # noqa: PLC0415

    written: list[object] = []

    def watched(*args: object) -> object:
        written.append(plain_spread(*args))  # type: ignore[arg-type]
        return written[-1]

    monkeypatch.setitem(emit._GLOBALS, "_plain_spread", watched)
    clear_cache()  # plans made from here call the watched function
    assert '<p data-made-first="1">' == html(t"<p data={ {'made-first': 1} }>")
    attrs = {"data-made-first": "2", "title": "t"}  # the same name, another str object
    for _ in range(2):  # (the first render validates title)
        assert '<p data-made-first="2" title="t">' == html(t"<p {attrs}>")
    assert written[-1] is not None
    clear_cache()  # no plan that calls the watched function stays
