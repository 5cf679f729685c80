"""What a player may do with the tile he has just placed (rules §3 step 4): deploy a follower,
the large follower (§11.4), the builder (§12.3) or the pig (§12.4) on it; deploy a follower on
another tile through a magic portal (§14.5); send a knight home with the princess (§14.3, then
nothing else); move the fairy (§14.4, only when deploying nothing); or nothing.

Each choice has one canonical code in the notation of §15.1 (``cn``, ``Lcn``, ``Brw``, ``Pfne``,
``cs@0,-2``, ``~2,1``, ``!3,0``, ``-``). The rules look at the features *after* the tile has
joined the board; :class:`Situation` gives that view both before the tile is placed (to check a
one-line ``/place x,y r cn``) and after, from the same incremental feature graph.

Which choices a table offers beyond a follower on the tile, and what a choice that puts no figure
on the board does, the table's add-ons say (:mod:`games.carcassonne.addons`); a code of an add-on
that is off is refused with the option it needs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from games.carcassonne.addons import PORTAL, active, owner_of_kind
from games.carcassonne.actions import NOTHING, NOTHING_WORDS, SEGMENT_CODE, WORDS
from games.carcassonne.rules.board import STRIDE
from games.carcassonne.rules.geometry import AROUND, CITY, FIELD, MONASTERY, ROAD, OrientedTile, deploy_code, oriented
from games.carcassonne.state import BUILDER, FOLLOWER, LARGE, PIG, PREFIX, CarcassonneState, Figure
from games.carcassonne.words import kind_word
from games.carcassonne.view import LETTERS
from games.core import IllegalAction

NONE, FAIRY, PRINCESS = "none", "fairy", "princess"
MONASTERY_LOCAL = -1
NO_SEGMENT = -2
PREFIX_KIND = {"l": LARGE, "b": BUILDER, "p": PIG}
_POINT = re.compile(r"(-?\d{1,4}),(-?\d{1,4})")
_PRINCESS = re.compile(r"!(?:(-?\d{1,4}),(-?\d{1,4})(?::(l?)([rygbk]))?)?")
_SPACES = re.compile(r"\s*([,@:])\s*|([~!])\s+")


@dataclass(frozen=True)
class Choice:
    """One deploy choice. ``x``/``y`` is the tile it concerns (the placed tile, the portal's target,
    the fairy's new tile or the removed knight's tile); ``local`` the segment there (-1 monastery)."""

    kind: str
    x: int = 0
    y: int = 0
    local: int = NO_SEGMENT
    portal: bool = False
    seat: int = -1          # princess: owner of the knight sent home
    large: bool = False     # princess: that knight is the large follower


NOTHING_CHOICE = Choice(NONE)


def compact(text: str) -> str:
    """Lower case without the spaces people put round ``, @ : ~ !`` (``cs @ 0, -2`` -> ``cs@0,-2``)."""
    return _SPACES.sub(lambda m: m.group(1) or m.group(2), text.strip().lower())


def figures_by_root(state: CarcassonneState) -> dict[int, list[Figure]]:
    """Figures on cities, roads and fields (followers, builders, pigs), grouped by feature root."""
    board = state.board
    grid, tiles, find = board.grid, board.tiles, board.find
    out: dict[int, list[Figure]] = {}
    for fig in state.figures:
        if fig.feature != MONASTERY:
            number = grid[(fig.x, fig.y)]
            root = find(number * STRIDE + tiles[number].locals_by_kind[(fig.feature, fig.segment)])
            out.setdefault(root, []).append(fig)
    return out


@dataclass(frozen=True)
class Info:
    """A feature after the tile has joined: an identity, whether it is complete, its figures."""

    key: object
    complete: bool
    figures: tuple[Figure, ...]

    def followers(self, seat: int | None = None) -> list[Figure]:
        return [f for f in self.figures if f.is_follower and (seat is None or f.seat == seat)]


class Situation:
    """The features of the tile ``ot`` at (x, y) once joined, whether or not it is placed yet."""

    def __init__(self, state: CarcassonneState, ot: OrientedTile, x: int, y: int, placed: bool) -> None:
        self.state, self.board, self.ot, self.x, self.y, self.placed = state, state.board, ot, x, y, placed
        board = state.board
        by_root = figures_by_root(state)
        self.by_root = by_root
        self._joined: dict[int, Info] = {}
        n = len(ot.segments)
        if placed:
            number = board.grid[(x, y)]
            self._local = []
            for local in range(n):
                root = board.find(number * STRIDE + local)
                feature = board.features[root]
                assert feature is not None
                self._local.append(Info(root, feature.complete, tuple(by_root.get(root, ()))))
            return
        self._local = [Info(None, False, ())] * n
        for group in board.preview(ot, x, y):
            info = Info(("new", group.locals[0]), group.complete,
                        tuple(f for root in group.roots for f in by_root.get(root, ())))
            for local in group.locals:
                self._local[local] = info
            for root in group.roots:
                self._joined[root] = info

    def segment(self, local: int) -> Info:
        """The feature of a segment of the new tile."""
        return self._local[local]

    def other(self, x: int, y: int, local: int) -> Info:
        """The feature of a segment of another placed tile, after the new tile has joined."""
        board = self.board
        root = board.find(board.grid[(x, y)] * STRIDE + local)
        if root in self._joined:
            return self._joined[root]
        feature = board.features[root]
        assert feature is not None
        return Info(root, feature.complete, tuple(self.by_root.get(root, ())))

    def monastery_complete(self, mx: int, my: int) -> bool:
        around = self.board.neighbours_around(mx, my)
        if not self.placed and (mx, my) != (self.x, self.y) and (mx - self.x, my - self.y) in AROUND:
            around += 1
        return around == 8

    def monks(self, mx: int, my: int) -> list[Figure]:
        return [f for f in self.state.figures if f.feature == MONASTERY and (f.x, f.y) == (mx, my)]


def princess_code(knights: list[Figure], fig: Figure) -> str:
    """``!x,y``, with ``:C`` (``:LC`` for the large follower) when that tile holds several knights
    of the city and the colour (and size) is needed to tell them apart."""
    here = [k for k in knights if (k.x, k.y) == (fig.x, fig.y)]
    base = f"!{fig.x},{fig.y}"
    if len({(k.seat, k.kind) for k in here}) == 1:
        return base
    if len({k.kind for k in here if k.seat == fig.seat}) == 1:
        return f"{base}:{LETTERS[fig.seat]}"
    return f"{base}:{'L' if fig.kind == LARGE else ''}{LETTERS[fig.seat]}"


class Deployer:
    """Deploy rules for one seat in one situation: the legal codes, reading a code, checking it."""

    def __init__(self, state: CarcassonneState, seat: int, sit: Situation) -> None:
        self.state, self.seat, self.sit = state, seat, sit
        self.capabilities = active(state.options)
        #: knights one of which must be sent home instead of any other choice (the princess)
        self.knights: list[Figure] = next((k for c in self.capabilities if (k := c.forced_knights(sit))), [])

    # -- the legal choices ----------------------------------------------------------------------
    def codes(self) -> list[str]:
        """Every legal deploy code, in a stable order; ``-`` last when it is allowed."""
        ot, state, seat = self.sit.ot, self.state, self.seat
        if self.knights:
            return list(dict.fromkeys(princess_code(self.knights, k) for k in self.knights))
        codes: list[str] = []
        if not ot.tile.volcano:
            free = self.free_locals()
            if state.supply[seat] > 0:
                codes += [deploy_code(ot, local) for local in free]
            for capability in self.capabilities:
                codes += capability.deploy_on_tile(self, free)
        for capability in self.capabilities:
            codes += capability.deploy_elsewhere(self)
        return codes + [NOTHING]

    def free_locals(self) -> list[int]:
        """Segments of the new tile whose feature holds no follower (-1: its monastery first)."""
        sit = self.sit
        free = [local for local in range(len(sit.ot.segments)) if not sit.segment(local).followers()]
        return ([MONASTERY_LOCAL] if sit.ot.monastery else []) + free

    def fairy_tiles(self) -> list[tuple[int, int]]:
        """Tiles with a follower of this seat where the fairy does not stand yet (§14.4)."""
        tiles = {(f.x, f.y) for f in self.state.figures if f.seat == self.seat and f.is_follower}
        return sorted((t for t in tiles if t != self.state.fairy), key=lambda p: (p[1], p[0]))

    # -- reading a code -------------------------------------------------------------------------
    def parse(self, text: str) -> Choice:
        """A choice from its code (any spelling of §15.1), or IllegalAction for unreadable codes and
        segments the tile does not have; whether the choice is allowed is :meth:`check`'s job."""
        code = compact(text)
        sit = self.sit
        if code in NOTHING_WORDS:
            return NOTHING_CHOICE
        if code.startswith("~"):
            self._need(FAIRY, code)
            match = _POINT.fullmatch(code[1:])
            if not match:
                raise IllegalAction("Move the fairy with ~x,y (a tile with one of your followers), for example {example}.",
                                    example=self._fairy_example())
            return Choice(FAIRY, int(match.group(1)), int(match.group(2)))
        if code.startswith("!"):
            self._need(PRINCESS, code)
            return self._parse_princess(code)
        kind = FOLLOWER
        if len(code) > 1 and code[0] in PREFIX_KIND and self._is_segment_word(code[1:].split("@")[0]):
            kind = PREFIX_KIND[code[0]]
            self._need(kind, code)
            code = code[1:]
        if "@" in code:
            self._need(PORTAL, text.strip())
            segment, _, where = code.partition("@")
            match = _POINT.fullmatch(where)
            if not match:
                raise IllegalAction("Write a magic-portal deploy as code@x,y, for example {example}.",
                                    example="cs@0,-1")
            x, y = int(match.group(1)), int(match.group(2))
            if (x, y) == (sit.x, sit.y):
                return Choice(kind, x, y, self._segment(sit.ot, segment))
            ot = self.state.board.tile_at(x, y)
            if ot is None:
                raise IllegalAction("There is no tile at {x},{y} to deploy on.", x=x, y=y)
            return Choice(kind, x, y, self._segment(ot, segment), portal=True)
        return Choice(kind, sit.x, sit.y, self._segment(sit.ot, code))

    def _need(self, kind: str, code: str) -> None:
        owner = owner_of_kind(kind)
        if owner is not None and owner not in self.capabilities:
            raise IllegalAction("'{code}' needs the option {option}, which is not on in this game.",
                                code=code[:12], option=owner.name)

    @staticmethod
    def _is_segment_word(text: str) -> bool:
        return bool(SEGMENT_CODE.fullmatch(text)) or text in WORDS

    def _segment(self, ot: OrientedTile, code: str) -> int:
        """The local segment a code or word names on ``ot`` (-1 the monastery)."""
        codes = " ".join(sorted(set(deploy_code(ot, n) for n in ot.codes.values()), key=code_order) + [NOTHING])
        if code in WORDS:
            kind = WORDS[code]
            if kind == MONASTERY:
                locals_ = [MONASTERY_LOCAL] if ot.monastery else []
            else:
                locals_ = ot.of_kind(kind)
            if len(locals_) == 1:
                return locals_[0]
            if not locals_:
                raise IllegalAction("Tile {tile} has no {kind}; its deploy codes: {codes}.",
                                    tile=ot.id, kind=kind_word(kind), codes=codes)
            raise IllegalAction("Tile {tile} has several {kind} segments; name one by its edge: {codes}.",
                                tile=ot.id, kind=kind_word(kind), codes=codes)
        if code in ot.codes:
            return ot.codes[code]
        if code == "m":
            raise IllegalAction("Tile {tile} has no {kind}; its deploy codes: {codes}.",
                                tile=ot.id, kind=kind_word(MONASTERY), codes=codes)
        if SEGMENT_CODE.fullmatch(code):
            kind = {"c": CITY, "r": ROAD, "f": FIELD}[code[0]]
            raise IllegalAction("Tile {tile} in r{rotation} has no {kind} at '{code}'; its deploy codes: {codes}.",
                                tile=ot.id, rotation=ot.rotation, kind=kind_word(kind), code=code, codes=codes)
        raise IllegalAction("'{code}' is not a deploy code. Choose one of {codes}.", code=code[:12],
                            codes=" ".join(self.codes()[:24]))

    def _parse_princess(self, code: str) -> Choice:
        match = _PRINCESS.fullmatch(code)
        knights = self.knights
        listed = " ".join(self.codes()) if knights else ""
        if not match:
            raise IllegalAction("Write the princess's choice as !x,y (the tile of the knight), for example {example}.",
                                example=listed.split(" ")[0] if knights else "!0,0")
        if not knights:
            raise IllegalAction("There is no princess with a knight in her city on this tile.")
        if match.group(1) is None:
            if len({(k.x, k.y, k.seat, k.kind) for k in knights}) == 1:
                k = knights[0]
                return Choice(PRINCESS, k.x, k.y, seat=k.seat, large=k.kind == LARGE)
            raise IllegalAction("The princess's city holds several knights; choose one: {codes}.", codes=listed)
        x, y = int(match.group(1)), int(match.group(2))
        here = [k for k in knights if (k.x, k.y) == (x, y)]
        if match.group(4):
            seat = LETTERS.index(match.group(4).upper())
            here = [k for k in here if k.seat == seat]
            if match.group(3):
                here = [k for k in here if k.kind == LARGE]
            elif len({k.kind for k in here}) > 1:
                here = [k for k in here if k.kind != LARGE]
        if not here:
            raise IllegalAction("There is no knight of the princess's city at {x},{y}; choose one of {codes}.",
                                x=x, y=y, codes=listed)
        if len({(k.seat, k.kind) for k in here}) > 1:
            raise IllegalAction("Several knights stand at {x},{y}; add the colour: {codes}.", x=x, y=y, codes=listed)
        k = here[0]
        return Choice(PRINCESS, x, y, seat=k.seat, large=k.kind == LARGE)

    def _fairy_example(self) -> str:
        tiles = self.fairy_tiles()
        return f"~{tiles[0][0]},{tiles[0][1]}" if tiles else "~0,0"

    # -- the canonical code and the check ------------------------------------------------------
    def code(self, choice: Choice) -> str:
        if choice.kind == NONE:
            return NOTHING
        if choice.kind == FAIRY:
            return f"~{choice.x},{choice.y}"
        if choice.kind == PRINCESS:
            fig = next(k for k in self.knights if (k.x, k.y, k.seat) == (choice.x, choice.y, choice.seat)
                       and (k.kind == LARGE) == choice.large)
            return princess_code(self.knights, fig)
        ot = self.sit.ot if not choice.portal else self.state.board.tile_at(choice.x, choice.y)
        assert ot is not None
        text = PREFIX[choice.kind] + deploy_code(ot, choice.local)
        return f"{text}@{choice.x},{choice.y}" if choice.portal else text

    def check(self, choice: Choice) -> str:
        """The canonical code of an allowed choice; IllegalAction saying why not otherwise."""
        legal = self.codes()
        if self.knights and choice.kind != PRINCESS:
            raise IllegalAction("The princess must send a knight of her city home; choose one: {codes}.",
                                codes=" ".join(legal))
        if choice.kind == NONE:
            return NOTHING
        self._explain(choice, legal)
        code = self.code(choice)
        if code not in legal:
            raise IllegalAction("That deploy is not allowed here; choose one of {codes}.", codes=_short(legal))
        return code

    def _explain(self, choice: Choice, legal: list[str]) -> None:
        """Raise the specific reason a choice is not allowed (it returns if there is none)."""
        state, seat, sit = self.state, self.seat, self.sit
        on_tile = " ".join(c for c in legal if "@" not in c and c[0] not in "~!") or NOTHING
        if choice.kind == FAIRY:
            if (choice.x, choice.y) == state.fairy:
                raise IllegalAction("The fairy already stands on {x},{y}; choose another tile or -.",
                                    x=choice.x, y=choice.y)
            if (choice.x, choice.y) not in self.fairy_tiles():
                raise IllegalAction("The fairy can only move to a tile with one of your followers: {codes}.",
                                    codes=" ".join(f"~{x},{y}" for x, y in self.fairy_tiles()) or NOTHING)
            return
        if choice.kind == PRINCESS:
            return
        if choice.portal:
            self._explain_portal(choice)
        elif sit.ot.tile.volcano:
            raise IllegalAction("Nothing may be deployed on a volcano tile; write - (or move the fairy with ~x,y).")
        target = sit.ot if not choice.portal else state.board.tile_at(choice.x, choice.y)
        assert target is not None
        kind = target.segments[choice.local].kind if choice.local >= 0 else MONASTERY
        if choice.kind in (FOLLOWER, LARGE):
            if choice.kind == FOLLOWER and state.supply[seat] <= 0:
                raise IllegalAction("You have no follower left; write - to deploy nothing.")
            if choice.kind == LARGE and state.large[seat] <= 0:
                raise IllegalAction("Your large follower is already on the board; deploy a normal follower or -.")
            if not choice.portal and choice.local >= 0 and sit.segment(choice.local).followers():
                free = " ".join([deploy_code(sit.ot, n) for n in self.free_locals()] + [NOTHING])
                if kind == CITY:
                    raise IllegalAction("That city already has a knight; free on this tile: {codes}.", codes=free)
                if kind == ROAD:
                    raise IllegalAction("That road already has a thief; free on this tile: {codes}.", codes=free)
                raise IllegalAction("That field already has a farmer; free on this tile: {codes}.", codes=free)
            return
        if choice.portal:
            raise IllegalAction("Builders and pigs cannot use the magic portal.")
        if choice.kind == BUILDER:
            if kind not in (CITY, ROAD):
                raise IllegalAction("The builder goes on a road or a city; on this tile: {codes}.", codes=on_tile)
            if state.builders[seat] <= 0:
                raise IllegalAction("Your builder is already on the board.")
            info = sit.segment(choice.local)
            if not info.followers(seat):
                raise IllegalAction("The builder needs one of your own followers in that {kind}; on this tile: {codes}.",
                                    kind=kind_word(kind), codes=on_tile)
            if info.complete:
                raise IllegalAction("This tile completes that {kind}, so the builder cannot go there.",
                                    kind=kind_word(kind))
            return
        if kind != FIELD:
            raise IllegalAction("The pig goes on a field; on this tile: {codes}.", codes=on_tile)
        if state.pigs[seat] <= 0:
            raise IllegalAction("Your pig is already on the board.")
        if not sit.segment(choice.local).followers(seat):
            raise IllegalAction("The pig needs one of your own farmers in that field; on this tile: {codes}.",
                                codes=on_tile)

    def _explain_portal(self, choice: Choice) -> None:
        sit, state = self.sit, self.state
        if not sit.ot.tile.portal:
            raise IllegalAction("Only a magic portal tile lets you deploy on another tile; this is {tile}.",
                                tile=sit.ot.id)
        if (choice.x, choice.y) == state.dragon:
            raise IllegalAction("The dragon stands on {x},{y}; nothing may be deployed there.", x=choice.x, y=choice.y)
        if choice.kind in (BUILDER, PIG):
            raise IllegalAction("Builders and pigs cannot use the magic portal.")
        if choice.local == MONASTERY_LOCAL:
            if sit.monks(choice.x, choice.y):
                raise IllegalAction("That monastery already has a monk.")
            if sit.monastery_complete(choice.x, choice.y):
                raise IllegalAction("That {kind} is already completed; the portal needs an unfinished one.",
                                    kind=kind_word(MONASTERY))
            return
        info = sit.other(choice.x, choice.y, choice.local)
        target = state.board.tile_at(choice.x, choice.y)
        assert target is not None
        kind = target.segments[choice.local].kind
        if info.complete:
            raise IllegalAction("That {kind} is already completed; the portal needs an unfinished one.",
                                kind=kind_word(kind))
        if info.followers():
            raise IllegalAction("That {kind} already has a follower; the portal needs a free one.", kind=kind_word(kind))


