"""The example guestbook (examples/guestbook, what `make demo` runs): its pages, form and
fragment, its Content-Security-Policy and its CSRF check.

Each test gets a fresh app with its own instance folder under tmp_path. Pages are judged with
html5lib (hostile.parse), never by our own scanner. The form is sent as a browser sends it:
with the CSRF token of the page (``sign``).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import flask
import pytest
from flask.testing import FlaskClient
from hostile import BREAKOUT, JS_URL, SCRIPT, SCRIPT_ESCAPED, parse, structure
from werkzeug.test import TestResponse

from examples.guestbook import POLICY, create_app, db

ROOT = Path(__file__).parents[2]
HTML = "text/html; charset=utf-8"
HOSTILE = {"name": SCRIPT, "message": BREAKOUT, "website": JS_URL}


@pytest.fixture
def app(tmp_path: Path) -> flask.Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test"}, instance_path=tmp_path / "inst")


@pytest.fixture
def client(app: flask.Flask) -> Iterator[FlaskClient]:
    with app.test_client() as client:
        yield client


def add(app: flask.Flask, name: str, message: str, website: str = "", minute: int = 0) -> int:
    with app.app_context():
        return db.add_entry(name, message, website, datetime(2025, 5, 17, 9, minute, tzinfo=UTC))


def document(markup: str) -> ET.Element:
    return parse(markup, container="html")


def entries_of(page: ET.Element) -> list[ET.Element]:
    return page.findall(".//li[@class='entry']")


def text(element: ET.Element | None) -> str:
    assert element is not None
    return "".join(element.itertext())


def csrf_token(client: FlaskClient) -> str:
    """The token of the form on the home page, as a visitor's browser gets it."""
    page = document(client.get("/").get_data(as_text=True))
    [hidden] = page.findall(".//form/input[@type='hidden']")
    assert "csrf_token" == hidden.get("name")
    token = hidden.get("value")
    assert token is not None
    return token


def sign(client: FlaskClient, data: dict[str, str], url: str = "/") -> TestResponse:
    """POST the form with the page's CSRF token, as a browser sends it."""
    return client.post(url, data={**data, "csrf_token": csrf_token(client)})


def nonce_of(response: TestResponse) -> str:
    """The nonce of the response's Content-Security-Policy, which must be POLICY's."""
    policy = response.headers["Content-Security-Policy"]
    found = re.fullmatch(
        r"default-src 'self'; script-src 'nonce-([\w-]{22})'; style-src 'self'; "
        r"base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        policy,
    )
    assert found is not None, policy
    assert POLICY.replace("{nonce}", found[1]) == policy
    return found[1]


# -- the database -----------------------------------------------------------------------------


def test_database_is_created_under_the_instance_folder_on_first_use(
    app: flask.Flask, client: FlaskClient, tmp_path: Path
) -> None:
    assert not (tmp_path / "inst").exists()  # creating the app touches no file
    assert 200 == client.get("/").status_code
    assert (tmp_path / "inst" / "guestbook.sqlite").is_file()
    assert str(tmp_path / "inst" / "guestbook.sqlite") == app.config["DATABASE"]


def test_entries_are_stored_as_typed(app: flask.Flask, client: FlaskClient) -> None:
    sign(client, {key: f"  {value}  " for key, value in HOSTILE.items()})
    with app.app_context():
        (entry,) = db.list_entries()
    assert (SCRIPT, BREAKOUT, JS_URL) == (entry.name, entry.message, entry.website)


# -- pages ------------------------------------------------------------------------------------


def test_the_empty_guestbook(client: FlaskClient) -> None:
    response = client.get("/")
    assert (200, HTML) == (response.status_code, response.content_type)
    page = document(response.get_data(as_text=True))
    assert "Guestbook" == text(page.find(".//title"))
    assert "0 entries" == text(page.find(".//section[@id='entries']/h2"))
    assert "No entries yet: be the first to sign!" == text(page.find(".//p[@class='empty']"))
    assert [] == page.findall(".//ul[@class='flashes']")
    [form] = page.findall(".//form")
    assert ("post", "/") == (form.get("method"), form.get("action"))
    assert ["csrf_token", "name", "message", "website"] == [
        field.get("name") for field in form.iter() if field.tag in {"input", "textarea"}
    ]
    assert ["/static/guestbook.css"] == [link.get("href") for link in page.iter("link")]


