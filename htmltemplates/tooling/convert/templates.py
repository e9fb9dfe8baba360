"""Blocks, includes, macros and the module of one template."""

from __future__ import annotations

from jinja2 import nodes

from .markup import MarkupWriter
from .pysource import INSIDE, Parts, define, tstring
from .scope import only_definitions, sets, unset
from .units import Unit, all_blocks, block_owner, block_reads, function_name, module_name
from .where import Where


class Writer(MarkupWriter):
    """Writes one template's module."""

    # -- blocks, includes, macros

    def block(self, node: nodes.Block) -> Parts:
        """A block where it stands: a parameter (with its content as the default) in a template
        that others extend, else its content."""
        if self.unit.extended:
            return [(False, self.block_expression(node.name, node))]
        saved, self.current_block = self.current_block, node.name
        parts = [(False, self.body(node.body))] if sets(node.body) else self.parts(node.body)
        self.current_block = saved
        return parts

    def block_expression(self, name: str, node: nodes.Node) -> str:
        block = self.unit.blocks.get(name) or self.inherited_block(name)
        if block is None:
            return self.todo(node, f"self.{name}(): no block {name!r} in this template")
        if self.unit.extended and name in self.unit.supered and name in self.unit.blocks:
            reads = sorted(block_reads(self.unit, name))
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
        owner = block_owner(self.units, self.unit, name) if name else None
        if owner is None or name not in owner.supered:
            return self.todo(node, "super() outside a block of a converted parent")
        function = self.import_name(owner, f"{name}_block")
        reads = sorted(block_reads(owner, name))
        return f"{function}({', '.join(f'{read}={self.name(read)}' for read in reads)})"

    def import_name(self, unit: Unit, name: str) -> str:
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
        reads = sorted(block_reads(self.unit, name))
        if reads:
            self.need("typing", "Any")
        saved_helpers, self.helpers = self.helpers, []
        saved_where, self.where = self.where, Where()
        text = tstring(self.parts(unset(block.body)))
        lines = [*self.statements(block.body), *self.helpers, "return " + text]
        self.helpers, self.where = saved_helpers, saved_where
        parameters = [f"{read}: Any = None" for read in reads]
        return define(f"{name}_block", parameters, lines, star=True)

    def inherited_block(self, name: str) -> nodes.Block | None:
        unit = self.unit
        while unit.parent in self.units:
            unit = self.units[unit.parent]
            if name in unit.blocks:
                return unit.blocks[name]
        return None

    def template_function(self, template: nodes.Node, node: nodes.Node) -> tuple[str, Unit] | None:
        """The function of the template ``template`` names, imported."""
        if not isinstance(template, nodes.Const) or template.value not in self.units:
            return None
        unit = self.units[template.value]
        return self.import_function(unit), unit

    def import_function(self, unit: Unit) -> str:
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

    def context_arguments(self, unit: Unit, given: dict[str, str]) -> str:
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
        """``{% call m(...) %}body{% endcall %}``: the body as the macro's ``children``, or,
        when the block takes arguments (``{% call(user) %}``), a ``caller`` lambda."""
        arguments = [arg.name for arg in node.args]
        if arguments:
            given = f"caller=lambda {', '.join(arguments)}: {self.body(node.body, arguments)}"
        else:
            given = f"children={self.body(node.body)}"
        call = node.call
        written = self.arguments(call)
        joined = f"{written}, {given}" if written else given
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
        read = {name.name for name in node.find_all(nodes.Name) if name.ctx == "load"}
        if "varargs" in read:  # Jinja's names for the arguments a macro was given beyond its own
            parameters.append("*varargs: Any")
        if "kwargs" in read:
            parameters.append("**kwargs: Any")
        calls = [
            call
            for call in node.find_all(nodes.Call)
            if isinstance(call.node, nodes.Name) and call.node.name == "caller"
        ]
        # caller() without arguments is the content of {% call %}: the component's children
        self.children = bool(calls) and not any(call.args or call.kwargs for call in calls)
        star = [] if "varargs" in read else ["*"]
        keywords = [p for p in parameters if p.startswith("**")]
        parameters = [p for p in parameters if not p.startswith("**")]
        if self.children:
            parameters += [*star, "children: Template"]
        elif calls:
            self.need("collections.abc", "Callable")
            parameters += [*star, "caller: Callable[..., Template]"]
        parameters += keywords
        lines = self.statements(node.body)
        text = tstring(self.parts(unset(node.body)))
        self.children = False
        lines += [*self.helpers, "return " + text]
        return define(node.name, parameters, lines, star=False)

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
            blocks = all_blocks(self.units, unit)
            parameters = [f"{name}: Template | None = None" for name in blocks]
        parameters += [f"{name}: Any = None" for name in sorted(unit.reads)]
        if unit.reads:
            self.need("typing", "Any")
        statements = self.statements(body)
        result = self.child_call() if unit.parent else tstring(self.parts(unset(body)))
        lines = [
            f'"""{unit.name}, converted from Jinja2."""',
            *statements,
            *([""] if statements and self.helpers else []),
            *self.helpers,
            "return " + result,
        ]
        if not (unit.macros and only_definitions(body)):  # a file of macros has no page
            functions.append(define(function_name(unit.name), parameters, lines, star=True))
        head = [f'"""The Jinja2 template {unit.name}, converted."""', "", *self.import_lines()]
        todos = ["", *self.todos] if self.todos else []
        text = "\n".join([*head, *todos, "", "", "\n\n\n".join(functions), ""])
        text = text.replace(INSIDE, "")
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
        for name in all_blocks(self.units, parent):
            if name in unit.blocks:
                block = unit.blocks[name]
                self.current_block = name
                content = self.body(block.body, bare=False)  # None would mean "not given"
                self.current_block = ""
                if unit.extended and name in unit.supered:
                    reads = sorted(block_reads(unit, name))
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
        lines_of = [
            (module, f"from {module} import {', '.join(sorted(names))}")
            for module, names in self.imports.items()
        ]
        lines_of += [(line.split()[1], line) for line in self.modules]
        for module, line in sorted(lines_of, key=_import_order):
            third_party = module.split(".")[0] in {"flask", "htmltemplates", "markupsafe"}
            groups[int(third_party)].append(line)
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


def _import_order(item: tuple[str, str]) -> tuple[bool, str]:
    """isort's order within a group: ``import x`` lines first, then ``from`` lines, by module."""
    module, line = item
    return (line.startswith("from "), module)
