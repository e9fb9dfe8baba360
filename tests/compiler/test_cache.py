"""The plan cache: one compile per distinct template text, bounded in plans and in estimated
bytes, thread-safe (one compile per text however many threads ask at once), clearable."""

# The project writes `assert expected == actual` (expected first), which SIM300 calls Yoda.

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from string.templatelib import Interpolation, Template
from typing import Any

import pytest

import htmltemplates.runtime.cache as cache_module
from htmltemplates import (
    TemplateSyntaxError,
    cache_info,
    clear_cache,
    configure_cache,
    html,
)
from htmltemplates.compiler.plan import compile_template

# counts compiles and cache entries: not rendered again by tests/support/streamcheck.py
pytestmark = pytest.mark.no_streamcheck

MIB = 1024 * 1024


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # configure_cache() sets these: monkeypatch puts back what they were
    monkeypatch.setattr(cache_module, "MAX_PLANS", cache_module.MAX_PLANS)
    monkeypatch.setattr(cache_module, "MAX_BYTES", cache_module.MAX_BYTES)
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
    assert cache_module.MAX_PLANS == cache_info()[1]
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
    monkeypatch.setattr(cache_module, "MAX_PLANS", 5)
    assert 5 == cache_info()[1]
    for n in range(50):
        template = Template(f'<p id="n{n}">', Interpolation(f"<{n}>", "value"), "</p>")
        assert f'<p id="n{n}">&lt;{n}&gt;</p>' == html(template)
        assert size() <= 5
    assert (5, 50) == (size(), compiles())


def test_an_evicted_plan_is_rebuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_module, "MAX_PLANS", 2)
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
    monkeypatch.setattr(cache_module, "MAX_PLANS", 16)
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


# -- the bound in bytes ------------------------------------------------------------------------


def estimate() -> int:
    return cache_info().estimated_bytes


def page(n: int, static: int = 100) -> Template:
    """A template of its own (the static text names n) with ``static`` characters of text."""
    return Template(f"<p id=n{n}>" + "x" * static, Interpolation(n, "n"), "</p>")


def test_cache_info_reports_both_bounds_and_the_estimate() -> None:
    assert (0, 4096, 0, 0, 64 * MIB) == cache_info()
    greeting("Ann")
    one = estimate()
    assert (1, 4096, 1, one, 64 * MIB) == cache_info()
    assert one > 0
    html(page(1))
    both = estimate()
    clear_cache()
    assert (0, 0) == (size(), estimate())
    html(page(1))
    assert both == one + estimate()  # the estimate is the sum of the plans' estimates


def test_the_estimate_grows_with_the_template() -> None:
    estimates = []
    for static in (1_000, 10_000, 100_000):
        clear_cache()
        html(page(0, static))
        estimates.append(estimate())
        assert estimate() >= 2 * static  # the static text, in the key and in the plan's code
    assert estimates == sorted(set(estimates))


def test_the_byte_bound_evicts_the_oldest() -> None:
    html(page(0))
    each = estimate()
    clear_cache()
    configure_cache(max_bytes=3 * each + each // 2)
    for n in range(10):
        assert f"<p id=n{n}>{'x' * 100}{n}</p>" == html(page(n))
        assert estimate() <= 3 * each + each // 2
    assert (3, 3 * each, 10) == (size(), estimate(), compiles())
    html(page(9))  # among the newest three: still cached
    assert 10 == compiles()
    html(page(0))  # evicted: compiled again
    assert 11 == compiles()


def test_a_plan_larger_than_the_byte_bound_is_rendered_and_not_kept() -> None:
    configure_cache(max_bytes=1000)
    for _ in range(2):
        assert "<p>Hello Ann!</p>" == greeting("Ann")
    assert (0, 0, 2) == (size(), estimate(), compiles())


def test_configure_cache_evicts_past_the_new_bound_at_once() -> None:
    for n in range(5):
        html(page(n))
    configure_cache(max_plans=2)
    assert (2, 2, 5) == (size(), cache_info().bound, compiles())
    html(page(3))
    html(page(4))
    assert 5 == compiles()  # the newest two were kept
    assert 64 * MIB == cache_info().max_bytes  # a bound not given is left as it is


def test_configure_cache_with_zero_keeps_nothing() -> None:
    configure_cache(max_plans=0)
    assert "<p>Hello Ann!</p>" == greeting("Ann")
    assert (0, 1) == (size(), compiles())
    configure_cache(max_plans=10, max_bytes=0)
    assert "<p>Hello Bo!</p>" == greeting("Bo")
    assert (0, 2) == (size(), compiles())


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        pytest.param(
            {"max_plans": -1}, "configure_cache(max_plans=...) takes an int >= 0, not -1", id="-1"
        ),
        pytest.param(
            {"max_bytes": 1.5},
            "configure_cache(max_bytes=...) takes an int >= 0, not 1.5",
            id="float",
        ),
        pytest.param(
            {"max_bytes": True},
            "configure_cache(max_bytes=...) takes an int >= 0, not True",
            id="bool",
        ),
        pytest.param(
            {"max_plans": 10, "max_bytes": "1M"},
            "configure_cache(max_bytes=...) takes an int >= 0, not '1M'",
            id="str",
        ),
    ],
)
def test_configure_cache_refuses_what_is_no_bound(bounds: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=r"^configure_cache\(") as error:
        configure_cache(**bounds)
    assert message == str(error.value)
    assert (4096, 64 * MIB) == (cache_info().bound, cache_info().max_bytes)  # nothing changed


