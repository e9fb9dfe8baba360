"""Finds the HTML t-string literals of a parsed Python module and rebuilds each as the
``Template`` html() would receive, with placeholders for the values, without running the code."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from string.templatelib import Interpolation, Template

from .names import walk
from .positions import SourceText

__all__ = [
    "HTML_CALLS",
    "HTMLLiteral",
    "ModuleIndex",
    "expected_refusals",
    "expecting_functions",
    "html_literals",
    "ignored_lines",
    "value_templates",
]

# The calls that render their template arguments as HTML: the core API and the public helpers
# of the framework integrations (flask.py, quart.py, django.py, starlette.py, fastapi.py).
HTML_CALLS = frozenset(
    {
        "html",
        "html_async",
        "stream_html",
        "stream_html_async",
        "render_html",
        "render_html_async",
        "TemplateResponse",
        "StreamingTemplateResponse",
    }
)
# A `<` that starts a tag, an end tag, a comment or a declaration (HTML 13.2.5.6, the tag open
# state): a t-string with one is HTML wherever it is used.
_TAG_OPEN = re.compile(r"<[A-Za-z/!]")
# `with pytest.raises(E)` and `with self.assertRaises(E)`, where E is one of these (or a tuple
# holding one): code that expects html() to refuse the templates in the block
_RAISES = frozenset({"raises", "assertRaises", "assertRaisesRegex"})
_REFUSALS = frozenset(
    {"TemplateSyntaxError", "TemplateError", "ValueError", "Exception", "BaseException"}
)
_RENDER_ERRORS = _REFUSALS | {"RenderError"}
# the names of a return annotation that make a function's t-strings HTML
_TEMPLATE_NAMES = frozenset({"Template", "HTML"})
# what starts a scope of its own, whose returns are not the function's
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
# the static text right before a component tag's hole: `<{Card}` or `</{Card}`
_COMPONENT_OPEN = re.compile(r"</?\Z")


@dataclass(frozen=True, slots=True, eq=False)
class HTMLLiteral:
    """A t-string literal judged to be HTML, and the Template built from its static parts:
    the static strings, and for each hole an Interpolation whose value is None and whose
    expression, conversion and format spec are those written in the source."""

    node: ast.TemplateStr
    template: Template


class ModuleIndex:
    """What the checker needs of a module, from the one walk of it every check reads
    (names.walk): its t-string literals, its calls by name, its functions by name, its ``for``
    loops, and its blocks that expect a refusal with the function each is in ("" at module
    level)."""

    def __init__(self, tree: ast.Module) -> None:
        self.literals: list[ast.TemplateStr] = []
        self.calls: list[tuple[str, ast.Call]] = []
        self.functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        self.loops: list[ast.For | ast.AsyncFor] = []
        self.raises: list[tuple[ast.With | ast.AsyncWith, str]] = []
        # blocks that expect a RenderError only: a value, or a component's props, refused
        self.failing: list[tuple[ast.With | ast.AsyncWith, str]] = []
        for node, function in walk(tree).noted:
            if isinstance(node, ast.TemplateStr):
                self.literals.append(node)
            elif isinstance(node, ast.Call):
                name = _called_name(node.func)
                if name is not None:
                    self.calls.append((name, node))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.setdefault(node.name, []).append(node)
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                self.loops.append(node)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                if _expects_refusal(node):
                    self.raises.append((node, function))
                elif _expects_refusal(node, _RENDER_ERRORS):
                    self.failing.append((node, function))


def html_literals(index: ModuleIndex) -> list[HTMLLiteral]:
    """The t-string literals of a module that html() would render: those passed to an HTML
    call, those a component returns, those in a hole of another HTML literal, and those with
    a tag in their static text (see docs/tooling.md)."""
    marked = [
        node
        for node in index.literals
        if any(_TAG_OPEN.search(part) for part in _static_parts(node))
    ]
    for name, call in index.calls:
        if name in HTML_CALLS:
            for argument in _arguments(call):
                marked.extend(value_templates(argument))
    for functions in index.functions.values():
        for function in functions:
            if function.returns is not None and _names_template(function.returns):
                marked.extend(_returned_templates(function))
    html: set[int] = set()
    components: set[str] = set()
    while marked:  # what makes a literal HTML can make others HTML: to a fixed point
        node = marked.pop()
        if id(node) in html:
            continue
        html.add(id(node))
        for name in _hole_templates(node, marked) - components:
            components.add(name)
            for function in index.functions.get(name, ()):
                marked.extend(_returned_templates(function))
    return [HTMLLiteral(node, build_template(node)) for node in index.literals if id(node) in html]


def expecting_functions(indexes: Sequence[ModuleIndex]) -> set[str]:
    """The names of the functions that render a template inside ``with pytest.raises(...)``
    (see expected_refusals), in the modules of one file or Markdown document."""
    return {function for index in indexes for _block, function in index.raises if function}


def expected_refusals(
    index: ModuleIndex, expecting: set[str], *, rendering: bool = False
) -> set[int]:
    """The ids of the t-string literals the code expects html() to refuse: those written in a
    block ``with pytest.raises(TemplateSyntaxError):`` (or ``self.assertRaises``, or an
    exception class above TemplateSyntaxError), those passed to a function of ``expecting``,
    and those in the iterable of a ``for`` loop whose body does either, as tests and
    documentation examples write them. With ``rendering``, also those in a block that expects
    a RenderError (the checker of props' types: a refused prop is a RenderError)."""
    blocks = [*index.raises, *(index.failing if rendering else [])]
    scopes: list[ast.AST] = [statement for block, _ in blocks for statement in block.body]
    scopes += [arg for name, call in index.calls if name in expecting for arg in _arguments(call)]
    if index.raises or expecting:
        for loop in index.loops:
            if any(
                _expects_refusal(inner)
                or (isinstance(inner, ast.Call) and _called_name(inner.func) in expecting)
                for statement in loop.body
                for inner in ast.walk(statement)
            ):
                scopes.append(loop.iter)
    return {
        id(node)
        for scope in scopes
        for node in ast.walk(scope)
        if isinstance(node, ast.TemplateStr)
    }


def _arguments(call: ast.Call) -> list[ast.expr]:
    return [*call.args, *(keyword.value for keyword in call.keywords)]


def _expects_refusal(node: ast.AST, errors: frozenset[str] = _REFUSALS) -> bool:
    if not isinstance(node, (ast.With, ast.AsyncWith)):
        return False
    for item in node.items:
        call = item.context_expr
        if (
            not isinstance(call, ast.Call)
            or _called_name(call.func) not in _RAISES
            or not call.args
        ):
            continue
        classes = call.args[0].elts if isinstance(call.args[0], ast.Tuple) else [call.args[0]]
        if any(_called_name(cls) in errors for cls in classes):
            return True
    return False


def build_template(node: ast.TemplateStr) -> Template:
    """The Template of the literal ``node``, each value None."""
    parts: list[str | Interpolation[object]] = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value))
        elif isinstance(value, ast.Interpolation):
            conversion = None if value.conversion == -1 else chr(value.conversion)
            spec = _format_spec(value.format_spec)
            parts.append(Interpolation(None, value.str, conversion, spec))  # type: ignore[arg-type]
    return Template(*parts)


