"""Compiling long templates: bench/compile.py keeps working (no timing is asserted anywhere), and
the plan of a long template, whose pieces are joined from functions of _CHUNK pieces each,
renders exactly what the one f-string of a short template renders."""

# The project writes `assert expected == actual` (expected first), which SIM300 calls Yoda.

from __future__ import annotations

import re
from collections.abc import Iterator
from string.templatelib import Interpolation, Template

import pytest
from hypothesis import given
from hypothesis import strategies as st
from suite import test_module

import htmltemplates.compiler.emit
from bench import compile as bench_compile
from htmltemplates import RenderError, TemplateError, TemplateSyntaxError, clear_cache, html
from htmltemplates.lang.css import CssPosition, CssState, css_holes
from htmltemplates.scan.bodies import _ends_in_partial_end_tag

test_attributes = test_module("test_attributes")
test_components = test_module("test_components")
test_contexts = test_module("test_contexts")
test_css = test_module("test_css")
test_spread = test_module("test_spread")
test_urls = test_module("test_urls")

# counts compiles and cache entries: not rendered again by tests/support/streamcheck.py
pytestmark = pytest.mark.no_streamcheck


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    clear_cache()
    yield
    clear_cache()


# -- the benchmark -------------------------------------------------------------------------------


def test_the_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == bench_compile.main(["--sizes", "4", "8", "--repeat", "1", "--rows", "2", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert ["shape", "n", "compile", "ratio"] == lines[0].split()
    shapes = len(bench_compile.SHAPES) * 2
    rows = [line.split()[:2] for line in lines[1 : 1 + shapes]]
    assert [[shape, n] for shape in bench_compile.SHAPES for n in ("4", "8")] == rows
    table = lines[1 + shapes :]
    assert ["table", "holes", "static", "first", "render", "per", "hole"] == table[0].split()[:7]
    assert [["2", "rows", "6"], ["3", "rows", "9"]] == [line.split()[:3] for line in table[1:]]


def test_the_table_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == bench_compile.main(["--table", "--rows", "1", "--repeat", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert 2 == len(lines)
    assert lines[0].startswith("table ")
    assert lines[1].startswith("   1 rows      3 ")


def test_the_hand_written_table() -> None:
    template, source, items = bench_compile.hand_table(500)
    assert 499 == items[-1]["id"]
    assert 1500 == len(template.interpolations)
    assert 53667 == sum(map(len, template.strings))
    assert "items[499].id" == template.interpolations[-1].expression
    assert "{{ items[499].id }}" in source
    row = (
        '      <tr class="row-odd">\n'
        '      <td class="name">Ada &lt;admin&gt; 1</td>\n'
        '      <td><a href="/items/1">open</a></td>\n'
        "      </tr>\n"
    )
    page = html(template)
    assert row in page
    assert page.endswith("    </table>\n  </body>\n</html>\n")
    assert '<td class="name">O&#39;Brien 2</td>' in page


SHAPES = [
    pytest.param("text-holes", "<p>x x x</p>", id="text-holes"),
    pytest.param(
        "style-calc",
        "<style>p { width: calc(calc(calc(1px + 2px))) }</style>",
        id="style-calc",
    ),
    pytest.param(
        "attribute-calc", '<p style="width: calc(calc(calc(1px + 2px)))">x</p>', id="attribute-calc"
    ),
    pytest.param(
        "style-holes", "<style>p { color: red; color: red; color: red }</style>", id="style-holes"
    ),
    pytest.param("script-holes", "<script>const a = [ 1 ,  1 ,  1 ];</script>", id="script-holes"),
    pytest.param("script-strings", '<script>const a = "x x x";</script>', id="script-strings"),
    pytest.param(
        "handler-holes", '<button onclick="f( 1 ,  1 ,  1 )">x</button>', id="handler-holes"
    ),
    pytest.param(
        "trigger-holes",
        '<div hx-trigger="click[ 1  &amp;&amp;  1  &amp;&amp;  1 ]">x</div>',
        id="trigger-holes",
    ),
]


@pytest.mark.parametrize(("shape", "expected"), SHAPES)
def test_each_shape_renders_what_it_says(shape: str, expected: str) -> None:
    assert expected == html(bench_compile.SHAPES[shape](3))


@pytest.mark.parametrize("shape", list(bench_compile.SHAPES))
def test_each_shape_compiles_once_at_a_larger_size(shape: str) -> None:
    n = 2 * htmltemplates.compiler.emit._CHUNK + 1
    template = bench_compile.SHAPES[shape](n)
    assert html(template) == html(template)
    assert 1 == htmltemplates.cache_info().compiles


# -- long templates ------------------------------------------------------------------------------

N = 300  # holes: 600 pieces, in 3 functions


class Counter:
    """Its method ``get`` is a lazy value that counts its calls."""

    def __init__(self, value: object) -> None:
        self.value = value
        self.calls = 0

    def get(self) -> object:
        self.calls += 1
        return self.value


def long_template(values: list[object], between: str = " ") -> Template:
    parts: list[str | Interpolation] = ["<p>"]
    for k, value in enumerate(values):
        parts += [Interpolation(value, f"values[{k}]"), between]
    return Template(*parts[:-1], "</p>")


def test_text_holes_past_a_chunk() -> None:
    kinds: list[object] = ["<a>", 7, t"<b>{'&'}</b>", None, ["x", "<y>"], False, 2.5]
    values = [kinds[k % len(kinds)] for k in range(N)]
    expected = ["&lt;a&gt;", "7", "<b>&amp;</b>", "", "x&lt;y&gt;", "", "2.5"]
    assert "<p>" + " ".join(expected[k % 7] for k in range(N)) + "</p>" == html(
        long_template(values)
    )


def test_conversions_and_format_specs_past_a_chunk() -> None:
    parts: list[str | Interpolation] = ["<ul>"]
    for k in range(N):
        parts += ["<li>", Interpolation(k, "k", None, "03d")]
        parts += [Interpolation("<'>", "s", "r"), "</li>"]
    expected = "".join(f"<li>{k:03d}&#34;&lt;&#39;&gt;&#34;</li>" for k in range(N))
    assert f"<ul>{expected}</ul>" == html(Template(*parts, "</ul>"))


def test_each_lazy_value_is_called_once_past_a_chunk() -> None:
    counters = [Counter(k) for k in range(N)]
    assert "<p>" + " ".join(map(str, range(N))) + "</p>" == html(
        long_template([counter.get for counter in counters])
    )
    assert [1] * N == [counter.calls for counter in counters]


def box(children: Template) -> Template:
    return t"<div>{children}</div>"


def test_a_component_with_children_past_a_chunk() -> None:
    # the holes between the component's tags are converted once, when the children render
    counter = Counter("<c>")
    parts: list[str | Interpolation] = ["<main>"]
    for k in range(N):
        parts += ["<i>", Interpolation(k, "k"), "</i>"]
    parts += ["<", Interpolation(box, "box"), ">", Interpolation(counter.get, "counter.get"), "</"]
    parts += [Interpolation(box, "box"), "></main>"]
    expected = "".join(f"<i>{k}</i>" for k in range(N)) + "<div>&lt;c&gt;</div>"
    assert f"<main>{expected}</main>" == html(Template(*parts))
    assert 1 == counter.calls


def spread_tag(extra: dict[str, object]) -> Template:
    parts: list[str | Interpolation] = ["<p ", Interpolation(extra, "extra")]
    for k in range(N):
        parts += [f" a{k}=", Interpolation(f"<{k}>", f"v{k}")]
    return Template(*parts, ">x</p>")


def test_a_tag_with_a_spread_and_many_attributes_past_a_chunk() -> None:
    attributes = "".join(f' a{k}="&lt;{k}&gt;"' for k in range(N))
    assert f'<p id="i"{attributes}>x</p>' == html(spread_tag({"id": "i"}))
    # the spread meets a0, written after it, which wins: the tag is merged
    assert f"<p{attributes}>x</p>" == html(spread_tag({"a0": "new"}))


def render_error(template: Template) -> str:
    with pytest.raises(RenderError) as error:
        html(template)
    return str(error.value)


def test_an_error_past_a_chunk_points_at_its_hole(monkeypatch: pytest.MonkeyPatch) -> None:
    values: list[object] = ["x"] * N
    values[N - 20] = {"a": 1}
    template = long_template(values)
    chunked = render_error(template)
    assert chunked.startswith("a dict where text is expected: {'a': 1}\n\n    ...")
    assert f" {{values[{N - 21}]}} {{values[{N - 20}]}} " in chunked
    monkeypatch.setattr(htmltemplates.compiler.emit, "_CHUNK", 10 * N)
    clear_cache()
    assert render_error(template) == chunked


# -- what the scanner and the CSS lexer read in long templates -----------------------------------


PIECES = ["<", "</", "/", "a", "Z", "é", "0", " ", "x" * 70, "<" + "b" * 200]


@given(st.lists(st.sampled_from(PIECES)))
def test_the_end_of_a_body_is_judged_as_a_search_would(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert (re.search(r"</?[A-Za-z]*\Z", text) is not None) == _ends_in_partial_end_tag(text)


def test_markup_after_an_earlier_hole_of_a_style_is_refused() -> None:
    # the body is searched for markup from where the search at the hole before it stopped
    color = "red"
    with pytest.raises(TemplateSyntaxError) as error:
        html(t"<style>p {{ color: {color} }} a<b {{ color: {color} }}</style>")
    assert (
        "interpolation after markup written in <style>\n"
        "\n"
        "    <style>p { color: {color} } a<b { color: {color} }</style>\n"
        "                                             ^^^^^^^\n"
        f"  {error.value.caller}\n"
        "\n"
        "Inside <svg> and <math> the tags in a <script> or <style> are parsed as elements, and "
        "a template cannot know where it will be rendered, so every <script> and <style> keeps "
        "'<' directly followed by a letter, '/', '!' or '?' out of its text before a value: "
        "write '<' in a CSS string as \\3C (\\\\3C in a t-string that is not raw), and put a "
        "space after any other '<'. "
        "See docs/errors.md#script-markup "
        "(python -m htmltemplates doc script-markup)."
    ) == str(error.value)
    assert error.value.caller.startswith("test_compile_speed.py, line ")


@pytest.mark.parametrize(
    ("function", "expected"),
    [
        pytest.param("image-set", CssPosition(CssState.QUOTED_URL), id="inside-a-url-function"),
        pytest.param("calc", CssPosition(CssState.STRING), id="inside-calc"),
    ],
)
def test_a_string_deep_inside_brackets(function: str, expected: CssPosition) -> None:
    value = f"background: {function}(" + "(" * 5000 + "'"
    end = "'" + ")" * 5001
    assert [expected] == css_holes([f"p {{ {value}", f"{end} }}"])
    assert [expected] == css_holes([value, end], declarations=True)


def test_a_value_deep_inside_blocks() -> None:
    depth = 5000
    holes = css_holes(["a { " * depth + "color: ", "; }" + " }" * (depth - 1)])
    assert [CssPosition(CssState.VALUE)] == holes


# -- the chunked plans render what the one f-string renders, on the tables of other tests --------


def _templates() -> list[object]:
    tables = [
        test_attributes.QUOTING,
        test_attributes.VALUES,
        test_attributes.PARTS,
        test_attributes.BOOLEANS,
        test_attributes.CLASSES,
        test_attributes.STYLES,
        test_attributes.DATA_ARIA,
        test_attributes.DUPLICATES,
        test_attributes.STATIC_IN_MERGED_TAGS,
        test_contexts.RCDATA,
        test_contexts.COMMENTS,
        test_css.CASES,
        test_components.RETURN_VALUES,
    ]
    tables += [
        getattr(module, name)
        for module in (test_spread, test_urls)
        for name in dir(module)
        if name.isupper() and isinstance(getattr(module, name), list)
    ]
    found = []
    for table in tables:
        for case in table:
            values = getattr(case, "values", ())
            if values and isinstance(values[0], Template) and _replayable(values[0]):
                found.append(pytest.param(values[0], id=f"{case.id or len(found)}"))
    return found


def _replayable(template: Template) -> bool:
    """Whether rendering ``template`` twice renders the same (no iterator is consumed)."""
    return not any(isinstance(i.value, Iterator) for i in template.interpolations)


def _render(template: Template) -> str:
    clear_cache()
    try:
        return html(template)
    except TemplateError as error:
        return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize("template", _templates())
def test_chunked_plans_render_the_same(template: Template, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _render(template)
    monkeypatch.setattr(htmltemplates.compiler.emit, "_CHUNK", 1)
    assert expected == _render(template)


def test_the_tables_are_found() -> None:
    assert len(_templates()) > 300


# -- plans compiled a function at a time ---------------------------------------------------------

# imported here, not above: a message of the corpus names the line of its render in this file
import traceback  # noqa: E402
import types  # noqa: E402

from htmltemplates.compiler.plan import compile_template  # noqa: E402
from htmltemplates.runtime.cache import is_plan_code  # noqa: E402


def _code_lines(code: types.CodeType) -> list[object]:
    """Where each instruction of ``code`` and of the code objects in it stands."""
    nested = [_code_lines(c) for c in code.co_consts if isinstance(c, types.CodeType)]
    return [code.co_name, code.co_firstlineno, list(code.co_positions()), nested]


def test_a_plan_compiled_a_function_at_a_time_has_the_lines_of_its_source() -> None:
    # a component tag in <svg> is a lambda inside a function of the plan
    parts: list[str | Interpolation] = ["<svg>"]
    for k in range(2 * N):
        parts += ["<text>", Interpolation(k, "k"), "</text>"]
    parts += ["<", Interpolation(box, "box"), ">x</", Interpolation(box, "box"), "></svg>"]
    render, source, _nesting = compile_template(Template(*parts))
    functions = {
        name: value for name, value in render.__globals__.items() if re.fullmatch(r"_f\d+", name)
    }
    assert len(functions) + 1 > htmltemplates.compiler.emit._SEPARATE  # with render()
    assert "_in_foreign(lambda: " in source
    whole: dict[str, object] = {}
    exec(compile(source, render.__code__.co_filename, "exec"), whole)
    for name, function in [*functions.items(), ("render", render)]:
        expected = whole[name].__code__  # type: ignore[attr-defined]
        assert _code_lines(expected) == _code_lines(function.__code__)


def test_a_traceback_past_a_chunk_shows_the_line_of_its_hole() -> None:
    def boom() -> str:
        raise ZeroDivisionError("boom")

    n = 4 * N  # in the sixth function of ten: compiled one at a time
    values: list[object] = ["x"] * n
    values[n - 520] = boom
    with pytest.raises(ZeroDivisionError) as info:
        html(long_template(values, between=" - "))  # strings of its own: a plan of its own
    frames = traceback.extract_tb(info.value.__traceback__)
    (frame,) = [frame for frame in frames if is_plan_code(frame.filename)][-1:]
    assert "_f5" == frame.name
    assert frame.line is not None
    assert frame.line.endswith(f"_text(v{n - 520}, {n - 520}))}}'  # {{values[{n - 520}]}}: text")
