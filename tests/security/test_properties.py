"""Properties judged by html5lib, where a table cannot reach: any text, in any position we
accept, parses back to exactly that text and adds no element and no attribute.

Texts exclude three kinds of characters no HTML parser hands back as written (documented, not
escaped): surrogates (not encodable), NUL (dropped or turned into U+FFFD) and CR (normalised
to LF, and CRLF to one LF; HTML Living Standard 13.2.3.5).
"""

from __future__ import annotations

import json
import re
from string.templatelib import Interpolation, Template

from hostile import (
    DANGEROUS_SCHEMES,
    comments,
    find,
    runs_code,
    structure,
    text_of,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

from htmltemplates import UNSAFE_CSS, RenderError, html

TEXT_CHARACTERS = st.characters(exclude_categories=["Cs"], exclude_characters="\x00\r")
texts = st.text(TEXT_CHARACTERS)
# Characters that matter to HTML, so short examples hit them often.
SPECIAL = "<>&\"'`=/!-?;:# \t\n\x0c\x01\x7f\u00a0\u2028"
mixed_texts = st.text(st.one_of(TEXT_CHARACTERS, st.sampled_from(SPECIAL)))
text_lists = st.lists(mixed_texts, max_size=5)

PROPERTY = settings(max_examples=150)


def render(before: str, value: object, after: str) -> str:
    return html(Template(before, Interpolation(value, "value"), after))


# -- text content ---------------------------------------------------------------------------------


@PROPERTY
@given(mixed_texts)
@example("</p><script>alert(1)</script>")
@example("<!--")
@example("&amp;")
def test_text_round_trips(text: str) -> None:
    markup = render("<p>", text, "</p><i>end</i>")
    assert structure(markup) == [("p", ()), ("i", ())]
    assert text_of(markup, "p") == text
    assert comments(markup) == []


@PROPERTY
@given(text_lists)
def test_lists_of_text_round_trip(items: list[str]) -> None:
    markup = render("<p>", items, "</p><i>end</i>")
    assert structure(markup) == [("p", ()), ("i", ())]
    assert text_of(markup, "p") == "".join(items)


@PROPERTY
@given(mixed_texts)
@example("\n\nindented\n")
def test_pre_keeps_a_leading_newline(text: str) -> None:
    markup = render("<pre>", text, "</pre>")
    assert structure(markup) == [("pre", ())]
    assert text_of(markup, "pre") == text


@PROPERTY
@given(text_lists)
def test_lists_of_templates_round_trip(items: list[str]) -> None:
    markup = render("<ul>", [t"<li>{item}</li>" for item in items], "</ul>")
    assert structure(markup) == [("ul", ())] + [("li", ())] * len(items)
    assert [text_of(markup, "ul")] == ["".join(items)]


@PROPERTY
@given(mixed_texts, st.sampled_from(["title", "textarea"]))
@example("</title><script>alert(1)</script>", "title")
@example("</textarea><img src=x onerror=alert(1)>", "textarea")
@example("\nstarts with a newline", "textarea")  # the parser drops one (13.2.6.4.7)
def test_rcdata_round_trips(text: str, element: str) -> None:
    markup = render(f"<{element}>", text, f"</{element}><i>end</i>")
    assert structure(markup) == [(element, ()), ("i", ())]
    assert text_of(markup, element) == text


@PROPERTY
@given(mixed_texts)
@example("--><script>alert(1)</script>")
@example("--!>")
def test_no_text_ends_a_comment(text: str) -> None:
    markup = render("<!-- ", text, " --><i>end</i>")
    assert structure(markup) == [("i", ())]
    assert len(comments(markup)) == 1


# -- attribute values -----------------------------------------------------------------------------

ATTRIBUTE_POSITIONS = st.sampled_from(
    [
        ('<p title="', '">', "{}"),
        ("<p title='", "'>", "{}"),
        ("<p title=", ">", "{}"),
        ('<p title="a ', ' b">', "a {} b"),
        ("<p title='", " '>", "{} "),
        ("<p title=x", ">", "x{}"),
        ('<p id=i title="', '" lang=en>', "{}"),
    ]
)


@PROPERTY
@given(mixed_texts, ATTRIBUTE_POSITIONS)
@example('" onmouseover="alert(1)', ('<p title="', '">', "{}"))
@example("' onmouseover='alert(1)", ("<p title='", "'>", "{}"))
@example("x onmouseover=alert(1)", ("<p title=", ">", "{}"))
@example("><script>alert(1)</script>", ("<p title=", ">", "{}"))
def test_attribute_values_round_trip(text: str, position: tuple[str, str, str]) -> None:
    before, after, shape = position
    markup = render(before, text, after + "<i>end</i>")
    assert structure(markup) == structure(render(before, "x", after + "<i>end</i>"))
    assert find(markup, "p").attrib["title"] == shape.format(text)


@PROPERTY
@given(text_lists)
def test_lists_in_attribute_values_round_trip(items: list[str]) -> None:
    markup = render('<p title="', items, '">')
    assert structure(markup) == [("p", ("title",))]
    assert find(markup, "p").attrib["title"] == " ".join(item for item in items if item)


@PROPERTY
@given(text_lists)
def test_class_lists_round_trip(items: list[str]) -> None:
    markup = render("<p class=", items, ">")
    expected = " ".join(item for item in items if item)
    if expected:
        assert structure(markup) == [("p", ("class",))]
        assert find(markup, "p").attrib["class"] == expected
    else:
        assert structure(markup) == [("p", ())]


# -- spreads --------------------------------------------------------------------------------------

_ASCII_UPPER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

attribute_names = st.one_of(
    st.text(TEXT_CHARACTERS, max_size=12),
    st.text(st.one_of(st.sampled_from("abcXYZ-_:."), st.sampled_from(SPECIAL)), max_size=8),
    st.sampled_from(
        [
            "id",
            "ID",
            "class",
            "style",
            "href",
            "src",
            "data",
            "aria",
            "onclick",
            "srcdoc",
            "x onload=alert(1) y",
            "a=b",
            "on",
            "xmlns",
        ]
    ),
)
attribute_values = st.text(st.sampled_from("abcdef"), min_size=1, max_size=5)


@settings(max_examples=300)
@given(st.dictionaries(attribute_names, attribute_values, max_size=6))
@example({"x onload=alert(1) y": "a"})
@example({"a": "b", "A": "c"})
def test_spread_keys_are_exactly_the_attributes(attrs: dict[str, str]) -> None:
    try:
        markup = render("<p ", attrs, "><i>end</i></p>")
    except RenderError:
        return
    # the tokenizer lower-cases ASCII letters only (13.2.5.33)
    expected = {name.translate(_ASCII_UPPER) for name in attrs}
    ((element, attributes), end) = structure(markup)
    assert (element, end) == ("p", ("i", ()))
    assert set(attributes) == expected
    assert not any(name.startswith("on") for name in attributes)


# -- URLs -----------------------------------------------------------------------------------------

# What the URL parser ignores before and inside a scheme, to spell javascript: in many ways.
_INVISIBLE = st.sampled_from(["\t", "\n", "\r"])
_LEADING = st.text(st.sampled_from([chr(c) for c in range(0x21)]), max_size=3)


@st.composite
def obfuscated_schemes(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from([s.rstrip(":") for s in DANGEROUS_SCHEMES]))
    letters = []
    for letter in scheme:
        letters.append(letter.upper() if draw(st.booleans()) else letter)
        letters.append(draw(st.text(_INVISIBLE, max_size=1)))
    payload = draw(st.sampled_from(["alert(1)", "//%0aalert(1)", "text/html,<script>x</script>"]))
    return draw(_LEADING) + "".join(letters) + draw(st.text(_INVISIBLE, max_size=1)) + ":" + payload


urls = st.one_of(
    obfuscated_schemes(),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=20),
    st.text(st.sampled_from("javscript:/?#&;\t\n\r \x00\x01"), max_size=16),
)

