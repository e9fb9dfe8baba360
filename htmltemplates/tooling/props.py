"""Component tags in a module's t-strings checked against the signatures of their components,
read with ast: unknown props, missing required props, children given to a component that takes
none. The messages are the runtime's (``runtime/components.py``, ``verify``), built by the same
builders of ``_messages``.

Only what is certain is reported. A component is checked when it is a function defined, without
a decorator, at the top of this module or of a module it imports from a .py file found next to
it or under its package root (parsed, never imported); a spread in the tag may give any prop,
so with one only the props written in the tag are checked; ``**kwargs`` takes any prop.
"""

from __future__ import annotations

import ast
import functools
import keyword
from dataclasses import dataclass, field
from pathlib import Path
from string.templatelib import Interpolation, Template
from typing import Any

from .. import _messages as _msg
from ..analyze.walk import analyze_text, prop_keyword
from ..errors import TemplateError, TemplateSyntaxError
from ..lang.references import decode_attribute
from ..runtime.annotations import refuses_str
from ..scan.scanner import scan
from ..scan.tokens import AttrToken, ComponentToken, Token
from .files import Unreadable, read_python
from .findings import CodeLint, in_source_order
from .names import LOCAL, module_bindings, resolvers
from .places import python_name

__all__ = ["components"]

_DEPTH = 4  # re-exports followed (from .cards import Card in a package's __init__.py)


@dataclass(frozen=True, slots=True)
class _Declared:
    """What a component declares it accepts, read from its def (the names, the required ones,
    whether it takes **kwargs), as runtime/components.py reads it from inspect.signature."""

    names: tuple[str, ...]
    required: frozenset[str]
    kwargs: bool
    # the parameters whose annotation takes no str, with the annotation as written
    not_str: dict[str, str] = field(default_factory=dict)

    @property
    def shown(self) -> str:
        """The parameters as the runtime shows them in the message about an unknown prop."""
        if not self.names and not self.kwargs:
            return "no props"
        return ", ".join(self.names) + (", **" if self.kwargs else "")


def _signature(function: ast.FunctionDef | ast.AsyncFunctionDef) -> _Declared | None:
    """The signature of ``function``; None when the runtime would refuse it for another reason
    (a positional-only parameter without a default)."""
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    first_default = len(positional) - len(args.defaults)
    if any(i < first_default for i in range(len(args.posonlyargs))):
        return None
    names = [arg.arg for arg in args.args] + [arg.arg for arg in args.kwonlyargs]
    required = {
        arg.arg
        for i, arg in enumerate(positional)
        if i >= len(args.posonlyargs) and i < first_default
    }
    required |= {
        arg.arg
        for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
        if default is None
    }
    required.discard("children")
    not_str = {
        arg.arg: written
        for arg in [*args.args, *args.kwonlyargs]
        if arg.annotation is not None and refuses_str(written := ast.unparse(arg.annotation))
    }
    return _Declared(tuple(names), frozenset(required), args.kwarg is not None, not_str)


# -- where a component is defined ----------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Definition:
    """A component's function as written in the module at ``path`` (parsed as ``tree``)."""

    function: ast.FunctionDef | ast.AsyncFunctionDef
    path: Path
    tree: ast.Module

    def header(self) -> str:
        """The function's ``def`` line, as ast writes it back."""
        function = self.function
        prefix = "async def" if isinstance(function, ast.AsyncFunctionDef) else "def"
        returns = f" -> {ast.unparse(function.returns)}" if function.returns else ""
        return f"{prefix} {function.name}({ast.unparse(function.args)}){returns}"

    def markdown(self) -> str:
        """The signature and docstring, for a hover."""
        text = f"```python\n{self.header()}\n```"
        docstring = ast.get_docstring(self.function)
        return text + (f"\n\n{docstring}" if docstring else "")

    def _arguments(self) -> list[tuple[ast.arg, ast.expr | None]]:
        args = self.function.args
        positional = [*args.posonlyargs, *args.args]
        defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
        pairs = list(zip(positional, [*defaults, *args.defaults], strict=True))
        pairs += list(zip(args.kwonlyargs, args.kw_defaults, strict=True))
        return pairs[len(args.posonlyargs) :]

    def parameter(self, name: str) -> str | None:
        """The parameter ``name`` as written (``count: int = 0``), or None."""
        for arg, default in self._arguments():
            if arg.arg == name:
                text = arg.arg + (f": {ast.unparse(arg.annotation)}" if arg.annotation else "")
                return text + (f" = {ast.unparse(default)}" if default is not None else "")
        return None

    def props(self) -> list[tuple[str, str]]:
        """Each prop a tag may write (``class`` for ``class_``), with its parameter."""
        found = []
        for arg, _default in self._arguments():
            name = arg.arg
            if name.endswith("_") and keyword.iskeyword(name[:-1]):
                name = name[:-1]
            found.append((name, self.parameter(arg.arg) or arg.arg))
        return found

    def refuses_str(self, name: str) -> bool:
        """Whether the parameter ``name`` is annotated with a type that takes no str."""
        for arg, _default in self._arguments():
            if arg.arg == name and arg.annotation is not None:
                return refuses_str(ast.unparse(arg.annotation))
        return False


