"""The text of every error htmltemplates raises: one builder per :class:`ErrorCode` (or per
wording of one, when a code has several), and the only place headlines and fixes are written.

A raise site passes the facts (names, the value, where the scan stood) and the Location of the
fault (compile time) or the slot of the value (render time), and raises what it gets back. The
places a headline names are the vocabulary of the scanner and the lexers (``str(context)``, a
CSS or JavaScript state's value): those come in as facts. docs/errors.md has a section per code,
and tests/test_errors.py checks every message in full.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import ErrorCode, Location, RenderError, TemplateSyntaxError, short_repr
from .errors import syntax_error as _syntax
from .errors import value_error as _error

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
    return Pending(
        f"interpolation after markup written in <{element}>",
        "Inside <svg> and <math> the tags in a <script> or <style> are parsed as elements: keep "
        "'<' directly followed by a letter, '/', '!' or '?' out of it before the interpolation "
        "(write a < b with spaces), or pass such text as a value.",
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


def url_in_scheme(scheme: str, name: str, location: Location) -> TemplateSyntaxError:
    """A hole in a ``scheme``: URL (javascript, vbscript, data) in ``name``."""
    return _syntax(
        f"interpolation inside a {scheme}: URL in {name}",
        "Nothing may be interpolated into javascript:, vbscript: or data: URLs.",
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
        "TrustedResourceURL.",
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


# -- RenderError: values in text -----------------------------------------------------------------


def dict_in_text(value: object, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} where text is expected: {short_repr(value)}",
        "Interpolate a string, a template or a list of them; to render a dict as attributes, "
        "spread it inside a tag: <a {attrs}>.",
        _C.DICT_IN_TEXT,
        slot,
    )


_BYTES_FIX = "Decode the bytes to a str first."


def bytes_in_text(value: object, slot: int) -> RenderError:
    return _error(f"bytes where text is expected: {short_repr(value)}", _BYTES_FIX, _C.BYTES, slot)


def bytes_in_attribute(name: str, value: object, slot: int) -> RenderError:
    return _error(
        f"bytes inside the value of the attribute {name}: {short_repr(value)}",
        _BYTES_FIX,
        _C.BYTES,
        slot,
    )


def html_method(value: object, markup: object, slot: int) -> RenderError:
    """``value.__html__()`` returned ``markup``, which is not a str."""
    return _error(
        f"the __html__ method of {type(value).__name__} returned {short_repr(markup)}, not a str",
        'Return html(t"...") (or another str of HTML) from __html__.',
        _C.HTML_METHOD,
        slot,
    )


# -- RenderError: values in attributes -----------------------------------------------------------


def template_in_attribute(name: str, slot: int) -> RenderError:
    return _error(
        f"a template inside the value of the attribute {name}",
        "Templates are HTML and attribute values are text: interpolate a string.",
        _C.TEMPLATE_IN_ATTRIBUTE,
        slot,
    )


def dict_value(name: str, value: object, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} inside the value of the attribute {name}: {short_repr(value)}",
        "Attribute values are text: interpolate a string, or spread a dict of attributes "
        "between attributes: <a {attrs}>.",
        _C.DICT_VALUE,
        slot,
    )


def spread(value: object, slot: int) -> RenderError:
    return _error(
        f"a spread between attributes needs a mapping, not {type(value).__name__}: "
        f"{short_repr(value)}",
        "Spread a dict of attribute names to values: <a {attrs}>.",
        _C.SPREAD,
        slot,
    )


def spread_name(name: object, slot: int) -> RenderError:
    """``name``, from a spread, is not a valid attribute name."""
    return _error(
        f"{short_repr(name)} is not a valid attribute name",
        "Attribute names from data may not be empty or contain whitespace, quotes, '=', '<', "
        "'>', '/' or control characters.",
        _C.SPREAD_NAME,
        slot,
    )


def spread_name_refused(name: str, slot: int) -> RenderError:
    """The attribute ``name`` may not come from a spread (it runs code, or changes how other
    content is read)."""
    return _error(
        f"the attribute {name} cannot take a value from data",
        "Write it in the template: event handlers, attributes a framework runs as JavaScript "
        "(hx-on:*, x-data, @click, :href, x-html), and attributes that change how other "
        "content is read (http-equiv, attributeName, xmlns, a script's type), never come from "
        "data.",
        _C.SPREAD_NAME,
        slot,
    )


def untrusted_resource_url(value: object, name: str, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} cannot choose where the {name} attribute loads code from: "
        f"{short_repr(value)}",
        "Build the URL as a TrustedResourceURL from a literal or a t-string that fixes the "
        "origin: TrustedResourceURL(t'https://cdn.example/{path}'), or write the origin in the "
        f'template: {name}="/static/{{file}}".',
        _C.UNTRUSTED_RESOURCE_URL,
        slot,
    )


def import_map_value(problem: str, slot: int) -> RenderError:
    """A URL in an import map (``problem`` says which and what it is) that is not trusted."""
    return _error(
        f"an import map value that is not a TrustedResourceURL: {problem}",
        "Every URL in an import map loads code: build each as a TrustedResourceURL "
        "(TrustedResourceURL(t'/static/{file}'), htmltemplates.flask.static_url()).",
        _C.UNTRUSTED_RESOURCE_URL,
        slot,
    )


def trusted_url_value(value: object, kind: str, slot: int) -> RenderError:
    """A ``value`` in the t-string of a ``kind`` (TrustedURL...) that is not text."""
    return _error(
        f"a {type(value).__name__} inside a {kind}: values in URLs are text",
        "Interpolate a str or a number (ids, slugs, file names); each is percent-encoded.",
        _C.TRUSTED_URL_VALUE,
        slot,
    )


def srcset(value: object, name: str, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} as a descriptor in {name}: {short_repr(value)}",
        'Descriptors are numbers: srcset="/a.png {width}w" with width an int, or write them in '
        "the template.",
        _C.SRCSET,
        slot,
    )


def js_value(problem: object, slot: int) -> RenderError:
    return _error(
        f"no JavaScript literal for a value in <script>: {problem}",
        "Interpolate str, int, float (finite), bool, None, or lists and str-keyed dicts of "
        "them; convert other objects first (a dataclass with dataclasses.asdict()).",
        _C.JS_VALUE,
        slot,
    )


def js_string(problem: object, slot: int) -> RenderError:
    return _error(
        f"no text for a JavaScript string from a value in <script>: {problem}",
        "Interpolate a str or a number inside a JavaScript string; to pass data, write the hole "
        "where an expression goes (const items = {items};).",
        _C.JS_STRING,
        slot,
    )


def alpine_data(value: object, slot: int) -> RenderError:
    """The whole x-data of an Alpine component is not a dict."""
    return _error(
        "the whole x-data of an Alpine component must be a dict, not "
        f"{type(value).__name__}: {short_repr(value)}",
        "x-data must give an object: pass a dict (x-data={ {'open': False} }), or write the "
        'object in the template and the value inside it (x-data="{{ name: {name} }}").',
        _C.ALPINE_DATA,
        slot,
    )


def alpine_data_hook(hook: str, value: object, slot: int) -> RenderError:
    """A dict for x-data with the key ``hook`` (init, destroy), which Alpine runs."""
    return _error(
        f"a dict with the key {hook} in x-data: {short_repr(value)}",
        f"Alpine runs the {hook} of an x-data object as code: write init() and destroy() in the "
        "template, and pass data under other keys.",
        _C.ALPINE_DATA,
        slot,
    )


def json_attribute(value: object, name: str, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} as the value of the JSON attribute {name}: {short_repr(value)}",
        f"Pass a dict or a list: it is written as JSON ({name}={{ {{'id': 3}} }}). htmx reads a "
        "str as JSON, or as JavaScript after js:, so none is taken.",
        _C.JSON_ATTRIBUTE,
        slot,
    )


def htmx_trigger(value: object, name: str, slot: int) -> RenderError:
    """A ``value`` that is not a str, number, bool or None in an event filter of ``name``."""
    return _error(
        f"a {type(value).__name__} in an event filter of the {name} attribute: {short_repr(value)}",
        "htmx splits hx-trigger at its commas and brackets, also inside a filter: interpolate a "
        "str, a number, a bool or None there.",
        _C.HTMX_TRIGGER,
        slot,
    )


def htmx_trigger_bracket(name: str, text: str, slot: int) -> RenderError:
    """A value with '[' or ']' in ``name``, which would open or close an event filter."""
    return _error(
        f"a value with '[' or ']' in the {name} attribute: {short_repr(text)}",
        "An event filter in brackets is JavaScript (click[ctrlKey]): write the filter in the "
        "template and put the value inside it, where it is a JavaScript literal: "
        f'{name}="click[key == {{key}}]".',
        _C.HTMX_TRIGGER,
        slot,
    )


def js_prefix(name: str, text: str, slot: int) -> RenderError:
    """A value that makes the value of ``name`` start with js: or javascript:."""
    return _error(
        f"a value that makes the {name} attribute start like JavaScript: {short_repr(text)}",
        f"htmx runs a {name} value that starts with js: or javascript: as JavaScript: write "
        f'text before the interpolation in the template ({name}="Delete {{name}}?").',
        _C.JS_PREFIX,
        slot,
    )


def bound_url(value: object, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} in a bound URL attribute: {short_repr(value)}",
        "The framework sets the attribute to this value as a URL: interpolate a str (it is "
        "scheme-filtered like href), a TrustedURL or a number.",
        _C.BOUND_URL,
        slot,
    )


def html_attribute(value: object, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} as the HTML of an x-html attribute: {short_repr(value)}",
        "x-html writes its value into the page as HTML: pass a Template or Markup (trusted "
        "HTML), or show text with x-text={text}.",
        _C.HTML_ATTRIBUTE,
        slot,
    )


def css_value(position: str, problem: object, slot: int) -> RenderError:
    """No CSS for a value at ``position`` ("value", "url path"...)."""
    return _error(
        f"no CSS for a value in {position} position: {problem}",
        "Interpolate a str or a number (a list of them in a property value); give whole "
        "declarations as a dict: style={ {'color': c} }.",
        _C.CSS_VALUE,
        slot,
    )


def style_property(key: object, slot: int) -> RenderError:
    """``key``, in a style dict, is not a CSS property name."""
    return _error(
        f"{short_repr(key)} is not a CSS property name",
        "Use property names such as 'color', 'margin-top' or '--my-var'.",
        _C.STYLE,
        slot,
    )


def style_declaration(declaration: str, slot: int) -> RenderError:
    """A declaration without ':' in a style str."""
    return _error(
        f"a style declaration without ':': {short_repr(declaration.strip())}",
        "Write declarations as 'property: value', or pass a dict.",
        _C.STYLE,
        slot,
    )


def dot_segment(where: str, text: str, slot: int) -> RenderError:
    return _error(
        f"a value with a '.' or '..' segment in the path of {where}: {short_repr(text)}",
        "A value in a URL path stays in the path the template wrote; '..' would climb out of it "
        "(/static/{file} with '../uploads/x.js'). Check or clean the value first, or put it in "
        "the query (?file={file}).",
        _C.DOT_SEGMENT,
        slot,
    )


# -- RenderError: components ---------------------------------------------------------------------


def not_a_component(component: object, slot: int) -> RenderError:
    return _error(
        f"a {type(component).__name__} where a component is expected: {short_repr(component)}",
        "Put a function or a class that returns a template between the braces of a component "
        "tag. A tag name cannot come from a value: choose between templates in Python.",
        _C.NOT_A_COMPONENT,
        slot,
    )


def builtin_component(name: str, slot: int) -> RenderError:
    """The builtin ``name`` (its qualified name) where a component is expected."""
    return _error(
        f"the builtin {name} where a component is expected",
        "A component is a Python function or class that returns a template; builtins (print, "
        "len, the methods of built-in types) are not components. Call it in an interpolation "
        "if you meant to: {len(items)}.",
        _C.NOT_A_COMPONENT,
        slot,
    )


def component_signature(name: str, slot: int) -> RenderError:
    """The signature of the component ``name`` cannot be read."""
    return _error(
        f"the signature of the component {name} cannot be read",
        "Write the component as a Python function or class, or call it in an interpolation: "
        "{Card(title=...)}.",
        _C.COMPONENT_SIGNATURE,
        slot,
    )


def positional_only(name: str, parameter: str, slot: int) -> RenderError:
    """The component ``name`` has the positional-only ``parameter``."""
    return _error(
        f"the component {name} has a positional-only parameter, {parameter}",
        "Props are passed by keyword: make it a keyword parameter (def Card(*, title: str)), "
        "or call the component in an interpolation: {Card(...)}.",
        _C.COMPONENT_SIGNATURE,
        slot,
    )


def missing_prop(name: str, missing: list[str], slot: int) -> RenderError:
    """The component ``name`` is not given its required props ``missing`` (sorted)."""
    what = "prop" if len(missing) == 1 else "props"
    return _error(
        f"the component {name} is missing the required {what} {', '.join(missing)}",
        f"Give {'it' if len(missing) == 1 else 'them'} in the tag "
        f"(<{{{name}}} {missing[0]}=...>), or give the parameter a default.",
        _C.MISSING_PROP,
        slot,
    )


def unknown_prop(name: str, prop: str, signature: str, slot: int) -> RenderError:
    """The component ``name``, whose parameters are shown as ``signature``, takes no ``prop``."""
    return _error(
        f"the component {name} takes no prop {prop}",
        f"{name} takes: {signature}. Check the spelling, or accept any prop with a **props "
        "parameter.",
        _C.UNKNOWN_PROP,
        slot,
    )


def component_children(name: str, slot: int) -> RenderError:
    return _error(
        f"the component {name} takes no children",
        "Close it in its start tag (<{Card} />), or give it a parameter children: Template.",
        _C.COMPONENT_CHILDREN,
        slot,
    )


_SPREAD_PROPS_FIX = "Spread a mapping of prop names to values (a dict), or None for none."


def component_spread(value: object, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} spread into the props of a component: {short_repr(value)}",
        _SPREAD_PROPS_FIX,
        _C.COMPONENT_SPREAD,
        slot,
    )


def component_spread_key(key: object, slot: int) -> RenderError:
    """A key that is not a str in the props spread into a component."""
    return _error(
        f"a prop name that is not a str in a spread: {short_repr(key)}",
        _SPREAD_PROPS_FIX,
        _C.COMPONENT_SPREAD,
        slot,
    )


def component_close(name: str, closed_with: object, slot: int) -> RenderError:
    """The end tag of the component ``name`` holds the value ``closed_with``, another one."""
    return _error(
        f"the end tag of the component {name} names another value: {short_repr(closed_with)}",
        "Close a component with the same value it was opened with.",
        _C.COMPONENT_CLOSE,
        slot,
    )


# -- RenderError: the value rules of every position ----------------------------------------------

# The one place that says what to do with an async value, whatever the position.
ASYNC_FIX = (
    "Await it before rendering and interpolate the result (posts = await fetch_posts()); "
    "collect an async iterable into a list first ([row async for row in rows])."
)


def async_value(what: str, slot: int) -> RenderError:
    """An async value, ``what`` being "its kind: why it cannot be rendered"."""
    kind, why = what.split(": ", 1)
    return _error(f"{kind} where a value is expected: {why}", ASYNC_FIX, _C.ASYNC_VALUE, slot)


def lazy_value(shown: str, slot: int) -> RenderError:
    """The function ``shown`` (its name and signature) cannot be called without arguments."""
    return _error(
        f"the function {shown} cannot be called without arguments",
        "A function in a template is a lazy value, called with no arguments when the template "
        "renders. Call it yourself ({Card(title=...)}), or write a component as a tag: "
        "<{Card} title=...>...</{Card}>.",
        _C.LAZY_VALUE,
        slot,
    )


def lazy_chain(name: str, calls: int, slot: int) -> RenderError:
    """The lazy value ``name`` returned a function ``calls`` times in a row."""
    return _error(
        f"the lazy value {name} returned a function {calls} times in a row",
        "A function in a template is called with no arguments and its result rendered; a "
        "function that returns a function (or itself) is called again, at most "
        f"{calls} times. Return a value, or call the function yourself.",
        _C.LAZY_CHAIN,
        slot,
    )


def too_deep(depth: int, recursion_limit: int | None, slot: int) -> RenderError:
    """A value nested more than ``depth`` levels, or (given ``recursion_limit``) templates
    nested until Python's recursion limit was reached."""
    if recursion_limit is not None:
        headline = (
            "templates nested too deeply: Python's recursion limit "
            f"({recursion_limit}) was reached rendering this value"
        )
    else:
        headline = f"a value nested more than {depth} levels deep"
    return _error(
        headline,
        f"Data in a value may nest {depth} levels (lists, tuples, dicts); templates as deep as "
        "the recursion limit allows. Flatten deep data, or render a tree level by level with a "
        "depth limit of your own.",
        _C.TOO_DEEP,
        slot,
    )


def self_reference(value: object, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} that contains itself: {short_repr(value)}",
        "A value is rendered by walking everything in it, which never ends for a list (or a "
        "template, or a dict) that is inside itself. Render a copy without the cycle.",
        _C.SELF_REFERENCE,
        slot,
    )


def big_int(digits: int, slot: int) -> RenderError:
    """An int with more than ``digits`` digits (sys.get_int_max_str_digits())."""
    return _error(
        f"an int with more than {digits} digits, more than Python converts to text",
        "Python limits the conversion of ints to text, which takes time quadratic in their "
        "length (sys.set_int_max_str_digits()). Check the number's size, or format it yourself "
        "(a str of its digits, or f'{n:.3e}' of a float).",
        _C.BIG_INT,
        slot,
    )
