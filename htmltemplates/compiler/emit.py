"""Writes the plan IR as the source of one Python function, ``render(interpolations)``, and
compiles it.

The plan of ``t'<a href="{url}">{name}</a>'`` reads::

    def render(interpolations):
        i0, i1, = interpolations
        v0 = _convert(i0, 0) if i0.conversion or i0.format_spec else i0.value
        v1 = _convert(i1, 1) if i1.conversion or i1.format_spec else i1.value
        try:
            return (
                '<a href="'
                f'{(_url(v0, 0, _key0))}'  # {url}: URL
                '">'
                f'{(_esc(v1) if (c := v1.__class__) is _str else ... _text(v1, 1))}'  # {name}: text
                '</a>'
            )
        except ValueError:
            _check_ints(interpolations)
            raise

One piece per line, each hole's with a comment naming its expression and escaper. Static text
goes in through ``repr``, so no template text is ever read as code; each hole is the call of
the runtime function of its escaper, after an inline fast path for the common values. The
adjacent literals make one f-string, which CPython joins with one BUILD_STRING, the fastest
concatenation it has; a template of more than _CHUNK pieces is joined from functions of _CHUNK
pieces each, which keeps its compile linear. Constants are named by role (``_key0``,
``_tag0``, ``_site0``...); every other ``_name`` is a runtime function listed in _GLOBALS. The
source is registered with linecache under the plan's own file name, so tracebacks show it.
"""

from __future__ import annotations

import itertools
import linecache
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from string.templatelib import Template

from .._spec import SCRIPT_KINDS, AttrKind, UrlPart, ascii_lower
from ..errors import TemplateError
from ..escaper import CSS_ESCAPERS, URL_PIECES, Escaper, Escaping
from ..runtime import attributes as _attributes
from ..runtime import cache
from ..runtime import components as _components
from ..runtime import escapers as _escapers
from ..runtime import text as _text
from ..runtime.cache import Render, plan_filename
from ..runtime.csp import nonce_attribute
from ..runtime.escapers import escape_text
from ..runtime.slow import SLOW_PATHS
from ..runtime.values import check_ints, too_deep
from .ir import (
    AttributeValue,
    Component,
    MergedTag,
    Node,
    Nonce,
    Part,
    Prop,
    PropsSpread,
    Spread,
    SpreadTag,
    Text,
    TextValue,
    WholeAttribute,
    reads,
)

__all__ = ["emit"]

# What plans call, by name.
_GLOBALS: dict[str, object] = {
    "_str": str,
    "_int": int,
    "_Template": Template,
    "_TemplateError": TemplateError,
    "_PART": UrlPart,
    "_KIND": AttrKind,
    "_keep_newline": _escapers.keep_first_newline,
    "_esc": escape_text,
    "_text": _text.render_text,
    "_text_f": _text.render_text_foreign,
    "_foreign": _text.in_foreign,
    "_render_str": _text.render_str,
    "_rcdata": _text.render_rcdata,
    "_comment": _text.render_comment,
    "_convert": _text.convert,
    "_js": _attributes.js_part,
    "_jss": _attributes.js_string_part,
    "_imap": _attributes.importmap_part,
    "_css": _attributes.css_part,
    "_part": _attributes.attr_part,
    "_url": _attributes.url_part,
    "_res": _attributes.resource_part,
    "_piece": _attributes.url_piece,
    "_marked": _attributes.part_text,
    "_event": _attributes.render_event,
    "_whole": _attributes.render_whole,
    "_tag": _attributes.render_tag,
    "_try": _attributes.render_spread_tag,
    "_spread": _attributes.spread_in_place,
    "_nonce": nonce_attribute,
    "_check_ints": check_ints,
    "_too_deep": too_deep,
    "_comp": _components.render_component,
    "_props": _components.spread_props,
    "_annotate": _components.annotate,
    "_EMPTY": _components.EMPTY,
    "_plans": cache.plans,
    "_compile_plan": cache.compile_plan,
}