def _defined(tree: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The last top-level definition of ``name`` in ``tree``, if it is a function's."""
    found = None
    for statement in tree.body:
        if (
            isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))
            and statement.name == name
        ):
            found = statement
    return found


def _package_root(path: Path) -> Path:
    """The directory that holds the top package of the module at ``path``."""
    folder = path.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def _module_file(module: str, path: Path) -> Path | None:
    """The .py file of ``module`` (dotted, relative with leading dots) imported by ``path``."""
    dots = len(module) - len(module.lstrip("."))
    parts = [part for part in module[dots:].split(".") if part]
    if dots:
        bases = [path.parents[dots - 1]] if dots <= len(path.parents) else []
    else:
        bases = [_package_root(path), path.parent]
    for base in bases:
        target = base.joinpath(*parts)
        candidates = [target.with_suffix(".py")] if parts else []
        for candidate in [*candidates, target / "__init__.py"]:
            if candidate.is_file():
                return candidate
    return None


def _parse(path: Path) -> ast.Module | None:
    """The module at ``path``, read as the checker reads files (files.read_sources), or None
    when it cannot be read or parsed; parsed again only when the file changed (an editor
    checks the modules a module imports at each change of it)."""
    try:
        status = path.stat()
    except OSError:
        return None
    return _parsed(path, status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=256)
def _parsed(path: Path, _mtime: int, _size: int) -> ast.Module | None:
    source = read_python(str(path))
    if isinstance(source, Unreadable):
        return None
    try:
        return ast.parse(source.text, filename=str(path))
    except SyntaxError, ValueError, RecursionError, MemoryError:
        return None


def _find(dotted: str, tree: ast.Module, path: Path, depth: int = 0) -> Definition | None:
    """The function ``dotted`` (as :mod:`.names` resolves it in ``tree``, at ``path``) stands
    for, when the checker can see it, and the file it is defined in."""
    if dotted.startswith(LOCAL):
        function = _defined(tree, dotted.removeprefix(LOCAL))
        return None if function is None else Definition(function, path, tree)
    if depth >= _DEPTH:
        return None
    module, _, name = dotted.rpartition(".")
    if not module and dotted.startswith("."):
        module = "." * (len(dotted) - len(dotted.lstrip(".")))
    found = _module_file(module, path)
    other = _parse(found) if found is not None else None
    if found is None or other is None:
        return None
    bound = module_bindings(other).get(name)
    if bound is None:
        return None
    return _find(bound, other, found, depth + 1)


# -- the tags ------------------------------------------------------------------------------


def _template(node: ast.TemplateStr) -> tuple[Template, list[ast.Interpolation]] | None:
    """The template ``node`` writes, with placeholder values, and its interpolation nodes."""
    parts: list[str | Interpolation[Any]] = []
    holes: list[ast.Interpolation] = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value)
        elif isinstance(value, ast.Interpolation):
            parts.append(Interpolation(None, value.str))
            holes.append(value)
        else:  # pragma: no cover - a t-string holds only these
            return None
    return Template(*parts), holes


def _tags(tokens: list[Token]) -> list[ComponentToken]:
    found: list[ComponentToken] = []
    for token in tokens:
        if isinstance(token, ComponentToken):
            found.append(token)
            found += _tags(token.children or [])
    return found


def _prop_names(tag: ComponentToken) -> list[str] | None:
    """The props written in ``tag``, as keywords (compiler/lower.py names them so); None when
    html() refuses one."""
    names = []
    for item in tag.items:
        if isinstance(item, AttrToken):
            name = prop_keyword(item.name)
            if name is None:
                return None
            names.append(name)
    return names


def _has_children(tag: ComponentToken) -> bool:
    """Whether there is content between the tags (the runtime's children are not EMPTY)."""
    return tag.children is not None and (tag.start[0] != tag.end[0] or tag.start[1] != tag.end[1])


