"""Rendering costs time linear in the size of the values (docs/security.md, "Limits"): values
that used to take seconds, through a regular expression that read them again from each of their
characters or through a scan of a growing list, render here with their exact output. How the
time grows is measured by ``python -m bench.values``, not here: the suite asserts no timing."""

from string.templatelib import Interpolation, Template

import pytest
from markupsafe import Markup

from htmltemplates import RenderError, TemplateSyntaxError, TrustedResourceURL, html
from htmltemplates.errors import short_repr
from htmltemplates.runtime.escapers import UNSAFE_CSS
from htmltemplates.text import truncate_html

LONG = 80_000


# -- CSS values ---------------------------------------------------------------------------------
# A long run of name characters that no '(' follows was read from each of its characters in
# search of a function name.


def test_a_long_css_value_in_a_style_attribute() -> None:
    value = "a" * LONG
    assert f'<p style="color: {value}">x</p>' == html(t'<p style="color: {value}">x</p>')


def test_a_long_css_value_in_a_style_dict() -> None:
    value = "a" * LONG
    assert f'<p style="color: {value}">x</p>' == html(t"<p style={ {'color': value} }>x</p>")


def test_a_long_css_value_in_a_style_element() -> None:
    value = "a" * LONG
    assert f"<style>p {{ color: {value} }}</style>" == html(
        t"<style>p {{ color: {value} }}</style>"
    )


def test_a_long_css_value_that_calls_a_function_it_may_not() -> None:
    value = "a" * LONG + "(1)"
    assert f'<p style="color: {UNSAFE_CSS}">x</p>' == html(t'<p style="color: {value}">x</p>')


def test_long_css_values_with_allowed_calls_are_kept() -> None:
    value = "calc(1px + 2px) " * 5_000
    assert f'<p style="width: {value}">x</p>' == html(t'<p style="width: {value}">x</p>')


# -- import map integrity ------------------------------------------------------------------------
# One pattern for the whole list of hashes, whose "?options" can swallow the next hash, tried
# exponentially many ways of splitting a long value.

SCRIPT = TrustedResourceURL("/static/app.js")


def importmap(integrity: str) -> Template:
    value = {"imports": {"app": SCRIPT}, "integrity": {SCRIPT: integrity}}
    return t'<script type="importmap">{value}</script>'


def test_a_long_integrity_value_that_is_no_hash_list_is_refused() -> None:
    hostile = "sha256-A?" * 2_000 + "é"
    with pytest.raises(RenderError) as info:
        html(importmap(hostile))
    assert str(info.value).startswith(
        f"an import map value that is not a TrustedResourceURL: {short_repr(hostile)}\n"
    )


def test_hashes_separated_by_white_space_are_kept() -> None:
    hashes = "sha256-AAA= sha384-BB/+?opt\tsha512-C"
    assert (
        '<script type="importmap"> {"imports": {"app": "/static/app.js"}, '
        '"integrity": {"/static/app.js": "sha256-AAA= sha384-BB/+?opt\\tsha512-C"}} </script>'
    ) == html(importmap(hashes))


def test_hashes_run_together_are_one_malformed_hash() -> None:
    # SRI splits the metadata on white space: "sha256-AAAsha384-BBB" is one token, not a hash
    for hashes in ("sha256-AAAsha384-BBB", " sha256-AAA", ""):
        with pytest.raises(RenderError) as info:
            html(importmap(hashes))
        assert str(info.value).startswith(
            f"an import map value that is not a TrustedResourceURL: {hashes!r}\n"
        )


# -- markup whole in an attribute ----------------------------------------------------------------
# A regular expression tried at each '<' read to the end from each of them when no '-->' or '>'
# closed it.


def test_markup_of_comment_openers_in_an_attribute() -> None:
    markup = Markup("<!--" * 40_000)
    assert '<p title="' + "&lt;!--" * 40_000 + '">x</p>' == html(t"<p title={markup}>x</p>")


def test_markup_of_unclosed_tags_in_an_attribute() -> None:
    markup = Markup("a<b" * 40_000)
    assert '<p title="' + "a&lt;b" * 40_000 + '">x</p>' == html(t"<p title={markup}>x</p>")


def test_markup_of_comments_and_tags_in_an_attribute() -> None:
    # (tests/runtime/test_fast_paths.py checks the single pass against its definition, a regular
    # expression, on every small markup)
    markup = Markup("<!-- a --><b>x</b>" * 20_000 + "<!-- open <i>y")
    assert '<p title="' + "x" * 20_000 + 'y">x</p>' == html(t"<p title={markup}>x</p>")


# -- truncate_html -----------------------------------------------------------------------------
# Each end tag looked through the list of open elements.


def test_truncate_html_with_many_open_elements_and_stray_end_tags() -> None:
    count = 40_000
    markup = Markup("<b>" * count + "x" + "</i>" * count + "</b>" * count)
    assert "<b>" * count + "x" + "</b>" * count == truncate_html(markup, 5)


def test_truncate_html_closes_what_a_cut_leaves_open() -> None:
    count = 40_000
    markup = Markup("<b><i>" * count + "abcdef")
    assert "<b><i>" * count + "ab…" + "</i></b>" * count == truncate_html(markup, 3)


# -- many holes in one script ------------------------------------------------------------------
# The JavaScript lexer read the whole script again at each hole.


def many_holes(start: str, separator: str, end: str, count: int) -> Template:
    items: list[str | Interpolation] = [start]
    for k in range(count):
        if k:
            items.append(separator)
        items.append(Interpolation(k, f"v{k}"))
    items.append(end)
    return Template(*items)


def test_two_thousand_holes_in_a_script() -> None:
    template = many_holes("<script>const a = [", ", ", "];</script>", 2_000)
    # a value where an expression goes is written with a space on each side
    expected = "<script>const a = [" + ", ".join(f" {k} " for k in range(2_000)) + "];</script>"
    assert expected == html(template)


def test_two_thousand_holes_in_a_script_string() -> None:
    template = many_holes('<script>const a = "', " ", '";</script>', 2_000)
    expected = '<script>const a = "' + " ".join(map(str, range(2_000))) + '";</script>'
    assert expected == html(template)


def test_two_thousand_holes_in_an_event_handler() -> None:
    template = many_holes('<button onclick="f(', ", ", ')">x</button>', 2_000)
    expected = '<button onclick="f(' + ", ".join(f" {k} " for k in range(2_000)) + ')">x</button>'
    assert expected == html(template)


def test_two_thousand_holes_in_an_htmx_trigger_filter() -> None:
    template = many_holes('<div hx-trigger="click[', " &amp;&amp; ", ']">x</div>', 2_000)
    expected = (
        '<div hx-trigger="click['
        + " &amp;&amp; ".join(f" {k} " for k in range(2_000))
        + ']">x</div>'
    )
    assert expected == html(template)


def test_a_hole_after_many_holes_is_still_judged() -> None:
    template = many_holes("<script>const a = [", ", ", "]; // ", 1_000)
    template = Template(*template, Interpolation("x", "late"), "</script>")
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert str(info.value).startswith(
        "interpolation inside a comment in <script>\n\n"
        "    ...93}, {v994}, {v995}, {v996}, {v997}, {v998}, {v999}]; // {late}</script>\n"
    )
