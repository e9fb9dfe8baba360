"""explain(): each hole's context, what html() does to each type of value there, and the docs
that say so; and ``python -m htmltemplates explain FILE:LINE``."""

from __future__ import annotations

import linecache
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from string.templatelib import Template

import pytest

from htmltemplates import TemplateSyntaxError, explain, html
from htmltemplates._fastpaths import on
from htmltemplates._spec import AttrKind
from htmltemplates.compiler.plan import compile_template
from htmltemplates.escaper import Escaper, Escaping
from htmltemplates.runtime.cache import compile_plan
from htmltemplates.tooling import rules
from htmltemplates.tooling.explain import Hole, main, template_at

ROOT = Path(__file__).parents[2]


def Card(**props: object) -> Template:  # noqa: N802 - a component, named as a tag
    return t"<div>{props}</div>"


v = None
# One hole in every context docs/contexts.md and docs/attributes.md list, each escaper of the
# analysis and each kind of attribute value (a test below checks that none is missing)
EVERY = (
    t"<p>{v}</p><title>{v}</title><textarea>{v}</textarea><!-- {v} -->"
    t"<p title=\"{v}\" lang='{v}' dir={v} hidden={v} class={v} style={v}>"
    t'<p title="a {v}" {v} data={v} aria={v} style="color: {v}; content: \'{v}\'">'
    t'<p style="background: url({v})"><p style="background: url(/i/{v}?q={v}#{v})">'
    t'<a href={v}>x</a><a href="{v}#top">x</a><a href="/u/{v}?q={v}#{v}">x</a>'
    t'<img srcset={v}><img srcset="/img/{v} {v}x">'
    t'<meta http-equiv="refresh" content="0; url={v}">'
    t'<script src={v}></script><script src="/static/{v}"></script>'
    t'<script src="{v}?v=2"></script><iframe srcdoc={v}></iframe>'
    t'<script>const a = {v}, b = "{v}";</script>'
    t'<script type="application/json">{v}</script><script type="importmap">{v}</script>'
    t'<style>p {{ color: {v}; content: "{v}"; background: url(/i/{v}) }}</style>'
    t"<button onclick=\"go({v}, '{v}')\" onmouseover={v}>x</button>"
    t'<div hx-on:click="go({v})" hx-get="/items/{v}" hx-vals={v} hx-confirm={v}></div>'
    t"<div hx-trigger=\"{v} changed, click[ctrlKey && {v}], keyup[key == '{v}']\"></div>"
    t'<div hx-trigger={v} hx-confirm="{v}?"></div>'
    t"<div x-data={v} x-html={v} :href={v}></div>"
    t'<div :src="\'{v}\'" :poster="f({v})" @click="go(\'{v}\')"></div>'
    t'<div x-data="{{ open: {v} }}"></div>'
    t'<{Card} title={v} note="n {v}" {v}><b>{v:safe}</b></{Card}>'
    t'<svg><set attributeName="fill" to={v} /><text>{v}</text></svg>'
)
EVERY_TEXT = (ROOT / "tests" / "tooling" / "explain_every_context.txt").read_text(encoding="utf-8")


# -- the exact explanation ----------------------------------------------------------------------


def test_a_template_with_a_hole_in_every_context() -> None:
    assert str(explain(EVERY)) == EVERY_TEXT


def test_every_escaper_and_every_kind_of_attribute_is_in_the_template() -> None:
    holes = explain(EVERY).holes
    escapers = {hole.escaping.escaper for hole in holes if hole.escaping is not None}
    assert escapers == set(Escaper)
    kinds = {hole.escaping.kind for hole in holes if hole.escaping and hole.escaping.kind}
    assert kinds == set(AttrKind) - {AttrKind.REFUSED}  # a refused kind never reaches a plan


def test_a_small_template() -> None:
    name = "Ada"
    assert str(explain(t'<a href="/users/{name}">{name!r:>10}</a>')) == (
        "{name} → attribute href of <a>, double-quoted: URL path\n"
        "    str, int, float       → percent-encoded for a path (? # % too); a . or .. segment"
        " is refused\n"
        "    Markup, list          → its text, the truthy items joined by spaces; then encoded so\n"
        "    None, False, True     → nothing (the attribute stays)\n"
        "    Template, dict, bytes → refused: RenderError\n"
        "    see docs/attributes.md#url-attributes\n"
        "\n"
        "{name!r:>10} → text\n"
        "    str, int, float, other objects → str(value), escaped: & < > \" ' as character"
        " references\n"
        "    Markup, __html__               → inserted as it is (trusted markup)\n"
        "    Template                       → rendered in place, by the contexts of its own text\n"
        "    list, tuple, iterable          → each item by these rules\n"
        "    None, False, True              → nothing\n"
        "    dict, bytes                    → refused: RenderError\n"
        "    see docs/index.md#values-in-text-content\n"
    )


