"""The analysis alone: the Escaper it gives each hole of a tag's attributes.

test_scanner.py pins the escapers of holes in text, <script> and <style>; this table pins those
of attribute holes, and checks that every Escaper is chosen somewhere.
"""

from string.templatelib import Template

import pytest

from htmltemplates import html
from htmltemplates._spec import AttrKind, UrlPart
from htmltemplates.analyze.attributes import analyze_tag
from htmltemplates.analyze.walk import analyze
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
    (tag,) = [token for token in scan(template).tokens if isinstance(token, TagToken)]
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
        escapings = analyze(scanned := scan(template))
        chosen |= {
            escapings[token.slot].escaper for token in scanned.tokens if isinstance(token, TextHole)
        }
    assert set(Escaper) == chosen


# -- a template's tags of the same shape are analyzed once (analyze/walk.py _Tags.tag) ----------


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


# -- which refusal a template with several faults reports (analyze/walk.py) --------------------
#
# First the holes in text, scripts and styles with the scanner's own refusal at its place (the
# scan stops there), then the tags and component tags: the order html() has always had, which
# a single walk in template order would not give (an attribute before a <style> or a scan
# fault is reported after it).


def Card(**props: object) -> Template:  # noqa: N802 - a component, named as one
    return t""


v = "x"


def test_the_first_refusal_reported() -> None:
    for template, anchor, hole in [
        (t'<a onclick="/{v}/"></a><b a{v}=1>', "attribute-name", 1),
        (t"<script>/{v}/</script><b a{v}=1>", "script-value", 0),
        (t"<b a{v}=1><script>/{v}/</script>", "attribute-name", 0),
        (t"<style>{v} {{}}</style><b a{v}=1>", "css", 0),
        (t"<style>{v} {{}} </st{v}yle>", "end-tag", 1),  # the style never ends: not decided
        (t"<style>{v} {{}}</style><script>/{v}/</script>", "css", 0),
        (t'<a onclick="/{v}/"></a><style>{v} {{}}</style>', "css", 1),
        (t'<{Card} a=1 a=2 /><a onclick="/{v}/"></a>', "component-prop", None),
        (t'<a onclick="/{v}/"></a><{Card} a=1 a=2 />', "event-handler", 0),
        (t'<{Card}><a onclick="/{v}/"></a></{Card}><{Card} a=1 a=2 />', "event-handler", 1),
        (t"<{Card} a=1 a=2><script>/{v}/</script></{Card}>", "script-value", 1),
        (t'<a onclick="/{v}/"></a><{Card}>', "component-close", 1),
        (t"<script>/{v}/</script><!--", "script-value", 0),
        (t'<script>"{v}<b"; {v}</script>', "script-markup", 1),
    ]:
        with pytest.raises(TemplateSyntaxError) as info:
            html(template)
        assert (anchor, hole) == (info.value.anchor, info.value.location.slot), template
        # the steps of the pipeline raise it, html() only passes it on
        with pytest.raises(TemplateSyntaxError) as again:
            analyze(scan(template))
        assert (anchor, hole) == (again.value.anchor, again.value.location.slot), template


def test_the_scanner_hands_its_refusal_on() -> None:
    template = t"<p>{v}</p><script>/{v}/</script><b a{v}=1>{v}"  # htmltemplates: ignore
    scanned = scan(template)
    assert scanned.fault is not None
    assert "attribute-name" == scanned.fault.anchor
    assert scanned.nesting is None
    # the tokens stop where the scan did: the holes before the refusal, none after
    holes = [token.slot for token in scanned.tokens if isinstance(token, TextHole)]
    assert [0, 1] == holes
    with pytest.raises(TemplateSyntaxError) as info:
        analyze(scanned)  # the script's hole comes first
    assert ("script-value", 1) == (info.value.anchor, info.value.location.slot)
