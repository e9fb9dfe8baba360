"""The checker's lints: structural warnings of templates, dangerous calls, and component tags
checked against the signatures of their components (htmltemplates.tooling.lint)."""

import ast
import re
import textwrap
from pathlib import Path
from string.templatelib import Template

import pytest

from htmltemplates import RenderError, TemplateSyntaxError, html
from htmltemplates.errors import Location, excerpt
from htmltemplates.scan.scanner import Scanner
from htmltemplates.tooling.lint import CodeLint, Lint, components, dangerous, structural

x = 1
items = ["a"]


def Card(*, title: str = "", children: Template | None = None) -> Template:  # noqa: N802
    return t"<section>{title}{children}</section>"


def found(template: Template) -> list[tuple[str, str, Location | None]]:
    """The anchor, headline and location of each warning about ``template``."""
    return [(lint.anchor, lint.headline, lint.location) for lint in structural(template)]


def at(string: int, offset: int, width: int, also: Location | None = None) -> Location:
    return Location(string, offset, width, also=also)


# -- end tags that close nothing or the wrong element ------------------------------------------


def test_an_end_tag_that_closes_the_wrong_element() -> None:
    template = t"<div><span>x</div>"
    assert found(template) == [
        (
            "misnested-end-tag",
            "</div> closes <div> while <span>, opened inside it, is still open",
            at(0, 12, 6, also=at(0, 5, 5)),
        )
    ]
    lint = structural(template)[0]
    assert lint.fix == (
        "Close the elements inside first: </span></div>. HTML closes them for you here, as a "
        "parse error, and reopens a formatting element (<b>, <a>...) after it."
    )
    assert excerpt(template, lint.location or Location()) == [
        "    <div><span>x</div>",
        "         ^^^^^  ^^^^^^",
    ]
    assert html(template) == "<div><span>x</div>"  # html() accepts it: a warning, not a refusal


def test_misnested_end_tags() -> None:
    assert found(t"<p><b>x</p>") == [
        (
            "misnested-end-tag",
            "</p> closes <p> while <b>, opened inside it, is still open",
            at(0, 7, 4, also=at(0, 3, 2)),
        )
    ]
    # a formatting element's end tag across a block (the adoption agency keeps <p> open)
    assert found(t"<b><p>x</b></p>") == [
        (
            "misnested-end-tag",
            "</b> closes <b> while <p>, opened inside it, is still open",
            at(0, 7, 4, also=at(0, 3, 2)),
        )
    ]
    assert found(t"<svg><path d=''></svg>") == [
        (
            "misnested-end-tag",
            "</svg> closes <svg> while <path>, opened inside it, is still open",
            at(0, 16, 6, also=at(0, 5, 5)),
        )
    ]
    assert [lint[0] for lint in found(t"<table><tr><td><span>x</tr></table>")] == [
        "misnested-end-tag"
    ]


def test_an_end_tag_that_closes_nothing() -> None:
    assert found(t"<p>x</span></p>") == [
        (
            "stray-end-tag",
            "the end tag </span> closes nothing: no <span> is open here",
            at(0, 4, 7),
        )
    ]
    assert found(t"<div></div></div>") == [
        ("stray-end-tag", "the end tag </div> closes nothing: no <div> is open here", at(0, 11, 6))
    ]
    # <div> implied the end of the <p>: its </p> closes nothing (HTML makes an empty <p>)
    assert found(t"<p>a<div>b</div>c</p>") == [
        ("stray-end-tag", "the end tag </p> closes nothing: no <p> is open here", at(0, 17, 4))
    ]
    # </ul> closed the <li>
    assert found(t"<ul><li>{x}</ul></li>") == [
        ("stray-end-tag", "the end tag </li> closes nothing: no <li> is open here", at(1, 5, 5))
    ]


def test_an_end_tag_not_looked_for_across_a_block() -> None:
    # "any other end tag": </span> stops at the <div>, and the <span> stays open
    assert found(t"<span><div></span></div>") == [
        ("unclosed-element", "<span> is never closed in this template", at(0, 0, 5)),
        (
            "stray-end-tag",
            "the end tag </span> closes nothing: no <span> is open here",
            at(0, 11, 7),
        ),
    ]


