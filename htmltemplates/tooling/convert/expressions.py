"""Jinja2 expressions written as Python."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod

from jinja2 import nodes

from .filters import FILTERS, TESTS
from .pysource import INSIDE, Parts, define, tstring
from .units import (
    ATOMIC,
    COMPARISONS,
    CONSTANTS,
    ENUMERATED,
    FLASK_GLOBALS,
    GETTEXT,
    LOOP_ATTRIBUTES,
    OPERATORS,
    PLACEHOLDER,
    QUALIFIED,
    REQUEST_MAPPINGS,
    Problem,
    Unit,
    function_name,
)
from .where import Where


class Expressions(ABC):
    """Writes the expressions of one template's module: names, lookups, calls, filters,
    tests and translated messages (the state of the whole writer lives here)."""

    def __init__(self, units: dict[str, Unit], unit: Unit, flask: bool) -> None:
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
        self.children = False  # in a macro whose caller() is its children
        # per enclosing loop: its function if recursive, and whether it takes the depth
        self.recursive: list[tuple[str, bool]] = []
        self.modules: set[str] = set()  # "import json", "from htmltemplates import jinja"
        # the names the template uses or defines: an imported module may not take one
        self.taken = {name.name for name in unit.tree.find_all(nodes.Name)} | set(unit.blocks)
        self.taken |= {macro.name for macro in unit.macros} | {function_name(unit.name)}

    @abstractmethod
    def block_expression(self, name: str, node: nodes.Node) -> str:
        """The content of the block ``name`` where it is used (templates.Writer)."""

    @abstractmethod
    def super_call(self, node: nodes.Call) -> str:
        """``super()`` in a block (templates.Writer)."""

    def need(self, module: str, name: str) -> str:
        """``name`` of ``module``, imported; written ``jinja.item`` for the modules whose
        names a template's own variables could hide (``item``, ``title``, ``indent``...)."""
        if module not in QUALIFIED:
            self.imports.setdefault(module, set()).add(name)
            return name
        short = module.rpartition(".")[2]
        alias = short if short not in self.taken else f"{short}_"
        package = module.rpartition(".")[0]
        imported = short if alias == short else f"{short} as {alias}"
        if package:  # from htmltemplates import jinja, with the package's other names
            self.imports.setdefault(package, set()).add(imported)
        else:
            self.modules.add(f"import {imported}")
        return f"{alias}.{name}"

    def todo(self, node: nodes.Node, message: str, *values: str) -> str:
        self.problems.append(Problem(self.unit.name, node.lineno, message))
        self.todos.append(f"# TODO(convert): {self.unit.name}, line {node.lineno}: {message}")
        todo = self.need("htmltemplates.jinja", "todo")
        return f"{todo}({message!r}{''.join(', ' + value for value in values)})"

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
        return self.operation(node, test)

    def operation(self, node: nodes.Node, test: bool) -> str:
        """``node``, an operator or a literal, as Python (expr's second half)."""
        match node:
            case nodes.Neg():
                return f"-{self.operand(node.node)}"
            case nodes.Pos():
                return f"+{self.operand(node.node)}"
            case nodes.Concat():
                return "".join(["f'", *(self.concat_part(part) for part in node.nodes), "'"])
            case nodes.Compare():
                text = self.operand(node.expr, test)
                for operand in node.ops:
                    text += f" {COMPARISONS[operand.op]} {self.operand(operand.expr, test)}"
                return text
            case nodes.BinExpr() if type(node) in OPERATORS:
                operator = OPERATORS[type(node)]
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
        found = translated_call(node)
        if found is None:
            return None
        name, context, strings, count, bindings, formatted = found
        holes: list[str] = []
        arguments = [] if context is None else [repr(context)]
        for text in strings:
            parts = message_parts(text, formatted)
            if parts is None:
                return None
            holes += [code for is_static, code in parts if not is_static]
            arguments.append(tstring(parts).replace("\n" + INSIDE, "\n"))
        if count is not None:
            arguments.append(self.expr(count))
            bindings.setdefault("num", count)
        text = f"{self.need('htmltemplates.i18n', name)}({', '.join(arguments)})"
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
        self.helpers.append(define(helper, parameters, ["return " + text], star=False) + "\n")
        values = ", ".join(f"{hole}={self.expr(value)}" for hole, value in bound.items())
        return f"{helper}({values})"

    def operand(self, node: nodes.Node, test: bool = False) -> str:
        """``node`` as an operand: in parentheses unless atomic."""
        text = self.expr(node, test)
        if isinstance(node, ATOMIC) and not text.startswith("not "):
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
        if name in CONSTANTS:
            return CONSTANTS[name]
        if self.flask and name in FLASK_GLOBALS:
            module, imported = FLASK_GLOBALS[name]
            self.need(module, imported)
            return "current_app.config" if name == "config" else name
        if name == "namespace":
            return self.need("types", "SimpleNamespace")  # types.SimpleNamespace
        return name

    def getattr(self, node: nodes.Getattr, test: bool) -> str:
        if isinstance(node.node, nodes.Name) and node.node.name == "loop" and self.loops:
            if node.attr in {"depth", "depth0"} and self.recursive and self.recursive[-1][0]:
                return "depth" if node.attr == "depth" else "(depth - 1)"
            if node.attr not in LOOP_ATTRIBUTES:
                return self.todo(node, f"loop.{node.attr} is not converted")
            self.loops[-1].add(node.attr)
            if self.enumerated[-1] and node.attr in ENUMERATED:
                return ENUMERATED[node.attr]
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
            and node.attr in REQUEST_MAPPINGS
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
        if self.children and isinstance(function, nodes.Name) and function.name == "caller":
            return "children"
        if isinstance(function, nodes.Name) and function.name == "loop" and self.recursive:
            recursive, depth = self.recursive[-1]
            if not recursive:
                return self.todo(node, "loop() outside a recursive loop")
            return f"{recursive}({self.arguments(node)}{', depth + 1' if depth else ''})"
        if self.static_file(node):
            static_url = self.need("htmltemplates.integrations.flask", "static_url")
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


