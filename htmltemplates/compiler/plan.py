"""Compiles a template's tokens into a plan: a Python function generated once per template.

The plan for ``t'<a href="{url}">{name}</a>'`` is, in effect::

    def render(interpolations):
        i0, i1 = interpolations
        v0 = convert(i0) if i0.conversion or i0.format_spec else i0.value
        v1 = ...
        return f'<a href="{url_part(v0, 0, "href")}">{esc(v1) if str else text(v1, 1)}</a>'

Static text goes into the function as string constants (through ``repr``, so no template text
is ever read as code); each hole becomes the call of the escaper its context chose at compile
time, with an inline fast path for the common ``str`` value. Python's own compiler then joins
everything with one BUILD_STRING, the fastest concatenation CPython has; a template of more
than _CHUNK pieces is joined from functions of _CHUNK pieces each, which keeps its compile
linear.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Sequence
from string.templatelib import Template

from .. import _messages as _msg
from .._spec import (
    ANIMATION_ELEMENTS,
    ANIMATION_VALUES,
    LINK_NAVIGATIONAL_RELS,
    SCRIPT_KINDS,
    WHITESPACE,
    AttrKind,
    UrlPart,
    ascii_lower,
    attr_kind,
    refusal_reason,
)
from ..errors import Location, TemplateError
from ..lang.css import css_holes
from ..lang.javascript import CODE_STAND_IN, TEXT_STAND_IN, JsState, js_state
from ..lang.references import decode_attribute
from ..lang.urls import (
    refresh_parts,
    refuse_reference_joins,
    resource_parts,
    srcset_parts,
    url_parts,
)
from ..runtime import attributes as _attributes
from ..runtime import cache
from ..runtime import components as _components
from ..runtime import escapers as _escapers
from ..runtime import scripted as _scripted
from ..runtime import tags as _tags
from ..runtime import text as _text
from ..runtime.attributes import PartMarker, PartsItem
from ..runtime.cache import PLAN_FILENAME, Render
from ..runtime.csp import nonce_attribute
from ..runtime.escapers import escape_text
from ..runtime.slow import SLOW_PATHS
from ..runtime.tags import SpreadItem, StaticItem, TagPlan, WholeItem
from ..runtime.values import check_ints, too_deep
from ..scan.context import State
from ..scan.scanner import (
    JS_HOLE_STATES,
    AttrToken,
    ComponentToken,
    Nesting,
    NonceSlot,
    Scanner,
    SpreadToken,
    TagToken,
    TextHole,
    Token,
    css_escaping,
    refuse_module_specifier,
)

__all__ = ["compile_template"]

# What plans call, by name.
_GLOBALS: dict[str, object] = {
    "_str": str,
    "_keep_newline": _escapers.keep_first_newline,
    "_int": int,
    "_esc": escape_text,
    "_part": _attributes.attr_part,
    "_url": _attributes.url_part,
    "_res": _attributes.resource_part,
    "_marked": _attributes.part_text,
    "_jss": _scripted.js_string_part,
    "_imap": _scripted.importmap_part,
    "_css": _attributes.css_part,
    "_jsp": _scripted.js_part,
    "_event": _attributes.render_event,
    "_piece": _attributes.url_piece,
    "_PART": UrlPart,
    "_whole": _tags.render_whole,
    "_tag": _tags.render_tag,
    "_try": _tags.render_spread_tag,
    "_spread": _tags.spread_in_place,
    "_KIND": AttrKind,
    "_nonce": nonce_attribute,
    "_check_ints": check_ints,
    "_too_deep": too_deep,
    "_js": _scripted.js_part,
    "_text": _text.render_text,
    "_text_f": _text.render_text_foreign,
    "_foreign": _text.in_foreign,
    "_render_str": _text.render_str,
    "_rcdata": _text.render_rcdata,
    "_comment": _text.render_comment,
    "_convert": _text.convert,
}


class _Builder:
    """Collects the pieces of the f-string a plan returns. A sub-builder (for a tag rendered
    by a function of its own) shares the constants and functions of its parent."""

    def __init__(self, parent: _Builder | None = None) -> None:
        self.pieces: list[str] = []  # source of adjacent literals: 'text' or f'{expr}'
        self.text: list[str] = []
        self.constants: dict[str, object] = parent.constants if parent else {}
        self.functions: list[str] = parent.functions if parent else []
        # A template that is one component tag and nothing else (t"<{Card} item={item} />",
        # the common shape of list items and component results) renders as the body of that
        # tag's function, inlined into render(): ``fuse`` allows it, ``fused`` is that body
        # with the statement binding its parameters.
        self.fuse = False
        self.fused: tuple[str, str] | None = None

    def literal(self, text: str) -> None:
        self.text.append(text)

    def expr(self, source: str) -> None:
        self._flush()
        self.pieces.append("f'{(" + source + ")}'")

    def const(self, value: object) -> str:
        name = f"_k{len(self.constants)}"
        self.constants[name] = value
        return name

    def _flush(self) -> None:
        text = "".join(self.text)
        if text:
            self.pieces.append(repr(text))
        self.text.clear()

    def _body(self) -> str:
        self._flush()
        return f"({' '.join(self.pieces)})" if self.pieces else "''"

    def function(self, holes: Sequence[int]) -> str:
        """Define a function of the values ``v{n}`` of ``holes`` returning what was built."""
        self._flush()
        if len(self.pieces) > _CHUNK:
            names = {f"v{n}" for n in holes}
            calls = self._chunks(lambda used: (sorted(used & names, key=_hole_order), []))
            body = f"''.join(({', '.join(calls)},))"
        else:
            body = self._body()
        name = f"_f{len(self.functions)}"
        params = ", ".join(f"v{n}" for n in holes)
        self.functions.append(f"def {name}({params}):\n    return {body}\n")
        return name

    def _chunks(self, bind: Callable[[set[str]], tuple[list[str], list[str]]]) -> list[str]:
        """Define a function for each run of _CHUNK pieces, and give the calls of them, in
        order. ``bind`` maps the names ``v{n}`` and ``i{n}`` that a run reads to the parameters
        of its function and the statements that bind the rest of them."""
        calls = []
        for start in range(0, len(self.pieces), _CHUNK):
            run = " ".join(self.pieces[start : start + _CHUNK])
            code = _code(self.pieces[start : start + _CHUNK])
            params, statements = bind(set(_HOLE_NAME.findall(code)))
            name = f"_f{len(self.functions)}"
            lines = [f"def {name}({', '.join(params)}):", *statements, f"    return ({run})"]
            self.functions.append("\n".join(lines) + "\n")
            calls.append(f"{name}({', '.join(params)})")
        return calls

    def build(self, holes: int) -> tuple[Render, str]:
        if self.fused is None:
            self._flush()
        if self.fused is None and len(self.pieces) > _CHUNK:
            lines = self._chunked_render(holes)
        else:
            lines = self._render(holes)
        source = "\n".join([*self.functions, *lines]) + "\n"
        namespace: dict[str, object] = {**_GLOBALS, **self.constants}
        exec(compile(source, PLAN_FILENAME, "exec"), namespace)
        render = namespace["render"]
        return render, source  # type: ignore[return-value]

    def _render(self, holes: int) -> list[str]:
        """The lines of render(): the values it reads converted, then one f-string of the
        pieces (or the fused component's body)."""
        lines = ["def render(interpolations):"]
        body = self._body() if self.fused is None else "\n".join(self.fused)
        # Only the values the plan reads are converted: the holes in a component's children
        # (and of its end tag) are read when the children render, and converting them here too
        # would call a lazy value twice (<{Box}>{name!s}</{Box}>).
        code = _code(self.pieces if self.fused is None else self.fused)
        used = {int(n) for n in _VALUE_NAME.findall(code)}
        if holes:
            names = ", ".join(f"i{n}" for n in range(holes))
            lines.append(f"    {names}, = interpolations")
            lines.extend(
                f"    v{n} = _convert(i{n}, {n}) if i{n}.conversion or i{n}.format_spec "
                f"else i{n}.value"
                for n in range(holes)
                if n in used
            )
        if self.fused is not None:  # a prop's text (title="n{n}") is built before the body
            lines.append("    try:")
            lines.extend("    " + line for line in "\n".join(self.fused).split("\n"))
        elif self.pieces:
            lines += ["    try:", f"        return {body}"]
        else:
            lines.append(f"    return _str({body})")
        if self.fused is not None or self.pieces:
            lines += _CHECK_INTS
        return lines

    def _chunked_render(self, holes: int) -> list[str]:
        """The lines of render() for a template of more than _CHUNK pieces: the values it reads
        converted in order (as _render does) into a dict, and the pieces joined from functions
        of _CHUNK pieces each, which take what they read from the interpolations and it."""
        read = map(int, _VALUE_NAME.findall(_code(self.pieces)))
        used = sorted({n for n in read if n < holes})
        converted = {f"v{n}" for n in used}

        def bind(names: set[str]) -> tuple[list[str], list[str]]:
            statements = [
                f"    {name} = interpolations[{name[1:]}]"
                if name[0] == "i"
                else f"    {name} = values[{name[1:]}]"
                for name in sorted(names, key=_hole_order)
                if (name in converted if name[0] == "v" else int(name[1:]) < holes)
            ]
            return ["interpolations", "values"], statements

        calls = self._chunks(bind)
        return [
            "def render(interpolations):",
            "    values = {}",
            f"    for n in {self.const(tuple(used))}:",
            "        i = interpolations[n]",
            "        values[n] = _convert(i, n) if i.conversion or i.format_spec else i.value",
            "    try:",
            f"        return ''.join(({', '.join(calls)},))",
            *_CHECK_INTS,
        ]


# CPython's compile() takes a time that grows faster than the size of the code object (one plan
# of 40,000 holes in text: 3 s, growing as about n^1.3), so past _CHUNK pieces a plan's pieces
# are joined from functions of _CHUNK pieces each (the same 40,000 holes: 1.7 s, and linear).
# Shorter templates, all but generated ones, keep the one f-string: the fastest concatenation.
_CHUNK = 256
_HOLE_NAME = re.compile(r"\b[iv]\d+\b")
# the end of render(): ints are written inline (_str); one too long for text raises ValueError,
# which _check_ints turns into a RenderError at its hole (the try costs nothing until then)
_CHECK_INTS = ["    except ValueError:", "        _check_ints(interpolations)", "        raise"]
_VALUE_NAME = re.compile(r"\bv(\d+)\b")
# The string literals of generated code (repr() of static text, quote characters): names are
# looked for outside them, so that static text such as "v1" is never read as a value's name
_STRING_LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'" "|" r'"(?:[^"\\]|\\.)*"')


