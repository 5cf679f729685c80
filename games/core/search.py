"""The "strong" computer level: an information-set Monte-Carlo tree search over the game contract.

One tree is grown over the deciding seat's information. Each iteration draws a determinization
(``Game.determinize``: a full state agreeing with what the seat can know, the rest resampled)
and walks the tree in it. Nodes are keyed by the actions taken since the root (their notation)
and by what chance made public on the way (``Game.chance_key``: the drawn tile), so the tree
never depends on anything the deciding seat cannot see. Because the actions available at a node
can differ between determinizations (other seats' hidden hands), each edge counts how often it
was available and UCB uses that count in place of the parent's visits (SO-ISMCTS).

With ``samples`` set, the determinizations are a fixed set drawn at the start and used in turn,
so the actions compared at a node have met nearly the same hidden worlds: what differs between
their means is then mostly the actions, not the luck of the draws (in Carcassonne the tile an
opponent draws next moves the evaluation by more than most choices do).

At each node the actions are ordered once by the game's cheap heuristic (``Game.action_order``,
the greedy value) and the node considers only the first ``widen_base + visits ** widen_power``
of them (progressive widening), so a few good moves are searched deeply before the long tail.
Instead of random rollouts to the end, which in these games are long, slow and say little about
good play, every walk stops after ``depth`` decisions (or at the end of the game) and is scored
by the game's evaluation (``Game.evaluate``, points per seat). A walk that reaches new nodes
goes on through them, each taking its first action in the heuristic order, so a fresh line is
scored after the heuristic's replies (a short greedy continuation) rather than half-way through
a turn (after a placement, before its deploy).

The evaluation is turned into a reward per seat in [0, 1]: the logistic of the seat's margin
over its best rival, less that margin at the root, divided by ``scale`` points. The margin, not
the seat's own points, is what wins games (taking points from a rival counts). Centred on the
root's margin, the reward measures how much a line improves the seat's standing, so the search
stays as keen when far ahead or behind as in a close game (a plain win probability would
flatten there and make every move look alike); the logistic bounds it, so one lucky draw in a
determinization cannot swamp the mean, and UCB's exploration constant is measured against a
known range.

A node where several seats may act lets them act one after the other (the deciding seat first
at the root, then by seat number), each choosing for itself by its own reward. Staged actions
are separate decisions, as the player experiences them. The root's choice is the most visited
action; ties go to the higher mean reward, then to the heuristic order.

Plain Python: no I/O, no asyncio. Budgets are iterations and CPU seconds (``time.process_time``).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Hashable, Sequence

from games.core.players import ComputerPlayer

if TYPE_CHECKING:
    from games.core.contract import Game


@dataclass(frozen=True)
class SearchSettings:
    """How long and how the search thinks. ``iterations`` and ``seconds`` (CPU) are both limits;
    ``None`` turns one off (at least one iteration always runs)."""

    iterations: int | None = 2000
    seconds: float | None = 1.0
    depth: int = 4                 # decisions below the root before the evaluation
    scale: float = 10.0            # points of margin that make a clear lead
    exploration: float = 0.7
    widen_base: int = 2
    widen_power: float = 0.5
    #: 0: a fresh determinization every iteration; n: n of them drawn once and used in turn, so
    #: every action is tried against nearly the same hidden worlds (less noise between them)
    samples: int = 0


class Edge:
    """An action at a node: its statistics for the seat that takes it, and the nodes it leads to
    (one per chance key)."""

    __slots__ = ("visits", "total", "available", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Hashable, Node] = {}

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    """A decision: its actions in heuristic order (by notation) and their edges."""

    __slots__ = ("visits", "order", "edges")

    def __init__(self) -> None:
        self.visits = 0
        self.order: list[str] | None = None
        self.edges: dict[str, Edge] = {}

    def candidates(self, game: "Game", state: Any, seat: int, legal: list[Any], limit: int) -> list[str]:
        """The first ``limit`` available actions in the node's order (ordered on first visit;
        actions never seen before join at the end)."""
        keys = {str(a) for a in legal}
        if self.order is None:
            self.order = [str(a) for a in game.action_order(state, seat, legal)]
        else:
            known = set(self.order)
            self.order += [str(a) for a in legal if str(a) not in known]
        return [k for k in self.order if k in keys][:limit]


def margins(values: Sequence[float]) -> list[float]:
    """Each seat's points minus the best other seat's."""
    return [mine - max((v for j, v in enumerate(values) if j != i), default=0.0) for i, mine in enumerate(values)]


def rewards(values: Sequence[float], scale: float, base: Sequence[float] | None = None) -> list[float]:
    """Each seat's reward in [0, 1]: the logistic of its margin over the best other seat, less
    its margin ``base`` at the root, in units of ``scale`` points."""
    out = []
    for i, margin in enumerate(margins(values)):
        x = max(-50.0, min(50.0, (margin - (base[i] if base else 0.0)) / scale))
        out.append(1.0 / (1.0 + math.exp(-x)))
    return out


def actor(acting: frozenset[int], seat: int, at_root: bool) -> int:
    """Who acts at a node where ``acting`` may: the deciding seat first at the root, else by number."""
    return seat if at_root and seat in acting else min(acting)


class Search:
    """One decision's search for ``seat``; ``run`` returns the chosen action."""

    def __init__(self, game: "Game", settings: SearchSettings) -> None:
        self.game = game
        self.settings = settings
        self.root = Node()
        self.iterations = 0
        self.base: list[float] = []

    def run(self, state: Any, seat: int, rng: random.Random) -> Any:
        game, settings = self.game, self.settings
        start = time.process_time()
        first = game.determinize(state, seat, rng)
        legal = game.legal_actions(first, seat)
        if not legal:
            raise RuntimeError(f"{game.name}: seat {seat} must act but has no legal action")
        if len(legal) == 1:
            return legal[0]
        by_key = {str(a): a for a in legal}
        self.base = margins(game.evaluate(first))
        pool = [first] + [game.determinize(state, seat, rng) for _ in range(settings.samples - 1)]
        while True:
            if settings.samples:
                sample = game.clone(pool[self.iterations % len(pool)])
            elif self.iterations:
                sample = game.determinize(state, seat, rng)
            else:
                sample = first
            self.iterate(sample, seat)
            self.iterations += 1
            if settings.iterations is not None and self.iterations >= settings.iterations:
                break
            if settings.seconds is not None and time.process_time() - start >= settings.seconds:
                break
        return by_key[self.best()]

    def iterate(self, state: Any, seat: int) -> None:
        """Walk down from the root in ``state`` (a determinization, used up), evaluate, back up."""
        game, settings = self.game, self.settings
        node = self.root
        path: list[tuple[Edge, int]] = []
        while len(path) < settings.depth:
            acting = game.to_act(state)
            if not acting:
                break
            who = actor(acting, seat, not path)
            legal = game.legal_actions(state, who)
            if not legal:
                break
            node.visits += 1
            limit = settings.widen_base + int(node.visits ** settings.widen_power)
            keys = node.candidates(game, state, who, legal, limit)
            key = self.select(node, keys)
            edge = node.edges[key]
            game.apply(state, who, next(a for a in legal if str(a) == key))
            path.append((edge, who))
            chance = game.chance_key(state)
            child = edge.children.get(chance)
            if child is None:
                child = edge.children[chance] = Node()
            node = child
        reward = rewards(game.evaluate(state), settings.scale, self.base)
        for edge, who in path:
            edge.visits += 1
            edge.total += reward[who]

    def select(self, node: Node, keys: list[str]) -> str:
        """UCB over the available candidates, untried ones first (in the heuristic order)."""
        best, best_score = keys[0], -1.0
        c = self.settings.exploration
        for key in keys:
            edge = node.edges.get(key)
            if edge is None:
                edge = node.edges[key] = Edge()
            edge.available += 1
        for key in keys:
            edge = node.edges[key]
            if edge.visits == 0:
                return key
            score = edge.mean + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = key, score
        return best

    def best(self) -> str:
        """The most visited root action; ties to the higher mean, then the heuristic order."""
        order = self.root.order or list(self.root.edges)
        rank = {k: i for i, k in enumerate(order)}
        edges = self.root.edges
        if not edges:
            return order[0]
        return max(edges, key=lambda k: (edges[k].visits, edges[k].mean, -rank.get(k, len(rank))))


class StrongPlayer(ComputerPlayer):
    """The searching level. It reads the real state only through ``Game.determinize``."""

    name = "strong"

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or SearchSettings()
        self.last: Search | None = None      # the last decision's search (for benchmarks)

    def choose(self, game: "Game", state: Any, seat: int, rng: random.Random) -> Any:
        self.last = Search(game, self.settings)
        return self.last.run(state, seat, rng)


__all__ = ["SearchSettings", "Search", "StrongPlayer", "Node", "Edge", "rewards"]
