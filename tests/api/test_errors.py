"""The full text of every error htmltemplates raises (errors are user interface).

Each row of ``MESSAGES`` is one way to reach one anchor of docs/errors.md. The expected message
is written out line by line; ``CALLER`` stands for the ``  FILE, line N`` line, which is built
from ``error.caller`` (and checked to name this file).
"""

# The project writes `assert expected == actual` (expected first), which SIM300 calls Yoda.

import ast
import asyncio
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from string.templatelib import Interpolation, Template

import pytest
from markupsafe import Markup

from htmltemplates import (
    RenderError,
    TemplateError,
    TemplateSyntaxError,
    TrustedResourceURL,
    TrustedURL,
    html,
    html_async,
    stream_html,
)
from htmltemplates.errors import ErrorCode, Location

# The values the templates below interpolate. Their names are part of the expected messages.
tag = "p"
x = "v"
attrs = {"a": 1}
d = {"k": 1}
b = b"x"
up = "../up.js"
js = "[alert(1)]"
hooks = {"init": "v"}
js_url = " JS:alert(1)"

SCRIPT_MARKUP_FIX = (
    "Inside <svg> and <math> the tags in a <script> or <style> are parsed as elements, and a "
    "template cannot know where it will be rendered, so every <script> and <style> keeps '<' "
    "directly followed by a letter, '/', '!' or '?' out of its text before a value: write '<' "
    "in a JavaScript string as \\x3C ('\\x3Cb>'; \\\\x3C in a t-string that is not raw), "
    "build the markup from pieces ('<' + 'b>') or pass it as a value (const row = {markup};), "
    "and write comparisons with spaces (a < b). See docs/errors.md#script-markup "
    "(python -m htmltemplates doc script-markup)."
)
META_FIX = (
    "Its content can redirect the page, set cookies or change the page's security policy: write "
    "the tag in the template. Only a refresh's URL may come from a value: "
    '<meta http-equiv="refresh" content="0; url={url}">. See docs/errors.md#refused-attribute '
    "(python -m htmltemplates doc refused-attribute)."
)
SCRIPT_VALUE_FIX = (
    "Put the hole where an expression goes (const user = {{user}};), where the value is written "
    "as a JavaScript literal, or inside a string or template literal ('Hello, {{name}}'), where "
    "it is escaped as text. Comments, regular expressions and tagged templates take no values. "
    "See docs/errors.md#{anchor} (python -m htmltemplates doc {anchor})."
)
CSS_FIX = (
    "Values go in CSS property values (color: {c}), strings and url()s; selectors, property "
    "names, at-rules, comments and '!important' are written in the template. For whole "
    "declarations, use style={dict} on the element. See docs/errors.md#css "
    "(python -m htmltemplates doc css)."
)


class BadHtml:
    def __html__(self) -> object:
        return 42


CALLER = "<caller>"  # replaced by f"  {error.caller}"
TEMPLATE = "<template>"  # replaced by f"  template: {error.written_at}"
THIS_FILE = "test_errors.py, line "

TAG_NAME_FIX = (
    "Write the tag name in the template, or make the whole name a component: <{Card} />. "
    "See docs/errors.md#tag-name "
    "(python -m htmltemplates doc tag-name)."
)
ATTRIBUTE_NAME_FIX = (
    "Write the attribute name in the template (name={value}), or spread a dict of attributes "
    "with whitespace around it: <a {attrs} id=x>. See docs/errors.md#attribute-name "
    "(python -m htmltemplates doc attribute-name)."
)
MARKUP_DECLARATION_FIX = (
    "Keep comments (<!-- {x} -->) and doctypes complete in the template text. "
    "See docs/errors.md#markup-declaration "
    "(python -m htmltemplates doc markup-declaration)."
)
RCDATA_END_TAG_FIX = (
    "Put a space between '<' and the interpolation. See docs/errors.md#end-tag "
    "(python -m htmltemplates doc end-tag)."
)
COMMENT_FIX = (
    "Put a space between the interpolation and the '-' or '>' next to it. "
    "See docs/errors.md#comment "
    "(python -m htmltemplates doc comment)."
)
CLOSE_TAG_FIX = (
    "Close the tag with '>'. See docs/errors.md#unclosed (python -m htmltemplates doc unclosed)."
)
CLOSE_QUOTE_FIX = (
    "Close the quote. See docs/errors.md#unclosed (python -m htmltemplates doc unclosed)."
)
SCHEME_FIX = (
    "Fix the scheme in the template (https://...), or interpolate the whole URL as one value. "
    "See docs/errors.md#url-scheme "
    "(python -m htmltemplates doc url-scheme)."
)
DANGEROUS_SCHEME_FIX = (
    "Nothing may be interpolated into javascript:, vbscript: or data: URLs: interpolate the "
    "whole URL as one value. See docs/errors.md#url-scheme "
    "(python -m htmltemplates doc url-scheme)."
)
JAVASCRIPT_URL_FIX = (
    "Nothing may be interpolated into a javascript: URL. Run the code from an event handler, "
    'where values are written as JavaScript (onclick="go({id})", hx-on:click, @click), or put '
    "the value in a data attribute the script reads (data-id={id}, this.dataset.id) and keep "
    "the code static. See docs/errors.md#url-scheme (python -m htmltemplates doc url-scheme)."
)
DICT_IN_TEXT_FIX = (
    "Interpolate a string, a template or a list of them; to render a dict as attributes, "
    "spread it inside a tag: <a {attrs}>. See docs/errors.md#dict-in-text "
    "(python -m htmltemplates doc dict-in-text)."
)
BYTES_FIX = (
    "Decode the bytes to a str first. See docs/errors.md#bytes (python -m htmltemplates doc bytes)."
)
SPREAD_NAME_FIX = (
    "Attribute names from data may not be empty or contain whitespace, quotes, "
    "'=', '<', '>', '/' or control characters. See docs/errors.md#spread-name "
    "(python -m htmltemplates doc spread-name)."
)
SPREAD_VALUE_FIX = (
    "Write it in the template: event handlers, attributes a framework runs as JavaScript "
    "(hx-on:*, x-data, @click, :href, x-html), and attributes that change how other content is "
    "read (http-equiv, attributeName, xmlns, a script's type), never come from data. "
    "See docs/errors.md#spread-name "
    "(python -m htmltemplates doc spread-name)."
)
REFUSED_FIX = (
    "The {name} attribute {reason}: write its value in the template. "
    "See docs/errors.md#refused-attribute "
    "(python -m htmltemplates doc refused-attribute)."
)


SRCDOC_REASON = "is a whole HTML document, which needs its own escaping (issue #3)"
SRCSET_REASON = "is a list of URLs, each of which needs filtering (issue #3)"
TYPE_REASON = "decides whether the script is run, and as what language"
OTHER_REASON = "changes how the rest of the document is read"


# -- components (issue #4): the components and constants the rows at the end use ----------------

PROP_TWICE_FIX = (
    "Give each prop once; children go between the tags, or in a children prop of a tag that "
    "closes itself (<{Card} children={body} />). See docs/errors.md#component-prop "
    "(python -m htmltemplates doc component-prop)."
)
SPREAD_PROPS_FIX = (
    "Spread a mapping of prop names to values (a dict), or None for none. "
    "See docs/errors.md#component-spread "
    "(python -m htmltemplates doc component-spread)."
)


# templates whose end is uncertain once inside another template (nested-end)
TITLE_MARKUP = t"<title><a onclick='/*</title>"
OLD_SCRIPT = t"<script><!--<script>x()</script>"
OPEN_SVG = t'<svg viewBox="0 0 8 8"><g>'


def Card(*, title: str, children: Template, tone: str = "plain") -> Template:  # noqa: N802
    return t"<h2>{title}</h2>{children}"


def Badge(*, label: str) -> Template:  # noqa: N802
    return t"<b>{label}</b>"


def Counter(*, label: str, count: int = 0, step: float | None = None) -> Template:  # noqa: N802
    return t"<b>{label}: {count} {step}</b>"


def Pair(*, a: str, b: str) -> str:  # noqa: N802
    return a + b


def Empty() -> str:  # noqa: N802
    return ""


def positional(a: str, /) -> str:
    return a


async def fetch_name() -> str:
    return "Brian"


def itself() -> object:
    return itself


deep: list[object] = []
for _ in range(300):
    deep = [deep]
looped: list[object] = ["a"]
looped.append(looped)
huge = 10**5000
text = "line one\nline two"


def nested_templates(depth: int) -> Template:
    inner = t"x"
    for _ in range(depth):
        inner = t"<b>{inner}</b>"
    return inner


ASYNC_FIX = (
    "Render with await html_async(...) or stream_html_async(...), which await values in "
    "element content; elsewhere (an attribute, a <script>, a prop), await it first and "
    "interpolate the result (url = await fetch_url()). See docs/errors.md#async-value "
    "(python -m htmltemplates doc async-value)."
)
TOO_DEEP_FIX = (
    "Data in a value may nest 200 levels (lists, tuples, dicts); templates as deep as the "
    "recursion limit allows. Flatten deep data, or render a tree level by level with a depth "
    "limit of your own. See docs/errors.md#too-deep "
    "(python -m htmltemplates doc too-deep)."
)
BIG_INT_FIX = (
    "Python limits the conversion of ints to text, which takes time quadratic in their length "
    "(sys.set_int_max_str_digits()). Check the number's size, or format it yourself (a str of "
    "its digits, or f'{n:.3e}' of a float). See docs/errors.md#big-int "
    "(python -m htmltemplates doc big-int)."
)


def message(error: TemplateError, lines: list[str]) -> str:
    """The expected message: ``lines`` with CALLER replaced by the error's caller line, and
    TEMPLATE by the line of the template literal."""
    shown = {CALLER: f"  {error.caller}", TEMPLATE: f"  template: {error.written_at}"}
    return "\n".join(shown.get(line, line) for line in lines)


def raised(render: Callable[[], object]) -> TemplateError:
    with pytest.raises(TemplateError) as info:
        render()
    return info.value


