"""``python -m bench.floor``: how fast nested-tags, library and app could be at best, next to
the baseline.

For each of these workloads, a renderer written by hand for exactly its templates: it runs the
workload's own code as html() would (the components and their t-strings, each component called
with the props its tag gives and the children Template html() builds; for app, the guestbook's
own functions that make the page), and turns each result into HTML with the escaper html() uses
for each value's context (escape_text for text and attribute values, filter_url for a URL,
js_value for a JavaScript value), and does nothing else (no plan lookup, no generic dispatch on
a value's type, no check of a component's signature, no error handling). Whatever html() does,
it cannot do less than that; the paired ratio of this floor to the baseline says how much of the
baseline's time the workload's own code and the least rendering already take.

nested-tags runs the user code of ``bench/workloads/tags.py``: per level it builds 10 templates
(3 ``<{Leaf} />`` tags, 3 leaf results, the ``<{Tree} />`` and ``<{Wrap}>`` tags, the Template
of Wrap's children and Wrap's result) where the baseline builds 4 f-strings. library is the
component library of ``bench/workloads/library.py`` (Layout, 16 Cards with Buttons and Badges,
a Dialog); app the guestbook page of ``bench/workloads/app.py``. Each floor is checked to render
exactly what html() renders before it is timed.

    PYTHONPATH=. python -m bench.floor --rounds 21
    PYTHONPATH=. python -m bench.floor --workload library --workload app
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from string.templatelib import Interpolation, Template
from typing import Any

from bench.ratio import print_row
from bench.workloads import app, library, nested, tags
from htmltemplates import html
from htmltemplates.runtime.escapers import escape_text as _text  # html()'s, for text and attributes
from htmltemplates.runtime.escapers import filter_url, keep_first_newline
from htmltemplates.runtime.javascript import js_value

__all__ = ["FLOORS", "app_floor", "floor", "library_floor", "main"]

# -- nested-tags: bench/workloads/tags.py -------------------------------------------------------


def _leaf_tag(template: Template) -> str:  # t"<{Leaf} text={text} />"
    component, text = template.interpolations
    result = component.value(text=text.value)
    (value,) = result.interpolations  # <span class="leaf">{text}</span>
    return f'<span class="leaf">{_text(value.value)}</span>'


def _tree_tag(template: Template) -> str:  # t"<{Tree} labels={labels} level={level + 1} />"
    component, labels, level = template.interpolations
    return _wrap_tag(component.value(labels=labels.value, level=level.value))


def _wrap_tag(template: Template) -> str:  # t"<{Wrap} level={level}>{leaves}{inner}</{Wrap}>"
    component, level, leaves, inner, _close = template.interpolations
    result = component.value(level=level.value, children=Template(leaves, inner))
    level_value, children = result.interpolations  # <div class="level-{level}">{children}</div>
    return f'<div class="level-{level_value.value}">{_children(children.value)}</div>'


def _children(template: Template) -> str:  # {leaves}{inner}
    leaves, inner = template.interpolations
    rendered = "".join([_leaf_tag(leaf) for leaf in leaves.value])
    return rendered if inner.value is None else rendered + _tree_tag(inner.value)


def floor(labels: Any) -> str:
    """The HTML of ``html(t"<{Tree} labels={labels} />")``, rendered by hand."""
    return _wrap_tag(tags.Tree(labels=labels))


# -- library: bench/workloads/library.py --------------------------------------------------------


def library_floor(products: tuple[library.Product, ...]) -> str:
    """The HTML of ``html(t"<{Shop} products={products} />")``, rendered by hand."""
    # <{Layout} title="All products" head={head}>...{cards}...<{Dialog} ...>...</{Layout}>
    layout, head, cards, dialog, name, close, _end = library.Shop(products=products).interpolations
    children = Template(
        "\n<h1>All products</h1>\n",
        cards,
        "\n<",
        dialog,
        ' title="Delete ',
        name,
        '?"><p>This cannot be undone.</p></',
        close,
        ">\n",
    )
    result = layout.value(title="All products", head=head.value, children=children)
    title, head, sidebar, main = result.interpolations
    (meta,) = head.value.interpolations  # <meta name="description" content={products[0].name}>
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{_text(title.value)} - Shop</title>\
<meta name="description" content="{_text(meta.value)}"></head>
<body>
<aside>{sidebar.value.strings[0]}</aside>
<main>{_shop_main(main.value)}</main>
</body>
</html>
"""


def _shop_main(template: Template) -> str:  # the children of Layout
    cards, dialog, name, _close = template.interpolations
    rendered = "".join([_product_card(card) for card in cards.value])  # in the order of html()
    result = dialog.value(
        title=f"Delete {name.value}?", children=Template("<p>This cannot be undone.</p>")
    )
    title, children, footer = result.interpolations  # Dialog's, footer its default
    button, _close = footer.value.interpolations  # <{Button}>Close</{Button}>
    kind, close = button.value(children=Template("Close")).interpolations
    return (
        f"\n<h1>All products</h1>\n{rendered}\n<dialog><h2>{_text(title.value)}</h2>"
        f"{children.value.strings[0]}<footer>{_button(kind, close.value.strings[0])}</footer>"
        "</dialog>\n"
    )


