"""The Python source of each hole's piece of a plan: the call of its escaper's runtime
function after its inline fast paths, and the call of a component.

Each function writes an expression; ``const(value, role)`` adds a constant to the plan and
gives its name. The names a plan calls are those of emit.py's _GLOBALS. Each inline fast path
is an entry of the table of fast paths (_fastpaths.py), asked for by name: switched off, its
case is not written, and the value goes on to the call after it.
"""

from __future__ import annotations

from collections.abc import Callable
from string.templatelib import Template

from .._fastpaths import on
from .._spec import SCRIPT_KINDS, AttrKind, ascii_lower
from ..escaper import CSS_ESCAPERS, URL_PIECES, Escaper
from ..runtime import components as _components
from .ir import (
    Component,
    MergedAttribute,
    MergedTag,
    Part,
    Prop,
    PropsSpread,
    Spread,
    SpreadTag,
    WholeAttribute,
)

__all__ = [
    "children",
    "component_body",
    "deferred_text",
    "merged_attribute",
    "merged_tag",
    "part",
    "prop_entry",
    "prop_value",
    "spread",
    "spread_tag",
    "text_value",
    "whole_attribute",
]

Const = Callable[[object, str], str]


def text_value(const: Const, slot: int, escaper: Escaper, brief: bool = False) -> str:
    """The source of a hole in element content, a comment, a <script> or a <style>; ``brief``,
    that of a long template (see _BRIEF)."""
    if escaper in CSS_ESCAPERS:
        return f"_css_part(v{slot}, {slot}, {const(escaper, 'css')})"
    if brief and escaper in _BRIEF_TEXT:
        # a str escaped inline, anything else by the runtime function (and its shortcuts)
        slow = f"{_BRIEF_TEXT[escaper]}(v{slot}, {slot})"
        return _cases(slot, [_case("text-str", ("_str",), "", f"_escape_text(v{slot})")], slow)
    if escaper is Escaper.SCRIPT_LITERAL and not brief:
        # an int's JavaScript literal is its digits, between spaces (see js_value)
        number = f"' ' + _str(v{slot}) + ' '"
        return _cases(
            slot, [_case("script-int", ("_int",), "", number)], f"_js_part(v{slot}, {slot})"
        )
    if escaper in _TEXT_FUNCTIONS:
        return f"{_TEXT_FUNCTIONS[escaper]}(v{slot}, {slot})"
    if escaper is Escaper.TEXT:
        return _fast_text(slot, "_render_text", nested=True)
    if escaper is Escaper.TEXT_FOREIGN:
        # maybe in <svg>, <math> or <select>: a template rendered here is told so
        return _fast_text(slot, "_render_text_foreign")
    if escaper is Escaper.RCDATA:
        return _fast_text(slot, "_render_rcdata")
    raise AssertionError(f"no escaper for a hole in text: {escaper!r}")  # pragma: no cover


def deferred_text(slot: int) -> str:
    """The source of a hole in element content in a streaming plan: a str is escaped and an
    int or a float written inline, as in text_value; any other value goes to ``_defer_text``,
    which renders it at once or defers it (see runtime/streaming.py)."""
    cases: list[_Case | None] = [
        _case("stream-text-str", ("_str",), "", f"_escape_text(v{slot})"),
        _case("stream-text-number", ("_int", "_float"), "", f"_str(v{slot})"),
    ]
    return _cases(slot, cases, f"_defer_text(v{slot}, {slot}, deferred)")


# A case of an inline fast path that is on: the names of the classes it is taken for, a
# condition added to the class test, and its source
type _Case = tuple[tuple[str, ...], str, str]


def _case(name: str, classes: tuple[str, ...], extra: str, source: str) -> _Case | None:
    """The case of the fast path ``name`` (see _Case), or None when it is switched off."""
    return (classes, extra, source) if on(name) else None


def _cases(slot: int, cases: list[_Case | None], otherwise: str) -> str:
    """The source of value ``v{slot}``'s cases whose fast paths are on, tested in order by its
    exact class (``c``, bound at the first test when more than one class is tested), and
    ``otherwise`` for any other value."""
    taken = [case for case in cases if case is not None]
    bound = sum(len(classes) for classes, _extra, _source in taken) > 1
    pieces: list[str] = []
    for classes, extra, source in taken:
        if not bound:
            tests = [f"v{slot}.__class__ is {classes[0]}"]
        elif pieces:
            tests = [f"c is {cls}" for cls in classes]
        else:
            tests = [
                f"(c := v{slot}.__class__) is {classes[0]}",
                *(f"c is {c}" for c in classes[1:]),
            ]
        pieces.append(f"{source} if {' or '.join(tests)}{extra} else ")
    return "".join(pieces) + otherwise


