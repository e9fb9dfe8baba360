"""The text of the refusals found at compile time: one builder per TemplateSyntaxError message.

Tags and text, scripts and styles, attributes and URLs, component tags; and :class:`Pending`, a
refusal the scanner keeps until a hole turns up in the text it could not be sure of. A builder
takes the facts and the :class:`Location` of the fault and returns the error to raise.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import ErrorCode, Location, TemplateSyntaxError
from ..errors import syntax_error as _syntax

_C = ErrorCode


class Pending(NamedTuple):
    """A refusal kept for later holes (the scanner's ``unsure``: what follows may be read in
    another context), raised with :meth:`at` where such a hole turns up."""

    headline: str
    fix: str
    code: ErrorCode

    def at(self, location: Location) -> TemplateSyntaxError:
        return _syntax(self.headline, self.fix, self.code, location)


# -- TemplateSyntaxError: tags and text ----------------------------------------------------------

_TAG_NAME_FIX = (
    "Write the tag name in the template, or make the whole name a component: <{Card} />."
)


def tag_name(location: Location) -> TemplateSyntaxError:
    return _syntax("interpolation inside a tag name", _TAG_NAME_FIX, _C.TAG_NAME, location)


def attribute_name(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation inside an attribute name",
        "Write the attribute name in the template (name={value}), or spread a dict of "
        "attributes with whitespace around it: <a {attrs} id=x>.",
        _C.ATTRIBUTE_NAME,
        location,
    )


def end_tag(element: str, location: Location) -> TemplateSyntaxError:
    """A hole inside the end tag ``</element>``."""
    return _syntax(
        f"interpolation inside the end tag </{element}>",
        "End tags take no values; write the end tag out.",
        _C.END_TAG,
        location,
    )


def end_tag_completion(element: str, location: Location) -> TemplateSyntaxError:
    """A hole right after ``</`` in raw text or RCDATA, where a value could end ``element``."""
    return _syntax(
        f"interpolation that could complete an end tag inside <{element}>",
        "Put a space between '<' and the interpolation.",
        _C.END_TAG,
        location,
    )


def rcdata_markup(element: str) -> Pending:
    return Pending(
        f"interpolation after markup written in <{element}>, which holds text",
        f"<{element}> shows its content as text: keep tags out of it, or interpolate "
        "nothing after it in this template.",
        _C.RCDATA_MARKUP,
    )


def nested_end_open(name: str) -> Pending:
    """A template that leaves the foreign element ``<name>`` open, rendered in another one."""
    return Pending(
        f"a template that leaves <{name}> open is rendered inside another template",
        f"Close <{name}> in the template that opens it: the values that follow in the "
        f"outer template would be in <{name}>, where its scan cannot see them.",
        _C.NESTED_END,
    )


def nested_end_uncertain(reason: Pending, *, foreign_only: bool) -> Pending:
    """A template whose end is uncertain (for ``reason``), rendered in another one: anywhere,
    or with ``foreign_only`` inside foreign content."""
    outer = "inside <svg>, <math> or <select> of another" if foreign_only else "inside another"
    return Pending(
        f"a template whose end is uncertain is rendered {outer} template: it has "
        + reason.headline.removeprefix("interpolation after "),
        "Browsers may end it elsewhere than it seems there and read the outer template's "
        f"next values in another context (docs/errors.md#{reason.code} says why). Take that "
        "text out of it, or render this template on its own with html().",
        _C.NESTED_END,
    )


def noscript() -> Pending:
    return Pending(
        "interpolation after '</noscript' written inside a comment, an attribute value or text",
        "Remove that '</noscript': browsers that run scripts end a <noscript> element there, "
        "and read what follows as markup.",
        _C.NOSCRIPT,
    )


def script_comment_nested() -> Pending:
    """A script whose body holds '<!--' and '<script': its end is uncertain."""
    return Pending(
        "interpolation after a <script> whose body holds '<!--' and '<script'",
        "Remove the HTML comment markers from the script: after '<!--', browsers read "
        "'<script' as a nested script and end the element later than it seems.",
        _C.SCRIPT_COMMENT,
    )


def script_comment(location: Location) -> TemplateSyntaxError:
    """A hole in a script body after '<!--'."""
    return _syntax(
        "interpolation inside a <script> whose body holds '<!--'",
        "After '<!--' browsers may read the rest of the script differently (the HTML "
        "tokenizer's escaped states): remove the comment markers.",
        _C.SCRIPT_COMMENT,
        location,
    )


def script_markup(element: str) -> Pending:
    """Markup written in the ``<script>`` or ``<style>`` before a hole (parsed in foreign
    content)."""
    if element == "script":
        how = (
            "write '<' in a JavaScript string as \\x3C ('\\x3Cb>'; \\\\x3C in a t-string that "
            "is not raw), build the markup from pieces ('<' + 'b>') or pass it as a value "
            "(const row = {markup};), and write comparisons with spaces (a < b)"
        )
    else:
        how = (
            "write '<' in a CSS string as \\3C (\\\\3C in a t-string that is not raw), and put "
            "a space after any other '<'"
        )
    return Pending(
        f"interpolation after markup written in <{element}>",
        "Inside <svg> and <math> the tags in a <script> or <style> are parsed as elements, and a "
        "template cannot know where it will be rendered, so every <script> and <style> keeps "
        "'<' directly followed by a letter, '/', '!' or '?' out of its text before a value: "
        f"{how}.",
        _C.SCRIPT_MARKUP,
    )


def cdata() -> Pending:
    return Pending(
        "interpolation after a CDATA section",
        "<![CDATA[...]]> is a comment in HTML but text in <svg> and <math>, and the two end in "
        "different places: write the text escaped instead, or interpolate nothing after it in "
        "this template.",
        _C.CDATA,
    )


def reference(where: str, location: Location) -> TemplateSyntaxError:
    return _syntax(
        f"interpolation right after '&' in {where}, where a value could complete a character "
        "reference",
        "Put a space between '&' and the interpolation, or write the '&' as '&amp;'.",
        _C.REFERENCE,
        location,
    )


def markup_declaration(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation inside a markup declaration",
        "Keep comments (<!-- {x} -->) and doctypes complete in the template text.",
        _C.MARKUP_DECLARATION,
        location,
    )


_CLOSE = {
    "comment": "Close the comment with -->.",
    "declaration": "Close it with '>'.",
    "quote": "Close the quote.",
    "tag": "Close the tag with '>'.",
}


def unclosed(where: str, location: Location, *, inside: str, element: str) -> TemplateSyntaxError:
    """The template ends ``where`` (a context), ``inside`` a "comment", an "element" (raw text
    or RCDATA: ``element``), a "declaration", a "quote" or a "tag"."""
    fix = f"Close it with </{element}>." if inside == "element" else _CLOSE[inside]
    return _syntax(f"the template ends {where}", fix, _C.UNCLOSED, location)


def unclosed_noscript(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "the template ends inside <noscript>",
        "Close it with </noscript>: a template interpolated after an open <noscript> would be "
        "read as raw text by browsers that run scripts.",
        _C.UNCLOSED,
        location,
    )


def unquoted_value(character: str, attribute: str, location: Location) -> TemplateSyntaxError:
    return _syntax(
        f"{character!r} inside an unquoted attribute value ({attribute})",
        "Quote the attribute value.",
        _C.UNQUOTED_VALUE,
        location,
    )


def comment(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation where an empty value would end the comment",
        "Put a space between the interpolation and the '-' or '>' next to it.",
        _C.COMMENT,
        location,
    )


def raw_text(element: str, location: Location) -> TemplateSyntaxError:
    return _syntax(
        f"interpolation inside <{element}>, whose content cannot be escaped",
        f"<{element}> shows its content raw: use <pre> for preformatted text, or a static "
        f"<{element}>.",
        _C.RAW_TEXT,
        location,
    )


# -- TemplateSyntaxError: scripts, styles, JavaScript and CSS attributes -------------------------


def script_style(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation inside a <script> whose type is neither JavaScript nor JSON",
        "Values are written into JavaScript and JSON scripts only; a data block "
        "(text/x-template...) has no escaping. Render the data into a JSON script "
        '(type="application/json") and read it from there.',
        _C.SCRIPT_STYLE,
        location,
    )


_SCRIPT_VALUE_FIX = (
    "Put the hole where an expression goes (const user = {user};), where the value is written as "
    "a JavaScript literal, or inside a string or template literal ('Hello, {name}'), where it is "
    "escaped as text. Comments, regular expressions and tagged templates take no values."
)


def _js_where(state: str, known: bool) -> str:
    """Where in JavaScript a hole stands: ``state`` is the lexer's (a JsState's value), a
    place ("a regular expression") when ``known``, else why it is unknown."""
    return f"inside {state}" if known else state


def script_value(state: str, location: Location, *, known: bool) -> TemplateSyntaxError:
    """A hole in a ``<script>`` where JavaScript takes no value (see _js_where)."""
    return _syntax(
        f"interpolation {_js_where(state, known)} in <script>",
        _SCRIPT_VALUE_FIX,
        _C.SCRIPT_VALUE,
        location,
    )


def module_specifier(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation inside a module specifier in <script>",
        "The string after import/from (or in import()) is a URL that loads code: write it in "
        "the template, or map a fixed specifier with an import map of TrustedResourceURLs.",
        _C.SCRIPT_VALUE,
        location,
    )


def import_map_position(state: str, location: Location) -> TemplateSyntaxError:
    return _syntax(
        f"interpolation inside {state} in an import map",
        "An import map's strings are URLs that load code: interpolate a whole "
        "TrustedResourceURL, or the whole map, where a JSON value goes.",
        _C.SCRIPT_VALUE,
        location,
    )


_JS_ATTRIBUTES = {
    "json": "the JSON attribute {}",
    "trigger": "an event filter of {}",
    "handler": "the event-handler attribute {}",
    "javascript": "the JavaScript attribute {}",
}


def event_handler(
    state: str, name: str, location: Location, *, known: bool, reads: str
) -> TemplateSyntaxError:
    """A hole in the attribute ``name`` whose value ``reads`` as "json", an htmx event
    "trigger" filter, an event "handler" or other "javascript", where it takes no value."""
    attribute = _JS_ATTRIBUTES[reads].format(name)
    return _syntax(
        f"interpolation {_js_where(state, known)} in {attribute}",
        _SCRIPT_VALUE_FIX,
        _C.EVENT_HANDLER,
        location,
    )


def css(position: str, detail: str, where: str, location: Location) -> TemplateSyntaxError:
    """A hole at ``position`` in CSS (a CssState's value, ``detail`` saying more when not
    empty), in ``where`` ("<style>", "the style attribute")."""
    why = f" ({detail})" if detail else ""
    return _syntax(
        f"interpolation inside {position}{why} in {where}",
        "Values go in CSS property values (color: {c}), strings and url()s; selectors, "
        "property names, at-rules, comments and '!important' are written in the template. "
        "For whole declarations, use style={dict} on the element.",
        _C.CSS,
        location,
    )


def js_prefix_holes(name: str, location: Location) -> TemplateSyntaxError:
    """Two holes side by side where the value of ``name`` could start with ``js:``."""
    return _syntax(
        f"interpolations side by side at the start of {name}",
        f"htmx runs a {name} value that starts with js: as JavaScript: write the start of the "
        "value in the template, or put text between the interpolations.",
        _C.JS_PREFIX,
        location,
    )


def html_attribute_part(name: str, location: Location) -> TemplateSyntaxError:
    """A hole with text around it in an attribute whose value becomes HTML (x-html)."""
    return _syntax(
        f"interpolation inside the {name} attribute with text around it",
        f"The value of {name} is JavaScript whose result becomes the element's HTML: give the "
        f"whole value as one trusted HTML value, {name}={{content}} with a Template or Markup, "
        "or show text with x-text.",
        _C.HTML_ATTRIBUTE,
        location,
    )


# -- TemplateSyntaxError: other attributes and URLs ----------------------------------------------


def refused_attribute(
    name: str, element: str, reason: str, location: Location
) -> TemplateSyntaxError:
    """A hole in the attribute ``name`` of ``<element>``, which ``reason`` (why no value may
    go there, "changes how ...")."""
    return _syntax(
        f"interpolation inside the {name} attribute of <{element}> is not supported",
        f"The {name} attribute {reason}: write its value in the template.",
        _C.REFUSED_ATTRIBUTE,
        location,
    )


def meta_http_equiv(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation inside a <meta http-equiv> tag",
        "Its content can redirect the page, set cookies or change the page's security policy: "
        "write the tag in the template. Only a refresh's URL may come from a value: "
        '<meta http-equiv="refresh" content="0; url={url}">.',
        _C.REFUSED_ATTRIBUTE,
        location,
    )


def srcdoc(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation inside a srcdoc value with text around it",
        "Give the whole document as one value: srcdoc={page}, where a Template (or Markup) is "
        "rendered as HTML and a str as text.",
        _C.SRCDOC,
        location,
    )


def refresh(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation inside the delay of a <meta http-equiv=refresh>",
        'Write the delay and the start of the URL in the template: content="0; url={url}".',
        _C.REFRESH,
        location,
    )


def url_host(name: str, location: Location) -> TemplateSyntaxError:
    """A hole that could choose the host of the URL in ``name``."""
    return _syntax(
        f"interpolation that could choose the host of the URL in {name}",
        "Write the host in the template (https://example.com/{path}), or start the path with a "
        "segment (/users/{name}): a value after '/' or 'https:' could begin '//host'.",
        _C.URL_SCHEME,
        location,
    )


_IN_SCHEME_FIX = (
    "Nothing may be interpolated into a javascript: URL. Run the code from an event handler, "
    'where values are written as JavaScript (onclick="go({id})", hx-on:click, @click), or '
    "put the value in a data attribute the script reads (data-id={id}, "
    "this.dataset.id) and keep the code static."
)
_OTHER_SCHEME_FIX = (
    "Nothing may be interpolated into javascript:, vbscript: or data: URLs: interpolate the "
    "whole URL as one value."
)


def url_in_scheme(scheme: str, name: str, location: Location) -> TemplateSyntaxError:
    """A hole in a ``scheme``: URL (javascript, vbscript, data) in ``name``."""
    return _syntax(
        f"interpolation inside a {scheme}: URL in {name}",
        _IN_SCHEME_FIX if scheme.lower() == "javascript" else _OTHER_SCHEME_FIX,
        _C.URL_SCHEME,
        location,
    )


def url_scheme(name: str, location: Location) -> TemplateSyntaxError:
    """A hole before the URL in ``name`` has a scheme."""
    return _syntax(
        f"interpolation that could choose the scheme of the URL in {name}",
        "Fix the scheme in the template (https://...), or interpolate the whole URL as one value.",
        _C.URL_SCHEME,
        location,
    )


def url_scheme_colon(name: str, location: Location) -> TemplateSyntaxError:
    """A hole at the start of the URL in ``name``, followed by ':'."""
    return _syntax(
        f"interpolation that could choose the scheme of the URL in {name}",
        "A value at the start of a URL may not be followed by ':'. Fix the scheme in the "
        "template (https://...) or interpolate the whole URL.",
        _C.URL_SCHEME,
        location,
    )


def resource_url(element: str, name: str, location: Location) -> TemplateSyntaxError:
    return _syntax(
        f"interpolation that could choose where <{element} {name}> loads from",
        f'Start the value with a fixed origin, such as {name}="/static/{{file}}" or '
        f'{name}="https://cdn.example/{{path}}", or interpolate the whole URL as a '
        "TrustedResourceURL (for a static file: static_url() of "
        "htmltemplates.integrations.flask, .quart, .starlette or .fastapi; static() of "
        "htmltemplates.integrations.django).",
        _C.RESOURCE_URL,
        location,
    )


def trusted_url_start(kind: str, location: Location) -> TemplateSyntaxError:
    """A hole at the start of the t-string of a ``kind`` (TrustedURL...)."""
    return _syntax(
        f"interpolation at the start of a {kind}",
        "Begin the t-string with the fixed part of the URL (https://host/... or /path/...): a "
        f"value there would choose it. For a whole URL from elsewhere use {kind}.unchecked().",
        _C.TRUSTED_URL,
        location,
    )


def trusted_resource_url_origin(location: Location) -> TemplateSyntaxError:
    return _syntax(
        "interpolation that could choose where a TrustedResourceURL loads from",
        "Begin the t-string with an https origin and the start of a path "
        "(https://cdn.example/{path}) or with a path on this site (/static/{file}).",
        _C.TRUSTED_URL,
        location,
    )


# -- TemplateSyntaxError: component tags ---------------------------------------------------------


def component_tag_end(name: str, location: Location) -> TemplateSyntaxError:
    """Text or a hole inside the end tag ``</name>`` of a component."""
    return _syntax(
        f"text or an interpolation inside the end tag </{name}>",
        f"A component's end tag is </{name}> alone.",
        _C.COMPONENT_TAG,
        location,
    )


def component_tag_start(name: str, location: Location) -> TemplateSyntaxError:
    """Text or a hole right after ``<name`` of a component."""
    return _syntax(
        f"text or an interpolation right after the component <{name}",
        f"Put whitespace between the component and its first prop: <{name} title=...>.",
        _C.COMPONENT_TAG,
        location,
    )


def closes_no_component(name: str, location: Location) -> TemplateSyntaxError:
    return _syntax(
        f"</{name}> closes no component",
        "Remove it, or open the component before it: <{Card}>...</{Card}>.",
        _C.COMPONENT_CLOSE,
        location,
    )


def closes_another_component(name: str, opened: str, location: Location) -> TemplateSyntaxError:
    """``</name>`` where the component ``<opened>`` is open."""
    return _syntax(
        f"</{name}> closes <{opened}>",
        f"Close the component with the name it was opened with: </{opened}>; close the "
        "components inside it first.",
        _C.COMPONENT_CLOSE,
        location,
    )


def component_never_closed(name: str, location: Location) -> TemplateSyntaxError:
    return _syntax(
        f"the template ends inside <{name}>, which is never closed",
        f"Close it with </{name}>, or write <{name} /> for a component without children.",
        _C.COMPONENT_CLOSE,
        location,
    )


def prop_name(name: str, tag: str, location: Location) -> TemplateSyntaxError:
    """The prop ``name`` of the component ``<tag>`` is not a Python name."""
    return _syntax(
        f"the prop name {name} of <{tag}> is not a Python name",
        "Props are passed as keyword arguments: use letters, digits, '_' and '-' (which becomes "
        "'_'), or spread a dict: <{Card} {props}>.",
        _C.COMPONENT_PROP,
        location,
    )


def prop_twice(name: str, tag: str, location: Location, *, children: bool) -> TemplateSyntaxError:
    """The prop ``name`` of ``<tag>`` given twice (with ``children``: as a prop and as the
    content between the tags)."""
    twice = "as a prop and as the content" if children else "twice"
    return _syntax(
        f"the prop {name} of <{tag}> is given {twice}",
        "Give each prop once; children go between the tags, or in a children prop of a tag that "
        "closes itself (<{Card} children={body} />).",
        _C.COMPONENT_PROP,
        location,
    )