def _code(pieces: Sequence[str]) -> str:
    """The code of ``pieces`` (of a plan's f-string, or the lines of a component's body):
    what an expression piece f'{(...)}' holds, with the string literals in it emptied;
    literal pieces hold no code."""
    code = [
        piece[4:-3] if piece.startswith("f'{(") else piece
        for piece in pieces
        if piece.startswith("f'{(") or piece[:1] not in "'\""
    ]
    return " ".join(_STRING_LITERAL.sub("''", part) for part in code)


def _hole_order(name: str) -> tuple[int, str]:
    return int(name[1:]), name[0]


def _fast_text(n: int, slow: str, nested: bool = False) -> str:
    """Inline: a str is escaped, an int needs no escaping, a nested template (``nested``, in
    text content) is rendered through the plan cache, anything else takes ``slow``."""
    value = f"v{n}"
    if SLOW_PATHS:
        return f"{slow}({value}, {n})"
    template = f"_render_str({value}, {n}) if c is _Template else " if nested else ""
    return (
        f"_esc({value}) if (c := {value}.__class__) is _str "
        f"else _str({value}) if c is _int else {template}{slow}({value}, {n})"
    )


def compile_template(template: Template) -> tuple[Render, str, Nesting | None]:
    """The render function for templates with the static strings of ``template``, its source,
    and why it may not be rendered inside another template (None when it may). Only the
    strings shape the plan: values, conversions and format specs do not.

    Raises TemplateSyntaxError (without a template attached) for positions it cannot make safe.
    """
    builder = _Builder()
    scanner = Scanner()
    tokens = scanner.scan(template)
    significant = [token for token in tokens if token != ""]
    builder.fuse = len(significant) == 1 and isinstance(significant[0], ComponentToken)
    for token in tokens:
        match token:
            case str():
                builder.literal(token)
            case TextHole(index, context, after_start_tag, script):
                if script.startswith("css-"):
                    builder.expr(f"_css(v{index}, {index}, {script!r})")
                    continue
                if script:
                    js = {"string": "_jss", "importmap": "_imap"}.get(script, "_js")
                    builder.expr(f"{js}(v{index}, {index})")
                    continue
                if context.state is State.TEXT and token.foreign:
                    # maybe in <svg>, <math> or <select>: a template rendered here is told so
                    source = _fast_text(index, "_text_f")
                elif context.state is State.TEXT:
                    source = _fast_text(index, "_text", nested=True)
                elif context.state is State.RCDATA:
                    source = _fast_text(index, "_rcdata")
                else:
                    source = f"_comment(v{index}, {index})"
                # the parser drops a newline right after <pre>/<textarea>: give it one to drop
                builder.expr(f"_keep_newline({source})" if after_start_tag else source)
            case TagToken():
                _compile_tag(builder, token)
            case NonceSlot():
                builder.expr("_nonce()")
            case ComponentToken():
                _compile_component(builder, token, template)
    render, source = builder.build(len(template.interpolations))
    return render, source, scanner.nesting


