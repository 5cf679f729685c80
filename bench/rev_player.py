"""A computer level as it was at another git revision, for the arena (``greedy@main``, ``greedy@HEAD~3``).

``RevisionPlayer`` extracts the ``games`` package of that revision (``git archive``) into a
temporary directory and starts this file as a child process whose imports resolve there, so
the old code runs unchanged beside today's without a copy in the tree. Each decision goes to the
child as one line of JSON (the game's stored state, the seat, the state of the arena's rng); the
child answers with the action's notation and the CPU seconds its ``choose`` took, and the arena
parses the notation on its own state. The state's JSON format is the stored-games format, which
does not change, so any revision that stores games the same way can play. Run on its own
(as ``python -m bench`` does) it checks that one such decision goes through.
"""
from __future__ import annotations

import atexit
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _extract(rev: str) -> Path:
    """The ``games`` package of ``rev`` in a fresh temporary directory (removed at exit)."""
    where = Path(tempfile.mkdtemp(prefix="arena-rev-"))
    atexit.register(shutil.rmtree, where, True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "games"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    return where


class RevisionPlayer:
    """Plays ``level`` of the games package at git revision ``rev`` in a child process."""

    def __init__(self, level: str, rev: str) -> None:
        self.name = f"{level}@{rev}"
        self.last_cpu = 0.0
        self._where = _extract(rev)
        self._child = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), str(self._where), level],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        atexit.register(self.close)

    def choose(self, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        assert self._child.stdin is not None and self._child.stdout is not None
        version, internal, gauss = rng.getstate()
        question = {"game": game.name, "state": game.to_json(state), "seat": seat,
                    "rng": [version, list(internal), gauss]}
        self._child.stdin.write(json.dumps(question) + "\n")
        line = self._child.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name}: the child process ended")
        answer = json.loads(line)
        self.last_cpu = answer["cpu"]
        return game.parse(state, seat, answer["action"])

    def close(self) -> None:
        if self._child.poll() is None:
            assert self._child.stdin is not None
            self._child.stdin.close()
            self._child.wait(timeout=10)


def serve(where: str, level: str) -> None:
    """The child: answer decisions of ``level`` with the games package found under ``where``."""
    import time
    sys.path.insert(0, where)
    from games import registry
    players: dict[str, Any] = {}
    for line in sys.stdin:
        question = json.loads(line)
        game = registry.get(question["game"])
        assert game is not None
        chosen = players.setdefault(game.name, game.computer_player(level))
        state = game.from_json(question["state"])
        version, internal, gauss = question["rng"]
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
        start = time.process_time()
        action = chosen.choose(game, state, question["seat"], rng)
        spent = time.process_time() - start
        sys.stdout.write(json.dumps({"action": str(action), "cpu": spent}) + "\n")
        sys.stdout.flush()


def smoke() -> None:
    """What ``python -m bench`` runs (any mode): greedy as committed at HEAD answers one decision."""
    sys.path.insert(0, str(ROOT))
    from games import registry
    game = registry.get("carcassonne")
    assert game is not None
    state = game.setup(2, frozenset(), 1)
    try:
        player = RevisionPlayer("greedy", "HEAD")
    except (OSError, subprocess.CalledProcessError) as error:     # not a git checkout
        print(f"revision player skipped: {error}")
        return
    action = player.choose(game, state, min(game.to_act(state)), random.Random(1))
    print(f"greedy@HEAD chose {action} with {player.last_cpu * 1000:.1f} ms of its CPU")
    player.close()


if __name__ == "__main__":
    sys.path.pop(0)          # this file's directory: the revision's games package must win
    if len(sys.argv) == 3:
        serve(sys.argv[1], sys.argv[2])
    else:
        smoke()
