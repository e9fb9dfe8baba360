"""The JavaScript lexer behind holes in <script> and on* attributes (js_state), and the text of
a value in a JavaScript string or template literal (js_string).

js_state is judged three ways: tables of sources with the state a reader of ECMAScript section
12 gives them; an oracle by composition (statements whose ending is known, then a tail whose
reading follows from it); and, where node is installed, random programs that V8 compiles, cut
at every token boundary and inside every string, template literal, regular expression and
comment, against the tokens of node's own acorn parser. Soundness is the rule throughout: the
lexer may say UNKNOWN (the hole is refused) where the truth is known, never a wrong state.
"""

from __future__ import annotations

import enum
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from typing import cast

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates.lang.javascript import (
    CODE_STAND_IN,
    TEXT_STAND_IN,
    JsLexer,
    JsState,
    js_state,
)
from htmltemplates.runtime.javascript import NotJavaScriptError, js_string, js_value

CODE = JsState.CODE
STRING = JsState.STRING
TEMPLATE = JsState.TEMPLATE
TAGGED = JsState.TAGGED_TEMPLATE
DOLLAR = JsState.TEMPLATE_DOLLAR
ESCAPE = JsState.ESCAPE
REGEX = JsState.REGEX
COMMENT = JsState.COMMENT
UNKNOWN = JsState.UNKNOWN


def test_the_states_read_as_the_scanner_quotes_them() -> None:
    # the scanner writes f"interpolation inside {state.value} in <script>"
    assert {
        "CODE": "code",
        "STRING": "a string",
        "TEMPLATE": "a template literal",
        "TAGGED_TEMPLATE": "a tagged template literal",
        "TEMPLATE_DOLLAR": "a template literal right after '$'",
        "ESCAPE": "an escape sequence",
        "REGEX": "a regular expression",
        "COMMENT": "a comment",
        "UNKNOWN": "after JavaScript the scanner cannot read for sure "
        "(such as a '/' after ')' or '}'),",
    } == {state.name: state.value for state in JsState}


# -- '/': division or regular expression, by the token before it ----------------------------------

# After each prefix, "/'/; y = '" reads as a regular expression /'/ then an open string (STRING),
# or as a division by the string '/; y = ' (CODE).
SLASH_PROBE = "/'/; y = '"

REGEX_BEFORE = [
    "",
    "(",
    "[",
    "{",
    ";",
    ",",
    "=",
    "+",
    "-",
    "*",
    "%",
    "**",
    "<",
    ">",
    "<<",
    ">>",
    ">>>",
    "&",
    "|",
    "^",
    "!",
    "~",
    "?",
    ":",
    "==",
    "===",
    "!=",
    "!==",
    "<=",
    ">=",
    "&&",
    "||",
    "??",
    "+=",
    "-=",
    "*=",
    "**=",
    ">>>=",
    "&&=",
    "||=",
    "??=",
    "=>",
    "...",
    "a + +",
    "a+++",
    "a / ",
    "a /= ",
    "x = `${",
    "`a${b}c${",
    "a ? b :",
    "return",
    "return\n",
    "typeof",
    "instanceof",
    "in",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "default",
    "do",
    "else",
    "extends",
    "break\n",
    "continue\n",
    "debugger\n",
    "#!/usr/bin/env node\n",
    "a?.5:",
    "a.b;",
    "/* ) */",
    "x = 1; // )\n",
]

DIVISION_BEFORE = [
    "a",
    "$",
    "_",
    "a1",
    "é",
    "e\u0301",  # a combining mark continues a name
    "a\u200cb",  # so does ZWNJ
    "\u2118",  # Other_ID_Start
    "1",
    "1.",
    ".5",
    "1.5e3",
    "0x1F",
    "0b101",
    "0o17",
    "1_000",
    "7n",
    "08.5",
    "'s'",
    '"s"',
    "'it\\'s'",
    "`t`",
    "`a${b}c`",
    "f`t`",
    "a[0]",
    "[1, 2]",
    "this",
    "super",
    "null",
    "true",
    "false",
    "/re/",
    "/re/gimsuyd",
    "/[/]/",
    "this.#x",
    "#x",
    "a.return",
    "a.typeof",
    "a?.in",
    "a.\nif",
    "a . /* c */ void",
    "let",
    "async",
    "static",
    "get",
    "set",
    "implements",
    "a\n",  # no automatic semicolon before '/' (12.10): a\n/b/g divides
    "a\n\n",
    "a // c\n",
    "a /* \n */",
    "'s'\n",
    "a\u2028",
    "a\u3000",  # white space of category Zs
    "a\xa0",
    "a\ufeff",
    "a\u202f",
    "1..toString",
]

UNSURE_BEFORE = [
    ")",
    "f(a)",
    "if (a)",
    "while (a)",
    "}",
    "{}",
    "function f() {}",
    "x = {}",
    "a++",
    "a--",
    "a\n++",
    "a.",
    "a?.",
    "@",
    "await",
    "yield",
    "of",
    "for (x of",
    "if",
    "for",
    "while",
    "switch",
    "with",
    "catch",
    "try",
    "finally",
    "function",
    "class",
    "const",
    "var",
    "enum",
    "import",
    "export",
    CODE_STAND_IN,  # a value, ' {} ' perhaps: an empty block at a statement's start
]


@pytest.mark.parametrize("prefix", REGEX_BEFORE)
def test_a_slash_starts_a_regular_expression(prefix: str) -> None:
    assert STRING == js_state(prefix + SLASH_PROBE)
    assert REGEX == js_state(prefix + "/ab")


@pytest.mark.parametrize("prefix", DIVISION_BEFORE)
def test_a_slash_divides(prefix: str) -> None:
    assert CODE == js_state(prefix + SLASH_PROBE)
    assert CODE == js_state(prefix + "/ab")
    assert CODE == js_state(prefix + "/= 2; ")


