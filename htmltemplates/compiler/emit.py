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
                f'{(_url_part(v0, 0, _key0))}'  # {url}: URL
                '">'
                f'{(_escape_text(v1) if (c := v1.__class__) is _str else ...)}'  # {name}: text
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
import operator
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from string.templatelib import Template
from types import CodeType

from markupsafe import Markup

from .._spec import AttrKind, UrlPart, ascii_lower
from ..errors import TemplateError
from ..escaper import Escaper, Escaping
from ..runtime import attributes as _attributes
from ..runtime import cache
from ..runtime import components as _components
from ..runtime import css as _css
from ..runtime import escapers as _escapers
from ..runtime import scripted as _scripted
from ..runtime import streaming as _streaming
from ..runtime import tags as _tags
from ..runtime import text as _text
from ..runtime.cache import Render, plan_filename
from ..runtime.csp import nonce_attribute
from ..runtime.escapers import escape_text
from ..runtime.tags import SpreadItem
from ..runtime.values import check_ints, too_deep
from . import sources
from .ir import (
    AttributeValue,
    Component,
    MergedAttribute,
    MergedTag,
    Node,
    Nonce,
    Part,
    Prop,
    Spread,
    SpreadTag,
    Text,
    TextValue,
    WholeAttribute,
    reads,
)

__all__ = ["emit"]

