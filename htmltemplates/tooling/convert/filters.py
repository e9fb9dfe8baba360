"""Jinja2's filters and tests written as Python expressions (docs/text.md's table)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from jinja2 import nodes

from .pysource import Parts, fstring
from .where import RAW, Where


class FilterWriter(Protocol):
    """What a filter asks of the writer (expressions.Expressions)."""

    where: Where

    def expr(self, node: nodes.Node, test: bool = False) -> str: ...
    def operand(self, node: nodes.Node, test: bool = False) -> str: ...
    def arguments(self, node: nodes.Call | nodes.Filter | nodes.Test) -> str: ...
    def need(self, module: str, name: str) -> str: ...
    def todo(self, node: nodes.Node, message: str, *values: str) -> str: ...


_Filter = Callable[[FilterWriter, nodes.Filter, nodes.Node, bool], str]


def _method(method: str) -> _Filter:
    def write(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
        return f"{writer.operand(value)}.{method}({writer.arguments(node)})"

    return write


def _call(function: str, module: str = "") -> _Filter:
    def write(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
        name = writer.need(module, function) if module else function
        arguments = writer.arguments(node)
        return f"{name}({writer.expr(value)}{', ' + arguments if arguments else ''})"

    return write


def _written(pattern: str) -> _Filter:
    """A filter written as ``pattern`` of its value (``{0}``) and arguments (``{1}``...)."""

    def write(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
        return pattern.format(writer.operand(value), *(writer.expr(arg) for arg in node.args))

    return write


def _default(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    text = writer.operand(value, True)
    fallback = writer.expr(node.args[0]) if node.args else "''"
    boolean = len(node.args) > 1 and isinstance(node.args[1], nodes.Const) and node.args[1].value
    if boolean:
        return f"{text} or {fallback}"
    return f"{fallback} if {text} is None else {text}"


def _passthrough(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    return writer.expr(value, test)


def _join(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    separator = writer.expr(node.args[0]) if node.args else "''"
    return f"{separator}.join(str(x) for x in {writer.operand(value)})"


def _format(writer: FilterWriter, node: nodes.Filter, value: nodes.Node) -> str:
    """``"%s of %s"|format(a, b)``: an f-string when the format holds only ``%s`` (and
    ``%%``), else the ``%`` operator."""
    if isinstance(value, nodes.Const) and isinstance(value.value, str) and not node.kwargs:
        pieces = re.split(r"(%%|%s)", value.value)
        holes = pieces[1::2].count("%s")
        if holes == len(node.args) and not re.search(r"%(?!%|s)", value.value.replace("%%", "")):
            parts: Parts = []
            values = iter(node.args)
            for k, piece in enumerate(pieces):
                if k % 2 == 0 or piece == "%%":
                    parts.append((True, piece if k % 2 == 0 else "%"))
                else:
                    parts.append((False, writer.expr(next(values))))
            return fstring([part for part in parts if part != (True, "")])
    arguments = writer.arguments(node)
    return f"{writer.operand(value)} % ({arguments}{',' if len(node.args) == 1 else ''})"


def _text(writer: FilterWriter, value: nodes.Node) -> str:
    """``value`` as a str: ``str(value)``, or a string literal as it is."""
    if isinstance(value, nodes.Const) and isinstance(value.value, str):
        return repr(value.value)
    return f"str({writer.expr(value)})"


def _keywords(node: nodes.Filter) -> dict[str, nodes.Node]:
    return {str(kw.key): kw.value for kw in node.kwargs}


def _attribute_of(writer: FilterWriter, name: nodes.Node, item: str) -> str:
    """``item.name`` for the ``attribute=`` of a filter (``"a.b"`` and ``"0"`` too)."""
    if not isinstance(name, nodes.Const):
        return f"getattr({item}, {writer.expr(name)})"
    text = item
    for step in str(name.value).split("."):
        text = f"{text}[{step}]" if step.isdigit() else f"{text}.{step}"
    return text


def _sort(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
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


def _sum(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
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


def _map(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
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
    def write(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
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


def _tojson(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
    """In a script html() writes the value as JSON itself; elsewhere, JSON text."""
    if writer.where.kind == RAW:
        return writer.expr(value, test)
    return f"{writer.need('json', 'dumps')}({writer.expr(value)})"


def _rounded(writer: FilterWriter, node: nodes.Filter, value: nodes.Node, test: bool) -> str:
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