MESSAGES = [
    # -- tag-name ------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<p{tag}>"),
        TemplateSyntaxError,
        "tag-name",
        [
            "interpolation inside a tag name",
            "",
            "    <p{tag}>",
            "      ^^^^^",
            CALLER,
            "",
            TAG_NAME_FIX,
        ],
        id="tag-name-whole",
    ),
    pytest.param(
        lambda: html(t"<h{x}>"),
        TemplateSyntaxError,
        "tag-name",
        [
            "interpolation inside a tag name",
            "",
            "    <h{x}>",
            "      ^^^",
            CALLER,
            "",
            TAG_NAME_FIX,
        ],
        id="tag-name-part",
    ),
    pytest.param(
        lambda: html(t"<p></p{x}>"),
        TemplateSyntaxError,
        "tag-name",
        [
            "interpolation inside a tag name",
            "",
            "    <p></p{x}>",
            "          ^^^",
            CALLER,
            "",
            TAG_NAME_FIX,
        ],
        id="tag-name-end-tag-name",
    ),
    # -- attribute-name: the three spellings ---------------------------------------------------
    pytest.param(
        lambda: html(t"<p {x}=1>"),
        TemplateSyntaxError,
        "attribute-name",
        [
            "interpolation inside an attribute name",
            "",
            "    <p {x}=1>",
            "       ^^^",
            CALLER,
            "",
            ATTRIBUTE_NAME_FIX,
        ],
        id="attribute-name-whole",
    ),
    pytest.param(
        lambda: html(t"<p data-{x}=1>"),
        TemplateSyntaxError,
        "attribute-name",
        [
            "interpolation inside an attribute name",
            "",
            "    <p data-{x}=1>",
            "            ^^^",
            CALLER,
            "",
            ATTRIBUTE_NAME_FIX,
        ],
        id="attribute-name-suffix",
    ),
    pytest.param(
        lambda: html(t"<p {x}y>"),
        TemplateSyntaxError,
        "attribute-name",
        [
            "interpolation inside an attribute name",
            "",
            "    <p {x}y>",
            "       ^^^",
            CALLER,
            "",
            ATTRIBUTE_NAME_FIX,
        ],
        id="attribute-name-prefix",
    ),
    # -- markup-declaration --------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<!doctype {x}>"),
        TemplateSyntaxError,
        "markup-declaration",
        [
            "interpolation inside a markup declaration",
            "",
            "    <!doctype {x}>",
            "              ^^^",
            CALLER,
            "",
            MARKUP_DECLARATION_FIX,
        ],
        id="markup-declaration-doctype",
    ),
    pytest.param(
        lambda: html(t"<?{x}?>"),
        TemplateSyntaxError,
        "markup-declaration",
        [
            "interpolation inside a markup declaration",
            "",
            "    <?{x}?>",
            "      ^^^",
            CALLER,
            "",
            MARKUP_DECLARATION_FIX,
        ],
        id="markup-declaration-processing-instruction",
    ),
    pytest.param(
        lambda: html(t"<!{x}"),
        TemplateSyntaxError,
        "markup-declaration",
        [
            "interpolation inside a markup declaration",
            "",
            "    <!{x}",
            "      ^^^",
            CALLER,
            "",
            MARKUP_DECLARATION_FIX,
        ],
        id="markup-declaration-after-bang",
    ),
    pytest.param(
        lambda: html(t"<!-{x}-->"),
        TemplateSyntaxError,
        "markup-declaration",
        [
            "interpolation inside a markup declaration",
            "",
            "    <!-{x}-->",
            "       ^^^",
            CALLER,
            "",
            MARKUP_DECLARATION_FIX,
        ],
        id="markup-declaration-half-comment-opener",
    ),
    # -- rcdata-markup ------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<svg><title><a href={x}>t</a></title></svg>"),
        TemplateSyntaxError,
        "rcdata-markup",
        [
            "interpolation after markup written in <title>, which holds text",
            "",
            "    <svg><title><a href={x}>t</a></title></svg>",
            "                        ^^^",
            CALLER,
            "",
            "<title> shows its content as text: keep tags out of it, or interpolate nothing "
            "after it in this template. See docs/errors.md#rcdata-markup "
            "(python -m htmltemplates doc rcdata-markup).",
        ],
        id="rcdata-markup",
    ),
    pytest.param(
        lambda: html(t'<svg><title><a title="a > b" href={x}>t</a></title></svg>'),
        TemplateSyntaxError,
        "rcdata-markup",
        [
            "interpolation after markup written in <title>, which holds text",
            "",
            '    <svg><title><a title="a > b" href={x}>t</a></title></svg>',
            "                                      ^^^",
            CALLER,
            "",
            "<title> shows its content as text: keep tags out of it, or interpolate nothing "
            "after it in this template. See docs/errors.md#rcdata-markup "
            "(python -m htmltemplates doc rcdata-markup).",
        ],
        id="rcdata-markup-quoted-gt",
    ),
    # -- nested-end ----------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<svg>{TITLE_MARKUP}<text>{x}</text></svg>"),
        TemplateSyntaxError,
        "nested-end",
        [
            "a template whose end is uncertain is rendered inside <svg>, <math> or <select> of "
            "another template: it has markup written in <title>, which holds text",
            "",
            "    <title><a onclick='/*</title>",
            "    ^",
            CALLER,
            "",
            "Browsers may end it elsewhere than it seems there and read the outer template's next "
            "values in another context (docs/errors.md#rcdata-markup says why). Take that text out "
            "of it, or render this template on its own with html(). See "
            "docs/errors.md#nested-end (python -m htmltemplates doc nested-end).",
        ],
        id="nested-end-in-svg",
    ),
    pytest.param(
        lambda: html(t"<p>{OLD_SCRIPT}{x}</p>"),
        TemplateSyntaxError,
        "nested-end",
        [
            "a template whose end is uncertain is rendered inside another template: it has a "
            "<script> whose body holds '<!--' and '<script'",
            "",
            "    <script><!--<script>x()</script>",
            "    ^",
            CALLER,
            "",
            "Browsers may end it elsewhere than it seems there and read the outer template's next "
            "values in another context (docs/errors.md#script-comment says why). Take that text "
            "out of it, or render this template on its own with html(). See "
            "docs/errors.md#nested-end (python -m htmltemplates doc nested-end).",
        ],
        id="nested-end-anywhere",
    ),
    pytest.param(
        lambda: html(t"<p>{OPEN_SVG}<b>{x}</b></p>"),
        TemplateSyntaxError,
        "nested-end",
        [
            "a template that leaves <svg> open is rendered inside another template",
            "",
            '    <svg viewBox="0 0 8 8"><g>',
            "    ^",
            CALLER,
            "",
            "Close <svg> in the template that opens it: the values that follow in the outer "
            "template would be in <svg>, where its scan cannot see them. See "
            "docs/errors.md#nested-end (python -m htmltemplates doc nested-end).",
        ],
        id="nested-end-open-svg",
    ),
    # -- noscript ------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<noscript><!-- </noscript><a title={x}> --></noscript>"),
        TemplateSyntaxError,
        "noscript",
        [
            "interpolation after '</noscript' written inside a comment, an attribute value or text",
            "",
            "    <noscript><!-- </noscript><a title={x}> --></noscript>",
            "                                       ^^^",
            CALLER,
            "",
            "Remove that '</noscript': browsers that run scripts end a <noscript> element "
            "there, and read what follows as markup. See docs/errors.md#noscript "
            "(python -m htmltemplates doc noscript).",
        ],
        id="noscript",
    ),
    # -- script-value, js-value ---------------------------------------------------------------
    pytest.param(
        lambda: html(t"<script>const s = /a{x}/;</script>"),
        TemplateSyntaxError,
        "script-value",
        [
            "interpolation inside a regular expression in <script>",
            "",
            "    <script>const s = /a{x}/;</script>",
            "                        ^^^",
            CALLER,
            "",
            SCRIPT_VALUE_FIX.format(anchor="script-value"),
        ],
        id="script-value",
    ),
    pytest.param(
        lambda: html(t"<script>f({b})</script>"),
        RenderError,
        "js-value",
        [
            "no JavaScript literal for a value in <script>: bytes is not JSON data",
            "",
            "    <script>f({b})</script>",
            "              ^^^",
            CALLER,
            "",
            "Interpolate str, int, float (finite), bool, None, or lists and str-keyed dicts of "
            "them; convert other objects first (a dataclass with dataclasses.asdict()). "
            "See docs/errors.md#js-value "
            "(python -m htmltemplates doc js-value).",
        ],
        id="js-value",
    ),
    # -- script-comment ------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<script><!-- document.write('<script src=/a.js></script>') --></script>{x}"),
        TemplateSyntaxError,
        "script-comment",
        [
            "interpolation after a <script> whose body holds '<!--' and '<script'",
            "",
            "    ...cript><!-- document.write('<script src=/a.js></script>') --></script>{x}",
            "                                                                            ^^^",
            CALLER,
            "",
            "Remove the HTML comment markers from the script: after '<!--', browsers read "
            "'<script' as a nested script and end the element later than it seems. "
            "See docs/errors.md#script-comment "
            "(python -m htmltemplates doc script-comment).",
        ],
        id="script-comment",
    ),
    # -- script-markup -------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<svg><script><a href={x}></a></script></svg>"),
        TemplateSyntaxError,
        "script-markup",
        [
            "interpolation after markup written in <script>",
            "",
            "    <svg><script><a href={x}></a></script></svg>",
            "                         ^^^",
            CALLER,
            "",
            SCRIPT_MARKUP_FIX,
        ],
        id="script-markup",
    ),
    pytest.param(
        lambda: html(t"<script>s = '<b>';</script><p>{x}</p>"),
        TemplateSyntaxError,
        "script-markup",
        [
            "interpolation after markup written in <script>",
            "",
            "    <script>s = '<b>';</script><p>{x}</p>",
            "                                  ^^^",
            CALLER,
            "",
            SCRIPT_MARKUP_FIX,
        ],
        id="script-markup-after",
    ),
    # -- cdata ---------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<svg><![CDATA[ a > b ]]><text>{x}</text></svg>"),
        TemplateSyntaxError,
        "cdata",
        [
            "interpolation after a CDATA section",
            "",
            "    <svg><![CDATA[ a > b ]]><text>{x}</text></svg>",
            "                                  ^^^",
            CALLER,
            "",
            "<![CDATA[...]]> is a comment in HTML but text in <svg> and <math>, and the two end "
            "in different places: write the text escaped instead, or interpolate nothing after "
            "it in this template. See docs/errors.md#cdata "
            "(python -m htmltemplates doc cdata).",
        ],
        id="cdata",
    ),
    # -- reference -----------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<button onclick=\"f('&{x}')\">"),
        TemplateSyntaxError,
        "reference",
        [
            "interpolation right after '&' in the onclick attribute, where a value could complete "
            "a character reference",
            "",
            "    <button onclick=\"f('&{x}')\">",
            "                         ^^^",
            CALLER,
            "",
            "Put a space between '&' and the interpolation, or write the '&' as '&amp;'. "
            "See docs/errors.md#reference "
            "(python -m htmltemplates doc reference).",
        ],
        id="reference",
    ),
    # -- end-tag -------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<p></p {x}>"),
        TemplateSyntaxError,
        "end-tag",
        [
            "interpolation inside the end tag </p>",
            "",
            "    <p></p {x}>",
            "           ^^^",
            CALLER,
            "",
            "End tags take no values; write the end tag out. See docs/errors.md#end-tag "
            "(python -m htmltemplates doc end-tag).",
        ],
        id="end-tag",
    ),
    pytest.param(
        lambda: html(t"<title></{x}</title>"),
        TemplateSyntaxError,
        "end-tag",
        [
            "interpolation that could complete an end tag inside <title>",
            "",
            "    <title></{x}</title>",
            "             ^^^",
            CALLER,
            "",
            RCDATA_END_TAG_FIX,
        ],
        id="end-tag-rcdata-after-slash",
    ),
    pytest.param(
        lambda: html(t"<textarea><tex{x}</textarea>"),
        TemplateSyntaxError,
        "end-tag",
        [
            "interpolation that could complete an end tag inside <textarea>",
            "",
            "    <textarea><tex{x}</textarea>",
            "                  ^^^",
            CALLER,
            "",
            RCDATA_END_TAG_FIX,
        ],
        id="end-tag-rcdata-after-letters",
    ),
    # -- comment -------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<!--{x}>"),
        TemplateSyntaxError,
        "comment",
        [
            "interpolation where an empty value would end the comment",
            "",
            "    <!--{x}>",
            "        ^^^",
            CALLER,
            "",
            COMMENT_FIX,
        ],
        id="comment-right-after-opener",
    ),
    pytest.param(
        lambda: html(t"<!-- -{x}->"),
        TemplateSyntaxError,
        "comment",
        [
            "interpolation where an empty value would end the comment",
            "",
            "    <!-- -{x}->",
            "          ^^^",
            CALLER,
            "",
            COMMENT_FIX,
        ],
        id="comment-between-dashes",
    ),
    # -- unclosed ------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<p>{x}</p><p"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside the tag <p>",
            "",
            "    <p>{x}</p><p",
            "              ^",
            CALLER,
            "",
            CLOSE_TAG_FIX,
        ],
        id="unclosed-tag",
    ),
    pytest.param(
        lambda: html(t"<p>{x}</p"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside the end tag </p>",
            "",
            "    <p>{x}</p",
            "          ^^",
            CALLER,
            "",
            CLOSE_TAG_FIX,
        ],
        id="unclosed-end-tag",
    ),
    pytest.param(
        lambda: html(t'<p class="{x}'),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside a double-quoted class attribute value of <p>",
            "",
            '    <p class="{x}',
            "             ^",
            CALLER,
            "",
            CLOSE_QUOTE_FIX,
        ],
        id="unclosed-double-quote",
    ),
    pytest.param(
        lambda: html(t"<p>{x}</p><p title='a"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside a single-quoted attribute value (title) of <p>",
            "",
            "    <p>{x}</p><p title='a",
            "                       ^",
            CALLER,
            "",
            CLOSE_QUOTE_FIX,
        ],
        id="unclosed-single-quote",
    ),
    pytest.param(
        lambda: html(t"<p title={x}"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside an unquoted attribute value (title) of <p>",
            "",
            "    <p title={x}",
            "    ^",
            CALLER,
            "",
            # an unquoted value has no quote to close: the tag is what is left open
            CLOSE_TAG_FIX,
        ],
        id="unclosed-unquoted-value",
    ),
    pytest.param(
        lambda: html(t'<p title="{x}"'),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside the tag <p>",
            "",
            '    <p title="{x}"',
            # the tag is open, not the quote (which is closed): the caret is under the tag
            "    ^",
            CALLER,
            "",
            CLOSE_TAG_FIX,
        ],
        id="unclosed-tag-after-quoted-value",
    ),
    pytest.param(
        lambda: html(t"<!-- {x}"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside a comment",
            "",
            "    <!-- {x}",
            "    ^^^^",
            CALLER,
            "",
            "Close the comment with -->. See docs/errors.md#unclosed "
            "(python -m htmltemplates doc unclosed).",
        ],
        id="unclosed-comment",
    ),
    pytest.param(
        lambda: html(t"<title>{x}"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside <title>",
            "",
            "    <title>{x}",
            "    ^",
            CALLER,
            "",
            "Close it with </title>. See docs/errors.md#unclosed "
            "(python -m htmltemplates doc unclosed).",
        ],
        id="unclosed-title",
    ),
    pytest.param(
        lambda: html(t"<textarea>{x}</textarea"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside <textarea>",
            "",
            "    <textarea>{x}</textarea",
            "    ^",
            CALLER,
            "",
            "Close it with </textarea>. See docs/errors.md#unclosed "
            "(python -m htmltemplates doc unclosed).",
        ],
        id="unclosed-textarea",
    ),
    pytest.param(
        lambda: html(t"<p>{x}</p><script>go()"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside <script>",
            "",
            "    <p>{x}</p><script>go()",
            "              ^",
            CALLER,
            "",
            "Close it with </script>. See docs/errors.md#unclosed "
            "(python -m htmltemplates doc unclosed).",
        ],
        id="unclosed-script",
    ),
    pytest.param(
        lambda: html(t"<p>{x}</p><!doctype html"),
        TemplateSyntaxError,
        "unclosed",
        [
            "the template ends inside a markup declaration (<!...> or <?...>)",
            "",
            "    <p>{x}</p><!doctype html",
            "              ^^",
            CALLER,
            "",
            "Close it with '>'. See docs/errors.md#unclosed "
            "(python -m htmltemplates doc unclosed).",
        ],
        id="unclosed-markup-declaration",
    ),
    # -- unquoted-value ------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<p a=b'c title={x}>"),
        TemplateSyntaxError,
        "unquoted-value",
        [
            '"\'" inside an unquoted attribute value (a)',
            "",
            "    <p a=b'c title={x}>",
            "          ^",
            CALLER,
            "",
            "Quote the attribute value. See docs/errors.md#unquoted-value "
            "(python -m htmltemplates doc unquoted-value).",
        ],
        id="unquoted-value",
    ),
    pytest.param(
        lambda: html(t"<p title={x} a=x=y>"),
        TemplateSyntaxError,
        "unquoted-value",
        [
            "'=' inside an unquoted attribute value (a)",
            "",
            "    <p title={x} a=x=y>",
            "                    ^",
            CALLER,
            "",
            "Quote the attribute value. See docs/errors.md#unquoted-value "
            "(python -m htmltemplates doc unquoted-value).",
        ],
        id="unquoted-value-equals",
    ),
    # -- script-style, raw-text ----------------------------------------------------------------
    pytest.param(
        lambda: html(t'<script type="text/x-template">{x}</script>'),
        TemplateSyntaxError,
        "script-style",
        [
            "interpolation inside a <script> whose type is neither JavaScript nor JSON",
            "",
            '    <script type="text/x-template">{x}</script>',
            "                                   ^^^",
            CALLER,
            "",
            "Values are written into JavaScript and JSON scripts only; a data block "
            "(text/x-template...) has no escaping. Render the data into a JSON script "
            '(type="application/json") and read it from there. See docs/errors.md#script-style '
            "(python -m htmltemplates doc script-style).",
        ],
        id="script-style-data-block",
    ),
    pytest.param(
        lambda: html(t"<xmp>{x}</xmp>"),
        TemplateSyntaxError,
        "raw-text",
        [
            "interpolation inside <xmp>, whose content cannot be escaped",
            "",
            "    <xmp>{x}</xmp>",
            "         ^^^",
            CALLER,
            "",
            "<xmp> shows its content raw: use <pre> for preformatted text, or a static <xmp>. "
            "See docs/errors.md#raw-text "
            "(python -m htmltemplates doc raw-text).",
        ],
        id="raw-text-xmp",
    ),
    pytest.param(
        lambda: html(t"<noscript><iframe>{x}</iframe></noscript>"),
        TemplateSyntaxError,
        "raw-text",
        [
            "interpolation inside <iframe>, whose content cannot be escaped",
            "",
            "    <noscript><iframe>{x}</iframe></noscript>",
            "                      ^^^",
            CALLER,
            "",
            "<iframe> shows its content raw: use <pre> for preformatted text, or a static "
            "<iframe>. See docs/errors.md#raw-text "
            "(python -m htmltemplates doc raw-text).",
        ],
        id="raw-text-iframe",
    ),
    # -- htmx and Alpine.js attributes --------------------------------------------------------
    pytest.param(
        lambda: html(t'<button hx-on:click="go(/{x}/)">'),
        TemplateSyntaxError,
        "event-handler",
        [
            "interpolation inside a regular expression in the JavaScript attribute hx-on:click",
            "",
            '    <button hx-on:click="go(/{x}/)">',
            "                             ^^^",
            CALLER,
            "",
            SCRIPT_VALUE_FIX.format(anchor="event-handler"),
        ],
        id="event-handler-htmx",
    ),
    pytest.param(
        lambda: html(t"<div hx-vals='{{\"a\": `{x}`}}'>"),
        TemplateSyntaxError,
        "event-handler",
        [
            "interpolation inside a template literal in the JSON attribute hx-vals",
            "",
            "    <div hx-vals='{\"a\": `{x}`}'>",
            "                         ^^^",
            CALLER,
            "",
            SCRIPT_VALUE_FIX.format(anchor="event-handler"),
        ],
        id="event-handler-json",
    ),
    pytest.param(
        lambda: html(t'<a :onclick="{x}">'),
        TemplateSyntaxError,
        "refused-attribute",
        [
            "interpolation inside the :onclick attribute of <a> is not supported",
            "",
            '    <a :onclick="{x}">',
            "                 ^^^",
            CALLER,
            "",
            REFUSED_FIX.format(
                name=":onclick",
                reason="sets the attribute onclick from a JavaScript value, and onclick takes "
                "no value from JavaScript safely",
            ),
        ],
        id="refused-attribute-bound-event-handler",
    ),
    pytest.param(
        lambda: html(t'<p _="on click toggle .{x}">'),
        TemplateSyntaxError,
        "refused-attribute",
        [
            "interpolation inside the _ attribute of <p> is not supported",
            "",
            '    <p _="on click toggle .{x}">',
            "                           ^^^",
            CALLER,
            "",
            REFUSED_FIX.format(
                name="_",
                reason="is code in a language htmltemplates cannot read (a framework rule "
                "refuses it)",
            ),
        ],
        id="refused-attribute-hyperscript",
    ),
    pytest.param(
        lambda: html(t'<div x-html="<b>{x}</b>">'),
        TemplateSyntaxError,
        "html-attribute",
        [
            "interpolation inside the x-html attribute with text around it",
            "",
            '    <div x-html="<b>{x}</b>">',
            "                    ^^^",
            CALLER,
            "",
            "The value of x-html is JavaScript whose result becomes the element's HTML: give the "
            "whole value as one trusted HTML value, x-html={content} with a Template or Markup, "
            "or show text with x-text. See docs/errors.md#html-attribute "
            "(python -m htmltemplates doc html-attribute).",
        ],
        id="html-attribute-parts",
    ),
    pytest.param(
        lambda: html(t"<div x-html={x}>"),
        RenderError,
        "html-attribute",
        [
            "a str as the HTML of an x-html attribute: 'v'",
            "",
            "    <div x-html={x}>",
            "                ^^^",
            CALLER,
            "",
            "x-html writes its value into the page as HTML: pass a Template or Markup (trusted "
            "HTML), or show text with x-text={text}. See docs/errors.md#html-attribute "
            "(python -m htmltemplates doc html-attribute).",
        ],
        id="html-attribute-str",
    ),
    pytest.param(
        lambda: html(t"<a :href={attrs}>"),
        RenderError,
        "bound-url",
        [
            "a dict in a bound URL attribute: {'a': 1}",
            "",
            "    <a :href={attrs}>",
            "             ^^^^^^^",
            CALLER,
            "",
            "The framework sets the attribute to this value as a URL: interpolate a str (it is "
            "scheme-filtered like href), a TrustedURL or a number. See docs/errors.md#bound-url "
            "(python -m htmltemplates doc bound-url).",
        ],
        id="bound-url",
    ),
    pytest.param(
        lambda: html(t"<div x-data={hooks}>"),
        RenderError,
        "alpine-data",
        [
            "a dict with the key init in x-data: {'init': 'v'}",
            "",
            "    <div x-data={hooks}>",
            "                ^^^^^^^",
            CALLER,
            "",
            "Alpine runs the init of an x-data object as code: write init() and destroy() in the "
            "template, and pass data under other keys. See docs/errors.md#alpine-data "
            "(python -m htmltemplates doc alpine-data).",
        ],
        id="alpine-data-hook",
    ),
    pytest.param(
        lambda: html(t"<div x-data={x}>"),
        RenderError,
        "alpine-data",
        [
            "the whole x-data of an Alpine component must be a dict, not str: 'v'",
            "",
            "    <div x-data={x}>",
            "                ^^^",
            CALLER,
            "",
            "x-data must give an object: pass a dict (x-data={ {'open': False} }), or write the "
            'object in the template and the value inside it (x-data="{{ name: {name} }}"). '
            "See docs/errors.md#alpine-data "
            "(python -m htmltemplates doc alpine-data).",
        ],
        id="alpine-data-not-a-dict",
    ),
    pytest.param(
        lambda: html(t"<div hx-vals={x}>"),
        RenderError,
        "json-attribute",
        [
            "a str as the value of the JSON attribute hx-vals: 'v'",
            "",
            "    <div hx-vals={x}>",
            "                 ^^^",
            CALLER,
            "",
            "Pass a dict or a list: it is written as JSON (hx-vals={ {'id': 3} }). htmx reads a "
            "str as JSON, or as JavaScript after js:, so none is taken. "
            "See docs/errors.md#json-attribute "
            "(python -m htmltemplates doc json-attribute).",
        ],
        id="json-attribute",
    ),
    pytest.param(
        lambda: html(t'<div hx-trigger="keyup {js}">'),
        RenderError,
        "htmx-trigger",
        [
            "a value with '[' or ']' in the hx-trigger attribute: '[alert(1)]'",
            "",
            '    <div hx-trigger="keyup {js}">',
            "                           ^^^^",
            CALLER,
            "",
            "An event filter in brackets is JavaScript (click[ctrlKey]): write the filter in the "
            'template and put the value inside it, where it is a JavaScript literal: hx-trigger="'
            'click[key == {key}]". See docs/errors.md#htmx-trigger '
            "(python -m htmltemplates doc htmx-trigger).",
        ],
        id="htmx-trigger",
    ),
    pytest.param(
        lambda: html(t"<button hx-confirm={js_url}>"),
        RenderError,
        "js-prefix",
        [
            "a value that makes the hx-confirm attribute start like JavaScript: ' JS:alert(1)'",
            "",
            "    <button hx-confirm={js_url}>",
            "                       ^^^^^^^^",
            CALLER,
            "",
            "htmx runs a hx-confirm value that starts with js: or javascript: as JavaScript: "
            'write text before the interpolation in the template (hx-confirm="Delete {name}?"). '
            "See docs/errors.md#js-prefix "
            "(python -m htmltemplates doc js-prefix).",
        ],
        id="js-prefix",
    ),
    pytest.param(
        lambda: html(t'<button hx-confirm="{x}{x} items?">'),
        TemplateSyntaxError,
        "js-prefix",
        [
            "interpolations side by side at the start of hx-confirm",
            "",
            '    <button hx-confirm="{x}{x} items?">',
            "                           ^^^",
            CALLER,
            "",
            "htmx runs a hx-confirm value that starts with js: as JavaScript: write the start of "
            "the value in the template, or put text between the interpolations. "
            "See docs/errors.md#js-prefix "
            "(python -m htmltemplates doc js-prefix).",
        ],
        id="js-prefix-side-by-side",
    ),
    # -- event-handler -------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<button onclick="go(/{x}/)">'),
        TemplateSyntaxError,
        "event-handler",
        [
            "interpolation inside a regular expression in the event-handler attribute onclick",
            "",
            '    <button onclick="go(/{x}/)">',
            "                         ^^^",
            CALLER,
            "",
            SCRIPT_VALUE_FIX.format(anchor="event-handler"),
        ],
        id="event-handler",
    ),
    pytest.param(
        lambda: html(t"<img onError='// {x}'>"),
        TemplateSyntaxError,
        "event-handler",
        [
            "interpolation inside a comment in the event-handler attribute onerror",
            "",
            "    <img onError='// {x}'>",
            "                     ^^^",
            CALLER,
            "",
            SCRIPT_VALUE_FIX.format(anchor="event-handler"),
        ],
        id="event-handler-comment-mixed-case",
    ),
    # -- style: at parse time (a hole inside a value), at render time (a bad value) ------------
    # -- css -----------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<STYLE>{x} {{ color: red }}</style>"),
        TemplateSyntaxError,
        "css",
        [
            "interpolation inside a selector in <style>",
            "",
            "    <STYLE>{x} { color: red }</style>",
            "           ^^^",
            CALLER,
            "",
            CSS_FIX,
        ],
        id="css-selector",
    ),
    pytest.param(
        lambda: html(t'<p style="color: red !{x}">'),
        TemplateSyntaxError,
        "css",
        [
            "interpolation inside the priority of a declaration (after '!') in the style attribute",
            "",
            '    <p style="color: red !{x}">',
            "                          ^^^",
            CALLER,
            "",
            CSS_FIX,
        ],
        id="css-important",
    ),
    # -- css-value -----------------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<style>p {{ color: {d} }}</style>"),
        RenderError,
        "css-value",
        [
            "no CSS for a value in value position: a dict in a CSS value",
            "",
            "    <style>p { color: {d} }</style>",
            "                      ^^^",
            CALLER,
            "",
            "Interpolate a str or a number (a list of them in a property value); give whole "
            "declarations as a dict: style={ {'color': c} }. See docs/errors.md#css-value "
            "(python -m htmltemplates doc css-value).",
        ],
        id="css-value",
    ),
    pytest.param(
        lambda: html(t"<p style={'color red'}>"),
        RenderError,
        "style",
        [
            "a style declaration without ':': 'color red'",
            "",
            "    <p style={'color red'}>",
            "             ^^^^^^^^^^^^^",
            CALLER,
            "",
            "Write declarations as 'property: value', or pass a dict. See docs/errors.md#style "
            "(python -m htmltemplates doc style).",
        ],
        id="style-render-time-declaration",
    ),
    pytest.param(
        lambda: html(t"<p style={ {'col or': 'red'} }>"),
        RenderError,
        "style",
        [
            "'col or' is not a CSS property name",
            "",
            "    <p style={ {'col or': 'red'} }>",
            "             ^^^^^^^^^^^^^^^^^^^^^",
            CALLER,
            "",
            "Use property names such as 'color', 'margin-top' or '--my-var'. "
            "See docs/errors.md#style "
            "(python -m htmltemplates doc style).",
        ],
        id="style-render-time-property",
    ),
    # -- refused-attribute ---------------------------------------------------------------------
    # -- srcdoc --------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<iframe srcdoc="<p>{x}</p>"></iframe>'),
        TemplateSyntaxError,
        "srcdoc",
        [
            "interpolation inside a srcdoc value with text around it",
            "",
            '    <iframe srcdoc="<p>{x}</p>"></iframe>',
            "                       ^^^",
            CALLER,
            "",
            "Give the whole document as one value: srcdoc={page}, where a Template (or Markup) is "
            "rendered as HTML and a str as text. See docs/errors.md#srcdoc "
            "(python -m htmltemplates doc srcdoc).",
        ],
        id="srcdoc",
    ),
    # -- refresh -------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<meta http-equiv="refresh" content="{x}">'),
        TemplateSyntaxError,
        "refresh",
        [
            "interpolation inside the delay of a <meta http-equiv=refresh>",
            "",
            '    <meta http-equiv="refresh" content="{x}">',
            "                                        ^^^",
            CALLER,
            "",
            "Write the delay and the start of the URL in the template: "
            'content="0; url={url}". See docs/errors.md#refresh '
            "(python -m htmltemplates doc refresh).",
        ],
        id="refresh",
    ),
    pytest.param(
        lambda: html(t'<script type="{x}"></script>'),
        TemplateSyntaxError,
        "refused-attribute",
        [
            "interpolation inside the type attribute of <script> is not supported",
            "",
            '    <script type="{x}"></script>',
            "                  ^^^",
            CALLER,
            "",
            REFUSED_FIX.format(
                name="type", reason="decides whether the script is run, and as what language"
            ),
        ],
        id="refused-attribute-script-type",
    ),
    pytest.param(
        lambda: html(t'<svg xmlns:xlink="{x}"></svg>'),
        TemplateSyntaxError,
        "refused-attribute",
        [
            "interpolation inside the xmlns:xlink attribute of <svg> is not supported",
            "",
            '    <svg xmlns:xlink="{x}"></svg>',
            "                      ^^^",
            CALLER,
            "",
            REFUSED_FIX.format(
                name="xmlns:xlink", reason="changes how the rest of the document is read"
            ),
        ],
        id="refused-attribute-xmlns",
    ),
    pytest.param(
        lambda: html(t'<meta http-equiv="set-cookie" content="{x}">'),
        TemplateSyntaxError,
        "refused-attribute",
        [
            "interpolation inside a <meta http-equiv> tag",
            "",
            '    <meta http-equiv="set-cookie" content="{x}">',
            "                                           ^^^",
            CALLER,
            "",
            META_FIX,
        ],
        id="refused-attribute-meta-http-equiv",
    ),
    pytest.param(
        lambda: html(t'<meta http-equiv="refresh" {attrs}>'),
        TemplateSyntaxError,
        "refused-attribute",
        [
            "interpolation inside a <meta http-equiv> tag",
            "",
            '    <meta http-equiv="refresh" {attrs}>',
            "                               ^^^^^^^",
            CALLER,
            "",
            META_FIX,
        ],
        id="refused-attribute-meta-http-equiv-spread",
    ),
    # -- resource-url --------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<script src="//cdn.example/{x}"></script>'),
        TemplateSyntaxError,
        "resource-url",
        [
            "interpolation that could choose where <script src> loads from",
            "",
            '    <script src="//cdn.example/{x}"></script>',
            "                               ^^^",
            CALLER,
            "",
            'Start the value with a fixed origin, such as src="/static/{file}" or '
            'src="https://cdn.example/{path}", or interpolate the whole URL as a '
            "TrustedResourceURL (for a static file: static_url() of "
            "htmltemplates.integrations.flask, .quart, .starlette or .fastapi; static() of "
            "htmltemplates.integrations.django). "
            "See docs/errors.md#resource-url "
            "(python -m htmltemplates doc resource-url).",
        ],
        id="resource-url",
    ),
    # -- trusted-url ---------------------------------------------------------------------------
    pytest.param(
        lambda: TrustedResourceURL(t"{x}/app.js"),
        TemplateSyntaxError,
        "trusted-url",
        [
            "interpolation at the start of a TrustedResourceURL",
            "",
            "    {x}/app.js",
            "    ^^^",
            CALLER,
            "",
            "Begin the t-string with the fixed part of the URL (https://host/... or /path/...): "
            "a value there would choose it. For a whole URL from elsewhere use "
            "TrustedResourceURL.unchecked(). See docs/errors.md#trusted-url "
            "(python -m htmltemplates doc trusted-url).",
        ],
        id="trusted-url-start",
    ),
    pytest.param(
        lambda: TrustedResourceURL(t"http://cdn.example/{x}"),
        TemplateSyntaxError,
        "trusted-url",
        [
            "interpolation that could choose where a TrustedResourceURL loads from",
            "",
            "    http://cdn.example/{x}",
            "                       ^^^",
            CALLER,
            "",
            "Begin the t-string with an https origin and the start of a path "
            "(https://cdn.example/{path}) or with a path on this site (/static/{file}). "
            "See docs/errors.md#trusted-url "
            "(python -m htmltemplates doc trusted-url).",
        ],
        id="trusted-url-origin",
    ),
    # -- url-scheme ----------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<a href="java{x}">'),
        TemplateSyntaxError,
        "url-scheme",
        [
            "interpolation that could choose the scheme of the URL in href",
            "",
            '    <a href="java{x}">',
            "                 ^^^",
            CALLER,
            "",
            SCHEME_FIX,
        ],
        id="url-scheme-after-text",
    ),
    pytest.param(
        lambda: html(t'<a href="{x}{x}">'),
        TemplateSyntaxError,
        "url-scheme",
        [
            "interpolation that could choose the scheme of the URL in href",
            "",
            '    <a href="{x}{x}">',
            "                ^^^",
            CALLER,
            "",
            SCHEME_FIX,
        ],
        id="url-scheme-two-holes",
    ),
    pytest.param(
        lambda: html(t'<img src="{x}:8080/a.png">'),
        TemplateSyntaxError,
        "url-scheme",
        [
            "interpolation that could choose the scheme of the URL in src",
            "",
            '    <img src="{x}:8080/a.png">',
            "              ^^^",
            CALLER,
            "",
            "A value at the start of a URL may not be followed by ':'. Fix the scheme in the "
            "template (https://...) or interpolate the whole URL. See docs/errors.md#url-scheme "
            "(python -m htmltemplates doc url-scheme).",
        ],
        id="url-scheme-colon-after-hole",
    ),
    pytest.param(
        lambda: html(t'<a href="javascript:{x}">'),
        TemplateSyntaxError,
        "url-scheme",
        [
            "interpolation inside a javascript: URL in href",
            "",
            '    <a href="javascript:{x}">',
            "                        ^^^",
            CALLER,
            "",
            JAVASCRIPT_URL_FIX,
        ],
        id="url-scheme-javascript",
    ),
    pytest.param(
        lambda: html(t"<a href=' VBScript:go({x})'>"),
        TemplateSyntaxError,
        "url-scheme",
        [
            "interpolation inside a vbscript: URL in href",
            "",
            "    <a href=' VBScript:go({x})'>",
            "                          ^^^",
            CALLER,
            "",
            DANGEROUS_SCHEME_FIX,
        ],
        id="url-scheme-vbscript",
    ),
    pytest.param(
        lambda: html(t'<img src="data:image/png;base64,{x}">'),
        TemplateSyntaxError,
        "url-scheme",
        [
            "interpolation inside a data: URL in src",
            "",
            '    <img src="data:image/png;base64,{x}">',
            "                                    ^^^",
            CALLER,
            "",
            DANGEROUS_SCHEME_FIX,
        ],
        id="url-scheme-data",
    ),
    # -- untrusted-resource-url ----------------------------------------------------------------
    pytest.param(
        lambda: html(t"<script src={x}></script>"),
        RenderError,
        "untrusted-resource-url",
        [
            "a str cannot choose where the src attribute loads code from: 'v'",
            "",
            "    <script src={x}></script>",
            "                ^^^",
            CALLER,
            "",
            "Build the URL as a TrustedResourceURL from a literal or a t-string that fixes the "
            "origin: TrustedResourceURL(t'https://cdn.example/{path}'), or write the origin in "
            'the template: src="/static/{file}". For a static file, the helpers give a '
            "TrustedResourceURL: static_url('app.js') of htmltemplates.integrations.flask or "
            "htmltemplates.integrations.quart, "
            "static_url(request, 'app.js') of htmltemplates.integrations.starlette or "
            "htmltemplates.integrations.fastapi, static('app.js') of "
            "htmltemplates.integrations.django. "
            "See docs/errors.md#untrusted-resource-url "
            "(python -m htmltemplates doc untrusted-resource-url).",
        ],
        id="untrusted-resource-url",
    ),
    # -- js-string -----------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<script>const s = "Hi {b}";</script>'),
        RenderError,
        "js-string",
        [
            "no text for a JavaScript string from a value in <script>: bytes is not text; "
            "convert it to str first",
            "",
            '    <script>const s = "Hi {b}";</script>',
            "                          ^^^",
            CALLER,
            "",
            "Interpolate a str or a number inside a JavaScript string; to pass data, write the "
            "hole where an expression goes (const items = {items};). "
            "See docs/errors.md#js-string "
            "(python -m htmltemplates doc js-string).",
        ],
        id="js-string",
    ),
    # -- srcset --------------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<img srcset="/a.png {x}">'),
        RenderError,
        "srcset",
        [
            "a str as a descriptor in srcset: 'v'",
            "",
            '    <img srcset="/a.png {x}">',
            "                        ^^^",
            CALLER,
            "",
            'Descriptors are numbers: srcset="/a.png {width}w" with width an int, or write them '
            "in the template. See docs/errors.md#srcset "
            "(python -m htmltemplates doc srcset).",
        ],
        id="srcset",
    ),
    # -- dot-segment ---------------------------------------------------------------------------
    pytest.param(
        lambda: html(t'<script src="/static/{up}"></script>'),
        RenderError,
        "dot-segment",
        [
            "a value with a '.' or '..' segment in the path of the src URL: '../up.js'",
            "",
            '    <script src="/static/{up}"></script>',
            "                         ^^^^",
            CALLER,
            "",
            "A value in a URL path stays in the path the template wrote; '..' would climb out of "
            "it (/static/{file} with '../uploads/x.js'). Check or clean the value first, or put it "
            "in the query (?file={file}). See docs/errors.md#dot-segment "
            "(python -m htmltemplates doc dot-segment).",
        ],
        id="dot-segment",
    ),
    # -- trusted-url-value ---------------------------------------------------------------------
    pytest.param(
        lambda: TrustedURL(t"/files/{d}"),
        RenderError,
        "trusted-url-value",
        [
            "a dict inside a TrustedURL: values in URLs are text",
            "",
            "    /files/{d}",
            "           ^^^",
            CALLER,
            "",
            "Interpolate a str or a number (ids, slugs, file names); each is percent-encoded. "
            "See docs/errors.md#trusted-url-value "
            "(python -m htmltemplates doc trusted-url-value).",
        ],
        id="trusted-url-value",
    ),
    # -- dict-in-text, bytes -------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<p>{d}</p>"),
        RenderError,
        "dict-in-text",
        [
            "a dict where text is expected: {'k': 1}",
            "",
            "    <p>{d}</p>",
            "       ^^^",
            CALLER,
            "",
            DICT_IN_TEXT_FIX,
        ],
        id="dict-in-text",
    ),
    pytest.param(
        lambda: html(t"<p>{['a', d]}</p>"),
        RenderError,
        "dict-in-text",
        [
            "a dict where text is expected: {'k': 1}",
            "",
            "    <p>{['a', d]}</p>",
            "       ^^^^^^^^^^",
            CALLER,
            "",
            DICT_IN_TEXT_FIX,
        ],
        id="dict-in-text-inside-a-list",
    ),
    pytest.param(
        lambda: html(t"<p>{BadHtml()}</p>"),
        RenderError,
        "html-method",
        [
            "the __html__ method of BadHtml returned 42, not a str",
            "",
            "    <p>{BadHtml()}</p>",
            "       ^^^^^^^^^^^",
            CALLER,
            "",
            'Return html(t"...") (or another str of HTML) from __html__. '
            "See docs/errors.md#html-method "
            "(python -m htmltemplates doc html-method).",
        ],
        id="html-method",
    ),
    pytest.param(
        lambda: html(t"<p>{b'ab'}</p>"),
        RenderError,
        "bytes",
        [
            "bytes where text is expected: b'ab'",
            "",
            "    <p>{b'ab'}</p>",
            "       ^^^^^^^",
            CALLER,
            "",
            BYTES_FIX,
        ],
        id="bytes-in-text",
    ),
    pytest.param(
        lambda: html(t"<p title={b'x'}>"),
        RenderError,
        "bytes",
        [
            "bytes inside the value of the attribute title: b'x'",
            "",
            "    <p title={b'x'}>",
            "             ^^^^^^",
            CALLER,
            "",
            BYTES_FIX,
        ],
        id="bytes-in-attribute",
    ),
    # -- template-in-attribute, dict-value -----------------------------------------------------
    pytest.param(
        lambda: html(t'<p title="{t"<b>{x}</b>"}">'),
        RenderError,
        "template-in-attribute",
        [
            "a template inside the value of the attribute title",
            "",
            '    <p title="{t"<b>{x}</b>"}">',
            "              ^^^^^^^^^^^^^^^",
            CALLER,
            "",
            "Templates are HTML and attribute values are text: interpolate a string. "
            "See docs/errors.md#template-in-attribute "
            "(python -m htmltemplates doc template-in-attribute).",
        ],
        id="template-in-attribute",
    ),
    pytest.param(
        lambda: html(t'<p title="{d}">'),
        RenderError,
        "dict-value",
        [
            # a bad value is named by its type and a short repr, as in dict-in-text
            "a dict inside the value of the attribute title: {'k': 1}",
            "",
            '    <p title="{d}">',
            "              ^^^",
            CALLER,
            "",
            "Attribute values are text: interpolate a string, or spread a dict of attributes "
            "between attributes: <a {attrs}>. For JSON in an attribute, interpolate "
            "json.dumps(value), or declare the attribute as JSON once, so that dicts and lists "
            "are written as JSON there: attribute_rules.add('app', {'title': 'json'}). "
            "See docs/errors.md#dict-value "
            "(python -m htmltemplates doc dict-value).",
        ],
        id="dict-value",
    ),
    # -- spread, spread-name -------------------------------------------------------------------
    pytest.param(
        lambda: html(t"<p {x}>"),
        RenderError,
        "spread",
        [
            "a spread between attributes needs a mapping, not str: 'v'",
            "",
            "    <p {x}>",
            "       ^^^",
            CALLER,
            "",
            "Spread a dict of attribute names to values: <a {attrs}>. See docs/errors.md#spread "
            "(python -m htmltemplates doc spread).",
        ],
        id="spread",
    ),
    pytest.param(
        lambda: html(t"<p { {'x onload=alert(1) y': 1} }>"),
        RenderError,
        "spread-name",
        [
            "'x onload=alert(1) y' is not a valid attribute name",
            "",
            "    <p { {'x onload=alert(1) y': 1} }>",
            "       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            CALLER,
            "",
            SPREAD_NAME_FIX,
        ],
        id="spread-name-whitespace",
    ),
    pytest.param(
        lambda: html(t"<p { {'': 1} }>"),
        RenderError,
        "spread-name",
        [
            "'' is not a valid attribute name",
            "",
            "    <p { {'': 1} }>",
            "       ^^^^^^^^^^^",
            CALLER,
            "",
            SPREAD_NAME_FIX,
        ],
        id="spread-name-empty",
    ),
    pytest.param(
        lambda: html(t"<p { {1: 2} }>"),
        RenderError,
        "spread-name",
        [
            "1 is not a valid attribute name",
            "",
            "    <p { {1: 2} }>",
            "       ^^^^^^^^^^",
            CALLER,
            "",
            SPREAD_NAME_FIX,
        ],
        id="spread-name-not-a-str",
    ),
    pytest.param(
        lambda: html(t"<p { {'onclick': 'go()'} }>"),
        RenderError,
        "spread-name",
        [
            "the attribute onclick cannot take a value from data",
            "",
            "    <p { {'onclick': 'go()'} }>",
            "       ^^^^^^^^^^^^^^^^^^^^^^^",
            CALLER,
            "",
            SPREAD_VALUE_FIX,
        ],
        id="spread-name-event-handler",
    ),
    pytest.param(
        lambda: html(t"<meta { {'http-equiv': x} }>"),
        RenderError,
        "spread-name",
        [
            "the attribute http-equiv cannot take a value from data",
            "",
            "    <meta { {'http-equiv': x} }>",
            "          ^^^^^^^^^^^^^^^^^^^^^",
            CALLER,
            "",
            SPREAD_VALUE_FIX,
        ],
        id="spread-name-refused-attribute",
    ),
    # -- components (issue #4) ---------------------------------------------------------------
    pytest.param(
        lambda: html(t"<{Card}title=x />"),
        TemplateSyntaxError,
        "component-tag",
        [
            "text or an interpolation right after the component <{Card}",
            "",
            "    <{Card}title=x />",
            "           ^^^^^^^",
            CALLER,
            "",
            "Put whitespace between the component and its first prop: <{Card} title=...>. "
            "See docs/errors.md#component-tag "
            "(python -m htmltemplates doc component-tag).",
        ],
        id="component-tag-glued",
    ),
    pytest.param(
        lambda: html(t"<{Card} title=x>y</{Card} x>"),
        TemplateSyntaxError,
        "component-tag",
        [
            "text or an interpolation inside the end tag </{Card}>",
            "",
            "    <{Card} title=x>y</{Card} x>",
            "                              ^^",
            CALLER,
            "",
            "A component's end tag is </{Card}> alone. See docs/errors.md#component-tag "
            "(python -m htmltemplates doc component-tag).",
        ],
        id="component-tag-end",
    ),
    pytest.param(
        lambda: html(t"<p>a</p></{Card}>"),
        TemplateSyntaxError,
        "component-close",
        [
            "</{Card}> closes no component",
            "",
            "    <p>a</p></{Card}>",
            "              ^^^^^^",
            CALLER,
            "",
            "Remove it, or open the component before it: <{Card}>...</{Card}>. "
            "See docs/errors.md#component-close "
            "(python -m htmltemplates doc component-close).",
        ],
        id="component-close-stray",
    ),
    pytest.param(
        lambda: html(t"<{Card} title=x>y</{Badge}>"),
        TemplateSyntaxError,
        "component-close",
        [
            "</{Badge}> closes <{Card}>",
            "",
            "    <{Card} title=x>y</{Badge}>",
            "     ^^^^^^            ^^^^^^^",
            CALLER,
            "",
            "Close the component with the name it was opened with: </{Card}>; close the "
            "components inside it first. See docs/errors.md#component-close "
            "(python -m htmltemplates doc component-close).",
        ],
        id="component-close-mismatch",
    ),
    pytest.param(
        lambda: html(t"""<{Card} title=x>
  <p>y</p>
</{Badge}>"""),
        TemplateSyntaxError,
        "component-close",
        [
            "</{Badge}> closes <{Card}>",
            "",
            "    <{Card} title=x>",
            "     ^^^^^^",
            "    </{Badge}>",
            "      ^^^^^^^",
            TEMPLATE,  # the line of </{Badge}>, two lines below the call
            CALLER,
            "",
            "Close the component with the name it was opened with: </{Card}>; close the "
            "components inside it first. See docs/errors.md#component-close "
            "(python -m htmltemplates doc component-close).",
        ],
        id="component-close-mismatch-lines",
    ),
    pytest.param(
        lambda: html(t"<div><{Card} title=x>y</div>"),
        TemplateSyntaxError,
        "component-close",
        [
            "the template ends inside <{Card}>, which is never closed",
            "",
            "    <div><{Card} title=x>y</div>",
            "          ^^^^^^                ^",
            CALLER,
            "",
            "Close it with </{Card}>, or write <{Card} /> for a component without children. "
            "See docs/errors.md#component-close "
            "(python -m htmltemplates doc component-close).",
        ],
        id="component-close-missing",
    ),
    pytest.param(
        lambda: html(
            Template("<", Interpolation(Badge, "C"), ">x</", Interpolation(Card, "C"), ">")
        ),
        RenderError,
        "component-close",
        [
            f"the end tag of the component C names another value: {Card!r}",
            "",
            "    <{C}>x</{C}>",
            "     ^^^    ^^^",
            CALLER,
            "",
            "Close a component with the same value it was opened with. "
            "See docs/errors.md#component-close "
            "(python -m htmltemplates doc component-close).",
        ],
        id="component-close-other-value",
    ),
    pytest.param(
        lambda: html(t"<{Card} @click=x />"),
        TemplateSyntaxError,
        "component-prop",
        [
            "the prop name @click of <{Card}> is not a Python name",
            "",
            "    <{Card} @click=x />",
            "            ^^^^^^",
            CALLER,
            "",
            "Props are passed as keyword arguments: use letters, digits, '_' and '-' (which "
            "becomes '_'), or spread a dict: <{Card} {props}>. See docs/errors.md#component-prop "
            "(python -m htmltemplates doc component-prop).",
        ],
        id="component-prop-name",
    ),
    pytest.param(
        lambda: html(t"<{Card} title=a title=b />"),
        TemplateSyntaxError,
        "component-prop",
        [
            "the prop title of <{Card}> is given twice",
            "",
            "    <{Card} title=a title=b />",
            "                    ^^^^^",
            CALLER,
            "",
            PROP_TWICE_FIX,
        ],
        id="component-prop-twice",
    ),
    pytest.param(
        lambda: html(t"<{Card} children={x}>y</{Card}>"),
        TemplateSyntaxError,
        "component-prop",
        [
            "the prop children of <{Card}> is given as a prop and as the content",
            "",
            "    <{Card} children={x}>y</{Card}>",
            "            ^^^^^^^^",
            CALLER,
            "",
            PROP_TWICE_FIX,
        ],
        id="component-prop-children-twice",
    ),
    pytest.param(
        lambda: html(t"<{x} />"),
        RenderError,
        "not-a-component",
        [
            "a str where a component is expected: 'v'",
            "",
            "    <{x} />",
            "     ^^^",
            CALLER,
            "",
            "Put a function or a class that returns a template between the braces of a "
            "component tag. A tag name cannot come from a value: choose between templates in "
            "Python. See docs/errors.md#not-a-component "
            "(python -m htmltemplates doc not-a-component).",
        ],
        id="not-a-component",
    ),
    pytest.param(
        lambda: html(t"<p><{print} /></p>"),
        RenderError,
        "not-a-component",
        [
            "the builtin print where a component is expected",
            "",
            "    <p><{print} /></p>",
            "        ^^^^^^^",
            CALLER,
            "",
            "A component is a Python function or class that returns a template; builtins "
            "(print, len, the methods of built-in types) are not components. Call it in an "
            "interpolation if you meant to: {len(items)}. See docs/errors.md#not-a-component "
            "(python -m htmltemplates doc not-a-component).",
        ],
        id="not-a-component-builtin",
    ),
    pytest.param(
        lambda: html(t"<{partial(max)} />"),
        RenderError,
        "component-signature",
        [
            "the signature of the component partial(max) cannot be read",
            "",
            "    <{partial(max)} />",
            "     ^^^^^^^^^^^^^^",
            CALLER,
            "",
            "Write the component as a Python function or class, or call it in an "
            "interpolation: {Card(title=...)}. See docs/errors.md#component-signature "
            "(python -m htmltemplates doc component-signature).",
        ],
        id="component-signature-unreadable",
    ),
    pytest.param(
        lambda: html(t"<{positional} a=1 />"),
        RenderError,
        "component-signature",
        [
            "the component positional has a positional-only parameter, a",
            "",
            "    <{positional} a=1 />",
            "     ^^^^^^^^^^^^",
            CALLER,
            "",
            "Props are passed by keyword: move a after a * in the signature (*, a), or call the "
            "component in an interpolation: {positional(...)}. "
            "See docs/errors.md#component-signature "
            "(python -m htmltemplates doc component-signature).",
        ],
        id="component-signature-positional-only",
    ),
    pytest.param(
        lambda: html(t"<{Card}>y</{Card}>"),
        RenderError,
        "missing-prop",
        [
            "the component Card is missing the required prop title",
            "",
            "    <{Card}>y</{Card}>",
            "     ^^^^^^",
            CALLER,
            "",
            "Give it in the tag (<{Card} title=...>), or give the parameter a default. "
            "See docs/errors.md#missing-prop "
            "(python -m htmltemplates doc missing-prop).",
        ],
        id="missing-prop",
    ),
    pytest.param(
        lambda: html(t"<{Pair} />"),
        RenderError,
        "missing-prop",
        [
            "the component Pair is missing the required props a, b",
            "",
            "    <{Pair} />",
            "     ^^^^^^",
            CALLER,
            "",
            "Give them in the tag (<{Pair} a=...>), or give the parameter a default. "
            "See docs/errors.md#missing-prop "
            "(python -m htmltemplates doc missing-prop).",
        ],
        id="missing-props",
    ),
    pytest.param(
        lambda: html(t"<{Card} title=a colour=red />"),
        RenderError,
        "unknown-prop",
        [
            "the component Card takes no prop colour",
            "",
            "    <{Card} title=a colour=red />",
            "                    ^^^^^^",
            CALLER,
            "",
            "Card takes: title, children, tone. Check the spelling, or accept any prop with a "
            "**props parameter. See docs/errors.md#unknown-prop "
            "(python -m htmltemplates doc unknown-prop).",
        ],
        id="unknown-prop",
    ),
    pytest.param(
        lambda: html(t"<{Card} title=a {d} />"),
        RenderError,
        "unknown-prop",
        [
            "the component Card takes no prop k",
            "",
            "    <{Card} title=a {d} />",
            "     ^^^^^^",
            CALLER,
            "",
            "Card takes: title, children, tone. Check the spelling, or accept any prop with a "
            "**props parameter. See docs/errors.md#unknown-prop "
            "(python -m htmltemplates doc unknown-prop).",
        ],
        id="unknown-prop-from-spread",
    ),
    pytest.param(
        lambda: html(t"<{Card} titel=a />"),
        RenderError,
        "unknown-prop",
        [
            # not "missing the required prop title": the misspelt prop is the fault
            "the component Card takes no prop titel",
            "",
            "    <{Card} titel=a />",
            "            ^^^^^",
            CALLER,
            "",
            "Did you mean title? Card takes: title, children, tone. Check the spelling, or "
            "accept any prop with a **props parameter. See docs/errors.md#unknown-prop "
            "(python -m htmltemplates doc unknown-prop).",
        ],
        id="unknown-prop-close-to-a-missing-one",
    ),
    pytest.param(
        lambda: html(t"<{Counter} label=x count=3 />"),
        RenderError,
        "static-prop",
        [
            "the prop count of Counter is written as text, a str ('3'), but its parameter is "
            "annotated int",
            "",
            "    <{Counter} label=x count=3 />",
            "                       ^^^^^",
            CALLER,
            "",
            "Props written as text are strings, as attributes are in HTML: give the value as a "
            "Python expression, count={3}, or annotate the parameter str. "
            "See docs/errors.md#static-prop "
            "(python -m htmltemplates doc static-prop).",
        ],
        id="static-prop",
    ),
    pytest.param(
        lambda: html(t"<{Counter} label=x step='one' />"),
        RenderError,
        "static-prop",
        [
            "the prop step of Counter is written as text, a str ('one'), but its parameter is "
            "annotated float | None",
            "",
            "    <{Counter} label=x step='one' />",
            "                       ^^^^",
            CALLER,
            "",
            "Props written as text are strings, as attributes are in HTML: give the value as a "
            "Python expression, step={...}, or annotate the parameter str. "
            "See docs/errors.md#static-prop "
            "(python -m htmltemplates doc static-prop).",
        ],
        id="static-prop-not-a-literal",
    ),
    pytest.param(
        lambda: html(t"<{Empty}>y</{Empty}>"),
        RenderError,
        "component-children",
        [
            "the component Empty takes no children",
            "",
            "    <{Empty}>y</{Empty}>",
            "                ^^^^^^^",
            CALLER,
            "",
            "Close it in its start tag (<{Empty} />), or give it a parameter children: Template. "
            "See docs/errors.md#component-children "
            "(python -m htmltemplates doc component-children).",
        ],
        id="component-children",
    ),
    pytest.param(
        lambda: html(t"<{Badge} {b} />"),
        RenderError,
        "component-spread",
        [
            "a bytes spread into the props of a component: b'x'",
            "",
            "    <{Badge} {b} />",
            "             ^^^",
            CALLER,
            "",
            SPREAD_PROPS_FIX,
        ],
        id="component-spread-not-a-mapping",
    ),
    pytest.param(
        lambda: html(t"<{Badge} { {1: 2} } />"),
        RenderError,
        "component-spread",
        [
            "a prop name that is not a str in a spread: 1",
            "",
            "    <{Badge} { {1: 2} } />",
            "             ^^^^^^^^^^",
            CALLER,
            "",
            SPREAD_PROPS_FIX,
        ],
        id="component-spread-key",
    ),
    # -- async-value, lazy-value, lazy-chain, too-deep, self-reference, big-int ----------------
    pytest.param(
        lambda: html(t"<p>{fetch_name()}</p>"),
        RenderError,
        "async-value",
        [
            "a coroutine where a value is expected: the async function fetch_name was called but "
            "not awaited",
            "",
            "    <p>{fetch_name()}</p>",
            "       ^^^^^^^^^^^^^^",
            CALLER,
            "",
            ASYNC_FIX,
        ],
        id="async-value",
    ),
    pytest.param(
        lambda: html(t"<p>{Badge}</p>"),
        RenderError,
        "lazy-value",
        [
            "the function Badge(*, label: str) cannot be called without arguments",
            "",
            "    <p>{Badge}</p>",
            "       ^^^^^^^",
            CALLER,
            "",
            "A function in a template is a lazy value, called with no arguments when the "
            "template renders. Call it yourself ({Card(title=...)}), or write a component as a "
            "tag: <{Card} title=...>...</{Card}>. See docs/errors.md#lazy-value "
            "(python -m htmltemplates doc lazy-value).",
        ],
        id="lazy-value",
    ),
    pytest.param(
        lambda: html(t"<p title={itself}>x</p>"),
        RenderError,
        "lazy-chain",
        [
            "the lazy value itself returned a function 8 times in a row",
            "",
            "    <p title={itself}>x</p>",
            "             ^^^^^^^^",
            CALLER,
            "",
            "A function in a template is called with no arguments and its result rendered; a "
            "function that returns a function (or itself) is called again, at most 8 times. "
            "Return a value, or call the function yourself. See docs/errors.md#lazy-chain "
            "(python -m htmltemplates doc lazy-chain).",
        ],
        id="lazy-chain",
    ),
    pytest.param(
        lambda: html(t"<script>const data = {deep};</script>"),
        RenderError,
        "too-deep",
        [
            "a value nested more than 200 levels deep",
            "",
            "    <script>const data = {deep};</script>",
            "                         ^^^^^^",
            CALLER,
            "",
            TOO_DEEP_FIX,
        ],
        id="too-deep",
    ),
    pytest.param(
        lambda: html(nested_templates(3000)),
        RenderError,
        "too-deep",
        [
            f"templates nested too deeply: Python's recursion limit ({sys.getrecursionlimit()}) "
            "was reached rendering this value",
            "",
            "    <b>{inner}</b>",
            "       ^^^^^^^",
            TEMPLATE,  # one of three places: Badge and nested_templates write the same literal
            CALLER,
            "",
            TOO_DEEP_FIX,
        ],
        id="too-deep-templates",
    ),
    pytest.param(
        lambda: html(t"<p>{looped}</p>"),
        RenderError,
        "self-reference",
        [
            "a list that contains itself: ['a', [...]]",
            "",
            "    <p>{looped}</p>",
            "       ^^^^^^^^",
            CALLER,
            "",
            "A value is rendered by walking everything in it, which never ends for a list (or a "
            "template, or a dict) that is inside itself. Render a copy without the cycle. "
            "See docs/errors.md#self-reference "
            "(python -m htmltemplates doc self-reference).",
        ],
        id="self-reference",
    ),
    pytest.param(
        lambda: html(t"<td>{huge}</td>"),
        RenderError,
        "big-int",
        [
            "an int with more than 4300 digits, more than Python converts to text",
            "",
            "    <td>{huge}</td>",
            "        ^^^^^^",
            CALLER,
            "",
            BIG_INT_FIX,
        ],
        id="big-int",
    ),
    pytest.param(
        lambda: html(t"<p>{text:nl2br}</p>"),
        RenderError,
        "format-spec",
        [
            "the format spec 'nl2br' is not valid for a str: Invalid format specifier 'nl2br' "
            "for object of type 'str'",
            "",
            "    <p>{text:nl2br}</p>",
            "       ^^^^^^^^^^^^",
            CALLER,
            "",
            "A format spec is Python's format() mini-language, as in f-strings ({price:.2f}, "
            "{count:>5}, {day:%Y-%m-%d}). A helper is a plain function call: {nl2br(text)}. "
            "See docs/errors.md#format-spec "
            "(python -m htmltemplates doc format-spec).",
        ],
        id="format-spec",
    ),
    pytest.param(
        lambda: html(t"<a href='/n/{7:%Y}'>x</a>"),
        RenderError,
        "format-spec",
        [
            "the format spec '%Y' is not valid for an int: Invalid format specifier '%Y' for "
            "object of type 'int'",
            "",
            "    <a href='/n/{7:%Y}'>x</a>",
            "                ^^^^^^",
            CALLER,
            "",
            "A format spec is Python's format() mini-language, as in f-strings ({price:.2f}, "
            "{count:>5}, {day:%Y-%m-%d}). A helper is a plain function call: {helper(7)}. "
            "See docs/errors.md#format-spec "
            "(python -m htmltemplates doc format-spec).",
        ],
        id="format-spec-in-a-url",
    ),
]