@pytest.mark.parametrize("prefix", UNSURE_BEFORE)
def test_a_slash_the_lexer_cannot_judge(prefix: str) -> None:
    assert UNKNOWN == js_state(prefix + SLASH_PROBE)
    assert UNKNOWN == js_state(prefix + "/")


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param("s = s.replace(/x/g, ''); const cfg = ", CODE, id="brief-example"),
        pytest.param("x = /a/", CODE, id="closed"),
        pytest.param("x = /a", REGEX, id="open"),
        pytest.param("x = /", REGEX, id="just-opened"),
        pytest.param("x = /[/", REGEX, id="class-open"),
        pytest.param("x = /[/]", REGEX, id="slash-in-class"),
        pytest.param("x = /[/]/", CODE, id="closed-after-class"),
        pytest.param("x = /[/]/g.test('", STRING, id="class-flags-string"),
        pytest.param("x = /[[/]/; '", STRING, id="bracket-in-class"),
        pytest.param("x = /a]/; '", STRING, id="lone-close-bracket"),
        pytest.param("x = /\\//; '", STRING, id="escaped-slash"),
        pytest.param("x = /\\/", REGEX, id="escaped-slash-open"),
        pytest.param("x = /\\\\/; '", STRING, id="escaped-backslash"),
        pytest.param("x = /[\\]/]/; '", STRING, id="escaped-bracket-in-class"),
        pytest.param("x = /[\\]/", REGEX, id="escaped-bracket-open"),
        pytest.param("x = /a\\", REGEX, id="ends-in-escape"),
        pytest.param("x = /\\[/; '", STRING, id="escaped-open-bracket"),
        pytest.param("x = /'/; '", STRING, id="quote"),
        pytest.param('x = /"/ + "', STRING, id="double-quote"),
        pytest.param("x = /`/ + `", TEMPLATE, id="backtick"),
        pytest.param("x = /[`'\"]/g; ", CODE, id="quotes-in-class"),
        pytest.param("x = /=/; '", STRING, id="starts-with-equals"),
        pytest.param("x = /a/gimsuyd; '", STRING, id="flags"),
        pytest.param("x = /a/g", CODE, id="ends-in-flags"),
        pytest.param("x = /a/\\u0067", UNKNOWN, id="escaped-flag"),
        pytest.param("x = /a/ / 2; '", STRING, id="divided"),
        pytest.param("x = /a\n/", UNKNOWN, id="line-feed"),
        pytest.param("x = /a\r/", UNKNOWN, id="carriage-return"),
        pytest.param("x = /a\u2028/", UNKNOWN, id="line-separator"),
        pytest.param("x = /[a\u2029]/", UNKNOWN, id="paragraph-separator-in-class"),
        pytest.param("x = /\\\n/", UNKNOWN, id="escaped-line-feed"),
        pytest.param("x = /a/\n'", STRING, id="line-after"),
        pytest.param("x = 4 /2/ 1; '", STRING, id="two-divisions"),
        pytest.param("x /= 2; y = '", STRING, id="divide-assign"),
        pytest.param("x = a\n/'/g; y = '", CODE, id="asi-does-not-apply"),
        pytest.param("x = a\n/'/g; y = '\n'", STRING, id="asi-does-not-apply-2"),
        pytest.param("function f() { return\n/'/; y = '", STRING, id="restricted-return"),
        pytest.param("a\n++/'/.lastIndex; y = '", UNKNOWN, id="restricted-postfix"),
        pytest.param("if (a) /'/.test(b); y = '", UNKNOWN, id="after-if-paren"),
        pytest.param("(a) / '/'; y = '", UNKNOWN, id="after-grouping-paren"),
        pytest.param("{} /'/; y = '", UNKNOWN, id="after-block"),
        pytest.param("x = {} /'/; y = '", UNKNOWN, id="after-object-literal"),
    ],
)
def test_regular_expressions(source: str, expected: JsState) -> None:
    assert expected == js_state(source)


