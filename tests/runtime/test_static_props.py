"""A prop written as text in a component tag is a str: refused for a parameter annotated with a
type that takes no str, judged from the annotations without evaluating them; and an unknown prop
is reported, with the parameter it is close to, before the required prop it leaves missing."""

# no ``from __future__ import annotations`` here: the annotations are objects, except where a
# test writes them as strings on purpose (and test_components.py, which has the import)

import inspect
import typing
from string.templatelib import Template
from typing import Annotated, Any, Literal, NewType, Optional, TypeVar

import pytest

from htmltemplates import RenderError, html
from htmltemplates.runtime import components as _components
from htmltemplates.runtime.annotations import refuses_str, shown

T = TypeVar("T")
UserId = NewType("UserId", int)
Slug = NewType("Slug", str)


@pytest.mark.parametrize(
    "annotation",
    [
        int,
        float,
        bool,
        None,
        float | None,
        Optional[int],  # noqa: UP045 - the typing spelling, on purpose
        list[str],
        dict[str, int],
        Template,
        Literal[1, 2],
        Annotated[int, "meta"],
        UserId,
        "int",
        "int | None",
        "list[str]",
        "None",
    ],
    ids=repr,
)
def test_annotations_that_refuse_text(annotation: Any) -> None:
    assert refuses_str(annotation)


@pytest.mark.parametrize(
    "annotation",
    [
        inspect.Parameter.empty,  # no annotation
        str,
        object,
        Any,
        str | None,
        int | str,
        Optional[str],  # noqa: UP045 - the typing spelling, on purpose
        Literal["a", "b"],
        Literal[1, "a"],
        Annotated[str, "meta"],
        Slug,
        T,
        typing.LiteralString,
        "str",
        "str | None",
        "Undefined",  # a name only a type checker knows
        "Optional[int]",  # not judged: only unions written with | of builtins are
        "int |",  # not Python
    ],
    ids=repr,
)
def test_annotations_that_take_text(annotation: Any) -> None:
    assert not refuses_str(annotation)


def test_annotations_are_shown_as_written() -> None:
    assert [shown(int), shown(float | None), shown(list[int]), shown(Template)] == [
        "int",
        "float | None",
        "list[int]",
        "Template",
    ]
    assert shown("Undefined | None") == "Undefined | None"


def Counter(*, label: str, count: int = 0, ratio: float | None = None) -> Template:  # noqa: N802
    return t"<b>{label}: {count} {ratio}</b>"


# label has no annotation, count one that names nothing (a ForwardRef: not evaluated)
def Loose(*, label, count: Undefined = 0, flag: bool = False) -> Template:  # type: ignore[no-untyped-def, name-defined]  # noqa: F821, N802
    return t"<b>{label} {count} {flag!s}</b>"


@pytest.mark.parametrize(
    ("template", "headline"),
    [
        (
            t"<{Counter} label=a count=3 />",
            "the prop count of Counter is written as text, a str ('3'), but its parameter is "
            "annotated int",
        ),
        (
            t'<{Counter} label=a count="" />',
            "the prop count of Counter is written as text, a str (''), but its parameter is "
            "annotated int",
        ),
        (
            t"<{Counter} label=a ratio=0.5 />",
            "the prop ratio of Counter is written as text, a str ('0.5'), but its parameter is "
            "annotated float | None",
        ),
        (
            t"<{Loose} label=a flag=false />",
            "the prop flag of Loose is written as text, a str ('false'), but its parameter is "
            "annotated bool",
        ),
        (  # hostile text is shown as a repr, escaped nowhere: the message is not HTML
            t"<{Counter} label=a count='<script>' />",
            "the prop count of Counter is written as text, a str ('<script>'), but its "
            "parameter is annotated int",
        ),
    ],
)
def test_text_for_a_parameter_that_takes_no_str_is_refused(
    template: Template, headline: str
) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert info.value.anchor == "static-prop"
    assert info.value.headline == headline


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        (t"<{Counter} label=a count={3} />", "<b>a: 3 </b>"),
        (t'<{Counter} label="a" ratio={0.5} />', "<b>a: 0 0.5</b>"),
        # text with holes is an f-string's str, written on purpose: not checked
        (t'<{Counter} label=a count="{3}" />', "<b>a: 3 </b>"),
        # a whole value is passed as it is, whatever its type
        (t"<{Counter} label=a count={'3'} />", "<b>a: 3 </b>"),
        # unannotated and unresolvable annotations take text; a bare prop is True
        (t"<{Loose} label=1 count=2 flag />", "<b>1 2 True</b>"),
    ],
)
def test_what_is_not_refused(template: Template, expected: str) -> None:
    assert html(template) == expected


@pytest.mark.fast_path("component-signatures")  # (off, each call reads the signature)
def test_annotations_are_read_once_per_component(monkeypatch: pytest.MonkeyPatch) -> None:
    def Fresh(*, label: str, count: int = 0) -> Template:  # noqa: N802
        return t"<i>{label} {count}</i>"

    judged: list[object] = []

    def counting(annotation: object) -> bool:
        judged.append(annotation)
        return refuses_str(annotation)

    monkeypatch.setattr(_components, "refuses_str", counting)
    pages = [html(t"<p><{Fresh} label=x count={n} /><{Fresh} label=y /></p>") for n in range(3)]
    assert (pages[2], judged) == ("<p><i>x 2</i><i>y 0</i></p>", [str, int])  # not per render
    with pytest.raises(RenderError):
        html(t"<{Fresh} label=x count=1 />")
    assert judged == [str, int]


def test_an_unknown_prop_wins_over_the_missing_one_it_was_meant_to_be() -> None:
    with pytest.raises(RenderError) as info:
        html(t'<{Counter} lable="a" />')
    assert info.value.anchor == "unknown-prop"
    assert info.value.headline == "the component Counter takes no prop lable"
    assert info.value.fix == (
        "Did you mean label? Counter takes: label, count, ratio. Check the spelling, or accept "
        "any prop with a **props parameter."
    )


def test_no_guess_when_no_name_is_close() -> None:
    with pytest.raises(RenderError) as info:
        html(t'<{Counter} label="a" colour=red />')
    assert info.value.fix.startswith("Counter takes: label, count, ratio.")