def test_positions_in_a_template_with_holes_and_lines() -> None:
    template = t"<div>\n  <p>{x}\n</span>\n</div>"
    assert found(template) == [
        (
            "stray-end-tag",
            "the end tag </span> closes nothing: no <span> is open here",
            at(1, 1, 7),
        )
    ]
    lint = structural(template)[0]
    assert excerpt(template, lint.location or Location()) == ["    </span>", "    ^^^^^^^"]


# -- elements left open --------------------------------------------------------------------------


def test_elements_left_open() -> None:
    template = t"<div>{x}<span class={x} {x}>"
    assert found(template) == [
        ("unclosed-element", "<div> is never closed in this template", at(0, 0, 4)),
        ("unclosed-element", "<span> is never closed in this template", at(1, 0, 5)),
    ]
    assert structural(template)[0].fix == (
        "Close it with </div> in the same template: its end tag is not optional."
    )


def test_a_div_written_as_closing_itself_is_left_open() -> None:
    [lint] = structural(t"<div/>")
    assert (lint.anchor, lint.headline, lint.location) == (
        "unclosed-element",
        "<div> is never closed in this template",
        at(0, 0, 4),
    )
    assert lint.fix == (
        "Write <div></div>: HTML ignores the '/' of <div />, which is not a void element, and "
        "leaves it open."
    )


def test_an_element_left_open_in_the_content_of_a_component_tag() -> None:
    template = t"<{Card}><div></{Card}></div>"
    assert found(template) == [
        ("unclosed-element", "<div> is never closed before </{Card}>", at(1, 1, 4)),
        ("stray-end-tag", "the end tag </div> closes nothing: no <div> is open here", at(2, 1, 6)),
    ]
    # the content of a component tag is a template of its own
    assert found(t"<div><{Card} title=x>{x}</div></{Card}>") == [
        ("unclosed-element", "<div> is never closed in this template", at(0, 0, 4)),
        ("stray-end-tag", "the end tag </div> closes nothing: no <div> is open here", at(2, 0, 6)),
    ]


# -- attributes written twice, end tags of void elements ---------------------------------------


def test_an_attribute_written_twice() -> None:
    template = t'<a href=x title=t HREF="y">z</a>'
    [lint] = structural(template)
    assert lint == Lint(
        "the attribute href is written twice in <a>",
        "Keep one: HTML keeps the first and drops the others. To give a value that may be "
        "absent, interpolate it in the one attribute (None removes it).",
        "duplicate-attribute",
        at(0, 18, 4, also=at(0, 3, 4)),
    )
    assert excerpt(template, at(0, 18, 4, also=at(0, 3, 4))) == [
        '    <a href=x title=t HREF="y">z</a>',
        "       ^^^^           ^^^^",
    ]
    # a tag with a value in it is merged by html() (the last wins, class and style add up)
    assert found(t"<a {x} href=x href={x}></a>") == []
    assert found(t"<a href=x href={x}></a>") == []
    assert found(t'<p class="a" class={x} style="b: c" style={x}></p>') == []
    assert found(t"<a href=x {x}></a>") == []
    assert found(t"<input disabled disabled>") == [
        (
            "duplicate-attribute",
            "the attribute disabled is written twice in <input>",
            at(0, 16, 8, also=at(0, 7, 8)),
        )
    ]


def test_end_tags_of_void_elements() -> None:
    assert found(t"<br></br><img></img><input></input >") == [
        (
            "void-end-tag",
            "</br> is an end tag of the void element <br>, which has none",
            at(0, 4, 5),
        ),
        (
            "void-end-tag",
            "</img> is an end tag of the void element <img>, which has none",
            at(0, 14, 6),
        ),
        (
            "void-end-tag",
            "</input> is an end tag of the void element <input>, which has none",
            at(0, 27, 9),
        ),
    ]


def test_the_fix_of_a_void_end_tag_speaks_of_the_element_written() -> None:
    # HTML reads </br> as a <br> start tag, and ignores the end tags of other void elements
    # (13.2.6.4.7)
    assert [lint.fix for lint in structural(t"<br></br><img src=a.png alt=''></img>")] == [
        "Remove it: <br> has no content and no end tag, and HTML reads </br> as another <br>.",
        "Remove it: <img> has no content and no end tag, and HTML ignores </img>.",
    ]


