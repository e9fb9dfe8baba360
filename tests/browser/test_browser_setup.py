"""Finding the browser, and what happens without one: no browser is started here.

tools/setup-browser and find_browser() follow one rule ($CHROMIUM and $CHROMEDRIVER, else PATH);
a missing browser skips the browser tests on a developer's machine and fails them under CI.
Only the paths of the script that install nothing are run.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from browser_harness import BrowserPaths, find_browser, missing, under_ci

SETUP = Path(__file__).parents[2] / "tools" / "setup-browser"


def executable(tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


def run_setup(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SETUP)],
        env={"PATH": os.environ["PATH"], **env},
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def test_the_variables_name_the_binaries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chromium, chromedriver = executable(tmp_path, "my-chromium"), executable(tmp_path, "my-driver")
    monkeypatch.setenv("CHROMIUM", chromium)
    monkeypatch.setenv("CHROMEDRIVER", chromedriver)
    assert BrowserPaths(chromium, chromedriver) == find_browser()
    result = run_setup({"CHROMIUM": chromium, "CHROMEDRIVER": chromedriver})
    assert (0, f"chromium: {chromium}\nchromedriver: {chromedriver}\n", "") == (
        result.returncode,
        result.stdout,
        result.stderr,
    )


def test_a_wrong_variable_is_reported_and_nothing_is_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nowhere = str(tmp_path / "no-chromium")
    monkeypatch.setenv("CHROMIUM", nowhere)
    assert f"$CHROMIUM ({nowhere}) is not an executable file" == find_browser()
    result = run_setup({"CHROMIUM": nowhere})
    assert (1, "") == (result.returncode, result.stdout)
    assert f"$CHROMIUM is set to '{nowhere}', which is not an executable file" in result.stderr
    assert "apt-get install chromium chromium-driver" in result.stderr
    assert "installing" not in result.stderr


def test_not_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.delenv("CHROMEDRIVER", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert "chromium is not installed (not on PATH)" == find_browser()


@pytest.mark.parametrize("value", ["", "false", "0"])
def test_without_ci_a_missing_browser_skips(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", value)
    assert not under_ci()
    with pytest.raises(pytest.skip.Exception, match="no browser: run tools/setup-browser"):
        missing("no browser")


@pytest.mark.parametrize("value", ["true", "TRUE", "1"])
def test_under_ci_a_missing_browser_fails(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", value)
    assert under_ci()
    with pytest.raises(pytest.fail.Exception, match=r"no browser \(CI=true"):
        missing("no browser")
