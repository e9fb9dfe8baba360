"""The scanner alone: literal text -> the Context it ends in, and static strings -> tokens.

Most escaping bugs are context bugs (a value escaped for the wrong place), so every state of the
scanner is pinned here on plain text, without rendering anything.
"""

# The project writes `assert expected == actual` (expected first), which SIM300 calls Yoda.

from collections.abc import Sequence
from string.templatelib import Interpolation, Template

import pytest

from htmltemplates._spec import AttrKind
from htmltemplates.analyze.walk import analyze
from htmltemplates.errors import Location, TemplateSyntaxError
from htmltemplates.escaper import Escaper
from htmltemplates.lang.css import CssState
from htmltemplates.lang.javascript import JsState
from htmltemplates.scan.context import Context, Quote, State
from htmltemplates.scan.scanner import Scanner, context_after, scan
from htmltemplates.scan.tokens import AttrToken, Body, SpreadToken, TagToken, TextHole, Token

TEXT = Context()


def value(element: str, attr: str, quote: Quote, kind: AttrKind = AttrKind.PLAIN) -> Context:
    return Context(State.ATTR_VALUE, element, attr, kind, quote)


DOUBLE, SINGLE, UNQUOTED = Quote.DOUBLE, Quote.SINGLE, Quote.NONE
URL, CLASS, STYLE, EVENT = AttrKind.URL, AttrKind.CLASS, AttrKind.STYLE, AttrKind.EVENT