def test_the_fix_of_a_stray_end_tag_says_what_html_does_with_it() -> None:
    # a stray </p> makes an empty paragraph; any other stray end tag is ignored (13.2.6.4.7)
    assert [lint.fix for lint in structural(t"<p>a<div>b</div>c</p><span>x</span></span>")] == [
        "Remove it, or open the element it should close. HTML reads it as an empty paragraph, "
        "<p></p>. An element opened outside a component tag's content cannot be closed inside "
        "it.",
        "Remove it, or open the element it should close. HTML ignores it. An element opened "
        "outside a component tag's content cannot be closed inside it.",
    ]


def test_a_component_left_open_is_refused_by_html_not_warned_about() -> None:
    template = t'<{Card} title="Hi"><p>x</p>'
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert info.value.anchor == "component-close"
    with pytest.raises(TemplateSyntaxError) as info:
        structural(template)
    assert info.value.anchor == "component-close"
    assert found(t"<{Card} title=x /><{Card} title=y></{Card}>") == []


# -- what is not a fault -------------------------------------------------------------------------

VALID = [
    t"",
    t"{x}",
    t"{x}{x}{x}",
    t"<p>one<p>two<div>three</div>",
    t"<ul><li>a<li>b<ul><li>c</ul></ul><ol><li>{x}</li><li>{items}</ol>",
    t"<dl><dt>a<dd>b<dt>c</dl><select><option>a<option>b<optgroup><option>c</select>",
    t"<table><caption>c<colgroup><col><thead><tr><th>h<tbody><tr><td>1<td>2<tr><td>3</table>",
    t"<table><tr><td>x</td></tr></tbody></table>",  # the parser implied the <tbody>
    t"<tr><td>{x}</td><td class={x}>{x}</tr>",  # a fragment of a table
    t"<li>{x}</li><li>",
    t"<svg viewBox='0 0 1 1'><path d='M0 0'/><g><circle r=1 /></g></svg><svg/>",
    t"<math><mi>x</mi><mo>=</mo><mn>1</mn></math>",
    t"<svg><foreignObject><div>x</div></foreignObject></svg>",
    t"<!doctype html><html><head><meta charset=utf-8><title>{x}</title></head><body></body></html>",
    t"<html><body><p>x",
    t'<a href="/{x}" {x} class={x}>{x}</a><img src={x} alt="">',
    t"<!-- <div> </span> --><p>x</p>",
    t"<script>if (a) {{ '</div>' }}</script><style>p::after {{ content: '</p>' }}</style>",
    t"<textarea></div><p></textarea><title></span></title>",
    t"<{Card} title=x><p>a</{Card}>",
    t"<div><{Card} title={x} {x}><span>{x}</span></{Card}></div>",
    t"<ruby>x<rp>(<rt>y<rp>)</ruby>",
    t"<p>a</p><br><hr><p>b",
]


@pytest.mark.parametrize("template", VALID, ids=[repr("{}".join(t.strings)) for t in VALID])
def test_no_warnings(template: Template) -> None:
    assert found(template) == []


def test_hostile_text_is_not_read_as_tags() -> None:
    # raw text and RCDATA end only at their own end tag; a comment holds no tags
    assert found(t"<script></div><div></script>") == []
    assert found(t"<style></style></style>") == [
        (
            "stray-end-tag",
            "the end tag </style> closes nothing: no <style> is open here",
            at(0, 15, 8),
        )
    ]
    assert found(t"<!-- </div> -->{x}<!--{x}-->") == []
    assert found(t"a < b > c </ d>") == []  # '</ ' starts a bogus comment, not a tag


def test_deep_and_long_templates() -> None:
    assert structural(Template("<div>" * 3000 + "</div>" * 3000)) == []
    assert structural(Template("<svg>" + "<g>" * 3000 + "</g>" * 3000 + "</svg>")) == []
    assert structural(Template("<table>" + "<tr><td>x" * 3000 + "</table>")) == []
    strays = structural(Template("<p>x</span>" * 3000))
    assert len(strays) == 3000
    assert strays[-1].location == at(0, 11 * 2999 + 4, 7)