# -- tags ----------------------------------------------------------------------------------------


def _holes(attr: AttrToken) -> list[int]:
    return [part for part in attr.parts or () if isinstance(part, int)]


def _kind(tag: TagToken, name: str) -> AttrKind:
    """The kind of attribute ``name`` (lower-case) on ``tag``: as attr_kind says, except that
    a <link href> is an ordinary URL when the tag has no spread and a static rel whose every
    keyword only points somewhere (rel=canonical, alternate, icon...)."""
    if name == "nonce":
        return AttrKind.PLAIN  # written in the template: the author's nonce (attr_kind: data's)
    kind = attr_kind(tag.name, name)
    if tag.name in ANIMATION_ELEMENTS and name in ANIMATION_VALUES:
        return _animation_kind(tag, name)
    if kind is AttrKind.RESOURCE and tag.name == "link" and name == "href":
        rel = _fixed_value(tag, "rel")
        if rel is not None and set(rel.split()) <= LINK_NAVIGATIONAL_RELS:
            return AttrKind.URL
    return kind


def _fixed_value(tag: TagToken, name: str) -> str | None:
    """The value of attribute ``name`` on ``tag``, lower-cased, when the template fixes it: it
    is written once, without a hole, and no spread could write it too. Else None."""
    found = [
        item
        for item in tag.items
        if isinstance(item, SpreadToken) or ascii_lower(item.name) == name
    ]
    if len(found) != 1 or isinstance(found[0], SpreadToken) or found[0].dynamic:
        return None
    return ascii_lower(str(_static_value(found[0])))


def _animation_kind(tag: TagToken, name: str) -> AttrKind:
    """The kind of to/from/by/values on an SVG animation element, which writes them into the
    attribute its attributeName names (SVG 2, SMIL animation): a URL when that is a URL attribute
    (``values``, a list of them, is refused then), plain text for a presentation attribute;
    refused when the target is not written in the template, or is an event handler or style."""
    fixed = _fixed_value(tag, "attributename")
    if fixed is None:
        return AttrKind.REFUSED
    target = fixed.strip(WHITESPACE)
    kind = attr_kind("a", target)
    if kind is AttrKind.URL and name != "values":
        # the animated element may be a <use> or a <script> (the parent, or the href target),
        # whose href loads code (an external document, a script): a URL that loads code
        return AttrKind.RESOURCE
    if kind is AttrKind.PLAIN and target and target.replace("-", "").isalnum():
        return AttrKind.PLAIN
    return AttrKind.REFUSED