def whole_attribute(const: Const, node: WholeAttribute, brief: bool = False) -> str:
    """The source of ``name={value}`` in place, the attribute included; ``brief``, that of a
    long template (see _BRIEF). Long because it writes the cases of every kind of value in
    the order the plan tests them, each next to the others of its kind."""
    slot, ws, name, quote, kind = node.slot, node.ws, node.name, node.quote, node.kind
    key_name = const(ascii_lower(name), "key")
    names = ", ".join((const(ws, "ws"), const(name, "name"), key_name))
    slow = f"_render_whole(v{slot}, {slot}, {names}, {quote!r}, _KIND.{kind.name})"
    if brief and kind not in SCRIPT_KINDS and kind is not AttrKind.EVENT:
        return slow
    # inline: None/False drop the attribute, True leaves it bare, a str is escaped
    bare = const(ws + name, "bare")
    dropped = f"'' if v{slot} is None or v{slot} is False else {bare} if v{slot} is True else "
    flags = dropped + slow if on("whole-flags") else slow
    before = const(f"{ws}{name}={quote}", "start")
    text = f"{before} + _escape_text(v{slot}) + {quote!r}"
    if kind is AttrKind.PLAIN:
        # an int or a float needs no escaping (data-depth={depth}); an int too long for text
        # raises ValueError, which the plan turns into big-int (see emit._render_end)
        number = f"{before} + _str(v{slot}) + {quote!r}"
        cases: list[_Case | None] = [
            _case("whole-str", ("_str",), f" and v{slot}", text),
            _case("whole-flags", ("_bool",), "", f"({bare} if v{slot} else '')"),  # hidden={flag}
            _case("whole-number", ("_int", "_float"), "", number),
        ]
        key = ascii_lower(name)
        if key in ("data", "aria"):
            # a dict: its entries expanded straight away, as render_whole does for a mapping
            prefix = f"{const(ws, 'ws')}, '', None, {const(name, 'name')}, {key == 'aria'}"
            expand = f"_spread_in_place(v{slot}, {slot}, {prefix})"
            cases.append(_case("whole-data-dict", ("_dict",), "", expand))
        # trusted markup (a label, a title): the text it shows, escaped, as attr_text gives it
        # (remembered: see markup_attribute)
        marked = f"{before} + _markup_attribute(v{slot}) + {quote!r}"
        cases.append(_case("whole-markup", ("_Markup",), "", marked))
        return _cases(slot, cases, flags)
    if kind is AttrKind.CLASS:
        # a list or tuple of names (None and False dropped), or a dict of names and conditions:
        # joined, the attribute dropped when nothing is left, as render_whole does
        joined = f"_attr_text(v{slot}, {slot}, 'class')"
        joined = f"({before} + _escape_text(t) + {quote!r} if (t := {joined}) else '')"
        cases = [
            _case("whole-str", ("_str",), f" and v{slot}", text),
            _case("whole-class-list", ("_list", "_tuple", "_dict"), "", joined),
        ]
        return _cases(slot, cases, flags)
    if kind is AttrKind.EVENT:
        return f"_render_event(v{slot}, {slot}, {before}, {bare}, {quote!r})"
    if kind in SCRIPT_KINDS:
        flags = f"_render_event(v{slot}, {slot}, {before}, {bare}, {quote!r}, _KIND.{kind.name})"
        if kind is not AttrKind.ALPINE_DATA:
            return flags
    if kind in _STRAIGHT:
        return _straight(kind, slot, before, key_name, quote, flags)
    if kind is AttrKind.URL:
        # plainly safe: ASCII (no lone surrogate, which the filter replaces) and relative
        # without a scheme, or starting with a safe scheme as written, lower case: the filter
        # keeps such a URL as it is (runtime/escapers.py, filter_url)
        safe = f"v{slot}.isascii() and (':' not in v{slot} or v{slot}.startswith(_SAFE_URL_STARTS))"
        return _cases(
            slot, [_case("whole-url-str", ("_str",), f" and v{slot} and {safe}", text)], flags
        )
    return slow


# The kinds of whole values whose plans pass the values of the classes their rule reads
# straight to it (see _straight)
_STRAIGHT = frozenset({AttrKind.STYLE, AttrKind.SRCSET, AttrKind.JSON, AttrKind.ALPINE_DATA})


