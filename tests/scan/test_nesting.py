"""Templates whose end is uncertain, rendered inside other templates.

Every template is scanned on its own, as HTML. Some static text ends elsewhere for another
reader: markup in <title>, <script> or <style> and CDATA inside <svg>/<math>; a double-escaped
<script> or a stray '</noscript' anywhere. Such a template refuses its own later holes; these
tests pin that it is also refused where an outer template's later values would follow it, and
rendered everywhere else, with its static text exactly as written.
"""

from __future__ import annotations

from collections.abc import Callable
from string.templatelib import Template

import html5lib
import pytest

from htmltemplates import TemplateSyntaxError, html
from htmltemplates.integrations.flask import stream_html

EVIL = "*/alert(1)//"

# read otherwise only in foreign content
FOREIGN_ONLY = {
    "title-markup": t"<title><a onclick='/*</title>",
    "textarea-markup": t"<textarea><b title='</textarea>'>x</b></textarea>",
    "style-markup": t"<style><a title='</style>'>x</a></style>",
    "script-markup": t"<script>if (a<b) go()</script>",
    "cdata": t"<![CDATA[ x > y ]]>",
}
# read otherwise anywhere (or the uncertain text is inside the template's own <svg>)
ANYWHERE = {
    "script-comment": t"<script><!--<script>x()</script>",
    "noscript": t"<p title='</noscript>'>x</p>",
    "own-svg": t"<svg><title><a onclick='/*</title></svg>",
    "open-svg": t"<svg><g>",
    "open-math": t"<div><math><mi>x",
}


def Icon(*, shape: Template) -> Template:  # noqa: N802 - components are named like classes
    return shape


def Group(*, children: Template) -> Template:  # noqa: N802
    return t"<g>{children}</g>"


def Box(*, children: Template) -> Template:  # noqa: N802
    return t"<div>{children}</div>"


# Each place puts the template `b` where an outer template's later value follows it.
type Place = Callable[[Template], Template]

IN_FOREIGN: dict[str, Place] = {
    "svg": lambda b: t"<svg>{b}<text>{EVIL}</text></svg>",
    "math": lambda b: t"<math>{b}<mi>{EVIL}</mi></math>",
    "list-in-svg": lambda b: t"<svg>{[t'<g></g>', b]}<text>{EVIL}</text></svg>",
    "lazy-in-svg": lambda b: t"<svg>{(lambda: b)}{EVIL}</svg>",
    "through-a-template": lambda b: t"<svg>{t'<g>{b}</g>'}{EVIL}</svg>",
    "component-in-svg": lambda b: t"<svg><{Icon} shape={b} />{EVIL}</svg>",
    "children-in-svg": lambda b: t"<svg><{Group}>{b}</{Group}>{EVIL}</svg>",
    "svg-in-children": lambda b: t"<{Box}><svg>{b}</svg></{Box}>{EVIL}",
    "nested-svg-closed-once": lambda b: t"<svg><svg></svg>{b}</svg>{EVIL}",
}
IN_HTML: dict[str, Place] = {
    "text": lambda b: t"<p>{b}{EVIL}</p>",
    "list": lambda b: t"<ul>{[b, b]}{EVIL}</ul>",
    "after-closed-svg": lambda b: t"<svg></svg>{b}{EVIL}",
    "after-self-closed-svg": lambda b: t"<svg/>{b}{EVIL}",
    "component": lambda b: t"<{Icon} shape={b} />{EVIL}",
    "children": lambda b: t"<{Box}>{b}</{Box}>{EVIL}",
    "after-closed-math": lambda b: t"<math></math><p>{b}</p>{EVIL}",
}


def static_text(template: Template) -> str:
    assert not template.interpolations
    return template.strings[0]


@pytest.mark.parametrize("name", [*FOREIGN_ONLY, *ANYWHERE])
def test_on_its_own_it_renders_as_written(name: str) -> None:
    template = {**FOREIGN_ONLY, **ANYWHERE}[name]
    assert static_text(template) == html(template)


@pytest.mark.parametrize("place", IN_FOREIGN)
@pytest.mark.parametrize("name", FOREIGN_ONLY)
def test_read_otherwise_in_foreign_content_is_refused_there(name: str, place: str) -> None:
    template = FOREIGN_ONLY[name]
    with pytest.raises(TemplateSyntaxError) as info:
        html(IN_FOREIGN[place](template))
    error = info.value
    assert "nested-end" == error.anchor
    assert error.headline.startswith(
        "a template whose end is uncertain is rendered inside <svg>, <math> or <select> of "
        "another template"
    )
    assert template is error.template  # the excerpt shows the uncertain template