def _check(tag: ComponentToken, name: str, signature: _Declared) -> list[TemplateError]:
    """The runtime's refusals of ``tag`` calling a component of ``signature``, each one."""
    props = _prop_names(tag)
    if props is None:
        return []
    spread = len(props) < len(tag.items)
    found: list[TemplateError] = []
    children = _has_children(tag)
    if children and "children" not in signature.names and not signature.kwargs:
        found.append(_msg.component_children(name, tag.close))
    add_children = children or ("children" in signature.names and "children" not in props)
    keys = {*props, "children"} if add_children else set(props)
    unknown = [] if signature.kwargs else [prop for prop in props if prop not in signature.names]
    missing = sorted(signature.required - keys)
    # a misspelt prop is also a required one missing: the misspelling is the fault to name
    if missing and not spread and not unknown:
        found.append(_msg.missing_prop(name, missing, tag.slot))
    found.extend(_unknown(name, prop, signature) for prop in unknown)
    if not found:  # the runtime checks the text of props once the call fits the signature
        found.extend(_static(tag, name, signature))
    return found


def _static(tag: ComponentToken, name: str, signature: _Declared) -> list[TemplateError]:
    """The runtime's refusal of a prop written as text (a str: static, no hole) for a
    parameter whose annotation takes no str, ``count=3`` for ``count: int``."""
    found: list[TemplateError] = []
    for item in tag.items:
        if not isinstance(item, AttrToken) or item.parts is None:
            continue  # a spread, or a bare prop (True)
        prop = python_name(item.name)
        if prop in signature.not_str and all(isinstance(part, str) for part in item.parts):
            text = "".join(decode_attribute(part) for part in item.parts)  # type: ignore[arg-type]
            found.append(_msg.static_prop(name, prop, signature.not_str[prop], text, tag.slot))
            break  # the runtime raises at the first
    return found


def _unknown(name: str, prop: str, signature: _Declared) -> TemplateError:
    """The runtime's message, with the nearest parameter's name suggested."""
    return _msg.unknown_prop(name, prop, signature.shown, 0, signature.names)


def _component_tags(
    tree: ast.Module, path: Path
) -> list[tuple[ComponentToken, list[ast.Interpolation], Definition]]:
    """Each component tag of the t-strings in ``tree`` (the module at ``path``) whose
    component the checker can see, with the holes of its literal and its definition."""
    found: list[tuple[ComponentToken, list[ast.Interpolation], Definition]] = []
    cache: dict[str, Definition | None] = {}

    for node, resolve in resolvers(tree):
        if not isinstance(node, ast.TemplateStr):
            continue
        made = _template(node)
        if made is None:
            continue
        template, holes = made
        tokens = _scanned(template.strings, tuple(hole.str for hole in holes))
        for tag in _tags(tokens or []):
            hole = holes[tag.slot]
            dotted = resolve(hole.value)
            if dotted is None:
                continue
            if dotted not in cache:
                cache[dotted] = _find(dotted, tree, path)
            definition = cache[dotted]
            if definition is not None:
                found.append((tag, holes, definition))
    return found


@functools.lru_cache(maxsize=4096)
def _scanned(strings: tuple[str, ...], expressions: tuple[str, ...]) -> list[Token] | None:
    """The tokens of the template of ``strings`` and holes written ``expressions`` (None when
    html() refuses it at the scan or at a hole in text, and says why), remembered: an editor
    checks the same ones at each change. The tokens are read, never changed."""
    parts: list[str | Interpolation[Any]] = []
    for string, expression in zip(strings, (*expressions, None), strict=True):
        parts.append(string)
        if expression is not None:
            parts.append(Interpolation(None, expression))
    scanned = scan(Template(*parts))
    try:
        analyze_text(scanned)
    except TemplateSyntaxError:
        return None
    return scanned.tokens


def components(tree: ast.Module, path: Path) -> list[CodeLint]:
    """The component tags of the t-strings in ``tree`` (the module at ``path``) whose props
    do not fit the signature of their component, each pointing at the component's ``{Card}``."""
    found: list[CodeLint] = []
    signatures: dict[int, _Declared | None] = {}  # by function: read once, used by each tag
    for tag, holes, definition in _component_tags(tree, path):
        function, hole = definition.function, holes[tag.slot]
        if id(function) not in signatures:
            signatures[id(function)] = _signature(function)
        signature = signatures[id(function)]
        if signature is None or function.decorator_list:
            continue
        found.extend(
            CodeLint(hole, error.headline, error.fix, error.anchor, "error")
            for error in _check(tag, hole.str, signature)
        )
    return in_source_order(found)


def definition_at(
    tree: ast.Module, path: Path, node: ast.TemplateStr, index: int
) -> Definition | None:
    """The definition of the component the hole numbered ``index`` of the literal ``node``
    names, when the checker can see it (the template need not be complete: an editor asks
    while the tag is being typed)."""
    for found, resolve in resolvers(tree):
        if found is node:
            holes = [value for value in node.values if isinstance(value, ast.Interpolation)]
            dotted = resolve(holes[index].value)
            return None if dotted is None else _find(dotted, tree, path)
    return None