def _check_attribute(tag: TagToken, attr: AttrToken) -> AttrKind:
    """The kind of a dynamic attribute, or a TemplateSyntaxError where it cannot be made safe."""
    element, name = tag.name, ascii_lower(attr.name)
    kind = _kind(tag, name)
    first = Location.at_hole(_holes(attr)[0])
    whole = attr.parts is not None and len(attr.parts) == 1
    if kind is AttrKind.RESOURCE:
        resource_parts(element, attr.name, attr.parts or ())
    if kind is AttrKind.SRCDOC and not whole:
        raise _msg.srcdoc(first)
    if kind is AttrKind.HTML and not whole:
        raise _msg.html_attribute_part(name, first)
    if kind is AttrKind.REFUSED:
        reason = _REFUSED_REASONS.get(name) or refusal_reason(element, name)
        reason = reason or "changes how the rest of the document is read"
        raise _msg.refused_attribute(name, element, reason, first)
    return kind


_REFUSED_REASONS = {
    "http-equiv": "can redirect the page or change its security policy",
    "attributename": "decides which attribute an SVG animation rewrites",
    "charset": "decides how the page (or the script) is decoded",
    "xml:base": "decides where every relative URL inside the element resolves",
    "type": "decides whether the script is run, and as what language",
    "language": "decides whether the script is run, and as what language",
    "nonce": "decides whether the script or style may run under a Content Security Policy",
    **dict.fromkeys(
        ("to", "from", "by"),
        "is written into the attribute an SVG animation targets (attributeName), which must be "
        "written in the template and be neither an event handler nor style",
    ),
    "values": "is written into the attribute an SVG animation targets (attributeName), which "
    "must be written in the template and be neither a URL, an event handler nor style",
}


def _js_reads(name: str, kind: AttrKind) -> str:
    """How a JavaScript-reading attribute reads its value, as _messages.event_handler names it."""
    if kind is AttrKind.JSON:
        return "json"
    if kind is AttrKind.TRIGGER:
        return "trigger"
    if name.startswith("on"):
        return "handler"
    return "javascript"


# htmx runs the value of hx-vals, hx-headers, hx-confirm... as JavaScript after this prefix,
# once trimmed (https://htmx.org/attributes/hx-vals/); matched without regard to case here
_JS_PREFIX = re.compile(r"[\s\ufeff]*(?:js|javascript):", re.IGNORECASE)


def _event_parts(
    name: str, attr: AttrToken, markers: dict[int, PartMarker], kind: AttrKind = AttrKind.EVENT
) -> None:
    """Decide the holes of an attribute whose value is JavaScript (``on*``, ``hx-on:*``,
    ``x-data``..., the rest of an htmx value after ``js:``) or JSON (``hx-vals``): where
    JavaScript expects an expression a value is a literal (marked "js"), inside a string or
    template literal it is the literal's text ("jsstr"); anywhere else it is refused. The
    handler is read as JavaScript after the attribute's character references are decoded:
    both readings must agree. In a bound URL (``:href``) string values are also
    scheme-filtered ("jsurl", "jsstrurl"); JSON has no template literals."""
    parts = list(attr.parts or ())
    if kind in (AttrKind.JSON, AttrKind.JS_PREFIXED) and _js_prefixed(parts):
        parts[0] = _JS_PREFIX.sub("", str(parts[0]), count=1)  # the JavaScript after "js:"
        kind = AttrKind.EVENT
    body = ""  # as written, and as the browser reads it (entities decoded, part by part)
    decoded = ""
    for part in parts:
        if isinstance(part, str):
            body += part
            decoded += decode_attribute(part)
        else:
            stand_in = _js_hole(name, kind, body, decoded, part, markers)
            body += stand_in
            decoded += stand_in


def _js_hole(
    name: str, kind: AttrKind, body: str, decoded: str, hole: int, markers: dict[int, PartMarker]
) -> str:
    """Mark ``hole``, which follows the JavaScript ``body`` (``decoded``, as the browser reads
    it), or refuse it; return the text that stands for its value when lexing on."""
    state = js_state(decoded)
    if state is not js_state(body):  # a reference the browser leaves alone must not matter
        state = JsState.UNKNOWN
    if state not in JS_HOLE_STATES or (kind is AttrKind.JSON and state is JsState.TEMPLATE):
        raise _msg.event_handler(
            state.value,
            name,
            Location.at_hole(hole),
            known=state is not JsState.UNKNOWN,
            reads=_js_reads(name, kind),
        )
    literal, text = _JS_MARKERS.get(kind, ("js", "jsstr"))
    if state is JsState.CODE:
        markers[hole] = literal
        return CODE_STAND_IN
    refuse_module_specifier(decoded, Location.at_hole(hole))
    markers[hole] = text
    return TEXT_STAND_IN


# How a hole in JavaScript is marked, by the attribute's kind: a literal where an expression
# goes, a string's text inside one; in a bound URL scheme-filtered, in an htmx filter without
# the punctuation htmx 4 splits on
_JS_MARKERS: dict[AttrKind, tuple[PartMarker, PartMarker]] = {
    AttrKind.BOUND_URL: ("jsurl", "jsstrurl"),
    AttrKind.TRIGGER: ("filter", "filterstr"),
    AttrKind.ALPINE_DATA: ("jsdata", "jsstr"),
}


def _js_prefixed(parts: Sequence[str | int]) -> bool:
    """Whether the static text of an htmx value starts with ``js:``/``javascript:``."""
    return (
        bool(parts)
        and isinstance(parts[0], str)
        and bool(_JS_PREFIX.match(decode_attribute(parts[0])))
    )


