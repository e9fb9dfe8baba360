"""Templates whose end is uncertain, nested in other templates: each way the uncertainty can
reach the outer template's values, and each place where refusing would be wrong.

Refused where it must be, rendered where it may. The static text of every template is an honest
author's; EVIL and INJECTED are the attacker's values. html5lib (a spec-compliant parser) is the
judge of where a value really lands.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from string.templatelib import Interpolation, Template
from typing import Any

import html5lib
import pytest

from htmltemplates import Markup, Provider, TemplateError, TemplateSyntaxError, html
from htmltemplates.integrations.flask import stream_html

EVIL = "*/alert(1)//"  # ends the comment the uncertain markup opened in an event handler
INJECTED = "<img src=x onerror=alert(1)>"
TITLE = t"<title><a onclick='/*</title>"  # markup in <title>, an <a onclick> inside <svg>
NS_HTML = "{http://www.w3.org/1999/xhtml}"


def handlers(out: str) -> list[tuple[str, str, str]]:
    """The event handlers of the document html5lib builds from ``out``."""
    return [
        (element.tag, name, value)
        for element in html5lib.parse(out, namespaceHTMLElements=False).iter()
        for name, value in element.attrib.items()
        if name.startswith("on")
    ]


def refusal(template: Template) -> str | None:
    """The anchor of the TemplateSyntaxError html() raises for ``template``, or None."""
    try:
        html(template)
    except TemplateSyntaxError as error:
        return error.anchor
    return None


def refused(template: Template) -> bool:
    return "nested-end" == refusal(template)


# -- a second uncertain construct must not hide a double-escaped <script> ----------------------
#
# Uncertainty.reason keeps only the last reason, and Nesting.foreign_only is computed from its
# anchor: a <script> with '<!--' and '<script' (refused anywhere) followed by markup in
# <title>/<style>/<script> or a CDATA section (refused only in foreign content) is rendered
# inside any HTML element, and the double-escaped script swallows the outer template.

SCRIPT_COMMENT = "<script><!--\nvar s = '<script>'; // </script>"
DOWNGRADED = {
    "then-title-markup": Template(SCRIPT_COMMENT + "<title><b>Tip</b></title>"),
    "then-script-markup": Template(SCRIPT_COMMENT + "<script>if (a<b) go()</script>"),
    "then-style-markup": Template(SCRIPT_COMMENT + "<style><b></b></style>"),
    "then-cdata": Template(SCRIPT_COMMENT + "<![CDATA[ x ]]>"),
}


def test_a_double_escaped_script_alone_is_refused_inside_another_template() -> None:
    assert refused(t"<div>{Template(SCRIPT_COMMENT)}</div>{'x'}")


@pytest.mark.parametrize("name", DOWNGRADED)
def test_a_double_escaped_script_stays_refused_after_other_uncertain_text(name: str) -> None:
    """Rendered, ``alert(1)`` (a text value) runs in Chromium: the script element ends only at
    the outer template's '-->' and '</script>', and everything between is its source."""
    inner = DOWNGRADED[name]
    assert refused(t"<div>{inner}</div>\n{'alert(1)'}\n<!-- end -->\n<script>f()</script>")


@pytest.mark.parametrize("name", DOWNGRADED)
def test_what_the_downgraded_template_does_to_the_outer_value(name: str) -> None:
    """Why it matters: html5lib puts the outer value inside the <script>."""
    inner = DOWNGRADED[name]
    try:
        out = str(html(t"<div>{inner}</div>\n{'alert(1)'}\n<!-- end -->\n<script>f()</script>"))
    except TemplateSyntaxError:
        return  # fixed
    scripts = [
        element.text or ""
        for element in html5lib.parse(out, namespaceHTMLElements=False).iter("script")
    ]
    assert any("alert(1)" in text for text in scripts)