# -- strings, template literals, comments ---------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param("", CODE, id="empty"),
        pytest.param("x = 'a", STRING, id="single"),
        pytest.param('x = "a', STRING, id="double"),
        pytest.param("x = '", STRING, id="just-opened"),
        pytest.param("x = 'a\"b", STRING, id="other-quote-single"),
        pytest.param("x = \"a'b", STRING, id="other-quote-double"),
        pytest.param("x = 'a\\'b", STRING, id="escaped-quote"),
        pytest.param("x = 'a\\'b'", CODE, id="escaped-quote-closed"),
        pytest.param('x = "a\\"b" + "', STRING, id="escaped-double"),
        pytest.param("x = 'a\\\\'", CODE, id="escaped-backslash-closed"),
        pytest.param("x = 'a\\\\", STRING, id="escaped-backslash"),
        pytest.param("x = 'a\\", ESCAPE, id="unfinished-escape"),
        pytest.param('x = "\\', ESCAPE, id="unfinished-escape-double"),
        pytest.param("x = 'a\\u00", STRING, id="partial-unicode-escape"),
        pytest.param("x = 'a\nb'", UNKNOWN, id="line-feed"),
        pytest.param("x = 'a\rb'", UNKNOWN, id="carriage-return"),
        pytest.param("x = 'a\u2028b'; ", CODE, id="line-separator-allowed"),
        pytest.param("x = 'a\u2029", STRING, id="paragraph-separator-allowed"),
        pytest.param("x = 'a\\\nb'; ", CODE, id="line-continuation"),
        pytest.param("x = 'a\\\r\nb'; ", CODE, id="line-continuation-crlf"),
        pytest.param("x = 'a\\\rb'; ", CODE, id="line-continuation-cr"),
        pytest.param("x = 'a\\\u2028b'; ", CODE, id="line-continuation-ls"),
        pytest.param("x = '//' + '", STRING, id="slashes-in-string"),
        pytest.param("x = '/*' + '", STRING, id="comment-in-string"),
        pytest.param("x = '`' + `", TEMPLATE, id="backtick-in-string"),
        pytest.param("x = '<!--' + '", STRING, id="html-comment-in-string"),
        pytest.param("x = '-->' + '", STRING, id="html-close-in-string"),
        pytest.param("x = `a", TEMPLATE, id="template"),
        pytest.param("x = `", TEMPLATE, id="template-just-opened"),
        pytest.param("x = `a\n'b\"c", TEMPLATE, id="template-lines-and-quotes"),
        pytest.param("x = `a${", CODE, id="substitution"),
        pytest.param("x = `a${b", CODE, id="in-substitution"),
        pytest.param("x = `a${b}", TEMPLATE, id="after-substitution"),
        pytest.param("x = `a${b}c`", CODE, id="template-closed"),
        pytest.param("x = `a${b}c` + '", STRING, id="string-after-template"),
        pytest.param("x = `a${}", TEMPLATE, id="empty-substitution"),
        pytest.param("x = `a${ {b: 1} }", TEMPLATE, id="object-in-substitution"),
        pytest.param("x = `a${ {b: `c", TEMPLATE, id="nested-template"),
        pytest.param("x = `a${ {b: `c${ {d: 'e", STRING, id="nested-string"),
        pytest.param("x = `a${ {b: `c${ {d: 'e'} }", TEMPLATE, id="nested-closed"),
        pytest.param("x = `a${ {b: `c${ {d: 'e'} }`} }", TEMPLATE, id="outer-again"),
        pytest.param("x = `a${ {b: `c${ {d: 'e'} }`} }`", CODE, id="all-closed"),
        pytest.param("x = `a${ {b: `c${ {d: 'e'} }`} }` + '", STRING, id="all-closed-string"),
        pytest.param("x = `${ function () { return 1 } }", TEMPLATE, id="function-in-substitution"),
        pytest.param("x = `${'`'}", TEMPLATE, id="backtick-string-in-substitution"),
        pytest.param("x = `${'}'}", TEMPLATE, id="brace-string-in-substitution"),
        pytest.param("x = `${/`/.source}", TEMPLATE, id="regex-in-substitution"),
        pytest.param("x = `${a / 2}", TEMPLATE, id="division-in-substitution"),
        pytest.param("x = `a\\`", TEMPLATE, id="escaped-backtick"),
        pytest.param("x = `a\\${b}", TEMPLATE, id="escaped-dollar"),
        pytest.param("x = `a$\\{b}", TEMPLATE, id="escaped-brace"),
        pytest.param("x = `a$b", TEMPLATE, id="dollar-then-letter"),
        pytest.param("x = `a\\$", TEMPLATE, id="escaped-dollar-at-end"),
        pytest.param("x = `a$", DOLLAR, id="dollar-at-end"),
        pytest.param("x = `a$$", DOLLAR, id="dollars-at-end"),
        pytest.param("x = `a${b}$", DOLLAR, id="dollar-after-substitution"),
        pytest.param("x = `a\\", ESCAPE, id="template-unfinished-escape"),
        pytest.param("x = `a\\\\", TEMPLATE, id="template-escaped-backslash"),
        pytest.param("x = `<!--${", CODE, id="html-comment-in-template"),
        pytest.param("// a", COMMENT, id="line-comment"),
        pytest.param("// '\nx = '", STRING, id="quote-in-line-comment"),
        pytest.param("// '\r'", STRING, id="cr-ends-line-comment"),
        pytest.param("//\u2028'", STRING, id="ls-ends-line-comment"),
        pytest.param("//\u2029'", STRING, id="ps-ends-line-comment"),
        pytest.param("/* ' */ '", STRING, id="quote-in-block-comment"),
        pytest.param("/* ' ", COMMENT, id="block-comment"),
        pytest.param("/* `\n", COMMENT, id="block-comment-lines"),
        pytest.param("/*/ '", COMMENT, id="slash-star-slash"),
        pytest.param("/**/ '", STRING, id="empty-block-comment"),
        pytest.param("/* a **/ '", STRING, id="stars"),
        pytest.param("a // `\nb", CODE, id="backtick-in-comment"),
        pytest.param("x = `// ${", CODE, id="comment-in-template-is-text"),
        pytest.param("x = '/*'; y = '*/", STRING, id="comment-in-strings"),
        pytest.param("#!/usr/bin/env node\nx = '", STRING, id="hashbang"),
        pytest.param("#!x", COMMENT, id="hashbang-open"),
        pytest.param("#!x\u2028'", STRING, id="hashbang-ls"),
        pytest.param(" #!x\n", UNKNOWN, id="hashbang-not-at-start"),
        pytest.param("a\n#!x\n", UNKNOWN, id="hashbang-later"),
        pytest.param("x = 1; <!-- '\n", UNKNOWN, id="html-open-comment"),
        pytest.param("x = 1;\n--> '\n", UNKNOWN, id="html-close-comment"),
        pytest.param("x = a-->b", UNKNOWN, id="html-close-mid-line"),
        pytest.param("x = a-- > b; '", STRING, id="decrement-greater"),
        pytest.param("x = a < !b; '", STRING, id="less-not"),
        pytest.param("x = a<!b; '", STRING, id="less-not-tight"),
        pytest.param("x = a <<!--b", CODE, id="shift-not-decrement"),
    ],
)
def test_strings_templates_comments(source: str, expected: JsState) -> None:
    assert expected == js_state(source)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param("x = `a", TEMPLATE, id="after-operator"),
        pytest.param("return `a", TEMPLATE, id="after-return"),
        pytest.param("f(`a", TEMPLATE, id="argument"),
        pytest.param("f`a", TAGGED, id="tagged"),
        pytest.param("a.b`a", TAGGED, id="tagged-member"),
        pytest.param("String.raw`\\", TAGGED, id="raw-escape"),
        pytest.param("f`$", TAGGED, id="tagged-dollar"),
        pytest.param("f`a${b}", TAGGED, id="tagged-after-substitution"),
        pytest.param("f`a${ `b", TEMPLATE, id="untagged-inside-tagged"),
        pytest.param("f`a${ `b` }", TAGGED, id="tagged-again"),
        pytest.param("`a${ f`b", TAGGED, id="tagged-inside-untagged"),
        pytest.param("`a${ f`b` }", TEMPLATE, id="untagged-again"),
        pytest.param("f`a` + `b", TEMPLATE, id="after-tagged"),
        pytest.param("f()`a", TAGGED, id="after-call"),
        pytest.param("if (a) `b", TAGGED, id="after-paren-unsure"),
        pytest.param("{} `a", TAGGED, id="after-brace-unsure"),
        pytest.param("a\n`b", TAGGED, id="no-asi-before-template"),
        pytest.param("`a` `b", TAGGED, id="template-tag"),
        pytest.param("1 `a", TAGGED, id="number-tag"),
        pytest.param("await `a", TAGGED, id="await-unsure"),
        pytest.param("a?.`b", TAGGED, id="optional-chain"),
        pytest.param("x = this.#f`a", TAGGED, id="private-tag"),
    ],
)
def test_tagged_template_literals(source: str, expected: JsState) -> None:
    assert expected == js_state(source)


