"""pytest hooks (imported by tests/conftest.py) that show the fuzz seed: once the tests are
collected (so a run stopped half-way still shows it), beside every failing fuzz test, and in the
summary at the end. Nothing is shown when no fuzz test was collected."""
from __future__ import annotations

import sys

import pytest

PROFILE = "tests.fuzz.profile"


def _hint() -> str | None:
    profile = sys.modules.get(PROFILE)
    return profile.replay_hint() if profile is not None else None


def pytest_collection_finish(session: pytest.Session) -> None:
    hint = _hint()
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if hint and reporter is not None:
        reporter.write_line(hint)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    hint = _hint()
    if hint and report.failed and "fuzz" in item.nodeid:
        report.sections.append(("fuzz seed", hint))


def _ran_fuzz_tests(terminalreporter) -> bool:
    """Whether fuzz tests reported to this process (the controller of parallel workers, which
    collects nothing itself)."""
    return any("fuzz" in getattr(report, "nodeid", "") for reports in terminalreporter.stats.values()
               for report in reports)


def pytest_terminal_summary(terminalreporter) -> None:
    hint = _hint()
    if hint is None and _ran_fuzz_tests(terminalreporter):
        from tests.fuzz.profile import replay_hint   # the workers' seed: FUZZ_SEED, set before they started

        hint = replay_hint()
    if hint:
        terminalreporter.write_line(hint)