def _straight(kind: AttrKind, slot: int, before: str, key_name: str, quote: str, flags: str) -> str:
    """The source of a style, srcset, JSON or x-data value whose value is of the classes its
    rule reads (see whole_attribute): straight to the function render_whole (render_event for
    x-data) calls for them, after its checks for other values; ``flags`` for the others."""
    if kind is AttrKind.STYLE:
        # a str of declarations or a dict, the attribute dropped when it is empty; a str's
        # remembered text first, without the call of style_text (which remembers it)
        style = f"_style_text(v{slot}, {slot})"
        if on("style-strings"):
            style = f"(c is _str and _remembered_style(v{slot})) or {style}"
        styled = f"({before} + t + {quote!r} if (t := {style}) else '')"
        return _cases(slot, [_case("whole-style", ("_str", "_dict"), "", styled)], flags)
    if kind is AttrKind.SRCSET:
        # a str or a list of candidates; an empty srcset is kept, as render_whole keeps it
        srcset = f"{before} + _srcset_value(v{slot}, {slot}, {key_name}) + {quote!r}"
        return _cases(slot, [_case("whole-srcset", ("_str", "_list", "_tuple"), "", srcset)], flags)
    if kind is AttrKind.JSON:
        # a dict or a list: its JSON, attribute-escaped
        data = f"{before} + _json_value(v{slot}, {slot}, {key_name}) + {quote!r}"
        return _cases(slot, [_case("whole-json", ("_dict", "_list", "_tuple"), "", data)], flags)
    # x-data: a dict, as a JavaScript literal without Alpine's hooks, attribute-escaped
    data = f"{before} + _escape_text(_alpine_data(v{slot}, {slot}, whole=True)) + {quote!r}"
    return _cases(slot, [_case("whole-alpine-dict", ("_dict",), "", data)], flags)


def part(const: Const, part: Part, key: str, brief: bool = False) -> str:
    """The source of a hole inside an attribute value rendered in place (``key`` is the
    constant of the attribute's lower-case name); ``brief``, that of a long template (see
    _BRIEF)."""
    slot, escaping = part.slot, part.escaping
    escaper = escaping.escaper
    if brief:
        if escaper is Escaper.ATTR_TEXT:
            slow = f"_attr_part(v{slot}, {slot}, {key})"
            return _cases(slot, [_case("part-str", ("_str",), "", f"_escape_text(v{slot})")], slow)
        if escaper in URL_PIECES:
            slow = f"_url_piece(v{slot}, {slot}, {key}, _PART.{URL_PIECES[escaper].name})"
            # ids in URLs are ints, whose text needs no encoding: url_piece's work is a str's
            return _cases(slot, [_case("url-piece-int", ("_int",), "", f"_str(v{slot})")], slow)
        if escaper is Escaper.JS_LITERAL or escaper is Escaper.CSS_VALUE:
            return f"_part_text(v{slot}, {slot}, {key}, {const(escaping, 'escaping')})"
    if escaper is Escaper.URL_START:
        return f"_url_part(v{slot}, {slot}, {key})"
    if escaper is Escaper.RESOURCE_URL:
        return f"_resource_part(v{slot}, {slot}, {key})"
    if escaper in URL_PIECES:
        args = f"v{slot}, {slot}, {key}, _PART.{URL_PIECES[escaper].name}"
        # an int needs neither encoding nor escaping (ids in /items/{id} are common); a str's
        # encoded text is remembered
        cases: list[_Case | None] = [
            _case("url-piece-int", ("_int",), "", f"_str(v{slot})"),
            _case("url-piece-str", ("_str",), "", f"_url_piece_str({args})"),
        ]
        return _cases(slot, cases, f"_url_piece({args})")
    if escaper is Escaper.ATTR_TEXT:
        # an int or a float needs no escaping (class="level-{slot}", id="row-{i}")
        cases = [
            _case("part-str", ("_str",), "", f"_escape_text(v{slot})"),
            _case("part-number", ("_int", "_float"), "", f"_str(v{slot})"),
        ]
        return _cases(slot, cases, f"_attr_part(v{slot}, {slot}, {key})")
    slow = f"_part_text(v{slot}, {slot}, {key}, {const(escaping, 'escaping')})"
    direct = on("part-js-direct")
    if escaper is Escaper.JS_LITERAL:
        # an int's JavaScript literal is its digits, between spaces: nothing to escape; any
        # other value straight to js_part, which part_text calls for it
        number = f"' ' + _str(v{slot}) + ' '"
        other = f"_escape_text(_js_part(v{slot}, {slot}))" if direct else slow
        return _cases(slot, [_case("part-js-int", ("_int",), "", number)], other)
    if escaper is Escaper.JS_STRING and direct:
        # straight to js_string_part, which part_text calls for it
        return f"_escape_text(_js_string_part(v{slot}, {slot}))"
    if escaper is Escaper.CSS_VALUE:
        # a str through its remembered text; an int or a float passes the CSS value filter as
        # it is (digits, a sign, a point, an exponent, inf or nan), and needs no escaping
        known = f"_css_value_text(v{slot})"
        if on("css-value-texts"):
            known = f"(_remembered_css_value(v{slot}) or {known})"
        cases = [
            _case("part-css-str", ("_str",), "", known),
            _case("part-css-number", ("_int", "_float"), "", f"_str(v{slot})"),
        ]
        return _cases(slot, cases, slow)
    return slow