def value_templates(expression: ast.expr) -> Iterator[ast.TemplateStr]:
    """The t-string literals that are the value of ``expression`` or items of it: itself, the
    items of a list, tuple or set display, a comprehension's element, either branch of
    ``a if c else b``, the operands of ``and``/``or``. A t-string passed to some other call
    is not among them: that call decides what it is."""
    match expression:
        case ast.TemplateStr():
            yield expression
        case ast.List(elts=items) | ast.Tuple(elts=items) | ast.Set(elts=items):
            for item in items:
                yield from value_templates(item)
        case ast.ListComp(elt=item) | ast.SetComp(elt=item) | ast.GeneratorExp(elt=item):
            yield from value_templates(item)
        case ast.IfExp(body=body, orelse=orelse):
            yield from value_templates(body)
            yield from value_templates(orelse)
        case ast.BoolOp(values=values):
            for value in values:
                yield from value_templates(value)
        case ast.Await(value=value) | ast.Starred(value=value) | ast.NamedExpr(value=value):
            yield from value_templates(value)


def _static_parts(node: ast.TemplateStr) -> Iterator[str]:
    return (str(value.value) for value in node.values if isinstance(value, ast.Constant))


def _hole_templates(node: ast.TemplateStr, marked: list[ast.TemplateStr]) -> set[str]:
    """Adds to ``marked`` the t-strings in the holes of the HTML literal ``node``, and returns
    the names of the functions its component tags call (``<{Card}>``)."""
    names: set[str] = set()
    before = ""
    for value in node.values:
        if isinstance(value, ast.Constant):
            before = str(value.value)
            continue
        if isinstance(value, ast.Interpolation):
            marked.extend(value_templates(value.value))
            if isinstance(value.value, ast.Name) and _COMPONENT_OPEN.search(before):
                names.add(value.value.id)
        before = ""
    return names


