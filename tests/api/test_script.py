"""script(): a <script> element written as plain JavaScript, with {{ name }} holes."""

from string.templatelib import Interpolation, Template

import pytest

from htmltemplates import TemplateSyntaxError, _script, clear_cache, csp_nonce, html, script

EVIL = "</script><img src=x onerror=alert(1)>'\"`${x}\u2028"
# as a JSON string, and as the text inside a JavaScript string (where '"' is \\u0022 too)
EVIL_JS = (
    '"\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e\\u0027\\"\\u0060\\u0024'
    '{x}\\u2028"'
)
EVIL_TEXT = (
    "\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e\\u0027\\u0022\\u0060"
    "\\u0024{x}\\u2028"
)

INIT = """
document.addEventListener("DOMContentLoaded", () => {
  const cfg = {{ cfg }};
  if (cfg.debug) { console.log(`user: {{ user }}`); }
  greet("{{user}}");
});
"""


def test_the_result_is_the_template_the_source_stands_for() -> None:
    result = script("f({{ a }}, '{{ b }}');", a=1, b="x")
    assert isinstance(result, Template)
    assert result.strings == ("<script>f(", ", '", "');</script>")
    assert [(i.value, i.expression) for i in result.interpolations] == [(1, "a"), ("x", "b")]
    assert html(result) == html(t"<script>f({1}, '{'x'}');</script>")


def test_single_braces_stay_and_each_value_is_escaped_where_it_stands() -> None:
    page = html(t"<body>{script(INIT, cfg={'debug': True, 'name': EVIL}, user=EVIL)}</body>")
    assert page == (
        "<body><script>\n"
        'document.addEventListener("DOMContentLoaded", () => {\n'
        '  const cfg =  {"debug": true, "name": ' + EVIL_JS + "} ;\n"
        "  if (cfg.debug) { console.log(`user: " + EVIL_TEXT + "`); }\n"
        '  greet("' + EVIL_TEXT + '");\n'
        "});\n"
        "</script></body>"
    )


def test_type_and_the_csp_nonce() -> None:
    module = script('import { start } from "/app.js"; start({{ n }});', type="module", n=2)
    with csp_nonce("r4nd0m"):
        assert html(module) == (
            '<script type="module" nonce="r4nd0m">import { start } from "/app.js"; '
            "start( 2 );</script>"
        )
    data = script("{{ data }}", type="application/json", data={"a": "<b>"})
    assert html(data) == '<script type="application/json"> {"a": "\\u003cb\\u003e"} </script>'


def test_a_name_used_twice_takes_one_value() -> None:
    assert html(script("a({{ x }}); b({{x}});", x=[1])) == "<script>a( [1] ); b( [1] );</script>"


@pytest.mark.fast_path("script-splits")
def test_the_source_is_split_once(monkeypatch: pytest.MonkeyPatch) -> None:
    split, splits = _script._split_source, list[tuple[str, str | None]]()
    monkeypatch.setattr(_script, "_split_source", lambda *args: splits.append(args) or split(*args))
    clear_cache()  # (the split of the source, remembered until the caches are cleared)
    assert {("<script>f(", ")</script>")} == {script("f({{ n }})", n=n).strings for n in range(3)}
    assert [("f({{ n }})", None)] == splits


def test_a_hole_where_no_value_is_safe_is_refused_with_its_name() -> None:
    with pytest.raises(TemplateSyntaxError) as error:
        html(script("const r = /^{{ pattern }}$/;", pattern="a"))
    assert str(error.value).splitlines()[:4] == [
        "interpolation inside a regular expression in <script>",
        "",
        "    <script>const r = /^{pattern}$/;</script>",
        "                        ^^^^^^^^^",
    ]


def test_a_value_that_is_not_data_is_refused() -> None:
    with pytest.raises(Exception, match="no JavaScript literal for a value in <script>"):
        html(script("f({{ t }})", t=object()))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: script("f({{ a }})"), TypeError, "script(): no value for a"),
        (lambda: script("f()", a=1), TypeError, "script(): no {{ a }} in the source for a="),
        (
            lambda: script("f({{ a.b }})", a=1),
            ValueError,
            "script(): '{{ a.b }})' is not a hole: a hole is {{ name }}, one Python name, with "
            "its value passed as name=... (no filters: values are written as JavaScript "
            "literals). For JavaScript's own '{{', put a space between the braces.",
        ),
        (lambda: script("f({{ a|tojson }})", a=1), ValueError, "'{{ a|tojson }})' is not a hole"),
        (
            lambda: script('s = "</Script>";'),
            ValueError,
            "script(): the source holds '</script' at character 5, which would end the element "
            "there: write it as '<\\/script' in a JavaScript string",
        ),
        (
            lambda: script("f()", type='module" onload="x'),
            ValueError,
            "script(): type='module\" onload=\"x' is not a script type (module, a MIME type)",
        ),
    ],
)
def test_faults_of_the_call(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        call()  # type: ignore[operator]
    assert message in str(raised.value)


def test_interpolations_are_named_for_errors_and_explain() -> None:
    result = script("f({{ user_id }})", user_id=3)
    (interpolation,) = result.interpolations
    assert isinstance(interpolation, Interpolation)
    assert (interpolation.expression, interpolation.conversion, interpolation.format_spec) == (
        "user_id",
        None,
        "",
    )