URL_POSITIONS = st.sampled_from(
    [
        ("<a href=", ">"),
        ('<a href="', '">'),
        ("<a href='", "'>"),
        ('<a id=x href="', '#top">'),
        ('<img src="', '">'),
        ("<form action=", ">"),
    ]
)


@settings(max_examples=300)
@given(urls, URL_POSITIONS)
@example("javascript:alert(1)", ("<a href=", ">"))
@example("\x01 java\tscript\n:alert(1)", ('<a href="', '">'))
def test_url_values_never_run_code(url: str, position: tuple[str, str]) -> None:
    before, after = position
    markup = render(before, url, after)
    ((element, attributes),) = structure(markup)
    node = find(markup, element)
    name = {"a": "href", "img": "src", "form": "action"}[element]
    assert not runs_code(node.attrib[name]), markup
    assert not any(attribute.startswith("on") for attribute in attributes)


@settings(max_examples=200)
@given(urls)
def test_url_values_from_spreads_never_run_code(url: str) -> None:
    attrs = {"href": url, "formaction": url, "data-src": url}
    markup = render("<a ", attrs, ">")
    node = find(markup, "a")
    assert set(node.attrib) == {"href", "formaction", "data-src"}
    assert not any(runs_code(value) for value in node.attrib.values()), markup