# -- names, numbers, white space, private names and what is refused --------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param("naïve = 1; y = '", STRING, id="latin"),
        pytest.param("переменная / '", STRING, id="cyrillic"),
        pytest.param("変数 / '", STRING, id="cjk"),
        pytest.param("a\u00b7b / '", STRING, id="middle-dot-continues"),
        pytest.param("\u0301", UNKNOWN, id="combining-mark-cannot-start"),
        pytest.param("\u037a", UNKNOWN, id="id-start-not-xid-start"),
        pytest.param("\\u0061 = 1", UNKNOWN, id="escape-starts-name"),
        pytest.param("a\\u0062 = 1", UNKNOWN, id="escape-in-name"),
        pytest.param("x = \u201ca\u201d", UNKNOWN, id="smart-quotes"),
        pytest.param("a\u200b", UNKNOWN, id="zero-width-space"),
        pytest.param("a\u180e", UNKNOWN, id="mongolian-vowel-separator"),
        pytest.param("a\u3000+ '", STRING, id="ideographic-space"),
        pytest.param("a\u2003+ '", STRING, id="em-space"),
        pytest.param("a\u1680+ '", STRING, id="ogham-space"),
        pytest.param("a\v\f+ '", STRING, id="vt-ff"),
        pytest.param("x = \x00", UNKNOWN, id="nul"),
        pytest.param("a \\ b", UNKNOWN, id="backslash"),
        pytest.param("a # b", UNKNOWN, id="lone-hash"),
        pytest.param("#", UNKNOWN, id="hash-at-end"),
        pytest.param("class A { #x = 1; m() { return this.#x / '", STRING, id="private-field"),
        pytest.param("class A { #é; '", STRING, id="private-unicode"),
        pytest.param("#x in obj; '", STRING, id="private-brand-check"),
        pytest.param("this.#\\u0061", UNKNOWN, id="private-escape"),
        pytest.param("1in x", UNKNOWN, id="name-after-number"),
        pytest.param("1.toString()", UNKNOWN, id="name-after-number-dot"),
        pytest.param("1..toString(); '", STRING, id="number-dot-dot"),
        pytest.param("1.5.toFixed(1); '", STRING, id="number-member"),
        pytest.param("3\\u0061", UNKNOWN, id="escape-after-number"),
        pytest.param("a?.5:1; '", STRING, id="conditional-not-chain"),
        pytest.param("a ?. b; '", STRING, id="optional-chain"),
        pytest.param("x = {", CODE, id="open-brace"),
        pytest.param("x = { a: 1 }; '", STRING, id="object"),
        pytest.param("}", UNKNOWN, id="unmatched-brace"),
        pytest.param("`${}`}", UNKNOWN, id="unmatched-brace-after-template"),
        pytest.param("@decorator class A {}; '", STRING, id="decorator"),
    ],
)
def test_names_numbers_and_refusals(source: str, expected: JsState) -> None:
    assert expected == js_state(source)


# -- an oracle by composition: statements with a known ending, then a tail -------------------------


class Ending(enum.Enum):
    """What a '/' after a statement means (known by construction)."""

    REGEX = "regex"
    DIVISION = "division"
    UNSURE = "unsure"


STATEMENTS = {
    Ending.REGEX: [
        "x = a;",
        "s = s.replace(/x/g, '');",
        "if (/[/]/.test(s)) {",
        "x = `a${ {b: `c${'}'}`} }` +",
        "f(/'/, `${/`/}`,",
        "/* ' ` \" */ x = 'a\\'b' + \"c\\\"d\" + (",
        "// ' ` \"\nreturn",
        "label: for (const k in o) typeof",
        "x = 1 / 2 /* / */ <",
        "class A { #p = 1; m() { return this.#p / 2; } } new",
        "é = 'ü' + '\\\r\n' ?",
        "x = '\u2028' ===",
        "`${'`'}` ,",
    ],
    Ending.DIVISION: [
        "x = a",
        "x = /[/]/g",
        "x = `a${ {b: `c${'}'}`} }`",
        "x = 'a\\'b'",
        'x = "/*"',
        "x = 1.5e3",
        "x = this.#p",
        "x = o.return",
        "x = o?.typeof",
        "x = arr[0]\n",
        "x = a // '\n",
        "x = naïve\u3000",
        "x = f`a${1}b`",
        "x = let",
    ],
    Ending.UNSURE: [
        "if (a)",
        "f(a)",
        "x = {}",
        "function f() {}",
        "a++",
        "--a\n--",
        "yield",
        "for (x of",
    ],
}
# what a tail reads as, by the ending before it
TAILS = [
    ({Ending.REGEX: STRING, Ending.DIVISION: CODE, Ending.UNSURE: UNKNOWN}, " /'/; y = '"),
    ({Ending.REGEX: REGEX, Ending.DIVISION: CODE, Ending.UNSURE: UNKNOWN}, " /ab"),
    ({Ending.REGEX: REGEX, Ending.DIVISION: CODE, Ending.UNSURE: UNKNOWN}, " /[/`/"),
    ({Ending.REGEX: CODE, Ending.DIVISION: TEMPLATE, Ending.UNSURE: UNKNOWN}, " /`/ + 1"),
    ({Ending.REGEX: CODE, Ending.DIVISION: STRING, Ending.UNSURE: UNKNOWN}, ' /"/; "a"'),
    ({Ending.REGEX: TEMPLATE, Ending.DIVISION: TAGGED, Ending.UNSURE: TAGGED}, " `a${1}b"),
    ({Ending.REGEX: COMMENT, Ending.DIVISION: COMMENT, Ending.UNSURE: COMMENT}, " // ' /"),
    ({Ending.REGEX: STRING, Ending.DIVISION: STRING, Ending.UNSURE: STRING}, "\n/* / */ '"),
]
endings = st.sampled_from(Ending)