def _product_card(template: Template) -> str:  # t"<{ProductCard} p={p} />"
    component, p = template.interpolations
    # <{Card} title={p.name} tone={p.tone} footer={footer}><p>{p.blurb}</p><{Badge} ... /></{Card}>
    card, title, tone, footer, blurb, badge, stock, _close = component.value(
        p=p.value
    ).interpolations
    children = Template("<p>", blurb, "</p><", badge, " count=", stock, " />")
    result = card.value(title=title.value, tone=tone.value, footer=footer.value, children=children)
    tone, title, children, footer = result.interpolations
    blurb, badge, stock = children.value.interpolations
    shown = badge.value(count=stock.value)  # <span class="badge">{count} left</span> or None
    left = (
        "" if shown is None else f'<span class="badge">{shown.interpolations[0].value} left</span>'
    )
    return f"""<section class="card card-{_text(tone.value)}"><h2>{_text(title.value)}</h2>
<p>{_text(blurb.value)}</p>{left}
<footer>{_card_footer(footer.value)}</footer></section>
"""


def _card_footer(template: Template) -> str:
    # <{Button} kind=primary>Buy for {p.price:.2f} EUR</{Button}><{Button}>Save</{Button}>
    buy, price, _close, save, _end = template.interpolations
    bought = buy.value(kind="primary", children=Template("Buy for ", price, " EUR"))
    kind, children = bought.interpolations
    (price,) = children.value.interpolations
    buy_text = f"Buy for {_text(format(price.value, price.format_spec))} EUR"
    save_kind, save_children = save.value(children=Template("Save")).interpolations
    return _button(kind, buy_text) + _button(save_kind, save_children.value.strings[0])


def _button(kind: Interpolation[Any], children: str) -> str:
    return f'<button class="btn btn-{_text(kind.value)}" type=button>{children}</button>'


# -- app: bench/workloads/app.py, the guestbook's page --------------------------------------------


def app_floor(guestbook: app.Guestbook) -> str:
    """The HTML of ``html(page(guestbook))``, rendered by hand."""
    title, css, htmx, index, messages, body = app.page(guestbook).interpolations
    form, entries, script = body.value.interpolations  # entry_form's, entry_list's, the script
    # messages: flashed_messages() gives t"", no message was flashed
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="htmx-config" content='{{"allowEval": false, "includeIndicatorStyles": false}}'>
  <title>{_text(title.value)}</title>
  <link rel="stylesheet" href="{_text(str.__str__(css.value))}">
  <script src="{_text(str.__str__(htmx.value))}" defer></script>
</head>
<body>
<header><a href="{_url(index.value)}">Guestbook</a></header>
<main>
{messages.value.strings[0]}
<h1>Guestbook</h1>
<p>Leave a message for the next visitors.</p>
{_entry_form(form.value)}
{_entry_list(entries.value)}
{_refresh_script(script.value)}
</main>
<footer>Made with htmltemplates and Flask.</footer>
</body>
</html>
"""


def _entry_form(template: Template) -> str:
    sign, csrf, name, message, website = template.interpolations
    return f"""<form class="sign" method="post" action="{_url(sign.value)}">
{_csrf_input(csrf.value)}
<h2>Sign the guestbook</h2>
{_field(name.value, _name_input)}
{_field(message.value, _message_textarea)}
{_field(website.value, _website_input)}
<button type="submit">Sign</button>
</form>"""


def _csrf_input(template: Template) -> str:  # t'<input type="hidden" name={name} value={token}>'
    name, token = template.interpolations
    return f'<input type="hidden" name="{_text(name.value)}" value="{_text(token.value)}">'


def _field(template: Template, control: Callable[[Template], str]) -> str:
    classes, name, label, control_template, error = template.interpolations
    first, conditions = classes.value  # ["field", {"has-error": error}]
    names = " ".join([first, *[key for key, on in conditions.items() if on]])
    message = "" if error.value is None else _error(error.value)
    return f"""<div class="{_text(names)}">
  <label for="{_text(name.value)}">{_text(label.value)}</label>
  {control(control_template.value)}
  {message}
</div>"""


def _error(template: Template) -> str:  # t'<p class="error" id="{name}-error">{error}</p>'
    name, error = template.interpolations
    # the draft's errors are messages without holes (Draft.errors)
    return f'<p class="error" id="{_text(name.value)}-error">{error.value.strings[0]}</p>'


def _aria(spread: dict[str, Any]) -> str:
    """The spread of invalid(): {} or {"aria": {"invalid": True, "describedby": ...}}; a spread
    that writes nothing takes the space before it with it."""
    if not spread:
        return ""
    return "".join(
        [
            f' aria-{name}="{"true" if value is True else _text(value)}"'
            for name, value in spread["aria"].items()
        ]
    )


def _name_input(template: Template) -> str:
    value, maxlength, spread = template.interpolations
    return f"""<input id="name" name="name" value="{_text(value.value)}" \