def merged_tag(const: Const, node: MergedTag) -> str:
    values = "".join(f"v{slot}, " for slot in node.holes)
    return f"_render_tag({const(node.plan, 'tag')}, ({values}))"


def spread(const: Const, node: Spread) -> str:
    """The source of a spread written where it stands: its attributes, or those
    render_spread_tag wrote already (a tag with one spread, whose in-place function this is)."""
    slot = node.slot
    ws, element = const(node.ws, "ws"), const(node.element, "element")
    source = f"_spread_in_place(v{slot}, {slot}, {ws}, {element})"
    return _cases(slot, [_case("plain-spread", ("_Written",), "", f"v{slot}.text")], source)


def spread_tag(const: Const, node: SpreadTag, function: str, plan: str, ws: str) -> str:
    """The source of a tag with one spread, whose in-place function is ``function`` and merged
    plan ``plan`` (the names of constants); ``ws`` is the text before the spread."""
    slot, holes = node.spread, node.merged.holes
    values = "".join(f"v{k}, " for k in holes)
    names, ws_name = const(node.names, "names"), const(ws, "ws")
    tried = (
        f"_render_spread_tag({function}, {plan}, ({values}), {holes.index(slot)}, {slot}, {names})"
    )
    if not on("plain-spread"):
        return tried
    # a plain dict of names this tag's spreads gave before, written in one pass and passed to
    # the in-place function as it is written (see plain_spread); else render_spread_tag
    known, element = const({}, "known"), const(node.merged.plan.element, "element")
    written = f"_plain_spread(v{slot}, {known}, {names}, {slot}, {element}, {ws_name})"
    args = ", ".join("w" if k == slot else f"v{k}" for k in holes)
    return (
        f"{function}({args}) if v{slot}.__class__ is _dict and (w := {written}) is not None "
        f"else {tried}"
    )


def merged_attribute(const: Const, node: MergedAttribute) -> str:
    """The source of a static class or style merged with a hole (see MergedAttribute): a str
    or dict of style straight to style_text, a str of classes escaped, a list or tuple of
    classes joined (as whole_attribute writes them); any other value merged by render_tag."""
    slot, start, end = node.slot, const(node.start, "start"), repr(node.end)
    static = const(node.static, "static")
    slow = merged_tag(const, node.pair)
    if node.kind is AttrKind.STYLE:
        styled = f"({start} + t + {end} if (t := _style_text(v{slot}, {slot})) else {static})"
        return f"{styled} if (c := v{slot}.__class__) is _str or c is _dict else {slow}"
    joined = f"_attr_text(v{slot}, {slot}, 'class')"
    joined = f"({start} + _escape_text(t) + {end} if (t := {joined}) else {static})"
    return (
        f"{start} + _escape_text(v{slot}) + {end} if (c := v{slot}.__class__) is _str and v{slot} "
        f"else {joined} if c is _list or c is _tuple or c is _dict else {slow}"
    )


def prop_entry(prop: Prop | PropsSpread) -> str:
    if isinstance(prop, PropsSpread):
        return f"**_spread_props(v{prop.slot}, {prop.slot})"
    return f"{prop.name!r}: {prop_value(prop)}"


def children(const: Const, node: Component) -> str:
    children = node.children
    if isinstance(children, Template):
        return "_EMPTY" if children is _components.EMPTY else const(children, "children")
    sources = [f"i{part}" if isinstance(part, int) else repr(part) for part in children]
    return f"_Template({', '.join(sources)})"