CONTEXTS = [
    # -- text ----------------------------------------------------------------------------------
    pytest.param("", TEXT, id="empty"),
    pytest.param("hello", TEXT, id="text"),
    pytest.param("<p>", TEXT, id="after-start-tag"),
    pytest.param('<p class="a" id=b>text', TEXT, id="after-tag-with-attributes"),
    pytest.param("<p>x</p>", TEXT, id="after-end-tag"),
    pytest.param("<br/>", TEXT, id="after-self-closing-tag"),
    pytest.param('<a href="x>y">', TEXT, id="after-quoted-gt"),
    pytest.param("a < b", TEXT, id="lt-then-space-is-text"),
    pytest.param("1 <2", TEXT, id="lt-then-digit-is-text"),
    pytest.param("</>", TEXT, id="empty-end-tag-is-dropped"),
    # -- right after '<' (a partial token at the end of a string) -----------------------------
    pytest.param("<", Context(State.TAG_OPEN), id="lt-at-end"),
    pytest.param("x</", Context(State.TAG_OPEN), id="lt-slash-at-end"),
    pytest.param("<!", Context(State.TAG_OPEN), id="lt-bang-at-end"),
    pytest.param("<!-", Context(State.TAG_OPEN), id="lt-bang-dash-at-end"),
    # -- inside a tag --------------------------------------------------------------------------
    pytest.param("<p", Context(State.TAG_NAME, "p"), id="tag-name"),
    pytest.param("<DIV", Context(State.TAG_NAME, "div"), id="tag-name-lowercased"),
    pytest.param("<my-el", Context(State.TAG_NAME, "my-el"), id="tag-name-custom-element"),
    pytest.param("<p ", Context(State.BEFORE_ATTR_NAME, "p"), id="before-attribute-name"),
    pytest.param("<p\n\t", Context(State.BEFORE_ATTR_NAME, "p"), id="before-attr-name-newline"),
    pytest.param("<p a", Context(State.ATTR_NAME, "p", "a"), id="attribute-name"),
    pytest.param("<p Data-X", Context(State.ATTR_NAME, "p", "data-x"), id="attr-name-lowercased"),
    pytest.param("<p a ", Context(State.AFTER_ATTR_NAME, "p"), id="after-attribute-name"),
    pytest.param("<p a=", Context(State.BEFORE_ATTR_VALUE, "p"), id="before-attribute-value"),
    pytest.param("<p a = ", Context(State.BEFORE_ATTR_VALUE, "p"), id="before-attr-value-spaced"),
    pytest.param('<p a="x"', Context(State.AFTER_ATTR_VALUE, "p"), id="after-attribute-value"),
    pytest.param('<p a="x" ', Context(State.BEFORE_ATTR_NAME, "p"), id="after-value-and-space"),
    pytest.param("<p/", Context(State.SELF_CLOSING, "p"), id="self-closing"),
    pytest.param("<p a /", Context(State.SELF_CLOSING, "p"), id="self-closing-after-name"),
    pytest.param("<p / ", Context(State.BEFORE_ATTR_NAME, "p"), id="stray-slash"),
    # -- end tags ------------------------------------------------------------------------------
    pytest.param("<p></p ", Context(State.END_TAG, "p"), id="end-tag"),
    pytest.param("<p></P x", Context(State.END_TAG, "p"), id="end-tag-junk"),
    pytest.param("<p></p", Context(State.TAG_NAME, "p"), id="end-tag-name"),
    # -- attribute values: plain ---------------------------------------------------------------
    pytest.param('<p title="', value("p", "title", DOUBLE), id="plain-double"),
    pytest.param('<p title="a b', value("p", "title", DOUBLE), id="plain-double-text"),
    pytest.param("<p title=\"it's", value("p", "title", DOUBLE), id="plain-double-apos"),
    pytest.param("<p title='", value("p", "title", SINGLE), id="plain-single"),
    pytest.param('<p title=\'say "hi"', value("p", "title", SINGLE), id="plain-single-quot"),
    pytest.param("<p title=a", value("p", "title", UNQUOTED), id="plain-unquoted"),
    pytest.param("<P TITLE='", value("p", "title", SINGLE), id="plain-upper-case"),
    pytest.param('<p data="', value("p", "data", DOUBLE), id="plain-data-not-on-object"),
    # -- attribute values: URL -----------------------------------------------------------------
    pytest.param('<a href="', value("a", "href", DOUBLE, URL), id="url-double"),
    pytest.param("<a HREF='", value("a", "href", SINGLE, URL), id="url-single"),
    pytest.param("<img src=x", value("img", "src", UNQUOTED, URL), id="url-unquoted"),
    pytest.param('<form action="/', value("form", "action", DOUBLE, URL), id="url-action"),
    pytest.param(
        '<object data="', value("object", "data", DOUBLE, AttrKind.RESOURCE), id="object-data"
    ),
    pytest.param(
        '<script src="', value("script", "src", DOUBLE, AttrKind.RESOURCE), id="script-src"
    ),
    pytest.param('<p data-src="', value("p", "data-src", DOUBLE, URL), id="url-data-src"),
    pytest.param('<p my-url="', value("p", "my-url", DOUBLE, URL), id="url-name-contains-url"),
    pytest.param('<a xlink:href="', value("a", "xlink:href", DOUBLE, URL), id="url-xlink"),
    pytest.param(
        '<use xlink:href="',
        value("use", "xlink:href", DOUBLE, AttrKind.RESOURCE),
        id="resource-use-xlink",
    ),
    # -- attribute values: class ---------------------------------------------------------------
    pytest.param('<p class="', value("p", "class", DOUBLE, CLASS), id="class-double"),
    pytest.param("<p class='a ", value("p", "class", SINGLE, CLASS), id="class-single"),
    pytest.param("<p class=a", value("p", "class", UNQUOTED, CLASS), id="class-unquoted"),
    # -- attribute values: style ---------------------------------------------------------------
    pytest.param('<p style="', value("p", "style", DOUBLE, STYLE), id="style-double"),
    pytest.param("<p style='color: ", value("p", "style", SINGLE, STYLE), id="style-single"),
    pytest.param("<p style=color:red", value("p", "style", UNQUOTED, STYLE), id="style-unquoted"),
    # -- attribute values: event handlers ------------------------------------------------------
    pytest.param('<p onclick="', value("p", "onclick", DOUBLE, EVENT), id="event-double"),
    pytest.param("<p onClick='go(", value("p", "onclick", SINGLE, EVENT), id="event-single"),
    pytest.param("<p onload=go", value("p", "onload", UNQUOTED, EVENT), id="event-unquoted"),
    # -- RCDATA --------------------------------------------------------------------------------
    pytest.param("<title>", Context(State.RCDATA, "title"), id="rcdata-title"),
    pytest.param("<TITLE>a", Context(State.RCDATA, "title"), id="rcdata-title-upper"),
    pytest.param("<textarea>", Context(State.RCDATA, "textarea"), id="rcdata-textarea"),
    pytest.param("<title><b>", Context(State.RCDATA, "title"), id="rcdata-no-tags-inside"),
    pytest.param("<title><!--", Context(State.RCDATA, "title"), id="rcdata-no-comments"),
    pytest.param("<title></b>", Context(State.RCDATA, "title"), id="rcdata-other-end-tag"),
    pytest.param("<title></titlex", Context(State.RCDATA, "title"), id="rcdata-longer-name"),
    pytest.param("<title></title", Context(State.RCDATA, "title"), id="rcdata-end-tag-unfinished"),
    pytest.param("<textarea></title>", Context(State.RCDATA, "textarea"), id="rcdata-wrong-end"),
    pytest.param("<title>a</title>", TEXT, id="rcdata-closed"),
    pytest.param("<title>a</TITLE >", TEXT, id="rcdata-closed-upper-case-space"),
    pytest.param("<textarea>a</TextArea\n>", TEXT, id="rcdata-closed-newline"),
    pytest.param("<title>a</title/>", TEXT, id="rcdata-closed-slash"),
    # -- raw text ------------------------------------------------------------------------------
    pytest.param("<script>", Context(State.RAWTEXT, "script"), id="rawtext-script"),
    pytest.param("<style>", Context(State.RAWTEXT, "style"), id="rawtext-style"),
    pytest.param("<script>if (a < b) {", Context(State.RAWTEXT, "script"), id="rawtext-lt"),
    pytest.param("<script><!--", Context(State.RAWTEXT, "script"), id="rawtext-comment-opener"),
    pytest.param("<script>'</p>'", Context(State.RAWTEXT, "script"), id="rawtext-other-end-tag"),
    pytest.param("<xmp>", Context(State.RAWTEXT, "xmp"), id="rawtext-xmp"),
    pytest.param("<iframe>", Context(State.RAWTEXT, "iframe"), id="rawtext-iframe"),
    pytest.param("<script>a</script>", TEXT, id="rawtext-closed"),
    pytest.param("<STYLE>a</style >b", TEXT, id="rawtext-closed-mixed-case"),
    # -- comments ------------------------------------------------------------------------------
    pytest.param("<!--", Context(State.COMMENT), id="comment"),
    pytest.param("<!-- a <p> b", Context(State.COMMENT), id="comment-tags-inside"),
    pytest.param("<!-- a -- b", Context(State.COMMENT), id="comment-double-dash"),
    pytest.param("<!-- a ->", Context(State.COMMENT), id="comment-single-dash-gt"),
    pytest.param("<!-- a --", Context(State.COMMENT), id="comment-almost-closed"),
    pytest.param("<!-- a -->", TEXT, id="comment-closed"),
    pytest.param("<!-->", TEXT, id="comment-abrupt-gt"),
    pytest.param("<!--->", TEXT, id="comment-abrupt-dash-gt"),
    pytest.param("<!---->", TEXT, id="comment-empty"),
    pytest.param("<!-- a --!>", TEXT, id="comment-closed-bang"),
    pytest.param("<!-- a --!>b", TEXT, id="comment-closed-bang-then-text"),
    # -- markup declarations and bogus comments ------------------------------------------------
    pytest.param("<!doctype html", Context(State.MARKUP_DECLARATION), id="doctype"),
    pytest.param("<!DOCTYPE html>", TEXT, id="doctype-closed"),
    pytest.param("<![CDATA[x", Context(State.MARKUP_DECLARATION), id="cdata"),
    pytest.param("<?xml version", Context(State.MARKUP_DECLARATION), id="processing-instruction"),
    pytest.param("<!x", Context(State.MARKUP_DECLARATION), id="bogus-comment-bang"),
    pytest.param("</1", Context(State.MARKUP_DECLARATION), id="bogus-comment-end-tag-digit"),
    pytest.param("<?x>", TEXT, id="bogus-comment-closed"),
]