@st.composite
def composed(draw: st.DrawFn) -> tuple[str, JsState]:
    """Statements that each start after a ';' (where a statement starts), then a tail."""
    count = draw(st.integers(0, 4))
    parts = []
    for _ in range(count):
        ending = draw(endings)
        parts.append(draw(st.sampled_from(STATEMENTS[ending])))
    last = draw(endings)
    parts.append(draw(st.sampled_from(STATEMENTS[last])))
    reading, tail = draw(st.sampled_from(TAILS))
    hashbang = draw(st.sampled_from(["", "#!/bin/x '\n"]))
    return hashbang + " ;\n".join(parts) + tail, reading[last]


@settings(max_examples=400)
@given(composed())
def test_composition_oracle(case: tuple[str, JsState]) -> None:
    source, expected = case
    assert expected == js_state(source)


@pytest.mark.parametrize("ending", list(Ending))
def test_every_statement_of_the_composition_oracle(ending: Ending) -> None:
    for statement in STATEMENTS[ending]:
        for reading, tail in TAILS:
            assert reading[ending] == js_state("x;\n" + statement + tail), statement + tail


# -- js_string: the text of a JavaScript string or template literal -------------------------------


class Level(enum.IntEnum):
    LOW = 1


class Loud(str):
    __slots__ = ()

    def __str__(self) -> str:
        return "LOUD"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param("", "", id="empty"),
        pytest.param("abc", "abc", id="plain"),
        pytest.param('"', "\\u0022", id="double-quote"),
        pytest.param("'", "\\u0027", id="single-quote"),
        pytest.param("`", "\\u0060", id="backtick"),
        pytest.param("$", "\\u0024", id="dollar"),
        pytest.param("${a}", "\\u0024{a}", id="substitution"),
        pytest.param("<", "\\u003c", id="lt"),
        pytest.param(">", "\\u003e", id="gt"),
        pytest.param("&", "\\u0026", id="amp"),
        pytest.param("\\", "\\\\", id="backslash"),
        pytest.param('\\"', "\\\\\\u0022", id="backslash-quote"),
        pytest.param('\\\\"', "\\\\\\\\\\u0022", id="backslashes-quote"),
        pytest.param("\n", "\\n", id="lf"),
        pytest.param("\r", "\\r", id="cr"),
        pytest.param("\t", "\\t", id="tab"),
        pytest.param("\b\f", "\\b\\f", id="bs-ff"),
        pytest.param("\x00", "\\u0000", id="nul"),
        pytest.param("\x1f", "\\u001f", id="unit-separator"),
        pytest.param("\x7f\x85", "\x7f\x85", id="del-nel"),
        pytest.param("\u2028\u2029", "\\u2028\\u2029", id="line-separators"),
        pytest.param("</script>", "\\u003c/script\\u003e", id="end-tag"),
        pytest.param("<!--", "\\u003c!--", id="html-comment"),
        pytest.param("]]>", "]]\\u003e", id="cdata-end"),
        pytest.param("a/b//c/*", "a/b//c/*", id="slashes"),
        pytest.param("{}", "{}", id="braces"),
        pytest.param("é😀", "é😀", id="non-ascii"),
        pytest.param("x\u00a0y", "x\u00a0y", id="nbsp"),
        pytest.param(
            'it\'s <b>"ok"</b> & `${x}`',
            (
                "it\\u0027s \\u003cb\\u003e\\u0022ok\\u0022\\u003c/b\\u003e \\u0026 "
                "\\u0060\\u0024{x}\\u0060"
            ),
            id="mixed",
        ),
        pytest.param(3, "3", id="int"),
        pytest.param(-2, "-2", id="negative"),
        pytest.param(10**20, "100000000000000000000", id="big-int"),
        pytest.param(2.5, "2.5", id="float"),
        pytest.param(1e300, "1e+300", id="float-exponent"),
        pytest.param(-0.0, "-0.0", id="negative-zero"),
        pytest.param(Level.LOW, "1", id="int-enum"),
        pytest.param(Markup("<b>x</b>"), "\\u003cb\\u003ex\\u003c/b\\u003e", id="markup"),
        pytest.param(Loud("quiet"), "quiet", id="str-subclass"),
    ],
)
def test_js_string(value: object, expected: str) -> None:
    assert expected == js_string(value)


class Html:
    def __html__(self) -> str:
        return "<i>it's</i>"


def test_js_string_takes_html_source_as_text() -> None:
    assert "\\u003ci\\u003eit\\u0027s\\u003c/i\\u003e" == js_string(Html())


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        pytest.param(None, "None is not text; write the text to show instead", id="none"),
        pytest.param(True, "True is not text; write the text to show instead", id="true"),
        pytest.param(False, "False is not text; write the text to show instead", id="false"),
        pytest.param([1], "list is not text; convert it to str first", id="list"),
        pytest.param((1,), "tuple is not text; convert it to str first", id="tuple"),
        pytest.param({"a": 1}, "dict is not text; convert it to str first", id="dict"),
        pytest.param(b"x", "bytes is not text; convert it to str first", id="bytes"),
        pytest.param(object(), "object is not text; convert it to str first", id="object"),
        pytest.param(t"<b>", "a template is HTML, not text", id="template"),
        pytest.param(float("nan"), "nan is not a finite number", id="nan"),
        pytest.param(float("-inf"), "-inf is not a finite number", id="infinity"),
    ],
)
def test_js_string_refuses_what_is_not_text(value: object, reason: str) -> None:
    with pytest.raises(NotJavaScriptError) as info:
        js_string(value)
    assert reason == str(info.value)


