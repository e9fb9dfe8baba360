"""scripts: values in JavaScript, a page of 20 cart lines with its scripts.

A ``<script>`` with a dict (``const config = {cfg};``), a list, a number and strings as
JavaScript literals, a string in a string literal and in a template literal (``"{user}"``,
and ``Hello, {user}!`` between backticks); a ``<script type="application/json">`` with the
whole cart; and on each line ``onclick="select({line.id})"``, ``onclick="say('{line.name}')"``,
``hx-vals={{...}}`` (JSON) and ``x-data={{...}}`` (a JavaScript object). The baseline writes
literals with ``json.dumps`` and the escapes of ``bench/workloads/_hand.py``; Jinja2 uses
``tojson``, in single-quoted attributes where the value has double quotes. tdom is left out:
it refuses values in a script.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import Environment
from markupsafe import escape

from bench.core import NotApplicable, Renderers, Workload
from bench.workloads._hand import js_text, js_value
from htmltemplates import html

__all__ = ["WORKLOAD", "Cart", "make_cart"]


@dataclass(frozen=True, slots=True)
class Line:
    id: int
    name: str
    qty: int
    price: float


@dataclass(frozen=True, slots=True)
class Cart:
    user: str
    config: dict[str, object]
    lines: tuple[Line, ...]

    def payload(self) -> dict[str, object]:
        return {
            "user": self.user,
            "lines": [
                {"id": x.id, "name": x.name, "qty": x.qty, "price": x.price} for x in self.lines
            ],
        }


def make_cart(count: int = 20) -> Cart:
    lines = tuple(
        Line(id=i, name=f"Tea <{i}> & 'cake' {i % 3}", qty=1 + i % 4, price=2.5 + i * 0.25)
        for i in range(count)
    )
    config = {
        "endpoint": "/api/cart?v=2&fmt=json",
        "currency": "EUR",
        "retries": 3,
        "debug": False,
        "labels": {"empty": "Nothing here </script>", "total": "Total & tax"},
    }
    return Cart(user="Ada O'Brien <ada@example.com>", config=config, lines=lines)


# -- htmltemplates ---------------------------------------------------------------------------


def line(x: Line) -> Template:
    return t"""<li id="line-{x.id}" x-data={ {"open": False, "qty": x.qty} }>
  <button type=button onclick="select({x.id})">Select</button>
  <button type=button onclick="say('{x.name}')">Say</button>
  <button hx-post="/cart/update" hx-vals={ {"id": x.id, "qty": x.qty} }>{x.name}</button>
</li>
"""


def render_htmltemplates(c: Cart) -> str:
    ids = [x.id for x in c.lines]
    return html(t"""<script>
const config = {c.config};
const ids = {ids}, count = {len(ids)}, first = {c.lines[0].price};
const user = "{c.user}", greeting = `Hello, {c.user}!`;
</script>
<script type="application/json" id="cart">{c.payload()}</script>
<ul class="cart">
{[line(x) for x in c.lines]}</ul>""")


# -- baseline --------------------------------------------------------------------------------


def line_baseline(x: Line) -> str:
    data = escape(js_value({"open": False, "qty": x.qty}))
    vals = escape(js_value({"id": x.id, "qty": x.qty}).strip())
    return f"""<li id="line-{x.id}" x-data="{data}">
  <button type=button onclick="select({escape(js_value(x.id))})">Select</button>
  <button type=button onclick="say('{escape(js_text(x.name))}')">Say</button>
  <button hx-post="/cart/update" hx-vals="{vals}">{escape(x.name)}</button>
</li>
"""


def render_baseline(c: Cart) -> str:
    ids = [x.id for x in c.lines]
    lines = "".join([line_baseline(x) for x in c.lines])
    return f"""<script>
const config = {js_value(c.config)};
const ids = {js_value(ids)}, count = {js_value(len(ids))}, first = {js_value(c.lines[0].price)};
const user = "{js_text(c.user)}", greeting = `Hello, {js_text(c.user)}!`;
</script>
<script type="application/json" id="cart">{js_value(c.payload())}</script>
<ul class="cart">
{lines}</ul>"""


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCE = """<script>
const config =  {{ c.config|tojson }} ;
{% set ids = c.lines|map(attribute='id')|list -%}
const ids =  {{ ids|tojson }} , count =  {{ ids|length }} , first =  {{ c.lines[0].price|tojson }} ;
const user = {{ c.user|tojson }}, greeting = `Hello, {{ (c.user|tojson)[1:-1] }}!`;
</script>
<script type="application/json" id="cart">{{ c.payload()|tojson }}</script>
<ul class="cart">
{% for x in c.lines -%}
<li id="line-{{ x.id }}" x-data=' {{ {"open": false, "qty": x.qty}|tojson }} '>
  <button type=button onclick='select( {{ x.id|tojson }} )'>Select</button>
  <button type=button onclick="say('{{ (x.name|tojson)[1:-1] }}')">Say</button>
  <button hx-post="/cart/update" hx-vals='{{ {"id": x.id, "qty": x.qty}|tojson }}'>\
{{ x.name }}</button>
</li>
{% endfor %}</ul>"""


def setup() -> Renderers:
    cart = make_cart()
    env = Environment(autoescape=True)
    env.policies["json.dumps_kwargs"] = {"sort_keys": False, "ensure_ascii": False}
    template = env.from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(cart),
        "htmltemplates": lambda: render_htmltemplates(cart),
        "jinja2": lambda: template.render(c=cart),
        "tdom": NotApplicable("tdom refuses values inside a <script>"),
    }


WORKLOAD = Workload(
    name="scripts",
    description="values in <script> and JSON scripts, on* handlers, hx-vals, x-data",
    document=False,
    setup=setup,
    exact=True,
)
