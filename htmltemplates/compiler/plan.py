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
    SCRIPT_KINDS,
    AttrKind,
    UrlPart,
    ascii_lower,
)
from ..analyze.attributes import analyze_tag, static_value
from ..errors import Location, TemplateError
from ..escaper import CSS_ESCAPERS, URL_PIECES, Escaper, Escaping
from ..lang.references import decode_attribute
from ..runtime import attributes as _attributes
from ..runtime import cache
from ..runtime import components as _components
from ..runtime import escapers as _escapers
from ..runtime import text as _text
from ..runtime.attributes import PartsItem, SpreadItem, StaticItem, TagPlan, WholeItem
from ..runtime.cache import PLAN_FILENAME, Render
from ..runtime.csp import nonce_attribute
from ..runtime.escapers import escape_text
from ..runtime.slow import SLOW_PATHS
from ..runtime.values import check_ints, too_deep
from ..scan.scanner import Scanner
from ..scan.tokens import (
    AttrToken,
    ComponentToken,
    Nesting,
    NonceSlot,
    SpreadToken,
    TagToken,
    TextHole,
    Token,
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
    "_jss": _attributes.js_string_part,
    "_imap": _attributes.importmap_part,
    "_css": _attributes.css_part,
    "_event": _attributes.render_event,
    "_piece": _attributes.url_piece,
    "_PART": UrlPart,
    "_whole": _attributes.render_whole,
    "_tag": _attributes.render_tag,
    "_try": _attributes.render_spread_tag,
    "_spread": _attributes.spread_in_place,
    "_KIND": AttrKind,
    "_nonce": nonce_attribute,
    "_check_ints": check_ints,
    "_too_deep": too_deep,
    "_js": _attributes.js_part,
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
            case TextHole(index, _context, escaper, after_start_tag):
                assert escaper is not None  # a <style> hole is decided at </style>
                source = _text_hole_source(builder, index, escaper)
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


def _text_hole_source(builder: _Builder, index: int, escaper: Escaper) -> str:
    """The source of a hole in element content, a comment, a <script> or a <style>."""
    if escaper in CSS_ESCAPERS:
        return f"_css(v{index}, {index}, {builder.const(escaper)})"
    if escaper in _TEXT_ESCAPERS:
        return f"{_TEXT_ESCAPERS[escaper]}(v{index}, {index})"
    if escaper is Escaper.TEXT:
        return _fast_text(index, "_text", nested=True)
    if escaper is Escaper.TEXT_FOREIGN:
        # maybe in <svg>, <math> or <select>: a template rendered here is told so
        return _fast_text(index, "_text_f")
    if escaper is Escaper.RCDATA:
        return _fast_text(index, "_rcdata")
    raise AssertionError(f"no escaper for a hole in text: {escaper!r}")


# The escapers of holes in text that have no inline fast path, by the name of their function
_TEXT_ESCAPERS = {
    Escaper.COMMENT: "_comment",
    Escaper.SCRIPT_LITERAL: "_js",
    Escaper.SCRIPT_STRING: "_jss",
    Escaper.IMPORTMAP: "_imap",
}


# -- tags ----------------------------------------------------------------------------------------


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
    for before, item in zip(tag.items, tag.items[1:], strict=False):
        if not item.ws and (isinstance(before, SpreadToken) or before.dynamic):
            # <input title="{t}"type=password>: if the value drops title or leaves it bare,
            # the next attribute must not run into the tag name or the bare name
            item.ws = " "
    escapings = analyze_tag(tag)
    # in place is the fast way of the merged tag, which render_tag defines: the slow paths
    # merge every tag
    layout = "merge" if SLOW_PATHS else _layout(tag)
    if layout == "merge":
        _compile_merged_tag(builder, tag, escapings)
    elif layout == "spread":
        plan, holes = _merged_plan(builder, tag, escapings)
        sub = _Builder(builder)
        _compile_in_place(sub, tag, escapings)
        function = sub.function(holes)
        spread = next(item for item in tag.items if isinstance(item, SpreadToken))
        names = frozenset(
            ascii_lower(item.name) for item in tag.items if isinstance(item, AttrToken)
        )
        args = f"{function}, {plan}, ({''.join(f'v{n}, ' for n in holes)}), "
        position = holes.index(spread.index)
        builder.expr(f"_try({args}{position}, {spread.index}, {builder.const(names)})")
    else:
        _compile_in_place(builder, tag, escapings)


def _compile_in_place(builder: _Builder, tag: TagToken, escapings: dict[int, Escaping]) -> None:
    builder.literal(tag.head)
    for item in tag.items:
        if isinstance(item, SpreadToken):
            ws, element = builder.const(item.ws), builder.const(tag.name)
            builder.expr(f"_spread(v{item.index}, {item.index}, {ws}, {element})")
            continue
        if not item.dynamic:
            builder.literal(item.ws + item.raw)
            continue
        parts = item.parts or []
        quote = item.quote.value or '"'
        if len(parts) == 1:
            n = parts[0]
            assert isinstance(n, int)
            kind = escapings[n].kind
            assert kind is not None
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
            part if isinstance(part, str) else _part_source(builder, part, name, escapings[part])
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


def _part_source(builder: _Builder, part: int, name: str, escaping: Escaping) -> str:
    """The source of hole ``part`` inside the value of an attribute rendered in place (``name``
    is the constant of its lower-case name), escaped as ``escaping`` says."""
    escaper = escaping.escaper
    if escaper is Escaper.URL_START:
        return f"_url(v{part}, {part}, {name})"
    if escaper is Escaper.RESOURCE_URL:
        return f"_res(v{part}, {part}, {name})"
    if escaper in URL_PIECES:
        piece = f"_piece(v{part}, {part}, {name}, _PART.{URL_PIECES[escaper].name})"
        # an int needs neither encoding nor escaping (ids in /items/{id} are common)
        fast = f"_str(v{part}) if v{part}.__class__ is _int else "
        return piece if SLOW_PATHS else fast + piece
    if escaper is Escaper.ATTR_TEXT:
        slow = f"_part(v{part}, {part}, {name})"
        # an int needs no escaping (class="level-{n}", id="row-{i}")
        fast = f"_esc(v{part}) if (c := v{part}.__class__) is _str else _str(v{part})"
        return slow if SLOW_PATHS else f"{fast} if c is _int else {slow}"
    return f"_marked(v{part}, {part}, {name}, {builder.const(escaping)})"


def _compile_merged_tag(builder: _Builder, tag: TagToken, escapings: dict[int, Escaping]) -> None:
    plan, holes = _merged_plan(builder, tag, escapings)
    builder.expr(f"_tag({plan}, ({''.join(f'v{n}, ' for n in holes)}))")


def _merged_plan(
    builder: _Builder, tag: TagToken, escapings: dict[int, Escaping]
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
            value = static_value(item)
            items.append(StaticItem(item.ws, item.name, key, item.raw, value, quote))  # type: ignore[arg-type]
        elif len(item.parts or ()) == 1:
            n = (item.parts or [0])[0]
            assert isinstance(n, int)
            kind = escapings[n].kind
            assert kind is not None
            items.append(WholeItem(item.ws, item.name, key, kind, n, len(holes), quote))
            holes.append(n)
        else:
            parts: list[str | tuple[int, int, Escaping]] = []
            for part in item.parts or ():
                if isinstance(part, str):
                    parts.append(part)
                else:
                    parts.append((part, len(holes), escapings[part]))
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