_Message = tuple[str, str | None, list[str], nodes.Node | None, dict[str, nodes.Node], bool]


def translated_call(node: nodes.Node) -> _Message | None:
    """The parts of a Jinja translated message: htmltemplates.i18n's function for it, the
    context (pgettext), the texts, the count (ngettext), the values by placeholder name, and
    whether its ``%`` are placeholders; None when ``node`` is not one."""
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
    if not isinstance(function, nodes.Name) or function.name not in GETTEXT:
        return None
    name = GETTEXT[function.name]
    arguments = list(call.args)
    context = None
    if name in {"pgettext", "npgettext"}:
        if not arguments or not isinstance(arguments[0], nodes.Const):
            return None
        context = str(arguments.pop(0).value)  # type: ignore[attr-defined]
    texts = arguments[: 2 if name in {"ngettext", "npgettext"} else 1]
    if not texts or not all(isinstance(t, nodes.Const) and isinstance(t.value, str) for t in texts):
        return None
    strings = [str(text.value) for text in texts]  # type: ignore[attr-defined]
    count = None
    if name in {"ngettext", "npgettext"}:
        if len(arguments) < 3:
            return None
        count = arguments[2]
    formatted = formatted or bool(bindings) or any("%%" in text for text in strings)
    return name, context, strings, count, bindings, formatted


def message_parts(text: str, formatted: bool) -> Parts | None:
    """The parts of a message's t-string: ``%(name)s`` a hole named ``name``, ``%%`` a ``%``
    (when the message is formatted); None for a placeholder a t-string id cannot hold."""
    if not formatted:
        return [(True, text)] if text else []
    parts: Parts = []
    position = 0
    for found in PLACEHOLDER.finditer(text):
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
    merged: Parts = []
    for part in parts:
        if merged and part[0] and merged[-1][0]:
            merged[-1] = (True, merged[-1][1] + part[1])
        else:
            merged.append(part)
    return merged
