"""What a workload is: the engines it is rendered with and the renderers it provides."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

__all__ = ["ENGINES", "NotApplicable", "Render", "Renderers", "Workload"]

# The columns of the report, in order. "baseline" is the reference for the ratios;
# "htmltemplates" is the reference for the output check.
ENGINES = ("baseline", "htmltemplates", "jinja2", "tdom")

type Render = Callable[[], str]
"""One render of a workload by one engine, with its data bound: what is timed."""


@dataclass(frozen=True, slots=True)
class NotApplicable:
    """An engine that cannot render a workload to the same output, and why."""

    reason: str


type Renderers = Mapping[str, Render | NotApplicable]


@dataclass(frozen=True, slots=True)
class Workload:
    """A page to render. ``setup`` builds the data and compiles what must be compiled ahead
    (Jinja2 templates), outside the timing, and returns one renderer per engine."""

    name: str
    description: str
    document: bool  # a whole document (parsed as one) rather than a fragment
    setup: Callable[[], Renderers]
    # the baseline renders exactly the bytes htmltemplates renders, not only the same HTML
    exact: bool = False
