"""Values in <script> bodies: written as JavaScript/JSON literals where an expression goes
(issue #3, first part); holes in strings, comments, regular expressions and template literals
are refused. Judged by exact output, by json.loads, and by html5lib (the script element holds
exactly what was meant and the markup after it survives)."""

from __future__ import annotations

import json
from string.templatelib import Template

import html5lib
import pytest
from hostile import EVIL
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates import RenderError, TemplateSyntaxError, html
from htmltemplates.lang.javascript import JsState
from htmltemplates.lang.references import decode_attribute

UNKNOWN = (
    "interpolation after JavaScript the scanner cannot read for sure (such as a '/' after ')' "
    "or '}'), in <script>"
)
REGEX = "interpolation inside a regular expression in <script>"
EMPTY_DICT: dict[str, object] = {}
CFG = {"user": "</script><script>alert(1)</script>", "n": 3, "ok": True, "none": None}


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t"<script>const cfg = {CFG};</script>",
            '<script>const cfg =  {"user": "\\u003c/script\\u003e\\u003cscript\\u003ealert(1)'
            '\\u003c/script\\u003e", "n": 3, "ok": true, "none": null} ;</script>',
            id="dict",
        ),
        pytest.param(
            t"<script>f({EVIL})</script>",
            '<script>f( "\\u003cb\\u003e\\u0026\\u0027\\"" )</script>',
            id="str",
        ),
        pytest.param(
            t"<script>f({1}, {2.5}, {True}, {None})</script>",
            "<script>f( 1 ,  2.5 ,  true ,  null )</script>",
            id="scalars",
        ),
        pytest.param(
            t"<script>f({[1, 'a']}, {(2,)})</script>",
            '<script>f( [1, "a"] ,  [2] )</script>',
            id="list-tuple",
        ),
        pytest.param(
            t"<script>f({'\u2028\u2029`'})</script>",
            '<script>f( "\\u2028\\u2029\\u0060" )</script>',
            id="line-separators-backtick",
        ),
        pytest.param(
            t"<script>f({Markup('<b>')})</script>",
            '<script>f( "\\u003cb\\u003e" )</script>',
            id="markup-is-a-string",
        ),
        pytest.param(
            t"<script>x = `a${{{3}}}`</script>",
            "<script>x = `a${ 3 }`</script>",
            id="template-substitution",
        ),
        pytest.param(
            t"<script>var s = 'a\\'b'; f({1})</script>",
            "<script>var s = 'a\\'b'; f( 1 )</script>",
            id="after-a-string",
        ),
        pytest.param(
            t"<script type=module>f({1})</script>",
            "<script type=module>f( 1 )</script>",
            id="module",
        ),
        pytest.param(
            t"<script type='text/javascript'>f({1})</script>",
            "<script type='text/javascript'>f( 1 )</script>",
            id="js-mime",
        ),
        pytest.param(
            t'<script type="application/json">{CFG}</script>',
            '<script type="application/json"> {"user": "\\u003c/script\\u003e\\u003cscript'
            '\\u003ealert(1)\\u003c/script\\u003e", "n": 3, "ok": true, "none": null} </script>',
            id="json",
        ),
        pytest.param(t"<SCRIPT>f({1})</SCRIPT>", "<SCRIPT>f( 1 )</SCRIPT>", id="upper-case"),
        pytest.param(
            t"<script>f((lambda: 7))</script>",
            "<script>f((lambda: 7))</script>",
            id="static-text-untouched",
        ),
        pytest.param(
            t"<script>f({(lambda: 7)})</script>", "<script>f( 7 )</script>", id="lazy-value"
        ),
        pytest.param(
            t"<script>s = s.replace(/x/g, ''); const n = {1};</script>",
            "<script>s = s.replace(/x/g, ''); const n =  1 ;</script>",
            id="after-a-regular-expression",
        ),
        pytest.param(
            t"<script>x = a / 2; f({1})</script>",
            "<script>x = a / 2; f( 1 )</script>",
            id="after-a-division",
        ),
        pytest.param(
            t"<script>x = a\n/b/g; f({1})</script>",
            "<script>x = a\n/b/g; f( 1 )</script>",
            id="division-across-a-line",
        ),
        pytest.param(
            t"<script>a\u3000+ {EVIL}</script>",
            '<script>a\u3000+  "\\u003cb\\u003e\\u0026\\u0027\\"" </script>',
            id="non-ascii-space",
        ),
        pytest.param(
            t"<script>const π = {1}; π / {2}</script>",
            "<script>const π =  1 ; π /  2 </script>",
            id="unicode-name",
        ),
        pytest.param(
            t"<script>class C {{ #n = {1}; m() {{ return this.#n / {2}; }} }}</script>",
            "<script>class C { #n =  1 ; m() { return this.#n /  2 ; } }</script>",
            id="private-name",
        ),
        pytest.param(
            t"<svg><script>f({EVIL})</script></svg>",
            '<svg><script>f( "\\u003cb\\u003e\\u0026\\u0027\\"" )</script></svg>',
            id="svg-script",
        ),
    ],
)
def test_values_in_script(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    ("template", "headline"),
    [
        pytest.param(
            t"<script>var s = String.raw`{EVIL}`;</script>",
            "interpolation inside a tagged template literal in <script>",
            id="tagged-template",
        ),
        pytest.param(
            t"<script>var s = `${EVIL}`;</script>",
            "interpolation inside a template literal right after '$' in <script>",
            id="template-dollar",
        ),
        pytest.param(
            t'<script>var s = "\\{EVIL}";</script>',
            "interpolation inside an escape sequence in <script>",
            id="after-backslash",
        ),
        pytest.param(
            t"<script>// {EVIL}\n</script>",
            "interpolation inside a comment in <script>",
            id="line-comment",
        ),
        pytest.param(
            t"<script>/* {EVIL} */</script>",
            "interpolation inside a comment in <script>",
            id="block-comment",
        ),
        pytest.param(
            t"<script>x = 1; <!-- {EVIL}\n</script>",
            "interpolation inside a <script> whose body holds '<!--'",
            id="html-comment",
        ),
        pytest.param(
            t"<script>x = /{EVIL}/</script>",
            REGEX,
            id="regex",
        ),
        pytest.param(
            t"<script>return /{EVIL}</script>",
            REGEX,
            id="regex-after-keyword",
        ),
        pytest.param(
            t"<script>if (a) {{ }} /{EVIL}</script>",
            UNKNOWN,
            id="slash-after-brace",
        ),
        pytest.param(
            t"<script type=text/x-template>{EVIL}</script>",
            "interpolation inside a <script> whose type is neither JavaScript nor JSON",
            id="data-block",
        ),
    ],
)
def test_refused_positions_in_script(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


# Where a lexer would have to guess: whether '/' divides or starts a regular expression, HTML-like
# comments, a hashbang, non-ASCII identifiers and spaces, SVG's entity decoding. The lexer does
# not guess, and these holes are refused.
@pytest.mark.parametrize(
    ("template", "headline"),
    [
        pytest.param(t"<script>x = {1}/{2}</script>", UNKNOWN, id="division-after-a-value"),
        pytest.param(
            # the value {} at a statement's start is a block: the '/' after it starts a
            # regular expression, and the quote in it is not a string's
            t'<script>{EMPTY_DICT}\n/"/.test(s); var t = "; x = {EVIL}; //"</script>',
            UNKNOWN,
            id="division-or-regex-after-a-value",
        ),
        pytest.param(
            t'<script>if (a) /"/.test(b); y = "; z = {EVIL}; //"</script>',
            UNKNOWN,
            id="regex-after-paren",
        ),
        pytest.param(t'<script>a++ /"/; y = {EVIL}; //"</script>', UNKNOWN, id="postfix"),
        pytest.param(
            t"<script>var a = 1;\u2028--> `\nvar y = `; x = {EVIL}; //`</script>",
            UNKNOWN,
            id="html-close-comment",
        ),
        pytest.param(
            t"<svg><script>var a = &quot;; x = {EVIL}; //&quot;</script></svg>",
            UNKNOWN,  # code as written, a string with entities decoded (as in <svg>)
            id="svg-entities-decoded",
        ),
        pytest.param(
            t"<script>x = /a</script{EVIL}>",
            "interpolation that could complete an end tag inside <script>",
            id="partial-end-tag",
        ),
        pytest.param(
            t'<script type=speculationrules>{{"prefetch": [{ {"urls": [EVIL]} }]}}</script>',
            "interpolation inside a <script> whose type is neither JavaScript nor JSON",
            id="speculationrules-data-block",
        ),
        pytest.param(
            t'<script type=importmap>{{"imports": {{"a": "/x/{EVIL}"}}}}</script>',
            "interpolation inside a string in an import map",
            id="importmap-string",
        ),
    ],
)
def test_positions_the_lexer_does_not_judge(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        pytest.param(object(), "object is not JSON data", id="object"),
        pytest.param(float("nan"), "nan is not a finite number", id="nan"),
        pytest.param({1: "a"}, "dict key 1 is not a str", id="int-key"),
        pytest.param(t"<b>x</b>", "a template is HTML, not data", id="template"),
    ],
)
def test_values_with_no_javascript_literal(value: object, reason: str) -> None:
    with pytest.raises(RenderError) as info:
        html(t"<script>f({value})</script>")
    assert f"no JavaScript literal for a value in <script>: {reason}" == info.value.headline