def test_a_static_template() -> None:
    assert str(explain(t"<p>static</p>")) == "no holes: the template is static text\n"
    assert explain(t"<p>static</p>").holes == ()


# -- structured data ----------------------------------------------------------------------------


def test_holes_are_frozen_dataclasses_in_template_order() -> None:
    url, title, attrs = "/x", "t", {"id": "a"}
    holes = explain(t"<a href={url} title='Re: {title}' {attrs}>{title:safe}</a>").holes
    assert [hole.slot for hole in holes] == [0, 1, 2, 3]
    first = holes[0]
    assert isinstance(first, Hole)
    with pytest.raises(AttributeError):
        first.slot = 5  # type: ignore[misc]
    assert (first.expression, first.element, first.attribute) == ("{url}", "a", "href")
    assert first.escaping == Escaping(Escaper.ATTRIBUTE, AttrKind.URL)
    assert first.docs == ("docs/attributes.md#url-attributes",)
    assert first.values[0] == (
        "str",
        "scheme-filtered: a scheme other than http, https, mailto, tel becomes "
        "about:invalid#htmltemplates; then escaped",
    )
    assert holes[1].escaping == Escaping(Escaper.ATTR_TEXT)
    assert holes[1].context == "attribute title of <a>, single-quoted: text in an attribute value"
    assert holes[2].escaping == Escaping(Escaper.SPREAD)
    assert holes[2].attribute == ""
    # :safe is said first: the value goes out as trusted markup
    assert holes[3].values[0] == rules.SAFE_SPEC
    assert holes[3].docs == ("docs/index.md#values-in-text-content", rules.SAFE_DOCS)


def test_the_escapers_are_those_of_the_plan() -> None:
    """What explain() reports is what the plan's comments name: the same decision."""
    x = 1
    template = t"""<a href="/u/{x}?q={x}" class={x} onclick="go({x}, '{x}')">{x}</a>
        <script>const a = {x};</script><style>p {{ color: {x} }}</style><!-- {x} -->"""
    holes = explain(template).holes
    said = [str(hole.escaping) for hole in holes]
    assert said == [
        "URL path",
        "URL query",
        "attribute value (class)",
        "event handler literal",
        "event handler string text",
        "text",
        "JavaScript literal",
        "CSS value",
        "comment text",
    ]
    if on("tag-in-place"):  # (off, every tag is merged: one comment for the whole tag)
        source = compile_template(template)[1]
        named = re.findall(r"# \{x\}: (.*)$", source, re.MULTILINE)
        where = [f"{hole.attribute}, " if hole.attribute else "" for hole in holes]
        assert named == [w + s for w, s in zip(where, said, strict=True)]


def test_component_holes() -> None:
    name, extra = "Ada", {"tone": "loud"}
    holes = explain(t'<{Card} a={name} b="Dear {name}" {extra}><i>{name}</i></{Card}>').holes
    assert [(hole.slot, hole.context) for hole in holes] == [
        (0, "component tag"),
        (1, "component prop a"),
        (2, "part of a component prop b"),
        (3, "component props spread"),
        (4, "in the children of <{Card}> (a template of their own): text"),
        (5, "component end tag"),
    ]
    assert [hole.escaping for hole in holes] == [
        None,
        None,
        None,
        None,
        Escaping(Escaper.TEXT),
        None,
    ]


def test_children_are_explained_as_the_template_html_renders_them() -> None:
    url = "/x"
    hole = explain(t'<{Card}><a href="/u/{url}">x</a></{Card}>').holes[1]
    assert hole.expression == "{url}"
    assert hole.context == (
        "in the children of <{Card}> (a template of their own): "
        "attribute href of <a>, double-quoted: URL path"
    )