def test_noscript_then_other_uncertain_text_stays_refused_everywhere() -> None:
    """The stray '</noscript' is judged after the whole string: it is the last reason, and the
    template stays refused outside <svg> (the order that is right by luck)."""
    inner = t"<title><b>x</b></title><p title='</noscript>'>x</p>"
    assert refused(t"<p>{inner}{EVIL}</p>")


def test_other_uncertain_text_then_a_double_escaped_script_stays_refused() -> None:
    inner = t"<title><b>x</b></title><script><!--<script></script>"
    assert refused(t"<p>{inner}{EVIL}</p>")


# -- html() called while another template renders must not fall back to "on its own" -----------
#
# The top_level fallback of html() cannot tell html() called by the application from html()
# called by a component, an __html__ method (the class-based components of
# docs/components.md) or a lazy value while an outer template renders: a template refused
# anywhere (one that leaves <svg> open, a double-escaped script, a stray '</noscript') renders
# there as if nothing followed it.


class OpenIcon:
    """A class-based component as docs/components.md writes them, whose author forgot
    </svg>."""

    def __html__(self) -> str:
        return html(t'<svg viewBox="0 0 8 8"><path d="M0 0L8 8"/>')


def open_icon() -> Template:
    return t'<svg viewBox="0 0 8 8"><path d="M0 0L8 8"/>'


def open_icon_markup() -> Markup:
    return html(t'<svg viewBox="0 0 8 8"><path d="M0 0L8 8"/>')


def test_a_component_returning_the_open_template_is_refused() -> None:
    assert refused(t"<p><{open_icon} />{TITLE}{EVIL}</p><p class='x'>ok</p>")


INSIDE_A_RENDER: dict[str, Callable[[], Template]] = {
    "__html__-tag": lambda: t"<p><{OpenIcon} />{TITLE}{EVIL}</p><p class='x'>ok</p>",
    "__html__-value": lambda: t"<p>{OpenIcon()}{TITLE}{EVIL}</p><p class='x'>ok</p>",
    "component-returns-html": lambda: t"<p><{open_icon_markup} />{TITLE}{EVIL}</p><p class='x'>",
    "lazy-value": lambda: t"<p>{open_icon_markup}{TITLE}{EVIL}</p><p class='x'>ok</p>",
}


@pytest.mark.parametrize("place", INSIDE_A_RENDER)
def test_html_called_while_another_template_renders_is_nested(place: str) -> None:
    """Rendered, the <svg> stays open, the TITLE becomes an <a onclick> and EVIL runs
    (html5lib and Chromium agree)."""
    assert refused(INSIDE_A_RENDER[place]())


@pytest.mark.parametrize("place", INSIDE_A_RENDER)
def test_what_html_inside_a_render_lets_through(place: str) -> None:
    try:
        out = str(html(INSIDE_A_RENDER[place]()))
    except TemplateSyntaxError:
        return  # fixed
    assert ("a", "onclick", "/*</title>*/alert(1)//</p><p class=") == handlers(out)[0]


def test_a_double_escaped_script_from_an_html_method_is_refused() -> None:
    class Legacy:
        def __html__(self) -> str:
            return html(t"<script><!--<script></script>")

    assert refused(t"<div>{Legacy()}</div>{EVIL}")


def test_html_called_by_a_lazy_value_in_a_stream_is_nested() -> None:
    with pytest.raises(TemplateSyntaxError, match="nested-end"):
        "".join(str(c) for c in stream_html(t"<p>{open_icon_markup}{EVIL}</p>").response)


def test_html_on_its_own_still_renders_the_open_template() -> None:
    assert '<svg viewBox="0 0 8 8"><path d="M0 0L8 8"/>' == OpenIcon().__html__()


def test_html_inside_a_component_in_svg_is_refused_for_foreign_only_text() -> None:
    """_FOREIGN is set while the __html__ method runs."""

    class Title:
        def __html__(self) -> str:
            return html(TITLE)

    assert refused(t"<svg>{Title()}<text>{EVIL}</text></svg>")
    assert refused(t"<svg><{Title} /><text>{EVIL}</text></svg>")
    theme = Provider("nesting-theme", default="light")
    assert refused(t"<svg><{theme.provide} value=dark>{TITLE}</{theme.provide}>{EVIL}</svg>")