@pytest.mark.parametrize(("render", "kind", "anchor", "lines"), MESSAGES)
def test_message(
    render: Callable[[], object], kind: type[TemplateError], anchor: str, lines: list[str]
) -> None:
    error = raised(render)
    assert kind is type(error)
    assert anchor == error.anchor
    assert error.caller.startswith(THIS_FILE)
    assert message(error, lines) == str(error)


def test_every_code_has_a_row_and_a_section() -> None:
    """Every ErrorCode (every error the package raises on purpose) is reached by a row of
    MESSAGES, which checks its full text, and has its section in docs/errors.md, named after
    the code; the sections are the codes."""
    codes = {code.value for code in ErrorCode}
    assert len(codes) >= 20
    assert codes == {param.values[2] for param in MESSAGES}
    errors_md = (Path(__file__).parents[2] / "docs" / "errors.md").read_text()
    # the warnings of the checker come last, with sections of their own (tests/tooling/test_lint.py)
    headings = errors_md.split("\n## Warnings from the checker\n")[0].splitlines()
    assert codes == {line.removeprefix("### ") for line in headings if line.startswith("### ")}


def codes_built_in_messages() -> set[str]:
    """The codes that htmltemplates/_messages/ names (``_C.TAG_NAME``...): the ones it has a
    builder for, since the message builders are its only functions that name a code."""
    found = set()
    for path in (Path(__file__).parents[2] / "htmltemplates" / "_messages").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "_C"
            ):
                found.add(ErrorCode[node.attr].value)
    return found