def test_a_template_that_may_not_be_nested() -> None:
    x = 1
    explanation = explain(t"<svg><p>{x}")
    assert explanation.nesting == (
        "a template that leaves <svg> open is rendered inside another template"
    )
    assert explanation.nesting_anchor == "nested-end"
    # the docs are named as html() names them when it refuses to nest it
    assert str(explanation).endswith(
        "\n\nnot to be nested in another template: a template that leaves <svg> open is "
        "rendered inside another template. See docs/errors.md#nested-end "
        "(python -m htmltemplates doc nested-end).\n"
    )
    assert explain(t"<p>{x}</p>").nesting is None


# -- refused templates --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda x: t"<p {x}=1>",
        lambda x: t"<h{x}>",
        lambda x: t"<script>const r = /{x}/;</script>",
        lambda x: t'<a href="java{x}">',
        lambda x: t"<p title='{x}",
    ],
)
def test_a_refused_template_raises_what_html_raises(make: Callable[[object], Template]) -> None:
    with pytest.raises(TemplateSyntaxError) as by_html:
        html(make(1))
    with pytest.raises(TemplateSyntaxError) as by_explain:
        explain(make(1))
    assert by_explain.value.anchor == by_html.value.anchor
    assert by_explain.value.headline == by_html.value.headline
    assert by_explain.value.template is not None  # located: the message has its caret
    message = str(by_explain.value).replace("test_explain.py, line", "LINE")
    assert re.sub(r"LINE \d+", "LINE", message) == re.sub(
        r"LINE \d+", "LINE", str(by_html.value).replace("test_explain.py, line", "LINE")
    )


def test_only_a_template() -> None:
    with pytest.raises(TypeError, match=r'explain\(\) takes a template string \(t"..."\), not str'):
        explain("<p>{x}</p>")  # type: ignore[arg-type]


def test_a_refused_hole_in_children_is_refused() -> None:
    x = 1
    with pytest.raises(TemplateSyntaxError) as info:
        explain(t"<{Card}><p {x}=1></p></{Card}>")
    assert info.value.anchor == "attribute-name"


# -- the plan -------------------------------------------------------------------------------------


def test_the_plan_is_the_source_html_renders_with() -> None:
    name, url = "Ada", "/a"
    template = t'<a href="/u/{url}" title={name}>{name}</a>'
    explanation = explain(template, plan=True)
    html(template)
    plan = compile_plan(template)  # the cache entry html() used
    source = "".join(linecache.getlines(plan.__code__.co_filename))
    assert explanation.plan == source
    assert explanation.plan == compile_template(template)[1]
    assert str(explanation).endswith("\n\nplan:\n" + source)
    assert explain(template).plan is None


# -- the docs it cites ----------------------------------------------------------------------------


def _anchors(page: Path) -> set[str]:
    """The anchors of the headings of a Markdown page, as GitHub makes them."""
    found = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{1,6} (.*)", line)
        if heading:
            text = re.sub(r"[^\w\- ]", "", heading[1].strip().lower())
            found.add(text.replace(" ", "-"))
    return found


def test_every_section_explain_cites_exists() -> None:
    cited = rules.cited() | {doc for hole in explain(EVERY).holes for doc in hole.docs}
    assert len(cited) > 15
    for section in sorted(cited):
        page, _, anchor = section.partition("#")
        assert page.startswith("docs/"), section
        assert anchor, section
        assert anchor in _anchors(ROOT / page), section


def test_the_anchor_reader() -> None:
    assert "meta-http-equivrefresh" in _anchors(ROOT / "docs/attributes.md")
    assert "css-style-bodies-and-style-values" in _anchors(ROOT / "docs/contexts.md")
    assert "no-such-section" not in _anchors(ROOT / "docs/contexts.md")


# -- the command line -----------------------------------------------------------------------------

FILE = """\
from htmltemplates import html

name = "Ada"
page = html(t"<a href={name}>{name!r:>{5}}</a>")
bad = t"<p {name}=1>"
items = t"<ul>{[t'<li>{i}</li>' for i in name]}</ul>"
long = (
    t"<p>"
    t"{name}</p>"
)
"""


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_explains_the_t_string_on_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "views.py"
    path.write_text(FILE, encoding="utf-8")
    status, out, err = _run([f"{path}:4"], capsys)
    assert (status, err) == (0, "")
    name, text = explain(t"<a href={None}>{None}</a>").holes
    assert out == (
        f"{path}:4:13: t-string\n"
        + str(name).replace("{None}", "{name}")
        + "\n\n"
        + str(text).replace("{None}", "{name!r:>{5}}")
        + "\n"
    )
    assert out.splitlines()[1] == "{name} → attribute href of <a>, unquoted: URL"


