"""library: a page built from a component library written as tags, as docs/components.md
teaches.

A ``Layout`` component (the document, with ``head`` and ``sidebar`` slots), 16 products each in
a ``<{Card} title=... tone=...>`` with a ``footer`` slot holding ``<{Button} kind=...>`` tags, a
``<{Badge} />`` that returns None when it has nothing to show, and a ``<{Dialog}>`` with a
default footer. The baseline is the same library as f-string functions; Jinja2's is macros with
``{% call %}`` blocks and a layout the page extends. tdom is left out: its component protocol
is not the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import DictLoader, Environment, StrictUndefined
from markupsafe import escape

from bench.core import NotApplicable, Renderers, Workload
from htmltemplates import html

__all__ = ["WORKLOAD", "Product", "make_products"]

TONES = ("plain", "warm", "cool", "plain")


@dataclass(frozen=True, slots=True)
class Product:
    id: int
    name: str
    blurb: str
    price: float
    tone: str
    stock: int


def make_products(count: int = 16) -> tuple[Product, ...]:
    return tuple(
        Product(
            id=i,
            name=f"Product {i} <{'new' if i % 3 == 0 else 'old'}> & co",
            blurb=f"A 'fine' product, number {i}, for <everyone> & their friends.",
            price=4.5 + i * 1.25,
            tone=TONES[i % 4],
            stock=i % 5,
        )
        for i in range(count)
    )


# -- htmltemplates: the components -----------------------------------------------------------
# ruff: noqa: N802 - components are named like classes


def Button(*, kind: str = "secondary", children: Template) -> Template:
    return t'<button class="btn btn-{kind}" type=button>{children}</button>'


def Badge(*, count: int) -> Template | None:
    return t'<span class="badge">{count} left</span>' if count else None


def Card(*, title: str, tone: str = "plain", children: Template, footer: Template) -> Template:
    return t"""<section class="card card-{tone}"><h2>{title}</h2>
{children}
<footer>{footer}</footer></section>
"""


def Dialog(
    *, title: str, children: Template, footer: Template = t"<{Button}>Close</{Button}>"
) -> Template:
    return t"<dialog><h2>{title}</h2>{children}<footer>{footer}</footer></dialog>"


def Layout(
    *,
    title: str,
    children: Template,
    head: Template | None = None,
    sidebar: Template = t"<p>Nothing here.</p>",
) -> Template:
    return t"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{title} - Shop</title>{head}</head>
<body>
<aside>{sidebar}</aside>
<main>{children}</main>
</body>
</html>
"""


def ProductCard(*, p: Product) -> Template:
    footer = t"""<{Button} kind=primary>Buy for {p.price:.2f} EUR</{Button}>\
<{Button}>Save</{Button}>"""
    return t"""<{Card} title={p.name} tone={p.tone} footer={footer}>\
<p>{p.blurb}</p><{Badge} count={p.stock} /></{Card}>"""


def Shop(*, products: tuple[Product, ...]) -> Template:
    head = t'<meta name="description" content={products[0].name}>'
    return t"""<{Layout} title="All products" head={head}>
<h1>All products</h1>
{[t"<{ProductCard} p={p} />" for p in products]}
<{Dialog} title="Delete {products[0].name}?"><p>This cannot be undone.</p></{Dialog}>
</{Layout}>"""


# -- baseline --------------------------------------------------------------------------------


def button_b(children: str, kind: str = "secondary") -> str:
    return f'<button class="btn btn-{escape(kind)}" type=button>{children}</button>'


def card_b(title: str, tone: str, children: str, footer: str) -> str:
    return f"""<section class="card card-{escape(tone)}"><h2>{escape(title)}</h2>
{children}
<footer>{footer}</footer></section>
"""


def product_b(p: Product) -> str:
    footer = button_b(f"Buy for {p.price:.2f} EUR", "primary") + button_b("Save")
    badge = f'<span class="badge">{p.stock} left</span>' if p.stock else ""
    return card_b(p.name, p.tone, f"<p>{escape(p.blurb)}</p>{badge}", footer)


def render_baseline(products: tuple[Product, ...]) -> str:
    cards = "".join([product_b(p) for p in products])
    dialog = (
        f"<dialog><h2>Delete {escape(products[0].name)}?</h2><p>This cannot be undone.</p>"
        f"<footer>{button_b('Close')}</footer></dialog>"
    )
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>All products - Shop</title>\
<meta name="description" content="{escape(products[0].name)}"></head>
<body>
<aside><p>Nothing here.</p></aside>
<main>
<h1>All products</h1>
{cards}
{dialog}
</main>
</body>
</html>
"""


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCES = {
    "lib.html": """\
{% macro button(kind="secondary") %}<button class="btn btn-{{ kind }}" type=button>\
{{ caller() }}</button>{% endmacro %}
{% macro card(title, tone="plain", footer="") %}<section class="card card-{{ tone }}">\
<h2>{{ title }}</h2>
{{ caller() }}
<footer>{{ footer }}</footer></section>
{% endmacro %}
{% macro dialog(title) %}<dialog><h2>{{ title }}</h2>{{ caller() }}<footer>\
{% call button() %}Close{% endcall %}</footer></dialog>{% endmacro %}
""",
    "layout.html": """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{% block title %}{% endblock %} - Shop</title>\
{% block head %}{% endblock %}</head>
<body>
<aside>{% block sidebar %}<p>Nothing here.</p>{% endblock %}</aside>
<main>{% block main %}{% endblock %}</main>
</body>
</html>
""",
    "shop.html": """{% extends "layout.html" %}{% import "lib.html" as lib %}
{% block title %}All products{% endblock %}
{% block head %}<meta name="description" content="{{ products[0].name }}">{% endblock %}
{% block main %}
<h1>All products</h1>
{% for p in products %}{% set footer %}{% call lib.button("primary") %}Buy for \
{{ "%.2f"|format(p.price) }} EUR{% endcall %}{% call lib.button() %}Save{% endcall %}\
{% endset %}{% call lib.card(p.name, p.tone, footer) %}<p>{{ p.blurb }}</p>\
{% if p.stock %}<span class="badge">{{ p.stock }} left</span>{% endif %}{% endcall %}\
{% endfor %}
{% call lib.dialog("Delete " ~ products[0].name ~ "?") %}<p>This cannot be undone.</p>\
{% endcall %}
{% endblock %}""",
}


def setup() -> Renderers:
    products = make_products()
    env = Environment(loader=DictLoader(JINJA_SOURCES), autoescape=True, undefined=StrictUndefined)
    template = env.get_template("shop.html")
    return {
        "baseline": lambda: render_baseline(products),
        "htmltemplates": lambda: html(t"<{Shop} products={products} />"),
        "jinja2": lambda: template.render(products=products),
        "tdom": NotApplicable("tdom calls components written as tags with other rules"),
    }


WORKLOAD = Workload(
    name="library",
    description="a page of component tags: <{Card} title=...>, <{Button} kind=...>, slots",
    document=True,
    setup=setup,
    exact=True,
)
