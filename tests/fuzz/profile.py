"""The hypothesis settings of the fuzz suite, and its seed.

Every run draws a new seed, so the fuzz tests keep looking for new failures instead of trying the
same inputs each time; the seed is printed when the tests are collected and again at the end of
the run (and next to every failing fuzz test), and ``FUZZ_SEED=<n>`` replays exactly that run.
Each test uses a modest number of examples (about a minute for the whole suite on a shared
2-core machine); ``FUZZ_EXAMPLES=5000`` runs that many per test (``make soak-fuzz``), with
hypothesis' example database, so a failure found once is tried first the next time.
"""
from __future__ import annotations

import os
import random
from typing import Callable, TypeVar

from hypothesis import HealthCheck, Phase, seed, settings

T = TypeVar("T")

_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0") or 0)
#: this run's seed: FUZZ_SEED, or a new one
SEED: int = int(os.environ["FUZZ_SEED"]) if os.environ.get("FUZZ_SEED", "").strip() else \
    random.SystemRandom().randrange(2**32)

settings.register_profile(
    "fuzz",
    derandomize=False,
    database=settings.default.database if _EXAMPLES else None,
    deadline=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink),
    suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                           HealthCheck.large_base_example),
)


def settings_for(examples: int, **overrides) -> settings:
    """The fuzz profile with ``examples`` examples (``FUZZ_EXAMPLES`` replaces it when set)."""
    return settings(settings.get_profile("fuzz"), max_examples=_EXAMPLES or examples, **overrides)


def seeded(test: T) -> T:
    """``test`` (a function under @given, or a state machine class) runs from this run's seed."""
    return seed(SEED)(test)


def fuzz(examples: int, **overrides) -> Callable[[T], T]:
    """Decorator for a @given test: the fuzz settings and this run's seed."""
    chosen = settings_for(examples, **overrides)

    def apply(test: T) -> T:
        return seeded(chosen(test))

    return apply


def replay_hint() -> str:
    return f"fuzz seed {SEED}: replay this run with FUZZ_SEED={SEED}"
