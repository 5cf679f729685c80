"""pytest hooks (imported by tests/conftest.py) for ``make test``'s two passes: most tests go to
two workers at once (``pytest -n 2 -m "not serial"``); the ones that run the bot against the fake
Discord (whose answers have a deadline) or wait on timed leases run afterwards, alone
(``pytest -m serial``), so a busy neighbour never makes their answers late. Tests that only run
processes of the console table or the command line and read what they print (operator errors,
the README's console example, a second process refused, a console killed and restarted) have no
deadline to miss beyond a generous wait, and share the two workers: alone, each would leave a
core idle.

A plain ``pytest`` still runs everything in one process."""
from __future__ import annotations

import os
import random

import pytest

#: tests that run the bot against the fake Discord, or time answers and leases
SERIAL = (
    "tests/e2e/", "tests/e2e_harness/", "tests/ownership/test_claims.py", "tests/ownership/test_filelock.py",
    "tests/plugins/test_discord_e2e.py", "tests/service/test_computer_thinking.py",
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "serial: starts processes or times answers: runs alone (make test)")
    if not hasattr(config, "workerinput"):
        # one fuzz seed for the whole run: the workers started after this inherit it
        os.environ.setdefault("FUZZ_SEED", str(random.SystemRandom().randrange(2**32)))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = config.rootpath
    for item in items:
        path = item.path.relative_to(root).as_posix()
        if path.startswith(SERIAL):
            item.add_marker(pytest.mark.serial)
