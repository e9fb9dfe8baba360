"""whole: unquoted whole attribute values of every type, in a 40-row table.

Each row holds ``id={r.id}`` and ``data-depth={r.depth}`` (int), ``data-score={r.score}``
(float), ``title={r.note}`` (a str, or None, which drops the attribute), ``hidden={r.hidden}``
and ``draggable={r.draggable}`` (True bare, False or None dropped), a checkbox with
``checked={...}`` and ``disabled={...}``, and ``<abbr title={r.label}>`` where the label is
``Markup`` (the attribute shows the text the markup shows). The baseline writes each case by
hand; tdom is left out: it writes a Markup value's source into an attribute.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import Environment
from markupsafe import Markup, escape

from bench.core import NotApplicable, Renderers, Workload
from htmltemplates import html

__all__ = ["WORKLOAD", "Row", "make_rows"]


@dataclass(frozen=True, slots=True)
class Row:
    id: int
    depth: int
    score: float
    note: str | None
    hidden: bool
    draggable: bool | None
    checked: bool
    locked: bool
    label: Markup
    short: str


def make_rows(count: int = 40) -> tuple[Row, ...]:
    """``count`` rows, deterministic: every value kind appears several times."""
    return tuple(
        Row(
            id=1000 + i,
            depth=i % 5,
            score=(i * 37 % 101) / 8,
            note=None if i % 3 == 0 else f"Row {i} <{'odd' if i % 2 else 'even'}> & 'noted'",
            hidden=i % 7 == 3,
            draggable=(None, True, False)[i % 3],
            checked=i % 4 == 1,
            locked=i % 5 == 2,
            label=Markup("<b>Fish</b> &amp; chips") if i % 2 else Markup(f"Item {i} &lt;x&gt;"),
            short=f"F&C {i}",
        )
        for i in range(count)
    )


# -- htmltemplates ---------------------------------------------------------------------------


def row(r: Row) -> Template:
    return t"""<tr id={r.id} data-depth={r.depth} data-score={r.score} title={r.note} \
hidden={r.hidden} draggable={r.draggable}>
  <td><input type=checkbox name=sel value={r.id} checked={r.checked} disabled={r.locked}></td>
  <td><abbr title={r.label}>{r.short}</abbr></td>
</tr>
"""


def render_htmltemplates(rows: tuple[Row, ...]) -> str:
    return html(t"<table><tbody>\n{[row(r) for r in rows]}</tbody></table>")


# -- baseline --------------------------------------------------------------------------------


def row_baseline(r: Row) -> str:
    title = "" if r.note is None else f' title="{escape(r.note)}"'
    hidden = " hidden" if r.hidden else ""
    draggable = " draggable" if r.draggable else ""
    checked = " checked" if r.checked else ""
    disabled = " disabled" if r.locked else ""
    return f"""<tr id="{r.id}" data-depth="{r.depth}" data-score="{r.score}"{title}\
{hidden}{draggable}>
  <td><input type=checkbox name=sel value="{r.id}"{checked}{disabled}></td>
  <td><abbr title="{escape(r.label.striptags())}">{escape(r.short)}</abbr></td>
</tr>
"""


def render_baseline(rows: tuple[Row, ...]) -> str:
    return f"<table><tbody>\n{''.join([row_baseline(r) for r in rows])}</tbody></table>"


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCE = """<table><tbody>
{% for r in rows -%}
<tr id="{{ r.id }}" data-depth="{{ r.depth }}" data-score="{{ r.score }}"
{%- if r.note is not none %} title="{{ r.note }}"{% endif %}
{%- if r.hidden %} hidden{% endif %}{% if r.draggable %} draggable{% endif %}>
  <td><input type=checkbox name=sel value="{{ r.id }}"
  {%- if r.checked %} checked{% endif %}{% if r.locked %} disabled{% endif %}></td>
  <td><abbr title="{{ r.label|striptags }}">{{ r.short }}</abbr></td>
</tr>
{% endfor %}</tbody></table>"""


def setup() -> Renderers:
    rows = make_rows()
    template = Environment(autoescape=True).from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(rows),
        "htmltemplates": lambda: render_htmltemplates(rows),
        "jinja2": lambda: template.render(rows=rows),
        "tdom": NotApplicable("tdom writes a Markup value's source, escaped, into an attribute"),
    }


WORKLOAD = Workload(
    name="whole",
    description="unquoted whole attribute values: str, int, float, True/False/None, Markup",
    document=False,
    setup=setup,
    exact=True,
)
