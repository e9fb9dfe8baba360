"""styles: the ``style`` builders and CSS values, in a 30-row progress report.

Each row: ``style={{"width": ..., "background-color": c, "margin-top": "4px", "opacity": ...}}``
(a dict, with None dropping its declaration), ``style={decl}`` (a string of declarations),
``style="color: {c}; padding: {n}px"`` (holes where CSS property values go), and a static
``style`` merged with a dict (``style="text-align: right" style={{"color": ...}}``).
A hole in a property name (``style="{prop}: {value}"``) is refused by html(), so the workload
writes property names in the template or in a dict. The values are plain CSS values, which
html() passes as they are; the baseline only escapes them. Absent declarations are None
rather than False (``b.dim and "0.5"``), which tdom would write as ``opacity: False``.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import Environment
from markupsafe import escape
from tdom import html as tdom_html

from bench.core import Renderers, Workload
from bench.workloads._hand import styles
from htmltemplates import html

__all__ = ["WORKLOAD", "Bar", "make_bars"]

COLORS = ("#3366ff", "rebeccapurple", "rgb(10, 120, 40)", "hsl(30 80% 50%)", "tomato")


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    pct: float
    color: str
    dim: bool
    decl: str
    pad: int
    negative: bool
    amount: str


def make_bars(count: int = 30) -> tuple[Bar, ...]:
    return tuple(
        Bar(
            label=f"Bar {i} <{COLORS[i % 5]}> & co",
            pct=(i * 13 % 100) + 0.5,
            color=COLORS[i % 5],
            dim=i % 4 == 3,
            decl=f"font-weight: {400 + i % 3 * 100}; letter-spacing: 0.{i % 4}em",
            pad=i % 6,
            negative=i % 3 == 0,
            amount=f"{(i - 12) * 3.25:+.2f}",
        )
        for i in range(count)
    )


# -- htmltemplates and tdom ----------------------------------------------------------------


def bar(b: Bar) -> Template:
    fill = {
        "width": f"{b.pct}%",
        "background-color": b.color,
        "margin-top": "4px",
        "opacity": "0.5" if b.dim else None,
    }
    return t"""<tr>
  <th style={b.decl}>{b.label}</th>
  <td><div class="fill" style={fill}></div></td>
  <td style="color: {b.color}; padding: {b.pad}px">{b.pct}</td>
  <td style="text-align: right" style={ {"color": "red" if b.negative else None} }>{b.amount}</td>
</tr>
"""


def report(bars: tuple[Bar, ...]) -> Template:
    return t'<table class="report">\n{[bar(b) for b in bars]}</table>'


# -- baseline --------------------------------------------------------------------------------


def bar_baseline(b: Bar) -> str:
    fill = styles(
        {
            "width": f"{b.pct}%",
            "background-color": b.color,
            "margin-top": "4px",
            "opacity": "0.5" if b.dim else None,
        }
    )
    amount = "text-align: right; color: red" if b.negative else "text-align: right"
    return f"""<tr>
  <th style="{escape(b.decl)}">{escape(b.label)}</th>
  <td><div class="fill" style="{escape(fill)}"></div></td>
  <td style="color: {escape(b.color)}; padding: {b.pad}px">{b.pct}</td>
  <td style="{amount}">{escape(b.amount)}</td>
</tr>
"""


def render_baseline(bars: tuple[Bar, ...]) -> str:
    return f'<table class="report">\n{"".join([bar_baseline(b) for b in bars])}</table>'


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCE = """<table class="report">
{% for b in bars -%}
<tr>
  <th style="{{ b.decl }}">{{ b.label }}</th>
  <td><div class="fill" style="width: {{ b.pct }}%; background-color: {{ b.color }}; \
margin-top: 4px{% if b.dim %}; opacity: 0.5{% endif %}"></div></td>
  <td style="color: {{ b.color }}; padding: {{ b.pad }}px">{{ b.pct }}</td>
  <td style="text-align: right{% if b.negative %}; color: red{% endif %}">{{ b.amount }}</td>
</tr>
{% endfor %}</table>"""


def setup() -> Renderers:
    bars = make_bars()
    template = Environment(autoescape=True).from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(bars),
        "htmltemplates": lambda: html(report(bars)),
        "jinja2": lambda: template.render(bars=bars),
        "tdom": lambda: tdom_html(report(bars)),
    }


WORKLOAD = Workload(
    name="styles",
    description="style dicts, style strings, CSS values in style attributes, merged styles",
    document=False,
    setup=setup,
    exact=True,
)
