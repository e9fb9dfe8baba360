"""Differential property tests: the in-place attribute path vs the merging path (render_tag).

Two implementations of the same rules, checked against each other; run with more examples to
search harder (EXAMPLES=4000 in the environment).

For the same attribute data, these must agree (same string, or same exception type and the same
headline, i.e. the first line of str(error)):

- A  t'<p title="t" {attrs}>'          one spread: rendered in place when no key meets 'title'
- B  t'<p title="t" {attrs}{empty}>'   two spreads (empty = {}): always merged
- C  t'<p {attrs}>'   vs  D  the same entries written literally: <p k1={v1} k2={v2}>
  (only for keys a template can spell; names refused at parse time in D are skipped)
- E  t'<p title="t" {attrs}>' vs F t'<p {attrs} title="t">' reordered static: both sets of
  attributes must be present (checked by html5lib) - structural sanity only.

Values are described by hashable "specs" and built fresh for every render, so generators and
lambdas are never shared between the two renders being compared.
"""

from __future__ import annotations

import os
import re
from string.templatelib import Interpolation, Template

import html5lib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates import TemplateError, html

EXAMPLES = int(os.environ.get("EXAMPLES", "120"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)

HOSTILE = [
    "x",
    "",
    " ",
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='alert(1)",
    "a b c",
    "javascript:alert(1)",
    " \tjava\nscript:alert(1)",
    "/path?q=1&r=2#f",
    "https://ok.example/",
    "&amp;&lt;",
    "color: red",
    "color: red; background: url(x)",
    "red",
    "1px solid #000",
    "</p><script>",
    "\x00",
    "é",
]

KEYS = [
    # plausible, not colliding with title
    "id",
    "name",
    "rel",
    "value",
    "hidden",
    "disabled",
    "lang",
    "dir",
    "role",
    "for",
    "data-x",
    "data-src",
    "data-url",
    "aria-label",
    "aria-hidden",
    "x:y",
    "--x",
    "_a",
    "a.b",
    # special
    "class",
    "style",
    "data",
    "aria",
    "href",
    "src",
    "xlink:href",
    "action",
    "poster",
    "type",
    # case variants
    "Class",
    "CLASS",
    "Style",
    "Href",
    "ID",
    "Data",
    "ARIA",
    "DATA-X",
    "Title",
    # colliding and refused
    "title",
    "onclick",
    "OnClick",
    "srcdoc",
    "http-equiv",
    "xmlns",
    "xmlns:xlink",
    "attributename",
    "srcset",
    # invalid names
    "",
    "a b",
    "a=b",
    "a/b",
    'a"b',
    "a>b",
    "a\x00b",
    "ünï",
]

# value specs (hashable); build() turns one into a fresh value
atom = st.one_of(
    st.tuples(st.just("str"), st.sampled_from(HOSTILE)),
    st.tuples(st.just("int"), st.sampled_from([0, 1, -5, 10**20])),
    st.tuples(st.just("float"), st.sampled_from([0.0, 1.5, float("nan"), float("inf")])),
    st.sampled_from([("none",), ("true",), ("false",)]),
    st.tuples(
        st.just("markup"),
        st.sampled_from(["<b>x</b>", "a &amp; b", '"q"', "javascript:alert(1)", ""]),
    ),
    st.tuples(st.just("bytes"), st.just(b"x")),
    st.tuples(st.just("template"), st.just("t")),
)
scalar = st.one_of(atom, st.tuples(st.just("lazy"), atom))
seq = st.tuples(st.sampled_from(["list", "tuple", "gen"]), st.lists(scalar, max_size=3).map(tuple))
mapping = st.tuples(
    st.just("dict"),
    st.lists(
        st.tuples(
            st.sampled_from(
                ["x", "y", "color", "margin-top", "--v", "bad key", "", "a", "Src", "url"]
            ),
            st.one_of(scalar, seq),
        ),
        max_size=3,
    ).map(tuple),
)
value_spec = st.one_of(scalar, seq, mapping, st.tuples(st.just("lazy"), st.one_of(seq, mapping)))

attrs_spec = st.lists(st.tuples(st.sampled_from(KEYS), value_spec), max_size=4).map(tuple)


def build(spec):
    match spec:
        case ("str", s):
            return s
        case ("int", n) | ("float", n):
            return n
        case ("none",):
            return None
        case ("true",):
            return True
        case ("false",):
            return False
        case ("markup", s):
            return Markup(s)
        case ("bytes", b):
            return b
        case ("template", _):
            return t"<b>x</b>"
        case ("lazy", inner):
            return lambda: build(inner)
        case ("list", items):
            return [build(i) for i in items]
        case ("tuple", items):
            return tuple(build(i) for i in items)
        case ("gen", items):
            return (build(i) for i in items)
        case ("dict", pairs):
            return {k: build(v) for k, v in pairs}
    raise AssertionError(spec)


def build_attrs(spec):
    return {k: build(v) for k, v in spec}  # later duplicates win, as in a dict literal


def known_outcomes(a, b):
    """The in-place path checks every key of the spread before rendering any value, the
    merging path checks key and value entry by entry: with a bad value before a bad key both
    raise RenderError, with different headlines. Accepted: same error type, same template."""
    return a[0] == b[0] == "RenderError" and "is not a valid attribute name" in a[1] + b[1]


def outcome(fn):
    try:
        return ("ok", str(fn()))
    except TemplateError as error:
        return (type(error).__name__, str(error).split("\n", 1)[0])
    except Exception as error:  # anything else is a bug either way; compare its type
        return ("other:" + type(error).__name__, str(error).split("\n", 1)[0])


def render_one(spec):
    attrs = build_attrs(spec)
    return html(t'<p title="t" {attrs}>')


def render_merged(spec):
    attrs, empty = build_attrs(spec), {}
    return html(t'<p title="t" {attrs}{empty}>')


def render_merged_first(spec):
    empty, attrs = {}, build_attrs(spec)
    return html(t'<p title="t" {empty}{attrs}>')


@SETTINGS
@given(attrs_spec)
def test_in_place_vs_merged(spec):
    a = outcome(lambda: render_one(spec))
    b = outcome(lambda: render_merged(spec))
    if known_outcomes(a, b):
        return
    assert a == b, f"\nspec={spec!r}\nin place: {a!r}\nmerged:   {b!r}"


@SETTINGS
@given(attrs_spec)
def test_in_place_vs_merged_empty_first(spec):
    # {empty}{attrs}: the empty spread emits nothing and its whitespace is dropped, so the
    # output must equal the one-spread rendering too
    a = outcome(lambda: render_one(spec))
    b = outcome(lambda: render_merged_first(spec))
    if known_outcomes(a, b):
        return
    assert a == b, f"\nspec={spec!r}\nin place:     {a!r}\nempty first:  {b!r}"


_SPELLABLE = re.compile(r"[A-Za-z][A-Za-z0-9:_.-]*\Z")


def literal_template(spec):
    """<p k1={v1} k2={v2}>, built by hand (one Interpolation per entry)."""
    attrs = build_attrs(spec)
    parts: list[str | Interpolation] = ["<p"]
    for k, v in attrs.items():
        parts[-1] += f" {k}="
        parts.append(Interpolation(v, k))
        parts.append("")
    parts[-1] += ">"
    return Template(*parts)


@SETTINGS
@given(attrs_spec)
def test_spread_vs_literal(spec):
    keys = [k for k, _ in spec]
    if not all(_SPELLABLE.match(k) for k in keys):
        return
    c = outcome(lambda: html(t"<p {build_attrs(spec)}>"))
    d = outcome(lambda: html(literal_template(spec)))
    if known_outcomes(c, d):
        return
    if c[0] == "RenderError" and d[0] == "ok" and any(k.lower().startswith("on") for k in keys):
        return  # an event handler written in the template takes a JS literal; from data, never
    if d[0] == "TemplateSyntaxError":
        # refused at parse time in the template (on*, srcdoc, ...): the spread must refuse too,
        # at render time, unless the value drops it... no: spreads refuse these names always
        assert c[0] == "RenderError", f"\nspec={spec!r}\nspread: {c!r}\nliteral: {d!r}"
        return
    if c[0] == "ok" and d[0] == "ok":
        assert c == d, f"\nspec={spec!r}\nspread:  {c!r}\nliteral: {d!r}"
    else:
        assert c[0] == d[0], f"\nspec={spec!r}\nspread:  {c!r}\nliteral: {d!r}"


def _attrs_of(out):
    root = html5lib.parseFragment(out, treebuilder="etree", namespaceHTMLElements=False)
    return [dict(n.attrib) for n in root.iter() if n is not root and isinstance(n.tag, str)]


@SETTINGS
@given(attrs_spec)
def test_rendered_tag_is_one_element(spec):
    """Whatever the path, the output is exactly one <p> element (no injected elements)."""
    for fn in (render_one, render_merged):
        try:
            out = str(fn(spec))
        except TemplateError:
            continue
        root = html5lib.parseFragment(out, treebuilder="etree", namespaceHTMLElements=False)
        tags = [n.tag for n in root.iter() if n is not root and isinstance(n.tag, str)]
        assert tags == ["p"], f"\nspec={spec!r}\n{fn.__name__}: {out!r} -> {tags}"
        attrs = _attrs_of(out)[0]
        assert not any(k.lower().startswith("on") for k in attrs), (spec, out)
        for k in ("href", "src", "xlink:href", "action", "poster"):
            v = attrs.get(k, "")
            assert not re.match(r"\s*j\s*a\s*v\s*a", v, re.I), (spec, out)


# Other tag shapes: (before the spread, after the spread), with one hole each side for a
# dynamic attribute value where marked {v}. The in-place variant has one spread; the merged one
# adds an empty spread right after it.
SHAPES = [
    ("<a href='/x' class=c", ">"),
    ("<input type=checkbox value={v}", " disabled>"),
    ("<p", ' id="i" title=\'q"x\'>'),
    ('<img alt=""', "/>"),
    ('<p title="{v}"', ">"),
    ('<a href="{v}"', ' data-k="1">'),
    ('<p class="a {v}"', ">"),
    ('<svg><a xlink:href="/x"', "></a></svg>"),
]


def shape_template(shape, attrs, v, merged):
    before, after = shape
    parts: list[str | Interpolation] = []

    def add_text(text):
        chunks = text.split("{v}")
        for n, chunk in enumerate(chunks):
            if n:
                parts.append(Interpolation(v, "v"))
            parts.append(chunk)

    add_text(before + " ")
    parts.append(Interpolation(attrs, "attrs"))
    if merged:
        parts.append("")
        parts.append(Interpolation({}, "empty"))
    add_text(after)
    # join adjacent strings (Template() does it too, but keep it explicit)
    return Template(*parts)


@SETTINGS
@given(st.sampled_from(SHAPES), attrs_spec, scalar)
def test_shapes_in_place_vs_merged(shape, spec, vspec):
    a = outcome(lambda: html(shape_template(shape, build_attrs(spec), build(vspec), False)))
    b = outcome(lambda: html(shape_template(shape, build_attrs(spec), build(vspec), True)))
    if known_outcomes(a, b):
        return
    assert a == b, (
        f"\nshape={shape!r}\nspec={spec!r}\nv={vspec!r}\nin place: {a!r}\nmerged:   {b!r}"
    )
