"""Values in CSS: <style> bodies and style="..." values with text around the hole (issue #3).
Where a hole stands is the CSS lexer's job (tests/lang/test_css_lexer.py); here, what html()
writes."""

from __future__ import annotations

from string.templatelib import Template

import pytest
from markupsafe import Markup

from htmltemplates import UNSAFE_CSS, UNSAFE_URL, RenderError, TemplateSyntaxError, TrustedURL, html

COLOR = "red"
N = 4
EVIL = "red; } body { background: url(javascript:alert(1)) } </style><script>"
QUOTE = "a\"b'</style>\\"
URL = "javascript:alert(1)"
IMG = "/img/a b.png"
FONTS = ["Helvetica", "sans-serif"]

CASES = [
    # property values: the value filter
    pytest.param(t"<style>p {{ color: {COLOR} }}</style>", "<style>p { color: red }</style>"),
    pytest.param(
        t"<style>p {{ margin: {N}px {N}px }}</style>", "<style>p { margin: 4px 4px }</style>"
    ),
    pytest.param(
        t"<style>p {{ color: {EVIL} }}</style>",
        f"<style>p {{ color: {UNSAFE_CSS} }}</style>",
        id="evil",
    ),
    pytest.param(
        t"<style>p {{ width: calc(100% - {N}px) }}</style>",
        "<style>p { width: calc(100% - 4px) }</style>",
        id="inside-calc",
    ),
    pytest.param(
        t"<style>@media (min-width: 1px) {{ p {{ --gap: {N}em }} }}</style>",
        "<style>@media (min-width: 1px) { p { --gap: 4em } }</style>",
        id="custom-property-in-media",
    ),
    pytest.param(
        t"<style>p {{ font-family: {FONTS} }}</style>",
        "<style>p { font-family: Helvetica sans-serif }</style>",
        id="list",
    ),
    pytest.param(
        t"<style>p {{ color: {None} }}</style>", "<style>p { color:  }</style>", id="none"
    ),
    pytest.param(
        t"<style>p {{ color: {Markup('<b>red</b>')} }}</style>",
        "<style>p { color: red }</style>",
        id="markup-text",
    ),
    # strings: hex escapes
    pytest.param(
        t"<style>p::after {{ content: '{QUOTE}' }}</style>",
        "<style>p::after { content: 'a\\22 b\\27 \\3c \\2f style\\3e \\5c ' }</style>",
        id="string",
    ),
    # url(): filtered at the start, encoded after
    pytest.param(
        t"<style>p {{ background: url({URL}) }}</style>",
        f"<style>p {{ background: url({UNSAFE_URL}) }}</style>",
        id="url-start",
    ),
    pytest.param(
        t"<style>p {{ background: url('{IMG}') }}</style>",
        "<style>p { background: url('/img/a\\20 b.png') }</style>",
        id="url-quoted",
    ),
    pytest.param(
        t'<style>p {{ background: url("/img/{IMG}?v={N}") }}</style>',
        '<style>p { background: url("/img//img/a%20b.png?v=4") }</style>',
        id="url-parts",
    ),
    pytest.param(
        t"<style>p {{ background: url({TrustedURL('data:image/png;base64,AAAA')}) }}</style>",
        "<style>p { background: url(data:image/png;base64,AAAA) }</style>",
        id="trusted-url",
    ),
    # in <svg>, a style's character references are decoded: the output has none to decode
    pytest.param(
        t"<svg><style>p {{ fill: {COLOR} }}</style></svg>",
        "<svg><style>p { fill: red }</style></svg>",
        id="svg",
    ),
    # style attributes: the same, then attribute escaping
    pytest.param(
        t'<p style="color: {COLOR}; margin: {N}px">', '<p style="color: red; margin: 4px">'
    ),
    pytest.param(t'<p style="color: {EVIL}">', f'<p style="color: {UNSAFE_CSS}">', id="attr-evil"),
    pytest.param(
        t"<p style=\"font-family: '{QUOTE}'\">",
        "<p style=\"font-family: 'a\\22 b\\27 \\3c \\2f style\\3e \\5c '\">",
        id="attr-string",
    ),
    pytest.param(
        t"<p style='background: url({URL})'>",
        f"<p style='background: url({UNSAFE_URL})'>",
        id="attr-url",
    ),
    pytest.param(
        t'<p style="color: {COLOR}" { {"id": "x"} }>',
        '<p style="color: red" id="x">',
        id="attr-merged",
    ),
    pytest.param(
        t'<p style="margin: 0" style="color: {COLOR}" { {"style": {"top": "1px"}} }>',
        '<p style="margin: 0; color: red; top: 1px">',
        id="attr-merged-styles",
    ),
]


@pytest.mark.parametrize(("template", "expected"), CASES)
def test_values_in_css(template: Template, expected: str) -> None:
    assert expected == html(template)


@pytest.mark.parametrize(
    ("template", "headline"),
    [
        pytest.param(
            t"<style>{COLOR} {{ color: red }}</style>", "interpolation inside a selector in <style>"
        ),
        pytest.param(
            t"<style>p {{ {COLOR}: red }}</style>",
            "interpolation inside a property name in <style>",
        ),
        pytest.param(t"<style>/* {COLOR} */</style>", "interpolation inside a comment in <style>"),
        pytest.param(
            t"<style>@import '{URL}';</style>",
            "interpolation inside the prelude of an at-rule (@import) in <style>",
            id="import",
        ),
        pytest.param(
            t"<style>p {{ color: red !{COLOR} }}</style>",
            "interpolation inside the priority of a declaration (after '!') in <style>",
            id="important",
        ),
        pytest.param(
            t"<style>p {{ color: {COLOR} {{ x: y }} }}</style>",
            "interpolation inside a selector (a declaration that the '{' after it makes a rule) "
            "in <style>",
            id="nested-rule",
        ),
        pytest.param(
            t"<style>p {{ background: url(java{URL}) }}</style>",
            "interpolation that could choose the scheme of the URL in url()",
            id="url-scheme-open",
        ),
        pytest.param(
            t"<style><a href=x>p {{ color: {COLOR} }}</style>",
            "interpolation after markup written in <style>",
            id="markup-in-style",
        ),
        pytest.param(
            t'<p style="{COLOR}: red">',
            "interpolation inside a property name in the style attribute",
        ),
        pytest.param(
            t'<p style="color: red /* {COLOR} */">',
            "interpolation inside a comment in the style attribute",
            id="attr-comment",
        ),
        pytest.param(
            t'<p style="color: &#x5c;{COLOR}">',
            "interpolation inside CSS that the scanner does not judge (after a backslash escape) "
            "in the style attribute",
            id="attr-escape-decoded",
        ),
    ],
)
def test_refused_positions(template: Template, headline: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        html(template)
    assert headline == info.value.headline


@pytest.mark.parametrize(
    ("template", "headline"),
    [
        pytest.param(
            t"<style>p {{ color: { {'a': 1} } }}</style>",
            "no CSS for a value in value position: a dict in a CSS value",
        ),
        pytest.param(
            t"<style>p::after {{ content: '{None}' }}</style>",
            "no CSS for a value in string position: NoneType in a CSS string: "
            "interpolate a str or a number",
        ),
        pytest.param(
            t"<style>p {{ background: url({True}) }}</style>",
            "no CSS for a value in url position: a bool in a CSS url(): "
            "booleans are conditions, not text",
        ),
    ],
)
def test_values_without_css(template: Template, headline: str) -> None:
    with pytest.raises(RenderError) as info:
        html(template)
    assert headline == info.value.headline
    assert "css-value" == info.value.anchor
