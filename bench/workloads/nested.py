"""nested: 10 levels of wrapper components around leaves.

``wrap(level, children)`` puts its children in ``<div class="level-{level}">``; each level
holds three leaves (``<span class="leaf">``, with text that needs escaping) and the next level.
It measures what composing components costs: every level is a separate template whose result
is inserted into its parent.
"""

from __future__ import annotations

from collections.abc import Sequence
from string.templatelib import Template

from jinja2 import Environment, StrictUndefined
from markupsafe import escape
from tdom import html as tdom_html

from bench.core import Renderers, Workload
from htmltemplates import html

__all__ = ["DEPTH", "WORKLOAD", "make_labels"]

DEPTH = 10
LEAVES = 3

type Labels = Sequence[Sequence[str]]


def make_labels() -> list[list[str]]:
    """``labels[level][i]``: the text of leaf ``i`` of ``level``."""
    return [[f"leaf {level}.{i} <&> 'x'" for i in range(LEAVES)] for level in range(DEPTH)]


# -- htmltemplates and tdom ----------------------------------------------------------------


def leaf(text: str) -> Template:
    return t'<span class="leaf">{text}</span>'


def wrap(level: int, children: object) -> Template:
    return t'<div class="level-{level}">{children}</div>'


def tree(labels: Labels, level: int = 0) -> Template:
    inner = tree(labels, level + 1) if level + 1 < len(labels) else None
    return wrap(level, [*[leaf(text) for text in labels[level]], inner])


def render_htmltemplates(labels: Labels) -> str:
    return html(tree(labels))


def render_tdom(labels: Labels) -> str:
    return tdom_html(tree(labels))


# -- baseline ----------------------------------------------------------------------------------


def leaf_baseline(text: str) -> str:
    return f'<span class="leaf">{escape(text)}</span>'


def wrap_baseline(level: int, children: Sequence[str]) -> str:
    return f'<div class="level-{escape(level)}">{"".join(children)}</div>'


def tree_baseline(labels: Labels, level: int = 0) -> str:
    inner = tree_baseline(labels, level + 1) if level + 1 < len(labels) else ""
    return wrap_baseline(level, [*[leaf_baseline(text) for text in labels[level]], inner])


def render_baseline(labels: Labels) -> str:
    return tree_baseline(labels)


# -- Jinja2: wrap takes its children from a call block ---------------------------------------

JINJA_SOURCE = """\
{%- macro leaf(text) %}<span class="leaf">{{ text }}</span>{% endmacro -%}
{%- macro wrap(level) %}<div class="level-{{ level }}">{{ caller() }}</div>{% endmacro -%}
{%- macro tree(level) -%}
  {%- call wrap(level) -%}
    {%- for text in labels[level] %}{{ leaf(text) }}{% endfor -%}
    {%- if level + 1 < labels|length %}{{ tree(level + 1) }}{% endif -%}
  {%- endcall -%}
{%- endmacro -%}
{{ tree(0) }}"""


def setup() -> Renderers:
    labels = make_labels()
    template = Environment(autoescape=True, undefined=StrictUndefined).from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(labels),
        "htmltemplates": lambda: render_htmltemplates(labels),
        "jinja2": lambda: template.render(labels=labels),
        "tdom": lambda: render_tdom(labels),
    }


WORKLOAD = Workload(
    name="nested",
    description=f"{DEPTH} levels of wrapper components, {LEAVES} leaves per level",
    document=False,
    setup=setup,
)
