"""``python -m htmltemplates convert SRC... -o DEST``: Jinja2 templates written as Python modules
of components (docs/jinja2.md, "Converting templates").

Each template is read with Jinja2's own parser (``Environment.parse``) and written as a module
holding one function, named after the file, whose keyword parameters are the variables the
template reads (``None`` when not given: Jinja's Undefined renders nothing), returning a
t-string:

- ``{{ x }}`` is a hole; static text is the t-string's text, braces doubled;
- ``{% if %}`` is a conditional expression, ``{% for %}`` a list comprehension (``loop``
  through :func:`htmltemplates.jinja.looped`, or ``enumerate`` when only its index is read),
  a loop's ``{% else %}`` an ``or``;
- ``{% extends %}`` calls the parent's function with the child's blocks as keyword
  arguments; a template that others extend takes each block as a parameter, its own content
  the default;
- ``{% include %}`` calls the included template's function, ``{% macro %}`` is a function
  (``caller`` a keyword parameter), ``{% call %}`` passes a lambda as ``caller``;
- ``{% set %}`` and ``{% with %}`` are local variables (of a nested function inside a loop
  or a condition);
- filters and tests are Python expressions (docs/text.md's table);
- where a template relies on Jinja's forgiving lookups (a lookup in a condition or an operand
  of ``and``/``or``/``not``, before ``|default``, and any lookup in Flask's ``request``),
  ``x.a`` and ``x["a"]`` are written :func:`htmltemplates.jinja.attr`,
  :func:`~htmltemplates.jinja.item` and ``request.form.get("a", "")``: ``None`` or ``""``
  where Jinja gives Undefined.

What it cannot convert (an unknown filter or test, an extension's tag, a template named by a
value, ``super()``) is written as a call of :func:`htmltemplates.jinja.todo`, which raises at
render time, with a ``# TODO(convert)`` comment, and listed in the report. Jinja2 is needed by
the command only.
"""

from __future__ import annotations

import argparse
import builtins
import keyword
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from jinja2 import Environment, nodes

__all__ = ["Conversion", "Problem", "convert_templates", "main"]

# what a Flask app's Jinja environment gives every template, and where converted code gets it
FLASK_GLOBALS = {
    "url_for": ("flask", "url_for"),
    "get_flashed_messages": ("flask", "get_flashed_messages"),
    "request": ("flask", "request"),
    "session": ("flask", "session"),
    "g": ("flask", "g"),
    "config": ("flask", "current_app"),
}
# the lookups of request that Jinja forgives (request.form['title'] on a GET renders nothing)
_REQUEST_MAPPINGS = {"form", "args", "values", "cookies", "headers", "files"}
_CONSTANTS = {"true": "True", "false": "False", "none": "None"}
# Jinja's gettext functions and htmltemplates.i18n's, and how many message texts each takes
_GETTEXT = {
    "_": "_",
    "gettext": "_",
    "ngettext": "ngettext",
    "pgettext": "pgettext",
    "npgettext": "npgettext",
}
_MESSAGE_TEXTS = {"_": 1, "gettext": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3}
_PLACEHOLDER = re.compile(r"%%|%\((\w+)\)s|%\((\w+)\)d|%")
_OPERATORS = {
    nodes.Add: "+",
    nodes.Sub: "-",
    nodes.Mul: "*",
    nodes.Div: "/",
    nodes.FloorDiv: "//",
    nodes.Mod: "%",
    nodes.Pow: "**",
}
_COMPARISONS = {
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "lteq": "<=",
    "gt": ">",
    "gteq": ">=",
    "in": "in",
    "notin": "not in",
}
# what htmltemplates.jinja.Loop gives of Jinja's loop
_LOOP_ATTRIBUTES = frozenset(
    {"index", "index0", "revindex", "revindex0", "first", "last", "length", "cycle"}
    | {"previtem", "nextitem"}
)
# what enumerate(items, 1) gives of loop: its index is named `index`
_ENUMERATED = {"index": "index", "index0": "(index - 1)", "first": "(index == 1)"}
# the names converted modules import from htmltemplates.jinja, kept free for functions
_HELPERS = {"attr", "item", "looped", "title", "truncate", "todo", "html", "Template", "Markup"}
# marks a line that begins inside a string literal: never indented (see _indent)
_INSIDE = "\0"
_ATOMIC = (
    nodes.Name,
    nodes.Const,
    nodes.Getattr,
    nodes.Getitem,
    nodes.Call,
    nodes.List,
    nodes.Dict,
    nodes.Tuple,
)


@dataclass(frozen=True)
class Problem:
    """Something the converter could not write as Python: a ``todo(...)`` in the output."""

    template: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.template}:{self.line}: {self.message}"


@dataclass
class Conversion:
    """The modules written ({path relative to the destination: source}) and the problems."""

    modules: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def function_name(template: str) -> str:
    """The name of a template's function: its file name without suffixes, as a Python name."""
    stem = PurePosixPath(template).name.split(".")[0]
    name = re.sub(r"\W", "_", stem) or "page"
    if name[0].isdigit():
        name = "_" + name
    if keyword.iskeyword(name) or name in _HELPERS or name in vars(builtins):
        name += "_"
    return name


def module_name(template: str) -> str:
    """``blog/index.html`` -> ``blog.index``: the module, relative to the destination."""
    path = PurePosixPath(template)
    parts = [function_name(part + ".") for part in path.parent.parts]
    return ".".join([*parts, function_name(template)])


# -- writing Python ---------------------------------------------------------------------------


def _static(text: str) -> str:
    """``text`` as static text of a t-string: braces doubled, backslashes and quote runs
    escaped (the literal's quotes are chosen by _tstring)."""
    return text.replace("\\", "\\\\").replace("{", "{{").replace("}", "}}")


def _tstring(parts: Sequence[tuple[bool, str]]) -> str:
    """A t-string literal from ``parts``: (True, static text) and (False, hole code)."""
    static = "".join(text for is_static, text in parts if is_static)
    multiline = any("\n" in text for _, text in parts)
    if not multiline and '"' not in static:
        quote = '"'
    elif not multiline and "'" not in static:
        quote = "'"
    else:
        quote = '"""'
    pieces = []
    for is_static, text in parts:
        if not is_static:
            pieces.append(_hole(text))
            continue
        written = _static(text)
        if quote == '"""' and '""' in written:
            written = written.replace('"', '\\"')
        pieces.append(written)
    inner = "".join(pieces)
    if quote == '"""' and inner.endswith('"') and not inner.endswith('\\"'):
        inner = inner[:-1] + '\\"'
    return f"t{quote}{inner}{quote}".replace("\n", "\n" + _INSIDE)


def _hole(code: str) -> str:
    """``{code}``, with spaces where a brace of the code would double the hole's."""
    return (
        "{"
        + (" " if code.startswith("{") else "")
        + code
        + (" " if code.endswith("}") else "")
        + "}"
    )


def _indent(lines: Iterable[str]) -> list[str]:
    """``lines`` one level in, except the lines that begin inside a string literal."""
    return [
        part if part.startswith(_INSIDE) or not part else "    " + part
        for line in lines
        for part in line.split("\n")
    ]


def _function(name: str, parameters: Sequence[str], body: Sequence[str], *, star: bool) -> str:
    """A function definition; its parameters on one line, or one per line when long."""
    listed = ["*", *parameters] if star and parameters else list(parameters)
    head = f"def {name}({', '.join(listed)}) -> Template:"
    if len(head) > 100:
        head = "\n".join([f"def {name}(", *(f"    {p}," for p in listed), ") -> Template:"])
    return "\n".join([head, *_indent(body)])


# -- where a hole stands -----------------------------------------------------------------------

# Where the converter is in the page, to write a {% if %} or {% for %} the way html() takes a
# value there: a template in text, a str in an attribute value, a dict of attributes between
# attributes. Read from the static text only, as far as that needs: a tag, its attributes, their
# quotes, comments, and the elements whose text is not markup.
TEXT, TAG, EQUALS, VALUE, RAW, COMMENT = "text", "tag", "equals", "value", "raw", "comment"
_RAW_ELEMENTS = frozenset({"script", "style"})
_NAME_END = re.compile(r"[\s/>=]")


@dataclass(frozen=True)
class Where:
    """A place in the page: ``kind`` (TEXT, TAG, EQUALS: right after ``name=``, VALUE, RAW:
    inside a script or style, COMMENT), the quote of a VALUE ("" unquoted), the element."""

    kind: str = TEXT
    quote: str = ""
    element: str = ""


