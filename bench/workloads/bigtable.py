"""bigtable: a 1000 x 10 table, the classic template-engine benchmark.

Rows are dicts of ten values, ints and strings; a third of the strings need escaping
(``&``, ``<``, quotes). Each engine loops over rows and cells in the template itself.
"""

from __future__ import annotations

from string.templatelib import Template

from jinja2 import Environment, StrictUndefined
from markupsafe import escape
from tdom import html as tdom_html

from bench.core import Renderers, Workload
from htmltemplates import html

__all__ = ["WORKLOAD", "make_rows"]

type Row = dict[str, int | str]

OWNERS = ("Smith & Wesson", "Jones", "O'Brien", "Ada <admin>", "Grace")
STATUSES = ("open", "closed", "pending <review>", '"draft"')


def make_rows(count: int = 1000) -> list[Row]:
    """``count`` rows of ten columns, deterministic."""
    return [
        {
            "id": i,
            "name": f"row {i}",
            "owner": OWNERS[i % len(OWNERS)],
            "expr": f"{i} < {i + 1} && {i} > -1",
            "qty": i * 7 % 100,
            "price": f"{i % 50}.{i % 100:02d}",
            "status": STATUSES[i % len(STATUSES)],
            "code": f"X-{i:05d}",
            "note": "" if i % 2 else "see 'notes' & more",
            "rank": 1000 - i,
        }
        for i in range(count)
    ]


JINJA_SOURCE = (
    "<table>{% for row in rows %}<tr>{% for value in row.values() %}<td>{{ value }}</td>"
    "{% endfor %}</tr>{% endfor %}</table>"
)


def table(rows: list[Row]) -> Template:
    """The t-string of the table (shared by htmltemplates and tdom)."""
    return t"<table>{
        [t'<tr>{[t"<td>{value}</td>" for value in row.values()]}</tr>' for row in rows]
    }</table>"


def render_htmltemplates(rows: list[Row]) -> str:
    return html(table(rows))


def render_tdom(rows: list[Row]) -> str:
    return tdom_html(table(rows))


def render_baseline(rows: list[Row]) -> str:
    body = "".join(
        [
            f"<tr>{''.join([f'<td>{escape(value)}</td>' for value in row.values()])}</tr>"
            for row in rows
        ]
    )
    return f"<table>{body}</table>"


def setup() -> Renderers:
    rows = make_rows()
    template = Environment(autoescape=True, undefined=StrictUndefined).from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(rows),
        "htmltemplates": lambda: render_htmltemplates(rows),
        "jinja2": lambda: template.render(rows=rows),
        "tdom": lambda: render_tdom(rows),
    }


WORKLOAD = Workload(
    name="bigtable",
    description="a 1000 x 10 table of ints and strings, a third of them needing escapes",
    document=False,
    setup=setup,
)