def test_every_code_has_a_builder() -> None:
    # no code without a message: an unused member would be a section nothing can reach
    assert {code.value for code in ErrorCode} == codes_built_in_messages()
    # a builder returns an error of the code it names, which keeps anchor a str
    error = raised(lambda: html(t"<h{tag}>"))
    assert "tag-name" == error.anchor
    assert str is type(error.anchor)  # not the enum member: it prints and compares as before
    assert ErrorCode.TAG_NAME == error.anchor
    assert "<class 'str'> 'tag-name'" == f"{type(error.anchor)} {error.anchor!r}"
    reference = "See docs/errors.md#tag-name (python -m htmltemplates doc tag-name)."
    assert reference in str(error)


# -- where the message points -------------------------------------------------------------------


def test_caller_is_the_line_that_called_html() -> None:
    with pytest.raises(RenderError) as info:
        html(t"<p>{d}</p>")
    line = info.tb.tb_lineno
    assert f"test_errors.py, line {line}" == info.value.caller


def test_caller_of_a_nested_template_is_the_outer_call() -> None:
    inner = t"<b>{d}</b>"
    with pytest.raises(RenderError) as info:
        html(t"<p>{inner}</p>")
    assert f"test_errors.py, line {info.tb.tb_lineno}" == info.value.caller


