"""Names in a Python module resolved through its imports and scopes, read with ast, never run.

A name resolves to the dotted name it was imported as (``from markupsafe import Markup as M``:
``M`` is ``markupsafe.Markup``; ``import flask``: ``flask.Markup`` is ``flask.Markup``; a
relative import keeps its dots: ``.cards.Card``), to ``LOCAL + name`` for a function defined at
the top of the module, and to None for anything else: a parameter, an assignment, a class, a
builtin, or a name bound in a function around the use (a name a function binds anywhere is its
own in the whole function, as Python decides).
"""

from __future__ import annotations

import ast
import functools
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass

__all__ = [
    "LOCAL",
    "Resolver",
    "Scopes",
    "Walk",
    "children",
    "module_bindings",
    "resolvers",
    "walk",
]

LOCAL = "<module>."  # the prefix of a function defined at the top of the module

_NEW_SCOPE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def children(node: ast.AST) -> list[ast.AST]:
    """The child nodes of ``node``, as ``ast.iter_child_nodes`` gives them but for the leaves
    no walk here looks at (a name's Load or Store, an operator), in a third of its time (the
    checkers walk every node of a module at each change in an editor)."""
    fields = _FIELDS.get(node.__class__)
    if fields is None:
        fields = _FIELDS[node.__class__] = tuple(
            name for name in node._fields if name not in _LEAVES
        )
    found: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if value.__class__ is list:
            found += [item for item in value if isinstance(item, ast.AST)]
        elif isinstance(value, ast.AST):
            found.append(value)
    return found


# the fields that hold only leaves no walk of the checker needs: expr_context, operators
_LEAVES = frozenset({"ctx", "op", "ops"})
_FIELDS: dict[type[ast.AST], tuple[str, ...]] = {}


