"""The example apps examples/starlette_app.py and examples/fastapi_app.py, driven with the test
client: the pages, the streamed catalogue, the form, and hostile data shown as text."""

from __future__ import annotations

import http.client
import re
import signal
import time
import urllib.parse
from types import ModuleType
from typing import Any

import html5lib
import pytest
from served import MAKEFILE, closed, free_port, get, served
from starlette.testclient import TestClient

from examples import fastapi_app, starlette_app

HTML = "text/html; charset=utf-8"
APPS = [pytest.param(starlette_app, id="starlette"), pytest.param(fastapi_app, id="fastapi")]


def parse(page: str) -> Any:
    return html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)


def nonce_of(response: object) -> str:
    policy = response.headers["content-security-policy"]  # type: ignore[attr-defined]
    found = re.search(r"'nonce-([^']+)'", policy)
    assert found is not None, policy
    return found[1]


@pytest.fixture(params=APPS)
def example(request: pytest.FixtureRequest) -> ModuleType:
    module: ModuleType = request.param
    return module


def test_the_home_page_shows_hostile_names_as_text(example: ModuleType) -> None:
    client = TestClient(example.create_app())
    start = time.perf_counter()
    response = client.get("/")
    elapsed = time.perf_counter() - start
    assert (200, HTML) == (response.status_code, response.headers["content-type"])
    document = parse(response.text)
    teas = ["".join(li.itertext()) for li in document.iterfind(".//ul[@id='teas']/li")]
    assert [
        "Darjeeling from India: 12 in stock",
        "Lapsang <souchong> from China: sold out",
        "<script>alert('pwned')</script> from \" onmouseover=\"alert(1): 3 in stock",
    ] == teas
    # the one script is the layout's, with the request's nonce
    nonce = nonce_of(response)
    assert [nonce] == [script.get("nonce") for script in document.iterfind(".//script")]
    # three stock look-ups of 50 ms each, at the same time
    assert elapsed < 0.14, f"the page took {elapsed:.3f} s: the look-ups did not run together"


def test_the_catalogue_is_streamed_row_by_row(example: ModuleType) -> None:
    client = TestClient(example.create_app())
    with client.stream("GET", "/catalogue") as response:
        assert (200, HTML) == (response.status_code, response.headers["content-type"])
        assert "content-length" not in response.headers
        chunks = [chunk.decode() for chunk in response.iter_bytes()]
    page = "".join(chunks)
    assert len(chunks) > 1
    assert chunks[0].endswith("<th>Origin</th></tr>")  # the page's head goes out first
    document = parse(page)
    rows = document.findall(".//table//tr")[1:]
    assert 200 == len(rows)
    assert ["3", "<script>alert('pwned')</script>", '" onmouseover="alert(1)'] == [
        "".join(cell.itertext()) for cell in rows[2]
    ]
    assert [] == document.findall(".//td//script")
    assert page.endswith("</body>\n</html>\n")


def test_a_review_is_stored_and_shown(example: ModuleType) -> None:
    client = TestClient(example.create_app())
    name, text = "<b>Brian</b>", "</textarea><script>alert(1)</script>"
    response = client.post("/reviews", data={"name": name, "text": text}, follow_redirects=False)
    assert (303, "/reviews") == (response.status_code, response.headers["location"])
    document = parse(client.get("/reviews").text)
    (review,) = document.findall(".//ul[@id='reviews']/li")
    assert f"{name}: {text}" == "".join(review.itertext())
    assert [] == document.findall(".//ul[@id='reviews']//script")


def test_an_invalid_review_shows_the_form_again(example: ModuleType) -> None:
    client = TestClient(example.create_app())
    name = '" autofocus onfocus="alert(1)'
    response = client.post("/reviews", data={"name": name, "text": "  "})
    assert (400, HTML) == (response.status_code, response.headers["content-type"])
    document = parse(response.text)
    (field,) = document.findall(".//input[@name='name']")
    assert (name, None) == (field.get("value"), field.get("onfocus"))
    errors = ["".join(p.itertext()) for p in document.iterfind(".//p[@class='error']")]
    assert ["Please write a review."] == errors
    assert [] == document.findall(".//ul[@id='reviews']/li")


def test_the_fastapi_app_keeps_its_json_and_openapi() -> None:
    client = TestClient(fastapi_app.create_app())
    assert {"id": 1, "name": "Darjeeling", "origin": "India"} == client.get("/api/teas").json()[0]
    paths = client.get("/openapi.json").json()["paths"]
    html_routes = {
        (path, method)
        for path, operations in paths.items()
        for method, operation in operations.items()
        if "text/html" in operation["responses"]["200"]["content"]
    }
    assert {
        ("/", "get"),
        ("/catalogue", "get"),
        ("/reviews", "get"),
        ("/reviews", "post"),
    } == html_routes


@pytest.mark.parametrize("name", ["starlette", "fastapi"])
def test_the_make_target_serves_the_app_with_uvicorn(name: str) -> None:
    """The command of `make demo-starlette` and `make demo-fastapi`: uvicorn serves the app, the
    form is read (python-multipart, which the extras install), Ctrl-C's SIGINT stops it."""
    module = f"examples.{name}_app:app"
    recipe = f"$(VENV)/bin/uvicorn {module} --host 127.0.0.1 --port $(DEMO_PORT)"
    assert recipe in MAKEFILE
    port = free_port()
    command = ["-m", "uvicorn", module, "--host", "127.0.0.1", "--port", str(port)]
    with served(command, port) as server:
        response = served_get(port)
        assert (200, HTML) == (response[0], response[1]["content-type"])
        nonce = re.search(r"'nonce-([\w-]+)'", response[1]["content-security-policy"])
        assert nonce is not None
        assert f'<script nonce="{nonce[1]}">' in response[2]
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        form = urllib.parse.urlencode({"name": "Ada", "text": "Smoky"})
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        connection.request("POST", "/reviews", body=form, headers=kind)
        posted = connection.getresponse()
        posted.read()
        connection.close()
        assert (303, "/reviews") == (posted.status, posted.getheader("location"))
        server.send_signal(signal.SIGINT)
        assert 0 == server.wait(timeout=10)
        assert closed(port)


def served_get(port: int) -> tuple[int, dict[str, str], str]:
    response = get(port)
    assert response is not None
    return response[0], {key.lower(): value for key, value in response[1].items()}, response[2]