def test_hole_caret_covers_conversion_and_format_spec() -> None:
    error = raised(lambda: html(t"<style>{x!r:>10}</style>"))
    assert "    <style>{x!r:>10}</style>\n           ^^^^^^^^^\n" in str(error)


def test_hole_caret_covers_debug_specifier() -> None:
    # {x=} is x={x!r}: the '=' and the name are static text, the hole is {x!r}
    error = raised(lambda: html(t"<style>{x=}</style>"))
    assert "    <style>x={x!r}</style>\n             ^^^^^\n" in str(error)


def _long_template(before: int, after: int) -> Template:
    return Template("<p>" + "a" * before, Interpolation(d, "d"), "b" * after + "</p>")


def test_long_line_is_cut_on_both_sides_around_the_fault() -> None:
    error = raised(lambda: html(_long_template(100, 100)))
    assert [
        "a dict where text is expected: {'k': 1}",
        "",
        "    ..." + "a" * 24 + "{d}" + "b" * 45 + "...",
        "    " + " " * 27 + "^^^",
        f"  {error.caller}",
        "",
        DICT_IN_TEXT_FIX,
    ] == str(error).split("\n")


def test_long_line_is_cut_on_the_right_when_the_fault_is_near_the_start() -> None:
    error = raised(lambda: html(_long_template(10, 100)))
    assert [
        "    <p>" + "a" * 10 + "{d}" + "b" * 56 + "...",
        "    " + " " * 13 + "^^^",
    ] == str(error).split("\n")[2:4]