def advance(where: Where, text: str) -> Where:
    """Where the page is after the static ``text``, from ``where``."""
    i, n = 0, len(text)
    kind, quote, element = where.kind, where.quote, where.element
    while i < n:
        if kind == TEXT:
            j = text.find("<", i)
            if j < 0:
                break
            if text.startswith("<!--", j):
                kind, i = COMMENT, j + 4
            elif j + 1 < n and (text[j + 1].isalpha() or text[j + 1] == "/"):
                end = _NAME_END.search(text, j + 2)
                stop = end.start() if end else n
                element = text[j + 1 : stop].lstrip("/").lower()
                if text[j + 1] == "/":
                    element = ""
                kind, i = TAG, stop
            else:
                i = j + 1
        elif kind == COMMENT:
            j = text.find("-->", i)
            if j < 0:
                break
            kind, i = TEXT, j + 3
        elif kind == RAW:
            j = text.lower().find("</" + element, i)
            if j < 0:
                break
            kind, element, i = TAG, "", j + 2 + len(where.element or element)
        elif kind == TAG:
            c = text[i]
            if c == ">":
                kind = RAW if element in _RAW_ELEMENTS else TEXT
            elif c == "=":
                kind = EQUALS
            i += 1
        elif kind == EQUALS:
            c = text[i]
            if c in "\"'":
                kind, quote = VALUE, c
            elif c == ">":
                kind = RAW if element in _RAW_ELEMENTS else TEXT
            elif not c.isspace():
                kind, quote = VALUE, ""
            i += 1
        else:  # VALUE
            c = text[i]
            if (quote and c == quote) or (not quote and c.isspace()):
                kind, quote = TAG, ""
            elif not quote and c == ">":
                kind, quote = RAW if element in _RAW_ELEMENTS else TEXT, ""
            i += 1
    return Where(kind, quote, element)


# -- the variables a template reads ------------------------------------------------------------


def _stored(target: nodes.Node) -> Iterator[str]:
    if isinstance(target, nodes.Name):
        yield target.name
    elif isinstance(target, nodes.Tuple):
        for part in target.items:
            yield from _stored(part)
    elif isinstance(target, nodes.NSRef):
        return


def free_names(body: Sequence[nodes.Node], bound: Iterable[str] = ()) -> set[str]:
    """The names ``body`` reads without binding them first (a ``set`` binds for the rest of
    its body; loop targets, ``with`` targets and macro arguments inside theirs)."""
    found: set[str] = set()
    local = set(bound)
    for node in body:
        _names(node, local, found)
    return found


def _names(node: nodes.Node, local: set[str], found: set[str]) -> None:
    match node:
        case nodes.Name(ctx="load"):
            if node.name not in local:
                found.add(node.name)
        case nodes.NSRef():
            if node.name not in local:
                found.add(node.name)
        case nodes.Assign() | nodes.AssignBlock():
            for child in node.iter_child_nodes(exclude=("target",)):
                _names(child, local, found)
            _names(node.target, local, found)
            local.update(_stored(node.target))
        case nodes.For():
            _names(node.iter, local, found)
            inner = local | set(_stored(node.target)) | {"loop"}
            for child in [*node.body, *([node.test] if node.test else [])]:
                _names(child, inner, found)
            for child in node.else_:
                _names(child, local, found)
        case nodes.Macro() | nodes.CallBlock():
            inner = local | {arg.name for arg in node.args} | {"caller", "varargs", "kwargs"}
            if isinstance(node, nodes.Macro):
                local.add(node.name)
                inner.add(node.name)
            else:
                _names(node.call, local, found)
            for default in node.defaults:
                _names(default, local, found)
            for child in node.body:
                _names(child, inner, found)
        case nodes.With():
            for value in node.values:
                _names(value, local, found)
            inner = local | {name for target in node.targets for name in _stored(target)}
            for child in node.body:
                _names(child, inner, found)
        case nodes.Import():
            local.add(node.target)
        case nodes.FromImport():
            local.update(name if isinstance(name, str) else name[1] for name in node.names)
        case _:
            for child in node.iter_child_nodes():
                _names(child, local, found)


# -- one template ------------------------------------------------------------------------------


@dataclass
class _Unit:
    name: str
    tree: nodes.Template
    parent: str | None
    blocks: dict[str, nodes.Block]
    macros: list[nodes.Macro]
    reads: set[str] = field(default_factory=set)
    extended: bool = False
    # the blocks a child's super() renders: a function of their own, named name + "_block"
    supered: set[str] = field(default_factory=set)


_Parts = list[tuple[bool, str]]