@pytest.mark.parametrize(("text", "expected"), CONTEXTS)
def test_context_after(text: str, expected: Context) -> None:
    assert expected == context_after(text)


PROSE = [
    pytest.param(TEXT, "in text", id="text"),
    pytest.param(Context(State.TEXT, "p"), "in text after <p>", id="text-after-element"),
    pytest.param(Context(State.RCDATA, "title"), "inside <title>", id="rcdata"),
    pytest.param(Context(State.RAWTEXT, "script"), "inside <script>", id="rawtext"),
    pytest.param(Context(State.COMMENT), "inside a comment", id="comment"),
    pytest.param(
        Context(State.MARKUP_DECLARATION),
        "inside a markup declaration (<!...> or <?...>)",
        id="markup-declaration",
    ),
    pytest.param(Context(State.TAG_OPEN), "right after '<'", id="tag-open"),
    pytest.param(Context(State.TAG_NAME, "p"), "inside the tag <p>", id="tag-name"),
    pytest.param(Context(State.BEFORE_ATTR_NAME, "a"), "inside the tag <a>", id="in-tag"),
    pytest.param(Context(State.SELF_CLOSING, "br"), "inside the tag <br>", id="self-closing"),
    pytest.param(Context(State.END_TAG, "p"), "inside the end tag </p>", id="end-tag"),
    pytest.param(
        Context(State.ATTR_NAME, "p", "data-x"),
        "inside the attribute name data-x of <p>",
        id="attribute-name",
    ),
    pytest.param(
        value("p", "title", DOUBLE),
        "inside a double-quoted attribute value (title) of <p>",
        id="plain-double",
    ),
    pytest.param(
        value("a", "href", SINGLE, URL),
        "inside a single-quoted URL attribute value (href) of <a>",
        id="url-single",
    ),
    pytest.param(
        value("p", "onclick", UNQUOTED, EVENT),
        "inside an unquoted event handler attribute value (onclick) of <p>",
        id="event-unquoted",
    ),
    pytest.param(
        value("p", "style", DOUBLE, STYLE),
        "inside a double-quoted style attribute value of <p>",
        id="style-double",
    ),
]


