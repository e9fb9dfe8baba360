"""A small shop page built from functions that return t-strings, printed to stdout.

Run it with ``python examples/app.py`` (``make demo`` runs the Flask guestbook in
examples/guestbook/). It renders the page and prints the HTML. The catalogue below holds
hostile data on purpose: a product name with a <script> in it, a ``javascript:`` link, quotes
in a search query.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from string.templatelib import Template

from htmltemplates import Markup, html


@dataclass(frozen=True, slots=True)
class Product:
    id: int
    name: str
    price: float
    url: str
    tags: tuple[str, ...] = ()
    stock: int = 0
    on_sale: bool = False


@dataclass(frozen=True, slots=True)
class Search:
    query: str = ""
    in_stock_only: bool = False
    sort: str = "name"


CATALOGUE = [
    Product(1, "Shrubbery (one that looks nice)", 12.5, "/products/1", ("garden", "knights"), 3),
    Product(2, 'Herring & "Sons" <cutlery>', 4.0, "https://example.com/herring", ("tools",), 0),
    Product(3, "<script>alert('pwned')</script>", 0.99, "javascript:alert(1)", stock=7),
    Product(4, "Holy Hand Grenade", 99, "/products/4", ("weapons", ""), 1, on_sale=True),
]

SORT_ORDERS = {"name": "Name", "price": "Price", "stock": "Stock"}


# -- components: plain functions that return templates ------------------------------------------


def layout(title: str, body: Template, *, user: str | None = None) -> Template:
    """The page around ``body``; ``title`` lands in <title> (RCDATA) and in an <h1>."""
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title} - Shrubbery Shop</title>
  <link rel="stylesheet" href="/static/shop.css">
</head>
<body>
{nav(user)}
<main>
  <h1>{title}</h1>
{body}
</main>
<!-- rendered for {user or "a guest"} -->
</body>
</html>
"""


def nav(user: str | None) -> Template:
    links = {"/": "Home", "/products": "Products", "/basket": "Basket"}
    return t"""<nav aria-label="Main">
  <ul>{[t"<li><a href={href}>{label}</a></li>" for href, label in links.items()]}</ul>
  {user and t"<p class=user>Signed in as <b>{user}</b></p>"}
</nav>"""


def badge(text: str, kind: str = "info") -> Template:
    return t"<span class={['badge', f'badge-{kind}']}>{text}</span>"


def price(amount: float) -> Template:
    return t'<span class="price" data-value="{amount}">${amount:.2f}</span>'


def product_card(product: Product) -> Template:
    classes = ["card", {"card-sale": product.on_sale, "card-empty": not product.stock}]
    return t"""  <li class={classes} data={ {"id": product.id, "stock": product.stock} }>
    <a href={product.url}>{product.name}</a> {price(product.price)}
    {product.on_sale and badge("Sale", "hot")}
    {not product.stock and badge("Out of stock", "muted")}
    <ul class="tags">{[t"<li>{tag}</li>" for tag in product.tags if tag]}</ul>
  </li>
"""


def product_list(products: Sequence[Product]) -> Template:
    if not products:
        return t"<p class=empty>No products match.</p>"
    return t'<ul class="products" aria-live="polite">\n{[product_card(p) for p in products]}</ul>'


def field_error(errors: Mapping[str, str], name: str) -> Template | None:
    message = errors.get(name)
    return t'<p class="error" id="{name}-error">{message}</p>' if message else None


def search_form(search: Search, errors: Mapping[str, str]) -> Template:
    query_attrs = {
        "aria": {"invalid": "query" in errors},
        "aria-describedby": "query-error" if "query" in errors else None,
    }
    options = [
        t"<option value={key} selected={key == search.sort}>{label}</option>"
        for key, label in SORT_ORDERS.items()
    ]
    return t"""<form action="/search" method="get" class={["search", {"has-errors": errors}]}>
  <label for="q">Search</label>
  <input id="q" name="q" type="search" value={search.query or None} required {query_attrs}>
  {field_error(errors, "query")}
  <label><input type="checkbox" name="in-stock" checked={search.in_stock_only}> In stock</label>
  <select name="sort">{options}</select>
  <button type="submit" disabled={not search.query}>Search</button>
</form>"""


# -- the page ------------------------------------------------------------------------------------


def page(search: Search, user: str | None = None) -> Markup:
    """The rendered search page: what a Flask view would return."""
    words = search.query.lower().split()
    found = [
        product
        for product in CATALOGUE
        if all(word in product.name.lower() for word in words)
        and (product.stock or not search.in_stock_only)
    ]
    found.sort(key=lambda product: getattr(product, search.sort))
    errors = {"query": f"Nothing matches {search.query}."} if not found else {}
    body = t"""{search_form(search, errors)}
<p>{len(found)} of {len(CATALOGUE)} products</p>
{product_list(found)}"""
    return html(layout("Search", body, user=user))


def main() -> None:
    print(page(Search(sort="price"), user="Arthur <King of the Britons>"))
    print(page(Search(query='"><img src=x onerror=alert(1)>', in_stock_only=True)))


if __name__ == "__main__":
    main()
