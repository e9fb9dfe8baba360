"""Jinja2 tags written as the parts of t-strings, by where each stands."""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Callable, Sequence

from jinja2 import nodes

from .expressions import Expressions
from .pysource import Parts, define, fstring, tstring
from .scope import free_names, loop_attributes, makes_a_list, sets, unset
from .units import ENUMERATED
from .where import COMMENT, EQUALS, RAW, TAG, TEXT, VALUE, Where, advance

LIST = "list[Template]"


class MarkupWriter(Expressions):
    """Writes the markup of a template: text, conditions and loops, sets and ``with``."""

    @abstractmethod
    def block(self, node: nodes.Block) -> Parts:
        """A ``{% block %}`` where it stands (templates.Writer)."""

    @abstractmethod
    def include(self, node: nodes.Include) -> str:
        """An ``{% include %}`` (templates.Writer)."""

    @abstractmethod
    def call_block(self, node: nodes.CallBlock) -> str:
        """A ``{% call %}`` (templates.Writer)."""

    # -- markup

    def parts(self, body: Sequence[nodes.Node]) -> Parts:
        """The parts of the t-string for ``body``: (True, text) or (False, code), following
        where in the page each one stands (self.where)."""
        out: Parts = []
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

    def piece(self, node: nodes.Node) -> Parts:
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
            message = f"{{% {tag_name(node)} %}} {where.get(kind, 'in an attribute value')}"
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
            case nodes.FilterBlock():
                return [(False, self.filter_block(node))]
        return [(False, self.todo(node, f"{{% {tag_name(node)} %}} is not converted"))]

    def output(self, node: nodes.Node) -> tuple[bool, str]:
        if isinstance(node, nodes.TemplateData):
            return (True, node.data)
        if isinstance(node, nodes.Filter) and node.name == "safe" and node.node is not None:
            return (False, self.expr(node.node) + ":safe")
        if self.where.kind in {TEXT, TAG} and self.last_static.endswith(("<", "</")):
            # html() takes no element name from a value: a TODO here, not a refusal at render
            return (False, self.todo(node, "an element name from a value is not converted"))
        code = self.expr(node)
        if self.where.kind in {TEXT, COMMENT} and makes_a_list(node):
            code += "!s"  # Jinja prints a list as Python writes it; html() would render each item
        return (False, code)

    def body(
        self, body: Sequence[nodes.Node], parameters: Sequence[str] = (), *, bare: bool = True
    ) -> str:
        """``body`` as an expression: a t-string (a value alone if ``bare`` and the body is
        one value), or the call of a nested function when it sets variables, which only a
        function can hold."""
        if sets(body):
            kind = "loop_body" if self.loops else "part"
            return self.nested(body, parameters, kind) + f"({', '.join(parameters)})"
        parts = self.parts(body)
        if (
            bare
            and len(parts) == 1
            and not parts[0][0]
            and not parts[0][1].endswith((":safe", "!s"))
        ):
            return parts[0][1]  # t"{x}" renders as x does in text: the value alone
        return tstring(parts)

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
        text = tstring(self.parts(unset(body)))
        lines += [*([""] if lines and self.helpers else []), *self.helpers, "return " + text]
        typed = [f"{parameter}: Any" for parameter in parameters]
        if typed:
            self.need("typing", "Any")
        self.helpers = [*saved, define(name, typed, lines, star=False) + "\n"]
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
                value = tstring(self.parts(node.body))
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

    def recursive_function(self, node: nodes.For) -> str:
        """The name of the nested function of a recursive loop."""
        self.counter += 1
        return f"_recursive{self.counter}"

    def filter_block(self, node: nodes.FilterBlock) -> str:
        """``{% filter upper %}...{% endfilter %}``: the filter applied to the rendered body,
        as Jinja applies it to the markup the body renders to."""
        body = f"{self.need('htmltemplates', 'html')}({tstring(self.parts(node.body))})"
        innermost = node.filter
        while isinstance(innermost.node, nodes.Filter):
            innermost = innermost.node
        placeholder = "_filtered_body_"
        innermost.node = nodes.Name(placeholder, "load")
        try:
            return self.expr(node.filter).replace(placeholder, body, 1)
        finally:
            innermost.node = None

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
        used = loop_attributes(node.body) - {"depth", "depth0", "()"}
        iterable = "items" if node.recursive else self.expr(node.iter)
        if node.test is not None and used:
            # Jinja's loop counts the items the test keeps: filter first
            iterable = f"[{target} for {target} in {iterable} if {self.expr(node.test, True)}]"
        enumerated = bool(used) and used <= set(ENUMERATED)
        if enumerated:
            head = f"for index, {target} in enumerate({iterable}, 1)"
            parameters = ["index", target]
        elif used:
            looped = self.need("htmltemplates.jinja", "looped")
            head = f"for loop, {target} in {looped}({iterable})"
            parameters = ["loop", target]
        else:
            head = f"for {target} in {'items' if node.recursive else self.operand(node.iter)}"
            parameters = [target]
        if isinstance(node.target, nodes.Tuple) and used:
            head = head.replace(f", {target} in", f", ({target}) in")
            parameters = [parameters[0], *target.split(", ")]
        if node.test is not None and not used:
            head += f" if {self.expr(node.test, True)}"
        return head, parameters, enumerated

    def loop(self, node: nodes.For) -> str:
        head, parameters, enumerated = self.loop_head(node)
        self.loops.append(set())
        self.enumerated.append(enumerated)
        recursive = self.recursive_function(node) if node.recursive else ""
        uses_depth = bool(loop_attributes(node.body) & {"depth", "depth0"})
        self.recursive.append((recursive, uses_depth))
        (body,) = self.branches([node.body], lambda body: self.body(body, parameters))
        self.recursive.pop()
        self.loops.pop()
        self.enumerated.pop()
        text = f"[{body} {head}]"
        if recursive:
            # loop(children) in the body calls the loop again: a nested function of the items
            depth = ["depth: int = 1"] if uses_depth else []
            self.need("typing", "Any")
            function = define(
                recursive, ["items: Any", *depth], [f"return {text}"], star=False, returns=LIST
            )
            self.helpers.append(function + "\n")
            text = f"{recursive}({self.expr(node.iter)})"
        if node.else_:
            (otherwise,) = self.branches([node.else_], self.body)
            text += f" or {otherwise}"
        return text

    # -- in an attribute value: str; between attributes: a dict

    def string(self, body: Sequence[nodes.Node]) -> str:
        """``body`` as a str expression, for an attribute value: static text and values in an
        f-string, conditions and loops as str expressions inside it."""
        pieces: Parts = []
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
                    message = f"{{% {tag_name(node)} %}} in an attribute value is not converted"
                    pieces.append((False, self.todo(node, message)))
        for is_static, text in pieces:
            if is_static:
                self.where = advance(self.where, text)
        return fstring(pieces)

    def attributes(self, node: nodes.If) -> Parts:
        """``{% if %}`` between attributes (``<option{% if on %} selected{% endif %}>``): a
        dict of the attributes each branch writes, spread by html()."""

        def spread(body: Sequence[nodes.Node]) -> str:
            found = attribute_dict(self, body)
            if found is None:
                return self.todo(node, "{% if %} between attributes is not converted")
            return found

        text = self.conditional(node, spread)
        self.where = Where(TAG, "", self.where.element)
        if self.last_static[-1:].isspace():
            return [(False, text)]
        return [(True, " "), (False, text)]


def tag_name(node: nodes.Node) -> str:
    return {
        "Break": "break",
        "Continue": "continue",
        "ExprStmt": "do",
        "FilterBlock": "filter",
        "If": "if",
        "For": "for",
        "Include": "include",
        "CallBlock": "call",
        "With": "with",
        "Block": "block",
        "Assign": "set",
        "AssignBlock": "set",
    }.get(type(node).__name__, type(node).__name__.lower())


_ATTRIBUTE = re.compile(r"\s*([^\s=>/\"']+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>\"']+)))?\s*")


def attribute_dict(writer: Expressions, body: Sequence[nodes.Node]) -> str | None:
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
        pieces: Parts = []
        for k, piece in enumerate(value.split("\0")):
            if k % 2:
                pieces.append((False, holes[int(piece)]))
            elif piece:
                pieces.append((True, piece))
        items.append(f"{found.group(1)!r}: {fstring(pieces) if pieces else repr('')}")
    return "{" + ", ".join(items) + "}"