json_data = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(json_data)
def test_any_json_value_stays_in_its_script(value: object) -> None:
    markup = html(t'<script type="application/json">{value}</script><p>after</p>')
    tree = html5lib.parseFragment(markup, treebuilder="etree", namespaceHTMLElements=False)
    scripts = tree.findall("script")
    assert 1 == len(scripts)
    assert value == json.loads(scripts[0].text or "")
    assert ["script", "p"] == [element.tag for element in tree]
    assert "after" == tree.find("p").text


# The definition of a literal and of a string's text, as json.dumps and str.translate write
# them: what runtime/javascript.py writes in fewer steps (one C encoder, replace() per escape)
_ESCAPES = str.maketrans({c: f"\\u{ord(c):04x}" for c in "<>&'`$\u2028\u2029"})
js_texts = st.text(alphabet=st.sampled_from("a <>&'`$\"\\\u2028\u2029\x00\ud800é\n/"), max_size=20)
js_data = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | js_texts,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(js_texts, children, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(js_data, js_texts)
def test_literals_and_string_text_are_json_with_the_script_escapes(
    value: object, text: str
) -> None:
    literal = json.dumps(value, ensure_ascii=False, allow_nan=False).translate(_ESCAPES)
    assert html(t"<script>x = {value};</script>") == f"<script>x =  {literal} ;</script>"
    body = json.dumps(text, ensure_ascii=False)[1:-1].replace('\\"', "\\u0022")
    assert (
        html(t'<script>x = "{text}";</script>')
        == f'<script>x = "{body.translate(_ESCAPES)}";</script>'
    )


# -- event-handler attributes: the same literals, then attribute escaping -------------------------

NOTE = 'it\'s <done> & "ok"'
NOTE_JS = "&#34;it\\u0027s \\u003cdone\\u003e \\u0026 \\&#34;ok\\&#34;&#34;"
EMPTY: dict[str, object] = {}
ATTRS = {"id": "b"}


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<button onclick="save({42}, {NOTE})">x</button>',
            f'<button onclick="save( 42 ,  {NOTE_JS} )">x</button>',
            id="in-a-call",
        ),
        pytest.param(
            t"<button onclick={NOTE}>x</button>",
            f'<button onclick=" {NOTE_JS} ">x</button>',
            id="whole-value",
        ),
        pytest.param(t"<button onclick={None}>x</button>", "<button>x</button>", id="none-drops"),
        pytest.param(
            t"<button onclick='go(&quot;a&quot;, {1})'>x</button>",
            "<button onclick='go(&quot;a&quot;,  1 )'>x</button>",
            id="entities-decoded-before-lexing",
        ),
        pytest.param(
            t'<button onclick="go({NOTE})" {ATTRS}>x</button>',
            f'<button onclick="go( {NOTE_JS} )" id="b">x</button>',
            id="spread-in-place",
        ),
        pytest.param(
            t'<button onclick="go({NOTE})" {ATTRS}{EMPTY}>x</button>',
            f'<button onclick="go( {NOTE_JS} )" id="b">x</button>',
            id="merged",
        ),
        pytest.param(
            t"<button onclick={NOTE} {ATTRS}{EMPTY}>x</button>",
            f'<button onclick=" {NOTE_JS} " id="b">x</button>',
            id="merged-whole-value",
        ),
    ],
)
def test_values_in_event_handlers(template: Template, expected: str) -> None:
    assert expected == html(template)