def _prefixed_parts(name: str, attr: AttrToken, markers: dict[int, PartMarker]) -> None:
    """Decide the holes of hx-confirm and its kind: JavaScript after a static ``js:``; text
    otherwise, but a value that could make the value start with ``js:`` is checked at render
    time ("jsprefix", with the text written before and after it)."""
    parts = attr.parts or ()
    if _js_prefixed(parts):
        _event_parts(name, attr, markers, AttrKind.JS_PREFIXED)
        return
    lead = ""
    for k, part in enumerate(parts):
        if isinstance(part, str):
            lead += decode_attribute(part)
            continue
        if not _attributes.may_start_javascript(_attributes.js_start(lead)):
            return  # the static text settled how the value starts: the rest is text
        following = parts[k + 1] if k + 1 < len(parts) else ""
        if not isinstance(following, str):
            raise _msg.js_prefix_holes(name, Location.at_hole(following))
        more = any(isinstance(later, int) for later in parts[k + 2 :])
        markers[part] = ("jsprefix", lead, decode_attribute(following), more)
        return


def _trigger_parts(name: str, attr: AttrToken, markers: dict[int, PartMarker]) -> None:
    """Decide the holes of hx-trigger (https://htmx.org/attributes/hx-trigger/): inside an
    event filter, ``click[ctrlKey && {x}]``, a value follows the JavaScript rules; elsewhere
    it is text that may not open or close a filter ("trigger")."""
    code: str | None = None  # the filter's JavaScript so far (as the browser reads it), in one
    depth = 0  # brackets open inside the filter
    for part in attr.parts or ():
        if not isinstance(part, str):
            if code is None:
                markers[part] = "trigger"
            else:
                code += _js_hole(name, AttrKind.TRIGGER, code, code, part, markers)
            continue
        for char in decode_attribute(part):  # "&#91;" opens a filter as "[" does
            if code is None:
                if char == "[":
                    code, depth = "", 0
                continue
            if char in "[]" and js_state(code) is JsState.CODE:
                if char == "]" and depth == 0:
                    code = None
                    continue
                depth += 1 if char == "[" else -1
            code += char


def _static_value(attr: AttrToken) -> str | bool:
    if attr.parts is None:
        return True
    return "".join(part for part in attr.parts if isinstance(part, str))


def _layout(tag: TagToken) -> str:
    """How the attributes of ``tag`` are rendered:

    - ``"in place"``: each where it stands, the fast way (no spread, no name twice);
    - ``"spread"``: one spread whose keys are checked against the tag's other names at render
      time: in place when none meets, merged otherwise;
    - ``"merge"``: always merged (several spreads, a name twice, data/aria dicts beside
      data-*/aria-* attributes).
    """
    names: set[str] = set()
    prefixes: set[str] = set()
    spreads = 0
    for item in tag.items:
        if isinstance(item, SpreadToken):
            spreads += 1
            continue
        name = ascii_lower(item.name)
        if name in names:
            return "merge"
        names.add(name)
        if name in ("data", "aria") and item.dynamic and len(item.parts or ()) == 1:
            prefixes.add(name + "-")
    if prefixes and (spreads or any(name.startswith(tuple(prefixes)) for name in names)):
        return "merge"
    return "merge" if spreads > 1 else "spread" if spreads else "in place"


def _compile_tag(builder: _Builder, tag: TagToken) -> None:
    element = tag.name
    for before, item in zip(tag.items, tag.items[1:], strict=False):
        if not item.ws and (isinstance(before, SpreadToken) or before.dynamic):
            # <input title="{t}"type=password>: if the value drops title or leaves it bare,
            # the next attribute must not run into the tag name or the bare name
            item.ws = " "
    kinds = {
        id(item): _check_attribute(tag, item)
        for item in tag.items
        if isinstance(item, AttrToken) and item.dynamic
    }
    urls: dict[int, UrlPart] = {}
    markers: dict[int, PartMarker] = {}  # holes in srcset and refresh URLs
    for item in tag.items:
        if not isinstance(item, AttrToken) or not item.dynamic:
            continue
        kind, name = kinds[id(item)], ascii_lower(item.name)
        if kind in _DECODED_THEN_READ or (element == "meta" and name == "content"):
            refuse_reference_joins(item.parts or (), f"the {name} attribute")
        if kind in (AttrKind.EVENT, AttrKind.BOUND_URL, AttrKind.JSON, AttrKind.ALPINE_DATA):
            _event_parts(name, item, markers, kind)
        elif kind is AttrKind.JS_PREFIXED:
            _prefixed_parts(name, item, markers)
        elif kind is AttrKind.TRIGGER:
            _trigger_parts(name, item, markers)
        elif kind in (AttrKind.URL, AttrKind.RESOURCE):
            urls.update(url_parts(item.parts or (), item.name))
        elif kind is AttrKind.STYLE and len(item.parts or ()) > 1:
            _style_parts(item, markers)
        elif kind is AttrKind.SRCSET and len(item.parts or ()) > 1:
            for hole, where in srcset_parts(item.parts or (), item.name).items():
                markers[hole] = ("srcset", where)
    if element == "meta":
        _meta_parts(tag, markers)
    # in place is the fast way of the merged tag, which render_tag defines: the slow paths
    # merge every tag
    layout = "merge" if SLOW_PATHS else _layout(tag)
    if layout == "merge":
        _compile_merged_tag(builder, tag, urls, markers)
    elif layout == "spread":
        plan, holes = _merged_plan(builder, tag, urls, markers)
        sub = _Builder(builder)
        _compile_in_place(sub, tag, kinds, urls, markers)
        function = sub.function(holes)
        spread = next(item for item in tag.items if isinstance(item, SpreadToken))
        names = frozenset(
            ascii_lower(item.name) for item in tag.items if isinstance(item, AttrToken)
        )
        args = f"{function}, {plan}, ({''.join(f'v{n}, ' for n in holes)}), "
        position = holes.index(spread.index)
        builder.expr(f"_try({args}{position}, {spread.index}, {builder.const(names)})")
    else:
        _compile_in_place(builder, tag, kinds, urls, markers)