# -- JavaScript strings: the value stays inside the literal and reads back as itself ---------------

JS_STRING_POSITIONS = st.sampled_from(
    [
        ("<script>a = '", "';</script><i>end</i>", "script", None, "a = '", "';"),
        ('<script>a = "', '";</script><i>end</i>', "script", None, 'a = "', '";'),
        ("<script>a = `", "`;</script><i>end</i>", "script", None, "a = `", "`;"),
        ("<b onclick=\"f('", "')\">x</b><i>end</i>", "b", "onclick", "f('", "')"),
    ]
)


@PROPERTY
@given(mixed_texts, JS_STRING_POSITIONS)
@example("';alert(1);//", ("<script>a = '", "';</script><i>end</i>", "script", None, "a = '", "';"))
@example("${alert(1)}`", ("<script>a = `", "`;</script><i>end</i>", "script", None, "a = `", "`;"))
def test_javascript_strings_round_trip(
    text: str, position: tuple[str, str, str, str | None, str, str]
) -> None:
    before, after, tag, attribute, opening, closing = position
    markup = render(before, text, after)
    assert [tag, "i"] == [name for name, _ in structure(markup)]
    node = find(markup, tag)
    code = (node.text if attribute is None else node.attrib[attribute]) or ""
    assert code.startswith(opening)
    assert code.endswith(closing)
    content = code[len(opening) : -len(closing)]
    assert not set(content) & set("'\"`$<>&\n\r\u2028\u2029")
    assert text == json.loads(f'"{content}"')  # every escape js_string writes is JSON's too


# -- CSS: values stay in their declaration, strings read back as themselves -----------------------

_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}) ?")


@PROPERTY
@given(mixed_texts)
@example("red; } body { color: blue")
@example("x</style><script>alert(1)</script>")
def test_css_values_stay_in_their_declaration(text: str) -> None:
    markup = render("<style>p { color: ", text, " }</style><i>end</i>")
    assert ["style", "i"] == [name for name, _ in structure(markup)]
    css = find(markup, "style").text or ""
    assert css.startswith("p { color: ")
    assert css.endswith(" }")
    value = css[len("p { color: ") : -len(" }")].strip()
    assert value in (UNSAFE_CSS, text.strip())
    assert not set(value) & set(";{}<>\\\"'@")


@PROPERTY
@given(mixed_texts)
def test_css_strings_round_trip(text: str) -> None:
    markup = render("<style>p::after { content: '", text, "' }</style><i>end</i>")
    assert ["style", "i"] == [name for name, _ in structure(markup)]
    css = find(markup, "style").text or ""
    content = css[len("p::after { content: '") : -len("' }")]
    assert not set(content) & set("'\"<>&\n")
    assert text == _CSS_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), content)


@PROPERTY
@given(mixed_texts)
def test_style_attribute_values_stay_in_their_declaration(text: str) -> None:
    markup = render('<p style="color: ', text, '; margin: 0">x</p>')
    assert [("p", ("style",))] == structure(markup)
    style = find(markup, "p").attrib["style"]
    value = style.removeprefix("color: ").removesuffix("; margin: 0")
    assert style == f"color: {value}; margin: 0"
    assert value.strip() in (UNSAFE_CSS, text.strip())