# -- concurrent first renders --------------------------------------------------------------------


def slow_compile(monkeypatch: pytest.MonkeyPatch, seconds: float = 0.05) -> list[int]:
    """Make each compile take ``seconds`` longer, so that threads rendering a new template at
    once all arrive while it compiles; the list returned counts the compiles started."""
    started: list[int] = []

    def compile_slowly(template: Template, stream: bool = False) -> Any:
        started.append(1)
        time.sleep(seconds)
        return compile_template(template, stream)

    monkeypatch.setattr("htmltemplates._api.compile_template", compile_slowly)
    return started


def render_at_once(templates: list[Template]) -> list[str | TemplateSyntaxError]:
    """Render each template in a thread of its own, all released at once."""
    barrier = threading.Barrier(len(templates), timeout=30)

    def render(template: Template) -> str | TemplateSyntaxError:
        barrier.wait()
        try:
            return html(template)
        except TemplateSyntaxError as error:
            return error

    with ThreadPoolExecutor(len(templates)) as pool:
        return list(pool.map(render, templates))


def test_threads_rendering_a_new_template_at_once_compile_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started = slow_compile(monkeypatch)
    template = Template("<p class=once>", Interpolation("<x>", "x"), "</p>")
    assert ["<p class=once>&lt;x&gt;</p>"] * 12 == render_at_once([template] * 12)
    assert (1, 1, 1) == (len(started), compiles(), size())
    assert {} == cache_module._flights


def test_different_templates_compile_in_parallel(monkeypatch: pytest.MonkeyPatch) -> None:
    # each compile waits for the other to have started: serial compiles would never meet
    met = threading.Barrier(2, timeout=10)

    def compile_meeting(template: Template, stream: bool = False) -> Any:
        met.wait()
        return compile_template(template, stream)

    monkeypatch.setattr("htmltemplates._api.compile_template", compile_meeting)
    templates = [Template(f"<p class=t{n}>", Interpolation(n, "n"), "</p>") for n in range(2)]
    assert ["<p class=t0>0</p>", "<p class=t1>1</p>"] == render_at_once(templates)
    assert 2 == compiles()


def test_a_failing_compile_fails_for_every_thread_waiting_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slow_compile(monkeypatch)
    faulty = Template("<p", Interpolation("x", "tag"), ">")
    errors = render_at_once([faulty] * 12)
    for error in errors:
        assert isinstance(error, TemplateSyntaxError)
        assert error.caller.startswith("test_cache.py, line ")
        assert (
            "interpolation inside a tag name\n"
            "\n"
            "    <p{tag}>\n"
            "      ^^^^^\n"
            f"  {error.caller}\n"
            "\n"
            "Write the tag name in the template, or make the whole name a component: <{Card} />. "
            "See docs/errors.md#tag-name "
            "(python -m htmltemplates doc tag-name)."
        ) == str(error)
    assert (0, 0) == (size(), compiles())
    assert {} == cache_module._flights


def test_a_plan_compiled_while_the_rules_change_is_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A compile that started under the old attribute rules renders its own call, but its plan
    is not cached: the next render compiles under the new rules."""
    from htmltemplates import attribute_rules  # noqa: PLC0415

    def compile_while_the_rules_change(template: Template, stream: bool = False) -> Any:
        compiled = compile_template(template, stream)
        attribute_rules.disable("alpine")  # another thread, at start-up, say
        return compiled

    template = t"<p x-show={'a'}>"
    monkeypatch.setattr("htmltemplates._api.compile_template", compile_while_the_rules_change)
    try:
        assert '<p x-show=" &#34;a&#34; ">' == html(template)
        monkeypatch.undo()
        assert 0 == size()
        assert '<p x-show="a">' == html(template)
    finally:
        attribute_rules.enable("alpine")
    assert '<p x-show=" &#34;a&#34; ">' == html(template)