def _fast_text(slot: int, slow: str, nested: bool = False) -> str:
    """Inline: a str is escaped, an int or a float needs no escaping, a nested template or a list
    (``nested``, in text content) is rendered at once, anything else takes ``slow``."""
    value = f"v{slot}"
    cases: list[_Case | None] = [
        _case("text-str", ("_str",), "", f"_escape_text({value})"),
        _case("text-number", ("_int", "_float"), "", f"_str({value})"),
    ]
    if nested:
        # a nested template through the plan cache, a list of them (rows, cards) straight to
        # the loop of render_text
        cases.append(_case("text-template", ("_Template",), "", f"_render_str({value}, {slot})"))
        cases.append(_case("text-list", ("_list",), "", f"_render_list({value}, {slot})"))
    return _cases(slot, cases, f"{slow}({value}, {slot})")


# A long template's plan (of more pieces than emit.py's _CHUNK) is brief: CPython's compile()
# of the inline fast paths of its holes would take most of its first render (24 µs a hole of the
# 128 of a chunk, against 10 for a str's alone and 6 for a call of the runtime function), which
# an app's first request pays. So each hole is the call of its runtime function, whose own
# shortcuts serve the common values, a str escaped inline first in text and attribute text.
_BRIEF_TEXT = {
    Escaper.TEXT: "_render_text",
    Escaper.TEXT_FOREIGN: "_render_text_foreign",
    Escaper.RCDATA: "_render_rcdata",
}

# The escapers of holes in text that have no inline fast path, by the name of their function
_TEXT_FUNCTIONS = {
    Escaper.COMMENT: "_render_comment",
    Escaper.SCRIPT_LITERAL: "_js_part",
    Escaper.SCRIPT_STRING: "_js_string_part",
    Escaper.IMPORTMAP: "_importmap_part",
}


def prop_value(prop: Prop) -> str:
    """The source of a prop's value: True, the value of a hole, or a str built as an
    f-string would build it."""
    if prop.whole >= 0:
        return f"v{prop.whole}"
    if prop.text is None:
        return "True"
    pieces = [f"_str(v{part})" if isinstance(part, int) else repr(part) for part in prop.text]
    return " + ".join(pieces) if pieces else "''"


def component_body(names: list[str], site: str, slot: int, close: int) -> tuple[str, list[str]]:
    """The parameters and the lines of the body of the function that renders a component tag
    without spreads (or of render(), fused): once the tag's site has verified a component,
    later renders of the same component skip the checks and call it with the props as
    keyword arguments (no dictionary of props is built), then render what it returns as
    render_component does (the fast path component-verified: off, every call is
    _render_component's). A component not verified at this tag yet, or an end tag naming
    another value, goes to ``_render_component``, which checks and remembers it. A Template
    result is rendered with render_str written out: a call of it costs the deeply nested tag
    components of bench/ 5% (1.66x of their baseline, 1.74x with the call). Long because it
    is one function of the plan, written out: its lines are the code that runs."""
    params = [f"p{k}" for k in range(len(names))]
    props = "{" + ", ".join(f"{key!r}: {p}" for key, p in zip(names, params, strict=True)) + "}"
    if all(key.isascii() for key in names):
        keywords = [f"{key}={p}" for key, p in zip(names, params, strict=True)]
    else:  # Python normalises (NFKC) the names written in source; a dict passes them as written
        keywords = [f"**{props}"]
    if "children" in names:  # a prop of a tag without content: it is never added
        call = [f"        result = component({', '.join(keywords)})"]
    else:
        call = [
            "        if verified[1]:",
            f"            result = component({', '.join([*keywords, 'children=children'])})",
            "        else:",
            f"            result = component({', '.join(keywords)})",
        ]
    closed = " or close.value is not component" if close >= 0 else ""
    signature = ", ".join(["component", *params, "children", *(["close"] if close >= 0 else [])])
    body = [
        "    __tracebackhide__ = True",
        f"    verified = {site}.verified",
        f"    if verified[0] is not component{closed}:",
        f"        return _render_component(component, {props}, children, {site}, interpolations)",
        "    try:",
        *call,
        "        if result.__class__ is not _Template:",
        f"            return _render_text(result, {slot})",
        "        try:",  # render_str, inlined
        "            plan = _plans[result.strings]",
        "        except KeyError:",
        "            plan = _compile_plan(result)",
        "        try:",
        "            return plan(result.interpolations)",
        "        except _TemplateError as error:",
        "            if error.template is None:",
        "                error.locate(result)",
        "            raise",
        "    except RecursionError:",
        f"        _too_deep(None, {slot}, recursion=True)",
        "    except Exception as error:",
        f"        _annotate(error, component, {props}, {site}, interpolations)",
        "        raise",
    ]
    return signature, body