# Attribute values the browser reads as a language after decoding their character references
# (CSS holes are judged by the CSS lexer, which refuses the same joins).
_DECODED_THEN_READ = frozenset(
    {
        AttrKind.URL,
        AttrKind.RESOURCE,
        AttrKind.SRCSET,
        AttrKind.EVENT,
        AttrKind.BOUND_URL,
        AttrKind.JSON,
        AttrKind.JS_PREFIXED,
        AttrKind.TRIGGER,
        AttrKind.ALPINE_DATA,
    }
)


def _style_parts(attr: AttrToken, markers: dict[int, PartMarker]) -> None:
    """Decide the holes of a style value with text around them: the value is a declaration
    list, read after its character references are decoded; each hole is escaped for where the
    CSS lexer puts it (a property value, a string, a url()), or refused."""
    strings = [""]
    holes = []
    for part in attr.parts or ():
        if isinstance(part, str):
            strings[-1] += decode_attribute(part)
        else:
            holes.append(part)
            strings.append("")
    for hole, position in zip(holes, css_holes(strings, declarations=True), strict=True):
        markers[hole] = ("css", css_escaping(position, hole, "the style attribute"))


def _meta_parts(tag: TagToken, markers: dict[int, PartMarker]) -> None:
    """A <meta http-equiv> takes no values, but for the URL of a refresh (HTML 4.2.5.3):
    its content can redirect the page, set cookies or change its security policy."""
    equiv = [
        item
        for item in tag.items
        if isinstance(item, AttrToken) and ascii_lower(item.name) == "http-equiv"
    ]
    if not equiv:
        return
    value = _static_value(equiv[0])
    refresh = len(equiv) == 1 and isinstance(value, str)
    refresh = refresh and ascii_lower(str(value).strip(WHITESPACE)) == "refresh"
    for item in tag.items:
        if isinstance(item, AttrToken) and refresh and ascii_lower(item.name) != "http-equiv":
            if item.dynamic and ascii_lower(item.name) == "content":
                for hole, where in refresh_parts(item.parts or (), item.name).items():
                    markers[hole] = ("refresh", where)
            continue
        if isinstance(item, SpreadToken) or item.dynamic:
            hole = item.index if isinstance(item, SpreadToken) else _holes(item)[0]
            raise _msg.meta_http_equiv(Location.at_hole(hole))


def _compile_in_place(
    builder: _Builder,
    tag: TagToken,
    kinds: dict[int, AttrKind],
    urls: dict[int, UrlPart],
    markers: dict[int, PartMarker],
) -> None:
    builder.literal(tag.head)
    for item in tag.items:
        if isinstance(item, SpreadToken):
            ws, element = builder.const(item.ws), builder.const(tag.name)
            builder.expr(f"_spread(v{item.index}, {item.index}, {ws}, {element})")
            continue
        if not item.dynamic:
            builder.literal(item.ws + item.raw)
            continue
        kind = kinds[id(item)]
        parts = item.parts or []
        quote = item.quote.value or '"'
        if len(parts) == 1:
            n = _holes(item)[0]
            key = ascii_lower(item.name)
            names = ", ".join(map(builder.const, (item.ws, item.name, key)))
            slow = f"_whole(v{n}, {n}, {names}, {quote!r}, _KIND.{kind.name})"
            # inline: None/False drop the attribute, True leaves it bare, a str is escaped
            bare = builder.const(item.ws + item.name)
            flags = f"'' if v{n} is None or v{n} is False else {bare} if v{n} is True else {slow}"
            if SLOW_PATHS and kind in (AttrKind.PLAIN, AttrKind.CLASS, AttrKind.URL):
                builder.expr(slow)
            elif kind in (AttrKind.PLAIN, AttrKind.CLASS):
                before = builder.const(f"{item.ws}{item.name}={quote}")
                fast = f"{before} + _esc(v{n}) + {quote!r}"
                builder.expr(f"{fast} if v{n}.__class__ is _str and v{n} else {flags}")
            elif kind is AttrKind.EVENT:
                before = builder.const(f"{item.ws}{item.name}={quote}")
                builder.expr(f"_event(v{n}, {n}, {before}, {bare}, {quote!r})")
            elif kind in SCRIPT_KINDS:
                before = builder.const(f"{item.ws}{item.name}={quote}")
                args = f"{before}, {bare}, {quote!r}, _KIND.{kind.name}"
                builder.expr(f"_event(v{n}, {n}, {args})")
            elif kind is AttrKind.URL:
                builder.expr(flags)
            else:
                builder.expr(slow)
            continue
        key = ascii_lower(item.name)
        name = builder.const(key)
        sources = [
            part
            if isinstance(part, str)
            else _part_source(builder, part, name, kind, urls, markers)
            for part in parts
        ]
        if key in ("class", "style") and not any(isinstance(part, str) and part for part in parts):
            # holes side by side and nothing else: a class or style left empty is dropped, as
            # render_tag's merge drops it
            before = builder.const(f"{item.ws}{item.name}={quote}")
            joined = " + ".join(f"({source})" for source in sources if source)
            builder.expr(f"{before} + t + {quote!r} if (t := {joined}) else ''")
            continue
        builder.literal(f"{item.ws}{item.name}={quote}")
        for part, source in zip(parts, sources, strict=True):
            if isinstance(part, str):
                builder.literal(part)
            else:
                builder.expr(source)
        builder.literal(quote)
    builder.literal(tag.tail)