@settings(max_examples=100, deadline=None)
@given(json_data)
def test_any_value_in_an_event_handler_round_trips(value: object) -> None:
    markup = html(t'<button onclick="go({value})">x</button><p>after</p>')
    tree = html5lib.parseFragment(markup, treebuilder="etree", namespaceHTMLElements=False)
    assert ["button", "p"] == [element.tag for element in tree]
    handler = tree.find("button").get("onclick")
    assert ["onclick"] == list(tree.find("button").attrib)
    assert handler.startswith("go( ")
    assert handler.endswith(" )")
    assert value == json.loads(handler[4:-2])


def test_event_handlers_from_a_spread_stay_refused() -> None:
    attrs = {"onclick": "alert(1)"}
    with pytest.raises(RenderError) as info:
        html(t"<button {attrs}>x</button>")
    assert "the attribute onclick cannot take a value from data" == info.value.headline


@pytest.mark.parametrize("value", [None, True, False])
def test_lazy_event_handler_values_are_resolved_first(value: object) -> None:
    lazy = lambda: value  # noqa: E731
    assert html(t"<b onclick={lazy} {EMPTY}{EMPTY}>x</b>") == html(t"<b onclick={lazy}>x</b>")


def test_script_language_is_refused() -> None:
    with pytest.raises(TemplateSyntaxError):
        html(t"<script language={'x-template'}>f()</script>")
    with pytest.raises(RenderError):
        html(t"<script { ({'language': 'x-template'}) }>f()</script>")