def test_a_template_html_refuses_raises_its_refusal() -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        structural(t"<h{x}>")
    assert info.value.anchor == "tag-name"


# the walk of every tag gives the scanner's own tokens
SAME = [*VALID, t"<div><span>x</div>", t"<a href=x href={x}>z</a>", t"<br></br>"]


@pytest.mark.parametrize("template", SAME, ids=[repr("{}".join(t.strings)) for t in SAME])
def test_walking_every_tag_scans_as_the_scanner_does(template: Template) -> None:
    class Walker(Scanner):
        plain_tags = False

    assert Walker().scan(template) == Scanner().scan(template)


# -- dangerous calls ----------------------------------------------------------------------------


def calls(source: str) -> list[tuple[int, int, str, str]]:
    return [
        (lint.node.lineno, lint.node.col_offset, lint.anchor, lint.headline)  # type: ignore[attr-defined]
        for lint in dangerous(ast.parse(textwrap.dedent(source)))
    ]


def test_markup_from_a_formatted_str() -> None:
    source = """\
        from markupsafe import Markup as M
        import flask
        import markupsafe
        from htmltemplates import html

        def view(name):
            a = M(f"<p>{name}</p>")
            b = flask.Markup("<p>{}</p>".format(name))
            c = html("<p>%s</p>" % name)
            d = markupsafe.Markup(f"{name}")
            return a, b, c, d
        """
    head = "is given {}: its values are already in it, unescaped"
    assert calls(source) == [
        (7, 8, "formatted-markup", "M() " + head.format("an f-string")),
        (8, 8, "formatted-markup", "flask.Markup() " + head.format("a str built with .format()")),
        (9, 8, "formatted-markup", "html() " + head.format("a str built with %")),
        (10, 8, "formatted-markup", "markupsafe.Markup() " + head.format("an f-string")),
    ]
    [lint] = dangerous(ast.parse("from htmltemplates import html\nhtml(f'{x}')"))
    assert lint == CodeLint(
        lint.node,
        "html() is given an f-string: its values are already in it, unescaped",
        'Write a t-string: html(t"...") escapes each value for where it lands.',
        "formatted-markup",
        "error",
    )
    assert isinstance(lint.node, ast.Call)


def test_markup_of_a_t_string_and_t_strings_sent_as_responses() -> None:
    source = """\
        from htmltemplates import Markup
        from django.http import HttpResponse, StreamingHttpResponse
        from starlette.responses import HTMLResponse
        import flask
        from fastapi.responses import Response

        def view(x):
            Markup(t"<p>{x}</p>")
            HttpResponse(t"<p>{x}</p>")
            StreamingHttpResponse(t"<p>{x}</p>")
            HTMLResponse(content=t"<p>{x}</p>")
            flask.make_response(t"<p>{x}</p>")
            return Response(t"<p>{x}</p>")
        """
    assert calls(source) == [
        (8, 4, "markup-of-template", "Markup() of a t-string: a Template is not markup"),
        (9, 4, "template-response", "a t-string given to HttpResponse() without html()"),
        (10, 4, "template-response", "a t-string given to StreamingHttpResponse() without html()"),
        (11, 4, "template-response", "a t-string given to HTMLResponse() without html()"),
        (12, 4, "template-response", "a t-string given to flask.make_response() without html()"),
        (13, 11, "template-response", "a t-string given to Response() without html()"),
    ]


def test_a_translated_t_string_given_where_text_is_taken() -> None:
    source = """\
        from flask import flash
        from wtforms import StringField
        import wtforms
        from htmltemplates.i18n import _, gettext as g, lazy_gettext, ngettext

        class Form:
            name = StringField(_(t"Name"))
            mail = wtforms.EmailField(label=g(t"Mail"))
            kept = StringField(_("Name"), description=lazy_gettext(t"Your <b>name</b>"))

        def view(n):
            flash(ngettext(t"{n} saved", t"{n} saved", n))
            flash(_("Saved"))
            return str(_(t"Hi"))
        """
    head = (
        "a translated t-string given to {}(), which takes text: it would show the Template's repr"
    )
    assert calls(source) == [
        (7, 11, "message-as-text", head.format("StringField")),
        (8, 11, "message-as-text", head.format("wtforms.EmailField")),
        (12, 4, "message-as-text", head.format("flash")),
        (14, 11, "message-as-text", head.format("str")),
    ]
    [lint] = dangerous(
        ast.parse("from flask import flash\nfrom htmltemplates.i18n import _\nflash(_(t'x'))")
    )
    assert lint.fix == (
        'For plain text translate a str: _("..."), which returns the translated str; for '
        'markup, render the message: html(_(t"...")), or use lazy_gettext(t"...") where the '
        "text is read later (a form's label)."
    )