def test_long_line_is_cut_on_the_left_when_the_fault_is_near_the_end() -> None:
    error = raised(lambda: html(_long_template(100, 10)))
    assert [
        "    ..." + "a" * 55 + "{d}" + "b" * 10 + "</p>",
        "    " + " " * 58 + "^^^",
    ] == str(error).split("\n")[2:4]


def test_a_line_of_72_characters_is_not_cut() -> None:
    error = raised(lambda: html(_long_template(62, 0)))
    line = "<p>" + "a" * 62 + "{d}</p>"
    assert 72 == len(line)
    assert ["    " + line, "    " + " " * 65 + "^^^"] == str(error).split("\n")[2:4]


def test_multi_line_template_shows_the_faulting_line() -> None:
    name = "Ann"
    error = raised(
        lambda: html(t"""<ul>
  <li>{name}</li>
  <li>{d}</li>
</ul>""")
    )
    assert [
        "a dict where text is expected: {'k': 1}",
        "",
        "      <li>{d}</li>",
        "          ^^^",
        # the line of the fault in the literal, then the line that called html()
        f"  template: tests/api/test_errors.py, line {int(error.caller.split()[-1]) + 2}",
        f"  {error.caller}",
        "",
        DICT_IN_TEXT_FIX,
    ] == str(error).split("\n")


