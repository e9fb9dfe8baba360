"""An example app's command, run as `make demo-*` runs it, for the tests that check that it
serves and that a signal stops it (tests/examples/test_quart_app.py, test_starlette_examples.py,
test_django_example.py)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).parents[2]
MAKEFILE = (ROOT / "Makefile").read_text()

# Runs the command after it with SIGINT handled as given: ignored, as `command &` leaves it in a
# script (an ignored signal stays ignored across exec()), or at its default, as in a terminal,
# whatever the test run itself was started with (a background job ignores SIGINT).
WITH_SIGINT = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.{}); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def get(port: int, path: str = "/") -> tuple[int, dict[str, str], str] | None:
    """The status, headers and body of GET ``path``, or None if nothing answers."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()
    except OSError:
        return None


def closed(port: int) -> bool:
    """Whether connecting to the port is refused."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


@contextmanager
def served(
    command: Sequence[str], port: int, *, ignore_sigint: bool = False
) -> Iterator[subprocess.Popen[bytes]]:
    """``command`` (a Python file or module, run by this interpreter) started from the
    repository's root in a session of its own, once ``port`` answers; killed with its group if
    it is still running at the end."""
    handling = WITH_SIGINT.format("SIG_IGN" if ignore_sigint else "SIG_DFL")
    argv = [sys.executable, "-c", handling, sys.executable, *command]
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    server = subprocess.Popen(
        argv,
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while get(port) is None:
            assert server.poll() is None, f"{command} exited with {server.returncode}"
            assert time.monotonic() < deadline, f"{command} did not answer in 30 s"
            time.sleep(0.1)
        yield server
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
