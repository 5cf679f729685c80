"""The README's two commands install what they need and no more: ``make run`` (and ``make
console``) the bot and its fonts, ``make test`` the test tools and the PostgreSQL server programs
the store tests start a throwaway server from. Read from ``make -n`` (what make would run, with
every target taken as out of date), so nothing is installed."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned(target: str) -> str:
    """The commands ``make TARGET`` would run from a clean checkout."""
    done = subprocess.run(["make", "-n", "-B", target, "PYTHON=python3"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def apt_packages(commands: str) -> set[str]:
    return set(re.findall(r"apt-get install -y -q ([\w.-]+)", commands))


def pip_extras(commands: str) -> set[str]:
    return set(re.findall(r"pip install --quiet -e '\.\[([\w,]+)\]'", commands))


@pytest.mark.parametrize("target", ["run", "console"])
def test_running_installs_no_database_server_and_no_test_tools(target):
    commands = planned(target)
    assert apt_packages(commands) == {"fonts-noto-cjk"}
    assert pip_extras(commands) == {"postgres"}
    assert "postgresql" not in commands


def test_the_tests_get_the_postgresql_server_and_their_tools():
    commands = planned("test")
    assert apt_packages(commands) == {"fonts-noto-cjk", "postgresql"}
    assert "test,postgres" in pip_extras(commands)