class _Writer:
    """Writes one template's module."""

    def __init__(self, units: dict[str, _Unit], unit: _Unit, flask: bool) -> None:
        self.units = units
        self.unit = unit
        self.flask = flask
        self.imports: dict[str, set[str]] = {"string.templatelib": {"Template"}}
        self.relative: list[str] = []
        self.problems: list[Problem] = []
        self.todos: list[str] = []
        self.helpers: list[str] = []  # nested functions of the function being written
        self.counter = 0
        self.loops: list[set[str]] = []  # per enclosing loop: the loop attributes read
        self.enumerated: list[bool] = []
        self.where = Where()
        self.last_static = ""
        self.current_block = ""

    def need(self, module: str, name: str) -> str:
        self.imports.setdefault(module, set()).add(name)
        return name

    def todo(self, node: nodes.Node, message: str, *values: str) -> str:
        self.problems.append(Problem(self.unit.name, node.lineno, message))
        self.todos.append(f"# TODO(convert): {self.unit.name}, line {node.lineno}: {message}")
        self.need("htmltemplates.jinja", "todo")
        return f"todo({message!r}{''.join(', ' + value for value in values)})"

    # -- expressions

    def expr(self, node: nodes.Node, test: bool = False) -> str:
        """``node`` as Python. ``test``: where the template relies on Jinja's Undefined (its
        lookups are written attr() and item())."""
        message = self.message(node)
        if message is not None:
            return message
        match node:
            case nodes.Name():
                return self.name(node.name)
            case nodes.Const():
                return repr(node.value)
            case nodes.TemplateData():
                return repr(node.data)
            case nodes.Getattr():
                return self.getattr(node, test)
            case nodes.Getitem():
                return self.getitem(node, test)
            case nodes.Call():
                return self.call(node)
            case nodes.Filter():
                return self.filter(node, test)
            case nodes.Test():
                return self.test(node)
            case nodes.CondExpr():
                other = "None" if node.expr2 is None else self.expr(node.expr2, test)
                return f"{self.expr(node.expr1, test)} if {self.expr(node.test, True)} else {other}"
            case nodes.And():
                return f"{self.logical(node.left, True)} and {self.logical(node.right, test)}"
            case nodes.Or():
                return f"{self.logical(node.left, True)} or {self.logical(node.right, test)}"
            case nodes.Not() if isinstance(node.node, nodes.Test) and node.node.name in TESTS:
                return self.test(node.node, negated=True)
            case nodes.Not():
                return f"not {self.logical(node.node, True)}"
            case nodes.Neg():
                return f"-{self.operand(node.node)}"
            case nodes.Pos():
                return f"+{self.operand(node.node)}"
            case nodes.Concat():
                return "".join(["f'", *(self.concat_part(part) for part in node.nodes), "'"])
            case nodes.Compare():
                text = self.operand(node.expr, test)
                for operand in node.ops:
                    text += f" {_COMPARISONS[operand.op]} {self.operand(operand.expr, test)}"
                return text
            case nodes.BinExpr() if type(node) in _OPERATORS:
                operator = _OPERATORS[type(node)]
                return f"{self.operand(node.left)} {operator} {self.operand(node.right)}"
            case nodes.Tuple():
                items = [self.expr(item) for item in node.items]
                return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
            case nodes.List():
                return "[" + ", ".join(self.expr(item) for item in node.items) + "]"
            case nodes.Dict():
                pairs = (f"{self.expr(p.key)}: {self.expr(p.value)}" for p in node.items)
                return "{" + ", ".join(pairs) + "}"
            case nodes.Slice():
                parts = ["" if p is None else self.expr(p) for p in (node.start, node.stop)]
                if node.step is not None:
                    parts.append(self.expr(node.step))
                return ":".join(parts)
            case nodes.MarkSafe() | nodes.MarkSafeIfAutoescape():
                return f"{self.need('markupsafe', 'Markup')}({self.expr(node.expr)})"
        return self.todo(node, f"the expression {type(node).__name__} is not converted")

    def message(self, node: nodes.Node) -> str | None:
        """A translated message (``{% trans %}``, ``_("...")``, ``gettext(...)``) as the
        same message of htmltemplates.i18n: ``_(t"Hello {user}!")``, its ``%(name)s``
        placeholders holes named alike, bound to their values by a nested function when a
        value is not that name; None for anything else."""
        bindings: dict[str, nodes.Node] = {}
        formatted = False
        match node:
            case nodes.Mod(left=nodes.MarkSafeIfAutoescape(expr=nodes.Call() as call), right=right):
                if not isinstance(right, nodes.Dict):
                    return None
                for pair in right.items:
                    if not isinstance(pair.key, nodes.Const):
                        return None
                    bindings[str(pair.key.value)] = pair.value
                formatted = True
            case nodes.MarkSafeIfAutoescape(expr=nodes.Call() as call):
                pass
            case nodes.Filter(name="format", node=nodes.Call() as call) if not node.args:
                bindings = {str(kw.key): kw.value for kw in node.kwargs}
                formatted = True
            case nodes.Call() as call:
                bindings = {str(kw.key): kw.value for kw in call.kwargs}
            case _:
                return None
        function = call.node
        if not isinstance(function, nodes.Name) or function.name not in _GETTEXT:
            return None
        name, texts = _GETTEXT[function.name], call.args[: _MESSAGE_TEXTS[function.name]]
        if not texts or not all(
            isinstance(text, nodes.Const) and isinstance(text.value, str) for text in texts
        ):
            return None
        strings = [str(text.value) for text in texts]  # type: ignore[attr-defined]
        formatted = formatted or bool(bindings) or any("%%" in text for text in strings)
        if name in {"ngettext", "npgettext"}:
            count = call.args[len(texts)] if len(call.args) > len(texts) else None
            if count is None:
                return None
            bindings.setdefault("num", count)
        holes: list[str] = []
        written = []
        for text in strings:
            parts = _message_parts(text, formatted)
            if parts is None:
                return None
            holes += [code for is_static, code in parts if not is_static]
            written.append(_tstring(parts).replace("\n" + _INSIDE, "\n"))
        arguments = written
        if name in {"ngettext", "npgettext"}:
            arguments = [*written, self.expr(call.args[len(texts)])]
        if name in {"pgettext", "npgettext"}:
            arguments = [self.expr(call.args[0]), *arguments]
            written_context = call.args[0]
            if not isinstance(written_context, nodes.Const):
                return None
        imported = self.need("htmltemplates.i18n", name)
        text = f"{imported}({', '.join(arguments)})"
        bound = {
            hole: bindings[hole]
            for hole in dict.fromkeys(holes)
            if hole in bindings
            and not (isinstance(bindings[hole], nodes.Name) and bindings[hole].name == hole)  # type: ignore[attr-defined]
        }
        if not bound:
            return text
        self.counter += 1
        helper = f"_message{self.counter}"
        self.need("typing", "Any")
        parameters = [f"{hole}: Any" for hole in bound]
        self.helpers.append(_function(helper, parameters, ["return " + text], star=False) + "\n")
        values = ", ".join(f"{hole}={self.expr(value)}" for hole, value in bound.items())
        return f"{helper}({values})"

    def operand(self, node: nodes.Node, test: bool = False) -> str:
        """``node`` as an operand: in parentheses unless atomic."""
        text = self.expr(node, test)
        if isinstance(node, _ATOMIC) and not text.startswith("not "):
            return text
        if isinstance(node, nodes.Filter) and re.fullmatch(
            r"[\w.]+\(.*\)|\[.* for x in .*\]", text
        ):
            return text  # a call or a comprehension the filter table wrote
        return f"({text})"

    def logical(self, node: nodes.Node, test: bool) -> str:
        """``node`` as an operand of ``and``, ``or``, ``not``: comparisons and tests bind
        tighter, so only a conditional expression (and ``and`` inside ``or``, for the reader)
        takes parentheses."""
        text = self.expr(node, test)
        if isinstance(node, (nodes.CondExpr, nodes.And, nodes.Or)):
            return f"({text})"
        return text

    def concat_part(self, node: nodes.Node) -> str:
        if isinstance(node, nodes.Const) and isinstance(node.value, str):
            return node.value.replace("\\", "\\\\").replace("{", "{{").replace("}", "}}")
        return "{" + self.expr(node) + "}"

    def name(self, name: str) -> str:
        if name in _CONSTANTS:
            return _CONSTANTS[name]
        if self.flask and name in FLASK_GLOBALS:
            module, imported = FLASK_GLOBALS[name]
            self.need(module, imported)
            return "current_app.config" if name == "config" else name
        if name == "namespace":
            return self.need("types", "SimpleNamespace")
        return name

    def getattr(self, node: nodes.Getattr, test: bool) -> str:
        if isinstance(node.node, nodes.Name) and node.node.name == "loop" and self.loops:
            if node.attr not in _LOOP_ATTRIBUTES:
                return self.todo(node, f"loop.{node.attr} is not converted")
            self.loops[-1].add(node.attr)
            if self.enumerated[-1] and node.attr in _ENUMERATED:
                return _ENUMERATED[node.attr]
            return f"loop.{node.attr}"
        if test and not self.always_defined(node.node):
            attr = self.need("htmltemplates.jinja", "attr")
            return f"{attr}({self.expr(node.node, True)}, {node.attr!r})"
        return f"{self.operand(node.node, test)}.{node.attr}"

    def always_defined(self, node: nodes.Node) -> bool:
        return isinstance(node, nodes.Name) and node.name in {"request", "loop", "session"}

    def getitem(self, node: nodes.Getitem, test: bool) -> str:
        if isinstance(node.arg, nodes.Slice):
            return f"{self.operand(node.node, test)}[{self.expr(node.arg)}]"
        key = self.expr(node.arg)
        if self.request_mapping(node.node):
            default = "" if test else ", ''"
            return f"{self.expr(node.node)}.get({key}{default})"
        if test:
            item = self.need("htmltemplates.jinja", "item")
            return f"{item}({self.expr(node.node, True)}, {key})"
        return f"{self.operand(node.node)}[{key}]"

    def request_mapping(self, node: nodes.Node) -> bool:
        """``request.form`` and the other mappings of Flask's request."""
        return (
            self.flask
            and isinstance(node, nodes.Getattr)
            and isinstance(node.node, nodes.Name)
            and node.node.name == "request"
            and node.attr in _REQUEST_MAPPINGS
        )

    def arguments(self, node: nodes.Call | nodes.Filter | nodes.Test) -> str:
        parts = [self.expr(arg) for arg in node.args]
        parts += [f"{kw.key}={self.expr(kw.value)}" for kw in node.kwargs]
        if node.dyn_args is not None:
            parts.append("*" + self.operand(node.dyn_args))
        if node.dyn_kwargs is not None:
            parts.append("**" + self.operand(node.dyn_kwargs))
        return ", ".join(parts)

    def call(self, node: nodes.Call) -> str:
        function = node.node
        if isinstance(function, nodes.Name) and function.name == "super":
            return self.super_call(node)
        if (
            isinstance(function, nodes.Getattr)
            and isinstance(function.node, nodes.Name)
            and function.node.name == "self"
        ):
            return self.block_expression(function.attr, node)
        if self.static_file(node):
            static_url = self.need("htmltemplates.flask", "static_url")
            rest = nodes.Call(function, [], node.kwargs, node.dyn_args, node.dyn_kwargs)
            return f"{static_url}({self.arguments(rest)})".replace("(filename=", "(", 1)
        return f"{self.operand(function)}({self.arguments(node)})"

    def static_file(self, node: nodes.Call) -> bool:
        """``url_for('static', filename=...)``: a URL the app chose, which may load code (a
        stylesheet's or a script's), written ``static_url(...)`` as html() requires."""
        return (
            self.flask
            and isinstance(node.node, nodes.Name)
            and node.node.name == "url_for"
            and len(node.args) == 1
            and isinstance(node.args[0], nodes.Const)
            and node.args[0].value == "static"
            and [kw.key for kw in node.kwargs][:1] == ["filename"]
        )

    def filter(self, node: nodes.Filter, test: bool) -> str:
        rule = FILTERS.get(node.name)
        if node.node is None or rule is None:
            value = [] if node.node is None else [self.expr(node.node)]
            return self.todo(node, f"the filter |{node.name} is not converted", *value)
        return rule(self, node, node.node, test)

    def test(self, node: nodes.Test, negated: bool = False) -> str:
        rule = TESTS.get(node.name)
        if rule is None:
            return self.todo(node, f"the test 'is {node.name}' is not converted")
        arguments = [self.operand(arg) for arg in node.args]
        text = rule.format(self.operand(node.node, True), *arguments)
        if not negated:
            return text
        for positive, negative in ((" is not ", " is "), (" is ", " is not "), (" == ", " != ")):
            if positive in rule:
                return rule.replace(positive, negative).format(
                    self.operand(node.node, True), *arguments
                )
        return f"not {text}"

    # -- markup

    def parts(self, body: Sequence[nodes.Node]) -> _Parts:
        """The parts of the t-string for ``body``: (True, text) or (False, code), following
        where in the page each one stands (self.where)."""
        out: _Parts = []
        for node in body:
            # an Output's parts one by one: where each value stands decides how it is written
            pieces = (
                (self.output(child) for child in node.nodes)
                if isinstance(node, nodes.Output)
                else iter(self.piece(node))
            )
            for part in pieces:
                out.append(part)
                if part[0]:
                    self.where = advance(self.where, part[1])
                    self.last_static = part[1] or self.last_static
                elif self.where.kind == EQUALS:
                    self.where = Where(VALUE, "", self.where.element)
        return out

    def piece(self, node: nodes.Node) -> _Parts:
        match node:
            case nodes.Output():
                return [self.output(child) for child in node.nodes]
            case nodes.Macro() | nodes.Import() | nodes.FromImport() | nodes.Extends():
                return []  # module level
            case nodes.Scope() | nodes.ScopedEvalContextModifier():
                return self.parts(node.body)
            case nodes.EvalContextModifier():
                return []
        kind = self.where.kind
        if kind in {VALUE, EQUALS} and isinstance(node, (nodes.If, nodes.For)):
            return [(False, self.string([node]))]
        if kind == TAG and isinstance(node, nodes.If):
            return self.attributes(node)
        if kind in {TAG, VALUE, EQUALS, RAW} and not isinstance(node, nodes.Block):
            where = {RAW: f"inside <{self.where.element}>", TAG: "between attributes"}
            hint = (
                " (docs/contexts.md#inline-scripts: a run-time if in the script, two "
                "scripts, or script())"
                if kind == RAW
                else ""
            )
            message = f"{{% {_tag_name(node)} %}} {where.get(kind, 'in an attribute value')}"
            return [(False, self.todo(node, f"{message} is not converted{hint}"))]
        match node:
            case nodes.If():
                return [(False, self.conditional(node))]
            case nodes.For():
                return [(False, self.loop(node))]
            case nodes.Block():
                return self.block(node)
            case nodes.Include():
                return [(False, self.include(node))]
            case nodes.CallBlock():
                return [(False, self.call_block(node))]
            case nodes.With():
                return [(False, self.with_(node))]
        return [(False, self.todo(node, f"the tag {type(node).__name__} is not converted"))]

    def output(self, node: nodes.Node) -> tuple[bool, str]:
        if isinstance(node, nodes.TemplateData):
            return (True, node.data)
        if isinstance(node, nodes.Filter) and node.name == "safe" and node.node is not None:
            return (False, self.expr(node.node) + ":safe")
        code = self.expr(node)
        if self.where.kind in {TEXT, COMMENT} and _makes_a_list(node):
            code += "!s"  # Jinja prints a list as Python writes it; html() would render each item
        return (False, code)

    def body(self, body: Sequence[nodes.Node], parameters: Sequence[str] = ()) -> str:
        """``body`` as an expression: a t-string, or the call of a nested function when it
        sets variables, which only a function can hold."""
        if _sets(body):
            kind = "loop_body" if self.loops else "part"
            return self.nested(body, parameters, kind) + f"({', '.join(parameters)})"
        return _tstring(self.parts(body))

    def branches(
        self, bodies: Sequence[Sequence[nodes.Node]], write: Callable[..., str]
    ) -> list[str]:
        """Each of ``bodies`` written by ``write``, each from where the page is now; after
        them, the page is where the first one leaves it."""
        start = self.where
        written, ends = [], []
        for body in bodies:
            self.where = start
            written.append(write(body))
            ends.append(self.where)
        self.where = ends[0] if ends else start
        return written

    def nested(self, body: Sequence[nodes.Node], parameters: Sequence[str], kind: str) -> str:
        """A nested function returning ``body``'s template (``_loop_body1``, ``_with1``...);
        its name."""
        self.counter += 1
        name = f"_{kind}{self.counter}"
        saved, self.helpers = self.helpers, []
        lines = self.statements(body)
        text = _tstring(self.parts(_unset(body)))
        lines += [*([""] if lines and self.helpers else []), *self.helpers, "return " + text]
        typed = [f"{parameter}: Any" for parameter in parameters]
        if typed:
            self.need("typing", "Any")
        self.helpers = [*saved, _function(name, typed, lines, star=False) + "\n"]
        return name

    def statements(self, body: Sequence[nodes.Node]) -> list[str]:
        """The assignments of ``body`` (``set`` holds from where it stands: written first, it
        holds for the whole body, the same as long as nothing reads it before)."""
        lines = []
        changed: set[str] = set()  # the namespaces the nodes so far set attributes of
        for node in body:
            if isinstance(node, nodes.Assign) and free_names([node.node]) & changed:
                # written first, it would read the namespace before the loop above changes it
                value = self.todo(node, "a set that reads a namespace changed above it")
                lines.append(f"{self.target(node.target)} = {value}")
            elif isinstance(node, nodes.Assign):
                lines.append(f"{self.target(node.target)} = {self.expr(node.node)}")
            elif isinstance(node, nodes.AssignBlock):
                saved, self.where = self.where, Where()
                value = _tstring(self.parts(node.body))
                self.where = saved
                if node.filter is not None:
                    value = self.todo(node, "a filter on a block set is not converted", value)
                lines.append(f"{self.target(node.target)} = {value}")
            if not isinstance(node, (nodes.Assign, nodes.AssignBlock)):
                changed |= {ref.name for ref in node.find_all(nodes.NSRef)}
        return lines

    def target(self, node: nodes.Node) -> str:
        match node:
            case nodes.Name():
                return node.name
            case nodes.NSRef():
                return f"{node.name}.{node.attr}"
            case nodes.Tuple():
                return ", ".join(self.target(item) for item in node.items)
        return self.todo(node, "this assignment target is not converted")

    def with_(self, node: nodes.With) -> str:
        names = [self.target(target) for target in node.targets]
        values = [self.expr(value) for value in node.values]
        return f"{self.nested(node.body, names, 'with')}({', '.join(values)})"

    def conditional(self, node: nodes.If, write: Callable[..., str] | None = None) -> str:
        """``{% if %}`` as a conditional expression of its bodies written by ``write``."""
        write = write or self.body
        bodies = [node.body, *(branch.body for branch in node.elif_)]
        tests = [node.test, *(branch.test for branch in node.elif_)]
        written = self.branches([*bodies, *([node.else_] if node.else_ else [])], write)
        text = " else ".join(
            f"{value} if {self.expr(test, True)}"
            for value, test in zip(written, tests, strict=False)
        )
        otherwise = written[-1] if node.else_ else ("''" if write == self.string else "None")
        return f"{text} else {otherwise}"

    def loop_head(self, node: nodes.For) -> tuple[str, list[str], bool]:
        """The ``for ... in ...`` of a comprehension for ``node``, the names it binds, and
        whether ``loop`` is enumerate's index."""
        target = self.target(node.target)
        used = _loop_attributes(node.body)
        iterable = self.expr(node.iter)
        if node.test is not None and used:
            # Jinja's loop counts the items the test keeps: filter first
            iterable = f"[{target} for {target} in {iterable} if {self.expr(node.test, True)}]"
        enumerated = bool(used) and used <= set(_ENUMERATED)
        if enumerated:
            head = f"for index, {target} in enumerate({iterable}, 1)"
            parameters = ["index", target]
        elif used:
            looped = self.need("htmltemplates.jinja", "looped")
            head = f"for loop, {target} in {looped}({iterable})"
            parameters = ["loop", target]
        else:
            head = f"for {target} in {self.operand(node.iter)}"
            parameters = [target]
        if isinstance(node.target, nodes.Tuple) and used:
            head = head.replace(f", {target} in", f", ({target}) in")
            parameters = [parameters[0], *target.split(", ")]
        if node.test is not None and not used:
            head += f" if {self.expr(node.test, True)}"
        return head, parameters, enumerated

    def loop(self, node: nodes.For) -> str:
        if node.recursive:
            return self.todo(node, "a recursive loop is not converted")
        head, parameters, enumerated = self.loop_head(node)
        self.loops.append(set())
        self.enumerated.append(enumerated)
        (body,) = self.branches([node.body], lambda body: self.body(body, parameters))
        self.loops.pop()
        self.enumerated.pop()
        text = f"[{body} {head}]"
        if node.else_:
            (otherwise,) = self.branches([node.else_], self.body)
            text += f" or {otherwise}"
        return text

    # -- in an attribute value: str; between attributes: a dict

    def string(self, body: Sequence[nodes.Node]) -> str:
        """``body`` as a str expression, for an attribute value: static text and values in an
        f-string, conditions and loops as str expressions inside it."""
        pieces: _Parts = []
        for node in body:
            match node:
                case nodes.Output():
                    for child in node.nodes:
                        if isinstance(child, nodes.TemplateData):
                            pieces.append((True, child.data))
                        else:
                            pieces.append((False, self.expr(child)))
                case nodes.If():
                    pieces.append((False, self.conditional(node, self.string)))
                case nodes.For() if not node.recursive:
                    head, _, enumerated = self.loop_head(node)
                    self.loops.append(set())
                    self.enumerated.append(enumerated)
                    each = self.string(node.body)
                    if not each.startswith(("f'", 'f"', "'", '"')):
                        each = f"str({each})"  # one value: join() takes str only
                    joined = f"''.join([{each} {head}])"
                    self.loops.pop()
                    self.enumerated.pop()
                    if node.else_:
                        joined = f"{joined} or {self.string(node.else_)}"
                    pieces.append((False, joined))
                case _:
                    message = f"{{% {_tag_name(node)} %}} in an attribute value is not converted"
                    pieces.append((False, self.todo(node, message)))
        for is_static, text in pieces:
            if is_static:
                self.where = advance(self.where, text)
        return _fstring(pieces)

    def attributes(self, node: nodes.If) -> _Parts:
        """``{% if %}`` between attributes (``<option{% if on %} selected{% endif %}>``): a
        dict of the attributes each branch writes, spread by html()."""

        def spread(body: Sequence[nodes.Node]) -> str:
            found = _attribute_dict(self, body)
            if found is None:
                return self.todo(node, "{% if %} between attributes is not converted")
            return found

        text = self.conditional(node, spread)
        self.where = Where(TAG, "", self.where.element)
        if self.last_static[-1:].isspace():
            return [(False, text)]
        return [(True, " "), (False, text)]

    # -- blocks, includes, macros

    def block(self, node: nodes.Block) -> _Parts:
        """A block where it stands: a parameter (with its content as the default) in a template
        that others extend, else its content."""
        if self.unit.extended:
            return [(False, self.block_expression(node.name, node))]
        saved, self.current_block = self.current_block, node.name
        parts = [(False, self.body(node.body))] if _sets(node.body) else self.parts(node.body)
        self.current_block = saved
        return parts

    def block_expression(self, name: str, node: nodes.Node) -> str:
        block = self.unit.blocks.get(name) or self.inherited_block(name)
        if block is None:
            return self.todo(node, f"self.{name}(): no block {name!r} in this template")
        if self.unit.extended and name in self.unit.supered and name in self.unit.blocks:
            reads = sorted(_block_reads(self.unit, name))
            default = f"{name}_block({', '.join(f'{read}={read}' for read in reads)})"
            return f"{name} if {name} is not None else {default}"
        saved, self.current_block = self.current_block, name
        default = self.body(block.body)
        self.current_block = saved
        if not self.unit.extended:
            return default
        if not any(text for _, text in self.parts(block.body)):
            return name
        return f"{name} if {name} is not None else {default}"

    def super_call(self, node: nodes.Call) -> str:
        """``super()`` in a block: the function of the parent's block, with what it reads."""
        name = self.current_block
        owner = _block_owner(self.units, self.unit, name) if name else None
        if owner is None or name not in owner.supered:
            return self.todo(node, "super() outside a block of a converted parent")
        function = self.import_name(owner, f"{name}_block")
        reads = sorted(_block_reads(owner, name))
        return f"{function}({', '.join(f'{read}={self.name(read)}' for read in reads)})"

    def import_name(self, unit: _Unit, name: str) -> str:
        """``name`` of the module of ``unit``, imported here."""
        module = module_name(unit.name)
        package, _, leaf = module.rpartition(".")
        source = self.relative_to(package) + ("." if package else "") + leaf
        line = f"from {source} import {name}"
        if line not in self.relative:
            self.relative.append(line)
        return name

    def block_function(self, name: str) -> str:
        """The function of a block that a child's super() renders: its default content."""
        block = self.unit.blocks[name]
        reads = sorted(_block_reads(self.unit, name))
        if reads:
            self.need("typing", "Any")
        saved_helpers, self.helpers = self.helpers, []
        saved_where, self.where = self.where, Where()
        text = _tstring(self.parts(_unset(block.body)))
        lines = [*self.statements(block.body), *self.helpers, "return " + text]
        self.helpers, self.where = saved_helpers, saved_where
        parameters = [f"{read}: Any = None" for read in reads]
        return _function(f"{name}_block", parameters, lines, star=True)

    def inherited_block(self, name: str) -> nodes.Block | None:
        unit = self.unit
        while unit.parent in self.units:
            unit = self.units[unit.parent]
            if name in unit.blocks:
                return unit.blocks[name]
        return None

    def template_function(self, template: nodes.Node, node: nodes.Node) -> tuple[str, _Unit] | None:
        """The function of the template ``template`` names, imported."""
        if not isinstance(template, nodes.Const) or template.value not in self.units:
            return None
        unit = self.units[template.value]
        return self.import_function(unit), unit

    def import_function(self, unit: _Unit) -> str:
        module = module_name(unit.name)
        function = function_name(unit.name)
        alias = function
        if function == function_name(self.unit.name) or function in self.unit.reads:
            alias = f"{module.replace('.', '_')}_page"
        package, _, leaf = module.rpartition(".")
        written = function if alias == function else f"{function} as {alias}"
        source = self.relative_to(package) + ("." if package else "") + leaf
        line = f"from {source} import {written}"
        if line not in self.relative:
            self.relative.append(line)
        return alias

    def relative_to(self, package: str) -> str:
        """The relative-import prefix from this module to ``package``."""
        here = module_name(self.unit.name).split(".")[:-1]
        prefix = "." * (len(here) + 1)
        return prefix + package

    def context_arguments(self, unit: _Unit, given: dict[str, str]) -> str:
        arguments = dict(given)
        for name in sorted(unit.reads):
            arguments.setdefault(name, self.name(name))
        return ", ".join(f"{key}={value}" for key, value in arguments.items())

    def include(self, node: nodes.Include) -> str:
        found = self.template_function(node.template, node)
        if found is None:
            return self.todo(node, "an include of a template that is not converted")
        function, unit = found
        return f"{function}({self.context_arguments(unit, {})})"

    def call_block(self, node: nodes.CallBlock) -> str:
        arguments = [arg.name for arg in node.args]
        caller = f"lambda {', '.join(arguments)}: " if arguments else "lambda: "
        caller += self.body(node.body, arguments)
        call = node.call
        written = self.arguments(call)
        joined = f"{written}, caller={caller}" if written else f"caller={caller}"
        return f"{self.operand(call.node)}({joined})"

    def macro(self, node: nodes.Macro) -> str:
        self.helpers = []
        names = [arg.name for arg in node.args]
        defaults = [self.expr(value) for value in node.defaults]
        required = names[: len(names) - len(defaults)]
        parameters = [f"{name}: Any" for name in required]
        parameters += [
            f"{name}: Any = {default}"
            for name, default in zip(names[len(required) :], defaults, strict=True)
        ]
        self.need("typing", "Any")
        if any(name.name == "caller" for name in node.find_all(nodes.Name)):
            self.need("collections.abc", "Callable")
            parameters += ["*", "caller: Callable[..., Template]"]
        lines = self.statements(node.body)
        text = _tstring(self.parts(_unset(node.body)))
        lines += [*self.helpers, "return " + text]
        return _function(node.name, parameters, lines, star=False)

    # -- the module

    def module(self) -> str:
        unit = self.unit
        for node in unit.tree.body:
            if isinstance(node, nodes.Import):
                self.import_template(node)
            elif isinstance(node, nodes.FromImport):
                self.from_import(node)
        functions = [self.macro(macro) for macro in unit.macros]
        functions += [self.block_function(name) for name in sorted(unit.supered)]
        self.helpers = []
        body = [node for node in unit.tree.body if not isinstance(node, nodes.Macro)]
        parameters = []
        if unit.extended:
            blocks = _all_blocks(self.units, unit)
            parameters = [f"{name}: Template | None = None" for name in blocks]
        parameters += [f"{name}: Any = None" for name in sorted(unit.reads)]
        if unit.reads:
            self.need("typing", "Any")
        statements = self.statements(body)
        if unit.parent is not None:
            result = self.child_call()
        else:
            result = _tstring(self.parts(_unset(body)))
        lines = [
            f'"""{unit.name}, converted from Jinja2."""',
            *statements,
            *([""] if statements and self.helpers else []),
            *self.helpers,
            "return " + result,
        ]
        if not (unit.macros and _only_definitions(body)):  # a file of macros has no page
            functions.append(_function(function_name(unit.name), parameters, lines, star=True))
        head = [f'"""The Jinja2 template {unit.name}, converted."""', "", *self.import_lines()]
        todos = ["", *self.todos] if self.todos else []
        text = "\n".join([*head, *todos, "", "", "\n\n\n".join(functions), ""])
        text = text.replace(_INSIDE, "")
        if any(len(line) > 88 for line in text.splitlines()):
            # the template's own lines, kept as they were: ruff's default limit is 88
            first = text.index("\n") + 1
            text = text[:first] + "# ruff: noqa: E501\n" + text[first:]
        return text

    def child_call(self) -> str:
        unit = self.unit
        parent = self.units.get(unit.parent or "")
        if parent is None:
            return self.todo(unit.tree, f"the parent template {unit.parent!r} is not converted")
        function = self.import_function(parent)
        given: dict[str, str] = {}
        for name in _all_blocks(self.units, parent):
            if name in unit.blocks:
                block = unit.blocks[name]
                self.current_block = name
                content = self.body(block.body)
                self.current_block = ""
                if unit.extended and name in unit.supered:
                    reads = sorted(_block_reads(unit, name))
                    content = f"{name}_block({', '.join(f'{r}={r}' for r in reads)})"
                given[name] = (
                    f"{name} if {name} is not None else {content}" if unit.extended else content
                )
            elif unit.extended:
                given[name] = name
        return f"{function}({self.context_arguments(parent, given)})"

    def import_template(self, node: nodes.Import) -> None:
        if not isinstance(node.template, nodes.Const) or node.template.value not in self.units:
            self.todo(node, "an import of a template that is not converted")
            return
        module = module_name(node.template.value)
        package, _, leaf = module.rpartition(".")
        prefix = self.relative_to(package)
        written = leaf if leaf == node.target else f"{leaf} as {node.target}"
        self.relative.append(f"from {prefix} import {written}")

    def from_import(self, node: nodes.FromImport) -> None:
        if not isinstance(node.template, nodes.Const) or node.template.value not in self.units:
            self.todo(node, "an import from a template that is not converted")
            return
        module = module_name(node.template.value)
        package, _, leaf = module.rpartition(".")
        source = self.relative_to(package) + ("." if package else "") + leaf
        for name in node.names:
            original, alias = (name, name) if isinstance(name, str) else name
            written = original if original == alias else f"{original} as {alias}"
            self.relative.append(f"from {source} import {written}")

    def import_lines(self) -> list[str]:
        groups: list[list[str]] = [[], [], []]
        for module, names in sorted(self.imports.items()):
            third_party = module.split(".")[0] in {"flask", "htmltemplates", "markupsafe"}
            groups[int(third_party)].append(f"from {module} import {', '.join(sorted(names))}")
        merged: dict[str, list[str]] = {}
        for line in self.relative:
            source, _, imported = line.removeprefix("from ").partition(" import ")
            if imported not in merged.setdefault(source, []):
                merged[source].append(imported)
        groups[2] = [
            f"from {source} import {', '.join(sorted(names))}"
            for source, names in sorted(merged.items())
        ]
        lines: list[str] = []
        for group in groups:
            if group:
                lines += [*([""] if lines else []), *group]
        return lines


