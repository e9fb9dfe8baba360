"""The checker's lints: warnings about a template's structure, and the faults of the Python code
around templates (dangerous calls, component tags that do not fit their component).

- :func:`structural` (``Template -> list[Lint]``): what html() accepts but a reviewer would
  flag: an end tag that closes nothing or the wrong element, an element left open, an
  attribute written twice, an end tag of a void element (:mod:`.structure`).
- :func:`dangerous` (``ast.Module -> list[CodeLint]``): ``html(f"...")``, ``Markup(f"...")``,
  ``Markup(t"...")``, a t-string sent as a framework's response, ``Template(text)``
  (:mod:`.calls`).
- :func:`components` (``ast.Module, Path -> list[CodeLint]``): the props of component tags
  against the signatures the checker can read (:mod:`.props`).

Each finding names its section of docs/errors.md (``anchor``), under "Warnings from the
checker" for the warnings and the dangerous calls; a component tag's are the runtime's.
"""

from .calls import dangerous
from .findings import CodeLint, Lint
from .props import components
from .structure import structural

__all__ = ["CodeLint", "Lint", "components", "dangerous", "structural"]