def test_multi_line_template_shows_the_line_a_static_fault_is_on() -> None:
    error = raised(lambda: html(t"<p>{x}</p>\n<p\n   class=y>\t<b"))
    # tabs are shown as one space each, so the caret lines up
    assert ["       class=y> <b", "                ^"] == str(error).split("\n")[2:4]


def test_hole_written_over_several_lines_shows_the_line_it_starts_on() -> None:
    # built by hand: ruff format joins the lines of an expression inside a t-string literal
    expression = "\n      {'x y': 1}\n  "
    template = Template("<div>\n  <a ", Interpolation({"x y": 1}, expression), ">x</a>\n</div>")
    error = raised(lambda: html(template))
    assert ["      <a {", "         ^"] == str(error).split("\n")[2:4]


def test_error_in_a_nested_template_points_into_the_nested_template() -> None:
    inner = t"<li>{d}</li>"
    error = raised(lambda: html(t"<ul>{inner}</ul>"))
    assert inner is error.template
    assert [
        "a dict where text is expected: {'k': 1}",
        "",
        "    <li>{d}</li>",
        "        ^^^",
        f"  template: tests/api/test_errors.py, line {int(error.caller.split()[-1]) - 1}",
        f"  {error.caller}",
        "",
        DICT_IN_TEXT_FIX,
    ] == str(error).split("\n")
    assert error.caller.startswith(THIS_FILE)


