"""bench/floor.py renders nested-tags, library and app by hand; a floor's ratio is quoted only if
it renders the same HTML as html() (it checks that before timing, and so does this test, without
timing)."""

from collections.abc import Callable

import pytest

import bench.floor
from bench.floor import FLOORS, app_floor, floor, library_floor, main
from bench.workloads import app, library, nested, tags
from htmltemplates import html


def test_the_floor_renders_what_html_renders() -> None:
    labels = nested.make_labels()
    Tree = tags.Tree  # noqa: N806 - a component
    expected = html(t"<{Tree} labels={labels} />")
    assert expected == floor(labels)
    assert expected.count('<span class="leaf">') == nested.DEPTH * nested.LEAVES
    assert "leaf 9.2 &lt;&amp;&gt; &#39;x&#39;" in expected


def test_the_library_floor_renders_what_html_renders() -> None:
    products = library.make_products()
    Shop = library.Shop  # noqa: N806 - a component
    expected = html(t"<{Shop} products={products} />")
    assert expected == library_floor(products)
    assert expected.count('<section class="card card-') == len(products)
    # the badges of the products in stock only, the price as its format spec says
    assert expected.count('<span class="badge">') == sum(1 for p in products if p.stock)
    assert "Buy for 4.50 EUR" in expected
    assert "<dialog><h2>Delete Product 0 &lt;new&gt; &amp; co?</h2>" in expected


def test_the_app_floor_renders_what_html_renders() -> None:
    guestbook = app.make_guestbook()
    expected = html(app.page(guestbook))
    assert expected == app_floor(guestbook)
    assert expected.count('<li class="entry"') == len(guestbook.entries)
    assert 'href="about:invalid#htmltemplates"' in expected  # the javascript: websites
    assert 'event.target.textContent =  "Refreshing…" ;\n' in expected  # the script's label
    assert f'<input type="hidden" name="csrf_token" value="{app.CSRF_TOKEN}">' in expected
    assert 'required autocomplete="name" aria-invalid="true" aria-describedby="name-error">' in (
        expected
    )


def test_each_floor_is_timed_with_its_baseline_and_html() -> None:
    for name, make in FLOORS.items():
        baseline, hand, ours = make()
        assert hand() == ours(), name
        assert baseline() == ours(), name  # the workloads' baselines match html() byte for byte


def test_the_command_times_the_workloads_it_is_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Which rows are timed, against what, and under which headings; print_row (the timing)
    is replaced by one that renders each side once and prints the row's name."""
    rows: list[tuple[str, str, str]] = []

    def row(name: str, baseline: Callable[[], str], ours: Callable[[], str], **_: object) -> None:
        rows.append((name, baseline(), ours()))
        print(name)

    monkeypatch.setattr(bench.floor, "print_row", row)
    assert main(["--workload", "library"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["floor", "htmltemplates"]
    products = library.make_products()
    Shop = library.Shop  # noqa: N806 - a component
    expected = html(t"<{Shop} products={products} />")
    assert rows == [
        ("floor", library.render_baseline(products), expected),
        ("htmltemplates", library.render_baseline(products), expected),
    ]
    assert main([]) == 0  # all three, each under its name
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == [
        *("nested-tags", "floor", "htmltemplates"),
        *("library", "floor", "htmltemplates"),
        *("app", "floor", "htmltemplates"),
    ]
