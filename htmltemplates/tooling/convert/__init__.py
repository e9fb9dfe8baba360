"""``python -m htmltemplates convert SRC... -o DEST``: Jinja2 templates written as Python modules
of components (docs/jinja2.md, "Converting templates").

Each template is read with Jinja2's own parser (``Environment.parse``) and written as a module
holding one function, named after the file, whose keyword parameters are the variables the
template reads (``None`` when not given: Jinja's Undefined renders nothing), returning a
t-string:

- ``{{ x }}`` is a hole; static text is the t-string's text, braces doubled;
- ``{% if %}`` is a conditional expression, ``{% for %}`` a list comprehension (``loop``
  through :func:`htmltemplates.jinja.looped`, or ``enumerate`` when only its index is read),
  a loop's ``{% else %}`` an ``or``;
- ``{% extends %}`` calls the parent's function with the child's blocks as keyword
  arguments; a template that others extend takes each block as a parameter, its own content
  the default;
- ``{% include %}`` calls the included template's function, ``{% macro %}`` is a function
  (``caller`` a keyword parameter), ``{% call %}`` passes a lambda as ``caller``;
- ``{% set %}`` and ``{% with %}`` are local variables (of a nested function inside a loop
  or a condition);
- filters and tests are Python expressions (docs/text.md's table);
- where a template relies on Jinja's forgiving lookups (a lookup in a condition or an operand
  of ``and``/``or``/``not``, before ``|default``, and any lookup in Flask's ``request``),
  ``x.a`` and ``x["a"]`` are written :func:`htmltemplates.jinja.attr`,
  :func:`~htmltemplates.jinja.item` and ``request.form.get("a", "")``: ``None`` or ``""``
  where Jinja gives Undefined.

What it cannot convert (an unknown filter or test, an extension's tag, a template named by a
value, ``super()``) is written as a call of :func:`htmltemplates.jinja.todo`, which raises at
render time, with a ``# TODO(convert)`` comment, and listed in the report. Jinja2 is needed by
the command only.
"""

from __future__ import annotations

from .command import convert_templates, main
from .units import Conversion, Problem, function_name, module_name

__all__ = ["Conversion", "Problem", "convert_templates", "function_name", "main", "module_name"]
