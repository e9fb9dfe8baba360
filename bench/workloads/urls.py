"""urls: URL attributes, in a 24-result search page.

A contact list of whole URLs, ``href={link.href}``: relative paths, https, mailto and tel (and
one javascript: URL, which becomes ``about:invalid#htmltemplates``); then each result with URL
parts, ``href="/items/{r.id}/{r.slug}?q={query}&page={page}#{r.anchor}"`` (the path, the query
and the fragment each percent-encoded for its part), ``src={r.image}`` (a whole URL) and
``src="/img/{r.slug}.png"``, and ``srcset`` as a whole string and as a list of
``(url, descriptor)`` pairs. The baseline filters schemes and percent-encodes with
``urllib.parse.quote`` by hand (``bench/workloads/_hand.py``); Jinja2 gets the same scheme
filter as a filter, and percent-encodes with its own ``urlencode``, which the data allows.
tdom is left out: it percent-encodes nothing and takes no list for ``srcset``.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from jinja2 import Environment
from markupsafe import escape

from bench.core import NotApplicable, Renderers, Workload
from bench.workloads._hand import query, safe_url, segment
from htmltemplates import html

__all__ = ["WORKLOAD", "Result", "Search", "make_search"]

LINKS = (
    ("Home", "/"),
    ("Docs", "docs/index.html#start"),
    ("Site", "https://example.com/about?lang=en&ref=nav"),
    ("Mail", "mailto:help@example.com?subject=Hi%20there"),
    ("Phone", "tel:+44-20-7946-0000"),
    ("Bad", "javascript:alert(1)"),
)


@dataclass(frozen=True, slots=True)
class Result:
    id: int
    slug: str
    title: str
    anchor: str
    image: str
    srcset: str
    sizes: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Search:
    query: str
    page: int
    links: tuple[tuple[str, str], ...]
    results: tuple[Result, ...]


def make_search(count: int = 24) -> Search:
    results = tuple(
        Result(
            id=i,
            slug=f"crème brûlée {i}" if i % 3 == 0 else f"item-{i}",
            title=f"Result {i}: <tea> & 'cake'",
            anchor=f"part {i % 4}",
            image=f"https://cdn.example/img/{i}.jpg?w=320&h=200" if i % 2 else f"/thumbs/{i}.jpg",
            srcset=f"/img/{i}-1x.png 1x, https://cdn.example/img/{i}.png?w=2 2x",
            sizes=((f"/img/{i} small.png", "320w"), (f"/img/{i},large.png", "640w")),
        )
        for i in range(count)
    )
    return Search(query="fish & chips <fresh>", page=2, links=LINKS, results=results)


# -- htmltemplates ---------------------------------------------------------------------------


def result(r: Result, s: Search) -> Template:
    return t"""<li>
  <a href="/items/{r.id}/{r.slug}?q={s.query}&page={s.page}#{r.anchor}">{r.title}</a>
  <img src={r.image} alt="" srcset={r.srcset}>
  <img src="/img/{r.slug}.png" alt="" srcset={r.sizes}>
</li>
"""


def render_htmltemplates(s: Search) -> str:
    return html(t"""<nav>{[t"<a href={href}>{label}</a>" for label, href in s.links]}</nav>
<form action="/search"><input name=q value={s.query}></form>
<ol class="results">
{[result(r, s) for r in s.results]}</ol>""")


# -- baseline --------------------------------------------------------------------------------


def result_baseline(r: Result, s: Search) -> str:
    slug, q, anchor = escape(segment(r.slug)), escape(query(s.query)), escape(segment(r.anchor))
    srcset = ", ".join(
        [
            f"{safe_url(url).replace(' ', '%20').replace(',', '%2C')} {descriptor}"
            for url, descriptor in r.sizes
        ]
    )
    return f"""<li>
  <a href="/items/{r.id}/{slug}?q={q}&page={s.page}#{anchor}">{escape(r.title)}</a>
  <img src="{escape(safe_url(r.image))}" alt="" srcset="{escape(r.srcset)}">
  <img src="/img/{slug}.png" alt="" srcset="{escape(srcset)}">
</li>
"""


def render_baseline(s: Search) -> str:
    links = "".join(
        [f'<a href="{escape(safe_url(href))}">{escape(label)}</a>' for label, href in s.links]
    )
    results = "".join([result_baseline(r, s) for r in s.results])
    return f"""<nav>{links}</nav>
<form action="/search"><input name=q value="{escape(s.query)}"></form>
<ol class="results">
{results}</ol>"""


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCE = """<nav>{% for label, href in s.links %}<a href="{{ href|safe_url }}">{{ label }}</a>
{%- endfor %}</nav>
<form action="/search"><input name=q value="{{ s.query }}"></form>
<ol class="results">
{% for r in s.results -%}
<li>
  <a href="/items/{{ r.id }}/{{ r.slug|urlencode }}?q={{ s.query|urlencode }}&page={{ s.page }}\
#{{ r.anchor|urlencode }}">{{ r.title }}</a>
  <img src="{{ r.image|safe_url }}" alt="" srcset="{{ r.srcset }}">
  <img src="/img/{{ r.slug|urlencode }}.png" alt="" srcset="
  {%- for url, descriptor in r.sizes %}{{ url|urlencode }} {{ descriptor }}
  {%- if not loop.last %}, {% endif %}{% endfor %}">
</li>
{% endfor %}</ol>"""


def setup() -> Renderers:
    search = make_search()
    env = Environment(autoescape=True)
    env.filters["safe_url"] = safe_url
    template = env.from_string(JINJA_SOURCE)
    return {
        "baseline": lambda: render_baseline(search),
        "htmltemplates": lambda: render_htmltemplates(search),
        "jinja2": lambda: template.render(s=search),
        "tdom": NotApplicable("tdom percent-encodes no URL part and takes no list for srcset"),
    }


WORKLOAD = Workload(
    name="urls",
    description="whole URLs (relative, https, mailto, tel), URL parts, src, srcset",
    document=False,
    setup=setup,
    exact=True,
)
