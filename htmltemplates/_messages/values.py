"""The text of the refusals of values at render time: one builder per RenderError message.

Values in text and in attributes, components and their props, and the rules every position
shares (lazy and async values, depth, long ints). A builder takes the value (or the facts) and
the slot of the interpolation and returns the error to raise.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Sequence

from ..errors import ErrorCode, RenderError, short_repr
from ..errors import value_error as _error

_C = ErrorCode


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
        "between attributes: <a {attrs}>. For JSON in an attribute, interpolate "
        f"json.dumps(value), or declare the attribute as JSON once, so that dicts and lists "
        f"are written as JSON there: attribute_rules.add('app', {{'{name}': 'json'}}).",
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


STATIC_HELPERS = (
    "For a static file, the helpers give a TrustedResourceURL: static_url('app.js') of "
    "htmltemplates.integrations.flask or htmltemplates.integrations.quart, "
    "static_url(request, 'app.js') of htmltemplates.integrations.starlette or "
    "htmltemplates.integrations.fastapi, static('app.js') of htmltemplates.integrations.django."
)


def untrusted_resource_url(value: object, name: str, slot: int) -> RenderError:
    return _error(
        f"a {type(value).__name__} cannot choose where the {name} attribute loads code from: "
        f"{short_repr(value)}",
        "Build the URL as a TrustedResourceURL from a literal or a t-string that fixes the "
        "origin: TrustedResourceURL(t'https://cdn.example/{path}'), or write the origin in the "
        f'template: {name}="/static/{{file}}". {STATIC_HELPERS}',
        _C.UNTRUSTED_RESOURCE_URL,
        slot,
    )


def import_map_value(problem: str, slot: int) -> RenderError:
    """A URL in an import map (``problem`` says which and what it is) that is not trusted."""
    return _error(
        f"an import map value that is not a TrustedResourceURL: {problem}",
        "Every URL in an import map loads code: build each as a TrustedResourceURL "
        "(TrustedResourceURL(t'/static/{file}'), htmltemplates.integrations.flask.static_url()).",
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
        f"Props are passed by keyword: move {parameter} after a * in the signature "
        f"(*, {parameter}), or call the component in an interpolation: {{{name}(...)}}.",
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


def unknown_prop(
    name: str, prop: str, signature: str, slot: int, known: Sequence[str] = ()
) -> RenderError:
    """The component ``name``, whose parameters are shown as ``signature``, takes no ``prop``;
    ``known`` are its parameter names, for a "did you mean" when one is close."""
    close = difflib.get_close_matches(prop, known, n=1)
    guess = f"Did you mean {close[0]}? " if close else ""
    return _error(
        f"the component {name} takes no prop {prop}",
        f"{guess}{name} takes: {signature}. Check the spelling, or accept any prop with a "
        "**props parameter.",
        _C.UNKNOWN_PROP,
        slot,
    )


def static_prop(name: str, prop: str, annotation: str, text: str, slot: int) -> RenderError:
    """The prop ``prop`` of the component ``name`` is written as ``text`` in the tag (a str),
    but its parameter is annotated ``annotation``, which takes no str."""
    try:
        ast.literal_eval(text)
        value = text
    except ValueError, SyntaxError, TypeError, MemoryError, RecursionError:
        value = "..."
    return _error(
        f"the prop {prop} of {name} is written as text, a str ({short_repr(text)}), but its "
        f"parameter is annotated {annotation}",
        f"Props written as text are strings, as attributes are in HTML: give the value as a "
        f"Python expression, {prop}={{{value}}}, or annotate the parameter str.",
        _C.STATIC_PROP,
        slot,
    )


def component_children(name: str, slot: int) -> RenderError:
    return _error(
        f"the component {name} takes no children",
        f"Close it in its start tag (<{{{name}}} />), or give it a parameter children: Template.",
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
    "Render with await html_async(...) or stream_html_async(...), which await values in "
    "element content; elsewhere (an attribute, a <script>, a prop), await it first and "
    "interpolate the result (url = await fetch_url())."
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


def component_object(name: str, slot: int) -> RenderError:
    """An instance of ``name``, callable but without text of its own, needs arguments."""
    return _error(
        f"the {name} object in element content is callable and has no __str__ or __html__, "
        "but its __call__ cannot be called without arguments",
        "An object whose class defines __call__ but neither __str__ nor __html__ is a "
        "component object: it is called with no arguments and its result rendered. Give "
        "__call__ defaults, call it yourself ({obj(...)}), or give the class __html__ (or "
        "__str__) to say how it renders.",
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


def format_spec(value: object, spec: str, reason: str, expression: str, slot: int) -> RenderError:
    """format() refused the format spec ``spec`` for ``value`` (``reason``: its message);
    ``expression`` is the hole's, for the call that a helper's name written as a spec meant."""
    # a name (``nl2br``) was meant as a helper; a one-letter spec is a format code
    helper = spec if spec.isidentifier() and len(spec) > 1 else "helper"
    call = f"{{{helper}({expression or 'value'})}}"
    kind = type(value).__name__
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    return _error(
        f"the format spec {spec!r} is not valid for {article} {kind}: {reason}",
        "A format spec is Python's format() mini-language, as in f-strings ({price:.2f}, "
        f"{{count:>5}}, {{day:%Y-%m-%d}}). A helper is a plain function call: {call}.",
        _C.FORMAT_SPEC,
        slot,
    )
