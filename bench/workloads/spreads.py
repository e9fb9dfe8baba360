"""spreads: attributes from dicts, in a 30-item menu.

Each item: ``<li class={item.classes} {item.data}>`` (a class list, then a spread of data-*
attributes, with None dropping one), a button with ``data={dict}`` and ``aria={dict}``
(``aria-expanded="false"``: booleans become strings there), and a link with a spread of
ordinary attributes between static ones, ``<a class="link" {item.link} id="...">``, where None
and False drop an attribute and True makes it bare. No spread collides with a static name, so
html() renders each attribute where it stands, without merging.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import Environment
from markupsafe import escape
from tdom import html as tdom_html

from bench.core import Renderers, Workload
from bench.workloads._hand import attrs
from htmltemplates import html

__all__ = ["WORKLOAD", "Entry", "make_entries"]

type Values = dict[str, str | int | bool | None]


@dataclass(frozen=True, slots=True)
class Entry:
    id: int
    name: str
    classes: list[str | None]
    data: Values
    state: Values
    aria: Values
    link: Values


def make_entries(count: int = 30) -> tuple[Entry, ...]:
    return tuple(
        Entry(
            id=i,
            name=f"Entry {i} <{i % 4}> & 'more'",
            classes=["entry", "even" if i % 2 == 0 else None, "pinned" if i % 5 == 0 else None],
            data={
                "data-id": i,
                "data-slug": f"entry-{i}",
                "data-owner": None if i % 3 == 0 else f'user "{i}"',
            },
            state={"open": i % 4 == 0 or None, "count": i * 3, "group": f"g{i % 3}"},
            aria={"expanded": i % 4 == 0, "controls": f"panel-{i}", "label": f"Toggle {i} & co"},
            link={
                "href": f"/entries/{i}",
                "title": f"Open entry {i} <now>",
                "target": "_blank" if i % 3 == 1 else None,
                "rel": "noopener" if i % 3 == 1 else None,
                "download": i % 7 == 0 or None,
            },
        )
        for i in range(count)
    )


# -- htmltemplates and tdom ----------------------------------------------------------------


def entry(e: Entry) -> Template:
    return t"""<li class={e.classes} {e.data}>
  <button type=button data={e.state} aria={e.aria}>{e.name}</button>
  <a class="link" {e.link} id="link-{e.id}">Open</a>
</li>
"""


def menu(entries: tuple[Entry, ...]) -> Template:
    return t'<ul class="menu">\n{[entry(e) for e in entries]}</ul>'


# -- baseline --------------------------------------------------------------------------------


def entry_baseline(e: Entry) -> str:
    classes = " ".join([c for c in e.classes if c])
    state = attrs({f"data-{key}": value for key, value in e.state.items()})
    aria = attrs(
        {
            f"aria-{key}": ("true" if value else "false") if isinstance(value, bool) else value
            for key, value in e.aria.items()
        }
    )
    return f"""<li class="{escape(classes)}"{attrs(e.data)}>
  <button type=button{state}{aria}>{escape(e.name)}</button>
  <a class="link"{attrs(e.link)} id="link-{e.id}">Open</a>
</li>
"""


def render_baseline(entries: tuple[Entry, ...]) -> str:
    return f'<ul class="menu">\n{"".join([entry_baseline(e) for e in entries])}</ul>'


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCE = """<ul class="menu">
{% for e in entries -%}
<li class="{{ e.classes|select|join(' ') }}"{{ e.data|xmlattr }}>
  <button type=button
  {%- for key, value in e.state.items() if value is not none %} data-{{ key }}
  {%- if value is not true %}="{{ value }}"{% endif %}{% endfor %}
  {%- for key, value in e.aria.items() %} aria-{{ key }}="{{ value|lower if value is boolean
  else value }}"{% endfor %}>{{ e.name }}</button>
  <a class="link"
  {%- for key, value in e.link.items() if value is not none %} {{ key }}
  {%- if value is not true %}="{{ value }}"{% endif %}{% endfor %} id="link-{{ e.id }}">Open</a>
</li>
{% endfor %}</ul>"""


def setup() -> Renderers:
    entries = make_entries()
    template = Environment(autoescape=True).from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(entries),
        "htmltemplates": lambda: html(menu(entries)),
        "jinja2": lambda: template.render(entries=entries),
        "tdom": lambda: tdom_html(menu(entries)),
    }


WORKLOAD = Workload(
    name="spreads",
    description="<li class={classes} {data}>, data={dict}, aria={dict}, spreads among statics",
    document=False,
    setup=setup,
    exact=True,
)