def test_an_entry_exactly(app: flask.Flask, client: FlaskClient) -> None:
    add(app, "Arthur", "Ni!\nNi!", "https://example.com/grail", minute=5)
    assert (
        '<section id="entries">\n'
        "<h2>1 entry</h2>\n"
        '<button type="button" data-refresh hx-get="/entries" hx-target="#entries"\n'
        '  hx-swap="outerHTML">Refresh</button>\n'
        '<ol class="entries">\n'
        '<li class="entry" id="entry-1">\n'
        '  <p class="byline"><strong>Arthur</strong> · <a href="https://example.com/grail"'
        ' rel="nofollow ugc">https://example.com/grail</a>\n'
        '    · <time datetime="2025-05-17T09:05:00+00:00">17 May 2025, 09:05 UTC</time></p>\n'
        '  <p class="message">Ni!\nNi!</p>\n'
        "</li>\n"
        "</ol>\n"
        "</section>"
    ) == client.get("/entries").get_data(as_text=True)


def test_entries_newest_first(app: flask.Flask, client: FlaskClient) -> None:
    for minute, name in enumerate(["Arthur", "Lancelot", "Robin"]):
        add(app, name, "Ni!", minute=minute)
    page = document(client.get("/").get_data(as_text=True))
    assert "3 entries" == text(page.find(".//section[@id='entries']/h2"))
    names = [text(entry.find(".//strong")) for entry in entries_of(page)]
    assert ["Robin", "Lancelot", "Arthur"] == names


def test_the_fragment_is_the_list_part_of_the_page(app: flask.Flask, client: FlaskClient) -> None:
    add(app, "Arthur", "Ni!", "https://example.com", minute=1)
    add(app, SCRIPT, BREAKOUT, JS_URL, minute=2)
    fragment = client.get("/entries")
    assert (200, HTML) == (fragment.status_code, fragment.content_type)
    body = fragment.get_data(as_text=True)
    page = client.get("/").get_data(as_text=True)
    assert body.startswith('<section id="entries"')
    assert 1 == page.count(body)
    assert page.index('<section id="entries"') == page.index(body)


def test_a_missing_page(client: FlaskClient) -> None:
    response = client.get("/<nope>")
    assert (404, HTML) == (response.status_code, response.content_type)
    page = document(response.get_data(as_text=True))
    assert "Page not found · Guestbook" == text(page.find(".//title"))
    assert "There is no page at /<nope>. Back to the guestbook." == " ".join(
        text(page.find(".//main/p")).split()
    )


def test_static_files_are_served(client: FlaskClient) -> None:
    for name in ["guestbook.css", "htmx.min.js"]:
        response = client.get(f"/static/{name}")
        assert 200 == response.status_code
        response.close()


# -- the form ---------------------------------------------------------------------------------


def test_signing_flashes_thanks_and_redirects_to_the_entry(client: FlaskClient) -> None:
    response = sign(client, {"name": "Arthur", "message": "Ni!", "website": ""})
    assert (302, "/#entry-1") == (response.status_code, response.location)
    page = client.get("/").get_data(as_text=True)
    assert (
        '<ul class="flashes"><li class="success">Thank you for signing, Arthur!</li></ul>' in page
    )
    assert "flashes" not in client.get("/").get_data(as_text=True)  # shown once
    entry = entries_of(document(page))[0]
    assert [] == entry.findall(".//a")  # no website, no link