# CPython's compile() takes a time that grows faster than the size of the code object (one plan
# of 40,000 holes in text: 3 s, growing as about n^1.3), so past _CHUNK pieces a plan's pieces
# are joined from functions of _CHUNK pieces each (the same 40,000 holes: 1.7 s, and linear).
# Shorter templates, all but generated ones, keep the one f-string: the fastest concatenation.
_CHUNK = 256
# the end of render(): ints are written inline (_str); one too long for text raises ValueError,
# which _check_ints turns into a RenderError at its hole (the try costs nothing until then)
_CHECK_INTS = ["    except ValueError:", "        _check_ints(interpolations)", "        raise"]
_PLAN_NUMBERS = itertools.count()


@dataclass(frozen=True, slots=True)
class _Piece:
    """One line of a plan's f-string: a literal (``repr`` of static text) or ``f'{(...)}'``,
    the comment naming its hole, and the holes it reads (see ir.reads)."""

    code: str
    note: str = ""
    values: frozenset[int] = frozenset()
    raw: frozenset[int] = frozenset()


def emit(nodes: Sequence[Node], template: Template) -> tuple[Render, str]:
    """The render function of ``nodes`` (the plan of ``template``) and its source."""
    return _Emitter(template).build(nodes)


class _Emitter:
    """Writes one plan: its functions, in order, and the constants they read, by role."""

    def __init__(self, template: Template) -> None:
        self.template = template
        self.constants: dict[str, object] = {}
        self.counts: dict[str, int] = {}
        self.functions: list[str] = []

    def const(self, value: object, role: str) -> str:
        """The name of a new constant of the plan holding ``value``: ``_{role}{n}``."""
        n = self.counts.get(role, 0)
        self.counts[role] = n + 1
        name = f"_{role}{n}"
        self.constants[name] = value
        return name

    def hole(self, index: int) -> str:
        """How hole ``index`` is written in the template, for a comment: ``{user.name}``."""
        interpolations = self.template.interpolations
        expression = interpolations[index].expression if index < len(interpolations) else ""
        text = " ".join(expression.split())
        text = text if len(text) <= 60 else text[:57] + "..."
        return "{" + text.encode("ascii", "backslashreplace").decode("ascii") + "}"

    # -- the whole plan ----------------------------------------------------------------------

    def build(self, nodes: Sequence[Node]) -> tuple[Render, str]:
        holes = len(self.template.interpolations)
        significant = [node for node in nodes if not (isinstance(node, Text) and not node.text)]
        fused = (
            len(significant) == 1
            and isinstance(significant[0], Component)
            and not significant[0].foreign
            and not significant[0].checked
        )
        if fused:
            assert isinstance(significant[0], Component)
            lines = self._fused_render(significant[0], holes)
        else:
            pieces = self.pieces(nodes)
            if len(pieces) > _CHUNK:
                lines = self._chunked_render(pieces, holes)
            else:
                lines = self._render(pieces, holes)
        source = "\n".join([*self.functions, *lines]) + "\n"
        filename = plan_filename(next(_PLAN_NUMBERS))
        namespace: dict[str, object] = {**_GLOBALS, **self.constants}
        exec(compile(source, filename, "exec"), namespace)
        render: Render = namespace["render"]  # type: ignore[assignment]
        # tracebacks through the plan show its lines, for as long as the plan lives
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        weakref.finalize(render, linecache.cache.pop, filename, None)
        return render, source

    def _conversions(self, used: Iterable[int], holes: int) -> list[str]:
        """The lines of render() that unpack the interpolations and convert the values read:
        only those, since converting a value a component's children render again would call
        a lazy value twice (<{Box}>{name!s}</{Box}>)."""
        if not holes:
            return []
        names = ", ".join(f"i{n}" for n in range(holes))
        lines = [f"    {names}, = interpolations"]
        lines.extend(
            f"    v{n} = _convert(i{n}, {n}) if i{n}.conversion or i{n}.format_spec else i{n}.value"
            for n in sorted(used)
        )
        return lines

    def _render(self, pieces: list[_Piece], holes: int) -> list[str]:
        """The lines of render(): the values it reads converted, then one f-string of the
        pieces."""
        used = set().union(*(piece.values for piece in pieces))
        lines = ["def render(interpolations):", *self._conversions(used, holes)]
        if not pieces:
            return [*lines, "    return _str('')"]
        return [*lines, "    try:", *_return(pieces, 8), *_CHECK_INTS]

    def _fused_render(self, node: Component, holes: int) -> list[str]:
        """A template that is one component tag and nothing else (t"<{Card} item={item} />",
        the common shape of list items and component results): the body of the tag's
        function is render()'s own."""
        params, args, body = self._component_function(node)
        used = reads(node)[0]
        lines = ["def render(interpolations):", *self._conversions(used, holes), "    try:"]
        lines.append(f"        {params} = {args}")  # a prop's text is built before the body
        lines.extend("    " + line for line in body)
        return [*lines, *_CHECK_INTS]

    def _chunked_render(self, pieces: list[_Piece], holes: int) -> list[str]:
        """The lines of render() for a template of more than _CHUNK pieces: the values it reads
        converted in order (as _render does) into a dict, and the pieces joined from functions
        of _CHUNK pieces each, which take what they read from the interpolations and it."""
        used = sorted(set().union(*(piece.values for piece in pieces)))
        calls = []
        for start in range(0, len(pieces), _CHUNK):
            run = pieces[start : start + _CHUNK]
            values = sorted(set().union(*(piece.values for piece in run)))
            raw = sorted(set().union(*(piece.raw for piece in run)))
            statements = [f"    i{n} = interpolations[{n}]" for n in raw]
            statements += [f"    v{n} = values[{n}]" for n in values]
            name = self._function("interpolations, values", statements, run)
            calls.append(f"{name}(interpolations, values)")
        return [
            "def render(interpolations):",
            "    values = {}",
            f"    for n in {self.const(tuple(used), 'holes')}:",
            "        i = interpolations[n]",
            "        values[n] = _convert(i, n) if i.conversion or i.format_spec else i.value",
            "    try:",
            f"        return ''.join(({', '.join(calls)},))",
            *_CHECK_INTS,
        ]

    def _function(self, params: str, statements: list[str], pieces: list[_Piece]) -> str:
        """Define a function of ``params`` returning the f-string of ``pieces``; its name."""
        name = f"_f{len(self.functions)}"
        lines = [f"def {name}({params}):", *statements, *_return(pieces, 4)]
        self.functions.append("\n".join(lines) + "\n")
        return name

    # -- pieces --------------------------------------------------------------------------------

    def pieces(self, nodes: Iterable[Node]) -> list[_Piece]:
        """The pieces of ``nodes``: adjacent static text joined into one literal."""
        pieces: list[_Piece] = []
        text: list[str] = []
        for node in nodes:
            for item in self._node(node):
                if isinstance(item, str):
                    text.append(item)
                    continue
                if "".join(text):
                    pieces.append(_Piece(repr("".join(text))))
                text.clear()
                pieces.append(item)
        if "".join(text):
            pieces.append(_Piece(repr("".join(text))))
        return pieces

    def _node(self, node: Node) -> list[str | _Piece]:
        """What ``node`` writes: static text, and pieces computed at render time."""
        match node:
            case Text(text):
                return [text]
            case TextValue(index, escaper, keep_newline):
                source = self._text_value(index, escaper)
                # the parser drops a newline right after <pre>/<textarea>: give it one to drop
                source = f"_keep_newline({source})" if keep_newline else source
                return [self._piece(source, node, f"{self.hole(index)}: {escaper}")]
            case Nonce():
                return [_Piece("f'{(_nonce())}'", "the CSP nonce")]
            case WholeAttribute():
                whole = Escaping(Escaper.ATTRIBUTE, kind=node.kind)
                note = self._note(node.index, node.name, whole)
                return [self._piece(self._whole(node), node, note)]
            case AttributeValue():
                return self._attribute_value(node)
            case Spread(index, ws, element):
                ws_name, element_name = self.const(ws, "ws"), self.const(element, "element")
                source = f"_spread(v{index}, {index}, {ws_name}, {element_name})"
                return [self._piece(source, node, f"{self.hole(index)}: {Escaper.SPREAD}")]
            case MergedTag():
                note = f"<{node.plan.element}> merged: {self._holes(node.holes)}"
                return [self._piece(self._merged(node), node, note)]
            case SpreadTag():
                return [self._piece(self._spread_tag(node), node, self._spread_note(node))]
            case Component():
                return [self._piece(self._component(node), node, f"<{self.hole(node.index)}>")]
        raise AssertionError(f"no such node: {node!r}")  # pragma: no cover

    @staticmethod
    def _piece(source: str, node: Node, note: str) -> _Piece:
        values, raw = reads(node)
        return _Piece("f'{(" + source + ")}'", note, values, raw)

    def _note(self, index: int, attribute: str, escaping: Escaping | None = None) -> str:
        what = f"{attribute}, {escaping}" if escaping else attribute
        return f"{self.hole(index)}: {what}"

    def _holes(self, holes: Sequence[int]) -> str:
        return ", ".join(self.hole(n) for n in holes)

    def _spread_note(self, node: SpreadTag) -> str:
        element = node.merged.plan.element
        return f"<{element}> in place unless {self.hole(node.spread)} meets its names"

    # -- holes in text -------------------------------------------------------------------------

    def _text_value(self, index: int, escaper: Escaper) -> str:
        """The source of a hole in element content, a comment, a <script> or a <style>."""
        if escaper in CSS_ESCAPERS:
            return f"_css(v{index}, {index}, {self.const(escaper, 'css')})"
        if escaper in _TEXT_FUNCTIONS:
            return f"{_TEXT_FUNCTIONS[escaper]}(v{index}, {index})"
        if escaper is Escaper.TEXT:
            return _fast_text(index, "_text", nested=True)
        if escaper is Escaper.TEXT_FOREIGN:
            # maybe in <svg>, <math> or <select>: a template rendered here is told so
            return _fast_text(index, "_text_f")
        if escaper is Escaper.RCDATA:
            return _fast_text(index, "_rcdata")
        raise AssertionError(f"no escaper for a hole in text: {escaper!r}")  # pragma: no cover

    # -- attributes ----------------------------------------------------------------------------

    def _whole(self, node: WholeAttribute) -> str:
        """The source of ``name={value}`` in place, the attribute included."""
        n, ws, name, quote, kind = node.index, node.ws, node.name, node.quote, node.kind
        names = ", ".join(
            (self.const(ws, "ws"), self.const(name, "name"), self.const(ascii_lower(name), "key"))
        )
        slow = f"_whole(v{n}, {n}, {names}, {quote!r}, _KIND.{kind.name})"
        # inline: None/False drop the attribute, True leaves it bare, a str is escaped
        bare = self.const(ws + name, "bare")
        flags = f"'' if v{n} is None or v{n} is False else {bare} if v{n} is True else {slow}"
        if SLOW_PATHS and kind in (AttrKind.PLAIN, AttrKind.CLASS, AttrKind.URL):
            return slow
        if kind in (AttrKind.PLAIN, AttrKind.CLASS):
            before = self.const(f"{ws}{name}={quote}", "start")
            fast = f"{before} + _esc(v{n}) + {quote!r}"
            return f"{fast} if v{n}.__class__ is _str and v{n} else {flags}"
        if kind is AttrKind.EVENT:
            before = self.const(f"{ws}{name}={quote}", "start")
            return f"_event(v{n}, {n}, {before}, {bare}, {quote!r})"
        if kind in SCRIPT_KINDS:
            before = self.const(f"{ws}{name}={quote}", "start")
            return f"_event(v{n}, {n}, {before}, {bare}, {quote!r}, _KIND.{kind.name})"
        if kind is AttrKind.URL:
            return flags
        return slow

    def _attribute_value(self, node: AttributeValue) -> list[str | _Piece]:
        """An attribute whose value has text around its holes, written in place."""
        key = self.const(ascii_lower(node.name), "key")
        start = f"{node.ws}{node.name}={node.quote}"
        if node.drop_empty:
            # holes side by side and nothing else: a class or style left empty is dropped
            holes = [part for part in node.parts if isinstance(part, Part)]
            joined = " + ".join(f"({self._part(part, key)})" for part in holes)
            source = f"{self.const(start, 'start')} + t + {node.quote!r} if (t := {joined}) else ''"
            notes = ", ".join(self._note(part.index, node.name, part.escaping) for part in holes)
            return [self._piece(source, node, notes)]
        out: list[str | _Piece] = [start]
        for part in node.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            values = frozenset({part.index})
            note = self._note(part.index, node.name, part.escaping)
            out.append(_Piece("f'{(" + self._part(part, key) + ")}'", note, values))
        out.append(node.quote)
        return out

    def _part(self, part: Part, key: str) -> str:
        """The source of a hole inside an attribute value rendered in place (``key`` is the
        constant of the attribute's lower-case name)."""
        n, escaping = part.index, part.escaping
        escaper = escaping.escaper
        if escaper is Escaper.URL_START:
            return f"_url(v{n}, {n}, {key})"
        if escaper is Escaper.RESOURCE_URL:
            return f"_res(v{n}, {n}, {key})"
        if escaper in URL_PIECES:
            piece = f"_piece(v{n}, {n}, {key}, _PART.{URL_PIECES[escaper].name})"
            # an int needs neither encoding nor escaping (ids in /items/{id} are common)
            fast = f"_str(v{n}) if v{n}.__class__ is _int else "
            return piece if SLOW_PATHS else fast + piece
        if escaper is Escaper.ATTR_TEXT:
            slow = f"_part(v{n}, {n}, {key})"
            # an int needs no escaping (class="level-{n}", id="row-{i}")
            fast = f"_esc(v{n}) if (c := v{n}.__class__) is _str else _str(v{n})"
            return slow if SLOW_PATHS else f"{fast} if c is _int else {slow}"
        return f"_marked(v{n}, {n}, {key}, {self.const(escaping, 'escaping')})"

    def _merged(self, node: MergedTag) -> str:
        values = "".join(f"v{n}, " for n in node.holes)
        return f"_tag({self.const(node.plan, 'tag')}, ({values}))"

    def _spread_tag(self, node: SpreadTag) -> str:
        """A tag with one spread: the function that renders it in place, tried first."""
        plan = self.const(node.merged.plan, "tag")
        holes = node.merged.holes
        pieces = self.pieces(node.in_place)
        if len(pieces) > _CHUNK:
            calls = []
            for start in range(0, len(pieces), _CHUNK):
                run = pieces[start : start + _CHUNK]
                used = sorted(set().union(*(piece.values for piece in run)))
                params = ", ".join(f"v{n}" for n in used)
                calls.append(f"{self._function(params, [], run)}({params})")
            function = f"_f{len(self.functions)}"
            params = ", ".join(f"v{n}" for n in holes)
            self.functions.append(
                f"def {function}({params}):\n    return ''.join(({', '.join(calls)},))\n"
            )
        else:
            function = self._function(", ".join(f"v{n}" for n in holes), [], pieces)
        values = "".join(f"v{n}, " for n in holes)
        position = holes.index(node.spread)
        names = self.const(node.names, "names")
        return f"_try({function}, {plan}, ({values}), {position}, {node.spread}, {names})"

    # -- components ----------------------------------------------------------------------------

    def _component(self, node: Component) -> str:
        """The source of a component tag's call."""
        if node.checked:
            entries = [self._prop_entry(prop) for prop in node.props]
            props = "{" + ", ".join(entries) + "}"
            site = self.const(node.site, "site")
            children = self._children(node)
            source = f"_comp(v{node.index}, {props}, {children}, {site}, interpolations)"
        else:
            params, args, body = self._component_function(node)
            name = f"_f{len(self.functions)}"
            self.functions.append(
                f"def {name}({params}, interpolations):\n" + "\n".join(body) + "\n"
            )
            source = f"{name}({args}, interpolations)"
        # maybe in <svg>, <math> or <select>: the templates the component renders are told so
        return f"_foreign(lambda: {source})" if node.foreign else source

    def _prop_entry(self, prop: Prop | PropsSpread) -> str:
        if isinstance(prop, PropsSpread):
            return f"**_props(v{prop.index}, {prop.index})"
        return f"{prop.name!r}: {_prop_value(prop)}"

    def _children(self, node: Component) -> str:
        children = node.children
        if isinstance(children, Template):
            return "_EMPTY" if children is _components.EMPTY else self.const(children, "children")
        sources = [f"i{part}" if isinstance(part, int) else repr(part) for part in children]
        return f"_Template({', '.join(sources)})"

    def _component_function(self, node: Component) -> tuple[str, str, list[str]]:
        """The parameters, the arguments and the body of the function that renders a
        component tag without spreads; the arguments are evaluated in the order _comp's were:
        component, props, children (see _component_body)."""
        props = [prop for prop in node.props if isinstance(prop, Prop)]
        site = self.const(node.site, "site")
        children = self._children(node)
        params, body = _component_body([prop.name for prop in props], site, node.index, node.close)
        close = f", i{node.close}" if node.close >= 0 else ""
        values = "".join(f", {_prop_value(prop)}" for prop in props)
        return params, f"v{node.index}{values}, {children}{close}", body


