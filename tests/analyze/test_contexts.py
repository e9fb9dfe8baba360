"""Contexts other than plain text and attributes: RCDATA (<title>, <textarea>), comments, and
every position that is refused at parse time (docs/contexts.md, "What is refused, and why").

Refusals are checked by type and headline here; tests/api/test_errors.py checks full messages.
"""

from __future__ import annotations

from string.templatelib import Interpolation, Template

import pytest
from hostile import EVIL, EVIL_ESCAPED, SCRIPT, comments, structure, text_of
from markupsafe import Markup

from htmltemplates import RenderError, TemplateSyntaxError, TrustedResourceURL, html

X = "v"
ATTRS = {"id": "a"}
RED = "red"
LIST = ["a", "<b>"]


class Widget:
    def __html__(self) -> str:
        return "<i>w</i> &amp; co"


# -- RCDATA: <title> and <textarea> ---------------------------------------------------------------

RCDATA = [
    pytest.param(t"<title>{EVIL}</title>", f"<title>{EVIL_ESCAPED}</title>", id="title-str"),
    pytest.param(
        t"<textarea>{EVIL}</textarea>", f"<textarea>{EVIL_ESCAPED}</textarea>", id="textarea-str"
    ),
    pytest.param(
        t"<title>{'</title><script>alert(1)</script>'}</title>",
        "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>",
        id="title-end-tag-in-str",
    ),
    pytest.param(
        t"<textarea>{'</textarea><img src=x onerror=alert(1)>'}</textarea>",
        "<textarea>&lt;/textarea&gt;&lt;img src=x onerror=alert(1)&gt;</textarea>",
        id="textarea-end-tag-in-str",
    ),
    pytest.param(
        t"<title>{Markup('<b>Tom</b> &amp; Jerry')}</title>",
        "<title>&lt;b&gt;Tom&lt;/b&gt; &amp; Jerry</title>",
        id="title-markup-tags-made-text-entities-kept",
    ),
    pytest.param(
        t"<textarea>{Markup('</textarea><script>')}</textarea>",
        "<textarea>&lt;/textarea&gt;&lt;script&gt;</textarea>",
        id="textarea-markup-cannot-close",
    ),
    pytest.param(
        t"<title>{Widget()}</title>",
        "<title>&lt;i&gt;w&lt;/i&gt; &amp; co</title>",
        id="title-__html__-object",
    ),
    pytest.param(
        t"<title>{t'<b>{EVIL}</b>'}</title>",
        "<title>&lt;b&gt;&lt;b&gt;&amp;&#39;&#34;&lt;/b&gt;</title>",
        id="title-template",
    ),
    pytest.param(
        t"<title>{[t'<i>{x}</i>' for x in LIST]}</title>",
        "<title>&lt;i&gt;a&lt;/i&gt;&lt;i&gt;&lt;b&gt;&lt;/i&gt;</title>",
        id="title-list-of-templates",
    ),
    pytest.param(t"<title>{LIST}</title>", "<title>a&lt;b&gt;</title>", id="title-list-of-str"),
    pytest.param(t"<title>{None}</title>", "<title></title>", id="title-none"),
    pytest.param(t"<title>{True}</title>", "<title></title>", id="title-true"),
    pytest.param(t"<title>{3:03d}</title>", "<title>003</title>", id="title-format-spec"),
    pytest.param(t"<title>{(lambda: EVIL)}</title>", f"<title>{EVIL_ESCAPED}</title>", id="lazy"),
    pytest.param(
        t"<TITLE>Page: {X} | Site</TITLE>", "<TITLE>Page: v | Site</TITLE>", id="title-upper"
    ),
    pytest.param(
        t"<title>a {X} b {X}</title><p>{X}</p>",
        "<title>a v b v</title><p>v</p>",
        id="title-then-text",
    ),
    pytest.param(t"<title>< {X}</title>", "<title>< v</title>", id="title-lt-space-hole"),
    pytest.param(
        t"<textarea name=t>\n{X}</textarea>", "<textarea name=t>\nv</textarea>", id="textarea-nl"
    ),
    pytest.param(
        t"<textarea>{X}</textarea >{X}", "<textarea>v</textarea >v", id="end-tag-with-space"
    ),
]