# the output: characters other than '\', '"', ''', '`', '$', '<', '>', '&' and line terminators,
# and whole JSON escapes
STRING_TEXT = re.compile(r'(?:[^\\"\'`$<>&\n\r\u2028\u2029]|\\(?:[\\nrtbf]|u[0-9a-f]{4}))*')


@given(st.text())
def test_js_string_is_json_string_text_with_nothing_that_ends_it(text: str) -> None:
    written = js_string(text)
    assert text == json.loads('"' + written + '"')
    assert STRING_TEXT.fullmatch(written)


@given(st.text(alphabet=st.characters(codec="utf-8")))
def test_text_stands_in_for_a_value_in_a_string(text: str) -> None:
    # what the scanner feeds for a value in a string reads as the value itself would
    for prefix in ("x = '", 'x = "', "x = `", "x = `${a}"):
        for suffix in ("", "'", '"', "`", "{", "${a}", "\\", "\n"):
            assert js_state(prefix + TEXT_STAND_IN + suffix) == js_state(
                prefix + js_string(text) + suffix
            )


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)
code_suffixes = st.sampled_from(
    ["", "/'/; y = '", "`a", "; /'/; y = '", ". x", "+ '", ") / 2", "} '", "\n/'/"]
)


@given(json_values, st.sampled_from(REGEX_BEFORE), code_suffixes)
def test_code_stands_in_for_a_value(value: object, prefix: str, suffix: str) -> None:
    # where the lexer judges the text after the stand-in, the value itself reads the same way
    with_stand_in = js_state(prefix + CODE_STAND_IN + suffix)
    if with_stand_in is not UNKNOWN:
        assert with_stand_in == js_state(prefix + js_value(value) + suffix)


# -- node as the reference: V8 compiles, acorn (bundled with node) tokenizes -----------------------

NODE_SCRIPT = r"""
const acorn = require('internal/deps/acorn/acorn/dist/acorn');
const vm = require('vm');
function templates(node, tagged, out) {
  if (Array.isArray(node)) { for (const item of node) templates(item, false, out); return; }
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'TemplateLiteral') {
    for (const q of node.quasis) out.push([q.start, q.end, tagged]);
  }
  for (const [key, child] of Object.entries(node)) {
    if (child && typeof child === 'object') {
      templates(child, node.type === 'TaggedTemplateExpression' && key === 'quasi', out);
    }
  }
}
function lex(src) {
  try { new vm.Script(src); } catch (e) { return {ok: false, error: 'V8: ' + e.message}; }
  const tokens = [], comments = [];
  let ast;
  try {
    ast = acorn.parse(src, {ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true,
      onToken: t => tokens.push([t.type.label, t.start, t.end,
                                 t.type.label === 'regexp' ? t.value.flags.length : 0]),
      onComment: (block, text, start, end) => comments.push([block, start, end])});
  } catch (e) { return {ok: false, error: 'acorn: ' + e.message}; }
  const quasis = [];
  templates(ast, false, quasis);
  return {ok: true, tokens, comments, quasis};
}
require('readline').createInterface({input: process.stdin}).on('line', line => {
  const request = JSON.parse(line);
  let reply;
  try {
    reply = request.op === 'lex' ? lex(request.src) : {value: vm.runInNewContext(request.src)};
  } catch (e) { reply = {error: String(e)}; }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
"""


class Node:
    """One node process that lexes and evaluates JavaScript sent to it, a line at a time."""

    def __init__(self, executable: str) -> None:
        self.process = subprocess.Popen(
            [executable, "--expose-internals", "-e", NODE_SCRIPT],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
        )

    def ask(self, op: str, src: str) -> dict[str, object]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps({"op": op, "src": src}) + "\n")
        self.process.stdin.flush()
        reply: dict[str, object] = json.loads(self.process.stdout.readline() or "{}")
        return reply

    def close(self) -> None:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)
        self.process.stdout.close()


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    executable = shutil.which("node")
    if executable is None:
        pytest.skip("node is not installed (the composition oracle above still runs)")
    process = Node(executable)
    try:
        if process.ask("lex", "x").get("ok") is not True:
            pytest.skip("this node has no acorn among its internals")
        yield process
    finally:
        process.close()


# what the lexer may answer, by the truth: the truth, a refusal, or a finer kind of refusal
ALLOWED = {
    CODE: {CODE, UNKNOWN},
    STRING: {STRING, ESCAPE, UNKNOWN},
    TEMPLATE: {TEMPLATE, TAGGED, DOLLAR, ESCAPE, UNKNOWN},
    TAGGED: {TAGGED, UNKNOWN},
    REGEX: {REGEX, UNKNOWN},
    COMMENT: {COMMENT, UNKNOWN},
}
COMMENT_OPENERS = ("//", "/*", "#!", "<!--", "-->")


def truths(source: str, lexed: dict[str, object]) -> dict[int, JsState]:
    """The state at each cut of ``source`` that acorn's tokens decide: between tokens (code),
    and inside strings, template text, regular expressions and comments. Cuts inside other
    tokens (or inside a comment's opening characters) depend on what the hole adds: left out."""
    truth = dict.fromkeys(range(len(source) + 1), CODE)
    tokens = cast("list[tuple[str, int, int, int]]", lexed["tokens"])
    for label, start, end, flags in tokens:
        for cut in range(start + 1, end):
            del truth[cut]
        if label == "string":
            truth.update(dict.fromkeys(range(start + 1, end), STRING))
        elif label == "regexp":
            truth.update(dict.fromkeys(range(start + 1, end - flags), REGEX))
            truth.update(dict.fromkeys(range(end - flags, end), CODE))
    quasis = cast("list[tuple[int, int, bool]]", lexed["quasis"])
    for start, end, tagged in quasis:
        truth.update(dict.fromkeys(range(start, end + 1), TAGGED if tagged else TEMPLATE))
    comments = cast("list[tuple[bool, int, int]]", lexed["comments"])
    for block, start, end in comments:
        opener = next(o for o in COMMENT_OPENERS if source.startswith(o, start))
        for cut in range(start + 1, end + 1):
            truth.pop(cut, None)
        last = end - 1 if block else end  # after '*/' the code goes on
        truth.update(dict.fromkeys(range(start + len(opener), last + 1), COMMENT))
        if block:
            truth[end] = CODE
    return truth


