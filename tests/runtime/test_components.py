"""Components written as tags: <{Card} title="x">children</{Card}> (issue #4).

Tables of real templates with their exact output: every kind of prop, children and slots,
what a component may return, class-based components, the scanner's view of component tags,
errors (their full text is in test_errors.py), providers across threads and asyncio tasks,
components in SVG and among attribute-heavy markup.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from string.templatelib import Interpolation, Template
from typing import Any

import pytest
from markupsafe import Markup

from htmltemplates import (
    Provider,
    RenderError,
    TemplateSyntaxError,
    clear_cache,
    html,
)
from htmltemplates.runtime import components as _components
from htmltemplates.scan.scanner import scan
from htmltemplates.scan.tokens import ComponentToken, TextHole

EVIL = "<b>&'\""
ESCAPED = "&lt;b&gt;&amp;&#39;&#34;"

# -- components used below -----------------------------------------------------------------------


def Props(**props: object) -> Template:  # noqa: N802 - components are named like classes
    """Shows the props it was given, with their types."""
    shown = ", ".join(f"{key}={value!r}" for key, value in sorted(props.items()))
    return t"<i>{shown}</i>"


def Card(*, title: str, children: Template, tone: str = "plain") -> Template:  # noqa: N802
    return t'<section class="card card-{tone}"><h2>{title}</h2>{children}</section>'


def Badge(*, label: str) -> Template:  # noqa: N802
    return t'<span class="badge">{label}</span>'


def Layout(  # noqa: N802
    *, title: str, children: Template, head: Template | None = None, nav: Template | None = None
) -> Template:
    return t"<html><head><title>{title}</title>{head}</head><body>{nav}{children}</body></html>"


def Returns(*, value: object) -> object:  # noqa: N802
    return value


x = "v"
tone = "dark"
n = 3
props = {"tone": "loud", "data_id": 7}
none: object = None


def checked_then_called(template: Template) -> list[str]:
    """``template`` rendered twice from a cold plan cache: at the first render each component
    tag checks its props against the component's signature (render_component); at the second
    it calls the component it checked directly (the call compiled into the plan)."""
    clear_cache()
    return [html(template), html(template)]


# -- props -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(t'<{Props} a="b" />', "<i>a=&#39;b&#39;</i>", id="static-double-quoted"),
        pytest.param(t"<{Props} a='b' />", "<i>a=&#39;b&#39;</i>", id="static-single-quoted"),
        pytest.param(t"<{Props} a=b />", "<i>a=&#39;b&#39;</i>", id="static-unquoted"),
        pytest.param(t'<{Props} a="" />', "<i>a=&#39;&#39;</i>", id="static-empty"),
        pytest.param(
            t'<{Props} a="Tom &amp; Jerry &lt;3" />',
            "<i>a=&#39;Tom &amp; Jerry &lt;3&#39;</i>",
            id="static-character-references-decoded",
        ),
        pytest.param(t"<{Props} a />", "<i>a=True</i>", id="bare"),
        pytest.param(t"<{Props} a={n} />", "<i>a=3</i>", id="whole-int-kept"),
        pytest.param(t'<{Props} a="{n}" />', "<i>a=3</i>", id="whole-quoted-int-kept"),
        pytest.param(t"<{Props} a={none} />", "<i>a=None</i>", id="whole-none-kept"),
        pytest.param(t"<{Props} a={False} />", "<i>a=False</i>", id="whole-false-kept"),
        pytest.param(t"<{Props} a={[1, 2]} />", "<i>a=[1, 2]</i>", id="whole-list-kept"),
        pytest.param(
            t"<{Props} a={EVIL} />", "<i>a=&#39;&lt;b&gt;&amp;\\&#39;&#34;&#39;</i>", id="whole-str"
        ),
        pytest.param(t"<{Props} a={n!r} />", "<i>a=&#39;3&#39;</i>", id="whole-conversion"),
        pytest.param(t"<{Props} a={n:03d} />", "<i>a=&#39;003&#39;</i>", id="whole-format-spec"),
        pytest.param(
            t'<{Props} a="n={n} of {x}" />', "<i>a=&#39;n=3 of v&#39;</i>", id="partial-str"
        ),
        pytest.param(t'<{Props} a="{none}!" />', "<i>a=&#39;None!&#39;</i>", id="partial-none"),
        pytest.param(
            t'<{Props} a="&amp;{n:02d}" />', "<i>a=&#39;&amp;03&#39;</i>", id="partial-spec"
        ),
        pytest.param(t"<{Props} data-id=1 />", "<i>data_id=&#39;1&#39;</i>", id="dash"),
        pytest.param(t"<{Props} class=big />", "<i>class_=&#39;big&#39;</i>", id="keyword"),
        pytest.param(t"<{Props} onClick=f />", "<i>onClick=&#39;f&#39;</i>", id="case-kept"),
        pytest.param(t"<{Props} {props} />", "<i>data_id=7, tone=&#39;loud&#39;</i>", id="spread"),
        pytest.param(
            t"<{Props} tone=x {props} />",
            "<i>data_id=7, tone=&#39;loud&#39;</i>",
            id="spread-after-wins",
        ),
        pytest.param(
            t"<{Props} {props} tone=x />",
            "<i>data_id=7, tone=&#39;x&#39;</i>",
            id="spread-before-loses",
        ),
        pytest.param(t"<{Props} {none} />", "<i></i>", id="spread-none"),
        pytest.param(t"<{Props} {False} />", "<i></i>", id="spread-false"),
        pytest.param(t"<{Props}\n  a=1\n  b={n}\n/>", "<i>a=&#39;1&#39;, b=3</i>", id="multi-line"),
        pytest.param(t"<{Props}/>", "<i></i>", id="no-space-before-slash"),
        pytest.param(t"<{Props} a=3/>", "<i>a=&#39;3&#39;</i>", id="unquoted-then-slash"),
        pytest.param(t"<{Props} a={n}/>", "<i>a=3</i>", id="hole-then-slash"),
        pytest.param(t"<{Props}></{Props}>", "<i></i>", id="empty-children-not-given"),
    ],
)
def test_props(template: Template, expected: str) -> None:
    assert [expected, expected] == checked_then_called(template)


def test_a_prop_is_the_object_itself() -> None:
    seen: list[object] = []
    value = object()

    def Spy(*, thing: object) -> None:  # noqa: N802
        seen.append(thing)

    assert "" == html(t"<{Spy} thing={value} />")
    assert [value] == seen


# -- children and slots ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<{Card} title="Hi"><p>{EVIL}</p></{Card}>',
            f'<section class="card card-plain"><h2>Hi</h2><p>{ESCAPED}</p></section>',
            id="children",
        ),
        pytest.param(
            t'<{Card} title="Hi" tone={tone}>a {x} b {n} c</{Card}>',
            '<section class="card card-dark"><h2>Hi</h2>a v b 3 c</section>',
            id="children-several-holes",
        ),
        pytest.param(
            t'<{Card} title="Hi" />',
            '<section class="card card-plain"><h2>Hi</h2></section>',
            id="self-closing-empty-children",
        ),
        pytest.param(
            t'<{Card} title="Hi"></{Card}>',
            '<section class="card card-plain"><h2>Hi</h2></section>',
            id="empty-children",
        ),
        pytest.param(
            t'<{Card} title="a"><{Card} title="b"><{Badge} label={x} /></{Card}></{Card}>',
            '<section class="card card-plain"><h2>a</h2><section class="card card-plain">'
            '<h2>b</h2><span class="badge">v</span></section></section>',
            id="nested",
        ),
        pytest.param(
            t'<{Card} title="a"><{Card} title="b">1</{Card}><{Card} title="c">2</{Card}></{Card}>',
            '<section class="card card-plain"><h2>a</h2><section class="card card-plain">'
            '<h2>b</h2>1</section><section class="card card-plain"><h2>c</h2>2</section>'
            "</section>",
            id="siblings-inside",
        ),
        pytest.param(
            t'<{Card} title="t"><a href={x} class={[x, None]}>{x}</a><!-- {x} --></{Card}>',
            '<section class="card card-plain"><h2>t</h2><a href="v" class="v">v</a>'
            "<!-- v --></section>",
            id="children-with-tags-and-comment",
        ),
        pytest.param(
            t"<ul>{[t'<li><{Badge} label={i} /></li>' for i in range(3)]}</ul>",
            '<ul><li><span class="badge">0</span></li><li><span class="badge">1</span></li>'
            '<li><span class="badge">2</span></li></ul>',
            id="in-a-comprehension",
        ),
        pytest.param(
            t"<{Layout} title=Home head={t'<meta name=x>'} nav={t'<nav>{x}</nav>'}>"
            t"<main>body</main></{Layout}>",
            "<html><head><title>Home</title><meta name=x></head><body><nav>v</nav>"
            "<main>body</main></body></html>",
            id="slots",
        ),
        pytest.param(
            t"<{Layout} title=Home><main>body</main></{Layout}>",
            "<html><head><title>Home</title></head><body><main>body</main></body></html>",
            id="slots-default",
        ),
        pytest.param(
            t"<{Props} children={x} />", "<i>children=&#39;v&#39;</i>", id="children-as-a-prop"
        ),
    ],
)
def test_children(template: Template, expected: str) -> None:
    assert [expected, expected] == checked_then_called(template)


def test_children_is_a_template_of_the_text_between_the_tags() -> None:
    got: list[Template] = []

    def Keep(*, children: Template) -> None:  # noqa: N802
        got.append(children)

    html(t"<div><{Keep}>a <b>{x}</b> {n!r:>4} c</{Keep}></div>")
    [children] = got
    assert Template is type(children)
    assert ("a <b>", "</b> ", " c") == children.strings
    assert ("x", "n", "r", ">4") == (
        children.interpolations[0].expression,
        children.interpolations[1].expression,
        children.interpolations[1].conversion,
        children.interpolations[1].format_spec,
    )
    assert ("v", 3) == tuple(i.value for i in children.interpolations)


def test_children_are_empty_templates_when_there_are_none() -> None:
    got: list[Template] = []

    def Keep(*, children: Template) -> None:  # noqa: N802
        got.append(children)

    html(t"<{Keep} /><{Keep}></{Keep}>")
    assert [(), ()] == [children.interpolations for children in got]
    assert [("",), ("",)] == [children.strings for children in got]


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            lambda name: t'<{Card} title="t">{name!s}</{Card}>',
            '<section class="card card-plain"><h2>t</h2>x</section>',
            id="one-tag",
        ),
        # static text that reads like the name of a value in the plan ("v1") is not one
        pytest.param(
            lambda name: t'<p>v1</p><{Card} title="v0 v1">{name!s}</{Card}>',
            '<p>v1</p><section class="card card-plain"><h2>v0 v1</h2>x</section>',
            id="static-text-like-a-plan-name",
        ),
        pytest.param(
            lambda name: t'<{Card} title="v1">{name!s}</{Card}>',
            '<section class="card card-plain"><h2>v1</h2>x</section>',
            id="prop-text-like-a-plan-name",
        ),
    ],
)
def test_a_lazy_value_in_children_is_called_once(
    template: Callable[[object], Template], expected: str
) -> None:
    calls: list[str] = []

    def name() -> str:
        calls.append("called")
        return "x"

    assert expected == html(template(name))
    assert ["called"] == calls


def test_children_get_the_values_of_each_render() -> None:
    def render(value: str) -> str:
        return html(t'<{Card} title="t"><p>{value}</p></{Card}>')

    assert render("one").endswith("<p>one</p></section>")
    assert render("two").endswith("<p>two</p></section>")


def test_kwargs_component_gets_children_only_when_there_are_some() -> None:
    assert "<i></i>" == html(t"<{Props} />")
    assert "<i></i>" == html(t"<{Props}></{Props}>")
    assert "<i>children=Template(strings=(&#39;x&#39;,), interpolations=())</i>" == html(
        t"<{Props}>x</{Props}>"
    )


def test_children_render_lazily_where_the_component_puts_them() -> None:
    order: list[str] = []

    def child() -> str:
        order.append("child")
        return "c"

    def Outer(*, children: Template) -> Template:  # noqa: N802
        order.append("outer")
        return t"<div>{children}</div>"

    assert "<div>c</div>" == html(t"<{Outer}>{child}</{Outer}>")
    assert ["outer", "child"] == order


# -- what a component returns ------------------------------------------------------------------


class Widget:
    def __html__(self) -> str:
        return "<w-x></w-x>"


RETURN_VALUES = [
    pytest.param(t"<b>{x}</b>", "<b>v</b>", id="template"),
    pytest.param(Markup("<b>ok</b>"), "<b>ok</b>", id="markup"),
    pytest.param(Widget(), "<w-x></w-x>", id="dunder-html"),
    pytest.param(EVIL, ESCAPED, id="str-escaped"),
    pytest.param(None, "", id="none"),
    pytest.param(False, "", id="false"),
    pytest.param(42, "42", id="int"),
    pytest.param(
        [t"<b>1</b>", "<2>", None, Markup("<i>3</i>")], "<b>1</b>&lt;2&gt;<i>3</i>", id="list"
    ),
    pytest.param((t"<b>{i}</b>" for i in range(2)), "<b>0</b><b>1</b>", id="generator"),
]


@pytest.mark.parametrize(("value", "expected"), RETURN_VALUES)
def test_return_values(value: object, expected: str) -> None:
    assert f"<p>{expected}</p>" == html(t"<p><{Returns} value={value} /></p>")


@pytest.mark.parametrize(
    ("value", "expected"), [case for case in RETURN_VALUES if case.id != "generator"]
)
def test_return_values_checked_then_called(value: object, expected: str) -> None:
    assert [f"<p>{expected}</p>"] * 2 == checked_then_called(t"<p><{Returns} value={value} /></p>")


@dataclass
class Alert:
    """A class-based component: the props are its fields, ``__html__`` renders it."""

    message: str
    level: str = "info"

    def __html__(self) -> str:
        return html(t'<div role="alert" class={["alert", self.level]}>{self.message}</div>')


class Counter:
    """A callable object is a component too: its __call__ takes the props."""

    def __init__(self, start: int) -> None:
        self.start = start

    def __call__(self, *, step: int = 1) -> Template:
        return t"<b>{self.start + step}</b>"


def test_class_based_component_as_a_tag_and_as_a_call() -> None:
    expected = '<div role="alert" class="alert warning">&lt;b&gt;</div>'
    assert expected == html(t'<{Alert} message="<b>" level=warning />')
    assert expected == html(t"{Alert('<b>', 'warning')}")


def test_callable_object_component() -> None:
    counter = Counter(10)
    assert "<b>11</b><b>15</b>" == html(t"<{counter} /><{counter} step={5} />")


def test_bound_method_and_partial_components() -> None:
    badge = partial(Badge, label="p")
    assert '<span class="badge">p</span><span class="badge">q</span>' == html(
        t"<{badge} /><{badge} label=q />"
    )

    class Theme:
        def button(self, *, children: Template) -> Template:
            return t"<button>{children}</button>"

    theme = Theme()
    assert "<button>go</button>" == html(t"<{theme.button}>go</{theme.button}>")


def test_positional_or_keyword_parameters_are_props() -> None:
    def Link(href: str, label: str = "here") -> Template:  # noqa: N802
        return t"<a href={href}>{label}</a>"

    assert '<a href="/x">here</a>' == html(t'<{Link} href="/x" />')


@pytest.mark.fast_path("component-signatures")
def test_signature_is_inspected_once_per_callable() -> None:
    def Fresh(*, a: str) -> str:  # noqa: N802
        return a

    assert all(value == html(t"<{Fresh} a={value} />") for value in ("1", "2", "3"))
    assert 1 == sum(1 for key in _components._signatures if key is Fresh)


def test_annotations_are_not_evaluated() -> None:
    def Later(*, a: NotDefinedAnywhere) -> str:  # type: ignore[name-defined] # noqa: F821, N802
        return str(a)

    assert "1" == html(t"<{Later} a=1 />")


# -- where component tags may stand ----------------------------------------------------------


def Icon(*, name: str) -> Template:  # noqa: N802
    return t'<use href="/icons.svg#{name}"></use>'


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t'<svg viewBox="0 0 8 8"><{Icon} name={x} /></svg>',
            '<svg viewBox="0 0 8 8"><use href="/icons.svg#v"></use></svg>',
            id="in-svg",
        ),
        pytest.param(
            t"<svg><g class={x}><{Card} title=t><circle r={n} /></{Card}></g></svg>",
            '<svg><g class="v"><section class="card card-plain"><h2>t</h2><circle r="3" />'
            "</section></g></svg>",
            id="svg-children",
        ),
        pytest.param(
            t"<div class={['a', x]} data={ {'k': n} } {props}><{Badge} label={x} /></div>",
            '<div class="a v" data-k="3" tone="loud" data_id="7"><span class="badge">v</span>'
            "</div>",
            id="among-attribute-heavy-markup",
        ),
        pytest.param(
            t'<a href="/u/{x}" title={x}><{Badge} label={x} /></a><p title="{x}">{n}</p>',
            '<a href="/u/v" title="v"><span class="badge">v</span></a><p title="v">3</p>',
            id="between-dynamic-tags",
        ),
        pytest.param(
            t"<table><tr><td><{Badge} label=a /></td></tr></table>",
            '<table><tr><td><span class="badge">a</span></td></tr></table>',
            id="in-a-table-cell",
        ),
        pytest.param(
            t"<pre><{Badge} label=a /></pre>",
            '<pre><span class="badge">a</span></pre>',
            id="after-pre",
        ),
    ],
)
def test_where_components_stand(template: Template, expected: str) -> None:
    assert expected == html(template)


def test_component_values_inside_attributes_are_text() -> None:
    # a '<' inside an attribute value starts no tag: the hole is a value of the attribute
    assert '<p title="<v>">x</p>' == html(t'<p title="<{x}>">x</p>')


@pytest.mark.parametrize(
    ("template", "headline"),
    [
        pytest.param(
            t"<title><{Badge} /></title>",
            "interpolation that could complete an end tag inside <title>",
            id="title",
        ),
        pytest.param(
            t"<textarea></{Badge}></textarea>",
            "interpolation that could complete an end tag inside <textarea>",
            id="textarea-end",
        ),
        pytest.param(
            t"<script><{Badge} /></script>",
            "interpolation that could complete an end tag inside <script>",
            id="script",
        ),
    ],
)
def test_component_tags_are_refused_where_text_is_not_markup(
    template: Template, headline: str
) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


# -- the scanner's view ----------------------------------------------------------------------


def test_scanner_collapses_children_into_the_component_token() -> None:
    tokens = scan(t'<div><{Card} title="a" tone={tone}><b>{x}</b></{Card}>{n}</div>').tokens
    assert ["<div>", ComponentToken, TextHole, "</div>"] == [
        token if isinstance(token, str) else type(token) for token in tokens if token != ""
    ]
    component = tokens[2]
    assert isinstance(component, ComponentToken)
    assert (0, 3) == (component.slot, component.close)
    assert ["title", "tone"] == [item.name for item in component.items]  # type: ignore[union-attr]
    assert ["<b>", TextHole, "</b>"] == [
        token if isinstance(token, str) else type(token)
        for token in component.children or ()
        if token != ""
    ]
    assert ((2, 1), (3, 4)) == (component.start, component.end)


def test_scanner_self_closing_component_has_no_children() -> None:
    [token] = [token for token in scan(t"<{Badge} label=a />").tokens if token != ""]
    assert isinstance(token, ComponentToken)
    assert (None, -1) == (token.children, token.close)


def test_a_template_with_a_component_still_checks_its_children_at_compile_time() -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(t'<{Card} title="x"><a href="java{x}">y</a></{Card}>')
    assert "url-scheme" == info.value.anchor
    assert info.value.location is not None
    assert 1 == info.value.location.slot  # in this template, not in the children's


# -- errors (their full messages are in test_errors.py) ----------------------------------------


def Strict(*, a: str, b: str = "") -> str:  # noqa: N802
    return a + b


def Empty() -> str:  # noqa: N802
    return "e"


def positional(a: str, /) -> str:
    return a


@pytest.mark.parametrize(
    ("render", "error", "anchor"),
    [
        pytest.param(lambda: html(t"<{Strict} />"), RenderError, "missing-prop", id="missing"),
        pytest.param(
            lambda: html(t"<{Strict} a=1 c=2 />"), RenderError, "unknown-prop", id="unknown"
        ),
        pytest.param(
            lambda: html(t"<{Strict} { {'a': 1, 'z': 2} } />"),
            RenderError,
            "unknown-prop",
            id="unknown-from-spread",
        ),
        pytest.param(
            lambda: html(t"<{Empty}>x</{Empty}>"), RenderError, "component-children", id="children"
        ),
        pytest.param(lambda: html(t"<{x} />"), RenderError, "not-a-component", id="str"),
        pytest.param(lambda: html(t"<{none} />"), RenderError, "not-a-component", id="none"),
        pytest.param(
            lambda: html(t"<{positional} a=1 />"),
            RenderError,
            "component-signature",
            id="positional-only",
        ),
        pytest.param(
            lambda: html(t"<{Strict} {[1]} />"), RenderError, "component-spread", id="spread-list"
        ),
        pytest.param(
            lambda: html(t"<{Strict} { {1: 2} } />"),
            RenderError,
            "component-spread",
            id="spread-key",
        ),
        pytest.param(
            lambda: html(t"<{Strict}>a</{Strict}"),
            TemplateSyntaxError,
            "unclosed",
            id="end-tag-unclosed",
        ),
        pytest.param(lambda: html(t"<{Card}"), TemplateSyntaxError, "unclosed", id="start-open"),
        pytest.param(
            lambda: html(t"<{Card} title=x>"), TemplateSyntaxError, "component-close", id="open"
        ),
        pytest.param(
            lambda: html(t"<{Card} title=x></{Badge}>"),
            TemplateSyntaxError,
            "component-close",
            id="mismatch",
        ),
        pytest.param(
            lambda: html(t"</{Card}>"), TemplateSyntaxError, "component-close", id="stray-close"
        ),
        pytest.param(
            lambda: html(t"<{Card}title=x />"), TemplateSyntaxError, "component-tag", id="glued"
        ),
        pytest.param(
            lambda: html(t"<{Card}{props} />"),
            TemplateSyntaxError,
            "component-tag",
            id="glued-spread",
        ),
        pytest.param(
            lambda: html(t"<{Card} title=x>y</{Card} x>"),
            TemplateSyntaxError,
            "component-tag",
            id="end-tag-text",
        ),
        pytest.param(
            lambda: html(t"<{Card} title=x>y</{Card}{x}>"),
            TemplateSyntaxError,
            "component-tag",
            id="end-tag-hole",
        ),
        pytest.param(
            lambda: html(t"<{Card} @click=x />"), TemplateSyntaxError, "component-prop", id="name"
        ),
        pytest.param(
            lambda: html(t"<{Card} a=1 a=2 />"), TemplateSyntaxError, "component-prop", id="twice"
        ),
        pytest.param(
            lambda: html(t"<{Card} data-a=1 data_a=2 />"),
            TemplateSyntaxError,
            "component-prop",
            id="twice-after-dash",
        ),
        pytest.param(
            lambda: html(t"<{Card} children={x}>y</{Card}>"),
            TemplateSyntaxError,
            "component-prop",
            id="children-twice",
        ),
    ],
)
def test_errors(render: Any, error: type[Exception], anchor: str) -> None:
    with pytest.raises(error) as info:
        render()
    assert anchor == info.value.anchor  # type: ignore[attr-defined]


def test_an_end_tag_that_evaluates_to_another_object_is_refused() -> None:
    # the same expression text, two different objects (a template built by hand)
    template = Template("<", Interpolation(Badge, "C"), ">x</", Interpolation(Card, "C"), ">")
    with pytest.raises(RenderError) as info:
        html(template)
    assert "component-close" == info.value.anchor


def test_errors_are_raised_before_the_call() -> None:
    called: list[str] = []

    def Spy(*, a: str) -> str:  # noqa: N802
        called.append(a)
        return a

    with pytest.raises(RenderError):
        html(t"<{Spy} b=1 />")
    with pytest.raises(RenderError):
        html(t"<{Spy} />")
    assert [] == called


def test_a_fixed_error_lets_the_same_tag_render() -> None:
    def render(extra: Mapping[str, object]) -> str:
        return html(t"<{Strict} a=x {extra} />")

    with pytest.raises(RenderError):
        render({"zzz": 1})
    assert "xy" == render({"b": "y"})
    with pytest.raises(RenderError):
        render({"zzz": 1})


def test_one_tag_calling_components_with_and_without_children() -> None:
    def Plain(**props: object) -> str:  # noqa: N802 - takes children only when there are some
        return "children" if "children" in props else "none"

    def Named(*, children: Template) -> str:  # noqa: N802 - always takes them
        return f"named {children.strings!r}"

    def render(component: object) -> str:
        return html(t"<{component} />")

    for _ in range(2):
        assert "none" == render(Plain)
        assert "named (&#39;&#39;,)" == render(Named)


def test_a_checked_tag_rechecks_another_component() -> None:
    def render(component: object) -> str:
        return html(t"<{component} a=x />")

    assert "x" == render(Strict)
    with pytest.raises(RenderError) as info:
        render(Empty)
    assert "unknown-prop" == info.value.anchor
    assert "x" == render(Strict)


@pytest.mark.fast_path("component-verified")
def test_a_checked_tag_calls_its_component_without_checking_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked: list[object] = []
    verify = _components.verify

    def spy(component: object, *args: Any) -> tuple[object, bool]:
        checked.append(component)
        return verify(component, *args)

    monkeypatch.setattr(_components, "verify", spy)
    clear_cache()
    for value in ("1", "2", "3"):
        assert (
            f'<div><section class="card card-plain"><h2>{value}</h2>'
            f'<span class="badge">{value}</span></section></div>'
        ) == html(t"<div><{Card} title={value}><{Badge} label={value} /></{Card}></div>")
    assert [Card, Badge] == checked
    assert 2 == len(checked_then_called(t"<{Props} {props} />"))  # a spread: checked each time
    assert [Card, Badge, Props, Props] == checked


def test_a_checked_tag_still_refuses_an_end_tag_naming_another_value() -> None:
    def render(close: object) -> str:
        return html(
            Template("<", Interpolation(Card, "C"), " title=t>x</", Interpolation(close, "C"), ">")
        )

    clear_cache()
    expected = '<section class="card card-plain"><h2>t</h2>x</section>'
    assert expected == render(Card)
    with pytest.raises(RenderError) as info:
        render(Badge)
    assert "component-close" == info.value.anchor
    assert expected == render(Card)


def test_props_named_in_other_scripts_are_passed_as_written() -> None:
    # Python reads a keyword written in source as its NFKC form: \uff58 (fullwidth x) as "x",
    # \ufb01 (the ligature fi) as "fi"; a prop keeps the name the tag gave it
    expected = "<i>fi=2, \uff58=&#39;1&#39;</i>"
    assert [expected] * 2 == checked_then_called(t"<{Props} \uff58=1 fi={2} />")
    assert ["<i>\ufb01=2</i>"] * 2 == checked_then_called(t"<{Props} \ufb01={2} />")


def test_children_of_text_alone_are_one_template() -> None:
    got: list[Template] = []

    def Keep(*, children: Template) -> None:  # noqa: N802
        got.append(children)

    checked_then_called(t"<{Keep}>just <b>text</b></{Keep}>")
    assert [("just <b>text</b>",)] * 2 == [children.strings for children in got]
    assert [(), ()] == [children.interpolations for children in got]


# -- notes: the component stack ----------------------------------------------------------------


def Boom(*, value: object) -> Template:  # noqa: N802
    return t"<p>{value}</p>"


def Middle(*, children: Template) -> Template:  # noqa: N802
    return t"<div>{children}</div>"


def Page() -> Template:  # noqa: N802
    bad = {"k": 1}
    return t"<{Middle}>\n  <{Boom} value={bad} />\n</{Middle}>"


def test_an_error_inside_components_has_a_note_with_the_component_stack() -> None:
    with pytest.raises(RenderError) as info:
        html(t"<main><{Page} /></main>")
    assert [
        "in component Page > Middle > Boom(value={'k': 1}), used here:\n"
        "      <{Boom} value={bad} />\n"
        "       ^^^^^^"
    ] == info.value.__notes__
    assert "dict-in-text" == info.value.anchor


def test_an_exception_of_the_component_itself_gets_the_note() -> None:
    def Fails(*, n: int) -> str:  # noqa: N802
        return str(1 // n)

    with pytest.raises(ZeroDivisionError) as info:
        html(t"<{Middle}><{Fails} n={0} /></{Middle}>")
    assert [
        "in component Middle > Fails(n=0), used here:\n"  # the children of Middle
        "    <{Fails} n={0} />\n"
        "     ^^^^^^^"
    ] == info.value.__notes__


def test_an_error_of_the_call_itself_has_no_note_of_its_own() -> None:
    with pytest.raises(RenderError) as info:
        html(t"<{Strict} />")
    assert not hasattr(info.value, "__notes__")


def test_an_error_of_a_call_inside_a_component_names_the_outer_one() -> None:
    with pytest.raises(RenderError) as info:
        html(t"<{Middle}><{Strict} /></{Middle}>")
    assert [
        "in component Middle(), used here:\n    <{Middle}><{Strict} /></{Middle}>\n     ^^^^^^^^"
    ] == info.value.__notes__


class Loud:
    def __str__(self) -> str:
        raise ValueError("no text")


def Fails(*, n: int) -> str:  # noqa: N802
    return str(1 // n)


@pytest.mark.parametrize(
    ("render", "good", "bad", "note"),
    [
        pytest.param(
            lambda v: html(t"<{Middle}><{Fails} n={v} /></{Middle}>"),
            1,
            0,
            "in component Middle > Fails(n=0), used here:\n    <{Fails} n={v} />\n     ^^^^^^^",
            id="raised-by-the-component",
        ),
        pytest.param(
            lambda v: html(t"<main><{Boom} value={v} /></main>"),
            "ok",
            {"k": 1},
            "in component Boom(value={'k': 1}), used here:\n"
            "    <main><{Boom} value={v} /></main>\n"
            "           ^^^^^^",
            id="raised-rendering-its-template",
        ),
        pytest.param(
            lambda v: html(t"<p><{Returns} value={v} /></p>"),
            "ok",
            {"k": 1},
            "in component Returns(value={'k': 1}), used here:\n"
            "    <p><{Returns} value={v} /></p>\n"
            "        ^^^^^^^^^",
            id="raised-rendering-what-it-returns",
        ),
        pytest.param(
            lambda v: html(t'<{Badge} label="a {v}" />'),
            "ok",
            Loud(),
            None,  # the props are made before the call: not inside the component
            id="raised-making-a-prop",
        ),
    ],
)
def test_errors_are_the_same_when_checked_and_when_called(
    render: Any, good: object, bad: object, note: str | None
) -> None:
    clear_cache()
    raised = []
    for value in (bad, good, bad):  # the first call checks the tag, the others do not
        try:
            render(value)
        except Exception as error:  # any error: compared below
            raised.append((type(error), str(error), getattr(error, "__notes__", None)))
    first, again = raised
    assert first == again
    assert ([note] if note else None) == first[2]


# -- Provider: values for components deep inside -----------------------------------------------

theme = Provider("theme", default="light")
user: Provider[str | None] = Provider("user", default=None)


def Button(*, children: Template) -> Template:  # noqa: N802
    return t'<button class="btn-{theme.get()}">{children}</button>'


def Greeting() -> Template:  # noqa: N802
    who = user.get()
    return t"<p>{who or 'Hello, stranger'}</p>"


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        pytest.param(
            t"<{Button}>a</{Button}>", '<button class="btn-light">a</button>', id="default"
        ),
        pytest.param(
            t'<{theme.provide} value="dark"><{Button}>a</{Button}></{theme.provide}>',
            '<button class="btn-dark">a</button>',
            id="provided",
        ),
        pytest.param(
            t'<{theme.provide} value="dark"><{Middle}><{Button}>a</{Button}></{Middle}>'
            t"</{theme.provide}>",
            '<div><button class="btn-dark">a</button></div>',
            id="deep",
        ),
        pytest.param(
            t'<{theme.provide} value="dark"><{Button}>1</{Button}><{theme.provide} value="red">'
            t"<{Button}>2</{Button}></{theme.provide}><{Button}>3</{Button}></{theme.provide}>"
            t"<{Button}>4</{Button}>",
            '<button class="btn-dark">1</button><button class="btn-red">2</button>'
            '<button class="btn-dark">3</button><button class="btn-light">4</button>',
            id="nested-and-restored",
        ),
        pytest.param(
            t'<{theme.provide} value="dark"><p>{theme.get}</p></{theme.provide}>',
            "<p>dark</p>",
            id="lazy-value-reads-at-render-time",
        ),
        pytest.param(
            t'<{user.provide} value="Ada"><{Greeting} /></{user.provide}><{Greeting} />',
            "<p>Ada</p><p>Hello, stranger</p>",
            id="two-providers",
        ),
    ],
)
def test_provider(template: Template, expected: str) -> None:
    assert expected == html(template)
    assert "light" == theme.get()


def test_provider_as_a_call_and_as_a_context_manager() -> None:
    assert '<button class="btn-x">a</button>' == theme.provide("x", t"<{Button}>a</{Button}>")
    with theme.using("y"):
        assert '<button class="btn-y">a</button>' == html(t"<{Button}>a</{Button}>")
    assert "light" == theme.get()


def test_interpolations_are_evaluated_before_the_provider_runs() -> None:
    # the pitfall of docs/components.md: theme.get() runs when the t-string is built
    assert "<p>light</p>" == html(
        t'<{theme.provide} value="dark"><p>{theme.get()}</p></{theme.provide}>'
    )


def test_provider_is_restored_after_an_error() -> None:
    with pytest.raises(RenderError):
        html(t'<{theme.provide} value="dark"><p>{ {"a": 1} }</p></{theme.provide}>')
    assert "light" == theme.get()


def test_providers_in_two_threads_at_once() -> None:
    both_inside = threading.Barrier(2, timeout=10)
    results: dict[str, str] = {}

    def Wait(*, children: Template) -> Template:  # noqa: N802
        both_inside.wait()  # both threads are inside their provider now
        return t"<i>{theme.get()}</i>{children}"

    def run(value: str) -> None:
        results[value] = html(
            t"<{theme.provide} value={value}><{Wait}><{Button}>b</{Button}></{Wait}>"
            t"</{theme.provide}>"
        )

    threads = [threading.Thread(target=run, args=(value,)) for value in ("red", "blue")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {
        "red": '<i>red</i><button class="btn-red">b</button>',
        "blue": '<i>blue</i><button class="btn-blue">b</button>',
    } == results


def test_providers_in_two_asyncio_tasks_at_once() -> None:
    async def page(value: str, started: asyncio.Event, other: asyncio.Event) -> list[str]:
        out = []
        with theme.using(value):
            out.append(html(t"<{Button}>1</{Button}>"))
            started.set()
            await other.wait()  # the other task provides its own value meanwhile
            out.append(html(t"<{Button}>2</{Button}>"))
        out.append(
            html(t"<{theme.provide} value={value + '!'}><{Button}>3</{Button}></{theme.provide}>")
        )
        return out

    async def main() -> list[list[str]]:
        a, b = asyncio.Event(), asyncio.Event()
        return await asyncio.gather(page("red", a, b), page("blue", b, a))

    assert [
        [
            '<button class="btn-red">1</button>',
            '<button class="btn-red">2</button>',
            '<button class="btn-red!">3</button>',
        ],
        [
            '<button class="btn-blue">1</button>',
            '<button class="btn-blue">2</button>',
            '<button class="btn-blue!">3</button>',
        ],
    ] == asyncio.run(main())
    assert "light" == theme.get()


def test_provider_repr() -> None:
    assert "Provider('theme', value='light')" == repr(theme)


def test_components_and_plain_calls_render_the_same() -> None:
    def items() -> Iterator[str]:
        yield from ("a", "<b>")

    tag = html(t'<{Card} title="T"><ul>{[t"<li>{i}</li>" for i in items()]}</ul></{Card}>')
    call = html(t"{Card(title='T', children=t'<ul>{[t"<li>{i}</li>" for i in items()]}</ul>')}")
    assert tag == call


# -- component objects (tdom's class components) ------------------------------------------------


@dataclass
class Hello:
    name: str

    def __call__(self) -> Template:
        return t"<b>{self.name}</b>"


class NeedsArguments:
    def __call__(self, environ: object, start_response: object) -> None:
        raise AssertionError("never called")


def test_a_component_object_is_called_in_element_content() -> None:
    assert html(t'<p><{Hello} name="<Ann>" /></p>') == "<p><b>&lt;Ann&gt;</b></p>"
    assert html(t"<p>{Hello('Bob')}</p>") == "<p><b>Bob</b></p>"
    assert html(t"<ul>{[t'<li>{Hello(n)}</li>' for n in 'xy']}</ul>") == (
        "<ul><li><b>x</b></li><li><b>y</b></li></ul>"
    )
    assert html(t"<title>{Hello('<i>')}</title>") == "<title>&lt;b&gt;&lt;i&gt;&lt;/b&gt;</title>"


def test_a_component_object_that_needs_arguments_is_refused() -> None:
    with pytest.raises(RenderError) as error:
        html(t"<p>{NeedsArguments()}</p>")
    assert str(error.value).splitlines()[0] == (
        "the NeedsArguments object in element content is callable and has no __str__ or "
        "__html__, but its __call__ cannot be called without arguments"
    )
    assert error.value.anchor == "lazy-value"


def test_callable_objects_with_text_of_their_own_are_not_called() -> None:
    class Shown:
        def __call__(self) -> str:
            raise AssertionError("never called")

        def __str__(self) -> str:
            return "<shown>"

    class Marked(Shown):
        def __html__(self) -> str:
            return "<i>marked</i>"

    class Items:
        def __call__(self) -> str:
            raise AssertionError("never called")

        def __iter__(self) -> Iterator[str]:
            return iter(["a", "<b>"])

    assert html(t"<p>{Shown()}|{Marked()}|{Items()}</p>") == (
        "<p>&lt;shown&gt;|<i>marked</i>|a&lt;b&gt;</p>"
    )
    # in an attribute a component object is its str(), as any object: components render in content
    assert html(t"<a title={Hello('x')}>") == '<a title="Hello(name=&#39;x&#39;)">'