@pytest.mark.parametrize(("context", "expected"), PROSE)
def test_context_prose(context: Context, expected: str) -> None:
    assert expected == str(context)


def test_context_after_reads_as_prose() -> None:
    assert "inside a double-quoted URL attribute value (href) of <a>" == str(
        context_after('<a class=x href="')
    )


# -- tokens ------------------------------------------------------------------------------------

Simple = str | tuple[object, ...]


def _item(item: AttrToken | SpreadToken) -> tuple[object, ...]:
    if isinstance(item, SpreadToken):
        return ("spread", item.ws, item.slot)
    if item.dynamic:
        return ("attr", item.ws, item.name, item.quote, item.parts)
    return ("static", item.ws, item.raw)


def simple(tokens: Sequence[Token]) -> list[Simple]:
    """Tokens with adjacent literal text joined (how literals are chunked is not behaviour),
    holes as ("hole", slot, context) and tags as ("tag", name, head, items, tail)."""
    out: list[Simple] = []
    for token in tokens:
        match token:
            case str():
                if out and isinstance(out[-1], str):
                    out[-1] += token
                elif token:
                    out.append(token)
            case TextHole(slot, context):
                out.append(("hole", slot, context))
            case TagToken(name, head, _location, items, tail):
                out.append(("tag", name, head, [_item(item) for item in items], tail))
    return out