@pytest.mark.parametrize("place", [*IN_FOREIGN, *IN_HTML])
@pytest.mark.parametrize("name", ANYWHERE)
def test_read_otherwise_anywhere_is_refused_inside_any_template(name: str, place: str) -> None:
    template = ANYWHERE[name]
    with pytest.raises(TemplateSyntaxError) as info:
        html({**IN_FOREIGN, **IN_HTML}[place](template))
    assert "nested-end" == info.value.anchor
    assert template is info.value.template


@pytest.mark.parametrize("place", IN_HTML)
@pytest.mark.parametrize("name", FOREIGN_ONLY)
def test_read_otherwise_in_foreign_content_renders_in_html(name: str, place: str) -> None:
    """Outside <svg> and <math> every reader ends it where the scanner does: the outer value
    that follows is text, not part of the uncertain markup."""
    out = str(html(IN_HTML[place](FOREIGN_ONLY[name])))
    assert static_text(FOREIGN_ONLY[name]) in out
    assert out.endswith(EVIL) or out.endswith(EVIL + "</p>") or out.endswith(EVIL + "</ul>")
    for element in html5lib.parse(out, namespaceHTMLElements=False).iter():
        for attribute, value in element.attrib.items():
            assert "alert" not in value, (attribute, out)


def test_title_markup_read_as_an_onclick_inside_svg() -> None:
    """The title's markup, read as an <a> with an onclick inside <svg>, would have put the
    outer value inside that onclick's comment, where */ ends it."""
    inner = t"<title><a onclick='/*</title>"
    with pytest.raises(
        TemplateSyntaxError, match="inside <svg>, <math> or <select> of another template"
    ):
        html(t"<svg>{inner}<text>{EVIL}</text></svg>")
    assert "<p><title><a onclick='/*</title>*/alert(1)//</p>" == html(t"<p>{inner}{EVIL}</p>")


def test_markup_rendered_by_html_inside_a_component_in_svg_is_refused() -> None:
    """html() called while a component inside <svg> renders: the same template, the same risk,
    even though the result would be Markup."""
    inner = t"<title><a onclick='/*</title>"

    def Trusted() -> object:  # noqa: N802
        return html(inner)

    with pytest.raises(TemplateSyntaxError, match="nested-end"):
        html(t"<svg><{Trusted} />{EVIL}</svg>")
    assert "<p><title><a onclick='/*</title></p>" == html(t"<p><{Trusted} /></p>")


def test_the_foreign_mark_ends_with_the_hole() -> None:
    inner = t"<title><a onclick='/*</title>"
    after = t"<p>{inner}</p>"
    assert "<svg><g></g></svg><p><title><a onclick='/*</title></p>" == html(
        t"<svg>{t'<g></g>'}</svg>{after}"
    )


def test_plain_svg_templates_nest_anywhere() -> None:
    icon = t'<svg viewBox="0 0 8 8"><title>Close</title><path d="M0 0L8 8"/></svg>'
    assert '<p><svg viewBox="0 0 8 8"><title>Close</title><path d="M0 0L8 8"/></svg>x</p>' == html(
        t"<p>{icon}{'x'}</p>"
    )
    title = t"<title>{'a < b'}</title>"
    assert "<svg><title>a &lt; b</title></svg>" == html(t"<svg>{title}</svg>")


def test_streamed_nested_templates_are_judged_as_html_judges_them() -> None:
    """stream_html renders a nested template in pieces: it is refused there as in html()."""
    with pytest.raises(TemplateSyntaxError, match="nested-end"):
        "".join(str(c) for c in stream_html(t"<p>{[t'<svg><g>']}{EVIL}</p>").response)
    inner = t"<title><a onclick='/*</title>"
    with pytest.raises(TemplateSyntaxError, match="nested-end"):
        "".join(str(c) for c in stream_html(t"<svg>{[inner]}{EVIL}</svg>").response)
    page = t"<svg></svg><p>{iter([inner, inner])}{EVIL}</p>"
    chunks = [str(c) for c in stream_html(page, chunk_size=0).response]
    assert ["<svg></svg><p>", static_text(inner), static_text(inner), f"{EVIL}</p>"] == chunks
