"""The public surface: what html() returns, how it nests, what the package exports."""

# The project writes `assert expected == actual` (expected first), which SIM300 calls Yoda.

import re
from collections.abc import Iterator
from string.templatelib import Template

import jinja2
import markupsafe
import pytest

import htmltemplates
from htmltemplates import Markup, html


def test_html_returns_markup() -> None:
    name = "Ann"
    result = html(t"<p>{name}</p>")
    assert Markup is type(result)
    assert "<p>Ann</p>" == result
    assert isinstance(result, str)


def test_html_of_a_template_without_holes_returns_markup() -> None:
    result = html(t"<hr>")
    assert Markup is type(result)
    assert "<hr>" == result


def test_markup_is_markupsafes() -> None:
    assert markupsafe.Markup is htmltemplates.Markup


def test_a_result_nests_in_a_template_without_double_escaping() -> None:
    evil = "<i>&"
    inner = html(t"<b>{evil}</b>")
    outer = html(t"<p>{inner}</p>")
    assert "<p><b>&lt;i&gt;&amp;</b></p>" == outer
    assert "<div><p><b>&lt;i&gt;&amp;</b></p></div>" == html(t"<div>{outer}</div>")


def test_results_in_a_list_nest_without_double_escaping() -> None:
    items = [html(t"<li>{x}</li>") for x in ("a&b", "<c>")]
    assert "<ul><li>a&amp;b</li><li>&lt;c&gt;</li></ul>" == html(t"<ul>{items}</ul>")


def test_a_result_nests_in_jinja2_without_double_escaping() -> None:
    env = jinja2.Environment(autoescape=True)
    evil = "<script>"
    card = html(t"<b>{evil}</b>")
    page = env.from_string("<div>{{ card }}{{ raw }}</div>").render(card=card, raw="<i>")
    assert "<div><b>&lt;script&gt;</b>&lt;i&gt;</div>" == page


def test_jinja2_markup_nests_in_our_templates() -> None:
    env = jinja2.Environment(autoescape=True)
    fragment = Markup(env.from_string("<i>{{ x }}</i>").render(x="&"))
    assert "<p><i>&amp;</i></p>" == html(t"<p>{fragment}</p>")


def test_markup_escape_of_a_result_is_a_no_op() -> None:
    x = "<&>"
    result = html(t"<p>{x}</p>")
    assert result == markupsafe.escape(result)


def test_all_is_sorted_and_every_name_exists() -> None:
    names = htmltemplates.__all__

    def order(name: str) -> tuple[int, str]:
        # isort-style, as ruff's RUF022 keeps it: CONSTANTS, then Classes, then functions
        if re.fullmatch(r"[A-Z0-9_]+", name):
            return (0, name)
        return (1 if name[0].isupper() else 2, name)

    assert sorted(names, key=order) == names
    assert len(set(names)) == len(names)
    for name in names:
        assert hasattr(htmltemplates, name), name


def test_all_names_the_public_api() -> None:
    assert {
        "AttributeRules",
        "CSP_NONCE",
        "CacheInfo",
        "HTML",
        "Markup",
        "Provider",
        "RenderError",
        "TemplateError",
        "TemplateSyntaxError",
        "TrustedResourceURL",
        "TrustedURL",
        "UNSAFE_CSS",
        "UNSAFE_URL",
        "attribute_rules",
        "cache_info",
        "clear_cache",
        "configure_cache",
        "csp_nonce",
        "explain",
        "html",
        "html_async",
        "script",
        "stream_html",
        "stream_html_async",
    } == set(htmltemplates.__all__)


def test_star_import_gives_all() -> None:
    namespace: dict[str, object] = {}
    exec("from htmltemplates import *", namespace)
    namespace.pop("__builtins__")
    assert set(htmltemplates.__all__) == set(namespace)


def test_sentinels() -> None:
    assert "about:invalid#htmltemplates" == htmltemplates.UNSAFE_URL
    assert "htmltemplates-unsafe" == htmltemplates.UNSAFE_CSS


# -- the issue's examples, to the character (issue #2, section 2) ----------------------------


def test_issue_example_escaped_script() -> None:
    evil = "<script>alert('evil')</script>"
    assert "<p>&lt;script&gt;alert(&#39;evil&#39;)&lt;/script&gt;</p>" == html(t"<p>{evil}</p>")


def test_issue_example_attribute_spread() -> None:
    attributes = {"src": "shrubbery.jpg", "alt": "looks nice"}
    assert '<img src="shrubbery.jpg" alt="looks nice" />' == html(t"<img {attributes} />")


@pytest.mark.parametrize(
    "template",
    [
        pytest.param(t"<p>{'x'}</p>", id="literal"),
        pytest.param(Template("<p>", "</p>"), id="hand-built-no-holes"),
    ],
)
def test_html_accepts_any_template(template: Template) -> None:
    assert Markup is type(html(template))


def test_provider_using_lazily_calls_its_function_once_when_first_asked() -> None:
    from htmltemplates import Provider  # noqa: PLC0415

    locale = Provider("locale", default="en")
    calls: list[str] = []

    def pick() -> str:
        calls.append("pick")
        return "fr"

    with locale.using_lazily(pick):
        assert [] == calls
        assert "<p>fr fr</p>" == html(t"<p>{locale.get()} {locale.get}</p>")
        assert ["pick"] == calls
    assert "en" == locale.get()


def test_a_registered_text_type_renders_as_its_str_everywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from htmltemplates import stream_html  # noqa: PLC0415
    from htmltemplates.runtime import values  # noqa: PLC0415

    class LazyText:
        """Like Django's lazy strings: iterable, not a str."""

        def __init__(self, text: str) -> None:
            self.text = text

        def __str__(self) -> str:
            return self.text

        def __iter__(self) -> Iterator[str]:
            return iter(self.text)

    label = LazyText("a<b")
    page = t"<p title={label} class={['x', label]}>{label}{[label]}</p>"
    assert '<p title="a &lt; b" class="x a &lt; b">a&lt;ba&lt;b</p>' == html(page)  # iterables
    monkeypatch.setattr(values, "TEXT_TYPES", ())
    values.register_text_type(LazyText)
    expected = '<p title="a&lt;b" class="x a&lt;b">a&lt;ba&lt;b</p>'
    assert expected == html(page)
    assert expected == "".join(stream_html(page))