def _tag_name(node: nodes.Node) -> str:
    return {
        "If": "if",
        "For": "for",
        "Include": "include",
        "CallBlock": "call",
        "With": "with",
        "Block": "block",
        "Assign": "set",
        "AssignBlock": "set",
    }.get(type(node).__name__, type(node).__name__.lower())


def _fstring(pieces: Sequence[tuple[bool, str]]) -> str:
    """A str expression from ``pieces``: a literal, or an f-string with the code in holes."""
    if all(is_static for is_static, _ in pieces):
        return repr("".join(text for _, text in pieces))
    if len(pieces) == 1:
        return pieces[0][1]
    static = "".join(text for is_static, text in pieces if is_static)
    quote = "'" if '"' in static and "'" not in static else '"'
    written = []
    for is_static, text in pieces:
        if is_static:
            escaped = text.replace("\\", "\\\\").replace("{", "{{").replace("}", "}}")
            written.append(escaped.replace(quote, "\\" + quote).replace("\n", "\\n"))
        else:
            written.append(_hole(text))
    return f"f{quote}{''.join(written)}{quote}"


_ATTRIBUTE = re.compile(r"\s*([^\s=>/\"']+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>\"']+)))?\s*")


def _attribute_dict(writer: _Writer, body: Sequence[nodes.Node]) -> str | None:
    """The attributes ``body`` writes between attributes, as a dict expression: static names,
    values with holes inside quotes; None for anything else (a loop, a name from a value)."""
    text, holes = "", list[str]()
    for node in body:
        if not isinstance(node, nodes.Output):
            return None
        for child in node.nodes:
            if isinstance(child, nodes.TemplateData):
                if "\0" in child.data:
                    return None
                text += child.data
            else:
                text += f"\0{len(holes)}\0"
                holes.append(writer.expr(child))
    items, position = [], 0
    while position < len(text):
        found = _ATTRIBUTE.match(text, position)
        if found is None or found.end() == position or "\0" in found.group(1):
            return None
        position = found.end()
        value = next((v for v in found.group(2, 3, 4) if v is not None), None)
        if value is None:
            items.append(f"{found.group(1)!r}: True")
            continue
        pieces: _Parts = []
        for k, piece in enumerate(value.split("\0")):
            if k % 2:
                pieces.append((False, holes[int(piece)]))
            elif piece:
                pieces.append((True, piece))
        items.append(f"{found.group(1)!r}: {_fstring(pieces) if pieces else repr('')}")
    return "{" + ", ".join(items) + "}"


