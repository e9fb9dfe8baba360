"""The plan cache: one compile per distinct template text, bounded, thread-safe, clearable."""

# The project writes `assert expected == actual` (GUIDE.md section 3), which SIM300 calls Yoda.

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from string.templatelib import Interpolation, Template

import pytest

import htmltemplates._render
from htmltemplates import TemplateSyntaxError, cache_info, clear_cache, html


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    clear_cache()
    yield
    clear_cache()


def compiles() -> int:
    return cache_info()[2]


def size() -> int:
    return cache_info()[0]


def greeting(name: str) -> str:
    return html(t"<p>Hello {name}!</p>")


def test_the_same_literal_compiles_once() -> None:
    assert (0, 0) == (size(), compiles())
    assert "<p>Hello Ann!</p>" == greeting("Ann")
    assert "<p>Hello &lt;Bob&gt;!</p>" == greeting("<Bob>")
    assert "<p>Hello Cy!</p>" == greeting("Cy")
    assert (1, 1) == (size(), compiles())


def test_nested_literals_compile_once_each() -> None:
    def listing(items: list[str]) -> str:
        return html(t"<ul>{[t'<li>{item}</li>' for item in items]}</ul>")

    assert "<ul><li>a</li><li>b</li></ul>" == listing(["a", "b"])
    assert "<ul><li>c</li></ul>" == listing(["c"])
    assert 2 == compiles()


def test_a_hand_built_template_with_equal_strings_shares_the_plan() -> None:
    assert "<p>Hello Ann!</p>" == greeting("Ann")
    built = Template("<p>Hello ", Interpolation("<Dee>", "name"), "!</p>")
    assert "<p>Hello &lt;Dee&gt;!</p>" == html(built)
    assert (1, 1) == (size(), compiles())


def test_different_strings_get_different_plans() -> None:
    x = "v"
    assert "<p>v</p>" == html(t"<p>{x}</p>")
    assert '<p title="v"></p>' == html(t'<p title="{x}"></p>')
    assert (2, 2) == (size(), compiles())


def test_cache_info_reports_the_bound() -> None:
    assert htmltemplates._render.MAX_PLANS == cache_info()[1]
    assert 4096 == cache_info()[1]


def test_clear_cache_empties_it_and_plans_are_rebuilt() -> None:
    greeting("Ann")
    html(Template("<b>", Interpolation(1, "n"), "</b>"))
    assert (2, 2) == (size(), compiles())
    clear_cache()
    assert (0, 0) == (size(), compiles())
    assert "<p>Hello Ann!</p>" == greeting("Ann")
    assert (1, 1) == (size(), compiles())


def test_the_bound_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(htmltemplates._render, "MAX_PLANS", 5)
    assert 5 == cache_info()[1]
    for n in range(50):
        template = Template(f'<p id="n{n}">', Interpolation(f"<{n}>", "value"), "</p>")
        assert f'<p id="n{n}">&lt;{n}&gt;</p>' == html(template)
        assert size() <= 5
    assert (5, 50) == (size(), compiles())


def test_an_evicted_plan_is_rebuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(htmltemplates._render, "MAX_PLANS", 2)
    assert "<p>Hello Ann!</p>" == greeting("Ann")
    for n in range(3):
        html(Template(f"<i>{n}", Interpolation(n, "n"), "</i>"))
    assert "<p>Hello Bo!</p>" == greeting("Bo")
    assert 2 == size()
    assert 5 == compiles()


def test_same_strings_different_conversions_share_a_plan_and_render_correctly() -> None:
    x = "<a'b>"
    assert "<p>&lt;a&#39;b&gt;</p>" == html(t"<p>{x}</p>")
    assert "<p>&#34;&lt;a&#39;b&gt;&#34;</p>" == html(t"<p>{x!r}</p>")
    assert "<p>&lt;a&#39;b&gt;</p>" == html(t"<p>{x!s}</p>")
    assert "<p>&lt;a&#39;b&gt;</p>" == html(t"<p>{x}</p>")
    assert (1, 1) == (size(), compiles())


def test_same_strings_different_format_specs_share_a_plan_and_render_correctly() -> None:
    x = 3.14159
    assert "<p>3.14159</p>" == html(t"<p>{x}</p>")
    assert "<p>3.14</p>" == html(t"<p>{x:.2f}</p>")
    assert "<p>   3.1</p>" == html(t"<p>{x:6.1f}</p>")
    assert "<p>3.14159</p>" == html(t"<p>{x}</p>")
    assert (1, 1) == (size(), compiles())


def test_conversion_and_spec_in_attributes_with_a_shared_plan() -> None:
    x = 0.5
    assert '<p title="0.5"></p>' == html(t'<p title="{x}"></p>')
    assert '<p title="50%"></p>' == html(t'<p title="{x:.0%}"></p>')
    assert 1 == compiles()


def test_a_failing_compile_is_not_cached() -> None:
    tag = "p"

    def render() -> str:
        return html(t"<{tag}>")

    for _ in range(3):
        with pytest.raises(TemplateSyntaxError):
            render()
        assert (0, 0) == (size(), compiles())


def test_a_failing_render_keeps_its_plan() -> None:
    def render(value: object) -> str:
        return html(t"<p>{value}</p>")

    with pytest.raises(TypeError):
        render({"a": 1})
    assert "<p>ok</p>" == render("ok")
    assert 1 == compiles()


def test_threads_render_shared_and_distinct_templates() -> None:
    threads = 8
    rounds = 200
    barrier = threading.Barrier(threads, timeout=30)

    def work(worker: int) -> list[tuple[str, str]]:
        barrier.wait()
        results = []
        for n in range(rounds):
            name = f"<w{worker}-{n}>"
            results.append((f"<p>Hello &lt;w{worker}-{n}&gt;!</p>", greeting(name)))
            distinct = Template(f"<b data-w={worker}>", Interpolation(n, "n"), f"/{n % 7}</b>")
            results.append((f"<b data-w={worker}>{n}/{n % 7}</b>", html(distinct)))
            if n % 50 == 0:
                clear_cache()
        return results

    with ThreadPoolExecutor(threads) as pool:
        outcomes = list(pool.map(work, range(threads)))
    for results in outcomes:
        for expected, actual in results:
            assert expected == actual
    assert size() <= cache_info()[1]


def test_threads_share_one_bounded_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(htmltemplates._render, "MAX_PLANS", 16)
    threads = 8
    barrier = threading.Barrier(threads, timeout=30)

    def work(worker: int) -> bool:
        barrier.wait()
        ok = True
        for n in range(300):
            key = (worker * 7 + n) % 40  # overlapping keys across threads
            template = Template(f"<i>{key}:", Interpolation(worker, "w"), "</i>")
            ok &= f"<i>{key}:{worker}</i>" == html(template)
            ok &= size() <= 16
        return ok

    with ThreadPoolExecutor(threads) as pool:
        assert [True] * threads == list(pool.map(work, range(threads)))
    assert size() <= 16
