"""The error of a process that may not own the tables it was configured for."""
from __future__ import annotations


class OwnershipError(RuntimeError):
    """Another live process owns (some of) the same tables. The message names the database or the
    shards, who holds them, and what the operator can do."""
