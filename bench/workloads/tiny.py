"""tiny: one paragraph with a class and a text, ``<p class="{cls}">{text}</p>``.

Measures the fixed cost of a render: the plan lookup, one attribute value, one text value.
"""

from __future__ import annotations

from jinja2 import Environment
from markupsafe import escape
from tdom import html as tdom_html

from bench.core import Renderers, Workload
from htmltemplates import html

__all__ = ["WORKLOAD"]

CLS = "intro lead"
TEXT = "Fish & chips <for> 'everyone'"

JINJA_SOURCE = '<p class="{{ cls }}">{{ text }}</p>'


def render_htmltemplates(cls: str, text: str) -> str:
    return html(t'<p class="{cls}">{text}</p>')


def render_baseline(cls: str, text: str) -> str:
    return f'<p class="{escape(cls)}">{escape(text)}</p>'


def render_tdom(cls: str, text: str) -> str:
    return tdom_html(t'<p class="{cls}">{text}</p>')


def setup() -> Renderers:
    template = Environment(autoescape=True).from_string(JINJA_SOURCE)
    cls, text = CLS, TEXT
    return {
        "baseline": lambda: render_baseline(cls, text),
        "htmltemplates": lambda: render_htmltemplates(cls, text),
        "jinja2": lambda: template.render(cls=cls, text=text),
        "tdom": lambda: render_tdom(cls, text),
    }


WORKLOAD = Workload(
    name="tiny",
    description='<p class="{cls}">{text}</p>: the fixed cost of one render',
    document=False,
    setup=setup,
)
