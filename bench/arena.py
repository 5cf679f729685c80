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

A long run can be stopped and taken up again: ``--first N`` starts at game ``N`` (its seed and
seats as in the whole run), and ``--tally FILE...`` prints the summary of the game lines one or
more runs printed (each game counted once), without playing.
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
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


#: a game line as :func:`main` prints it
GAME_LINE = re.compile(r"game +(\d+) seed (\d+): (\S+) in seat (\d+), scores ([-\d. ]+)$")


def read_games(paths: list[str]) -> dict[int, tuple[str, int, list[float]]]:
    """Game number → (first level, its seat from 0, the scores) of every game line in ``paths``."""
    games: dict[int, tuple[str, int, list[float]]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            found = GAME_LINE.match(line.strip())
            if found:
                number, _, level, seat, scores = found.groups()
                games[int(number)] = (level, int(seat) - 1, [float(x) for x in scores.split()])
    return games


def summary(played: list[tuple[int, Sequence[float]]]) -> tuple[float, float, float, float]:
    """(wins, Wilson low, high, mean margin) of the first level over (its seat, scores) games; a
    tie for the best score counts half."""
    wins, margins = 0.0, []
    for mine, scores in played:
        best_other = max(s for seat, s in enumerate(scores) if seat != mine)
        wins += 1.0 if scores[mine] > best_other else 0.5 if scores[mine] == best_other else 0.0
        margins.append(scores[mine] - best_other)
    low, high = wilson(wins, len(played))
    return wins, low, high, statistics.mean(margins) if margins else 0.0


def print_summary(heading: str, first: str, played: list[tuple[int, Sequence[float]]]) -> None:
    wins, low, high, margin = summary(played)
    games = len(played)
    print(heading)
    print(f"{first} wins {wins:g}/{games} = {100 * wins / max(1, games):.0f} % "
          f"(Wilson 95 %: {100 * low:.0f}-{100 * high:.0f} %), mean score difference {margin:+.1f}")


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
    parser.add_argument("--first", type=int, default=1, help="the game to start at (taking up a stopped run)")
    parser.add_argument("--tally", nargs="+", metavar="FILE", help="summarise the game lines of earlier runs")
    parser.add_argument("--options", default="", help="comma-separated options, e.g. fluss,koenig")
    parser.add_argument("--seconds", type=float, default=None, help="the strong level's CPU budget a decision")
    parser.add_argument("--iterations", type=int, default=None, help="the strong level's iteration budget")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="another of the strong level's settings, e.g. depth=2")
    parser.add_argument("--smoke", action="store_true",
                        help="two games at 10 iterations a decision: that it runs (python -m bench --smoke)")
    args = parser.parse_args(argv)
    if args.tally:
        games = read_games(args.tally)
        levels = sorted({level for level, _, _ in games.values()})
        print_summary(f"{len(games)} games from {', '.join(args.tally)}", "/".join(levels),
                      [(seat, scores) for _, seat, scores in games.values()])
        return
    if args.smoke:
        args.games, args.iterations, args.seconds = 2, 10, None
    game = registry.get(args.game)
    if game is None:
        parser.error(f"no game {args.game!r}; games: {', '.join(registry.names())}")
    options = frozenset(o for o in args.options.split(",") if o)
    first, others = (player(game, level, args.seconds, args.iterations, args.set) for level in args.levels)
    played: list[tuple[int, Sequence[float]]] = []
    times: dict[str, list[float]] = {level: [] for level in args.levels}
    for i in range(args.first - 1, args.games):
        mine = i % args.players
        seats = [first if s == mine else others for s in range(args.players)]
        cpu: dict[int, list[float]] = {s: [] for s in range(args.players)}
        scores = play(game, seats, options, args.seed + i, cpu)
        played.append((mine, scores))
        for seat, spent in cpu.items():
            times[args.levels[0] if seat == mine else args.levels[1]] += spent
        print(f"game {i + 1:3d} seed {args.seed + i}: {args.levels[0]} in seat {mine + 1}, scores "
              f"{' '.join(f'{s:g}' for s in scores)}", flush=True)
    print_summary(f"{args.game}, {args.players} players, options {','.join(sorted(options)) or '-'}: "
                  f"{args.levels[0]} vs {args.levels[1]}, games {args.first}-{args.games}", args.levels[0], played)
    for level, spent in times.items():
        if spent:
            print(f"{level:8s} CPU a decision: median {statistics.median(spent) * 1000:7.1f} ms, "
                  f"max {max(spent) * 1000:7.1f} ms, n={len(spent)}")


if __name__ == "__main__":
    main()