def _returned_templates(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.TemplateStr]:
    """The t-string literals ``function`` returns (not those of functions defined inside it)."""
    found: list[ast.TemplateStr] = []
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Return) and node.value is not None:
            found.extend(value_templates(node.value))
        elif not isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
        ):
            pending.extend(ast.iter_child_nodes(node))
    return found


def _called_name(function: ast.expr) -> str | None:
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        return function.attr
    return None


def _names_template(annotation: ast.expr) -> bool:
    """Whether a return annotation names ``Template`` (``Template``, ``templatelib.Template``,
    ``Template | None``, htmltemplates' alias ``HTML``, or the same as a string)."""
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name) and node.id in _TEMPLATE_NAMES:
            return True
        if isinstance(node, ast.Attribute) and node.attr in _TEMPLATE_NAMES:
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                inner = ast.parse(node.value, mode="eval").body
            except SyntaxError:
                continue
            if _names_template(inner):
                return True
    return False


def _format_spec(spec: ast.expr | None) -> str:
    """The format spec as written: its static text, and ``{expression}`` for a nested field
    (whose value is not known; plans do not depend on format specs)."""
    if not isinstance(spec, ast.JoinedStr):
        return ""
    out: list[str] = []
    for part in spec.values:
        if isinstance(part, ast.Constant):
            out.append(str(part.value))
        elif isinstance(part, ast.FormattedValue | ast.Interpolation):
            out.append("{" + ast.unparse(part.value) + "}")
    return "".join(out)


# `# htmltemplates: ignore`: on the line of a literal it skips the literal; on a line of its
# own above the first statement, the file
_IGNORE = re.compile(r"#\s*htmltemplates:\s*ignore\b")


def ignored_lines(source: SourceText, tree: ast.Module) -> set[int] | None:
    """The lines that hold an ignore comment after code, or None when one on a line of its
    own comes before the first statement (after the module's docstring, if any)."""
    if _IGNORE.search(source.text) is None:
        return set()
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring (or any constant) is not code to skip
    first = body[0].lineno if body else len(source.lines) + 1
    lines: set[int] = set()
    readline = io.StringIO(source.text).readline
    for token in tokenize.generate_tokens(readline):
        # (anywhere in the comment: after `# type: ignore` or a remark of its own)
        if token.type == tokenize.COMMENT and _IGNORE.search(token.string):
            own_line = not token.line[: token.start[1]].strip()
            if own_line and token.start[0] < first:
                return None
            lines.add(token.start[0])
    return lines
