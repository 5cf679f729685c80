"""Computer levels against each other: ``python bench/arena.py [GAME] [--levels strong greedy]``.

Game ``i`` is played from seed ``seed + i`` with the first level in seat ``i % players`` and the
second level in every other seat, so the seats alternate. Prints the first level's wins (a tie
for the best score counts half) with a Wilson 95 % interval, its mean score difference to the
best other seat, and each level's CPU time per decision (median and max). ``--seconds`` and
``--iterations`` override the strong level's budget (``0``: no limit of that kind), ``--set
NAME=VALUE`` any other of its settings (``--set depth=2``).

A level may name a git revision, ``LEVEL@REV``: that level as the code was at ``REV`` (any
revision git knows: ``main``, ``HEAD``, a commit), so a changed player is measured against the
one it replaces: ``--levels greedy greedy@main``. The revision's ``games`` package is taken with
``git archive`` into a temporary directory and played in a child process (bench/rev_player.py);
its CPU time a decision is the child's own.
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core.players import ComputerPlayer  # noqa: E402
from games.core.search import StrongPlayer  # noqa: E402
from games import registry  # noqa: E402
from bench.rev_player import RevisionPlayer  # noqa: E402


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def player(game, level: str, seconds: float | None, iterations: int | None,
           tuned: list[str]) -> ComputerPlayer | RevisionPlayer:
    if "@" in level:
        name, _, rev = level.partition("@")
        return RevisionPlayer(name, rev)
    chosen = game.computer_player(level)
    if isinstance(chosen, StrongPlayer):
        settings = chosen.settings
        for item in tuned:
            name, _, value = item.partition("=")
            kind = type(getattr(settings, name))
            settings = dataclasses.replace(settings, **{name: kind(value)})
        if seconds is not None:
            settings = dataclasses.replace(settings, seconds=seconds or None)
        if iterations is not None:
            settings = dataclasses.replace(settings, iterations=iterations or None)
        chosen = StrongPlayer(settings)
    return chosen


def play(game, seats: list[ComputerPlayer | RevisionPlayer], options: frozenset[str], seed: int,
         cpu: dict[int, list[float]]) -> tuple[float, ...]:
    """One game; each seat's CPU seconds per decision go to ``cpu[seat]``; the final scores."""
    state = game.setup(len(seats), options, seed)
    rng = random.Random(seed)
    while (outcome := game.outcome(state)) is None:
        seat = min(game.to_act(state))
        start = time.process_time()
        action = seats[seat].choose(game, state, seat, random.Random(rng.getrandbits(64)))
        spent = time.process_time() - start
        cpu[seat].append(seats[seat].last_cpu if isinstance(seats[seat], RevisionPlayer) else spent)
        game.apply(state, seat, action)
    return tuple(float(s) for s in outcome.scores)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Computer levels against each other.")
    parser.add_argument("game", nargs="?", default="carcassonne")
    parser.add_argument("--levels", nargs=2, default=["strong", "greedy"], metavar=("FIRST", "OTHERS"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--options", default="", help="comma-separated options, e.g. fluss,koenig")
    parser.add_argument("--seconds", type=float, default=None, help="the strong level's CPU budget a decision")
    parser.add_argument("--iterations", type=int, default=None, help="the strong level's iteration budget")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="another of the strong level's settings, e.g. depth=2")
    parser.add_argument("--smoke", action="store_true",
                        help="two games at 10 iterations a decision: that it runs (python -m bench --smoke)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.games, args.iterations, args.seconds = 2, 10, None
    game = registry.get(args.game)
    if game is None:
        parser.error(f"no game {args.game!r}; games: {', '.join(registry.names())}")
    options = frozenset(o for o in args.options.split(",") if o)
    first, others = (player(game, level, args.seconds, args.iterations, args.set) for level in args.levels)
    wins, margins = 0.0, []
    times: dict[str, list[float]] = {level: [] for level in args.levels}
    for i in range(args.games):
        mine = i % args.players
        seats = [first if s == mine else others for s in range(args.players)]
        cpu: dict[int, list[float]] = {s: [] for s in range(args.players)}
        scores = play(game, seats, options, args.seed + i, cpu)
        best_other = max(s for seat, s in enumerate(scores) if seat != mine)
        wins += 1.0 if scores[mine] > best_other else 0.5 if scores[mine] == best_other else 0.0
        margins.append(scores[mine] - best_other)
        for seat, spent in cpu.items():
            times[args.levels[0] if seat == mine else args.levels[1]] += spent
        print(f"game {i + 1:3d} seed {args.seed + i}: {args.levels[0]} in seat {mine + 1}, scores "
              f"{' '.join(f'{s:g}' for s in scores)}", flush=True)
    low, high = wilson(wins, args.games)
    print(f"{args.game}, {args.players} players, options {','.join(sorted(options)) or '-'}: {args.levels[0]} vs "
          f"{args.levels[1]}, {args.games} games")
    print(f"{args.levels[0]} wins {wins:g}/{args.games} = {100 * wins / args.games:.0f} % "
          f"(Wilson 95 %: {100 * low:.0f}-{100 * high:.0f} %), mean score difference {statistics.mean(margins):+.1f}")
    for level, spent in times.items():
        if spent:
            print(f"{level:8s} CPU a decision: median {statistics.median(spent) * 1000:7.1f} ms, "
                  f"max {max(spent) * 1000:7.1f} ms, n={len(spent)}")


if __name__ == "__main__":
    main()
