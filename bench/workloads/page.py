"""page: a whole document, a layout around 50 small components (cards).

The layout has a doctype, a ``<title>``, and a nav whose links take a class list. Each card
has ``class="card {kind}"``, data-* attributes from a dict, an href built from the item's id,
a title attribute, hostile text that must be escaped, a badge with a class list, and a list of
tags. Components are plain functions: templates for htmltemplates and tdom (the same
functions serve both), f-string functions for the baseline, macros for Jinja2.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import DictLoader, Environment, StrictUndefined
from markupsafe import escape
from tdom import html as tdom_html

from bench.core import Renderers, Workload
from htmltemplates import html

__all__ = ["WORKLOAD", "Item", "Link", "make_page"]

HOSTILE = "<script>alert(1)</script> & 'quotes'"
KINDS = ("news", "event", "offer", "note")


@dataclass(frozen=True, slots=True)
class Link:
    label: str
    href: str
    active: bool


@dataclass(frozen=True, slots=True)
class Item:
    id: int
    kind: str
    title: str
    summary: str
    author: str
    featured: bool
    tags: tuple[str, ...]
    data: dict[str, str | int]


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    user: str
    nav: tuple[Link, ...]
    items: tuple[Item, ...]


def make_page(count: int = 50) -> Page:
    """A page of ``count`` items, deterministic; every third title is hostile."""
    nav = (
        Link("Home", "/", True),
        Link("Items", "/items", False),
        Link("Search", "/search?q=fish&sort=new", False),
        Link("About <us>", "/about", False),
        Link("Contact", "mailto:team@example.com", False),
    )
    items = tuple(
        Item(
            id=i,
            kind=KINDS[i % len(KINDS)],
            title=HOSTILE if i % 3 == 0 else f"Item number {i}",
            summary=f'Summary of item {i}: fish & chips, {i} < {i + 1}, "quoted" text.',
            author="O'Brien & Sons" if i % 2 else "Ada",
            featured=i % 5 == 0,
            tags=tuple(f"tag-{(i + k) % 7}" for k in range(3)),
            data={"id": i, "kind": KINDS[i % len(KINDS)], "author": f"user <{i}>"},
        )
        for i in range(count)
    )
    return Page(f"Items & more ({count})", 'Mallory "<b>" O\'Hara', nav, items)


# -- htmltemplates and tdom: components are functions returning templates ------------------


def nav_link(link: Link) -> Template:
    classes = ["nav", "active" if link.active else None]
    return t"<a href={link.href} class={classes}>{link.label}</a>"


def card(item: Item) -> Template:
    return t"""<article class="card {item.kind}" data={item.data}>
  <h2><a href="/items/{item.id}" title={item.title}>{item.title}</a></h2>
  <span class={["badge", "featured" if item.featured else None]}>{item.kind}</span>
  <p>{item.summary}</p>
  <p class="byline">by {item.author}</p>
  <ul class="tags">{[t"<li>{tag}</li>" for tag in item.tags]}</ul>
</article>
"""


def layout(page: Page, content: Template) -> Template:
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{page.title} - Example</title>
</head>
<body>
  <header>
    <nav>{[nav_link(link) for link in page.nav]}</nav>
    <p>Signed in as {page.user}</p>
  </header>
  <main>{content}</main>
  <footer><p>&copy; Example &amp; friends</p></footer>
</body>
</html>
"""


def page_template(page: Page) -> Template:
    return layout(page, t"<h1>{page.title}</h1>{[card(item) for item in page.items]}")


def render_htmltemplates(page: Page) -> str:
    return html(page_template(page))


def render_tdom(page: Page) -> str:
    return tdom_html(page_template(page))


# -- baseline: the same components as f-strings, every value through markupsafe.escape -----


def nav_link_baseline(link: Link) -> str:
    classes = " ".join(c for c in ("nav", "active" if link.active else None) if c)
    return f'<a href="{escape(link.href)}" class="{escape(classes)}">{escape(link.label)}</a>'


def card_baseline(item: Item) -> str:
    data = "".join(f' data-{key}="{escape(value)}"' for key, value in item.data.items())
    badge = " ".join(c for c in ("badge", "featured" if item.featured else None) if c)
    tags = "".join([f"<li>{escape(tag)}</li>" for tag in item.tags])
    return f"""<article class="card {escape(item.kind)}"{data}>
  <h2><a href="/items/{escape(item.id)}" title="{escape(item.title)}">{escape(item.title)}</a></h2>
  <span class="{escape(badge)}">{escape(item.kind)}</span>
  <p>{escape(item.summary)}</p>
  <p class="byline">by {escape(item.author)}</p>
  <ul class="tags">{tags}</ul>
</article>
"""


def layout_baseline(page: Page, content: str) -> str:
    nav = "".join([nav_link_baseline(link) for link in page.nav])
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{escape(page.title)} - Example</title>
</head>
<body>
  <header>
    <nav>{nav}</nav>
    <p>Signed in as {escape(page.user)}</p>
  </header>
  <main>{content}</main>
  <footer><p>&copy; Example &amp; friends</p></footer>
</body>
</html>
"""


def render_baseline(page: Page) -> str:
    cards = "".join([card_baseline(item) for item in page.items])
    return layout_baseline(page, f"<h1>{escape(page.title)}</h1>{cards}")


# -- Jinja2: a layout to extend, components as imported macros -----------------------------

JINJA_SOURCES = {
    "components.html": """\
{% macro nav_link(link) -%}
<a href="{{ link.href }}" class="nav{% if link.active %} active{% endif %}">{{ link.label }}</a>
{%- endmacro %}
{% macro card(item) -%}
<article class="card {{ item.kind }}"
  {%- for key, value in item.data.items() %} data-{{ key }}="{{ value }}"{% endfor %}>
  <h2><a href="/items/{{ item.id }}" title="{{ item.title }}">{{ item.title }}</a></h2>
  <span class="badge{% if item.featured %} featured{% endif %}">{{ item.kind }}</span>
  <p>{{ item.summary }}</p>
  <p class="byline">by {{ item.author }}</p>
  <ul class="tags">{% for tag in item.tags %}<li>{{ tag }}</li>{% endfor %}</ul>
</article>
{% endmacro %}
""",
    "layout.html": """\
{% import "components.html" as c %}<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{{ page.title }} - Example</title>
</head>
<body>
  <header>
    <nav>{% for link in page.nav %}{{ c.nav_link(link) }}{% endfor %}</nav>
    <p>Signed in as {{ page.user }}</p>
  </header>
  <main>{% block content %}{% endblock %}</main>
  <footer><p>&copy; Example &amp; friends</p></footer>
</body>
</html>
""",
    "page.html": """\
{% extends "layout.html" %}
{% import "components.html" as c %}
{% block content %}<h1>{{ page.title }}</h1>
{% for item in page.items %}{{ c.card(item) }}{% endfor %}
{% endblock %}
""",
}


def setup() -> Renderers:
    page = make_page()
    env = Environment(loader=DictLoader(JINJA_SOURCES), autoescape=True, undefined=StrictUndefined)
    template = env.get_template("page.html")
    return {
        "baseline": lambda: render_baseline(page),
        "htmltemplates": lambda: render_htmltemplates(page),
        "jinja2": lambda: template.render(page=page),
        "tdom": lambda: render_tdom(page),
    }


WORKLOAD = Workload(
    name="page",
    description="a document: layout, nav, 50 cards with class lists, data-* dicts, hrefs, "
    "hostile text",
    document=True,
    setup=setup,
)