def test_hostile_input_is_shown_as_text(client: FlaskClient) -> None:
    sign(client, {"name": "Arthur", "message": "Ni!", "website": "https://example.com"})
    client.get("/")  # shows (and so clears) the first thanks
    sign(client, HOSTILE)
    response = client.get("/")
    markup = response.get_data(as_text=True)
    page = document(markup)
    hostile, benign = entries_of(page)
    # the same elements and attributes as a harmless entry: nothing injected
    assert structure(ET.tostring(benign, encoding="unicode")) == structure(
        ET.tostring(hostile, encoding="unicode")
    )
    assert SCRIPT == text(hostile.find(".//strong"))
    assert BREAKOUT == text(hostile.find(".//p[@class='message']"))
    link = hostile.find(".//a")
    assert link is not None
    assert ("about:invalid#htmltemplates", JS_URL) == (link.get("href"), text(link))
    # the only scripts are the page's own; the flashed thanks is text too
    nonce = nonce_of(response)
    assert [{"src": "/static/htmx.min.js", "defer": "", "nonce": nonce}, {"nonce": nonce}] == [
        script.attrib for script in page.iter("script")
    ]
    assert f"Thank you for signing, {SCRIPT}!" == text(page.find(".//ul[@class='flashes']/li"))
    assert f"Thank you for signing, {SCRIPT_ESCAPED}!" in markup


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        pytest.param(
            {"name": "", "message": "", "website": ""},
            {"name": "Please enter your name.", "message": "Please write a message."},
            id="empty",
        ),
        pytest.param(
            {"name": "   ", "message": SCRIPT, "website": JS_URL},
            {"name": "Please enter your name."},
            id="blank-name",
        ),
        pytest.param(
            {"name": BREAKOUT, "message": "\n\t", "website": ""},
            {"message": "Please write a message."},
            id="blank-message",
        ),
        pytest.param(
            {"name": "x" * 61, "message": "m" * 2001, "website": "w" * 201},
            {
                "name": "Your name can be at most 60 characters long.",
                "message": "Your message can be at most 2000 characters long.",
                "website": "The website can be at most 200 characters long.",
            },
            id="too-long",
        ),
    ],
)
def test_invalid_input_shows_the_form_again(
    app: flask.Flask, client: FlaskClient, data: dict[str, str], errors: dict[str, str]
) -> None:
    response = sign(client, data)
    assert (400, HTML) == (response.status_code, response.content_type)
    page = document(response.get_data(as_text=True))
    [form] = page.findall(".//form")
    # the values as typed (less surrounding whitespace), hostile ones included
    values = {
        field.get("name"): field.get("value")
        for field in form.iter("input")
        if field.get("type") != "hidden"
    }
    values["message"] = text(form.find(".//textarea"))
    assert {key: value.strip() for key, value in data.items()} == values
    shown = {p.get("id", "").removesuffix("-error"): text(p) for p in form.iter("p")}
    assert errors == shown
    for field in form.iter():
        if field.tag in {"input", "textarea"}:
            name = field.get("name")
            expected = ("true", f"{name}-error") if name in errors else (None, None)
            assert expected == (field.get("aria-invalid"), field.get("aria-describedby"))
    nonce = nonce_of(response)
    assert [{"src": "/static/htmx.min.js", "defer": "", "nonce": nonce}, {"nonce": nonce}] == [
        script.attrib for script in page.iter("script")
    ]
    with app.app_context():
        assert [] == db.list_entries()  # nothing stored


def test_invalid_input_keeps_the_entries_listed(app: flask.Flask, client: FlaskClient) -> None:
    add(app, "Arthur", "Ni!")
    page = document(sign(client, {"name": "", "message": "x"}).get_data(as_text=True))
    assert ["Arthur"] == [text(e.find(".//strong")) for e in entries_of(page)]


# -- the Content-Security-Policy -----------------------------------------------------------------


def test_every_response_has_the_policy_with_a_nonce_of_its_own(client: FlaskClient) -> None:
    responses = [
        client.get("/"),
        client.get("/entries"),
        client.get("/<nope>"),
        sign(client, {"name": "", "message": ""}),  # 400: the form again
        sign(client, {"name": "Arthur", "message": "Ni!"}),  # 302
        client.post("/", data={"name": "Arthur", "message": "Ni!"}),  # 400: no token
    ]
    assert [200, 200, 404, 400, 302, 400] == [response.status_code for response in responses]
    nonces = [nonce_of(response) for response in responses]
    assert len(responses) == len(set(nonces))