def _message_parts(text: str, formatted: bool) -> _Parts | None:
    """The parts of a message's t-string: ``%(name)s`` a hole named ``name``, ``%%`` a ``%``
    (when the message is formatted); None for a placeholder a t-string id cannot hold."""
    if not formatted:
        return [(True, text)] if text else []
    parts: _Parts = []
    position = 0
    for found in _PLACEHOLDER.finditer(text):
        if found.start() > position:
            parts.append((True, text[position : found.start()]))
        if found.group() == "%%":
            parts.append((True, "%"))
        elif found.group() == "%":
            return None
        else:
            parts.append((False, found.group(1) or found.group(2)))
        position = found.end()
    if position < len(text):
        parts.append((True, text[position:]))
    merged: _Parts = []
    for part in parts:
        if merged and part[0] and merged[-1][0]:
            merged[-1] = (True, merged[-1][1] + part[1])
        else:
            merged.append(part)
    return merged


_LIST_FILTERS = frozenset(
    {"list", "sort", "unique", "select", "reject", "selectattr", "rejectattr", "map", "batch"}
)


def _makes_a_list(node: nodes.Node) -> bool:
    """Whether ``node`` is a list, tuple or dict for sure (a literal, or a filter that makes
    one), which Jinja prints as Python writes it."""
    if isinstance(node, (nodes.List, nodes.Tuple, nodes.Dict)):
        return True
    return isinstance(node, nodes.Filter) and node.name in _LIST_FILTERS


