"""bench/floor.py renders nested-tags by hand; its ratio is quoted only if it renders the same
HTML as html() (it checks that before timing, and so does this test, without timing)."""

from bench.floor import floor
from bench.workloads import nested, tags
from htmltemplates import html


def test_the_floor_renders_what_html_renders() -> None:
    labels = nested.make_labels()
    Tree = tags.Tree  # noqa: N806 - a component
    expected = html(t"<{Tree} labels={labels} />")
    assert expected == floor(labels)
    assert expected.count('<span class="leaf">') == nested.DEPTH * nested.LEAVES
    assert "leaf 9.2 &lt;&amp;&gt; &#39;x&#39;" in expected
