"""Compiles a template into its plan: the Python function that renders every template with
the same static strings.

The pipeline, once per template text: the scanner reads the static strings and the analysis
gives each hole its escaper (or refuses it), :func:`~.lower.lower` turns the tokens into the
plan IR (compiler/ir.py), and :func:`~.emit.emit` writes the IR as source and compiles it.
"""

from __future__ import annotations

from string.templatelib import Template

from ..runtime.cache import Render
from ..scan.tokens import Nesting
from .emit import emit
from .lower import lower

__all__ = ["compile_template"]


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
    nodes, nesting = lower(template)
    render, source = emit(nodes, template, stream)
    return render, source, nesting