def test_error_in_a_template_nested_in_a_list_points_into_it() -> None:
    error = raised(lambda: html(t"<ul>{[t'<li>{x}</li>', t'<li>{d}</li>']}</ul>"))
    assert error.template is not None
    assert ("<li>", "</li>") == error.template.strings
    assert ["    <li>{d}</li>", "        ^^^"] == str(error).split("\n")[2:4]


def test_an_error_in_one_row_of_many_is_located_in_that_row() -> None:
    rows = [t"<li>{value}</li>" for value in ["a", {"bad": 1}, "c"]]
    error = raised(lambda: html(t"<ul>{rows}</ul>"))
    assert rows[1] is error.template  # not the first or the last row, though equal in strings
    # a value of the list itself (not a template) is a fault of the outer template's hole
    items = [t"<li>a</li>", {"bad": 1}]
    outer = t"<ul>{items}</ul>"
    error = raised(lambda: html(outer))
    assert outer is error.template
    assert ["    <ul>{items}</ul>", "        ^^^^^^^"] == str(error).split("\n")[2:4]


def test_syntax_error_in_a_nested_template_points_into_the_nested_template() -> None:
    inner = t"<style>{x}</style>"
    error = raised(lambda: html(t"<div>{inner}</div>"))
    assert TemplateSyntaxError is type(error)
    assert inner is error.template
    assert ["    <style>{x}</style>", "           ^^^"] == str(error).split("\n")[2:4]
    assert error.caller.startswith(THIS_FILE)


def test_syntax_error_three_levels_deep() -> None:
    leaf = t"<p {x}y>"
    error = raised(lambda: html(t"<main>{t'<div>{[leaf]}</div>'}</main>"))
    assert leaf is error.template
    assert ["    <p {x}y>", "       ^^^"] == str(error).split("\n")[2:4]


# -- the exception objects -------------------------------------------------------------------------


def test_hierarchy() -> None:
    assert issubclass(TemplateSyntaxError, TemplateError)
    assert issubclass(TemplateSyntaxError, ValueError)
    assert issubclass(RenderError, TemplateError)
    assert issubclass(RenderError, TypeError)
    assert issubclass(TemplateError, Exception)
    assert not issubclass(TemplateSyntaxError, TypeError)
    assert not issubclass(RenderError, ValueError)


def test_syntax_error_is_caught_as_value_error() -> None:
    with pytest.raises(ValueError, match=r"^interpolation inside a tag name\n"):
        html(t"<h{tag}>")


def test_render_error_is_caught_as_type_error() -> None:
    with pytest.raises(TypeError, match=r"^a dict where text is expected"):
        html(t"<p>{d}</p>")


def test_attributes_of_a_render_error() -> None:
    template = t"<p>{x}</p><p>{d}</p>"
    error = raised(lambda: html(template))
    assert "a dict where text is expected: {'k': 1}" == error.headline
    assert (
        "Interpolate a string, a template or a list of them; to render a dict as attributes, "
        "spread it inside a tag: <a {attrs}>."
    ) == error.fix
    assert "dict-in-text" == error.anchor
    assert Location(string=1, offset=0, width=0, slot=1) == error.location
    assert template is error.template
    assert error.caller.startswith(THIS_FILE)
    assert (str(error),) == error.args


def test_attributes_of_a_syntax_error() -> None:
    template = t"<p>{x}</p><p"
    error = raised(lambda: html(template))
    assert "the template ends inside the tag <p>" == error.headline
    assert "Close the tag with '>'." == error.fix
    assert "unclosed" == error.anchor
    assert Location(string=1, offset=4, width=1) == error.location
    assert template is error.template


def test_syntax_error_is_raised_before_any_value_is_looked_at() -> None:
    looked: list[str] = []

    def lazy() -> str:
        looked.append("called")
        return "x"

    with pytest.raises(TemplateSyntaxError):
        html(t"<p>{lazy}</p><style>{lazy}</style>")
    assert [] == looked


def test_a_syntax_error_is_raised_on_every_render() -> None:
    def render() -> object:
        return html(t"<{tag}>")

    first = raised(render)
    second = raised(render)
    assert str(first) == str(second)


# -- html() given something that is not a template -------------------------------------------


def test_html_of_a_str_suggests_a_t_string() -> None:
    with pytest.raises(TypeError) as info:
        html(f"<p>{x}</p>")  # type: ignore[arg-type]
    assert not isinstance(info.value, TemplateError)
    assert (
        'html() takes a template string (t"..."), not a str. Did you write f"..." where you '
        'meant t"..."? An f-string has already inserted its values unescaped.'
    ) == str(info.value)


def test_html_of_a_markup_is_refused_like_a_str() -> None:
    with pytest.raises(TypeError) as info:
        html(Markup("<p>x</p>"))  # type: ignore[arg-type]
    assert str(info.value).startswith('html() takes a template string (t"..."), not a str.')


def test_html_of_an_int() -> None:
    with pytest.raises(TypeError) as info:
        html(123)  # type: ignore[arg-type]
    assert not isinstance(info.value, TemplateError)
    assert 'html() takes a template string (t"..."), not int.' == str(info.value)


# -- no partial output ---------------------------------------------------------------------------


def test_no_partial_output_and_the_template_still_works() -> None:
    rendered: list[str] = []

    def page(items: list[object]) -> None:
        rendered.append(html(t"<ul>{[t'<li>{item}</li>' for item in items]}</ul><p>end</p>"))

    with pytest.raises(RenderError):
        page(["a", "b", d, "c"])
    assert [] == rendered
    page(["a", "<b>"])
    assert ["<ul><li>a</li><li>&lt;b&gt;</li></ul><p>end</p>"] == rendered


def test_no_partial_output_from_a_failing_tag_and_the_template_still_works() -> None:
    def card(extra: object) -> str:
        return html(t'<div class="card" {extra}><p>{x}</p></div>')

    with pytest.raises(RenderError):
        card({"id": "one", "bad name": 1})
    assert '<div class="card" id="one"><p>v</p></div>' == card({"id": "one"})


def test_no_partial_output_from_a_generator() -> None:
    def items() -> Iterator[object]:
        yield "a"
        yield d

    result: list[str] = []
    with pytest.raises(RenderError):
        result.append(html(t"<p>{items()}</p>"))
    assert [] == result


# -- the text of every error is written in htmltemplates/_messages/ -----------------------------

PACKAGE = Path(__file__).parents[2] / "htmltemplates"
# What makes an error out of a headline and a fix: the helpers of errors.py, the classes, and
# the refusal the scanner keeps for later holes. Only _messages/ (and errors.py) call them.
ERROR_MAKERS = frozenset(
    {
        "syntax_error",
        "value_error",
        "TemplateError",
        "TemplateSyntaxError",
        "RenderError",
        "Pending",
    }
)


def error_makers_used(source: str) -> list[str]:
    """Each call of one of ERROR_MAKERS in ``source`` (by name or as an attribute:
    ``_msg.Pending(...)``) and each import of the helpers, with its line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ERROR_MAKERS:
                found.append(f"line {node.lineno}: calls {name}")
        elif isinstance(node, ast.ImportFrom):
            found += [
                f"line {node.lineno}: imports {alias.name}"
                for alias in node.names
                if alias.name in ("syntax_error", "value_error")
            ]
    return found


def writes_error_text(module: str) -> bool:
    """Whether ``module`` (its path in the package, with '/') may make errors from text:
    errors.py, which defines the makers, and the modules of the _messages package."""
    return module == "errors.py" or module.startswith("_messages/")


CHECKED = sorted(
    module
    for module in (path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py"))
    if not writes_error_text(module)
)


@pytest.mark.parametrize("module", CHECKED)
def test_only_messages_writes_error_text(module: str) -> None:
    # a new refusal gets a builder in _messages/ (and an ErrorCode, a row, a section)
    assert [] == error_makers_used((PACKAGE / module).read_text())


def test_the_check_finds_a_raise_site_that_writes_its_own_text() -> None:
    source = (
        "from ..errors import Location, RenderError\n"
        "from ..errors import value_error as _error\n"
        "def f(slot):\n"
        '    raise _error("a headline", "a fix", ErrorCode.BYTES, slot)\n'
        "def g():\n"
        '    return RenderError("a headline", fix="a fix", anchor="bytes")\n'
        "def h():\n"
        '    return _msg.Pending("a headline", "a fix", ErrorCode.CDATA)\n'
    )
    assert [
        "line 2: imports value_error",
        "line 6: calls RenderError",
        "line 8: calls Pending",
    ] == sorted(error_makers_used(source))
    assert len(CHECKED) > 20  # the parametrized test above sees the package
    # it spares exactly errors.py and the _messages package: any other module is checked
    spared = {path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")}
    spared -= set(CHECKED)
    assert {"errors.py", "_messages/__init__.py", "_messages/syntax.py"} <= spared
    assert spared == {"errors.py"} | {
        path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "_messages").rglob("*.py")
    }
    assert not writes_error_text("_messages.py")
    assert not writes_error_text("compiler/_messages.py")
    assert not writes_error_text("compiler/_messages/syntax.py")
    assert not writes_error_text("_messages_extra.py")
    assert not writes_error_text("runtime/errors.py")


def test_format_spec_refusals_in_every_path() -> None:
    """format() refusing a spec is located wherever specs are applied: streamed, awaited, in a
    trusted URL's t-string; a big int keeps its own error, and a __format__ of the user's that
    raises is the user's error, as it is."""
    with pytest.raises(RenderError) as info:
        "".join(stream_html(t"<p>{text:nl2br}</p>"))
    assert info.value.anchor == "format-spec"

    async def view() -> str:
        return await html_async(t"<main>{[t'<p>{text:nl2br}</p>']}</main>")

    with pytest.raises(RenderError) as info:
        asyncio.run(view())
    assert info.value.anchor == "format-spec"
    with pytest.raises(RenderError) as info:
        TrustedURL(t"/files/{text:nl2br}")
    assert info.value.anchor == "format-spec"
    assert str(info.value).splitlines()[2:4] == [
        "    /files/{text:nl2br}",
        "           ^^^^^^^^^^^^",
    ]
    assert raised(lambda: html(t"<p>{huge:,}</p>")).anchor == "big-int"

    class Price:
        def __format__(self, spec: str) -> str:
            raise ValueError(f"no spec {spec!r} for prices")

    with pytest.raises(ValueError, match="no spec 'x' for prices") as plain:
        html(t"<p>{Price():x}</p>")
    assert not isinstance(plain.value, TemplateError)
    assert html(t"<p>{3.14159:.2f} {'a':>3}</p>") == "<p>3.14   a</p>"