def _imported(node: ast.Import | ast.ImportFrom) -> Iterator[tuple[str, str]]:
    """The names an import binds, each with the dotted name it stands for."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                yield alias.asname, alias.name
            else:
                first = alias.name.split(".")[0]
                yield first, first
        return
    base = "." * node.level + (node.module or "")
    for alias in node.names:
        if alias.name != "*":
            dotted = (
                f"{base}.{alias.name}" if base and not base.endswith(".") else base + alias.name
            )
            yield alias.asname or alias.name, dotted


def _bind(node: ast.AST, scope: dict[str, str | None], *, module: bool) -> None:
    """Add to ``scope`` the names the statements and expressions under ``node`` bind in their
    own scope (not inside a nested function, class, lambda or comprehension), in source
    order: a later binding wins, as it does when the module runs."""
    for child in children(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            plain = module and not child.decorator_list
            scope[child.name] = LOCAL + child.name if plain else None
        elif isinstance(child, ast.ClassDef):
            scope[child.name] = None
        elif isinstance(child, (ast.Import, ast.ImportFrom)):
            scope.update(_imported(child))
        elif isinstance(child, ast.Name) and not isinstance(child.ctx, ast.Load):
            scope[child.id] = None
        elif isinstance(child, (ast.Global, ast.Nonlocal)):
            for name in child.names:
                scope.pop(name, None)
        elif isinstance(child, (ast.Lambda, *_COMPREHENSIONS)):
            continue
        else:
            if (isinstance(child, ast.ExceptHandler) and child.name) or (
                isinstance(child, (ast.MatchAs, ast.MatchStar)) and child.name
            ):
                scope[child.name] = None
            elif isinstance(child, ast.MatchMapping) and child.rest:
                scope[child.rest] = None
            _bind(child, scope, module=module)


def module_bindings(tree: ast.Module) -> dict[str, str | None]:
    """What each name bound at the top of ``tree`` stands for, after the whole module ran."""
    scope: dict[str, str | None] = {}
    _bind(tree, scope, module=True)
    return scope


def _arguments(args: ast.arguments) -> dict[str, str | None]:
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {arg.arg: None for arg in every if arg is not None}


type Resolver = Callable[[ast.expr], str | None]
type _Stack = tuple[tuple[dict[str, str | None], bool], ...]


# the kinds of node a check of the checker looks for (tooling/literals.py ModuleIndex, calls.py,
# props.py), noted by the one walk of a module
_NOTED = (
    ast.Call,
    ast.TemplateStr,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.For,
    ast.AsyncFor,
    ast.With,
    ast.AsyncWith,
)


@dataclass(frozen=True, slots=True)
class Walk:
    """What one walk of a module noted: each call and t-string literal with the resolver of
    the names at its place, and each node of the kinds of ``_NOTED`` with the name of the
    function it is in ("" at module level), in the order of the walk."""

    resolved: tuple[tuple[ast.Call | ast.TemplateStr, Resolver], ...]
    noted: tuple[tuple[ast.AST, str], ...]


def walk(tree: ast.Module) -> Walk:
    """The walk of ``tree``, done once for as long as the tree lives: every check of the
    module reads it (an editor checks a module of 2,000 lines at each change)."""
    done = _WALKS.get(tree)
    if done is None:
        scopes = Scopes(tree)
        resolved: list[tuple[ast.Call | ast.TemplateStr, Resolver]] = []
        noted: list[tuple[ast.AST, str]] = []

        def visit(node: ast.AST, resolve: Resolver) -> None:
            if isinstance(node, _NOTED):
                noted.append((node, scopes.function))
                if isinstance(node, ast.Call | ast.TemplateStr):
                    resolved.append((node, scopes.resolver()))

        scopes.run(visit)
        done = _WALKS[tree] = Walk(tuple(resolved), tuple(noted))
    return done


# (the values hold nodes of the tree, never the tree itself: an entry goes with its tree)
_WALKS: weakref.WeakKeyDictionary[ast.Module, Walk] = weakref.WeakKeyDictionary()


def resolvers(tree: ast.Module) -> tuple[tuple[ast.Call | ast.TemplateStr, Resolver], ...]:
    """Each call and each t-string literal of ``tree``, in the order of a walk, with the
    resolver of the names at its place."""
    return walk(tree).resolved


class Scopes:
    """Walks a module, calling ``visit(node, resolve)`` for every node, where ``resolve``
    gives the dotted name an expression stands for at that node (see the module's doc)."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.module = module_bindings(tree)
        self.function = ""  # the name of the function the node visited is in
        # the scopes around the node being visited, innermost last; a class body's scope is
        # seen only by its own statements, not by the functions defined in it
        self.stack: list[tuple[dict[str, str | None], bool]] = []

    def run(self, visit: Callable[[ast.AST, Resolver], None]) -> None:
        self._walk(self.tree, visit)
        del self.tree  # what the resolvers keep of the walk holds no tree

    def resolver(self) -> Resolver:
        """``resolve`` as it is at the node being visited, kept for after the walk (the
        scopes' dicts are filled before they are entered and never change after)."""
        return functools.partial(self._resolve, tuple(self.stack))

    def _walk(self, node: ast.AST, visit: Callable[[ast.AST, Resolver], None]) -> None:
        visit(node, self.resolve)
        pushed = True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            scope = _arguments(node.args)
            if not isinstance(node, ast.Lambda):
                _bind(node, scope, module=False)
            self.stack.append((scope, False))
        elif isinstance(node, ast.ClassDef):
            scope = {}
            _bind(node, scope, module=False)
            self.stack.append((scope, True))
        elif isinstance(node, _COMPREHENSIONS):
            scope = {}
            for generator in node.generators:
                _bind(generator.target, scope, module=False)
                if isinstance(generator.target, ast.Name):
                    scope[generator.target.id] = None
            self.stack.append((scope, False))
        else:
            pushed = False
        function = self.function
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.function = node.name
        for child in children(node):
            self._walk(child, visit)
        self.function = function
        if pushed:
            self.stack.pop()

    def resolve(self, expr: ast.expr) -> str | None:
        """The dotted name ``expr`` (a name or an attribute of one) stands for, or None."""
        return self._resolve(tuple(self.stack), expr)

    def _resolve(self, stack: _Stack, expr: ast.expr) -> str | None:
        if isinstance(expr, ast.Attribute):
            base = self._resolve(stack, expr.value)
            if base is None or base.startswith(LOCAL):
                return None
            return f"{base}.{expr.attr}"
        if not isinstance(expr, ast.Name):
            return None
        for depth, (scope, is_class) in enumerate(reversed(stack)):
            if is_class and depth > 0:
                continue
            if expr.id in scope:
                return scope[expr.id]
        return self.module.get(expr.id)
