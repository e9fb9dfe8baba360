"""The example Django project (examples/django_app) driven with Django's test client, with its
own settings laid over the tests' (tests/support/django_settings.py)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import html5lib
import pytest
from django.test import Client
from django_settings import settings_of, use
from served import MAKEFILE, closed, free_port, get, served

from examples.django_app import settings as example_settings
from examples.django_app.views import CATALOGUE_SIZE

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module", autouse=True)
def project() -> Iterator[None]:
    with use(**settings_of(example_settings)):
        yield


def nonce(response: object) -> str:
    policy = response.headers["Content-Security-Policy"]  # type: ignore[attr-defined]
    match = re.fullmatch(
        r"default-src 'self'; script-src 'self' 'nonce-([\w-]+)'; "
        r"style-src 'self' 'nonce-\1'",
        policy,
    )
    assert match is not None, policy
    return match[1]


def test_the_home_page_is_a_template_of_the_backend() -> None:
    response = Client().get("/")
    assert response.status_code == 200
    assert ["examples.django_app.pages:home"] == [t.name for t in response.templates]
    page = response.content.decode()
    assert '<link rel="stylesheet" href="/static/site.css">' in page
    assert f'<script nonce="{nonce(response)}">document.body.dataset.ready' in page
    assert "<main>\n\n<h1>Welcome</h1>" in page


def test_an_order_shows_a_message_after_the_redirect() -> None:
    client = Client(enforce_csrf_checks=True)
    form = client.get("/order/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', form)
    assert token is not None
    assert '<input type="number" name="quantity" value="1" min="1" max="10"' in form
    assert 403 == client.post("/order/", {"item": "Spam", "quantity": 2}).status_code
    data = {"item": "<Spam>", "quantity": 2, "csrfmiddlewaretoken": token[1]}
    response = client.post("/order/", data, follow=True)
    assert [("/order/", 302)] == response.redirect_chain
    assert (
        '<ul class="messages"><li class="success">Thank you! 2 of &lt;Spam&gt; ordered.</li></ul>'
    ) in response.content.decode()
    # shown once
    assert '<ul class="messages">' not in client.get("/order/").content.decode()


def test_an_invalid_order_shows_the_form_again_with_djangos_errors() -> None:
    client = Client()
    hostile = '"><script>alert(1)</script>'
    response = client.post("/order/", {"item": hostile, "quantity": 11})
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        '<input type="text" name="item" value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'
        in page
    )
    assert "Ensure this value is less than or equal to 10." in page
    document = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    assert ['document.body.dataset.ready = "yes";'] == [
        script.text for script in document.iter("script")
    ]


def test_the_catalogue_is_streamed() -> None:
    response = Client().get("/catalogue/")
    assert response.streaming
    chunks = [chunk.decode() for chunk in response]
    assert len(chunks) > 1
    page = "".join(chunks)
    assert page.endswith(
        f'</footer>\n<script nonce="{nonce(response)}">document.body.dataset.ready = "yes";'
        f'</script>\n<script nonce="{nonce(response)}">\n'
        'document.body.dataset.rows = document.querySelectorAll("tbody tr").length;\n'
        "</script>\n</body>\n</html>\n"
    )
    assert page.count("<tr><td>") == CATALOGUE_SIZE
    assert "<tr><td>&lt;script&gt;alert(&#39;a product named by a visitor&#39;)" in page
    assert "<tr><td>Product 499</td><td>124.75</td></tr>" in page


def test_hello_escapes_the_name() -> None:
    response = Client().get("/hello/<b>/")
    assert "<h1>Hello, &lt;b&gt;!</h1>" in response.content.decode()


def manage(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``python examples/django_app/manage.py ARGUMENTS`` from the repository root, with the
    example's own settings (the command's default)."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    command = [sys.executable, "examples/django_app/manage.py", *arguments]
    return subprocess.run(
        command, check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_the_system_checks_find_nothing() -> None:
    """What runserver checks at each start: no security.W027 (Django 6.1 warns when CSP.NONCE
    is in the policy and no template backend lists the csp context processor)."""
    result = manage("check")
    assert (0, "System check identified no issues (0 silenced).\n", "") == (
        result.returncode,
        result.stdout,
        result.stderr,
    )


def test_the_deploy_checks_name_only_what_a_development_project_sets() -> None:
    """DEBUG, the example's key, no HTTPS settings: what `check --deploy` must flag in a
    project meant for 127.0.0.1; and no W027."""
    result = manage("check", "--deploy")
    assert 0 == result.returncode
    assert ["W004", "W008", "W009", "W011", "W016", "W018"] == re.findall(
        r"^\?: \(security\.(W\d+)\)", result.stderr, re.MULTILINE
    )


def test_the_make_target_serves_the_project() -> None:
    """The command of `make demo-django`: runserver (with its reloader) serves the project, and
    Ctrl-C's SIGINT stops it and its child."""
    assert "$(PY) examples/django_app/manage.py runserver 127.0.0.1:$(DEMO_PORT)" in MAKEFILE
    port = free_port()
    with served(
        ["examples/django_app/manage.py", "runserver", f"127.0.0.1:{port}"], port
    ) as server:
        response = get(port)
        assert response is not None
        status, headers, page = response
        assert 200 == status
        assert f'<script nonce="{nonce_of_header(headers)}">' in page
        server.send_signal(signal.SIGINT)
        assert 0 == server.wait(timeout=10)
        assert closed(port)


def nonce_of_header(headers: dict[str, str]) -> str:
    found = re.search(r"'nonce-([\w-]+)'", headers["Content-Security-Policy"])
    assert found is not None
    return found[1]
