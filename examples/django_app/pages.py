"""The example's pages: functions that return t-strings.

``home`` is a template of the htmltemplates backend (``TemplateView`` names it
``"examples.django_app.pages:home"``); the others are called by the views.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from string.templatelib import Template

from django.http import HttpRequest
from django.urls import reverse

from htmltemplates.integrations.django import csrf_input, messages, static

from .forms import OrderForm


def layout(request: HttpRequest, title: str, body: Template, scripts: Template = t"") -> Template:
    """The page around ``body``: head, navigation, the messages, footer, then the page's own
    ``scripts``.

    ``static()`` gives a TrustedResourceURL, what a stylesheet's ``href`` needs; the inline
    ``<script>`` elements get the request's CSP nonce from HTMLTemplatesMiddleware, so the
    strict policy of the settings runs them.
    """
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} · Shop</title>
  <link rel="stylesheet" href={static("site.css")}>
</head>
<body>
<header><a href={reverse("home")}>Shop</a> · <a href={reverse("order")}>Order</a>
  · <a href={reverse("catalogue")}>Catalogue</a></header>
<main>
{messages(request)}
{body}
</main>
<footer>Made with htmltemplates and Django.</footer>
<script>document.body.dataset.ready = "yes";</script>
{scripts}
</body>
</html>
"""


def home(*, request: HttpRequest) -> Template:
    """The home page, a template of the backend: it takes the request, and none of the other
    variables TemplateView gives (``view``)."""
    body = t"""<h1>Welcome</h1>
<p>Order something, or browse the catalogue.</p>"""
    return layout(request, "Welcome", body)


def order(request: HttpRequest, form: OrderForm) -> Template:
    """The order form: Django renders the fields (and escapes what was typed), the template
    adds the CSRF input."""
    body = t"""<h1>Order</h1>
<form method="post" action={reverse("order")}>
{csrf_input(request)}
{form}
<button type="submit">Order</button>
</form>"""
    return layout(request, "Order", body)


def catalogue(request: HttpRequest, products: Iterable[tuple[str, Decimal]]) -> Template:
    """The catalogue: one row per product, streamed as ``products`` yields them. Its script
    counts the rows: it is rendered after them, in a later chunk, with the same nonce."""
    rows = (t"<tr><td>{name}</td><td>{price:.2f}</td></tr>" for name, price in products)
    body = t"""<h1>Catalogue</h1>
<table>
<thead><tr><th>Product</th><th>Price</th></tr></thead>
<tbody>{rows}</tbody>
</table>"""
    count = t"""<script>
document.body.dataset.rows = document.querySelectorAll("tbody tr").length;
</script>"""
    return layout(request, "Catalogue", body, count)


def hello(request: HttpRequest, name: str) -> Template:
    return layout(request, "Hello", t"<h1>Hello, {name}!</h1>")