# What plans call, each by the name of what it is (the function's own name, with a _).
_GLOBALS: dict[str, object] = {
    "_str": str,
    "_list": list,
    "_dict": dict,
    "_Markup": Markup,
    "_style_text": _attributes.style_text,
    # what style_text remembered, without its call
    "_remembered_style": _attributes.STYLE_STRINGS.get,
    "_css_value_text": _css.css_value_text,
    # what css_value_text remembered, without its call
    "_remembered_css_value": _css.CSS_VALUE_TEXTS.get,
    "_tuple": tuple,
    "_attr_text": _attributes.attr_text,
    "_markup_attribute": _attributes.markup_attribute,
    "_SAFE_URL_STARTS": _escapers.SAFE_URL_STARTS,
    "_int": int,
    "_float": float,
    "_bool": bool,
    "_Template": Template,
    "_TemplateError": TemplateError,
    "_PART": UrlPart,
    "_KIND": AttrKind,
    "_keep_first_newline": _escapers.keep_first_newline,
    "_escape_text": escape_text,
    "_render_text": _text.render_text,
    "_render_list": _text.render_list,
    "_render_text_foreign": _text.render_text_foreign,
    "_in_foreign": _text.in_foreign,
    "_render_str": _text.render_str,
    "_render_rcdata": _text.render_rcdata,
    "_render_comment": _text.render_comment,
    "_convert": _text.convert,
    "_js_part": _scripted.js_part,
    "_js_string_part": _scripted.js_string_part,
    "_json_value": _scripted.json_value,
    "_alpine_data": _scripted.alpine_data,
    "_importmap_part": _scripted.importmap_part,
    "_css_part": _attributes.css_part,
    "_attr_part": _attributes.attr_part,
    "_url_part": _attributes.url_part,
    "_resource_part": _attributes.resource_part,
    "_url_piece": _attributes.url_piece,
    "_url_piece_str": _attributes.url_piece_str,
    "_srcset_value": _attributes.srcset_value,
    "_part_text": _attributes.part_text,
    "_render_event": _attributes.render_event,
    "_render_whole": _tags.render_whole,
    "_render_tag": _tags.render_tag,
    "_render_spread_tag": _tags.render_spread_tag,
    "_spread_in_place": _tags.spread_in_place,
    "_Written": _tags.Written,
    "_plain_spread": _tags.plain_spread,
    "_nonce_attribute": nonce_attribute,
    "_check_ints": check_ints,
    "_too_deep": too_deep,
    "_render_component": _components.render_component,
    "_defer_text": _streaming.defer_text,
    "_defer_component": _streaming.defer_component,
    "_spread_props": _components.spread_props,
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
# CPython's compile() of one module also grows faster than its size when the module holds many
# functions (6,000 holes in 48 functions: 28 µs a hole in one module, 20 a function at a time),
# so a plan of more than _SEPARATE functions is compiled one function at a time, each code
# object moved to the lines of its function in the plan's source.
_SEPARATE = 4


def _render_end(strings: str) -> list[str]:
    """The end of render() (``strings``: the constant of the template's strings): a
    TemplateError not located yet is marked as raised by this template, its strings and
    interpolations, which tells render_list (the caller of many plans) the template to locate
    it in; ints are written inline (_str), and one too long for text raises ValueError, which
    _check_ints turns into a RenderError at its hole (the try costs nothing until then)."""
    return [
        "    except _TemplateError as error:",
        "        if error.template is None:",
        f"            error.raised_in = ({strings}, interpolations)",
        "        raise",
        "    except ValueError:",
        "        _check_ints(interpolations)",
        "        raise",
    ]


_PLAN_NUMBERS = itertools.count()


@dataclass(frozen=True, slots=True)
class _Piece:
    """One line of a plan's f-string: a literal (``repr`` of static text) or ``f'{(...)}'``,
    the comment naming its hole, and the holes it reads (see ir.reads)."""

    code: str
    note: str = ""
    values: frozenset[int] = frozenset()
    raw: frozenset[int] = frozenset()


def emit(nodes: Sequence[Node], template: Template, stream: bool = False) -> tuple[Render, str]:
    """The render function of ``nodes`` (the plan of ``template``) and its source; with
    ``stream``, the streaming plan (see _Emitter)."""
    return _Emitter(template, stream).build(nodes)


class _Emitter:
    """Writes one plan: its functions, in order, and the constants they read, by role.

    A streaming plan (``stream``, see runtime/streaming.py) is the same plan with two kinds of
    piece written otherwise: a hole in element content whose value is not a str or an int, and
    a component tag there, are handed to ``_defer_text`` and ``_defer_component``, which
    append them to the list ``deferred`` (the plan's second parameter) and write a marker in
    their place."""

    def __init__(self, template: Template, stream: bool = False) -> None:
        self.template = template
        self.stream = stream
        self.constants: dict[str, object] = {}
        self.counts: dict[str, int] = {}
        self.functions: list[str] = []
        self.brief = False  # a long template's: its holes without inline fast paths

    def const(self, value: object, role: str) -> str:
        """The name of a new constant of the plan holding ``value``: ``_{role}{n}``."""
        n = self.counts.get(role, 0)
        self.counts[role] = n + 1
        name = f"_{role}{n}"
        self.constants[name] = value
        return name

    def hole(self, slot: int) -> str:
        """How hole ``slot`` is written in the template, for a comment: ``{user.name}``."""
        interpolations = self.template.interpolations
        expression = interpolations[slot].expression if slot < len(interpolations) else ""
        text = " ".join(expression.split())
        text = text if len(text) <= 60 else text[:57] + "..."
        # escaped as in a str literal's repr, quotes aside: no control character (a NUL would
        # stop compile()) nor line break reaches the comment
        return "{" + ascii(text)[1:-1] + "}"

    # -- the whole plan ----------------------------------------------------------------------

    def build(self, nodes: Sequence[Node]) -> tuple[Render, str]:
        holes = len(self.template.interpolations)
        significant = [node for node in nodes if not (isinstance(node, Text) and not node.text)]
        fused = (
            not self.stream
            and len(significant) == 1
            and isinstance(significant[0], Component)
            and not significant[0].foreign
            and not significant[0].checked
        )
        if fused:
            assert isinstance(significant[0], Component)
            lines = self._fused_render(significant[0], holes)
        else:
            # nodes and pieces are about as many (text joined, holes one each): a template of
            # more nodes than a chunk holds will be chunked, and is written brief
            self.brief = len(significant) > _CHUNK
            pieces = self.pieces(nodes)
            if len(pieces) > _CHUNK:
                lines = self._chunked_render(pieces, holes)
            else:
                lines = self._render(pieces, holes)
        units = [*self.functions, "\n".join(lines) + "\n"]
        source = "\n".join(units)
        filename = plan_filename(next(_PLAN_NUMBERS))
        namespace: dict[str, object] = {**_GLOBALS, **self.constants}
        if len(units) > _SEPARATE:
            line = 0  # the functions are separated by one blank line
            for unit in units:
                exec(_moved(compile(unit, filename, "exec"), line), namespace)
                line += unit.count("\n") + 1
        else:
            exec(compile(source, filename, "exec"), namespace)
        render: Render = namespace["render"]  # type: ignore[assignment]
        # tracebacks through the plan show its lines, for as long as the plan lives
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        weakref.finalize(render, linecache.cache.pop, filename, None)
        return render, source

    @property
    def _params(self) -> str:
        """The parameters of render() and of the functions of a chunked one."""
        return "interpolations, deferred" if self.stream else "interpolations"

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
        lines = [f"def render({self._params}):", *self._conversions(used, holes)]
        if not pieces:
            return [*lines, "    return _str('')"]
        end = _render_end(self.const(self.template.strings, "strings"))
        return [*lines, "    try:", *_return(pieces, 8), *end]

    def _fused_render(self, node: Component, holes: int) -> list[str]:
        """A template that is one component tag and nothing else (t"<{Card} item={item} />",
        the common shape of list items and component results): the body of the tag's
        function is render()'s own."""
        params, args, body = self._component_function(node)
        used = reads(node)[0]
        lines = ["def render(interpolations):", *self._conversions(used, holes), "    try:"]
        lines.append(f"        {params} = {args}")  # a prop's text is built before the body
        lines.extend("    " + line for line in body)
        return [*lines, *_render_end(self.const(self.template.strings, "strings"))]

    def _chunked_render(self, pieces: list[_Piece], holes: int) -> list[str]:
        """The lines of render() for a template of more than _CHUNK pieces: the values it reads
        converted in order (as _render does) into a dict, and the pieces joined from functions
        of _CHUNK pieces each, which take what they read from the interpolations and it."""
        used = sorted(set().union(*(piece.values for piece in pieces)))
        calls = []
        for run, values, raw in _runs(pieces):
            statements = self._picks("i", raw, "interpolations")
            statements += self._picks("v", values, "values")
            name = self._function(f"{self._params}, values", statements, run)
            calls.append(f"{name}({self._params}, values)")
        return [
            f"def render({self._params}):",
            "    values = {}",
            f"    for n in {self.const(tuple(used), 'holes')}:",
            "        i = interpolations[n]",
            "        values[n] = _convert(i, n) if i.conversion or i.format_spec else i.value",
            "    try:",
            f"        return ''.join(({', '.join(calls)},))",
            *_render_end(self.const(self.template.strings, "strings")),
        ]

    def _picks(self, prefix: str, holes: list[int], source: str) -> list[str]:
        """The statement that takes the items ``holes`` of ``source`` into the locals
        ``{prefix}{n}``: one itemgetter call unpacked, which compiles in a fraction of the time
        of a statement per hole (a statement costs CPython's compile() more than its
        subscript) and runs faster."""
        if len(holes) <= 1:
            return [f"    {prefix}{n} = {source}[{n}]" for n in holes]
        names = "".join(f"{prefix}{n}, " for n in holes)
        return [f"    {names}= {self.const(operator.itemgetter(*holes), 'pick')}({source})"]

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

        def flush() -> None:
            joined = "".join(text)
            if joined:
                pieces.append(_Piece(repr(joined)))
            text.clear()

        for node in nodes:
            if node.__class__ is Text:  # most nodes: no list made for them
                text.append(node.text)
                continue
            for item in self._node(node):
                if isinstance(item, str):
                    text.append(item)
                else:
                    flush()
                    pieces.append(item)
        flush()
        return pieces

    def _node(self, node: Node) -> list[str | _Piece]:
        """What ``node`` writes: static text, and pieces computed at render time."""
        match node:
            case Text(text):
                return [text]
            case TextValue(slot, escaper, keep_newline):
                if self.stream and escaper is Escaper.TEXT and not keep_newline:
                    source = sources.deferred_text(slot)
                else:
                    source = sources.text_value(self.const, slot, escaper, self.brief)
                # the parser drops a newline right after <pre>/<textarea>: give it one to drop
                source = f"_keep_first_newline({source})" if keep_newline else source
                return [self._piece(source, node, f"{self.hole(slot)}: {escaper}")]
            case Nonce():
                return [_Piece("f'{(_nonce_attribute())}'", "the CSP nonce")]
            case WholeAttribute():
                whole = Escaping(Escaper.ATTRIBUTE, kind=node.kind)
                note = self._note(node.slot, node.name, whole)
                source = sources.whole_attribute(self.const, node, self.brief)
                return [self._piece(source, node, note)]
            case AttributeValue():
                return self._attribute_value(node)
            case Spread(slot):
                source = sources.spread(self.const, node)
                return [self._piece(source, node, f"{self.hole(slot)}: {Escaper.SPREAD}")]
            case MergedAttribute(slot, kind):
                note = self._note(slot, "merged", Escaping(Escaper.ATTRIBUTE, kind=kind))
                return [self._piece(sources.merged_attribute(self.const, node), node, note)]
            case MergedTag():
                note = f"<{node.plan.element}> merged: {self._holes(node.holes)}"
                return [self._piece(sources.merged_tag(self.const, node), node, note)]
            case SpreadTag():
                return [self._piece(self._spread_tag(node), node, self._spread_note(node))]
            case Component():
                return [self._piece(self._component(node), node, f"<{self.hole(node.slot)}>")]
        raise AssertionError(f"no such node: {node!r}")  # pragma: no cover

    def _part(self, part: Part, key: str) -> str:
        return sources.part(self.const, part, key, self.brief)

    @staticmethod
    def _piece(source: str, node: Node, note: str) -> _Piece:
        values, raw = reads(node)
        return _Piece("f'{(" + source + ")}'", note, values, raw)

    def _note(self, slot: int, attribute: str, escaping: Escaping | None = None) -> str:
        what = f"{attribute}, {escaping}" if escaping else attribute
        return f"{self.hole(slot)}: {what}"

    def _holes(self, holes: Sequence[int]) -> str:
        return ", ".join(self.hole(slot) for slot in holes)

    def _spread_note(self, node: SpreadTag) -> str:
        element = node.merged.plan.element
        return f"<{element}> in place unless {self.hole(node.spread)} meets its names"

    # -- attributes and tags -------------------------------------------------------------------

    def _attribute_value(self, node: AttributeValue) -> list[str | _Piece]:
        """An attribute whose value has text around its holes, written in place."""
        key = self.const(ascii_lower(node.name), "key")
        start = f"{node.ws}{node.name}={node.quote}"
        if node.drop_empty:
            # holes side by side and nothing else: a class or style left empty is dropped
            holes = [part for part in node.parts if isinstance(part, Part)]
            joined = " + ".join(f"({self._part(part, key)})" for part in holes)
            source = f"{self.const(start, 'start')} + t + {node.quote!r} if (t := {joined}) else ''"
            notes = ", ".join(self._note(part.slot, node.name, part.escaping) for part in holes)
            return [self._piece(source, node, notes)]
        out: list[str | _Piece] = [start]
        for part in node.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            values = frozenset({part.slot})
            note = self._note(part.slot, node.name, part.escaping)
            out.append(_Piece("f'{(" + self._part(part, key) + ")}'", note, values))
        out.append(node.quote)
        return out

    def _spread_tag(self, node: SpreadTag) -> str:
        """A tag with one spread: the function that renders it in place, tried first."""
        plan = self.const(node.merged.plan, "tag")
        holes = node.merged.holes
        pieces = self.pieces(node.in_place)
        if len(pieces) > _CHUNK:
            calls = []
            for run, used, _raw in _runs(pieces):  # an in-place tag passes no Interpolation
                params = ", ".join(f"v{n}" for n in used)
                calls.append(f"{self._function(params, [], run)}({params})")
            function = f"_f{len(self.functions)}"
            params = ", ".join(f"v{n}" for n in holes)
            self.functions.append(
                f"def {function}({params}):\n    return ''.join(({', '.join(calls)},))\n"
            )
        else:
            function = self._function(", ".join(f"v{n}" for n in holes), [], pieces)
        ws = next(item.ws for item in node.merged.plan.items if isinstance(item, SpreadItem))
        return sources.spread_tag(self.const, node, function, plan, ws)

    # -- components ----------------------------------------------------------------------------

    def _component(self, node: Component) -> str:
        """The source of a component tag's call."""
        deferred = self.stream and not node.foreign  # called when the stream comes to it
        if node.checked or deferred:
            entries = [sources.prop_entry(prop) for prop in node.props]
            props = "{" + ", ".join(entries) + "}"
            site = self.const(node.site, "site")
            children = sources.children(self.const, node)
            call = f"v{node.slot}, {props}, {children}, {site}, interpolations"
            if deferred:
                return f"_defer_component({call}, deferred)"
            source = f"_render_component({call})"
        else:
            params, args, body = self._component_function(node)
            name = f"_f{len(self.functions)}"
            self.functions.append(
                f"def {name}({params}, interpolations):\n" + "\n".join(body) + "\n"
            )
            source = f"{name}({args}, interpolations)"
        # maybe in <svg>, <math> or <select>: the templates the component renders are told so
        return f"_in_foreign(lambda: {source})" if node.foreign else source

    def _component_function(self, node: Component) -> tuple[str, str, list[str]]:
        """The parameters, the arguments and the body of the function that renders a
        component tag without spreads; the arguments are evaluated in the order
        _render_component's were: component, props, children (see sources.component_body)."""
        props = [prop for prop in node.props if isinstance(prop, Prop)]
        site = self.const(node.site, "site")
        children = sources.children(self.const, node)
        params, body = sources.component_body(
            [prop.name for prop in props], site, node.slot, node.close
        )
        close = f", i{node.close}" if node.close >= 0 else ""
        values = "".join(f", {sources.prop_value(prop)}" for prop in props)
        return params, f"v{node.slot}{values}, {children}{close}", body


def _moved(code: CodeType, lines: int) -> CodeType:
    """``code`` and the code objects it holds, ``lines`` lines further down (the line table
    of a code object counts from its first line)."""
    if not lines:
        return code
    consts = tuple(
        _moved(const, lines) if isinstance(const, CodeType) else const for const in code.co_consts
    )
    return code.replace(co_firstlineno=code.co_firstlineno + lines, co_consts=consts)


def _runs(pieces: list[_Piece]) -> list[tuple[list[_Piece], list[int], list[int]]]:
    """``pieces`` in runs of _CHUNK, each with the holes whose values and Interpolations it
    reads, in order."""
    runs = []
    for start in range(0, len(pieces), _CHUNK):
        run = pieces[start : start + _CHUNK]
        values = sorted(set().union(*(piece.values for piece in run)))
        raw = sorted(set().union(*(piece.raw for piece in run)))
        runs.append((run, values, raw))
    return runs


def _return(pieces: Sequence[_Piece], indent: int) -> list[str]:
    """The lines of a return statement of the f-string of ``pieces``, one piece per line,
    each with its comment; one line for a single piece (a line of its own would cost the
    function a NOP)."""
    pad = " " * indent
    lines = [f"{piece.code}  # {piece.note}" if piece.note else piece.code for piece in pieces]
    if len(lines) == 1:
        return [f"{pad}return {lines[0]}"]
    return [f"{pad}return (", *(f"{pad}    {line}" for line in lines), f"{pad})"]
