"""The names a template reads, and what a body of nodes holds."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from jinja2 import nodes

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


LIST_FILTERS = frozenset(
    {"list", "sort", "unique", "select", "reject", "selectattr", "rejectattr", "map", "batch"}
)


def makes_a_list(node: nodes.Node) -> bool:
    """Whether ``node`` is a list, tuple or dict for sure (a literal, or a filter that makes
    one), which Jinja prints as Python writes it."""
    if isinstance(node, (nodes.List, nodes.Tuple, nodes.Dict)):
        return True
    return isinstance(node, nodes.Filter) and node.name in LIST_FILTERS


def only_definitions(body: Sequence[nodes.Node]) -> bool:
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


def sets(body: Sequence[nodes.Node]) -> bool:
    return any(isinstance(node, (nodes.Assign, nodes.AssignBlock)) for node in body)


def unset(body: Sequence[nodes.Node]) -> list[nodes.Node]:
    return [node for node in body if not isinstance(node, (nodes.Assign, nodes.AssignBlock))]


def loop_attributes(body: Sequence[nodes.Node]) -> set[str]:
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
        calls_loop = (
            isinstance(node, nodes.Call)
            and isinstance(node.node, nodes.Name)
            and node.node.name == "loop"
        )
        if calls_loop:
            found.add("()")  # loop(children): a recursive loop called again
        for child in node.iter_child_nodes():
            skipped = isinstance(node, nodes.Getattr) and child is node.node and node.attr
            if not skipped and not (calls_loop and child is node.node):  # type: ignore[attr-defined]
                visit(child)

    for node in body:
        visit(node)
    return found