def test_a_template_built_from_a_str() -> None:
    source = """\
        from string.templatelib import Template, Interpolation
        import string.templatelib

        def view(text, parts):
            Template(text)
            string.templatelib.Template("<p>", Interpolation(text, "text"), "</p>")
            string.templatelib.Template("<p>" + text)
            Template(*parts)
        """
    head = "which is not a str literal: its text becomes trusted markup"
    assert calls(source) == [
        (5, 4, "template-from-str", f"Template() built from text, {head}"),
        (
            7,
            4,
            "template-from-str",
            f"string.templatelib.Template() built from '<p>' + text, {head}",
        ),
    ]


def test_calls_that_are_not_dangerous() -> None:
    source = """\
        from markupsafe import Markup, escape
        from htmltemplates import html
        from django.http import HttpResponse

        def Response(x):  # the module's own
            return x

        def view(name, html):  # a parameter shadows the import
            html(f"<p>{name}</p>")

        def other(name):
            Markup = str  # a local name shadows the import
            Markup(f"<p>{name}</p>")

        Markup("<p>{}</p>").format("x")
        Markup("<b>static</b>")
        Markup(escape(x))
        HttpResponse(html(t"<p>{x}</p>"))
        HttpResponse("text")
        Response(t"<p>{x}</p>")
        print(f"{x}")
        lambda Markup: Markup(f"{x}")
        [Markup(f"{x}") for Markup in (str,)]
        """
    assert calls(source) == []
    assert calls("Markup(f'{x}')\nhtml(f'{x}')") == []  # not imported: not known


# -- component tags against their signatures ------------------------------------------------


def checked(source: str, path: Path | None = None) -> list[tuple[int, int, str, str, str]]:
    tree = ast.parse(textwrap.dedent(source))
    return [
        (lint.node.lineno, lint.node.col_offset, lint.anchor, lint.headline, lint.fix)  # type: ignore[attr-defined]
        for lint in components(tree, path or Path("page.py"))
    ]


UNKNOWN_FIX = (
    "Card takes: title, children, tone. Check the spelling, or accept any prop with a **props "
    "parameter."
)


def test_unknown_missing_and_children() -> None:
    source = """\
        from string.templatelib import Template

        def Card(*, title: str, children: Template, tone: str = "plain") -> Template:  # noqa: N802
            return t"<section>{children}</section>"

        async def Badge(label):
            return t"<b>{label}</b>"

        def page(n):
            a = t'<{Card} titel="x" tone={n}>y</{Card}>'
            b = t"<p><{Badge} label=new>!</{Badge}></p>"
            return a, b
        """
    # titel= is also title missing: the misspelling is named, as html() names it
    assert checked(source) == [
        (
            10,
            11,
            "unknown-prop",
            "the component Card takes no prop titel",
            "Did you mean title? " + UNKNOWN_FIX,
        ),
        (
            11,
            14,
            "component-children",
            "the component Badge takes no children",
            "Close it in its start tag (<{Badge} />), or give it a parameter children: Template.",
        ),
    ]


def test_the_messages_are_the_runtimes() -> None:
    def Card(*, title: str, children: Template, tone: str = "plain") -> Template:  # noqa: N802
        return t"<section>{children}</section>"

    with pytest.raises(RenderError) as info:
        html(t'<{Card} title="x" colour=red />')
    source = """\
        def Card(*, title, children, tone="plain"):
            pass
        t'<{Card} title="x" colour=red />'
        """
    [lint] = components(ast.parse(textwrap.dedent(source)), Path("x.py"))
    assert (lint.headline, lint.fix, lint.anchor) == (
        info.value.headline,
        info.value.fix,
        info.value.anchor,
    )