@pytest.mark.parametrize(
    "written",
    [
        "&quotx",
        "&quot;x",
        "&quot x",
        "&amp;&lt",
        "&notit;",
        "&notin;",
        "&#34;",
        "&#x22",
        "&foo;",
        "a && b",
        "&quot",
    ],
)
def test_attribute_references_decode_as_html5lib_does(written: str) -> None:
    # an event handler is lexed as the browser reads the attribute ('&quotx' is no quote)
    fragment = html5lib.parseFragment(
        f'<p title="{written}">', treebuilder="etree", namespaceHTMLElements=False
    )
    assert fragment.find("p").get("title") == decode_attribute(written)


def test_a_legacy_reference_before_equals_is_kept() -> None:
    # 13.2.5.73: in an attribute, a legacy reference without ';' before '=' is not decoded
    # (browsers follow this; html5lib 1.1 decodes it)
    assert "&quot=" == decode_attribute("&quot=")


def test_a_legacy_reference_the_browser_keeps_cannot_hide_a_string() -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(t'<b onclick="0 && 0 &quotx; s = &quot;; z = {EVIL}; //&quot;">b</b>')
    assert (
        f"interpolation {JsState.UNKNOWN.value} in the event-handler attribute onclick"
        == info.value.headline
    )


def test_a_hashbang_is_a_comment() -> None:
    # 12.5: '#!' at the very start comments out the line; the backtick there opens nothing
    assert "<script>#!`\nvar y = `; x = 1\\u003c2; //`</script>" == html(
        t"<script>#!`\nvar y = `; x = {'1<2'}; //`</script>"
    )


# -- holes inside strings and template literals: the value is the literal's text -----------------

NAME = "O'Brien \"</script><!-- ${x} `\\ \u2028"
NAME_ESCAPED = "O\\u0027Brien \\u0022\\u003c/script\\u003e\\u003c!-- \\u0024{x} \\u0060\\\\ \\u2028"
NAME_AS_LITERAL = NAME_ESCAPED.replace("\\u0022", '\\"')  # JSON: the literal has its quotes


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<script>const g = "Hello, {NAME}!";</script>',
            f'<script>const g = "Hello, {NAME_ESCAPED}!";</script>',
            id="double-quoted",
        ),
        pytest.param(
            t"<script>const g = '{NAME}';</script>",
            f"<script>const g = '{NAME_ESCAPED}';</script>",
            id="single-quoted",
        ),
        pytest.param(
            t"<script>const g = `a {NAME} ${{b}} c {NAME}`;</script>",
            f"<script>const g = `a {NAME_ESCAPED} ${{b}} c {NAME_ESCAPED}`;</script>",
            id="template-literal-twice",
        ),
        pytest.param(
            t"<script>const g = `${{ '{NAME}' }}`;</script>",
            f"<script>const g = `${{ '{NAME_ESCAPED}' }}`;</script>",
            id="string-inside-substitution",
        ),
        pytest.param(
            t'<script>f("{NAME}", {NAME});</script>',
            # as a literal, JSON's \" (no quote can end it: the literal has its own quotes)
            f'<script>f("{NAME_ESCAPED}",  "{NAME_AS_LITERAL}" );</script>',
            id="string-then-code",
        ),
        pytest.param(
            t'<script>f("{7}", "{1.5}", "{Markup("<b>")}")</script>',
            '<script>f("7", "1.5", "\\u003cb\\u003e")</script>',
            id="numbers-and-markup",
        ),
        pytest.param(
            t'<script type="application/json">{{"name": "{NAME}"}}</script>',
            f'<script type="application/json">{{"name": "{NAME_ESCAPED}"}}</script>',
            id="json-string",
        ),
        pytest.param(
            t"<button onclick=\"say('Hi {NAME}')\">x</button>",
            f"<button onclick=\"say('Hi {NAME_ESCAPED}')\">x</button>",
            id="event-handler",
        ),
        pytest.param(
            t"<button onclick='say(\"{NAME}\", {7})' { {'id': 'b'} }>x</button>",
            f'<button onclick=\'say("{NAME_ESCAPED}",  7 )\' id="b">x</button>',
            id="event-handler-merged",
        ),
    ],
)
def test_values_inside_strings(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        pytest.param(None, "None is not text; write the text to show instead", id="none"),
        pytest.param(True, "True is not text; write the text to show instead", id="true"),
        pytest.param([1], "list is not text; convert it to str first", id="list"),
        pytest.param(t"<b>", "a template is HTML, not text", id="template"),
    ],
)
def test_values_inside_strings_must_be_text(value: object, reason: str) -> None:
    with pytest.raises(RenderError) as info:
        html(t'<script>x = "{value}";</script>')
    assert f"no text for a JavaScript string from a value in <script>: {reason}" == (
        info.value.headline
    )
    assert "js-string" == info.value.anchor