def _block_owner(units: dict[str, _Unit], unit: _Unit, name: str) -> _Unit | None:
    """The nearest parent of ``unit`` that defines the block ``name``."""
    while unit.parent in units:
        unit = units[unit.parent]
        if name in unit.blocks:
            return unit
    return None


def _block_reads(unit: _Unit, name: str) -> set[str]:
    """What the content of ``unit``'s block ``name`` reads of the page's variables."""
    return free_names(unit.blocks[name].body) & unit.reads


def _only_definitions(body: Sequence[nodes.Node]) -> bool:
    """Whether ``body`` writes nothing but whitespace (a file of macros and imports)."""
    for node in body:
        if isinstance(node, nodes.Output):
            if not all(
                isinstance(child, nodes.TemplateData) and not child.data.strip()
                for child in node.nodes
            ):
                return False
        elif not isinstance(node, (nodes.Import, nodes.FromImport)):
            return False
    return True


def _sets(body: Sequence[nodes.Node]) -> bool:
    return any(isinstance(node, (nodes.Assign, nodes.AssignBlock)) for node in body)


def _unset(body: Sequence[nodes.Node]) -> list[nodes.Node]:
    return [node for node in body if not isinstance(node, (nodes.Assign, nodes.AssignBlock))]


def _loop_attributes(body: Sequence[nodes.Node]) -> set[str]:
    """The attributes of ``loop`` that ``body`` reads, outside the loops nested in it."""
    found: set[str] = set()

    def visit(node: nodes.Node) -> None:
        if isinstance(node, nodes.For):
            visit(node.iter)
            for child in node.else_:
                visit(child)
            return
        if (
            isinstance(node, nodes.Getattr)
            and isinstance(node.node, nodes.Name)
            and node.node.name == "loop"
        ):
            found.add(node.attr)
        elif isinstance(node, nodes.Name) and node.name == "loop":
            found.add("*")
        for child in node.iter_child_nodes():
            if not (isinstance(node, nodes.Getattr) and child is node.node and node.attr):
                visit(child)

    for node in body:
        visit(node)
    return found