TOKENS = [
    pytest.param(("",), [], id="empty"),
    pytest.param(("<p>hi</p>",), ["<p>hi</p>"], id="static-only"),
    pytest.param(
        ('<!DOCTYPE html>\n<P  Class = "a"\tid=b >x</P ><br/><!-- c -->',),
        ['<!DOCTYPE html>\n<P  Class = "a"\tid=b >x</P ><br/><!-- c -->'],
        id="static-exactly-as-written",
    ),
    pytest.param(
        ("<p>", "</p>"),
        ["<p>", ("hole", 0, TEXT), "</p>"],
        id="text-hole",
    ),
    pytest.param(
        ('<a  href="x"  class=y >', "</a>"),
        ['<a  href="x"  class=y >', ("hole", 0, TEXT), "</a>"],
        id="hole-free-tag-is-literal-text",
    ),
    pytest.param(
        ("<title>", "</title>"),
        ["<title>", ("hole", 0, Context(State.RCDATA, "title")), "</title>"],
        id="rcdata-hole",
    ),
    pytest.param(
        ("<!-- ", " -->"),
        ["<!-- ", ("hole", 0, Context(State.COMMENT)), " -->"],
        id="comment-hole",
    ),
    pytest.param(
        ('<a href="', '" id=x>', "</a>"),
        [
            ("tag", "a", "<a", [("attr", " ", "href", DOUBLE, [0]), ("static", " ", "id=x")], ">"),
            ("hole", 1, TEXT),
            "</a>",
        ],
        id="quoted-whole-value",
    ),
    pytest.param(
        ("<input class=", " disabled/>"),
        [
            (
                "tag",
                "input",
                "<input",
                [("attr", " ", "class", UNQUOTED, [0]), ("static", " ", "disabled")],
                "/>",
            )
        ],
        id="unquoted-whole-value-then-boolean",
    ),
    pytest.param(
        ('<p class="a ', " b\"\n  title='", "' >", "</p>"),
        [
            (
                "tag",
                "p",
                "<p",
                [
                    ("attr", " ", "class", DOUBLE, ["a ", 0, " b"]),
                    ("attr", "\n  ", "title", SINGLE, [1]),
                ],
                " >",
            ),
            ("hole", 2, TEXT),
            "</p>",
        ],
        id="parts-and-whitespace-kept",
    ),
    pytest.param(
        ("<a ", " id=x>"),
        [("tag", "a", "<a", [("spread", " ", 0), ("static", " ", "id=x")], ">")],
        id="spread-then-static",
    ),
    pytest.param(
        ('<a id="x"\t', ">"),
        [("tag", "a", "<a", [("static", " ", 'id="x"'), ("spread", "\t", 0)], ">")],
        id="static-then-spread",
    ),
    pytest.param(
        ("<P CLASS='", "'>"),
        [("tag", "p", "<P", [("attr", " ", "CLASS", SINGLE, [0])], ">")],
        id="names-as-written",
    ),
    pytest.param(
        ("<ul>", "<li class=", ">", "</li></ul>"),
        [
            "<ul>",
            ("hole", 0, TEXT),
            ("tag", "li", "<li", [("attr", " ", "class", UNQUOTED, [1])], ">"),
            ("hole", 2, TEXT),
            "</li></ul>",
        ],
        id="several-tokens",
    ),
]


def template_of(strings: tuple[str, ...]) -> Template:
    """A template with these static strings; the values do not matter to the scanner."""
    parts: list[str | Interpolation] = []
    for i, text in enumerate(strings):
        if i:
            parts.append(Interpolation(None, f"x{i - 1}"))
        parts.append(text)
    return Template(*parts)


@pytest.mark.parametrize(("strings", "expected"), TOKENS)
def test_scan(strings: tuple[str, ...], expected: list[Simple]) -> None:
    assert expected == simple(scan(template_of(strings)).tokens)


def test_static_text_round_trips_exactly() -> None:
    strings = ('<div\tID=main data-x="1">\n  <p>a &amp; b</p>\n', "\n</div>")
    tokens = scan(template_of(strings)).tokens
    assert "".join(strings) == "".join(t for t in tokens if isinstance(t, str))


def test_tag_token_location_is_its_lt() -> None:
    (tag,) = [
        token
        for token in scan(template_of(("x <p title=", ">"))).tokens
        if isinstance(token, TagToken)
    ]
    assert 0 == tag.location.string
    assert 2 == tag.location.offset


# -- inside <script> and <style>: every state of the JavaScript and CSS lexers -------------------
#
# A hole in a script or style body is a TextHole with the static text of its body, and the
# analysis gives it the Escaper of the lexer state that text ends in (or after it, for a
# style); the states that take no value are refused. test_js_lexer.py and test_css_lexer.py
# pin the lexers on text; this table pins what the scan and the analysis make of each of their
# states. Each row: the lexer state, the text around the hole,
# and the Escaper or the anchor of the refusal ("!script-value").