def check_every_cut(source: str, lexed: dict[str, object]) -> dict[JsState, int]:
    """Assert js_state at every decided cut of ``source``, as acorn ``lexed`` it; count the
    answers."""
    assert all(c <= "\uffff" for c in source)  # acorn counts UTF-16 units
    answers = dict.fromkeys(JsState, 0)
    for cut, truth in truths(source, lexed).items():
        answer = js_state(source[:cut])
        assert answer in ALLOWED[truth], (source[:cut], source[cut:], truth)
        answers[answer] += 1
    return answers


REAL_SCRIPTS = [
    "s = s.replace(/x/g, '');\nconst cfg = 0;\nconst n = cfg.items.length / 2;",
    "const re = /^[\\w.+-]+@[\\w-]+\\.[a-z]{2,}$/i;\nif (!re.test(email)) alert('bad: ' + email);",
    "document.querySelectorAll('a[href^=\"/\"]').forEach(a => {\n"
    "  a.href = a.href.replace(/\\/+$/, '') + `?ref=${encodeURIComponent(location.pathname)}`;\n"
    "});",
    "class Counter {\n  #count = 0;\n  inc() { return ++this.#count / 1; }\n"
    "  static from(s) { return Number(s.split(/[,;]/)[0]); }\n}",
    "function* ids() { let i = 0; while (true) yield i++; }\n"
    'const html = String.raw`<p class="${cls}">\\n</p>`;',
    "#!/usr/bin/env node\n// config ' \" `\n/* a / b */ var x = a\n/b/g, y = 'a\\\nb';",
    "var π = Math.PI, naïve = π / 2, s = '\u2028', t = a\u3000/\u3000b;",
    "async function load() { const r = await fetch('/api?q=' + q); return (await r.json()).x; }",
    "label: for (const k in obj) { if (/^_/.test(k)) continue label; out[k] = obj[k] ?? null; }",
]


@pytest.mark.parametrize("source", REAL_SCRIPTS)
def test_real_scripts_against_node(node: Node, source: str) -> None:
    lexed = node.ask("lex", source)
    assert lexed.get("ok") is True, lexed
    answers = check_every_cut(source, lexed)
    assert 0 == answers[UNKNOWN]  # the point of this lexer: ordinary scripts are judged


def test_a_division_after_a_parenthesis_refuses_the_rest_against_node(node: Node) -> None:
    source = (
        "const total = items.reduce((sum, item) => sum + item.price * item.count, 0) / 100;\n"
        "el.textContent = `Total: ${total.toFixed(2)} €`;"
    )
    lexed = node.ask("lex", source)
    assert lexed.get("ok") is True, lexed
    check_every_cut(source, lexed)
    slash = source.index(") /") + 2
    assert UNKNOWN not in {js_state(source[:cut]) for cut in range(slash + 1)}
    assert {UNKNOWN} == {js_state(source[:cut]) for cut in range(slash + 1, len(source) + 1)}


SPACES = ["", " ", " ", "\n", "\t", "\u3000", "\u2028", "\xa0", "/*'\"`/*/", "// '\"`/\n"]
NAMES = ["a", "b", "$", "_x", "é", "a\u200cb", "this", "null", "true", "let", "async", "of"]
NUMBERS = ["1", "2.5", ".5", "1.", "0x1F", "1_000", "7n", "1e3"]
STRINGS = ["'a'", '"b"', "'it\\'s'", '"q\\"q"', "'/'", '"//"', "'`'", '"${a}"', "'\\\r\nb'"]
STRINGS += ["'\u2028'", "'\\\\'", '"/*"', "'\\u0041'"]
REGEXES = ["/a/", "/[/]/g", "/\\//", "/a[\\]/]b/i", "/=/", "/'/", '/"/', "/`/", "/[`]/"]
REGEXES += ["/a/gimsuy", "/\\[/", "/[[]/"]
TEMPLATE_TEXT = ["", "a", "$", "\\`", "\\${", "'\"", "/", "$$", "{}", "\n", "//", "\\\\"]
MEMBERS = ["b", "return", "typeof", "in", "if", "class", "of"]
BINARY = ["/", "+", "-", "*", "%", "<", ">", "==", "&&", "??", "in", "instanceof", "/", ",", "**"]
PREFIX = ["typeof", "void", "!", "-", "+", "~", "new", "delete", "await"]

spaces = st.sampled_from(SPACES)