def _all_blocks(units: dict[str, _Unit], unit: _Unit) -> list[str]:
    """The blocks a template's function takes: its own, then its parents'."""
    names = list(unit.blocks)
    if unit.parent in units:
        names += [name for name in _all_blocks(units, units[unit.parent]) if name not in names]
    return names


# -- filters and tests -------------------------------------------------------------------------

_Filter = Callable[[_Writer, nodes.Filter, nodes.Node, bool], str]


def _method(method: str) -> _Filter:
    def write(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
        return f"{writer.operand(value)}.{method}({writer.arguments(node)})"

    return write


def _call(function: str, module: str = "") -> _Filter:
    def write(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
        name = writer.need(module, function) if module else function
        arguments = writer.arguments(node)
        return f"{name}({writer.expr(value)}{', ' + arguments if arguments else ''})"

    return write


def _written(pattern: str) -> _Filter:
    """A filter written as ``pattern`` of its value (``{0}``) and arguments (``{1}``...)."""

    def write(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
        return pattern.format(writer.operand(value), *(writer.expr(arg) for arg in node.args))

    return write


def _default(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    text = writer.operand(value, True)
    fallback = writer.expr(node.args[0]) if node.args else "''"
    boolean = len(node.args) > 1 and isinstance(node.args[1], nodes.Const) and node.args[1].value
    if boolean:
        return f"{text} or {fallback}"
    return f"{fallback} if {text} is None else {text}"


def _passthrough(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    return writer.expr(value, test)


def _join(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    separator = writer.expr(node.args[0]) if node.args else "''"
    return f"{separator}.join(str(x) for x in {writer.operand(value)})"


def _format(writer: _Writer, node: nodes.Filter, value: nodes.Node) -> str:
    """``"%s of %s"|format(a, b)``: an f-string when the format holds only ``%s`` (and
    ``%%``), else the ``%`` operator."""
    if isinstance(value, nodes.Const) and isinstance(value.value, str) and not node.kwargs:
        pieces = re.split(r"(%%|%s)", value.value)
        holes = pieces[1::2].count("%s")
        if holes == len(node.args) and not re.search(r"%(?!%|s)", value.value.replace("%%", "")):
            parts: _Parts = []
            values = iter(node.args)
            for k, piece in enumerate(pieces):
                if k % 2 == 0 or piece == "%%":
                    parts.append((True, piece if k % 2 == 0 else "%"))
                else:
                    parts.append((False, writer.expr(next(values))))
            return _fstring([part for part in parts if part != (True, "")])
    arguments = writer.arguments(node)
    return f"{writer.operand(value)} % ({arguments}{',' if len(node.args) == 1 else ''})"


def _text(writer: _Writer, value: nodes.Node) -> str:
    """``value`` as a str: ``str(value)``, or a string literal as it is."""
    if isinstance(value, nodes.Const) and isinstance(value.value, str):
        return repr(value.value)
    return f"str({writer.expr(value)})"


def _keywords(node: nodes.Filter) -> dict[str, nodes.Node]:
    return {str(kw.key): kw.value for kw in node.kwargs}


def _attribute_of(writer: _Writer, name: nodes.Node, item: str) -> str:
    """``item.name`` for the ``attribute=`` of a filter (``"a.b"`` and ``"0"`` too)."""
    if not isinstance(name, nodes.Const):
        return f"getattr({item}, {writer.expr(name)})"
    text = item
    for step in str(name.value).split("."):
        text = f"{text}[{step}]" if step.isdigit() else f"{text}.{step}"
    return text


def _sort(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    keywords = _keywords(node)
    positional = ["reverse", "case_sensitive", "attribute"]
    for name, argument in zip(positional, node.args, strict=False):
        keywords[name] = argument
    arguments = [writer.expr(value)]
    if "attribute" in keywords:
        arguments.append(f"key=lambda x: {_attribute_of(writer, keywords['attribute'], 'x')}")
    if "reverse" in keywords:
        arguments.append(f"reverse={writer.expr(keywords['reverse'])}")
    return f"sorted({', '.join(arguments)})"


def _sum(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    keywords = _keywords(node)
    if node.args:
        keywords.setdefault("attribute", node.args[0])
    start = f", {writer.expr(keywords['start'])}" if "start" in keywords else ""
    if "attribute" in keywords:
        each = _attribute_of(writer, keywords["attribute"], "x")
        if start:
            return f"sum(({each} for x in {writer.operand(value)}){start})"
        return f"sum({each} for x in {writer.operand(value)})"
    return f"sum({writer.expr(value)}{start})"


def _map(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    keywords = _keywords(node)
    if "attribute" in keywords and not node.args:
        each = _attribute_of(writer, keywords["attribute"], "x")
        if "default" in keywords:
            name, default = writer.expr(keywords["attribute"]), writer.expr(keywords["default"])
            each = f"getattr(x, {name}, {default})"
        return f"[{each} for x in {writer.operand(value)}]"
    if node.args and isinstance(node.args[0], nodes.Const) and node.args[0].value in FILTERS:
        inner = nodes.Filter(
            nodes.Name("x", "load"), node.args[0].value, node.args[1:], node.kwargs, None, None
        )
        inner.set_lineno(node.lineno)
        return f"[{writer.expr(inner)} for x in {writer.operand(value)}]"
    return writer.todo(node, "this |map is not converted", writer.expr(value))


def _selected(keep: bool, by_attribute: bool) -> _Filter:
    def write(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
        arguments = list(node.args)
        item = "x"
        if by_attribute:
            if not arguments:
                return writer.todo(node, f"|{node.name} without an attribute")
            item = _attribute_of(writer, arguments.pop(0), "x")
        if arguments:
            name = arguments.pop(0)
            if not isinstance(name, nodes.Const) or name.value not in TESTS:
                return writer.todo(node, f"the test of |{node.name} is not converted")
            condition = TESTS[name.value].format(item, *(writer.operand(a) for a in arguments))
        else:
            condition = item
        if not keep:
            condition = f"not ({condition})" if " " in condition else f"not {condition}"
        return f"[x for x in {writer.operand(value)} if {condition}]"

    return write


def _tojson(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    """In a script html() writes the value as JSON itself; elsewhere, JSON text."""
    if writer.where.kind == RAW:
        return writer.expr(value, test)
    return f"{writer.need('json', 'dumps')}({writer.expr(value)})"


def _rounded(writer: _Writer, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    keywords = _keywords(node)
    for name, argument in zip(["precision", "method"], node.args, strict=False):
        keywords[name] = argument
    method = keywords.get("method")
    if method is not None and not (isinstance(method, nodes.Const) and method.value == "common"):
        return writer.todo(node, "|round with a method is not converted", writer.expr(value))
    precision = writer.expr(keywords["precision"]) if "precision" in keywords else "0"
    return f"round({writer.expr(value)}, {precision})"


FILTERS: dict[str, _Filter] = {
    "e": _passthrough,
    "escape": _passthrough,
    "tojson": _tojson,
    "safe": _call("Markup", "markupsafe"),
    "length": _call("len"),
    "count": _call("len"),
    "upper": _method("upper"),
    "lower": _method("lower"),
    "title": _call("title", "htmltemplates.jinja"),
    "capitalize": _method("capitalize"),
    "trim": _method("strip"),
    "replace": _method("replace"),
    "items": _method("items"),
    "int": _call("int"),
    "float": _call("float"),
    "string": _call("str"),
    "list": lambda writer, node, value, test: (
        text if re.fullmatch(r"\[.* for x in .*\]", text := writer.expr(value)) else f"list({text})"
    ),
    "abs": _call("abs"),
    "max": _call("max"),
    "min": _call("min"),
    "sort": _sort,
    "sum": _sum,
    "map": _map,
    "select": _selected(True, False),
    "reject": _selected(False, False),
    "selectattr": _selected(True, True),
    "rejectattr": _selected(False, True),
    "unique": _written("list(dict.fromkeys({0}))"),
    "batch": lambda writer, node, value, test: (
        f"{writer.need('itertools', 'batched')}({writer.expr(value)}, {writer.arguments(node)})"
    ),
    "attr": lambda writer, node, value, test: (
        _attribute_of(writer, node.args[0], writer.operand(value))
        if node.args
        else writer.todo(node, "|attr without a name")
    ),
    "forceescape": _call("str"),
    "xmlattr": _passthrough,
    "wordwrap": lambda writer, node, value, test: (
        f"{writer.need('textwrap', 'fill')}({_text(writer, value)}, {writer.arguments(node)})"
    ),
    "indent": lambda writer, node, value, test: (
        f"{writer.need('textwrap', 'indent')}({_text(writer, value)}, ' ' * "
        f"{writer.expr(node.args[0]) if node.args else '4'})"
    ),
    "reverse": _written("{0}[::-1]"),
    "join": _join,
    "default": _default,
    "d": _default,
    "first": _written("{0}[0]"),
    "last": _written("{0}[-1]"),
    "round": _rounded,
    "dictsort": _written("sorted({0}.items())"),
    "wordcount": lambda writer, node, value, test: f"len({_text(writer, value)}.split())",
    "center": lambda writer, node, value, test: (
        f"{_text(writer, value)}.center({writer.arguments(node)})"
    ),
    "format": lambda writer, node, value, test: _format(writer, node, value),
    "striptags": _call("striptags", "htmltemplates.text"),
    "urlize": _call("urlize", "htmltemplates.text"),
    "truncate": _call("truncate", "htmltemplates.jinja"),
}

TESTS: dict[str, str] = {
    "defined": "{0} is not None",
    "undefined": "{0} is None",
    "none": "{0} is None",
    "odd": "{0} % 2 == 1",
    "even": "{0} % 2 == 0",
    "divisibleby": "{0} % {1} == 0",
    "string": "isinstance({0}, str)",
    "number": "isinstance({0}, int | float)",
    "mapping": "isinstance({0}, dict)",
    "sameas": "{0} is {1}",
    "eq": "{0} == {1}",
    "equalto": "{0} == {1}",
    "==": "{0} == {1}",
    "ne": "{0} != {1}",
    "lt": "{0} < {1}",
    "gt": "{0} > {1}",
    "in": "{0} in {1}",
    "true": "{0} is True",
    "false": "{0} is False",
    "lower": "{0}.islower()",
    "upper": "{0}.isupper()",
}


# -- the whole conversion ----------------------------------------------------------------------


def convert_templates(
    sources: dict[str, str], *, environment: Environment | None = None, flask: bool = True
) -> Conversion:
    """Convert the templates ``sources`` ({name: text}, named as ``render_template`` takes
    them) into modules ({path: source}), with a package ``__init__.py`` in each folder."""
    environment = environment or Environment(extensions=["jinja2.ext.i18n"])
    units: dict[str, _Unit] = {}
    for name, text in sorted(sources.items()):
        tree = environment.parse(text, name=name)
        extends = list(tree.find_all(nodes.Extends))
        parent = None
        if extends and isinstance(extends[0].template, nodes.Const):
            parent = str(extends[0].template.value)
        blocks = {block.name: block for block in tree.find_all(nodes.Block)}
        macros = [node for node in tree.body if isinstance(node, nodes.Macro)]
        units[name] = _Unit(name, tree, parent, blocks, macros)
    provided = {"range", "dict", "namespace", "self", "super", "caller", "loop", *_CONSTANTS}
    provided |= set(_GETTEXT)
    if flask:
        provided |= set(FLASK_GLOBALS)
    for unit in units.values():
        unit.reads = free_names(unit.tree.body) - provided
        if unit.parent in units:
            units[unit.parent].extended = True
    changed = True
    while changed:  # what a parent or an included template reads, the caller passes on
        changed = False
        for unit in units.values():
            needed = set(unit.reads)
            if unit.parent in units:
                needed |= units[unit.parent].reads
            for include in unit.tree.find_all(nodes.Include):
                if isinstance(include.template, nodes.Const) and include.template.value in units:
                    needed |= units[include.template.value].reads
            if needed != unit.reads:
                unit.reads, changed = needed, True
    for unit in units.values():
        for block in unit.blocks.values():
            if any(
                isinstance(call.node, nodes.Name) and call.node.name == "super"
                for call in block.find_all(nodes.Call)
            ):
                owner = _block_owner(units, unit, block.name)
                nested = owner is not None and any(owner.blocks[block.name].find_all(nodes.Block))
                if owner is not None and not nested:
                    owner.supered.add(block.name)
    conversion = Conversion()
    for unit in units.values():
        writer = _Writer(units, unit, flask)
        path = module_name(unit.name).replace(".", "/") + ".py"
        conversion.modules[path] = writer.module()
        conversion.problems += writer.problems
        folders = PurePosixPath(path).parent.parts
        for depth in range(len(folders) + 1):
            package = "/".join([*folders[:depth], "__init__.py"])
            conversion.modules.setdefault(
                package, '"""Components converted from Jinja2 templates."""\n'
            )
    return conversion


def _collect(paths: Iterable[Path]) -> dict[str, str]:
    """The templates under ``paths``, named relative to each directory given."""
    sources: dict[str, str] = {}
    for path in paths:
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                if file.is_file() and file.suffix in {".html", ".htm", ".jinja", ".j2", ".jinja2"}:
                    sources[file.relative_to(path).as_posix()] = file.read_text(encoding="utf-8")
        else:
            sources[path.name] = path.read_text(encoding="utf-8")
    return sources


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m htmltemplates convert",
        description="Write Jinja2 templates as Python modules of components.",
    )
    parser.add_argument("sources", nargs="+", type=Path, help="template files or folders")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the package to write")
    parser.add_argument(
        "--no-flask", action="store_true", help="url_for, request, g... are parameters too"
    )
    parser.add_argument(
        "--trim-blocks", action="store_true", help="as the app's Jinja environment sets it"
    )
    parser.add_argument(
        "--lstrip-blocks", action="store_true", help="as the app's Jinja environment sets it"
    )
    options = parser.parse_args(argv)
    environment = Environment(
        extensions=["jinja2.ext.i18n"],
        trim_blocks=options.trim_blocks,
        lstrip_blocks=options.lstrip_blocks,
    )
    conversion = convert_templates(
        _collect(options.sources), environment=environment, flask=not options.no_flask
    )
    for path, text in sorted(conversion.modules.items()):
        target = options.output / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    count = sum(1 for path in conversion.modules if not path.endswith("__init__.py"))
    for problem in conversion.problems:
        print(f"TODO {problem}", file=sys.stderr)
    print(f"{count} templates converted into {options.output}, {len(conversion.problems)} TODOs")
    return 1 if conversion.problems else 0
