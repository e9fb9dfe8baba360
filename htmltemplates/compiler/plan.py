"""Compiles a template into its plan: the Python function that renders every template with
the same static strings.

The pipeline, once per template text: the scanner reads the static strings and says where each
hole stands (scan/), the analysis decides what is done to each hole's value or refuses the
template (analyze/), :func:`~.lower.lower` turns the tokens and those decisions into the plan
IR (compiler/ir.py), and :func:`~.emit.emit` writes the IR as source and compiles it.
"""

from __future__ import annotations

from string.templatelib import Template

from ..analyze.walk import analyze
from ..runtime.cache import Render
from ..scan.scanner import scan
from ..scan.tokens import Nesting, Token
from .emit import emit
from .ir import Node
from .lower import lower

__all__ = ["compile_template", "lower_tokens"]


def compile_template(
    template: Template, stream: bool = False
) -> tuple[Render, str, Nesting | None]:
    """The render function for templates with the static strings of ``template``, its source,
    and why it may not be rendered inside another template (None when it may). Only the
    strings shape the plan: values, conversions and format specs do not (the expressions
    name the holes in the source's comments).

    With ``stream``, the template's streaming plan (see runtime/streaming.py).

    Raises TemplateSyntaxError (without a template attached) for positions it cannot make safe.
    """
    _tokens, nodes, nesting = lower_tokens(template)
    render, source = emit(nodes, template, stream)
    return render, source, nesting


def lower_tokens(template: Template) -> tuple[list[Token], list[Node], Nesting | None]:
    """The first three steps (scan, analyze, lower): the scanner's tokens, the plan IR made of
    them, and why the template may not be nested. Raises the first TemplateSyntaxError. For
    tools that explain a template too (where each hole stands, from the tokens; what is done
    to its value, from the nodes)."""
    scanned = scan(template)
    decisions = analyze(scanned)
    return scanned.tokens, lower(scanned.tokens, decisions, template), scanned.nesting