@pytest.mark.parametrize(("template", "expected"), RCDATA)
def test_rcdata(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize("element", ["title", "textarea"])
@pytest.mark.parametrize(
    "value",
    [
        EVIL,
        SCRIPT,
        "</title></textarea><script>alert(1)</script>",
        Markup("</title></textarea><script>alert(1)</script>"),
        "&lt;not a tag&gt;",
    ],
)
def test_rcdata_cannot_be_closed_by_a_value(element: str, value: object) -> None:
    template = Template(f"<{element}>", Interpolation(value, "value"), f"</{element}><p>after</p>")
    markup = html(template)
    assert [(element, ()), ("p", ())] == structure(markup)
    if not isinstance(value, Markup):
        assert value == text_of(markup, element)


RCDATA_REFUSED = [
    pytest.param(t"<title></{X}</title>", id="title-lt-slash-hole"),
    pytest.param(t"<title>x</ti{X}</title>", id="title-partial-end-tag"),
    pytest.param(t"<title><{X}</title>", id="title-lt-hole"),
    pytest.param(t"<textarea></{X}</textarea>", id="textarea-lt-slash-hole"),
    pytest.param(t"<textarea>a</TEXT{X}</textarea>", id="textarea-partial-upper"),
]


@pytest.mark.parametrize("template", RCDATA_REFUSED)
def test_rcdata_hole_that_could_complete_an_end_tag(template: Template) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    element = "title" if "title" in template.strings[0] else "textarea"
    headline = f"interpolation that could complete an end tag inside <{element}>"
    assert headline == info.value.headline


def test_rcdata_rejects_dicts() -> None:
    with pytest.raises(RenderError) as info:
        html(t"<title>{ {'a': 1} }</title>")
    assert info.value.headline == "a dict where text is expected: {'a': 1}"


# -- comments -------------------------------------------------------------------------------------

COMMENTS = [
    pytest.param(t"<!-- {EVIL} -->", f"<!-- {EVIL_ESCAPED} -->", id="str"),
    pytest.param(t"<!-- {'-->'} -->", "<!-- &#45;&#45;&gt; -->", id="close"),
    pytest.param(t"<!-- {'--!>'} -->", "<!-- &#45;&#45;&#33;&gt; -->", id="close-bang"),
    pytest.param(t"<!-- {'<!--'} -->", "<!-- &lt;&#33;&#45;&#45; -->", id="open-nested"),
    pytest.param(t"<!-- {'--'} -->", "<!-- &#45;&#45; -->", id="double-dash"),
    pytest.param(t"<!--{'>'}-->", "<!--&gt;-->", id="leading-gt"),
    pytest.param(t"<!--{'->'}-->", "<!--&#45;&gt;-->", id="leading-dash-gt"),
    pytest.param(t"<!--{'<!-'}-->", "<!--&lt;&#33;&#45;-->", id="trailing-lt-bang-dash"),
    pytest.param(t"<!--{X}-->", "<!--v-->", id="no-spaces"),
    pytest.param(t"<!-- a {X} b {X} -->", "<!-- a v b v -->", id="several"),
    pytest.param(t"<!-- {42} -->", "<!-- 42 -->", id="int"),
    pytest.param(t"<!-- {None} -->", "<!--  -->", id="none"),
    pytest.param(t"<!-- {-1} -->", "<!-- &#45;1 -->", id="negative-number"),
    pytest.param(
        t"<!-- {Markup('<b>x</b> &amp;')} -->",
        "<!-- &lt;b&gt;x&lt;/b&gt; &amp;amp; -->",
        id="markup-shown-as-text",
    ),
    pytest.param(
        t"<!-- {Markup('--><script>alert(1)</script>')} -->",
        "<!-- &#45;&#45;&gt;&lt;script&gt;alert(1)&lt;/script&gt; -->",
        id="markup-cannot-close",
    ),
    pytest.param(
        t"<!-- {t'<i>{X}</i>'} -->", "<!-- &lt;i&gt;v&lt;/i&gt; -->", id="template-as-text"
    ),
    pytest.param(t"<!-- {LIST} -->", "<!-- a&amp;lt;b&amp;gt; -->", id="list-html-escaped-again"),
    pytest.param(t"<!-- {X} --><p>{X}</p>", "<!-- v --><p>v</p>", id="then-text"),
    pytest.param(t"<!-- -{X}- -->", "<!-- -v- -->", id="dash-space-safe"),
    pytest.param(t"<!-- {X}{X}-> -->", "<!-- vv-> -->", id="two-holes-dash-gt"),
    pytest.param(t"<!-- <!-{X}- -->", "<!-- <!-v- -->", id="nested-open-is-not-a-close"),
    pytest.param(t"<!---->{X}", "<!---->v", id="empty-comment-static"),
    pytest.param(t"<!-->{X}", "<!-->v", id="abrupt-empty-comment-static"),
    pytest.param(t"<!--->{X}", "<!--->v", id="abrupt-dash-comment-static"),
]


@pytest.mark.parametrize(("template", "expected"), COMMENTS)
def test_comments(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    "value",
    [
        "-->",
        "--!>",
        "--",
        "-",
        "!",
        ">",
        "->",
        "<!--",
        "<!-",
        "--><script>alert(1)</script>",
        Markup("--><script>alert(1)</script>"),
        t"--><script>alert(1)</script>",
    ],
)
@pytest.mark.parametrize(
    "strings",
    [
        ("<!--", "--><p>after</p>"),
        ("<!-- ", " --><p>after</p>"),
        ("<!---", " --><p>after</p>"),
        ("<!-- -", " --><p>after</p>"),
        ("<!-- --", " --><p>after</p>"),
    ],
)
def test_no_value_ends_a_comment(strings: tuple[str, str], value: object) -> None:
    markup = html(Template(strings[0], Interpolation(value, "value"), strings[1]))
    assert structure(markup) == [("p", ())]
    assert text_of(markup, "p") == "after"
    assert len(comments(markup)) == 1


COMMENT_JOINS = [
    pytest.param(t"<!--{X}>", id="gt-after-open"),
    pytest.param(t"<!--{X}->", id="dash-gt-after-open"),
    pytest.param(t"<!--{X}-><p>{X}</p>-->", id="dash-gt-after-open-then-more"),
    pytest.param(t"<!-- -{X}-> -->", id="dash-hole-dash-gt"),
    pytest.param(t"<!-- --{X}> -->", id="dash-dash-hole-gt"),
    pytest.param(t"<!-- -{X}-!> -->", id="dash-hole-dash-bang-gt"),
    pytest.param(t"<!-- --!{X}> -->", id="dash-dash-bang-hole-gt"),
    pytest.param(t"<!-- -{X}{X}-> -->", id="two-empty-holes"),
]


@pytest.mark.parametrize("template", COMMENT_JOINS)
def test_comment_hole_whose_empty_value_would_end_the_comment(template: Template) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    headline = "interpolation where an empty value would end the comment"
    assert headline == info.value.headline


# -- refused at parse time ------------------------------------------------------------------------


def _in(element: str) -> Template:
    return Template(f"<{element}>", Interpolation(X, "X"), f"</{element}>")


REFUSED = [
    # <script>: holes only where JavaScript expects an expression (tests/analyze/test_javascript.py)
    pytest.param(
        t"<script>var a = /{X}/;</script>",
        "interpolation inside a regular expression in <script>",
        id="script-regex",
    ),
    pytest.param(
        t'<script type="text/x-template">{X}</script>',
        "interpolation inside a <script> whose type is neither JavaScript nor JSON",
        id="script-data-block",
    ),
    # <style> bodies: values go in property values, strings and url()s (tests/analyze/test_css.py)
    pytest.param(t"<style>{X}</style>", "interpolation inside a selector in <style>"),
    pytest.param(
        t"<style>p {{ {X}: red }}</style>",
        "interpolation inside a property name in <style>",
        id="style-property",
    ),
    # raw text elements whose content cannot be escaped
    *(
        pytest.param(
            _in(element),
            f"interpolation inside <{element}>, whose content cannot be escaped",
            id=element,
        )
        for element in ("xmp", "iframe", "noembed", "noframes", "plaintext")
    ),
    # event handlers: holes only where an expression goes (tests/analyze/test_javascript.py)
    pytest.param(
        t'<a onclick="go(String.raw`{X}`)">',
        "interpolation inside a tagged template literal in the event-handler attribute onclick",
        id="onclick-in-a-tagged-template",
    ),
    pytest.param(
        t"<body ONLOAD='go(/{X}/)'>",
        "interpolation inside a regular expression in the event-handler attribute onload",
        id="onload-upper-regex",
    ),
    # style values with text around the hole: as in <style>
    pytest.param(
        t'<p style="color: red /* {X} */">',
        "interpolation inside a comment in the style attribute",
        id="style-partial-comment",
    ),
    pytest.param(
        t"<p style='{X}; color: red'>",
        "interpolation inside a property name in the style attribute",
        id="style-partial-start",
    ),
    # attributes that reprogram other content, or need issue #3
    pytest.param(
        t'<iframe srcdoc="<p>{X}</p>"></iframe>',
        "interpolation inside a srcdoc value with text around it",
        id="srcdoc-partial",
    ),
    pytest.param(
        t"<meta http-equiv={X}>",
        "interpolation inside the http-equiv attribute of <meta> is not supported",
        id="http-equiv",
    ),
    pytest.param(
        t'<meta http-equiv="refresh" content="{X}; url=/">',
        "interpolation inside the delay of a <meta http-equiv=refresh>",
        id="meta-refresh-delay",
    ),
    pytest.param(
        t"<meta content={X} http-equiv=refresh>",
        "interpolation inside the delay of a <meta http-equiv=refresh>",
        id="meta-refresh-content-first",
    ),
    pytest.param(
        t"<meta http-equiv=refresh {X}>",
        "interpolation inside a <meta http-equiv> tag",
        id="meta-refresh-spread",
    ),
    pytest.param(
        t'<meta http-equiv="Content-Security-Policy" content="script-src {X}">',
        "interpolation inside a <meta http-equiv> tag",
        id="meta-csp",
    ),
    pytest.param(
        t'<meta http-equiv="refresh" http-equiv="refresh" content="0; url={X}">',
        "interpolation inside a <meta http-equiv> tag",
        id="meta-http-equiv-twice",
    ),
    pytest.param(
        t"<animate attributeName={X}>",
        "interpolation inside the attributename attribute of <animate> is not supported",
        id="attributename",
    ),
    pytest.param(
        t"<svg xmlns={X}>",
        "interpolation inside the xmlns attribute of <svg> is not supported",
        id="xmlns",
    ),
    pytest.param(
        t'<svg xmlns:xlink="{X}">',
        "interpolation inside the xmlns:xlink attribute of <svg> is not supported",
        id="xmlns-prefixed",
    ),
    pytest.param(
        t"<script type={X}></script>",
        "interpolation inside the type attribute of <script> is not supported",
        id="script-type",
    ),
    # tag names, attribute names, end tags
    pytest.param(t"<{X}>", "the template ends inside <{X}>, which is never closed", id="tag-name"),
    pytest.param(
        t"<{X} class=a></div>",
        "the template ends inside <{X}>, which is never closed",
        id="tag-name-attrs",
    ),
    pytest.param(t"<h{X}>", "interpolation inside a tag name", id="tag-name-suffix"),
    pytest.param(t"<p{X}>", "interpolation inside a tag name", id="tag-name-glued"),
    pytest.param(t"</{X}>", "</{X}> closes no component", id="end-tag-name"),
    pytest.param(t"<p>a</p{X}>", "interpolation inside a tag name", id="end-tag-name-suffix"),
    pytest.param(t"<p>a</p {X}>", "interpolation inside the end tag </p>", id="end-tag"),
    pytest.param(t"<p {X}=1>", "interpolation inside an attribute name", id="attr-name"),
    pytest.param(t"<p data-{X}=1>", "interpolation inside an attribute name", id="attr-suffix"),
    pytest.param(t"<p {X}y>", "interpolation inside an attribute name", id="attr-prefix"),
    pytest.param(t"<p {X}y=1>", "interpolation inside an attribute name", id="attr-prefix-value"),
    # markup declarations
    pytest.param(t"<!doctype {X}>", "interpolation inside a markup declaration", id="doctype"),
    pytest.param(t"<!{X}>", "interpolation inside a markup declaration", id="bang"),
    pytest.param(t"<!-{X}", "interpolation inside a markup declaration", id="bang-dash"),
    pytest.param(t"<?{X}?>", "interpolation inside a markup declaration", id="processing"),
    pytest.param(t"<![CDATA[{X}]]>", "interpolation inside a markup declaration", id="cdata"),
    pytest.param(t"</ {X}>", "interpolation inside a markup declaration", id="bogus-end-tag"),
]


@pytest.mark.parametrize(("template", "headline"), REFUSED)
def test_refused_positions(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


def test_refusal_comes_before_any_value_is_looked_at() -> None:
    looked: list[str] = []

    def lazy() -> str:
        looked.append("looked")
        return "x"

    with pytest.raises(TemplateSyntaxError):
        html(t"<p>{lazy}</p><style>{lazy}</style>")
    assert looked == []


def test_refusal_is_raised_again_on_every_render() -> None:
    template = t"<style>{X}</style>"
    for _ in range(3):
        with pytest.raises(TemplateSyntaxError):
            html(template)


# -- unquoted literal values with characters that change how they parse ---------------------------

UNQUOTED_LITERALS = [
    pytest.param(t'<a href=a"b title={X}>', "'\"' inside an unquoted attribute value (href)"),
    pytest.param(t"<a title=a'b {X}>", '"\'" inside an unquoted attribute value (title)'),
    pytest.param(t"<a title=a<b id={X}>", "'<' inside an unquoted attribute value (title)"),
    pytest.param(t"<a title=a=b id={X}>", "'=' inside an unquoted attribute value (title)"),
    pytest.param(t"<a title=a`b id={X}>", "'`' inside an unquoted attribute value (title)"),
    pytest.param(t"<a title={X}=b>", "'=' inside an unquoted attribute value (title)"),
    pytest.param(t"<p title=a=b>{X}</p>", "'=' inside an unquoted attribute value (title)"),
    pytest.param(t"<p title=a=b>", "'=' inside an unquoted attribute value (title)"),
]


@pytest.mark.parametrize(("template", "headline"), UNQUOTED_LITERALS)
def test_unquoted_literal_values_with_bad_characters(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


# -- templates that end inside a construct --------------------------------------------------------

UNTERMINATED = [
    pytest.param(t"<p", "the template ends inside the tag <p>", id="tag"),
    pytest.param(t"<p>{X}</p><p class=a ", "the template ends inside the tag <p>", id="tag-attr"),
    pytest.param(t"<p {X}", "the template ends inside the tag <p>", id="tag-after-spread"),
    pytest.param(t"<p>{X}</p ", "the template ends inside the end tag </p>", id="end-tag"),
    pytest.param(t"<p>{X}</p", "the template ends inside the end tag </p>", id="end-tag-name"),
    pytest.param(
        t"<p title='{X}",
        "the template ends inside a single-quoted attribute value (title) of <p>",
        id="single-quote",
    ),
    pytest.param(
        t'<p title="{X}>',
        "the template ends inside a double-quoted attribute value (title) of <p>",
        id="double-quote",
    ),
    pytest.param(
        t"<p title={X}",
        "the template ends inside an unquoted attribute value (title) of <p>",
        id="unquoted",
    ),
    pytest.param(t"<!-- {X}", "the template ends inside a comment", id="comment"),
    pytest.param(t"<!-- {X} --", "the template ends inside a comment", id="comment-dashes"),
    pytest.param(t"<title>{X}", "the template ends inside <title>", id="title"),
    pytest.param(t"<textarea>{X}</textare", "the template ends inside <textarea>", id="textarea"),
    pytest.param(t"<script>x", "the template ends inside <script>", id="script"),
    pytest.param(t"<style>p {{ color: {X}", "the template ends inside <style>", id="style"),
    pytest.param(t"<style>p{{}}", "the template ends inside <style>", id="style-static"),
    pytest.param(t"<iframe>", "the template ends inside <iframe>", id="iframe"),
    pytest.param(
        t"<!doctype html",
        "the template ends inside a markup declaration (<!...> or <?...>)",
        id="doctype",
    ),
    pytest.param(
        t"{X}<!",
        "the template ends inside a markup declaration (<!...> or <?...>)",
        id="lt-bang",
    ),
]


@pytest.mark.parametrize(("template", "headline"), UNTERMINATED)
def test_template_that_ends_inside_a_construct(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


# -- contexts that are text (not refused) ---------------------------------------------------------

TEXT_LIKE = [
    pytest.param(t"<noscript>{EVIL}</noscript>", f"<noscript>{EVIL_ESCAPED}</noscript>"),
    pytest.param(t"<template>{EVIL}</template>", f"<template>{EVIL_ESCAPED}</template>"),
    pytest.param(t"<option>{EVIL}</option>", f"<option>{EVIL_ESCAPED}</option>"),
    pytest.param(t"<pre>{EVIL}</pre>", f"<pre>{EVIL_ESCAPED}</pre>"),
    pytest.param(t"<svg><text>{EVIL}</text></svg>", f"<svg><text>{EVIL_ESCAPED}</text></svg>"),
    pytest.param(
        t"<script></script>{EVIL}<style></style>",
        f"<script></script>{EVIL_ESCAPED}<style></style>",
        id="after-closed-raw-text",
    ),
    pytest.param(
        t"<script>'< /scriptx>'</script>{X}",
        "<script>'< /scriptx>'</script>v",
        id="after-script-with-lookalike-end-tag",
    ),
]


@pytest.mark.parametrize(("template", "expected"), TEXT_LIKE)
def test_other_elements_are_text(template: Template, expected: str) -> None:
    assert expected == html(template)


# -- SVG animation can rewrite href: its value attributes are refused (SVG 2, SMIL) ----------------

JS = "javascript:alert(1)"


@pytest.mark.parametrize(
    ("template", "headline"),
    [
        pytest.param(
            t'<svg><a><set attributeName="onclick" to="{JS}"/></a></svg>',
            "interpolation inside the to attribute of <set> is not supported",
            id="set-to-event-handler",
        ),
        pytest.param(
            t"<svg><a><set to={JS} attributeName=style /></a></svg>",
            "interpolation inside the to attribute of <set> is not supported",
            id="set-to-style",
        ),
        pytest.param(
            t"<svg><a><set to={JS} /></a></svg>",
            "interpolation inside the to attribute of <set> is not supported",
            id="set-without-target",
        ),
        pytest.param(
            t"<svg><a><set to={JS} {ATTRS} attributeName=fill /></a></svg>",
            "interpolation inside the to attribute of <set> is not supported",
            id="set-with-spread",
        ),
        pytest.param(
            t'<svg><animate attributeName="href" values="{JS}"/></svg>',
            "interpolation inside the values attribute of <animate> is not supported",
            id="animate-values",
        ),
        pytest.param(
            t"<svg><animateTransform from={JS}/></svg>",
            "interpolation inside the from attribute of <animatetransform> is not supported",
            id="animate-transform-from",
        ),
        pytest.param(
            t"<svg><title><script>{JS}</script></title></svg>",
            "interpolation after markup written in <title>, which holds text",
            id="script-in-svg-title",
        ),
    ],
)
def test_svg_positions_that_are_refused(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<svg><a><set attributeName="href" to="{TrustedResourceURL("/b.svg")}"/></a></svg>',
            '<svg><a><set attributeName="href" to="/b.svg"/></a></svg>',
            id="href-target-is-a-resource-url",
        ),
        pytest.param(
            t"<svg><a><animate attributeName=xlink:href from='/a/{JS}'/></a></svg>",
            "<svg><a><animate attributeName=xlink:href from='/a/javascript:alert(1)'/></a></svg>",
            id="url-parts-encoded",
        ),
        pytest.param(
            t'<svg><rect><animate attributeName="fill" values="{RED};blue" to={RED}/></rect></svg>',
            '<svg><rect><animate attributeName="fill" values="red;blue" to="red"/></rect></svg>',
            id="presentation-attribute-is-text",
        ),
    ],
)
def test_svg_animation_values_follow_their_target(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_an_animated_href_takes_only_trusted_resource_urls() -> None:
    # the animated element may be a <use>, whose href loads a document
    with pytest.raises(RenderError) as info:
        html(t'<svg><use href="#a"><set attributeName="href" to="{JS}"/></use></svg>')
    assert "untrusted-resource-url" == info.value.anchor


def test_svg_animation_values_from_a_spread_are_refused() -> None:
    with pytest.raises(RenderError) as info:
        html(t'<svg><set attributeName="href" { {"to": JS} }/></svg>')
    assert "the attribute to cannot take a value from data" == info.value.headline


# -- where the end of an element is not certain, later holes are refused -----------------------

Y = "onmouseover=alert(1)//"


def inner_with_noscript_end(value: str) -> Template:
    return t'<p title="</noscript><img src=x {value}">x</p>'


NOSCRIPT_OPEN = t"<noscript>"


@pytest.mark.parametrize(
    ("template", "anchor"),
    [
        pytest.param(
            t"<script><!--\ndocument.write('<script src=/a.js></script>');\nvar n = {Y};\n"
            t"//--></script>",
            "script-comment",  # the scanner's end of the script is not the browser's
            id="script-escaped-inside",
        ),
        pytest.param(
            t"<script><!-- document.write('<script></script>') --></script><p>{Y}</p>",
            "script-comment",
            id="script-double-escaped-then-text",
        ),
        pytest.param(
            t'<svg><title><a title="</title>" {Y}>x</a></svg>',
            "rcdata-markup",
            id="svg-title-quoted-end",
        ),
        pytest.param(
            t"<svg><style>a{{content:\"<a title='\"}}</style>' {Y}>x</a></svg>",
            "rcdata-markup",
            id="svg-style-css-string",
        ),
        pytest.param(
            t'<select><title><option label="</title>" {Y}>A</option></select>',
            "rcdata-markup",
            id="legacy-select-title",
        ),
        pytest.param(t"<title><b>x</b></title><p>{Y}</p>", "rcdata-markup", id="title-then-text"),
        # in <svg> a script's markup is parsed: '</script>' in a quoted value does not end it,
        # and '<a href=' makes a value an attribute
        pytest.param(
            t'<svg><script><a href="</script><p>{Y}</p>"></a></script></svg>',
            "script-markup",
            id="svg-script-quoted-end",
        ),
        pytest.param(
            t"<script>'</scriptx>'</script>{Y}", "script-markup", id="script-lookalike-end-tag"
        ),
        pytest.param(t"<svg><script><a href={Y}></script></svg>", "script-markup", id="svg-href"),
        pytest.param(t"<script>a<b>{Y}</b></script>", "script-markup", id="breakout-tag-in-js"),
        pytest.param(t"<script>x = '<!x>'; {Y}</script>", "script-markup", id="bogus-comment"),
        # CDATA is a bogus comment in HTML (ends at '>') and a section in <svg> (ends at ']]>')
        pytest.param(t'<svg><![CDATA[ x > <a title="]]><a href={Y}>', "cdata", id="cdata-in-svg"),
        pytest.param(t"<![CDATA[x]]><p>{Y}</p>", "cdata", id="cdata-in-html"),
        pytest.param(
            inner_with_noscript_end("x"), "noscript", id="noscript-end-in-an-attribute-value"
        ),
        pytest.param(t"<noscript><p>{Y}</p>", "unclosed", id="noscript-left-open"),
        pytest.param(NOSCRIPT_OPEN, "unclosed", id="noscript-opener-alone"),
    ],
)
def test_holes_after_an_uncertain_end_are_refused(template: Template, anchor: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert anchor == info.value.anchor


def test_holes_after_plain_raw_text_elements_still_work() -> None:
    assert "<title>Home</title><p>x</p>" == html(t"<title>Home</title><p>{'x'}</p>")
    assert "<style>a > b {}</style><p>x</p>" == html(t"<style>a > b {{}}</style><p>{'x'}</p>")
    assert "<script>if (a < b) go()</script><p>x</p>" == html(
        t"<script>if (a < b) go()</script><p>{'x'}</p>"
    )
    assert "<noscript><p>x</p></noscript><p>x</p>" == html(
        t"<noscript><p>{'x'}</p></noscript><p>{'x'}</p>"
    )


# -- a value after '&' could complete a character reference, decoded before a URL or JavaScript
# is read: refused wherever the browser decodes, then reads ------------------------------------

JS_QUOTE = "#39;);alert(1);//"
SVG_QUOTE = "quot;;alert(1)//"
SLASH = "sol;evil.example/x.js"
NUMERIC_SLASH = "47;evil.example/x.js"


@pytest.mark.parametrize(
    "template",
    [
        pytest.param(t"""<button onclick="f('&{JS_QUOTE}')">x</button>""", id="handler-string"),
        pytest.param(t"""<button onclick='f("&{SVG_QUOTE}")'>x</button>""", id="handler-dq"),
        pytest.param(t"""<button onclick="f(`&{JS_QUOTE}`)">x</button>""", id="handler-tl"),
        pytest.param(t"<button onclick='a &{JS_QUOTE}'>x</button>", id="handler-code"),
        pytest.param(t"""<svg><script>var x = "&{SVG_QUOTE}";</script></svg>""", id="svg-script"),
        pytest.param(t"""<script>var x = "&#{JS_QUOTE}";</script>""", id="script-numeric"),
        pytest.param(t'<script src="/&{SLASH}"></script>', id="resource-named"),
        pytest.param(t'<script src="/&#{NUMERIC_SLASH}"></script>', id="resource-numeric"),
        pytest.param(t'<link rel=stylesheet href="/&{SLASH}">', id="link"),
        pytest.param(t'<iframe src="/&{SLASH}"></iframe>', id="iframe"),
        pytest.param(t'<a href="/&{SLASH}">x</a>', id="href-path"),
        pytest.param(t'<a href="/a?x=1&{SLASH}">x</a>', id="href-query"),
        pytest.param(t'<a href="/a#x&amp{SLASH}">x</a>', id="href-fragment-partial-name"),
        pytest.param(t'<img srcset="/&{SLASH} 1x">', id="srcset"),
        pytest.param(t'<svg><set attributeName="href" to="/&{SLASH}"/></svg>', id="animation"),
        pytest.param(t'<meta http-equiv=refresh content="0; url=/&{SLASH}">', id="refresh"),
        pytest.param(t'<p style="background: url(/&{SLASH})">', id="style-url"),
        pytest.param(t"<svg><style>p {{ fill: &{SVG_QUOTE} }}</style></svg>", id="svg-style"),
    ],
)
def test_holes_that_could_complete_a_character_reference_are_refused(template: Template) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert info.value.anchor in ("reference", "css")  # CSS holes: the CSS lexer's own refusal


def test_an_escaped_ampersand_before_a_hole_is_fine() -> None:
    assert '<a href="/a?x=1&amp;y=sol%3B">x</a>' == html(t'<a href="/a?x=1&amp;y={"sol;"}">x</a>')
    assert """<b onclick="f('&amp; x')">x</b>""" == html(t"""<b onclick="f('&amp; {"x"}')">x</b>""")


# -- module specifiers: a value there would choose the code that loads ----------------------------

MODULE = "https://evil.example/x.js"


@pytest.mark.parametrize(
    "template",
    [
        pytest.param(t"<script type=module>import x from '{MODULE}';</script>", id="import-from"),
        pytest.param(t"<script type=module>export * from '{MODULE}';</script>", id="export-from"),
        pytest.param(t"<script type=module>import '{MODULE}';</script>", id="bare-import"),
        pytest.param(t"<script>import('{MODULE}').then(go);</script>", id="dynamic-import"),
        pytest.param(t"<script>import(`/m/{MODULE}`);</script>", id="dynamic-template"),
        pytest.param(t"<b onclick=\"import('{MODULE}')\">x</b>", id="handler"),
    ],
)
def test_module_specifiers_take_no_values(template: Template) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert "interpolation inside a module specifier in <script>" == info.value.headline


def test_strings_that_merely_mention_from_or_import_take_values() -> None:
    assert "<script>a = 'from x'; b.from = 'y';</script>" == html(
        t"<script>a = 'from {'x'}'; b.from = '{'y'}';</script>"
    )


class _HtmlURL:
    def __html__(self) -> str:
        return "https://evil.example/evil.js"


def test_import_maps_check_objects_with_html_too() -> None:
    with pytest.raises(RenderError) as info:
        html(t'<script type="importmap">{ {"imports": {"app": _HtmlURL()}} }</script>')
    assert "untrusted-resource-url" == info.value.anchor


@pytest.mark.parametrize("element", ["script", "style", "SCRIPT"])
def test_a_spread_cannot_set_the_nonce(element: str) -> None:
    template = Template(f"<{element} ", Interpolation({"nonce": "evil"}, "attrs"), f"></{element}>")
    with pytest.raises(RenderError) as info:
        html(template)
    assert "the attribute nonce cannot take a value from data" == info.value.headline
    assert '<script nonce="mine"></script>' == html(t"<script nonce={'mine'}></script>")