def test_the_pages_scripts_carry_the_nonce_and_nothing_else_needs_one(client: FlaskClient) -> None:
    response = client.get("/")
    nonce = nonce_of(response)
    markup = response.get_data(as_text=True)
    page = document(markup)
    assert [{"src": "/static/htmx.min.js", "defer": "", "nonce": nonce}, {"nonce": nonce}] == [
        script.attrib for script in page.iter("script")
    ]
    # what the policy would block: inline styles, style and event handler attributes, hx-on
    assert [] == list(page.iter("style"))
    assert [] == [
        (element.tag, name)
        for element in page.iter()
        for name in element.attrib
        if name == "style" or name.startswith(("on", "hx-on"))
    ]
    # htmx evaluates no attribute (that needs 'unsafe-eval') and adds no <style> of its own
    [config] = page.findall(".//meta[@name='htmx-config']")
    assert {"allowEval": False, "includeIndicatorStyles": False} == json.loads(
        config.get("content", "")
    )
    # the inline script relabels the Refresh button; the label is a JavaScript string
    assert (
        f'<script nonce="{nonce}">\n'
        'document.addEventListener("htmx:beforeRequest", (event) => {\n'
        '  if (event.target.matches("[data-refresh]")) event.target.textContent = '
        ' "Refreshing…" ;\n'
        "});\n"
        "</script>\n"
        "</main>"
    ) in markup


# -- the CSRF check ---------------------------------------------------------------------------


def test_the_form_carries_a_csrf_token(client: FlaskClient) -> None:
    page = document(client.get("/").get_data(as_text=True))
    [form] = page.findall(".//form")
    hidden = form[0]  # the form's first element
    token = hidden.get("value", "")
    assert {"type": "hidden", "name": "csrf_token", "value": token} == hidden.attrib
    assert re.fullmatch(r"[\w-]+\.[\w-]+\.[\w-]+", token)  # Flask-WTF's signed token


@pytest.mark.parametrize("token", [None, "", "forged", "another session's"])
def test_a_post_without_the_sessions_token_is_refused(
    app: flask.Flask, client: FlaskClient, token: str | None
) -> None:
    data = {"name": "Arthur", "message": "Ni!", "website": ""}
    if token is not None:
        if token == "another session's":
            # before this client's first request: the client of the fixture keeps the context
            # of its last request, whose g (where Flask-WTF keeps the request's token) the
            # request of another client would share
            token = csrf_token(app.test_client())
        client.get("/")  # the session has a token of its own
        data["csrf_token"] = token
    response = client.post("/", data=data)
    assert (400, HTML) == (response.status_code, response.content_type)
    nonce_of(response)
    page = document(response.get_data(as_text=True))
    assert "Form refused · Guestbook" == text(page.find(".//title"))
    assert "Form refused" == text(page.find(".//h1"))
    assert (
        "The form had expired, or it was sent from another site: nothing was stored. "
        "Back to the guestbook."
    ) == " ".join(text(page.find(".//main/p")).split())
    with app.app_context():
        assert [] == db.list_entries()
    assert "flashes" not in client.get("/").get_data(as_text=True)  # no thanks either


def test_a_post_with_the_sessions_token_is_accepted(app: flask.Flask, client: FlaskClient) -> None:
    token = csrf_token(client)
    data = {"name": "Arthur", "message": "Ni!", "website": "", "csrf_token": token}
    assert (302, "/#entry-1") == (
        (response := client.post("/", data=data)).status_code,
        response.location,
    )
    with app.app_context():
        assert ["Arthur"] == [entry.name for entry in db.list_entries()]


def test_the_refusal_is_in_the_visitors_language(client: FlaskClient) -> None:
    response = client.post("/?lang=fr", data={"name": "Arthur", "message": "Ni!"})
    assert 400 == response.status_code
    page = document(response.get_data(as_text=True))
    assert "Formulaire refusé" == text(page.find(".//h1"))


# -- make demo ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_make_demo_serves_the_guestbook(tmp_path: Path) -> None:
    """The command of the Makefile's demo target, on a free port, with the database in tmp."""
    makefile = (ROOT / "Makefile").read_text()
    assert "-m flask --app examples.guestbook run --host 127.0.0.1 --port $(DEMO_PORT)" in makefile
    port = free_port()
    env = {**os.environ, "FLASK_DATABASE": str(tmp_path / "demo.sqlite")}
    command = [sys.executable, "-m", "flask", "--app", "examples.guestbook", "run"]
    server = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/entries", timeout=2) as r:
                    body = r.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.1)
        assert body.startswith('<section id="entries"')
        assert (tmp_path / "demo.sqlite").is_file()
    finally:
        server.terminate()
        server.wait(timeout=10)