def test_cli_with_plan(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "views.py"
    path.write_text(FILE, encoding="utf-8")
    status, out, _ = _run([f"{path}:4", "--plan"], capsys)
    assert status == 0
    assert "\n\nplan:\ndef render(interpolations):\n" in out
    assert "# {name}: href, URL" in out or "{name}" in out.split("plan:")[1]


def test_cli_several_t_strings_and_a_span(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "views.py"
    path.write_text(FILE, encoding="utf-8")
    status, out, _ = _run([f"{path}:6"], capsys)
    assert status == 0
    headers = [line for line in out.splitlines() if line.endswith(": t-string")]
    assert headers == [f"{path}:6:9: t-string", f"{path}:6:17: t-string"]
    assert "{i} → text\n" in out
    # a line inside a t-string that starts above it
    status, out, _ = _run([f"{path}:9"], capsys)
    assert (status, out.splitlines()[:2]) == (0, [f"{path}:8:5: t-string", "{name} → text"])
    assert main([f"{path}:8"]) == 0
    assert capsys.readouterr().out == out


def test_cli_a_refused_template(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "views.py"
    path.write_text(FILE, encoding="utf-8")
    status, out, err = _run([f"{path}:5"], capsys)
    assert (status, err) == (1, "")
    assert out == (
        f"{path}:5:7: t-string\n"
        "refused by html(): interpolation inside an attribute name\n"
        "\n"
        "    <p {name}=1>\n"
        "       ^^^^^^\n"
        f"  {path}, line 5\n"
        "\n"
        "Write the attribute name in the template (name={value}), or spread a dict of attributes"
        " with whitespace around it: <a {attrs} id=x>. See docs/errors.md#attribute-name "
        "(python -m htmltemplates doc attribute-name).\n"
    )


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("{path}:1", "explain: {path}:1: no t-string on this line\n"),
        ("{path}:99", "explain: {path}:99: no t-string on this line\n"),
        ("{path}", "explain: expected FILE:LINE (a line number from 1), not '{path}'\n"),
        ("{path}:0", "explain: expected FILE:LINE (a line number from 1), not '{path}:0'\n"),
        ("{path}x:3", "explain: cannot read {path}x: No such file or directory\n"),
        ("{broken}:1", "explain: {broken}:2: not valid Python: '(' was never closed\n"),
    ],
)
def test_cli_errors(
    where: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, broken = tmp_path / "views.py", tmp_path / "broken.py"
    path.write_text(FILE, encoding="utf-8")
    broken.write_text('x = t"<p>"\ny = (\n', encoding="utf-8")
    status, out, err = _run([where.format(path=path, broken=broken)], capsys)
    assert (status, out) == (2, "")
    assert err == message.format(path=path, broken=broken)


def test_cli_never_runs_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "views.py"
    marker = tmp_path / "ran"
    path.write_text(f"open({str(marker)!r}, 'w')\nx = t'<p>{{y}}</p>'\n", encoding="utf-8")
    status, out, _ = _run([f"{path}:2"], capsys)
    assert (status, out.splitlines()[1]) == (0, "{y} → text")
    assert not marker.exists()


def test_template_at_builds_placeholder_interpolations() -> None:
    [(line, column, template)] = template_at('x = t"<p>{a.b!r:>{w}}</p>"\n', 1)
    assert (line, column) == (1, 5)
    assert template.strings == ("<p>", "</p>")
    (hole,) = template.interpolations
    assert (hole.value, hole.expression, hole.conversion, hole.format_spec) == (
        None,
        "a.b",
        "r",
        ">{w}",
    )


def test_python_m_htmltemplates(tmp_path: Path) -> None:
    path = tmp_path / "views.py"
    path.write_text(FILE, encoding="utf-8")

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "htmltemplates", *argv],
            capture_output=True,
            text=True,
            check=False,
        )

    done = run("explain", f"{path}:4")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith(f"{path}:4:13: t-string\n{{name}} → attribute href of <a>")
    assert run("explain", f"{path}:5").returncode == 1
    assert run("explain", f"{path}:1").returncode == 2
    for argv in [(), ("nonsense",)]:
        done = run(*argv)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.startswith("usage: python -m htmltemplates COMMAND ...\n")
        assert "explain" in done.stderr
