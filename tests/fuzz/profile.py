"""The hypothesis settings of the fuzz suite.

CI runs the ``fuzz`` profile: derandomized (a fixed seed, so every run tries the same inputs and
a failure repeats), no example database, no deadline (the machine is shared), and each test's
own modest number of examples, so the whole suite stays around a minute.

Locally, ``FUZZ_EXAMPLES=5000 python -m pytest tests/fuzz`` runs every fuzz test with that many
examples, randomized (new inputs each run) and with hypothesis' example database, so a failure
found once is tried first the next time.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0") or 0)

settings.register_profile(
    "fuzz",
    derandomize=not _EXAMPLES,
    database=settings.default.database if _EXAMPLES else None,
    deadline=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink),
    suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                           HealthCheck.large_base_example),
)


def fuzz(examples: int, **overrides) -> settings:
    """The fuzz profile with ``examples`` examples (``FUZZ_EXAMPLES`` replaces it when set)."""
    return settings(settings.get_profile("fuzz"), max_examples=_EXAMPLES or examples, **overrides)
