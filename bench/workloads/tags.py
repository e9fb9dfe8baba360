"""page-tags and nested-tags: the page and nested workloads with components written as tags.

The same documents as ``page`` and ``nested`` (same data, same baseline, same Jinja2
templates), but htmltemplates calls every component in the tag form,
``<{Card} item={item} />`` and ``<{Wrap} level={level}>...</{Wrap}>``: the props are checked
against each component's signature and the children become a Template. tdom is left out: its
component protocol is not the same.
"""

from __future__ import annotations

from collections.abc import Callable
from string.templatelib import Template

from bench.core import NotApplicable, Renderers, Workload
from bench.workloads import nested, page
from bench.workloads.nested import Labels
from bench.workloads.page import Item, Link, Page
from htmltemplates import html

__all__ = ["NESTED", "PAGE"]

_TDOM = NotApplicable("tdom calls components written as tags with other rules")


# -- page ----------------------------------------------------------------------------------------


def NavLink(*, link: Link) -> Template:  # noqa: N802 - components are named like classes
    classes = ["nav", "active" if link.active else None]
    return t"<a href={link.href} class={classes}>{link.label}</a>"


def Card(*, item: Item) -> Template:  # noqa: N802
    return page.card(item)


def Layout(*, page: Page, children: Template) -> Template:  # noqa: N802
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{page.title} - Example</title>
</head>
<body>
  <header>
    <nav>{[t"<{NavLink} link={link} />" for link in page.nav]}</nav>
    <p>Signed in as {page.user}</p>
  </header>
  <main>{children}</main>
  <footer><p>&copy; Example &amp; friends</p></footer>
</body>
</html>
"""


def PageView(*, page: Page) -> Template:  # noqa: N802
    return t"""<{Layout} page={page}><h1>{page.title}</h1>{
        [t"<{Card} item={item} />" for item in page.items]
    }</{Layout}>"""


def _setup_page() -> Renderers:
    renderers = dict(page.setup())
    data = page.make_page()
    renderers["htmltemplates"] = lambda: html(t"<{PageView} page={data} />")
    renderers["tdom"] = _TDOM
    return renderers


# -- nested --------------------------------------------------------------------------------------


def Leaf(*, text: str) -> Template:  # noqa: N802
    return t'<span class="leaf">{text}</span>'


def Wrap(*, level: int, children: Template) -> Template:  # noqa: N802
    return t'<div class="level-{level}">{children}</div>'


def Tree(*, labels: Labels, level: int = 0) -> Template:  # noqa: N802
    leaves = [t"<{Leaf} text={text} />" for text in labels[level]]
    inner = t"<{Tree} labels={labels} level={level + 1} />" if level + 1 < len(labels) else None
    return t"<{Wrap} level={level}>{leaves}{inner}</{Wrap}>"


def _setup_nested() -> Renderers:
    renderers = dict(nested.setup())
    labels = nested.make_labels()
    render: Callable[[], str] = lambda: html(t"<{Tree} labels={labels} />")  # noqa: E731
    renderers["htmltemplates"] = render
    renderers["tdom"] = _TDOM
    return renderers


PAGE = Workload(
    name="page-tags",
    description="page, with every component written as a tag: <{Card} item={item} />",
    document=True,
    setup=_setup_page,
)

NESTED = Workload(
    name="nested-tags",
    description="nested, with every component written as a tag: <{Wrap} level={n}>...</{Wrap}>",
    document=False,
    setup=_setup_nested,
)