def _part_source(
    builder: _Builder,
    part: int,
    name: str,
    kind: AttrKind,
    urls: dict[int, UrlPart],
    markers: dict[int, PartMarker],
) -> str:
    """The source of hole ``part`` inside the value of an attribute rendered in place (``name``
    is the constant of its lower-case name)."""
    if part in markers:
        return f"_marked(v{part}, {part}, {name}, {builder.const(markers[part])})"
    if kind is AttrKind.EVENT:
        return f"_esc(_jsp(v{part}, {part}))"
    if urls.get(part) is UrlPart.START:
        check = "_res" if kind is AttrKind.RESOURCE else "_url"
        return f"{check}(v{part}, {part}, {name})"
    if part in urls:
        piece = f"_piece(v{part}, {part}, {name}, _PART.{urls[part].name})"
        # an int needs neither encoding nor escaping (ids in /items/{id} are common)
        fast = f"_str(v{part}) if v{part}.__class__ is _int else "
        return piece if SLOW_PATHS else fast + piece
    slow = f"_part(v{part}, {part}, {name})"
    # an int needs no escaping (class="level-{n}", id="row-{i}")
    fast = f"_esc(v{part}) if (c := v{part}.__class__) is _str else _str(v{part})"
    return slow if SLOW_PATHS else f"{fast} if c is _int else {slow}"


def _compile_merged_tag(
    builder: _Builder, tag: TagToken, urls: dict[int, UrlPart], markers: dict[int, PartMarker]
) -> None:
    plan, holes = _merged_plan(builder, tag, urls, markers)
    builder.expr(f"_tag({plan}, ({''.join(f'v{n}, ' for n in holes)}))")


def _merged_plan(
    builder: _Builder, tag: TagToken, urls: dict[int, UrlPart], markers: dict[int, PartMarker]
) -> tuple[str, list[int]]:
    """A TagPlan constant for ``tag``, and the holes whose values it takes, in order."""
    items: list[StaticItem | WholeItem | PartsItem | SpreadItem] = []
    holes: list[int] = []
    for item in tag.items:
        if isinstance(item, SpreadToken):
            items.append(SpreadItem(item.ws, item.index, len(holes)))
            holes.append(item.index)
            continue
        key, quote = ascii_lower(item.name), item.quote.value or '"'
        if not item.dynamic:
            value = _static_value(item)
            items.append(StaticItem(item.ws, item.name, key, item.raw, value, quote))  # type: ignore[arg-type]
        elif len(item.parts or ()) == 1:
            n = (item.parts or [0])[0]
            assert isinstance(n, int)
            kind = _kind(tag, key)
            items.append(WholeItem(item.ws, item.name, key, kind, n, len(holes), quote))
            holes.append(n)
        else:
            parts: list[str | tuple[int, int, PartMarker]] = []
            kind = _kind(tag, key)
            for part in item.parts or ():
                if isinstance(part, str):
                    parts.append(part)
                else:
                    marker: PartMarker = markers.get(part, urls.get(part))
                    if kind is AttrKind.EVENT and marker is None:
                        marker = "js"
                    elif kind is AttrKind.RESOURCE and marker is UrlPart.START:
                        marker = "resource"
                    parts.append((part, len(holes), marker))
                    holes.append(part)
            items.append(PartsItem(item.ws, item.name, key, tuple(parts), quote))
    return builder.const(TagPlan(tag.name, tag.head, tag.tail, tuple(items))), holes


# -- components: <{Card} title="x">children</{Card}> -------------------------------------------

_GLOBALS.update(
    {
        "_comp": _components.render_component,
        "_props": _components.spread_props,
        "_EMPTY": _components.EMPTY,
        "_Template": Template,
        "_annotate": _components.annotate,
        "_TemplateError": TemplateError,
    }
)


def _prop_name(tag: str, attr: AttrToken) -> str:
    """The keyword a prop is passed as: ``data-id`` as ``data_id``, a Python keyword with a
    trailing underscore (``class`` as ``class_``); other names are refused."""
    name = attr.name.replace("-", "_")
    if keyword.iskeyword(name):
        name += "_"
    if not name.isidentifier():
        raise _msg.prop_name(
            attr.name, tag, Location(attr.location.string, attr.location.offset, len(attr.name))
        )
    return name


def _prop_value(builder: _Builder, attr: AttrToken) -> str:
    """The source of a prop's value: a bare prop is True, static text a str (character
    references decoded, as in any attribute), a whole ``{value}`` the object itself, and text
    with interpolations a str, as an f-string would build it."""
    if attr.parts is None:
        return "True"
    if len(attr.parts) == 1 and isinstance(attr.parts[0], int):
        return f"v{attr.parts[0]}"
    pieces = [
        repr(decode_attribute(part)) if isinstance(part, str) else f"_str(v{part})"
        for part in attr.parts
    ]
    return " + ".join(pieces) if pieces else "''"


def _children(builder: _Builder, token: ComponentToken, template: Template) -> str:
    """The source of a Template of what stands between the component's tags, built from the
    template's own strings and interpolations; ``_EMPTY`` when nothing does. Text without
    interpolations is one Template made now (templates are immutable); otherwise one is built
    at each render, from the non-empty strings (Template() puts '' between interpolations)."""
    if token.children is None:
        return "_EMPTY"
    (first, start), (last, end) = token.start, token.end
    strings = template.strings
    if first == last:
        text = strings[first][start:end]
        return builder.const(Template(text)) if text else "_EMPTY"
    parts = [strings[first][start:]]
    for n in range(first, last):
        parts.append(f"i{n}")
        parts.append(strings[n + 1] if n + 1 < last else strings[last][:end])
    sources = [part if k % 2 else repr(part) for k, part in enumerate(parts) if k % 2 or part]
    return f"_Template({', '.join(sources)})"