maxlength="{maxlength.value}"
    required autocomplete="name"{_aria(spread.value)}>"""


def _message_textarea(template: Template) -> str:
    maxlength, spread, text = template.interpolations
    return f"""<textarea id="message" name="message" rows="4" maxlength="{maxlength.value}"
    required{_aria(spread.value)}>{keep_first_newline(_text(text.value))}</textarea>"""


def _website_input(template: Template) -> str:
    value, maxlength, spread = template.interpolations
    return f"""<input id="website" name="website" value="{_text(value.value)}"
    maxlength="{maxlength.value}" placeholder="https://..."{_aria(spread.value)}>"""


def _entry_list(template: Template) -> str:
    count, url, items = template.interpolations
    (entries,) = items.value.interpolations  # <ol class="entries">\n{[entry_item(...)]}</ol>
    return f"""<section id="entries">
<h2>{_text(count.value)}</h2>
<button type="button" data-refresh hx-get="{_url(url.value)}" hx-target="#entries"
  hx-swap="outerHTML">Refresh</button>
<ol class="entries">
{"".join([_entry_item(item) for item in entries.value])}</ol>
</section>"""


def _refresh_script(template: Template) -> str:
    # the hole stands in JavaScript code, not in a string literal: html() writes the label as
    # a JavaScript value (js_value), which nothing in it can leave
    (label,) = template.interpolations
    return f"""<script>
document.addEventListener("htmx:beforeRequest", (event) => {{
  if (event.target.matches("[data-refresh]")) event.target.textContent = {js_value(label.value)};
}});
</script>"""


def _entry_item(template: Template) -> str:  # examples/guestbook/components.py, entry_item
    number, name, website, created, written, message = template.interpolations
    link = website.value  # "" or t' · <a href={entry.website} rel="nofollow ugc">...</a>'
    if link.__class__ is Template:
        href, text = link.interpolations
        link = f' · <a href="{_url(href.value)}" rel="nofollow ugc">{_text(text.value)}</a>'
    else:
        link = _text(link)
    return f"""<li class="entry" id="entry-{number.value}">
  <p class="byline"><strong>{_text(name.value)}</strong>{link}
    · <time datetime="{_text(created.value)}">{_text(written.value)} UTC</time></p>
  <p class="message">{_text(message.value)}</p>
</li>
"""


def _url(url: str) -> str:  # an href or action: the URL check of html(), then escaped
    return _text(filter_url(url))


# -- the command ---------------------------------------------------------------------------------

Renderings = tuple[Callable[[], str], Callable[[], str], Callable[[], str]]


def _nested_tags() -> Renderings:
    labels = nested.make_labels()
    Tree = tags.Tree  # noqa: N806 - a component
    return (
        lambda: nested.render_baseline(labels),
        lambda: floor(labels),
        lambda: html(t"<{Tree} labels={labels} />"),
    )


def _library() -> Renderings:
    products = library.make_products()
    Shop = library.Shop  # noqa: N806 - a component
    return (
        lambda: library.render_baseline(products),
        lambda: library_floor(products),
        lambda: html(t"<{Shop} products={products} />"),
    )


def _app() -> Renderings:
    guestbook = app.make_guestbook()
    return (
        lambda: app.render_baseline(guestbook),
        lambda: app_floor(guestbook),
        lambda: html(app.page(guestbook)),
    )


FLOORS: dict[str, Callable[[], Renderings]] = {
    "nested-tags": _nested_tags,
    "library": _library,
    "app": _app,
}
"""Each workload's (baseline, floor, htmltemplates), as bench.workloads sets them up."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.floor", description=__doc__)
    parser.add_argument(
        "--workload",
        action="append",
        choices=list(FLOORS),
        metavar="NAME",
        help="nested-tags, library or app (repeatable; default: all three)",
    )
    parser.add_argument("--rounds", type=int, default=21, help="pairs of samples (default 21)")
    parser.add_argument(
        "--target", type=float, default=0.03, help="seconds per sample (default 0.03)"
    )
    args = parser.parse_args(argv)
    names = list(dict.fromkeys(args.workload or FLOORS))
    renderings = {name: FLOORS[name]() for name in names}
    for name, (_baseline, hand, ours) in renderings.items():
        if hand() != ours():  # pragma: no cover - a broken floor must not be quoted
            raise SystemExit(f"{name}: the floor does not render what html() renders")
    print(f"{'renderer':<14} {'baseline':>10} {'time':>10} {'ratio':>7}  (IQR of the ratios)")
    for name, (baseline, hand, ours) in renderings.items():
        if len(names) > 1:
            print(name)
        for renderer, render in [("floor", hand), ("htmltemplates", ours)]:
            print_row(
                renderer,
                baseline,
                render,
                clock=time.process_time,
                rounds=args.rounds,
                target=args.target,
                width=14,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