def tokens(*parts: str | st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """The parts in a row, with random white space or comments between them."""
    strategies: list[st.SearchStrategy[str]] = []
    for index, part in enumerate(parts):
        if index:
            strategies.append(spaces)
        strategies.append(st.just(part) if isinstance(part, str) else part)
    return st.tuples(*strategies).map("".join)


def _template(expression: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    text = st.sampled_from(TEMPLATE_TEXT)
    return st.one_of(
        st.tuples(st.just("`"), text, st.just("`")).map("".join),
        st.tuples(
            st.just("`"), text, st.just("${"), expression, st.just("}"), text, st.just("`")
        ).map("".join),
    )


def _expressions(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    name = st.sampled_from(NAMES)
    return st.one_of(
        tokens("(", inner, ")"),
        tokens("[", inner, ",", inner, "]"),
        tokens("{", "k", ":", inner, "}"),
        tokens(inner, st.sampled_from(BINARY), inner),
        tokens(st.sampled_from(PREFIX), inner),
        tokens(name, st.sampled_from(["++", "--"])),
        tokens(st.sampled_from(["++", "--"]), name),
        tokens(inner, st.sampled_from([".", "?."]), st.sampled_from(MEMBERS)),
        tokens(inner, "(", inner, ")"),
        tokens(inner, "[", inner, "]"),
        tokens(inner, "?", inner, ":", inner),
        tokens(name, st.sampled_from(["=", "/=", "+="]), inner),
        _template(inner),
        tokens(st.sampled_from(["f", "String.raw", "a.b", "f()"]), _template(inner)),
        tokens("(", name, ")", "=>", inner),
        tokens("function", "(", ")", "{", "return", inner, "}"),
        tokens("function*", "(", ")", "{", "yield", inner, ";", "yield", "\n", inner, "}"),
        tokens(
            "class",
            "{",
            "#p",
            "=",
            inner,
            ";",
            "m",
            "(",
            ")",
            "{",
            "return",
            "this.#p",
            st.sampled_from(BINARY),
            inner,
            "}",
            "}",
        ),
    )


expressions = st.recursive(
    st.sampled_from(NAMES + NUMBERS + STRINGS + REGEXES), _expressions, max_leaves=6
)


def _statements(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        tokens("if", "(", expressions, ")", inner),
        tokens("if", "(", expressions, ")", inner, "else", inner),
        tokens("{", inner, "}"),
        tokens(inner, inner),
        tokens("while", "(", expressions, ")", inner),
        tokens("do", inner, "while", "(", expressions, ")"),
        tokens("for", "(", "x", st.sampled_from(["of", "in"]), expressions, ")", inner),
        tokens("L", ":", inner),
        tokens("try", "{", inner, "}", "catch", "(", "e", ")", "{", inner, "}"),
        tokens("switch", "(", expressions, ")", "{", "case", expressions, ":", inner, "}"),
        tokens("function", "g", "(", ")", "{", inner, "return", "\n", expressions, "}"),
    )


statements = st.recursive(
    st.one_of(
        tokens(expressions, ";"),
        tokens(expressions, "\n"),
        tokens("var", "x", "=", expressions, ";"),
        tokens(st.sampled_from(REGEXES), ".", "test", "(", expressions, ")", ";"),
        st.just(";"),
    ),
    _statements,
    max_leaves=5,
)
programs = st.tuples(st.sampled_from(["", "#!x\n"]), statements).map("".join)


@settings(max_examples=300, suppress_health_check=[HealthCheck.filter_too_much])
@given(programs)
def test_random_programs_against_node(node: Node, source: str) -> None:
    lexed = node.ask("lex", source)
    assume(lexed.get("ok") is True)
    check_every_cut(source, lexed)


@settings(max_examples=200)
@given(st.text(alphabet=st.characters(codec="utf-8")))
def test_js_string_in_every_kind_of_literal_in_node(node: Node, text: str) -> None:
    written = js_string(text)
    for quote in "\"'`":
        assert {"value": text} == node.ask("eval", quote + written + quote)


def test_an_empty_dict_at_a_statement_start_is_a_block_in_node(node: Node) -> None:
    # why CODE_STAND_IN is in parentheses: after the value {} at the start of a statement, a '/'
    # starts a regular expression, and a bare ' 0 ' would have put the next hole out of a string
    static = '\n/"/.test(s); var t = "'
    assert CODE == js_state(" 0 " + static)
    assert UNKNOWN == js_state(CODE_STAND_IN + static)
    program = js_value({}) + static + js_value(";pwned = 1; //") + '"'
    assert {"value": 1} == node.ask("eval", "var s = '', pwned = 0;\n" + program + "\npwned")


# -- read in pieces --------------------------------------------------------------------------
# The scanner reads a script with a JsLexer fed piece by piece (static text, then a value's
# stand-in), asking where the end is at each hole; the lexer reads on from where it stopped.
# At every cut it must say what js_state says of all the text so far.

PIECES = st.lists(
    st.sampled_from(
        [
            "<",
            "!",
            "-",
            ">",
            "/",
            "*",
            "\\",
            "\r",
            "\n",
            "'",
            '"',
            "`",
            "$",
            "{",
            "}",
            "a",
            "if",
            "1",
            ".",
            "e",
            "?",
            " ",
            "#",
            "=",
            "+",
            "(",
            ")",
            "[",
            "]",
            "x",
            "\u2028",
        ]
    ),
    max_size=30,
).map("".join)


def check_cuts(source: str, cuts: list[int]) -> None:
    lexer = JsLexer()
    fed = 0
    for cut in sorted(cuts):
        lexer.feed(source[fed:cut])
        fed = cut
        assert js_state(source[:cut]) == lexer.state(), (source, cut)


@settings(max_examples=500)
@given(st.one_of(PIECES, programs, composed().map(lambda case: case[0])), st.data())
def test_the_lexer_read_in_pieces_agrees_with_one_reading(source: str, data: st.DataObject) -> None:
    cuts = data.draw(st.lists(st.integers(0, len(source)), max_size=8))
    check_cuts(source, [*cuts, len(source)])


@given(st.one_of(PIECES, programs))
def test_the_lexer_read_a_character_at_a_time_agrees_with_one_reading(source: str) -> None:
    check_cuts(source, list(range(len(source) + 1)))


@pytest.mark.parametrize(
    "source",
    [
        "<!--",  # '<', '!', '-' read as punctuators until the second '-' comes
        "a -->",
        "x = 1e5",  # a number read again when it goes on
        "'a\\\r\n'",  # a '\' and CR at the end, continued by LF
        "`a${b}c${`d${e}`}f`",
        "{ `${ { a } }` }/x/",
        "s = '\\",
        "/* a */ // b\n c",
    ],
)
def test_cuts_at_every_character(source: str) -> None:
    check_cuts(source, list(range(len(source) + 1)))