def test_spreads_kwargs_and_what_cannot_be_seen() -> None:
    source = """\
        from .elsewhere import Missing
        from somewhere import Unknown

        def Card(*, title, children=None):
            pass

        def Any(**props):
            pass

        def decorate(f):
            return f

        @decorate
        def Wrapped(*, title):
            pass

        def page(props, Card2):
            return [
                t"<{Card} {props} />",  # the spread may give title
                t"<{Card} {props} titel=x />",  # but titel is written: certain
                t"<{Any} anything=1 data-x=2>c</{Any}>",
                t"<{Missing} x=1 />",
                t"<{Unknown} x=1 />",
                t"<{Wrapped} x=1 />",
                t"<{props.get} x=1 />",
            ]

        def shadowed(Card):
            return t"<{Card} nothing=1 />"
        """
    assert [lint[:4] for lint in checked(source)] == [
        (20, 11, "unknown-prop", "the component Card takes no prop titel")
    ]


def test_props_are_named_as_the_compiler_names_them() -> None:
    source = """\
        def Card(*, class_, data_id, children=None):
            pass
        t"<{Card} class=big data-id=1 />"
        t"<{Card} class=big data-id=1 ></{Card}>"
        t"<{Card} class=big data-id=1 > </{Card}>"
        """
    assert checked(source) == []
    source = """\
        def Plain(*, title):
            pass
        t"<{Plain} title=x></{Plain}>"
        t"<{Plain} title=x>{1}</{Plain}>"
        """
    assert [lint[:3] for lint in checked(source)] == [(4, 3, "component-children")]


def test_components_imported_from_files_next_to_the_module(tmp_path: Path) -> None:
    app = tmp_path / "app"
    (app / "ui").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "ui" / "__init__.py").write_text("from .cards import Card as Card\n")
    (app / "ui" / "cards.py").write_text("def Card(*, title):\n    pass\n")
    (app / "badges.py").write_text("async def Badge(*, label):\n    pass\nclass Box:\n    pass\n")
    page = app / "page.py"
    source = """\
        from .badges import Badge
        from app.ui import Card
        from app.ui.cards import Card as C
        from . import badges
        import app.badges
        from .badges import Box

        t"<{Badge} lable=1 />"
        t"<{Card} /><{C} />"
        t"<{badges.Badge} label=1 x=2 />"
        t"<{app.badges.Badge} />"
        t"<{Box} x=1 />"
        """
    assert [lint[:4] for lint in checked(source, page)] == [
        (8, 3, "unknown-prop", "the component Badge takes no prop lable"),  # (not missing)
        (9, 3, "missing-prop", "the component Card is missing the required prop title"),
        (9, 13, "missing-prop", "the component C is missing the required prop title"),
        (10, 3, "unknown-prop", "the component badges.Badge takes no prop x"),
        (
            11,
            3,
            "missing-prop",
            "the component app.badges.Badge is missing the required prop label",
        ),
    ]


def test_templates_html_refuses_are_left_to_html() -> None:
    source = """\
        def Card(*, title):
            pass
        t"<{Card} @click=x />"
        t"<{Card}><p>x</p>"
        t"<h{Card}>"
        """
    assert checked(source) == []


# -- the documentation ----------------------------------------------------------------------

ERRORS_MD = (Path(__file__).parents[2] / "docs" / "errors.md").read_text()
WARNINGS = {
    "stray-end-tag",
    "misnested-end-tag",
    "unclosed-element",
    "duplicate-attribute",
    "void-end-tag",
    "formatted-markup",
    "markup-of-template",
    "template-response",
    "template-from-str",
    "message-as-text",
    "prop-type",
}


def test_every_warning_has_its_section() -> None:
    part = ERRORS_MD.split("\n## Warnings from the checker\n")[1]
    assert set(re.findall(r"^### (\S+)$", part, re.MULTILINE)) == WARNINGS
    tooling_md = (Path(__file__).parents[2] / "docs" / "tooling.md").read_text()
    for anchor in WARNINGS:
        assert f"errors.md#{anchor})" in tooling_md
