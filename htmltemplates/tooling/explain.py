"""explain(): where each hole of a template stands and what html() does to its value there,
read from the compiler's own decisions; and ``python -m htmltemplates explain FILE:LINE``.

The facts come from one run of the compiler's scan, analysis and lowering (``lower_tokens`` in
compiler/plan.py):
the scanner's tokens say where a hole stands (the element, the attribute, its quote), and the
plan IR says what is done to its value (the escaper the analysis chose). Nothing here decides
a context again; what each escaper does to each type of value is worded in tooling/rules.py.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from string.templatelib import Interpolation, Template

from .._spec import ascii_lower
from ..compiler.ir import (
    AttributeValue,
    Component,
    MergedAttribute,
    MergedTag,
    Node,
    Part,
    PropsSpread,
    Spread,
    SpreadTag,
    TextValue,
    WholeAttribute,
)
from ..compiler.plan import compile_template, lower_tokens
from ..errors import TemplateError, advice
from ..escaper import Escaper, Escaping
from ..runtime.attributes import PartsItem
from ..runtime.tags import SpreadItem, WholeItem
from ..scan.context import Context, Quote, State
from ..scan.tokens import ComponentToken, SpreadToken, TagToken, TextHole, Token
from .files import Unreadable, read_python
from .rules import COMPONENT_RULES, SAFE_DOCS, SAFE_SPEC, Rule, rule_for

__all__ = ["Explanation", "Hole", "explain", "main", "template_at"]


@dataclass(frozen=True, slots=True)
class Hole:
    """One hole of an explained template.

    ``expression`` is the hole as written (``{user.name!r:>10}``); ``context`` says where it
    stands and what it is there; ``escaping`` is the compiler's decision (None for the holes
    of a component tag, which pass their values on); ``values`` pairs each type of value with
    what html() does to it; ``docs`` the sections of the docs that say so
    (``docs/attributes.md#url-attributes``)."""

    slot: int
    expression: str
    context: str
    element: str
    attribute: str
    escaping: Escaping | None
    values: tuple[tuple[str, str], ...]
    docs: tuple[str, ...]

    def __str__(self) -> str:
        width = max(len(kind) for kind, _ in self.values)
        lines = [f"{self.expression} → {self.context}"]
        lines += [f"    {kind.ljust(width)} → {what}" for kind, what in self.values]
        lines.append(f"    see {', '.join(self.docs)}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Explanation:
    """What html() does with each hole of ``template`` (:attr:`holes`, in template order);
    ``plan`` is the source of the generated plan when asked for, and ``nesting`` why the
    template may not be rendered inside another one (None when it may), with
    ``nesting_anchor`` the section of docs/errors.md that explains it."""

    template: Template
    holes: tuple[Hole, ...]
    plan: str | None = None
    nesting: str | None = None
    nesting_anchor: str | None = None

    def __str__(self) -> str:
        blocks = [str(hole) for hole in self.holes] or ["no holes: the template is static text"]
        if self.nesting is not None:
            why = f"not to be nested in another template: {self.nesting}."
            if self.nesting_anchor is not None:  # as html()'s refusal ends
                why = advice(why, self.nesting_anchor)
            blocks.append(why)
        if self.plan is not None:
            blocks.append("plan:\n" + self.plan.rstrip("\n"))
        return "\n\n".join(blocks) + "\n"


def explain(template: Template, *, plan: bool = False) -> Explanation:
    """Where each hole of ``template`` stands and what html() does to each type of value
    there, with the section of the docs that says so; with ``plan``, also the source of the
    plan html() renders it with.

    A template html() refuses raises the same TemplateSyntaxError, located in it."""
    if not isinstance(template, Template):
        raise TypeError(
            f'explain() takes a template string (t"..."), not {type(template).__name__}'
        )
    try:
        tokens, nodes, nesting = lower_tokens(template)
        source = compile_template(template)[1] if plan else None
    except TemplateError as error:
        error.locate(template)
        raise error.with_traceback(None) from None
    holes = sorted(_holes(template, tokens, nodes), key=lambda hole: hole.slot)
    if nesting is None:
        return Explanation(template, tuple(holes), source)
    refusal = nesting.error()
    return Explanation(template, tuple(holes), source, refusal.headline, refusal.anchor)


# -- the facts -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Where:
    """Where a hole stands, as the scanner saw it."""

    element: str
    attribute: str = ""
    quote: Quote = Quote.NONE
    context: Context | None = None


def _places(tokens: Sequence[Token]) -> dict[int, _Where]:
    """Where each hole of ``tokens`` stands (not those of a component's children)."""
    found: dict[int, _Where] = {}
    for token in tokens:
        if isinstance(token, TextHole):
            found[token.slot] = _Where(token.context.element, context=token.context)
        elif isinstance(token, TagToken | ComponentToken):
            element = token.name if isinstance(token, TagToken) else ""
            for item in token.items:
                if isinstance(item, SpreadToken):
                    found[item.slot] = _Where(element)
                    continue
                for part in item.parts or ():
                    if isinstance(part, int):
                        found[part] = _Where(element, item.name, item.quote)
    return found


def _decisions(nodes: Sequence[Node]) -> Iterator[tuple[int, Escaping | str]]:
    """Each hole's escaping, from the plan IR (a component's holes: their role, as a key of
    COMPONENT_RULES)."""
    for node in nodes:
        match node:
            case TextValue(slot, escaper):
                yield slot, Escaping(escaper)
            case WholeAttribute(slot=slot, kind=kind) | MergedAttribute(slot=slot, kind=kind):
                yield slot, Escaping(Escaper.ATTRIBUTE, kind)
            case AttributeValue(parts=parts):
                yield from ((p.slot, p.escaping) for p in parts if isinstance(p, Part))
            case Spread(slot=slot):
                yield slot, Escaping(Escaper.SPREAD)
            case MergedTag() | SpreadTag():
                yield from _merged(node.merged if isinstance(node, SpreadTag) else node)
            case Component():
                yield node.slot, "component"
                if node.close >= 0:
                    yield node.close, "end"
                for prop in node.props:
                    if isinstance(prop, PropsSpread):
                        yield prop.slot, "props"
                    elif prop.whole >= 0:
                        yield prop.whole, "prop"
                    else:
                        yield from ((n, "prop text") for n in prop.text or () if isinstance(n, int))


def _merged(tag: MergedTag) -> Iterator[tuple[int, Escaping]]:
    for item in tag.plan.items:
        if isinstance(item, WholeItem):
            yield tag.holes[item.position], Escaping(Escaper.ATTRIBUTE, item.kind)
        elif isinstance(item, SpreadItem):
            yield tag.holes[item.position], Escaping(Escaper.SPREAD)
        elif isinstance(item, PartsItem):
            yield from (
                (n, escaping)
                for n, _, escaping in (p for p in item.parts if not isinstance(p, str))
            )


def _holes(template: Template, tokens: Sequence[Token], nodes: Sequence[Node]) -> Iterator[Hole]:
    places = _places(tokens)
    for slot, decision in dict(_decisions(nodes)).items():
        where = places.get(slot, _Where(""))
        if isinstance(decision, str):
            rule = COMPONENT_RULES[decision]
            escaping = None
            # a prop's hole is named by its prop; the component's own holes by their role
            context = f"{rule.label} {where.attribute}" if where.attribute else rule.label
        else:
            rule = rule_for(decision, ascii_lower(where.attribute))
            escaping = decision
            place = _where(where)
            context = f"{place}: {rule.label}" if place else rule.label
        yield _hole(template, slot, context, where, escaping, rule)
    for node in nodes:
        if isinstance(node, Component) and isinstance(node.children, tuple):
            yield from _children(template, node)


def _hole(
    template: Template,
    slot: int,
    context: str,
    where: _Where,
    escaping: Escaping | None,
    rule: Rule,
) -> Hole:
    interpolation = template.interpolations[slot]
    values: tuple[tuple[str, str], ...] = rule.values
    docs: tuple[str, ...] = (rule.docs,)
    if interpolation.format_spec == "safe":
        values, docs = (SAFE_SPEC, *values), (*docs, SAFE_DOCS)
    return Hole(
        slot,
        written(interpolation),
        context,
        where.element,
        where.attribute,
        escaping,
        values,
        docs,
    )


def _children(template: Template, node: Component) -> Iterator[Hole]:
    """The holes between a component's tags: html() renders them as a template of their own,
    where the component puts it; explained as that template."""
    assert isinstance(node.children, tuple)
    holes = [part for part in node.children if isinstance(part, int)]
    inner = Template(
        *(
            part if isinstance(part, str) else template.interpolations[part]
            for part in node.children
        )
    )
    tag = "<" + written(template.interpolations[node.slot]) + ">"
    for hole in explain(inner).holes:
        yield Hole(
            holes[hole.slot],
            hole.expression,
            f"in the children of {tag} (a template of their own): {hole.context}",
            hole.element,
            hole.attribute,
            hole.escaping,
            hole.values,
            hole.docs,
        )


def _where(where: _Where) -> str:
    """Where a hole stands, in words: "text in <p>", "attribute href of <a>, double-quoted"."""
    if where.context is not None and where.context.state is not State.ATTR_VALUE:
        state, element = where.context.state, where.context.element
        return f"<{element}> body" if state in (State.RCDATA, State.RAWTEXT) else ""
    if not where.attribute:
        return f"between the attributes of <{where.element}>"
    quoting = {Quote.DOUBLE: "double-quoted", Quote.SINGLE: "single-quoted", Quote.NONE: "unquoted"}
    return f"attribute {where.attribute} of <{where.element}>, {quoting[where.quote]}"


def written(interpolation: Interpolation[object]) -> str:
    """The hole as written in the template: ``{user.name!r:>10}``."""
    text = interpolation.expression
    if interpolation.conversion:
        text += "!" + interpolation.conversion
    if interpolation.format_spec:
        text += ":" + interpolation.format_spec
    return "{" + text + "}"


# -- python -m htmltemplates explain FILE:LINE ---------------------------------------------------


class _UsageError(Exception):
    """A command line the tool cannot act on: the message, and exit status 2."""


def template_at(source: str, line: int) -> list[tuple[int, int, Template]]:
    """The t-string literals of ``source`` (Python, parsed with ast, never run) that start on
    ``line``, or else those that span it: each one's line, column, and Template (the static
    strings, and an Interpolation per hole whose value is None, with the expression,
    conversion and format spec as written; a spec with holes of its own keeps them as text)."""
    tree = ast.parse(source)
    spans = [node for node in ast.walk(tree) if isinstance(node, ast.TemplateStr)]
    found = [node for node in spans if node.lineno == line]
    if not found:
        found = [node for node in spans if node.lineno <= line <= (node.end_lineno or line)]
    found.sort(key=lambda node: (node.lineno, node.col_offset))
    return [(node.lineno, node.col_offset + 1, _template(node)) for node in found]


def _template(node: ast.TemplateStr) -> Template:
    parts: list[str | Interpolation[object]] = []
    for value in node.values:
        if isinstance(value, ast.Interpolation):
            conversion = None if value.conversion < 0 else chr(value.conversion)
            spec = _static_spec(value.format_spec)
            parts.append(Interpolation(None, value.str, conversion, spec))  # type: ignore[arg-type]
        elif isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value)
    return Template(*parts)


def _static_spec(spec: ast.expr | None) -> str:
    if not isinstance(spec, ast.JoinedStr):
        return ""
    text = []
    for value in spec.values:
        if isinstance(value, ast.Constant):
            text.append(str(value.value))
        else:
            text.append("{" + ast.unparse(getattr(value, "value", value)) + "}")
    return "".join(text)


def main(argv: list[str]) -> int:
    """``explain FILE:LINE [--plan]``: print the explanation of the t-string(s) on that line.
    Exit status: 0, 1 when html() would refuse a template there, 2 for a command line, a file
    or a line it cannot read."""
    parser = argparse.ArgumentParser(
        prog="python -m htmltemplates explain",
        description="Explain what html() does with each hole of the t-string on FILE:LINE.",
    )
    parser.add_argument("where", metavar="FILE:LINE")
    parser.add_argument("--plan", action="store_true", help="also print the generated plan")
    args = parser.parse_args(argv)
    try:
        path, found = _read(args.where)
    except _UsageError as error:
        print(f"explain: {error}", file=sys.stderr)
        return 2
    status = 0
    for n, (start, column, template) in enumerate(found):
        header = f"{path}:{start}:{column}: t-string"
        print(("\n" if n else "") + header)
        try:
            print(str(explain(template, plan=args.plan)), end="")
        except TemplateError as error:
            error.called_from(f"{path}, line {start}")
            print(f"refused by html(): {error}")
            status = 1
    return status


def _read(where: str) -> tuple[str, list[tuple[int, int, Template]]]:
    name, _, number = where.rpartition(":")
    if not name or not number.isdigit() or int(number) < 1:
        raise _UsageError(f"expected FILE:LINE (a line number from 1), not {where!r}")
    line = int(number)
    read = read_python(name)
    if isinstance(read, Unreadable):  # "cannot read: why" -> "cannot read NAME: why"
        verb, _, why = read.reason.partition(": ")
        raise _UsageError(f"{verb} {name}: {why}")
    source = read.text
    try:
        found = template_at(source, line)
    except SyntaxError as error:
        raise _UsageError(f"{name}:{error.lineno}: not valid Python: {error.msg}") from None
    except RecursionError, MemoryError:
        raise _UsageError(f"{name}: cannot parse: too complex for Python's parser") from None
    if not found:
        raise _UsageError(f"{name}:{line}: no t-string on this line")
    return name, found