def _short(codes: list[str], limit: int = 24) -> str:
    return " ".join(codes) if len(codes) <= limit else " ".join(codes[:limit]) + f" … (+{len(codes) - limit})"


def codes_text(codes: list[str] | tuple[str, ...], limit: int = 24) -> str:
    """Deploy codes for a message: all of them, or the first ones and how many more (portal codes
    can run into the hundreds); ``-`` is always shown."""
    codes = list(codes)
    if len(codes) <= limit:
        return " ".join(codes)
    rest = [c for c in codes if c != NOTHING]
    shown = rest[:limit - 1]
    return " ".join(shown) + f" … (+{len(rest) - len(shown)}) " + (NOTHING if NOTHING in codes else "")


def code_order(code: str) -> tuple[int, str]:
    return ("mcrf".index(code[0]) if code[0] in "mcrf" else 9, code)


def placed_tile(state: CarcassonneState) -> tuple[OrientedTile, int, int]:
    """The tile just placed (deploy and dragon phases)."""
    tile_id, x, y, r = state.placements[-1]
    return oriented(tile_id, r), x, y


def deployer_for(state: CarcassonneState, seat: int, ot: OrientedTile | None = None, x: int = 0,
                 y: int = 0) -> Deployer:
    """The deploy rules for the tile just placed, or (given ``ot``, x, y) for a tile about to
    be placed there."""
    if ot is None:
        ot, x, y = placed_tile(state)
        return Deployer(state, seat, Situation(state, ot, x, y, placed=True))
    return Deployer(state, seat, Situation(state, ot, x, y, placed=False))


def deploy_codes(state: CarcassonneState, seat: int) -> list[str]:
    """Canonical deploy codes for the tile just placed, ``-`` last when allowed (deploy phase only)."""
    return deployer_for(state, seat).codes() if state.phase == "deploy" else []


def figure_for(choice: Choice, seat: int, state: CarcassonneState, ot: OrientedTile) -> Figure:
    """The figure a follower/large/builder/pig choice puts on the board."""
    target = ot if not choice.portal else state.board.tile_at(choice.x, choice.y)
    assert target is not None
    if choice.local == MONASTERY_LOCAL:
        return Figure(seat, choice.x, choice.y, MONASTERY, -1, choice.kind)
    seg = target.segments[choice.local]
    return Figure(seat, choice.x, choice.y, seg.kind, seg.index, choice.kind)


__all__ = ["Choice", "Situation", "Deployer", "NOTHING_CHOICE", "NONE", "FAIRY", "PRINCESS", "compact",
           "figures_by_root", "princess_code", "codes_text", "code_order", "figure_for", "placed_tile", "deployer_for",
           "deploy_codes", "MONASTERY_LOCAL"]
