"""The idiom workloads of the benchmark render what their baselines render, byte for byte, and
what Jinja2 and tdom render, as HTML; one render each, no timing."""

from pathlib import Path

import flask_wtf.csrf  # type: ignore[import-untyped]
import pytest

from bench import where
from bench.cli import _check
from bench.core import NotApplicable, Workload
from bench.equality import canonical
from bench.workloads import WORKLOADS
from bench.workloads import app as app_workload
from examples.guestbook import components, create_app
from htmltemplates import html

IDIOMS = ["whole", "classes", "styles", "spreads", "urls", "scripts", "library", "app"]


@pytest.mark.parametrize("name", IDIOMS)
def test_every_engine_renders_the_same_page(name: str) -> None:
    workload = WORKLOADS[name]
    assert workload.exact
    renderers = workload.setup()
    ours = renderers["htmltemplates"]
    baseline = renderers["baseline"]
    assert not isinstance(ours, NotApplicable)
    assert not isinstance(baseline, NotApplicable)
    expected = ours()
    assert baseline() == expected
    for engine in ("jinja2", "tdom"):
        render = renderers[engine]
        if not isinstance(render, NotApplicable):
            form = canonical(expected, document=workload.document)
            assert canonical(render(), document=workload.document) == form, engine
    assert _check(workload, dict(renderers)) == []


def test_the_check_refuses_a_baseline_that_differs_only_in_bytes() -> None:
    workload = Workload(
        name="quotes",
        description="",
        document=False,
        setup=lambda: {},
        exact=True,
    )
    renderers = {
        "baseline": lambda: "<p class=a>x</p>",
        "htmltemplates": lambda: '<p class="a">x</p>',
    }
    (problem,) = _check(workload, dict(renderers))
    assert problem.startswith("quotes/baseline is not byte for byte what htmltemplates renders")
    inexact = Workload(name="quotes", description="", document=False, setup=lambda: {})
    assert _check(inexact, dict(renderers)) == []


def test_the_app_workload_is_the_guestbook_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workload reproduces the guestbook's page with its URLs and CSRF token as constants:
    in a request, the guestbook's own guestbook_page renders the same bytes (given the same
    token: the session's is random)."""
    guestbook = app_workload.make_guestbook()
    flask_app = create_app({"TESTING": True, "SECRET_KEY": "test"}, instance_path=tmp_path)
    monkeypatch.setattr(flask_wtf.csrf, "generate_csrf", lambda: app_workload.CSRF_TOKEN)
    with flask_app.test_request_context("/"):
        real = html(components.guestbook_page(guestbook.entries, guestbook.draft, guestbook.errors))
    assert html(app_workload.page(guestbook)) == real
    assert 'aria-invalid="true"' in real
    assert '<a href="about:invalid#htmltemplates" rel="nofollow ugc">' in real
    assert f'<input type="hidden" name="csrf_token" value="{app_workload.CSRF_TOKEN}">' in real


def test_where_the_time_goes_adds_up_and_finds_the_plans() -> None:
    found = where.shares("tiny", renders=5)
    assert list(found) == list(where.KINDS)
    assert sum(found.values()) == pytest.approx(1.0)
    assert min(found["plans"], found["escaping"], found["workload"]) > 0
