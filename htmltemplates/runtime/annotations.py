"""Whether a component parameter's annotation can take the ``str`` that a static prop is.

A prop written as text in a tag (``count=3``, ``title="Hi"``) is a ``str``, as an attribute is in
HTML; a parameter annotated ``int`` most likely meant ``count={3}``. Annotations are read as
:func:`inspect.signature` gives them with ``annotation_format=Format.FORWARDREF`` (never
evaluated: a name that exists only for type checkers stays a ``ForwardRef``), or as the strings
of ``from __future__ import annotations``, which are parsed, never evaluated. Only what is
certain refuses: anything not understood accepts.
"""

from __future__ import annotations

import ast
import inspect
import types
import typing
from annotationlib import ForwardRef
from typing import Any

__all__ = ["refuses_str", "shown"]

# names that, written as a string annotation, certainly do not take a str
_NOT_STR = frozenset(
    {"int", "float", "bool", "complex", "bytes", "None", "list", "dict", "tuple", "set"}
)
_TAKES_STR = frozenset({"str", "object", "Any", "typing.Any", "LiteralString"})


def refuses_str(annotation: Any) -> bool:
    """Whether ``annotation`` (a parameter's, ``inspect.Parameter.empty`` when none) certainly
    refuses a ``str``: ``int``, ``float | None``, ``list[str]``, ``Template``; not ``str``,
    ``object``, ``Any``, a union with ``str``, a forward reference, a type variable."""
    try:
        return _refuses(annotation)
    except Exception:  # an annotation object we cannot judge (user code): accept
        return False


def _refuses(annotation: Any) -> bool:
    if annotation is inspect.Parameter.empty:
        return False
    if annotation is None or annotation is types.NoneType:
        return True
    if isinstance(annotation, str):
        return _refuses_text(annotation)
    if isinstance(annotation, (ForwardRef, typing.TypeVar)) or annotation is typing.Any:
        return False
    origin = typing.get_origin(annotation)
    if origin is typing.Union or isinstance(annotation, types.UnionType):
        return all(_refuses(arg) for arg in typing.get_args(annotation))
    if origin is typing.Annotated:
        return _refuses(typing.get_args(annotation)[0])
    if origin is typing.Literal:
        return not any(isinstance(arg, str) for arg in typing.get_args(annotation))
    if isinstance(annotation, typing.NewType):
        return _refuses(annotation.__supertype__)
    if origin is not None:
        annotation = origin  # list[int] is a list
    if isinstance(annotation, type):
        return not issubclass(str, annotation)
    return False


def _refuses_text(text: str) -> bool:
    """A string annotation, parsed: certain only for unions of well-known names."""
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        return False
    return _refuses_node(tree)


def _refuses_node(node: ast.expr) -> bool:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _refuses_node(node.left) and _refuses_node(node.right)
    if isinstance(node, ast.Constant) and node.value is None:
        return True
    if isinstance(node, ast.Subscript):
        return _refuses_node(node.value) and ast.unparse(node.value) in _NOT_STR
    name = ast.unparse(node)
    if name in _TAKES_STR:
        return False
    return name in _NOT_STR


def shown(annotation: Any) -> str:
    """The annotation as written: ``int``, ``float | None``, ``list[int]``, ``Template``."""
    if isinstance(annotation, str):
        return annotation
    if annotation is None or annotation is types.NoneType:
        return "None"
    if typing.get_origin(annotation) is typing.Union or isinstance(annotation, types.UnionType):
        return " | ".join(shown(arg) for arg in typing.get_args(annotation))
    if isinstance(annotation, type) and not typing.get_args(annotation):
        return annotation.__qualname__
    return repr(annotation).replace("typing.", "")
