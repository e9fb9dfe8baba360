"""The analysis alone: the Escaper it gives each hole of a tag's attributes.

test_scanner.py pins the escapers of holes in text, <script> and <style>; this table pins those
of attribute holes, and checks that every Escaper is chosen somewhere.
"""

from string.templatelib import Template

import pytest

from htmltemplates import html
from htmltemplates._spec import AttrKind, UrlPart
from htmltemplates.analyze.attributes import analyze_tag
from htmltemplates.errors import Location, TemplateSyntaxError
from htmltemplates.escaper import Escaper, Escaping, JsPrefix
from htmltemplates.scan.scanner import scan
from htmltemplates.scan.tokens import TagToken, TextHole

x = "value"
E = Escaper

ATTRIBUTES: list[tuple[Template, list[Escaper]]] = [
    (t"<p title={x}>", [E.ATTRIBUTE]),
    (t'<p title="a{x}">', [E.ATTR_TEXT]),
    (t'<a href="{x}/a">', [E.URL_START]),
    (t'<a href="/a/{x}?q={x}#{x}">', [E.URL_PATH, E.URL_QUERY, E.URL_FRAGMENT]),
    (t'<script src="{x}/a.js"></script>', [E.RESOURCE_URL]),
    (t'<img srcset="{x} 1x, /b.png {x}">', [E.SRCSET, E.SRCSET]),
    (t'<meta http-equiv=refresh content="0; url={x}">', [E.REFRESH]),
    (t"<p onclick=\"f({x}, '{x}')\">", [E.JS_LITERAL, E.JS_STRING]),
    (t"<a :href=\"f({x}, '{x}')\">", [E.BOUND_URL_LITERAL, E.BOUND_URL_STRING]),
    (t'<div x-data="{{a: {x}}}">', [E.ALPINE_DATA]),
    (
        t"<p hx-trigger=\"click[ctrlKey && {x} == '{x}'] from:{x}\">",
        [E.FILTER_LITERAL, E.FILTER_STRING, E.TRIGGER],
    ),
    (t'<p hx-confirm="{x} sure?">', [E.JS_PREFIX]),
    (t'<p hx-confirm="Sure {x}?">', [E.ATTR_TEXT]),  # the static text settled how it starts
    (
        t"<p style=\"color: {x}; background: url({x}); content: '{x}'\">",
        [E.CSS_VALUE, E.CSS_URL, E.CSS_STRING],
    ),
    (
        t"<p style=\"background: url('/a/{x}?{x}#{x}')\">",
        [E.CSS_URL_PATH, E.CSS_URL_QUERY, E.CSS_URL_FRAGMENT],
    ),
    (t"<p {x}>", [E.SPREAD]),
]


def tag_of(template: Template) -> TagToken:
    (tag,) = [token for token in scan(template) if isinstance(token, TagToken)]
    return tag


@pytest.mark.parametrize(("template", "expected"), ATTRIBUTES)
def test_attribute_escapers(template: Template, expected: list[Escaper]) -> None:
    escapings = analyze_tag(tag_of(template))
    assert list(range(len(expected))) == sorted(escapings)
    assert expected == [escapings[n].escaper for n in sorted(escapings)]


def test_the_details_an_escaper_needs() -> None:
    assert {0: Escaping(E.ATTRIBUTE, kind=AttrKind.URL)} == analyze_tag(tag_of(t"<a href={x}>"))
    srcset = analyze_tag(tag_of(t'<img srcset="{x} 1x, /b.png {x}">'))
    assert [UrlPart.START, None] == [srcset[0].part, srcset[1].part]
    refresh = analyze_tag(tag_of(t'<meta http-equiv=refresh content="0; url=/a/{x}">'))
    assert UrlPart.PATH == refresh[0].part
    confirm = analyze_tag(tag_of(t'<p hx-confirm="&#32;{x}: sure?{x}">'))
    assert JsPrefix(" ", ": sure?", more=True) == confirm[0].prefix


def test_every_escaper_is_chosen_somewhere() -> None:
    chosen = {escaper for _, escapers in ATTRIBUTES for escaper in escapers}
    for template in (
        t"<p>{x}</p><svg>{x}</svg><title>{x}</title><!-- {x} -->",
        t"<script>f({x}, '{x}')</script>",
        t'<script type=importmap>{{"imports": {{"a": {x}}}}}</script>',
    ):
        chosen |= {
            token.escaper
            for token in scan(template)
            if isinstance(token, TextHole) and token.escaper
        }
    assert set(Escaper) == chosen


# -- a template's tags of the same shape are analyzed once (compiler/lower.py _analyzed) -------


def test_tags_that_differ_only_in_where_a_hole_stands_are_analyzed_apart() -> None:
    u = "javascript:alert(1)"
    # the same raw text (href="/x"), the same element, the hole before or after the text
    assert (
        '<a href="about:invalid#htmltemplates/x">a</a><a href="/xjavascript:alert(1)">b</a>'
        '<a href="about:invalid#htmltemplates/x">c</a><img src="/xjavascript:alert(1)">'
        '<a href="/xjavascript:alert(1)">d</a>'
    ) == html(
        t'<a href="{u}/x">a</a><a href="/x{u}">b</a><a href="{u}/x">c</a><img src="/x{u}">'
        t'<a href="/x{u}">d</a>'
    )


def test_a_refusal_after_a_tag_of_another_shape_points_at_its_own_hole() -> None:
    u = "/a"
    with pytest.raises(TemplateSyntaxError) as info:
        html(t'<a href="{u}">a</a><a href="{u}">b</a><a href="javascript:{u}">c</a>')
    assert Location.at_hole(2) == info.value.location
