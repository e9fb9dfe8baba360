"""The CSS lexer and escapers (htmltemplates/lang/css*.py, runtime/css.py): where in a <style>
body or a style attribute a hole stands, and what a value becomes there.

The state tables are in the style of Go's html/template TestEscape: static CSS up to a hole, and
the position the lexer gives. The escapers are judged by exact output, by a small decoder of CSS
escapes written here, and, where tinycss2 (a CSS Syntax Level 3 tokenizer and parser) is
installed, by reading rendered CSS back with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from string.templatelib import Template
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markupsafe import Markup

try:  # a CSS Syntax Level 3 tokenizer and parser, to read rendered CSS back
    import tinycss2
except ImportError:  # pragma: no cover - the read-back tests are skipped
    tinycss2 = None

from htmltemplates._spec import UrlPart
from htmltemplates.lang.css import (
    PLACEHOLDERS,
    CssPosition,
    CssState,
    css_after,
    css_holes,
    css_position,
    css_state,
)
from htmltemplates.runtime.css import NotCssError, css_string, css_text, css_url, css_value
from htmltemplates.runtime.escapers import UNSAFE_CSS, UNSAFE_URL, browser_url, filter_url

S = CssState


def p(source: str, state: CssState, detail: str = "", *, id: str) -> Any:
    return pytest.param(source, CssPosition(state, detail), id=id)


# -- positions in a stylesheet (<style> bodies) ---------------------------------------------------

STYLESHEET = [
    # values
    p("a { color: ", S.VALUE, id="value"),
    p("a{color:", S.VALUE, id="value-no-spaces"),
    p("a { margin: 0 ", S.VALUE, id="value-second-token"),
    p("a { color: re", S.VALUE, id="value-inside-an-ident"),
    p("a { color: #", S.VALUE, id="value-after-hash"),
    p("a { width: 1", S.VALUE, id="value-after-digit"),
    p("a { width: calc(100% - ", S.VALUE, id="value-in-calc"),
    p("a { color: rgb(1 2 ", S.VALUE, id="value-in-rgb"),
    p("a { grid-template-columns: [a ", S.VALUE, id="value-in-brackets"),
    p("a { background: image-set(url(a.png) 1x, b.png ", S.VALUE, id="value-in-image-set"),
    p("a { --x: ", S.VALUE, id="custom-property"),
    p("a { --my-var:", S.VALUE, id="custom-property-no-space"),
    p("a { color : ", S.VALUE, id="space-before-colon"),
    p("a { color/* c */: ", S.VALUE, id="comment-before-colon"),
    p("a { color: red; background: ", S.VALUE, id="second-declaration"),
    p("a { color: red !important; margin: ", S.VALUE, id="after-important-declaration"),
    p("a { color: red } b { color: ", S.VALUE, id="second-rule"),
    p("a { b: url(x) ", S.VALUE, id="after-a-url"),
    p("a { b: url('x') ", S.VALUE, id="after-a-quoted-url"),
    p("a { b: 'x' ", S.VALUE, id="after-a-string"),
    p("a { b: 1url(", S.VALUE, id="dimension-then-paren-is-no-url"),
    p("a { b: #url(", S.VALUE, id="hash-then-paren-is-no-url"),
    p("a { b: -url(", S.VALUE, id="dash-url-is-another-function"),
    p("a { b: c\r\n  d ", S.VALUE, id="crlf"),
    p("a { b: c\fd ", S.VALUE, id="form-feed-is-a-newline"),
    p("a { b: \\31 ", S.VALUE, id="complete-hex-escape"),
    p("a { b: x\\:y ", S.VALUE, id="escape-in-a-value-ident"),
    p("a { b: rgb\\(", S.VALUE, id="escaped-paren-is-an-ident-character"),
    p(".md\\:flex { color: ", S.VALUE, id="escaped-colon-in-selector"),
    p('.a\\"b { color: ', S.VALUE, id="escaped-quote-in-selector"),
    p("/* \"{' */ a { color: ", S.VALUE, id="comment-with-quotes-and-braces"),
    p("a { /* } */ color: ", S.VALUE, id="comment-with-a-closing-brace"),
    p('a[x="}"] { color: ', S.VALUE, id="string-with-a-brace-in-a-selector"),
    p("a { content: 'a\\'b}'; color: ", S.VALUE, id="string-with-escaped-quote"),
    p('a { content: "a\\\nb"; color: ', S.VALUE, id="string-with-escaped-newline"),
    p("a:hover { color: ", S.VALUE, id="pseudo-class-rule"),
    # nesting (CSS Nesting): rules inside a style rule hold declarations too
    p("a { b { color: ", S.VALUE, id="nested-rule"),
    p("a { & b { color: ", S.VALUE, id="nested-rule-ampersand"),
    p("a { &:hover { color: ", S.VALUE, id="nested-ampersand-hover"),
    p("a { b:hover { color: ", S.VALUE, id="nested-rule-that-looks-like-a-declaration"),
    p("a { b { c: d } color: ", S.VALUE, id="declaration-after-nested-rule"),
    p("a { color: red b { c: ", S.VALUE, id="declaration-that-becomes-a-rule"),
    p("a { @media (x) { color: ", S.VALUE, id="nested-media-holds-declarations"),
    # at-rules
    p("@media screen { a { color: ", S.VALUE, id="media"),
    p("@MEDIA screen { a { color: ", S.VALUE, id="media-upper-case"),
    p("@supports (display: grid) { a { display: ", S.VALUE, id="supports"),
    p("@layer base { a { color: ", S.VALUE, id="layer"),
    p("@container (width > 1px) { a { color: ", S.VALUE, id="container"),
    p("@keyframes spin { from { transform: rotate(", S.VALUE, id="keyframes"),
    p("@keyframes k { 0% { a: b } 50% { opacity: ", S.VALUE, id="keyframes-percent"),
    p("@font-face { font-weight: ", S.VALUE, id="font-face"),
    p("@page { margin: ", S.VALUE, id="page"),
    p("@page { @top-left { content: ", S.VALUE, id="page-margin-box"),
    p('@import "a.css"; a { color: ', S.VALUE, id="after-import"),
    p("@media screen { a { b: c } } d { color: ", S.VALUE, id="after-media"),
    # strings
    p('a { content: "', S.STRING, id="string-double"),
    p("a { content: '", S.STRING, id="string-single"),
    p('a { content: "a\\"b', S.STRING, id="string-escaped-quote"),
    p("a { content: 'a\"b", S.STRING, id="string-other-quote"),
    p('a { content: "a\\\nb', S.STRING, id="string-continued-line"),
    p('a { content: "a\\31 ', S.STRING, id="string-complete-escape"),
    p("a { font-family: 'x', '", S.STRING, id="string-in-a-list"),
    p('a { --x: "', S.STRING, id="string-custom-property"),
    p('a { b { content: "', S.STRING, id="string-nested"),
    p('a { content: attr(x, "', S.STRING, id="string-in-attr"),
    p('@font-face { src: local("', S.STRING, id="string-in-local"),
    p('@font-face { src: url(a.woff) format("', S.STRING, id="string-in-format"),
    p('a[data-x="', S.STRING, id="string-attribute-selector"),
    p("a:not([x='", S.STRING, id="string-in-not"),
    p('a { &[x="', S.STRING, id="string-nested-selector"),
    p('a { content: "/* ', S.STRING, id="string-holding-a-comment-start"),
    # URLs: unquoted
    p("a { b: url(", S.URL, id="url"),
    p("a { b: url( ", S.URL, id="url-space"),
    p("a { b: url(\n\t ", S.URL, id="url-spaces"),
    p("a { b: URL(", S.URL, id="url-upper"),
    p("a { b: uRl(", S.URL, id="url-mixed-case"),
    p("a { b: url(\\20 ", S.URL, id="url-escaped-space-is-stripped"),
    p("a { b: image-set(url(", S.URL, id="url-in-image-set"),
    p("@font-face { src: url(", S.URL, id="url-font-face"),
    p("a { b: url(/img/", S.URL_PART, "/img/", id="url-path"),
    p("a { b: url(https://x/", S.URL_PART, "https://x/", id="url-after-scheme"),
    p("a { b: url(a\\29 b", S.URL_PART, "a)b", id="url-escape-decoded"),
    p("a { b: url(javascript:", S.URL_PART, "javascript:", id="url-dangerous-scheme"),
    # URLs: quoted (url("..."), and strings where CSS takes a URL)
    p('a { b: url("', S.QUOTED_URL, id="quoted-url"),
    p("a { b: url( '", S.QUOTED_URL, id="quoted-url-single"),
    p('a { b: URL( \n "', S.QUOTED_URL, id="quoted-url-upper-spaces"),
    p('a { b: url(" ', S.QUOTED_URL, id="quoted-url-leading-space"),
    p('a { b: image-set("', S.QUOTED_URL, id="image-set-string"),
    p('a { b: -webkit-image-set("a" 1x, "', S.QUOTED_URL, id="webkit-image-set-string"),
    p('a { b: image-set(var(--x, "', S.QUOTED_URL, id="string-in-var-in-image-set"),
    p('a { b: src("', S.QUOTED_URL, id="src-string"),
    p('a { b: url("/x/', S.QUOTED_URL_PART, "/x/", id="quoted-url-path"),
    p('a { b: url("a\\"', S.QUOTED_URL_PART, 'a"', id="quoted-url-escape-decoded"),
    # comments
    p("/*", S.COMMENT, id="comment"),
    p("a { /* ", S.COMMENT, id="comment-in-block"),
    p("a { color: /* x ", S.COMMENT, id="comment-in-value"),
    p("a { color: red /* a */ b /* ", S.COMMENT, id="second-comment"),
    p('a { color: red /* " ', S.COMMENT, id="comment-with-quote"),
    # selectors
    p("", S.SELECTOR, id="start"),
    p("a", S.SELECTOR, id="selector"),
    p("a:", S.SELECTOR, id="pseudo-class"),
    p("a, ", S.SELECTOR, id="selector-list"),
    p("a > ", S.SELECTOR, id="combinator"),
    p("a { } ", S.SELECTOR, id="after-a-rule"),
    p("a { b { } } c", S.SELECTOR, id="after-a-nested-rule"),
    p("color: ", S.SELECTOR, id="declaration-at-top-level"),
    p("@media screen { color: ", S.SELECTOR, id="declaration-in-top-level-media"),
    p("a { &:", S.SELECTOR, id="nested-pseudo-class"),
    p("a { :is(", S.SELECTOR, id="nested-is"),
    p("a { & ", S.SELECTOR, id="nesting-selector"),
    p("a { a.b: ", S.SELECTOR, id="class-selector-then-colon"),
    p("a { 1x: ", S.SELECTOR, id="number-then-colon"),
    p("a { col\\6fr: red; b { c: ", S.VALUE, id="after-an-escaped-name"),
    p('a { "x": ', S.SELECTOR, id="string-then-colon"),
    p("a { b c: ", S.SELECTOR, id="two-idents-then-colon"),
    p("a { b: c; d:e:", S.VALUE, id="second-colon-in-a-value"),
    p("a { url(", S.PROPERTY, id="url-where-a-property-goes"),
    # property names
    p("a { ", S.PROPERTY, id="property"),
    p("a {", S.PROPERTY, id="property-no-space"),
    p("a { color: red; ", S.PROPERTY, id="property-after-declaration"),
    p("a { col", S.PROPERTY, id="property-inside-name"),
    p("a { --", S.PROPERTY, id="custom-property-name"),
    p("a { b { } ", S.PROPERTY, id="property-after-nested-rule"),
    p("@font-face { ", S.PROPERTY, id="property-in-font-face"),
    p("a { color: red;; ", S.PROPERTY, id="property-after-empty-declaration"),
    # at-rules: nothing in a prelude (@import loads a stylesheet; @media conditions)
    p("@import ", S.AT_RULE, "@import", id="import"),
    p('@import "', S.AT_RULE, "@import", id="import-string"),
    p("@import url(", S.AT_RULE, "@import", id="import-url"),
    p('@import url("', S.AT_RULE, "@import", id="import-quoted-url"),
    p("@IMPORT '", S.AT_RULE, "@import", id="import-upper"),
    p('@\\69mport "', S.AT_RULE, "", id="import-escaped"),
    p("@namespace svg url(", S.AT_RULE, "@namespace", id="namespace"),
    p('@charset "', S.AT_RULE, "@charset", id="charset"),
    p("@media (min-width: ", S.AT_RULE, "@media", id="media-query"),
    p("@media (width < ", S.AT_RULE, "@media", id="media-range"),
    p("a { @media (", S.AT_RULE, "@media", id="nested-media-query"),
    p("@font-feature-values ", S.AT_RULE, "@font-feature-values", id="font-feature-values"),
    # !important
    p("a { color: red !", S.IMPORTANT, id="bang"),
    p("a { color: red ! ", S.IMPORTANT, id="bang-space"),
    p("a { color: red !important ", S.IMPORTANT, id="after-important"),
    p("a { color: red !imp", S.IMPORTANT, id="inside-important"),
]

# Positions the lexer does not judge, with (part of) the reason it gives.
UNKNOWN = [
    pytest.param("a { b: u\\72l(", "function whose name is written with an escape", id="u72l"),
    pytest.param("a { b: \\75rl(", "function whose name is written with an escape", id="75rl"),
    pytest.param("a { b: \\", "after a backslash escape", id="backslash"),
    pytest.param("a { b: x\\", "after a backslash escape", id="backslash-in-ident"),
    pytest.param("a { b: -\\", "after a backslash escape", id="dash-backslash"),
    pytest.param("a { b: #\\", "after a backslash escape", id="hash-backslash"),
    pytest.param("a { b: \\\n", "backslash that escapes nothing", id="backslash-newline"),
    pytest.param("a { b: \\3", "hex escape", id="hex-escape-open"),
    pytest.param("a { b: \\3c", "hex escape", id="hex-escape-open-2"),
    pytest.param('a { content: "\\', "after a backslash escape", id="string-backslash"),
    pytest.param('a { content: "\\3', "hex escape", id="string-hex-escape-open"),
    pytest.param("a { b: url(\\", "after a backslash escape", id="url-backslash"),
    pytest.param("a { b: url(x\\4", "hex escape", id="url-hex-escape-open"),
    pytest.param('a { content: "a\nb"; color: ', "line break", id="bad-string"),
    pytest.param("a { content: 'a\r", "line break", id="bad-string-cr"),
    pytest.param("a { b: url(a b", "bad url()", id="bad-url-space"),
    pytest.param("a { b: url(a ", "only ')'", id="url-trailing-space"),
    pytest.param('a { b: url(a"', "bad url()", id="bad-url-quote"),
    pytest.param("a { b: url(a(", "bad url()", id="bad-url-paren"),
    pytest.param("a { b: url(a\x01", "bad url()", id="bad-url-control"),
    pytest.param("a { b: url(a\\\n", "bad url()", id="bad-url-escaped-newline"),
    pytest.param("a { b: url(x) url(a b) } c { d: ", "bad url()", id="after-a-bad-url"),
    pytest.param('a { b: url("x" ', "url() or src()", id="url-modifiers"),
    pytest.param("a { b: src(", "url() or src()", id="src-unquoted"),
    pytest.param("<!-- a { color: ", "'<!--'", id="cdo"),
    pytest.param("a { color: red } --> b { color: ", "'-->'", id="cdc"),
    pytest.param("a { color: <", "'<'", id="less-than"),
    pytest.param("a { color: </", "'<'", id="end-tag-start"),
    pytest.param('a { content: "</sty', "'<'", id="end-tag-in-string"),
    pytest.param('a { content: "<!-', "'<'", id="comment-start-in-string"),
    pytest.param("/* <", "'<'", id="less-than-in-comment"),
    pytest.param('a { content: "&', "'&'", id="ampersand-in-string"),
    pytest.param('a { content: "&lt', "'&'", id="partial-reference"),
    pytest.param("a { color: &#", "'&'", id="numeric-reference"),
    pytest.param("a { color: @", "'@'", id="at-sign"),
    pytest.param("}", "closes no block", id="stray-brace"),
    pytest.param("a { } }", "closes no block", id="extra-brace"),
    pytest.param("a { color: rgb(1 ]", "closes nothing", id="mismatched-bracket"),
    pytest.param("a { color: 1) ", "closes nothing", id="stray-paren"),
    pytest.param("a { color: rgb(1; ", "inside brackets", id="semicolon-in-parens"),
    pytest.param("a { color: rgb(1 } ", "inside brackets", id="brace-in-parens"),
    pytest.param("a { b: (a { ", "inside brackets", id="open-brace-in-parens"),
    pytest.param("a[b { ", "inside brackets", id="open-brace-in-brackets"),
    pytest.param("@foo { color: ", "@foo", id="unknown-at-rule"),
    pytest.param("@foo { a { b { color: ", "@foo", id="inside-unknown-at-rule"),
    pytest.param("@fo\\6f { a { color: ", "escapes", id="escaped-at-rule"),
    pytest.param("@font-feature-values F { @swash { a: ", "@font-feature-values", id="swash"),
    pytest.param("a { --x: { a: ", "{}-block in a declaration", id="custom-property-block"),
    pytest.param("a { --x: b { a: ", "{}-block in a declaration", id="custom-property-late-block"),
    pytest.param("a { --x: { } ", "after a {}-block", id="after-custom-property-block"),
    pytest.param("a { color: { } ", "after a {}-block", id="after-whole-value-block"),
    pytest.param("a { col\\6fr: ", "written with an escape", id="escaped-property-name"),
    pytest.param('a { col\\6fr: url("', "written with an escape", id="escaped-name-url"),
    pytest.param("a { c\\olor: '", "written with an escape", id="escaped-name-string"),
    pytest.param("a { a_b: '", "or an unknown one", id="unknown-property-name"),
]


@pytest.mark.parametrize(("source", "expected"), STYLESHEET)
def test_stylesheet(source: str, expected: CssPosition) -> None:
    assert expected == css_position(source)
    assert expected.state is css_state(source)


@pytest.mark.parametrize(("source", "reason"), UNKNOWN)
def test_unknown(source: str, reason: str) -> None:
    state, detail = css_position(source)
    assert state is S.UNKNOWN
    assert reason in detail


# -- positions in a declaration list (style attributes) -------------------------------------------

DECLARATIONS = [
    p("", S.PROPERTY, id="start"),
    p("col", S.PROPERTY, id="inside-name"),
    p("color: ", S.VALUE, id="value"),
    p("color:", S.VALUE, id="value-no-space"),
    p(" color : ", S.VALUE, id="spaces"),
    p("color: red; margin: 0 ", S.VALUE, id="second-declaration"),
    p("--x: ", S.VALUE, id="custom-property"),
    p("width: calc(1px + ", S.VALUE, id="calc"),
    p("color: red; ", S.PROPERTY, id="after-declaration"),
    p("background: url(", S.URL, id="url"),
    p("background: url(/a/", S.URL_PART, "/a/", id="url-part"),
    p('background: url("', S.QUOTED_URL, id="quoted-url"),
    p("background: url('x/", S.QUOTED_URL_PART, "x/", id="quoted-url-part"),
    p('content: "', S.STRING, id="string"),
    p("content: 'a\\'", S.STRING, id="string-escaped-quote"),
    p("/* ", S.COMMENT, id="comment"),
    p("color: red /* ", S.COMMENT, id="comment-in-value"),
    p("color: red !", S.IMPORTANT, id="important"),
    p("a:hover { color: ", S.VALUE, id="nested-rule"),
    p("a.b { color: ", S.VALUE, id="nested-rule-class"),
    p("a.b: ", S.SELECTOR, id="class-then-colon"),
    p("@media x { color: ", S.VALUE, id="nested-media"),
    p("@import '", S.AT_RULE, "@import", id="import"),
]


@pytest.mark.parametrize(("source", "expected"), DECLARATIONS)
def test_declarations(source: str, expected: CssPosition) -> None:
    assert expected == css_position(source, declarations=True)


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        pytest.param("}", "closes no block", id="stray-brace"),
        pytest.param("color: red } ", "closes no block", id="brace-after-declaration"),
        pytest.param("color: &", "'&'", id="ampersand"),
        pytest.param("content: '&quot", "'&'", id="reference"),
        pytest.param("--x: { ", "{}-block", id="custom-property-block"),
        pytest.param("col\\6fr: ", "escape", id="escaped-name"),
    ],
)
def test_declarations_unknown(source: str, reason: str) -> None:
    state, detail = css_position(source, declarations=True)
    assert state is S.UNKNOWN
    assert reason in detail


def test_a_stylesheet_and_a_declaration_list_differ() -> None:
    assert S.SELECTOR is css_state("color: ")
    assert S.VALUE is css_state("color: ", declarations=True)


def test_state_texts_read_after_inside() -> None:
    assert {state: state.value for state in CssState} == {
        S.VALUE: "a property value",
        S.STRING: "a string",
        S.URL: "the start of a url()",
        S.URL_PART: "a url() after its start",
        S.QUOTED_URL: "the start of a quoted URL",
        S.QUOTED_URL_PART: "a quoted URL after its start",
        S.COMMENT: "a comment",
        S.SELECTOR: "a selector",
        S.PROPERTY: "a property name",
        S.AT_RULE: "the prelude of an at-rule",
        S.IMPORTANT: "the priority of a declaration (after '!')",
        S.UNKNOWN: "CSS that the scanner does not judge",
    }


# -- earlier holes, written as their placeholders ---------------------------------------------


def lex(*parts: str, declarations: bool = False) -> list[CssState]:
    """The state of each hole between ``parts``, earlier holes fed as their placeholders."""
    states = []
    source = parts[0]
    for part in parts[1:]:
        state = css_state(source, declarations=declarations)
        states.append(state)
        source += PLACEHOLDERS.get(state, "") + part
    return states


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        pytest.param(
            ("a { color: ", "; background: url(", ") }"), [S.VALUE, S.URL], id="value-then-url"
        ),
        pytest.param(("a { margin: ", " ", " }"), [S.VALUE, S.VALUE], id="two-values"),
        pytest.param(("a { width: ", "", " }"), [S.VALUE, S.VALUE], id="adjacent-values"),
        pytest.param(
            ('a { content: "', '"; color: ', " }"), [S.STRING, S.VALUE], id="string-then-value"
        ),
        pytest.param(
            ('a { content: "', " and ", '"; }'), [S.STRING, S.STRING], id="two-in-a-string"
        ),
        pytest.param(("a { b: url(", "/", ") }"), [S.URL, S.URL_PART], id="url-start-then-part"),
        pytest.param(
            ('a { b: url("', "", '") }'), [S.QUOTED_URL, S.QUOTED_URL_PART], id="url-adjacent"
        ),
        pytest.param(("a { b: url(", ") } c { d: ", " }"), [S.URL, S.VALUE], id="url-then-value"),
        pytest.param(
            ("a { color: ", " } ", " { }"), [S.VALUE, S.SELECTOR], id="value-then-selector"
        ),
        pytest.param(
            ("color: ", "; content: '", "'"),
            [S.VALUE, S.STRING],
            id="declarations",
        ),
    ],
)
def test_placeholders(parts: tuple[str, ...], expected: list[CssState]) -> None:
    assert expected == lex(*parts, declarations=parts[0] == "color: ")


def test_url_part_detail_holds_placeholders() -> None:
    assert CssPosition(S.URL_PART, "x/") == css_position("a { b: url(" + PLACEHOLDERS[S.URL] + "/")


@pytest.mark.parametrize(
    ("strings", "expected"),
    [
        pytest.param(
            ("a { color: ", "; b: url(", ") }"),
            [CssPosition(S.VALUE), CssPosition(S.URL)],
            id="value-url",
        ),
        pytest.param(
            ('a { content: "', '" } b { c: ', "px }"),
            [CssPosition(S.STRING), CssPosition(S.VALUE)],
            id="string-value",
        ),
        pytest.param(
            ("a { b:", " { c: ", " } }"),
            [
                CssPosition(S.SELECTOR, "a declaration that the '{' after it makes a rule"),
                CssPosition(S.VALUE),
            ],
            id="declaration-that-becomes-a-rule",
        ),
        pytest.param(
            ("a { b: ", "", " c { } }"),
            [
                CssPosition(S.SELECTOR, "a declaration that the '{' after it makes a rule"),
                CssPosition(S.SELECTOR, "a declaration that the '{' after it makes a rule"),
            ],
            id="adjacent-values-in-a-rule",
        ),
        pytest.param(
            ("a { b: ", " } c { d: ", " }"),
            [CssPosition(S.VALUE), CssPosition(S.VALUE)],
            id="brace-closes-the-declaration",
        ),
        pytest.param(
            (
                "a { --x: ",
                " { } }",
            ),
            [CssPosition(S.UNKNOWN, "in a declaration that ends where the scanner cannot follow")],
            id="custom-property-block-after",
        ),
        pytest.param(
            (
                "a { b: ",
                " rgb(1;2) }",
            ),
            [CssPosition(S.UNKNOWN, "in a declaration that ends where the scanner cannot follow")],
            id="unsure-after",
        ),
        pytest.param(
            (
                "a { b: ",
                "rl(x) }",
            ),
            [CssPosition(S.UNKNOWN, "a value followed by a name and '(' or by a backslash")],
            id="css-after",
        ),
        pytest.param(
            ("a { b: ", "\r", "\n }"),
            [CssPosition(S.VALUE), CssPosition(S.VALUE)],
            id="cr-lf-split-by-a-hole",
        ),
        pytest.param(("a { b: ",), [], id="no-holes"),
        pytest.param(("a { ", ": red }"), [CssPosition(S.PROPERTY)], id="refused"),
    ],
)
def test_css_holes(strings: tuple[str, ...], expected: list[CssPosition]) -> None:
    assert expected == css_holes(strings)


HOLE_FRAGMENTS = st.sampled_from(
    [
        *("a", "b", " ", "\n", "{", "}", ";", ":", ",", "color", "--x", "(", ")", "[", "]"),
        *('"', "'", "\\", '\\"', "\\3", "\\31 ", "/*", "*/", "url(", "u\\72l(", "image-set("),
        *("@media", "@import", "!", "#", "1", "-", ".", "%", "&", "<", "</", "-->", "HOLE"),
        *("a { ", "color: ", "} ", "1e", "1e+", "@", "url( ", "x y"),
    ]
)
DOWNGRADES = (
    CssPosition(S.SELECTOR, "a declaration that the '{' after it makes a rule"),
    CssPosition(S.UNKNOWN, "in a declaration that ends where the scanner cannot follow"),
)


@given(st.lists(HOLE_FRAGMENTS, max_size=40), st.booleans())
@example(["a { b: 1", "HOLE", "2 }"], False)
@example(["a { b: \\3", "HOLE"], False)
@example(["a { b: '\\3", "HOLE", "'"], False)
def test_css_holes_reads_each_hole_as_css_position(
    fragments: list[str], declarations: bool
) -> None:
    """css_holes reads the text once, reading again only the last tokens before each hole: it
    gives what css_position and css_after give for the text before and after each hole."""
    strings = "".join(fragments).split("HOLE")
    holes = css_holes(strings, declarations=declarations)
    source = strings[0]
    for position, after in zip(holes, strings[1:], strict=True):
        expected = css_position(source, declarations=declarations)
        why = css_after(expected.state, after)
        if why is not None:
            expected = CssPosition(S.UNKNOWN, why)
        if expected.state is S.VALUE:
            assert position == expected or position in DOWNGRADES, (source, after)
        else:
            assert position == expected, (source, after)
        source += PLACEHOLDERS.get(expected.state, "0") + after


def test_css_holes_declarations() -> None:
    assert [CssPosition(S.VALUE), CssPosition(S.STRING)] == css_holes(
        ["color: ", "; content: '", "'"], declarations=True
    )
    assert [CssPosition(S.SELECTOR, "a declaration that the '{' after it makes a rule")] == (
        css_holes(["a:", " { b: c }"], declarations=True)
    )


# -- the text after a hole ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "after", "refused"),
    [
        pytest.param(S.VALUE, "px; }", False, id="unit"),
        pytest.param(S.VALUE, "%", False, id="percent"),
        pytest.param(S.VALUE, " (a)", False, id="space-then-paren"),
        pytest.param(S.VALUE, "", False, id="nothing"),
        pytest.param(S.VALUE, "*2)", False, id="times"),
        pytest.param(S.VALUE, "(1) }", True, id="paren"),
        pytest.param(S.VALUE, "rl(x)", True, id="name-then-paren"),
        pytest.param(S.VALUE, "-a_1(x)", True, id="ident-chars-then-paren"),
        pytest.param(S.VALUE, "\\72 l(x)", True, id="escape"),
        pytest.param(S.VALUE, "é(x)", True, id="non-ascii-then-paren"),
        pytest.param(S.URL, ")", False, id="url-end"),
        pytest.param(S.URL, "/a:b)", False, id="url-colon-after-slash"),
        pytest.param(S.URL, "?a:b)", False, id="url-colon-after-query"),
        pytest.param(S.URL, ") b:c", False, id="url-colon-after-url"),
        pytest.param(S.URL, ":alert(1))", True, id="url-colon"),
        pytest.param(S.URL, "x\\3a y)", True, id="url-escaped-colon"),
        pytest.param(S.QUOTED_URL, ':x")', True, id="quoted-url-colon"),
        pytest.param(S.QUOTED_URL, '" :x', False, id="quoted-url-colon-after-quote"),
        pytest.param(S.URL_PART, ":x)", False, id="url-part"),
        pytest.param(S.STRING, "\\", False, id="string"),
    ],
)
def test_css_after(state: CssState, after: str, refused: bool) -> None:
    assert refused == (css_after(state, after) is not None)


# -- escapers -------------------------------------------------------------------------------------


def decode(text: str) -> str:
    """CSS escapes decoded as CSS Syntax 4.3.7 reads them (a test-side decoder)."""

    def one(match: re.Match[str]) -> str:
        if match.group(2) is not None:
            return match.group(2)
        code = int(match.group(1), 16)
        return "\ufffd" if code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF else chr(code)

    return re.sub(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n]?|(.))", one, text, flags=re.DOTALL)


def expected_text(text: str) -> str:
    """What CSS reads for ``text``: NUL and lone surrogates become U+FFFD."""
    return re.sub("[\x00\ud800-\udfff]", "\ufffd", text)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param("Hello, world 100% +-_.", "Hello, world 100% +-_.", id="safe"),
        pytest.param('"', "\\22 ", id="double-quote"),
        pytest.param("'", "\\27 ", id="single-quote"),
        pytest.param("\\", "\\5c ", id="backslash"),
        pytest.param("</style>", "\\3c \\2f style\\3e ", id="end-tag"),
        pytest.param("a&b", "a\\26 b", id="ampersand"),
        pytest.param("a\nb\rc\fd\te", "a\\a b\\d c\\c d\\9 e", id="newlines-and-tab"),
        pytest.param("\0", "\\fffd ", id="nul"),
        pytest.param("\ud800", "\\fffd ", id="lone-surrogate"),
        pytest.param(
            "(){};:/*!@[]#",
            "\\28 \\29 \\7b \\7d \\3b \\3a \\2f \\2a \\21 \\40 \\5b \\5d \\23 ",
            id="punctuation",
        ),
        pytest.param("café ☃", "café ☃", id="printable-non-ascii"),
        pytest.param("\xa0\u2028\ufeff\x85", "\\a0 \\2028 \\feff \\85 ", id="non-ascii-spaces"),
        pytest.param("a1", "a1", id="before-hex-digit"),
        pytest.param("<1", "\\3c 1", id="escape-then-hex-digit"),
        pytest.param(42, "42", id="int"),
        pytest.param(-1.5, "-1.5", id="float"),
        pytest.param(Markup("<b>A&amp;B</b>"), "A\\26 B", id="markup-shows-its-text"),
        pytest.param("", "", id="empty"),
    ],
)
def test_css_string(value: object, expected: str) -> None:
    assert expected == css_string(value)


class Shout(str):
    __slots__ = ()

    def __str__(self) -> str:
        return '"'


def test_css_string_of_a_str_subclass_is_what_it_shows() -> None:
    assert "\\22 " == css_string(Shout("ok"))  # what is checked is what an f-string shows


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param(True, "a bool", id="true"),
        pytest.param(False, "a bool", id="false"),
        pytest.param(None, "NoneType", id="none"),
        pytest.param([1], "list", id="list"),
        pytest.param({"a": 1}, "dict", id="dict"),
        pytest.param(b"x", "bytes", id="bytes"),
        pytest.param(Template("x"), "Template", id="template"),
    ],
)
def test_css_string_refuses(value: object, message: str) -> None:
    with pytest.raises(NotCssError, match=message):
        css_string(value)
    with pytest.raises(TypeError):
        css_url(value)


@pytest.mark.parametrize(
    ("value", "part", "expected"),
    [
        pytest.param(
            "https://x.example/a.png", UrlPart.START, "https://x.example/a.png", id="https"
        ),
        pytest.param("/img/a b.png", UrlPart.START, "/img/a\\20 b.png", id="space"),
        pytest.param("a(1)'\"", UrlPart.START, "a\\28 1\\29 \\27 \\22 ", id="brackets-quotes"),
        pytest.param("javascript:alert(1)", UrlPart.START, UNSAFE_URL, id="javascript"),
        pytest.param(" JavaScript:x", UrlPart.START, UNSAFE_URL, id="javascript-spaced"),
        pytest.param("data:image/png,x", UrlPart.START, UNSAFE_URL, id="data"),
        pytest.param("?q=1&r=2#f", UrlPart.START, "?q=1\\26 r=2#f", id="query"),
        pytest.param("a b/c?d#e", UrlPart.PATH, "a%20b/c%3Fd%23e", id="path"),
        pytest.param("a&b=c d", UrlPart.QUERY, "a%26b%3Dc%20d", id="query-part"),
        pytest.param("a b", UrlPart.FRAGMENT, "a%20b", id="fragment"),
        pytest.param(7, UrlPart.PATH, "7", id="int"),
        pytest.param("\\", UrlPart.START, "\\5c ", id="backslash"),
    ],
)
def test_css_url(value: object, part: UrlPart, expected: str) -> None:
    assert expected == css_url(value, part)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param("red", "red", id="ident"),
        pytest.param("#fff", "#fff", id="hash"),
        pytest.param("10px", "10px", id="dimension"),
        pytest.param("rgb(1, 2, 3)", "rgb(1, 2, 3)", id="rgb"),
        pytest.param("calc(100% - 2px)", "calc(100% - 2px)", id="calc"),
        pytest.param("var(--x)", "var(--x)", id="var"),
        pytest.param("12px/1.5 serif", "12px/1.5 serif", id="slash"),
        pytest.param("1px/", "1px/ ", id="trailing-slash-gets-a-space"),
        pytest.param("*2", " *2", id="leading-star-gets-a-space"),
        pytest.param("red !important", "red !important", id="important"),
        pytest.param(3, "3", id="int"),
        pytest.param(1.5, "1.5", id="float"),
        pytest.param(None, "", id="none"),
        pytest.param(True, "", id="true"),
        pytest.param(False, "", id="false"),
        pytest.param([0, "4px", None, False, 2.5], "0 4px 2.5", id="list-keeps-zero"),
        pytest.param(("a", ("b", "c")), "a b c", id="nested-tuple"),
        pytest.param((x for x in ("a", "b")), "a b", id="generator"),
        pytest.param(Markup("<i>blue</i>"), "blue", id="markup"),
        pytest.param("url(x)", UNSAFE_CSS, id="url"),
        pytest.param("URL(x)", UNSAFE_CSS, id="url-upper"),
        pytest.param("expression(alert(1))", UNSAFE_CSS, id="expression"),
        pytest.param("image-set(a 1x)", UNSAFE_CSS, id="image-set"),
        pytest.param("red; background: x", UNSAFE_CSS, id="semicolon"),
        pytest.param("red }", UNSAFE_CSS, id="brace"),
        pytest.param("</style>", UNSAFE_CSS, id="end-tag"),
        pytest.param("a /* b */", UNSAFE_CSS, id="comment"),
        pytest.param("\\75rl(x)", UNSAFE_CSS, id="escape"),
        pytest.param("'x'", UNSAFE_CSS, id="string"),
        pytest.param("(x)", UNSAFE_CSS, id="bare-paren"),
        pytest.param("rgb (1)", UNSAFE_CSS, id="space-before-paren"),
        pytest.param("rgb(1", UNSAFE_CSS, id="unbalanced"),
        pytest.param(")rgb(", UNSAFE_CSS, id="close-before-open"),
        pytest.param("a:b", UNSAFE_CSS, id="colon"),
        pytest.param("@import", UNSAFE_CSS, id="at"),
    ],
)
def test_css_value(value: object, expected: str) -> None:
    assert expected == css_value(value)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param({"a": 1}, "dict", id="dict"),
        pytest.param(b"x", "bytes", id="bytes"),
        pytest.param(Template("x"), "template", id="template"),
        pytest.param(["a", b"x"], "bytes", id="bytes-in-a-list"),
    ],
)
def test_css_value_refuses(value: object, message: str) -> None:
    with pytest.raises(NotCssError, match=message):
        css_value(value)


def test_css_text_of_other_objects_is_their_str() -> None:
    class Em:
        def __str__(self) -> str:
            return "2em"

    assert "2em" == css_text(Em())
    assert "2em" == css_value(Em())


# -- properties -------------------------------------------------------------------------------

STRING_RAW = re.compile(r"[A-Za-z0-9 _.,%+\-\x80-\U0010ffff]*")


@given(st.text())
@example("\0\ud800\\\"'\n")
def test_css_string_round_trips_and_hides_what_ends_things(text: str) -> None:
    escaped = css_string(text)
    unescaped = re.sub(r"\\[0-9a-f]{1,6} ", "", escaped)
    assert STRING_RAW.fullmatch(unescaped)  # only safe characters are raw...
    assert not re.search("[\"'\\\\\n\r\f<>&/;(){}\0]", unescaped)
    assert expected_text(text) == decode(escaped)  # ...and the text reads back exactly
    assert escaped.count("\\") == len(re.findall(r"\\[0-9a-f]{1,6} ", escaped))


@given(st.text())
def test_css_url_has_no_space_or_bracket(text: str) -> None:
    escaped = css_url(text)
    unescaped = re.sub(r"\\[0-9a-f]{1,6} ", "", escaped)
    assert not re.search("[\\s\"'\\\\()<>&\0]", unescaped)
    assert expected_text(filter_url(text)) == decode(escaped)


CSS_ALPHABET = st.sampled_from(
    [
        *"abcdeflrux0123456789 -+.,%#!/*()[]{};:@<>\\\"'\n&",
        "url(",
        "rgb(",
        "calc(",
        "var(--",
        "expression(",
        "/*",
        "*/",
        "</style",
        "image-set(",
    ]
)
CALL = re.compile(r"([-\w]*)\(")


@given(st.lists(CSS_ALPHABET).map("".join))
@example("rgb(1)/")
@example("*calc(1)")
def test_css_value_keeps_to_plain_tokens(text: str) -> None:
    value = css_value(text)
    assert not re.search(r"[;{}<>\\\"'\[\]@:&]", value)
    assert "/*" not in value
    assert "*/" not in value
    assert value.count("(") == value.count(")")
    for name in CALL.findall(value):
        assert name in {"rgb", "calc", "var"}
    assert not value.startswith("*")
    assert not value.endswith("/")


# -- read back with a CSS parser --------------------------------------------------------------

needs_tinycss2 = pytest.mark.skipif(tinycss2 is None, reason="tinycss2 is not installed")


def only_token(css: str) -> Any:
    tokens = [
        token
        for token in tinycss2.parse_component_value_list(css)
        if token.type not in ("whitespace", "error")
    ]
    assert len(tokens) == 1, tokens
    return tokens[0]


@needs_tinycss2
@given(st.text(), st.sampled_from(['"', "'"]))
def test_css_string_reads_back_as_one_string(text: str, quote: str) -> None:
    token = only_token(quote + css_string(text) + quote)
    assert token.type == "string"
    assert expected_text(text) == token.value


@needs_tinycss2
@given(st.text())
@example("a b)c")
@example("https://x/(a)\\ ")
def test_css_url_reads_back_as_one_url(text: str) -> None:
    expected = expected_text(filter_url(text))
    token = only_token("url(" + css_url(text) + ")")
    assert token.type == "url"
    assert expected == token.value
    token = only_token('url("' + css_url(text) + '")')
    assert token.type == "function"
    assert [expected] == [arg.value for arg in token.arguments if arg.type == "string"]


@needs_tinycss2
@given(st.lists(CSS_ALPHABET).map("".join))
@example("0e")  # a dimension with the unit "e": tinycss2 writes it "0\\65 ", with a space
@example(")rgb(")  # as many '(' as ')', but the function would take "; c: d" as arguments
def test_a_filtered_value_stays_in_its_declaration(text: str) -> None:
    value = css_value(text)
    (rule,) = [
        r for r in tinycss2.parse_stylesheet(f"a {{ b: {value}; c: d }}") if r.type != "whitespace"
    ]
    items = [
        item
        for item in tinycss2.parse_blocks_contents(rule.content)
        if item.type not in ("whitespace", "comment")
    ]
    assert ["b", "c"] == [item.name for item in items]
    written = tinycss2.parse_component_value_list(value.strip())
    assert tinycss2.serialize(written).strip() == tinycss2.serialize(items[0].value).strip()


# The lexer against tinycss2: random CSS, a marker where a hole would be, and where the parser
# puts the marker. Only the positions the lexer accepts are checked.

MARK = "zqz"
FRAGMENTS = st.sampled_from(
    [
        "a", "b", "e", " ", "\n", "{", "}", ";", ":", ",", "color", "--x", "(", ")", "[", "]",
        "a { ", "color: ", "b:", "} ",
        '"', "'", "\\", '\\"', "\\31 ", "/*", "*/", "url(", "URL(", "u\\72l(", "src(",
        "image-set(", "rgb(", "@media", "@import", "@foo", "@font-face", "@keyframes",
        "!", "#", "1", "-", ".", "%", "&", ":hover", "<!--", "-->", "x y",
    ]
)  # fmt: skip
URL_FUNCTIONS = ("url", "src", "image-set")


def takes_urls(name: str) -> bool:
    """Whether the lexer reads a string in function ``name`` as a URL: the URL functions and,
    conservatively, any name with "image" or "cross-fade" in it (prefixed and future forms:
    -webkit-image-set, image(); a made-up name like aimage-set only gets the stricter
    escaping)."""
    return name in ("url", "src") or "image" in name or "cross-fade" in name


def _where(tokens: list[Any], where: str, functions: tuple[str, ...]) -> Iterator[tuple[Any, ...]]:
    """(kind, where, functions, token) for each token holding the marker."""
    for token in tokens:
        kind = token.type
        if kind in ("() block", "[] block", "{} block"):
            yield from _where(token.content, where, functions)
        elif kind == "function":
            if MARK in token.name:
                yield ("code", where, functions, token)
            yield from _where(token.arguments, where, (*functions, token.lower_name))
        elif kind == "string" and MARK in token.value:
            yield ("string", where, functions, token)
        elif kind == "url" and MARK in token.value:
            yield ("url", where, functions, token)
        elif kind == "comment" and MARK in token.value:
            yield ("comment", where, functions, token)
        elif kind in ("ident", "hash", "at-keyword", "dimension") and MARK in (
            token.unit if kind == "dimension" else token.value
        ):
            yield ("code", where, functions, token)


GROUPS = {"media", "supports"}


def _items(items: list[Any], nested: bool) -> Iterator[tuple[Any, ...]]:
    for item in items:
        if item.type == "qualified-rule":
            yield from _where(item.prelude, "prelude", ())
            yield from _items(tinycss2.parse_blocks_contents(item.content), True)
        elif item.type == "at-rule":
            yield from _where(item.prelude, "at-rule", ())
            if item.content is None:
                continue
            if item.lower_at_keyword in GROUPS and not nested:
                yield from _items(tinycss2.parse_rule_list(item.content), False)
            elif item.lower_at_keyword in GROUPS or item.lower_at_keyword == "font-face":
                yield from _items(tinycss2.parse_blocks_contents(item.content), True)
            elif item.lower_at_keyword == "keyframes":
                yield from _items(tinycss2.parse_rule_list(item.content), False)
            else:
                yield from _where(item.content, "unknown", ())
        elif item.type == "declaration":
            if MARK in item.name:
                yield ("code", "name", (), item)
            yield from _where(item.value, "value", ())
        elif item.type == "comment":
            yield from _where([item], "comment", ())


def places(css: str, declarations: bool) -> list[tuple[Any, ...]]:
    """Where the marker is in ``css`` as tinycss2 parses it."""
    items = tinycss2.parse_blocks_contents(css) if declarations else tinycss2.parse_stylesheet(css)
    return list(_items(items, declarations))


def check_agreement(before: str, after: str, declarations: bool) -> bool:
    """Whether tinycss2 reads a value written where the lexer accepts a hole as the lexer
    says; True when there was something to compare."""
    ((state, detail),) = css_holes([before, after], declarations=declarations)
    if state not in PLACEHOLDERS:
        return False
    found = places(before + MARK + after, declarations)
    for kind, where, functions, token in found:
        context = (before, after, token)
        if state is S.VALUE:
            assert (kind, where) == ("code", "value"), context
            continue
        assert kind != "code", context
        assert where in ("value", "prelude"), context
        if where == "prelude":
            # a string in a selector (or a declaration that the text after it turned into a
            # rule, where a URL's stricter escaping is harmless): inert
            assert kind == "string" or state in (S.URL, S.URL_PART), context
            continue
        if state is S.STRING:
            assert kind == "string", context
            assert not any(name in URL_FUNCTIONS for name in functions), context
            continue
        prefix = token.value[: token.value.index(MARK)]
        if state in (S.URL, S.URL_PART):
            assert kind == "url", context
        else:
            assert kind == "string", context
            assert any(takes_urls(name) for name in functions), context
        assert (state in (S.URL, S.QUOTED_URL)) == (browser_url(prefix) == ""), context
        assert state in (S.URL, S.QUOTED_URL) or detail == prefix, context
    return bool(found)


@needs_tinycss2
@given(st.lists(FRAGMENTS, max_size=24), st.booleans())
def test_the_lexer_agrees_with_tinycss2(fragments: list[str], declarations: bool) -> None:
    for cut in range(len(fragments) + 1):
        check_agreement("".join(fragments[:cut]), "".join(fragments[cut:]), declarations)


@st.composite
def css_text_strategy(draw: st.DrawFn, declarations: bool) -> str:
    """Stylesheets (or declaration lists) of rules, at-rules, declarations, strings with
    escapes, url()s and comments, some of them broken: a hole is tried at every offset."""

    def pick(*options: str) -> str:
        return draw(st.sampled_from(options))

    def string() -> str:
        quote = pick('"', "'")
        body = "".join(
            pick("a", " ", "\\" + quote, "\\31 ", "/*", "{", "}", ";", "(", "\\\n", "\\", "\n")
            for _ in range(draw(st.integers(0, 3)))
        )
        return quote + body + pick(quote, quote, quote, "")

    def token(depth: int) -> str:
        kind = pick("plain", "plain", "string", "url", "quoted-url", "function", "block")
        if kind == "plain":
            return pick(
                *("red", "1px", "-x", "#f0", ".5", "+", ",", "/", "*", "!important", "-->"),
                *("\\31 ", "x\\:y", "/* c */", "1url(x)", "u\\72l(x)", "&", "@x"),
            )
        if kind == "string":
            return string()
        if kind == "url":
            return pick("url(", "URL( ") + pick("a", "/x/", " a ", "a b", "a\\29", "") + ")"
        if kind == "quoted-url":
            return pick("url(", "image-set(", "src(") + string() + ")"
        inner = value(depth + 1) if depth < 2 else "a"
        if kind == "function":
            return pick("rgb(", "calc(", "var(--x, ") + inner + ")"
        return pick("(", "[") + inner + pick(")", "]")

    def value(depth: int = 0) -> str:
        return " ".join(token(depth) for _ in range(draw(st.integers(0, 3))))

    def declaration() -> str:
        name = pick("color", "--x", "b", "a:hover", "col\\6fr", "&", "a.b")
        return name + pick(":", " : ") + value() + pick(";", ";", "", " ; ")

    def block(depth: int) -> str:
        items = [
            rule(depth + 1) if depth < 2 and draw(st.integers(0, 3)) == 0 else declaration()
            for _ in range(draw(st.integers(0, 3)))
        ]
        return "{" + " ".join(items) + pick("}", "}", "}", "")

    def rule(depth: int = 0) -> str:
        kind = pick("style", "style", "style", "media", "import", "font-face", "keyframes", "foo")
        if kind == "media":
            return "@media " + value() + " " + block(depth)
        if kind == "import":
            return pick("@import ", "@charset ") + pick(string(), "url(x)") + ";"
        if kind == "font-face":
            return "@font-face " + block(depth)
        if kind == "keyframes":
            return "@keyframes k {" + pick("from", "50%") + block(depth + 1) + "}"
        if kind == "foo":
            return "@foo " + block(depth)
        selector = pick("a", "a:hover", "a[x=" + string() + "]", ".md\\:x", "a > b", "&", ":is(a)")
        return selector + " " + block(depth)

    if declarations:
        return " ".join(declaration() for _ in range(draw(st.integers(1, 3))))
    return " ".join(rule() for _ in range(draw(st.integers(1, 2))))


@needs_tinycss2
@settings(max_examples=50)
@given(st.booleans().flatmap(lambda d: st.tuples(st.just(d), css_text_strategy(d))))
def test_the_lexer_agrees_with_tinycss2_on_stylesheets(case: tuple[bool, str]) -> None:
    declarations, css = case
    for cut in range(len(css) + 1):
        check_agreement(css[:cut], css[cut:], declarations)


@needs_tinycss2
@pytest.mark.parametrize(
    ("before", "after", "declarations"),
    [
        pytest.param("a { color: ", " }", False, id="value"),
        pytest.param("a { b: url(", ") }", False, id="url"),
        pytest.param("a { b: url(/x/", ") }", False, id="url-part"),
        pytest.param('a { b: url("', '") }', False, id="quoted-url"),
        pytest.param("a { b: image-set('", "' 1x) }", False, id="image-set"),
        pytest.param("color: rgb(", ")", True, id="declarations"),
        pytest.param('a { b: "', '" }', False, id="string"),
        pytest.param('a[b="', '"] { }', False, id="selector-string"),
        pytest.param("a { b { c: ", " } }", False, id="nested"),
        pytest.param("@media x { a { b: ", " } }", False, id="media"),
    ],
)
def test_the_lexer_agrees_with_tinycss2_here(before: str, after: str, declarations: bool) -> None:
    assert check_agreement(before, after, declarations)