LEXER_STATES = [
    (JsState.CODE, "<script>x = ", ";</script>", Escaper.SCRIPT_LITERAL),
    (JsState.CODE, "<script>x = `a${", "}`;</script>", Escaper.SCRIPT_LITERAL),
    (JsState.CODE, "<script type=module>f(", ")</script>", Escaper.SCRIPT_LITERAL),
    (JsState.CODE, '<script type="application/json">', "</script>", Escaper.SCRIPT_LITERAL),
    (JsState.CODE, '<script type=importmap>{"imports": {"a": ', "}}</script>", Escaper.IMPORTMAP),
    (JsState.STRING, "<script>x = '", "';</script>", Escaper.SCRIPT_STRING),
    (JsState.STRING, '<script>x = "a ', '";</script>', Escaper.SCRIPT_STRING),
    (JsState.TEMPLATE, "<script>x = `", "`;</script>", Escaper.SCRIPT_STRING),
    (JsState.TAGGED_TEMPLATE, "<script>x = String.raw`", "`;</script>", "!script-value"),
    (JsState.TEMPLATE_DOLLAR, "<script>x = `$", "`;</script>", "!script-value"),
    (JsState.ESCAPE, "<script>x = '\\", "';</script>", "!script-value"),
    (JsState.REGEX, "<script>x = /a", "/;</script>", "!script-value"),
    (JsState.COMMENT, "<script>// ", "\n</script>", "!script-value"),
    (JsState.COMMENT, "<script>/* ", " */</script>", "!script-value"),
    (JsState.UNKNOWN, "<script>x = (a) /", "</script>", "!script-value"),
    (CssState.VALUE, "<style>p { color: ", " }</style>", Escaper.CSS_VALUE),
    (CssState.STRING, "<style>p { content: '", "' }</style>", Escaper.CSS_STRING),
    (CssState.URL, "<style>p { background: url(", ") }</style>", Escaper.CSS_URL),
    (CssState.URL_PART, "<style>p { background: url(/img/", ") }</style>", Escaper.CSS_URL_PATH),
    (CssState.QUOTED_URL, "<style>p { background: url('", "') }</style>", Escaper.CSS_URL),
    (CssState.QUOTED_URL_PART, "<style>a { b: url('/i/", "') }</style>", Escaper.CSS_URL_PATH),
    (CssState.COMMENT, "<style>/* ", " */</style>", "!css"),
    (CssState.SELECTOR, "<style>", " { color: red }</style>", "!css"),
    (CssState.PROPERTY, "<style>p { ", ": red }</style>", "!css"),
    (CssState.AT_RULE, "<style>@media ", " { }</style>", "!css"),
    (CssState.IMPORTANT, "<style>p { color: red !", " }</style>", "!css"),
    (CssState.UNKNOWN, "<style>p { color: \\", " }</style>", "!css"),
]


@pytest.mark.parametrize(
    ("state", "before", "after", "expected"),
    LEXER_STATES,
    ids=[
        f"{state.name.lower()}-{before[1:6]}-{n}"
        for n, (state, before, *_) in enumerate(LEXER_STATES)
    ],
)
def test_lexer_state(
    state: JsState | CssState, before: str, after: str, expected: Escaper | str
) -> None:
    scanned = scan(template_of((before, after)))
    assert scanned.fault is None  # the scanner only says where the hole stands
    (hole,) = [token for token in scanned.tokens if isinstance(token, TextHole)]
    assert hole.body is not None
    assert ([before.partition(">")[2]], [0]) == (hole.body.pieces[:1], hole.body.slots)
    if isinstance(expected, str):
        with pytest.raises(TemplateSyntaxError) as info:
            analyze(scanned)
        assert expected[1:] == info.value.anchor
        assert state.value in info.value.headline  # the state, named in the message
    else:
        assert expected == analyze(scanned)[0].escaper