# -- __html__ returning a Template (html() forgotten) must not put its repr in the page ---------


class Forgot:
    """A class-based component whose __html__ returns the t-string instead of html() of it."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __html__(self) -> Any:
        return t"<div role=alert>{self.message}</div>"


def forgot(*, message: str) -> Forgot:
    return Forgot(message)


FORGOT_PLACES: dict[str, Callable[[], Template]] = {
    "value": lambda: t"<p>{Forgot(INJECTED)}</p>",
    "component-tag": lambda: t"<p><{forgot} message={INJECTED} /></p>",
    "svg": lambda: t"<svg>{Forgot(INJECTED)}</svg>",
    "lazy": lambda: t"<p>{(lambda: Forgot(INJECTED))}</p>",
}


@pytest.mark.parametrize("place", FORGOT_PLACES)
def test_an_html_method_returning_a_template_injects_nothing(place: str) -> None:
    """Today the output is ``Template(strings=(...), interpolations=(Interpolation('<img src=x
    onerror=alert(1)>', ...)))``: the value unescaped, and Chromium runs it. Rendering the
    Template (as a nested template) or refusing it are both fixes."""
    try:
        out = str(html(FORGOT_PLACES[place]()))
    except TemplateError:
        return
    assert not any(
        element.tag in ("img", f"{NS_HTML}img")
        for element in html5lib.parse(out, namespaceHTMLElements=False).iter()
    )
    assert INJECTED not in out


@pytest.mark.parametrize(
    "place",
    [
        lambda: t"<p>{[Forgot(INJECTED)]}</p>",
        lambda: t"<iframe srcdoc={Forgot(INJECTED)}></iframe>",
        lambda: t"<!-- {Forgot(INJECTED)} -->",
        lambda: t"<title>{Forgot(INJECTED)}</title>",
    ],
    ids=["list", "srcdoc", "comment", "title"],
)
def test_an_html_method_returning_a_template_elsewhere_is_a_template_error(
    place: Callable[[], Template],
) -> None:
    try:
        out = str(html(place()))
    except TemplateError:
        return
    assert INJECTED not in out


# -- a legacy <select> reads <title> and <style> as markup too ---------------------------------
#
# In the "in select" insertion mode of the HTML standard before the 2025 customizable-select
# change (html5lib, and browsers without that change), <title>, <style>, <xmp>... start tags
# are ignored, so the tokenizer never enters RCDATA/RAWTEXT: a nested template's markup in
# them is parsed, and an <input> there closes the select and is inserted. Chromium 156 parses
# <select> content as in <body> and is not affected.

IN_SELECT = {
    "title-input": t"<title><input autofocus onfocus='/*</title>",
    "style-input": t"<style><input onfocus='/*</style>",
}


@pytest.mark.parametrize("name", IN_SELECT)
def test_what_a_legacy_select_parser_does_with_it(name: str) -> None:
    place = t"<select>{IN_SELECT[name]}<option>{EVIL}</option></select><p class='x'>ok</p>"
    try:
        out = str(html(place))
    except TemplateSyntaxError:
        return  # fixed
    assert "input" == handlers(out)[0][0]
    assert "*/alert(1)//" in handlers(out)[0][2]


@pytest.mark.parametrize("name", IN_SELECT)
def test_markup_in_title_or_style_is_refused_inside_select(name: str) -> None:
    assert refused(t"<select>{IN_SELECT[name]}<option>{EVIL}</option></select><p class='x'>")


# -- an </svg> that HTML content inside an integration point ignores ---------------------------
#
# The scanner pops <svg> at every </svg>; the tree builder ignores </svg> while an HTML
# element inside <foreignObject>, <desc> or <title> (of SVG) or <mi>... is open. Once the author
# then closes that element and the integration point, the outer template is in <svg> again,
# but its holes are not marked foreign. (Unbalanced static text: low likelihood.)

AFTER_IGNORED_END = {
    "desc-p": lambda b: (
        t"<svg><desc><p>Chart of {'sales'}</svg></p></desc>{b}{EVIL}<text class='x'></text></svg>"
    ),
    "foreignobject-div": lambda b: (
        t"<svg><foreignObject><div>{'x'}</svg></div></foreignObject>{b}{EVIL}</svg><p class='x'>"
    ),
}


@pytest.mark.parametrize("name", AFTER_IGNORED_END)
def test_svg_end_tag_ignored_by_the_tree_builder_keeps_holes_foreign(name: str) -> None:
    assert refused(AFTER_IGNORED_END[name](TITLE))


# -- checked and sound: where a <title> after static text really is foreign content -----------

# static text before a hole: is a <title> written at the hole in foreign content (html5lib)?
PREFIXES = [
    "<svg>",
    "<SVG>",
    "<svg / >",
    "<svg x=a/>",
    "<svg><svg></svg>",
    "<math>",
    "<math><mi><mglyph>",
    "<math><annotation-xml>",
    "<svg><font>",
    "<svg></math>",
    "<svg></p>",
    "<svg></br>",
    "<table><svg>",
    "<table><tr><svg>",
    "<template><svg>",
    "<svg><template>",
    "<svg><title></title>",
    "<svg><g><title>x</title>",
    "<svg><!-- </svg> -->",
    "<svg><a title='</svg>'>",
    "<svg/>",
    "<svg />",
    "<svg x='a'/>",
    "<svg></svg >",
    "<svg></SVG>",
    "<svg></svg/>",
    "<svg></svg foo>",
    "<math><svg></math>",
    "<svg><math></svg>",
    "<svg><p></svg>",
]
# where the scanner counts foreign content and the tree builder does not: more refusals only
OVER_APPROXIMATED = [
    "<math><mi>",
    "<math><annotation-xml encoding=text/html>",
    "<svg><foreignObject>",
    "<svg><foreignObject><p>",
    "<svg><desc>",
    "<svg><p>",
    "<svg><br>",
    "<svg><font color=red>",
    "<select><svg>",
]


def title_is_foreign(prefix: str) -> bool:
    document = html5lib.parse(prefix + "<title id=probe></title>", namespaceHTMLElements=True)
    probe = next((element for element in document.iter() if element.get("id") == "probe"), None)
    return probe is not None and not probe.tag.startswith(NS_HTML)  # None: the tag is ignored


@pytest.mark.parametrize("prefix", PREFIXES)
def test_the_foreign_mark_agrees_with_the_tree_builder(prefix: str) -> None:
    assert title_is_foreign(prefix) == refused(Template(prefix, Interpolation(TITLE, "b"), ""))


@pytest.mark.parametrize("prefix", OVER_APPROXIMATED)
def test_the_foreign_mark_over_approximates_after_breakouts_and_integration_points(
    prefix: str,
) -> None:
    assert not title_is_foreign(prefix)
    assert refused(Template(prefix, Interpolation(TITLE, "b"), ""))


# -- checked and sound: escapers inside <svg>, where scripts and styles decode references ------

SVG_SCRIPT_VALUES = ["&#39;;alert(1)//", "&lt;/script&gt;", "]]>", "<![CDATA[", "&#x60;${alert(1)}"]


@pytest.mark.parametrize("value", SVG_SCRIPT_VALUES)
def test_values_in_svg_scripts_and_styles_carry_no_reference_or_markup(value: str) -> None:
    """In <svg> a script's and a style's character references are decoded before they run:
    the escapers leave no '&' or '<' for the decoder, nested or not."""
    inner = t"<script>var a = '{value}';</script><style>p {{ content: '{value}' }}</style>"
    for template in (
        t"<svg><script>var a = '{value}'; var b = `{value}`; var c = {value};</script></svg>",
        t"<svg><style>p {{ content: '{value}'; background: url({value}) }}</style></svg>",
        t"<svg>{inner}</svg>",
    ):
        out = str(html(template))
        document = html5lib.parse(out, namespaceHTMLElements=False)
        bodies = [el.text or "" for el in document.iter() if el.tag.endswith(("script", "style"))]
        assert bodies
        for body in bodies:  # decoded as <svg> decodes it, it is still what was written
            assert body in out, (body, out)
            assert "<" not in body


def test_a_nested_template_in_svg_rcdata_or_a_comment_is_text() -> None:
    assert "<svg><title>&lt;title&gt;&lt;a onclick='/*&lt;/title&gt;</title></svg>" == html(
        t"<svg><title>{TITLE}</title></svg>"
    )
    assert "<svg><!-- &lt;title&gt;&lt;a onclick=&#39;/*&lt;/title&gt; --></svg>" == html(
        t"<svg><!-- {TITLE} --></svg>"
    )


# -- checked and sound: the foreign mark (a ContextVar) is scoped to its hole ------------------


def Boom() -> Template:  # noqa: N802 - components are named like classes
    raise RuntimeError("boom")


def test_the_foreign_mark_is_reset_when_a_render_inside_svg_raises() -> None:
    with pytest.raises(RuntimeError):
        html(t"<svg><{Boom} /></svg>")
    assert "<p><title><a onclick='/*</title></p>" == html(t"<p>{TITLE}</p>")


def test_the_foreign_mark_does_not_reach_other_threads_or_tasks() -> None:
    """A render in <svg> on one thread, waiting, while another thread and an asyncio task
    render the TITLE template in HTML: they render it; the one in <svg> is refused."""
    entered, release = threading.Event(), threading.Event()
    seen: list[object] = []

    def Wait() -> Template:  # noqa: N802
        entered.set()
        release.wait(5)
        return TITLE

    def in_svg() -> None:
        try:
            html(t"<svg><{Wait} />{EVIL}</svg>")
        except TemplateSyntaxError as error:
            seen.append(error.anchor)

    thread = threading.Thread(target=in_svg)
    thread.start()
    assert entered.wait(5)

    async def task() -> str:
        return str(html(t"<p>{TITLE}</p>"))

    try:
        other: list[str] = []
        worker = threading.Thread(target=lambda: other.append(str(html(t"<p>{TITLE}</p>"))))
        worker.start()
        worker.join(5)
        from_task = asyncio.run(task())
    finally:
        release.set()
        thread.join(5)
    assert ["<p><title><a onclick='/*</title></p>"] * 2 == [*other, from_task]
    assert ["nested-end"] == seen


def test_a_stream_closed_early_leaves_no_foreign_mark() -> None:
    def rows() -> Iterator[Template]:
        yield t"<li>1</li>"
        yield t"<li>2</li>"

    response = stream_html(t"<svg></svg><ul>{rows()}</ul>", chunk_size=0)
    chunks = iter(response.response)
    assert "<svg></svg><ul>" == next(chunks)
    response.close()
    assert "<p><title><a onclick='/*</title></p>" == html(t"<p>{TITLE}</p>")


def test_stream_html_refuses_in_foreign_holes_what_html_refuses() -> None:
    with pytest.raises(TemplateSyntaxError, match="nested-end"):
        "".join(str(c) for c in stream_html(t"<svg>{(lambda: [TITLE])}{EVIL}</svg>").response)
    with pytest.raises(TemplateSyntaxError, match="nested-end"):
        "".join(str(c) for c in stream_html(t"<p>{(x for x in [open_icon()])}{EVIL}</p>").response)


# -- checked and sound: the top-level fallback of html() ---------------------------------------


def test_equal_strings_do_not_make_a_nested_template_top_level() -> None:
    """A template nested in another with the same strings (a recursive component, or one built
    by hand) is refused: the outer one is refused first, and its fallback renders the inner
    one as nested."""
    inner = t"<svg><g>"
    same = Template(*inner.strings)
    assert inner.strings == same.strings
    assert "<svg><g>" == html(same)

    def node(child: object) -> Template:
        return t"{child}<svg><g>"

    assert "<svg><g>" == html(node(None))
    assert refused(node(node(None)))
    assert refused(Template(Interpolation(same, "same"), "<p>", Interpolation(EVIL, "v")))


def test_a_fused_component_plan_is_judged_like_any_other() -> None:
    """A template that is one component tag (the fused plan of 2bb4e92), nested in <svg>."""

    def Shape(*, inner: Template) -> Template:  # noqa: N802
        return inner

    fused = t"<{Shape} inner={TITLE} />"
    assert "<title><a onclick='/*</title>" == html(fused)
    assert refused(t"<svg>{fused}<text>{EVIL}</text></svg>")
    assert refused(t"<svg>{[fused]}<text>{EVIL}</text></svg>")
    assert refused(t"<p>{t'<{Shape} inner={open_icon()} />'}{EVIL}</p>")


def test_slots_and_children_nested_two_levels_deep_in_svg_are_refused() -> None:
    def Card(*, head: Template, children: Template) -> Template:  # noqa: N802
        return t"<g>{head}</g><g>{children}</g>"

    def Frame(*, children: Template) -> Template:  # noqa: N802
        return t"<svg>{children}</svg>"

    assert refused(t"<svg><{Card} head={TITLE}>x</{Card}>{EVIL}</svg>")
    assert refused(t"<{Frame}><{Card} head={t'<g/>'}>{TITLE}</{Card}></{Frame}>{EVIL}")
    assert refused(t"<{Frame}>{[t'<g/>', [TITLE]]}</{Frame}>{EVIL}")


# -- false refusals a user would hit ---------------------------------------------------------


def Logo() -> Template:  # noqa: N802 - an icon exported by an older Illustrator, pasted as is
    return t"""<svg viewBox="0 0 16 16"><style type="text/css"><![CDATA[
.st0{{fill:#E30613;}}
]]></style><path class="st0" d="M0 0h16v16H0z"/></svg>"""


def Widget() -> Template:  # noqa: N802
    return t"<div><script>for (let i = 0; i<n; i++) go(i)</script></div>"


def test_an_svg_icon_with_a_cdata_style_nests() -> None:
    """Both readings end the style at the same '</style>': a <style> whose body is one CDATA
    section without '<' in it is read alike as raw text and as foreign content."""
    assert refusal(t"<header><{Logo} /> <h1>{'Shop'}</h1></header>") is None


@pytest.mark.parametrize(
    "document",
    [
        t"<!doctype html><script><!--\ndocument.write('<script src=a.js><\\/script>')\n</script>",
        t"<!doctype html><svg><title>a</title>",
    ],
    ids=["double-escaped-script", "open-svg"],
)
def test_a_srcdoc_document_is_rendered_on_its_own(document: Template) -> None:
    """Nothing of the outer template follows a document in srcdoc: it is a document of its
    own, escaped into one attribute value."""
    assert refusal(t"<iframe srcdoc={document}></iframe>{EVIL}") is None


def test_a_srcdoc_document_inside_svg_is_not_foreign() -> None:
    document = t"<!doctype html><script>if (a<b) go()</script>"
    frame = t"<foreignObject><iframe srcdoc={document}></iframe></foreignObject>"
    assert refusal(t"<svg>{frame}</svg>") is None


def test_html_content_in_foreign_object_is_refused_as_if_foreign() -> None:
    """Over-approximation the docs accept: HTML inside <foreignObject> counts as foreign."""
    assert refused(t"<svg><foreignObject><{Widget} /></foreignObject></svg>")
    assert "<main><div><script>for (let i = 0; i<n; i++) go(i)</script></div></main>" == html(
        t"<main><{Widget} /></main>"
    )