def _check_children(tokens: Sequence[Token], template: Template) -> None:
    """Compile the tags between a component's tags (into nothing), so that a hole they cannot
    make safe is refused now, pointing into this template, not at the first render of the
    children."""
    for token in tokens:
        if isinstance(token, TagToken):
            _compile_tag(_Builder(), token)
        elif isinstance(token, ComponentToken):
            _compile_component(_Builder(), token, template)


def _compile_component(builder: _Builder, token: ComponentToken, template: Template) -> None:
    n = token.index
    tag = "{" + template.interpolations[n].expression + "}"
    entries: list[str] = []
    values: list[str] = []  # the source of each written prop's value, in order
    written: dict[str, Location] = {}
    for item in token.items:
        if isinstance(item, SpreadToken):
            entries.append(f"**_props(v{item.index}, {item.index})")
            continue
        name = _prop_name(tag, item)
        where = Location(item.location.string, item.location.offset, len(item.name))
        if name in written or (name == "children" and token.children is not None):
            raise _msg.prop_twice(name, tag, where, children=name == "children")
        written[name] = where
        values.append(_prop_value(builder, item))
        entries.append(f"{name!r}: {values[-1]}")
    _check_children(token.children or (), template)
    spread = any(isinstance(item, SpreadToken) for item in token.items)
    site = builder.const(_components.Site(template.strings, n, token.close, written, spread))
    children = _children(builder, token, template)
    if spread or SLOW_PATHS:
        # a spread's names can change from one render to the next: checked at every call (as
        # every call is with the slow paths, which the fast call of _component_body must equal)
        props = "{" + ", ".join(entries) + "}"
        source = f"_comp(v{n}, {props}, {children}, {site}, interpolations)"
    else:
        # the arguments are evaluated in the order _comp's were: component, props, children
        params, body = _component_body(builder, list(written), site, n, token.close)
        close = f", i{token.close}" if token.close >= 0 else ""
        args = f"v{n}{''.join(f', {value}' for value in values)}, {children}{close}"
        if builder.fuse and not token.foreign:  # the body is render()'s own
            builder.fused = (f"    {params} = {args}", body)
            return
        name = f"_f{len(builder.functions)}"
        builder.functions.append(f"def {name}({params}, interpolations):\n{body}\n")
        source = f"{name}({args}, interpolations)"
    # maybe in <svg>, <math> or <select>: the templates the component renders are told so
    builder.expr(f"_foreign(lambda: {source})" if token.foreign else source)


def _component_body(
    builder: _Builder, names: list[str], site: str, index: int, close: int
) -> tuple[str, str]:
    """The parameters and the body of the function that renders a component tag without
    spreads (defined as ``_f0`` below, or inlined into render()): once the tag's site
    has verified a component, later renders of the same component skip the checks and call it
    with the props as keyword arguments (no dictionary of props is built), then render what it
    returns as render_component does. A component not verified at this tag yet, or an end tag
    naming another value, goes to ``_comp``, which checks and remembers it.

    For ``<{Card} title="Hi">{body}</{Card}>`` (hole 0, closed by hole 2)::

        def _f0(component, p0, children, close, interpolations):
            verified = _k0.verified
            if verified[0] is not component or close.value is not component:
                return _comp(component, {'title': p0}, children, _k0, interpolations)
            try:
                if verified[1]:
                    result = component(title=p0, children=children)
                else:
                    result = component(title=p0)
                ... (render result: a Template through the plan cache, else _text)
            except RecursionError:
                _too_deep(None, 0, recursion=True)  # a RenderError at the tag
            except Exception as error:
                _annotate(error, component, {'title': p0}, _k0, interpolations)
                raise
    """
    params = [f"p{k}" for k in range(len(names))]
    props = "{" + ", ".join(f"{key!r}: {p}" for key, p in zip(names, params, strict=True)) + "}"
    if all(key.isascii() for key in names):
        keywords = [f"{key}={p}" for key, p in zip(names, params, strict=True)]
    else:  # Python normalises (NFKC) the names written in source; a dict passes them as written
        keywords = [f"**{props}"]
    if "children" in names:  # a prop of a tag without content: it is never added
        call = f"        result = component({', '.join(keywords)})"
    else:
        call = (
            "        if verified[1]:\n"
            f"            result = component({', '.join([*keywords, 'children=children'])})\n"
            "        else:\n"
            f"            result = component({', '.join(keywords)})"
        )
    closed = " or close.value is not component" if close >= 0 else ""
    signature = ", ".join(["component", *params, "children", *(["close"] if close >= 0 else [])])
    plans, compile_plan = (
        builder.const(cache.plans),
        builder.const(cache.compile_plan),
    )
    body = f"""\
    __tracebackhide__ = True
    verified = {site}.verified
    if verified[0] is not component{closed}:
        return _comp(component, {props}, children, {site}, interpolations)
    try:
{call}
        if result.__class__ is not _Template:
            return _text(result, {index})
        try:
            plan = {plans}[result.strings]
        except KeyError:
            plan = {compile_plan}(result)
        try:
            return plan(result.interpolations)
        except _TemplateError as error:
            if error.template is None:
                error.locate(result)
            raise
    except RecursionError:
        _too_deep(None, {index}, recursion=True)
    except Exception as error:
        _annotate(error, component, {props}, {site}, interpolations)
        raise"""
    return signature, body