def test_the_lexer_table_has_every_state() -> None:
    assert set(JsState) | set(CssState) == {state for state, *_ in LEXER_STATES}


# -- plain tags taken in one match give what the walk through the tag states gives ------------


class Walker(Scanner):
    plain_tags = False  # every tag walked, one tag state at a time


def scanned(scanner: Scanner, template: Template) -> tuple[object, ...]:
    """What a scan leaves: its tokens and its end, or its refusal."""
    scan = scanner.scan(template)
    if scan.fault is not None:
        return ("refused", str(scan.fault), scan.fault.location)
    return (scan.tokens, scan.nesting, scanner.closed_at)


TAKEN_IN_ONE_MATCH = [
    ('<tr class="row-', '">x</tr>'),
    ('<a id=x title="t" hidden href="/items/', '">open</a>'),
    ("<P  Data-X = 'a\"b' CLASS\n=\t'row ", "' lang=en>x</P>"),
    ('<td class="name">', "</td><td><a href='", "'>", "</a></td>"),
    ('<a href="/', '"', '">x</a>'),
    ('<img alt="', '"/>'),
    ('<script src="', '"></script>'),
    ('<textarea title="', '">', "</textarea>"),
    ('<noscript title="', '"></noscript>'),
    ('<svg class="', '"><title>', "</title></svg>"),
    ('<p title="', '" title="', '">'),
    (
        '<p title="x">',
        '</p><p title="',
    ),
    ('<p x="1"y="', '">'),
    ("<p title=x", ">"),
    ("<", ' title="', '"></', ">"),
    ("<p x='1' title='a",),  # refused: where the quote left open is
    ('<p title="', '">', '<p title="'),
    # strings repeated: a run of plain tags read once, taken again
    ("<svg><a>", "</a></svg><b>", "</b><svg><a>", "</a></svg><b>", "</b><svg><a>", "</a></svg>"),
    ('<tr class="', '"><td>', '</td></tr><tr class="', '"><td>', '</td></tr><tr class="', '">'),
    ("<pre>", "</pre><pre>", "</pre><pre>", "</pre>"),
]


@pytest.mark.parametrize("strings", TAKEN_IN_ONE_MATCH, ids=repr)
def test_a_tag_taken_in_one_match_scans_as_the_walk_does(strings: Sequence[str]) -> None:
    template = template_of(strings)
    assert scanned(Walker(), template) == scanned(Scanner(), template)


def test_a_start_tag_open_in_its_last_value_is_taken_whole() -> None:
    tokens = scan(template_of(("<a hidden title='t' href=\"/i/", '">'))).tokens
    assert [
        "",
        TagToken(
            "a",
            "<a",
            Location(0, 0, 1),
            [
                AttrToken(" ", "hidden", Location(0, 3, 1), "hidden", Quote.NONE, None),
                AttrToken(" ", "title", Location(0, 10, 1), "title='t'", SINGLE, ["t"]),
                AttrToken(" ", "href", Location(0, 20, 1), 'href="/i/"', DOUBLE, ["/i/", 0]),
            ],
            ">",
        ),
    ] == tokens


def test_a_body_is_recorded_for_the_analysis_not_decided() -> None:
    # the static text between the holes of one script, shared by its holes, in order
    scanned = scan(template_of(("<script>a = ", "; b = '", "';</script><p>", "</p>")))
    first, second, text = [token for token in scanned.tokens if isinstance(token, TextHole)]
    assert first.body is second.body
    assert Body("script", "js", ["a = ", "; b = '", "';"], [0, 1], ended=True) == first.body
    assert (None, TEXT) == (text.body, text.context)
    # a style not ended when the scan stops: its holes are left to the scanner's refusal
    scanned = scan(template_of(("<style>p { color: ", " } </st", "yle>")))
    assert scanned.fault is not None
    assert "end-tag" == scanned.fault.anchor
    (hole,) = [token for token in scanned.tokens if isinstance(token, TextHole)]
    assert Body("style", "", ["p { color: ", " } </st"], [0]) == hole.body
    with pytest.raises(TemplateSyntaxError) as info:
        analyze(scanned)
    assert info.value is scanned.fault