def _return(pieces: Sequence[_Piece], indent: int) -> list[str]:
    """The lines of a return statement of the f-string of ``pieces``, one piece per line,
    each with its comment; one line for a single piece (a line of its own would cost the
    function a NOP)."""
    pad = " " * indent
    lines = [f"{piece.code}  # {piece.note}" if piece.note else piece.code for piece in pieces]
    if len(lines) == 1:
        return [f"{pad}return {lines[0]}"]
    return [f"{pad}return (", *(f"{pad}    {line}" for line in lines), f"{pad})"]


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


# The escapers of holes in text that have no inline fast path, by the name of their function
_TEXT_FUNCTIONS = {
    Escaper.COMMENT: "_comment",
    Escaper.SCRIPT_LITERAL: "_js",
    Escaper.SCRIPT_STRING: "_jss",
    Escaper.IMPORTMAP: "_imap",
}


def _prop_value(prop: Prop) -> str:
    """The source of a prop's value: True, the value of a hole, or a str built as an
    f-string would build it."""
    if prop.whole >= 0:
        return f"v{prop.whole}"
    if prop.text is None:
        return "True"
    pieces = [f"_str(v{part})" if isinstance(part, int) else repr(part) for part in prop.text]
    return " + ".join(pieces) if pieces else "''"


def _component_body(names: list[str], site: str, index: int, close: int) -> tuple[str, list[str]]:
    """The parameters and the lines of the body of the function that renders a component tag
    without spreads (or of render(), fused): once the tag's site has verified a component,
    later renders of the same component skip the checks and call it with the props as
    keyword arguments (no dictionary of props is built), then render what it returns as
    render_component does (its fast path: HTMLTEMPLATES_SLOW_PATHS=1 calls _comp always). A
    component not verified at this tag yet, or an end tag naming another value, goes to
    ``_comp``, which checks and remembers it. Long because it is one function of the plan,
    written out: its lines are the code that runs."""
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
        f"        return _comp(component, {props}, children, {site}, interpolations)",
        "    try:",
        *call,
        "        if result.__class__ is not _Template:",
        f"            return _text(result, {index})",
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
        f"        _too_deep(None, {index}, recursion=True)",
        "    except Exception as error:",
        f"        _annotate(error, component, {props}, {site}, interpolations)",
        "        raise",
    ]
    return signature, body
