"""The generated plans: their source, its comments, and tracebacks through them."""

import gc
import linecache
import traceback
from string.templatelib import Interpolation, Template

import pytest

from htmltemplates import html
from htmltemplates.compiler.plan import compile_template
from htmltemplates.runtime.cache import is_plan_code

url, name = "/users/1", "Ada"


@pytest.mark.fast_path  # the source of the fast paths
def test_one_piece_per_line_each_hole_named() -> None:
    _render, source, _nesting = compile_template(t'<a href="/u/{url}" title={name}>{name!r}</a>')
    body = source.split("        return (\n")[1].split("        )\n")[0]
    assert [
        "'<a href=\"/u/'",
        "f'{(_str(v0) if (c := v0.__class__) is _int else _url_piece_str(v0, 0, _key0, _PART.PATH) "
        "if c is _str else _url_piece(v0, 0, _key0, _PART.PATH))}'  # {url}: href, URL path",
        "'\"'",
        "f'{(_start0 + _escape_text(v1) + '\"' if (c := v1.__class__) is _str and v1 else "
        "(_bare0 if v1 else '') if c is _bool else _start0 + "
        "_str(v1) + '\"' if c is _int or c is _float else _start0 + _markup_attribute(v1) + "
        "'\"' if c is _Markup else '' if v1 is None or v1 is False else "
        "_bare0 if v1 is True else _render_whole(v1, 1, _ws0, _name0, _key1, '\"', _KIND.PLAIN))}'"
        "  # {name}: title, attribute value (plain)",
        "'>'",
        "f'{(_escape_text(v2) if (c := v2.__class__) is _str else _str(v2) if c is _int or "
        "c is _float else _render_str(v2, 2) if c is _Template else _render_list(v2, 2) if c is "
        "_list else _render_text(v2, 2))}'  # {name}: text",
        "'</a>'",
    ] == [line.strip() for line in body.splitlines()]


def test_a_comment_cannot_break_out_of_its_line() -> None:
    sneaky = Interpolation(name, "a\nb\r\x0cc\u2028d\u00e9\x00" + "x" * 80)
    _render, source, _nesting = compile_template(Template("<p>", sneaky, "</p>"))
    assert source.count("#") == 1
    assert "  # {a b c d\\xe9\\x00" + "x" * 48 + "...}: text\n" in source
    compile(source, "<test>", "exec")  # still valid Python


def test_tracebacks_through_a_plan_show_its_source() -> None:
    def boom() -> str:
        raise ZeroDivisionError("boom")

    with pytest.raises(ZeroDivisionError) as info:
        html(t"<p class=boom>{boom}</p>")  # strings of its own: a plan of its own
    frames = traceback.extract_tb(info.value.__traceback__)
    (frame,) = [frame for frame in frames if is_plan_code(frame.filename)]
    assert frame.line is not None
    assert frame.line.endswith("# {boom}: text")


def test_the_source_of_a_plan_is_forgotten_with_the_plan() -> None:
    render, source, _nesting = compile_template(t"<p>{name}</p>")
    filename = render.__code__.co_filename
    assert is_plan_code(filename)
    assert source.splitlines(True) == linecache.getlines(filename)
    del render
    gc.collect()
    assert filename not in linecache.cache


def test_each_function_a_plan_calls_has_its_own_name() -> None:
    # a plan's source reads like the code: _render_text is render_text, not an alias
    import sys  # noqa: PLC0415 - (imported here: the lines above keep their numbers)
    from types import FunctionType  # noqa: PLC0415

    from htmltemplates.compiler.emit import _GLOBALS  # noqa: PLC0415

    functions = {name: value for name, value in _GLOBALS.items() if isinstance(value, FunctionType)}
    assert len(functions) > 30
    for name, function in functions.items():  # (a function made by a factory: its module's name)
        module = vars(sys.modules[function.__module__])
        assert function is module.get(name[1:]), name
