"""Carcassonne with BSW's base rules: turn flow, validation, scoring events, views and text."""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from games.carcassonne import scoring
from games.carcassonne.actions import (NOTHING, NOTHING_WORDS, POSITION, SEGMENT_CODE, WORDS, Deploy, Place,
                                       addon_of, normalise, rotation_of)
from games.carcassonne.board import Board
from games.carcassonne.geometry import AROUND, CITY, FIELD, MONASTERY, ROAD, OrientedTile, deploy_code, oriented
from games.carcassonne.state import FOLLOWERS, CarcState, Figure, state_from_json, state_to_json
from games.carcassonne.texts import edge_word, kind_word, placements_summary, seats_msg, terrain_word
from games.carcassonne.tiles import tiles_of_set
from games.carcassonne.view import COLOURS, LETTERS, CarcassonneView, FigureView, PlacedTileView, PlayerView
from games.core import (ComputerPlayer, Event, Game, IllegalAction, Msg, OptionSpec, Outcome, RandomPlayer,
                        SeatRef, SeededRng, validate_options)
from games.core.outcome import ranks_from_scores

START_TILE = "D"
NO_DEPLOY = -2          # local "segment" meaning: deploy nothing


class Carcassonne(Game):
    name = "carcassonne"
    title = "Carcassonne"
    min_players = 2
    max_players = 5
    verbs = ("place", "play")
    renderer = "renderers.carcassonne:render"
    options = (
        OptionSpec("old", "Old farm rule: each completed city gives 4 points to the players with most "
                          "farmers in the fields bordering it."),
        OptionSpec("fluss", "The River: 12 river tiles are played first, starting from the spring.",
                   unavailable="The River (fluss) is not implemented yet."),
        OptionSpec("erweiterung", "Inns & Cathedrals: 18 tiles, inns, cathedrals and a large follower.",
                   unavailable="Inns & Cathedrals (erweiterung) is not implemented yet."),
        OptionSpec("haendler", "Traders & Builders: 24 tiles, goods, the builder and the pig.",
                   unavailable="Traders & Builders (haendler) is not implemented yet."),
        OptionSpec("koenig", "King & Robber Baron: 5 tiles; bonuses for the largest city and longest road.",
                   unavailable="King & Robber Baron (koenig) is not implemented yet."),
        OptionSpec("drache", "The Princess & the Dragon: 30 tiles, dragon, fairy, princesses, magic portals.",
                   unavailable="The Princess & the Dragon (drache) is not implemented yet."),
    )

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, players: int, options: frozenset[str], seed: int) -> CarcState:
        return self.new_state(players, options, seed)

    def new_state(self, players: int, options: Iterable[str] = (), seed: int = 0, *,
                  pile: Sequence[str] | None = None, first: int | None = None) -> CarcState:
        """A new game. Tests fix the draw order with ``pile`` (tile ids, first drawn first; the
        start tile is not part of it) and the starting seat with ``first``; otherwise both come
        from the seed."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Carcassonne needs 2 to 5 players, not {players}")
        chosen = validate_options(self.options, options)
        rng = SeededRng(seed)
        if first is None:
            first = rng.randint(0, players - 1)
        if pile is None:
            tiles = [t.id for t in tiles_of_set("base") for _ in range(t.count)]
            tiles.remove(START_TILE)
            rng.shuffle(tiles)
        else:
            tiles = list(pile)
        state = CarcState(players=players, options=chosen, rng=rng, first=first, current=first, pile=tiles,
                          supply=[FOLLOWERS] * players, scores=[0] * players)
        state.board = Board()
        state.board.place(oriented(START_TILE, 0), 0, 0)
        state.placements.append((START_TILE, 0, 0, 0))
        self._draw(state, [])
        return state

    # -- whose turn, what is legal -------------------------------------------------------------
    def to_act(self, state: CarcState) -> frozenset[int]:
        return frozenset() if state.over else frozenset({state.current})

    def legal_actions(self, state: CarcState, seat: int) -> list[Any]:
        if state.over or seat != state.current:
            return []
        if state.phase == "place":
            assert state.drawn is not None
            return [Place(x, y, r) for x, y, r in state.board.legal_placements(state.drawn)]
        return [Deploy(code) for code in self.deploy_options(state, seat)]

    def suggestions(self, state: CarcState, seat: int) -> list[Any]:
        actions = self.legal_actions(state, seat)
        if state.phase == "deploy":
            return actions[: self.max_buttons]
        return actions if 0 < len(actions) <= self.max_buttons else []

    def placed(self, state: CarcState) -> tuple[OrientedTile, int, int]:
        """The tile just placed (deploy phase)."""
        tile_id, x, y, r = state.placements[-1]
        return oriented(tile_id, r), x, y

    def free_locals(self, state: CarcState, ot: OrientedTile, x: int, y: int) -> list[int]:
        """Segments of ``ot`` at (x, y) whose feature (after joining) holds no follower; -1 is the
        monastery. Works before and after the tile is placed."""
        occupied = set(self.figures_by_root(state))
        free: list[int] = []
        for group in state.board.preview(ot, x, y):
            if not any(root in occupied for root in group.roots):
                free.extend(group.locals)
        free.sort()
        if ot.monastery:
            free.insert(0, -1)
        return free

    def deploy_options(self, state: CarcState, seat: int) -> list[str]:
        """Canonical deploy codes for the tile just placed, ``-`` last (deploy phase only)."""
        return self._deploy_codes(state, seat) if state.phase == "deploy" else []

    def _deploy_codes(self, state: CarcState, seat: int) -> list[str]:
        ot, x, y = self.placed(state)
        codes = [] if state.supply[seat] <= 0 else [deploy_code(ot, local) for local in self.free_locals(state, ot, x, y)]
        return codes + [NOTHING]

    def figures_by_root(self, state: CarcState) -> dict[int, list[Figure]]:
        """Followers on cities, roads and fields, grouped by their feature's root."""
        board = state.board
        out: dict[int, list[Figure]] = {}
        for fig in state.figures:
            if fig.feature != MONASTERY:
                out.setdefault(board.root_of(fig.x, fig.y, fig.feature, fig.segment), []).append(fig)
        return out

    # -- notation ---------------------------------------------------------------------------------
    def parse(self, state: CarcState, seat: int, text: str) -> Any:
        self._check_turn(state, seat)
        t = normalise(text)
        match = POSITION.fullmatch(t)
        if state.phase == "deploy":
            ot, x, y = self.placed(state)
            if match:
                raise IllegalAction("Your tile is already placed at {x},{y}; now deploy: {codes} (or - for nothing).",
                                    x=x, y=y, codes=" ".join(self.deploy_options(state, seat)))
            return Deploy(self._canonical_code(state, ot, t))
        assert state.drawn is not None
        if not match:
            if t in NOTHING_WORDS or t in WORDS or SEGMENT_CODE.fullmatch(t) or addon_of(t):
                raise IllegalAction("First place your tile {tile}: write x,y rK (for example {example}), "
                                    "optionally followed by a deploy code.", tile=state.drawn, example=self._example(state))
            raise IllegalAction("I can't read '{given}'. Write x,y rK and optionally a deploy code, for example {example}.",
                                given=text.strip()[:40], example=self._example(state))
        x, y = int(match.group(1)), int(match.group(2))
        rest = (match.group(3) or "").split()
        rotation: int | None = None
        if rest:
            rot = rotation_of(rest[0])
            if rot == -1:
                raise IllegalAction("'{given}' is not a rotation; write r0, r1, r2 or r3 (or r90, r180, r270).",
                                    given=rest[0][:10])
            if rot is not None:
                rotation = rot
                rest = rest[1:]
        if len(rest) > 1:
            raise IllegalAction("I can't read '{given}'. Write x,y rK and optionally a deploy code, for example {example}.",
                                given=text.strip()[:40], example=self._example(state))
        if rotation is None:
            rotations = state.board.legal_rotations(state.drawn, x, y)
            if not rotations:
                raise self._no_fit(state, x, y)
            if len(rotations) > 1:
                raise IllegalAction("{x},{y}: {tile} fits in several rotations ({rotations}); add one, for example {example}.",
                                    x=x, y=y, tile=state.drawn, rotations=", ".join(f"r{r}" for r in rotations),
                                    example=f"{x},{y} r{rotations[0]}")
            rotation = rotations[0]
        deploy = self._canonical_code(state, oriented(state.drawn, rotation), rest[0]) if rest else None
        return Place(x, y, rotation, deploy)

    def _canonical_code(self, state: CarcState, ot: OrientedTile, text: str) -> str:
        code = text.strip().lower()
        codes = " ".join(sorted(set(deploy_code(ot, n) for n in ot.codes.values()), key=_code_order) + [NOTHING])
        if code in NOTHING_WORDS:
            return NOTHING
        if code in WORDS:
            kind = WORDS[code]
            locals_ = [-1] if kind == MONASTERY and ot.monastery else ot.of_kind(kind) if kind != MONASTERY else []
            if len(locals_) == 1:
                return deploy_code(ot, locals_[0])
            if not locals_:
                raise IllegalAction("Tile {tile} has no {kind}; its deploy codes: {codes}.",
                                    tile=ot.id, kind=kind_word(kind), codes=codes)
            raise IllegalAction("Tile {tile} has several {kind} segments; name one by its edge: {codes}.",
                                tile=ot.id, kind=kind_word(kind), codes=codes)
        if code in ot.codes:
            return deploy_code(ot, ot.codes[code])
        option = addon_of(code)
        if option:
            raise IllegalAction("'{code}' needs the option {option}, which is not on in this game.",
                                code=code[:12], option=option)
        if code == "m":
            raise IllegalAction("Tile {tile} has no {kind}; its deploy codes: {codes}.",
                                tile=ot.id, kind=kind_word(MONASTERY), codes=codes)
        if SEGMENT_CODE.fullmatch(code):
            kind = {"c": CITY, "r": ROAD, "f": FIELD}[code[0]]
            raise IllegalAction("Tile {tile} in r{rotation} has no {kind} at '{code}'; its deploy codes: {codes}.",
                                tile=ot.id, rotation=ot.rotation, kind=kind_word(kind), code=code, codes=codes)
        raise IllegalAction("'{code}' is not a deploy code. Choose one of {codes}.", code=code[:12], codes=codes)

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state: CarcState, seat: int, action: Any) -> list[Event]:
        self._check_turn(state, seat)
        if isinstance(action, Place):
            return self._apply_place(state, seat, action)
        if isinstance(action, Deploy):
            return self._apply_deploy(state, seat, action)
        raise IllegalAction("That is not a Carcassonne action; write x,y rK and optionally a deploy code.")

    def _check_turn(self, state: CarcState, seat: int) -> None:
        if state.over:
            raise IllegalAction("The game is over.")
        if seat != state.current:
            raise IllegalAction("It is {player}'s turn.", player=SeatRef(state.current))

    def _apply_place(self, state: CarcState, seat: int, action: Place) -> list[Event]:
        if state.phase == "deploy":
            _, x, y = self.placed(state)
            raise IllegalAction("Your tile is already placed at {x},{y}; now deploy: {codes} (or - for nothing).",
                                x=x, y=y, codes=" ".join(self.deploy_options(state, seat)))
        assert state.drawn is not None
        if action.rotation not in (0, 1, 2, 3):
            raise IllegalAction("'{given}' is not a rotation; write r0, r1, r2 or r3 (or r90, r180, r270).",
                                given=f"r{action.rotation}")
        ot = oriented(state.drawn, action.rotation)
        self._check_placement(state, ot, action.x, action.y)
        local = NO_DEPLOY
        code = None
        if action.deploy is not None:
            code = self._canonical_code(state, ot, action.deploy)
            if code != NOTHING:
                local = ot.codes[code]
                self._check_deploy(state, seat, ot, action.x, action.y, local)
        # valid: change the state
        state.board.place(ot, action.x, action.y)
        state.placements.append((ot.id, action.x, action.y, action.rotation))
        state.drawn = None
        events: list[Event] = []
        if code is None:
            options = self._deploy_codes(state, seat)
            if options != [NOTHING]:
                state.phase = "deploy"
                events.append(Event.public("{player} places {tile} at {x},{y} r{rotation}; deploy: {codes}",
                                           player=SeatRef(seat), tile=ot.id, x=action.x, y=action.y,
                                           rotation=action.rotation, codes=" ".join(options)))
                return events
            code = NOTHING
        if local != NO_DEPLOY:
            self._deploy(state, seat, ot, action.x, action.y, local)
        return self._finish_turn(state, seat, code, events)

    def reveals(self, state: CarcState, seat: int, action: Any, events: list[Event]) -> bool:
        """Every turn ends by drawing the next player's tile, which shows everyone a random tile.
        The one action that draws nothing is a staged placement (``x,y rK`` without a deploy
        code) that stops at the deploy step: that one may be taken back."""
        if not isinstance(action, Place) or action.deploy is not None or state.phase != "place":
            return True
        after = self.from_json(self.to_json(state))
        try:
            self.apply(after, seat, action)
        except IllegalAction:
            return True
        return after.phase != "deploy" or after.pile != state.pile

    def _apply_deploy(self, state: CarcState, seat: int, action: Deploy) -> list[Event]:
        if state.phase != "deploy":
            raise IllegalAction("First place your tile {tile}: write x,y rK (for example {example}), "
                                "optionally followed by a deploy code.", tile=state.drawn, example=self._example(state))
        ot, x, y = self.placed(state)
        code = self._canonical_code(state, ot, action.code)
        if code != NOTHING:
            local = ot.codes[code]
            self._check_deploy(state, seat, ot, x, y, local)
            self._deploy(state, seat, ot, x, y, local)
        return self._finish_turn(state, seat, code, [])

    def _check_placement(self, state: CarcState, ot: OrientedTile, x: int, y: int) -> None:
        board = state.board
        if (x, y) not in board.frontier:
            raise self._no_fit(state, x, y)
        clash = board.mismatch(ot, x, y)
        if clash is None:
            return
        d, mine, theirs = clash
        rotations = board.legal_rotations(ot.id, x, y)
        if rotations:
            hint = Msg("At {x},{y} it fits with {rotations}.", {"x": x, "y": y,
                                                                "rotations": ", ".join(f"r{r}" for r in rotations)})
        else:
            hint = Msg("It fits for example at {places}.", {"places": self._hint(state)})
        raise IllegalAction("{x},{y} r{rotation}: the {edge} edge of {tile} is a {mine} but the neighbour's edge is "
                            "a {theirs}. {hint}", x=x, y=y, rotation=ot.rotation, edge=edge_word(d), tile=ot.id,
                            mine=terrain_word(mine), theirs=terrain_word(theirs), hint=hint)

    def _no_fit(self, state: CarcState, x: int, y: int) -> IllegalAction:
        board = state.board
        there = board.tile_at(x, y)
        if there is not None:
            return IllegalAction("{x},{y} already holds tile {other}; {tile} fits for example at {places}.",
                                 x=x, y=y, other=there.id, tile=state.drawn, places=self._hint(state))
        if (x, y) not in board.frontier:
            return IllegalAction("{x},{y} has no neighbour; place next to an existing tile, for example {example}.",
                                 x=x, y=y, example=self._example(state))
        return IllegalAction("{tile} does not fit at {x},{y} in any rotation; it fits for example at {places}.",
                             tile=state.drawn, x=x, y=y, places=self._hint(state))

    def _check_deploy(self, state: CarcState, seat: int, ot: OrientedTile, x: int, y: int, local: int) -> None:
        if state.supply[seat] <= 0:
            raise IllegalAction("You have no follower left; write - to deploy nothing.")
        if local in self.free_locals(state, ot, x, y):
            return
        free = " ".join([deploy_code(ot, n) for n in self.free_locals(state, ot, x, y)] + [NOTHING])
        kind = ot.segments[local].kind
        if kind == CITY:
            raise IllegalAction("That city already has a knight; free on this tile: {codes}.", codes=free)
        if kind == ROAD:
            raise IllegalAction("That road already has a thief; free on this tile: {codes}.", codes=free)
        raise IllegalAction("That field already has a farmer; free on this tile: {codes}.", codes=free)

    def _deploy(self, state: CarcState, seat: int, ot: OrientedTile, x: int, y: int, local: int) -> None:
        if local == -1:
            fig = Figure(seat, x, y, MONASTERY, -1)
        else:
            seg = ot.segments[local]
            fig = Figure(seat, x, y, seg.kind, seg.index)
        state.figures.append(fig)
        state.supply[seat] -= 1

    def _finish_turn(self, state: CarcState, seat: int, code: str, events: list[Event]) -> list[Event]:
        tile_id, x, y, r = state.placements[-1]
        events.append(Event.public("{turn}. {player} ({colour}): {tile} {x},{y} r{rotation} {deploy}",
                                   turn=state.turn, player=SeatRef(seat), colour=LETTERS[seat], tile=tile_id,
                                   x=x, y=y, rotation=r, deploy=code))
        line = f"{state.turn}. {LETTERS[seat]} {tile_id} {x},{y} r{r} {code}"
        state.log.append(line + self._score_placement(state, x, y, events))
        state.turn += 1
        state.current = (seat + 1) % state.players
        state.phase = "place"
        self._draw(state, events)
        return events

    # -- scoring during play ----------------------------------------------------------------------
    def _score_placement(self, state: CarcState, x: int, y: int, events: list[Event]) -> str:
        """Score what the tile at (x, y) completed (§7); return the log suffix."""
        board = state.board
        number = board.grid[(x, y)]
        by_root = self.figures_by_root(state)
        suffix: list[str] = []
        returned: list[Figure] = []
        seen: set[int] = set()
        for local, root in board.roots_of_tile(number):
            feature = board.features[root]
            assert feature is not None
            if feature.kind == FIELD or root in seen or not feature.complete:
                continue
            seen.add(root)
            figs = by_root.get(root, [])
            tiles = len(feature.tiles)
            if feature.kind == CITY:
                points = scoring.city_points(tiles, feature.pennants, True, feature.cathedral)
            else:
                points = scoring.road_points(tiles, True, feature.inn)
            winners = self._award(state, figs, points)
            returned += figs
            suffix.append(f"{feature.kind} {tiles} {points} -> {_letters(winners)}")
            events.append(self._completed_event(feature.kind, tiles, feature.pennants, points, winners))
        for mx, my in [(x, y)] + [(x + dx, y + dy) for dx, dy in AROUND]:
            if (mx, my) in board.monasteries and board.neighbours_around(mx, my) == 8:
                monks = [f for f in state.figures if f.feature == MONASTERY and (f.x, f.y) == (mx, my)]
                if monks:
                    points = scoring.monastery_points(8, True)
                    winners = self._award(state, monks, points)
                    returned += monks
                    suffix.append(f"monastery {mx},{my} {points} -> {_letters(winners)}")
                    events.append(Event.public("Monastery at {x},{y} completed: {points} points to {winners}.",
                                               x=mx, y=my, points=points, winners=seats_msg(winners)))
        self._return(state, returned, events)
        return "".join(f" | {s}" for s in suffix)

    def _award(self, state: CarcState, figs: list[Figure], points: int) -> list[int]:
        winners = scoring.majority(scoring.strengths((f.seat, f.strength) for f in figs))
        for seat in winners:
            state.scores[seat] += points
        return winners

    def _completed_event(self, kind: str, tiles: int, pennants: int, points: int, winners: list[int]) -> Event:
        if kind == CITY:
            if not winners:
                return Event.public("City of {tiles} tiles completed: no knight, nobody scores.", tiles=tiles)
            if pennants:
                return Event.public("City of {tiles} tiles and {pennants} pennant(s) completed: {points} points to {winners}.",
                                    tiles=tiles, pennants=pennants, points=points, winners=seats_msg(winners))
            return Event.public("City of {tiles} tiles completed: {points} points to {winners}.",
                                tiles=tiles, points=points, winners=seats_msg(winners))
        if not winners:
            return Event.public("Road of {tiles} tiles completed: no thief, nobody scores.", tiles=tiles)
        return Event.public("Road of {tiles} tiles completed: {points} points to {winners}.",
                            tiles=tiles, points=points, winners=seats_msg(winners))

    def _return(self, state: CarcState, figs: list[Figure], events: list[Event]) -> None:
        if not figs:
            return
        gone = set(map(id, figs))
        state.figures = [f for f in state.figures if id(f) not in gone]
        counts: dict[int, int] = {}
        for fig in figs:
            state.supply[fig.seat] += 1
            counts[fig.seat] = counts.get(fig.seat, 0) + 1
        for seat in sorted(counts):
            events.append(Event.public("{player} gets {count} follower(s) back.", player=SeatRef(seat), count=counts[seat]))

    # -- drawing and the end ----------------------------------------------------------------------
    def _draw(self, state: CarcState, events: list[Event]) -> None:
        """Draw for the current player, discarding tiles that fit nowhere (§3 step 2)."""
        while state.pile:
            tile_id = state.pile.pop(0)
            if state.board.fits_somewhere(tile_id):
                state.drawn = tile_id
                state.phase = "place"
                return
            state.discarded.append(tile_id)
            state.log.append(f"{state.turn}. {LETTERS[state.current]} discard {tile_id}")
            events.append(Event.public("{turn}. {player} ({colour}): discard {tile} — it fits nowhere and is removed "
                                       "from the game.", turn=state.turn, player=SeatRef(state.current),
                                       colour=LETTERS[state.current], tile=tile_id))
        state.drawn = None
        self._final_scoring(state, events)

    def _final_scoring(self, state: CarcState, events: list[Event]) -> None:
        """§8-§9: incomplete cities, roads, monasteries; farms (current rule or ``old``)."""
        board = state.board
        n = state.players
        final = {"play": list(state.scores), "city": [0] * n, "road": [0] * n, "monastery": [0] * n,
                 "farm": [0] * n, "farm_cities": [0] * n}
        events.append(Event.public("No tiles left: the game is over. Final scoring:"))
        by_root = self.figures_by_root(state)
        fields: list[tuple[int, list[Figure]]] = []
        for root, figs in sorted(by_root.items()):
            feature = board.features[root]
            assert feature is not None
            tiles = len(feature.tiles)
            if feature.kind == FIELD:
                fields.append((root, figs))
                continue
            if feature.complete:
                continue
            if feature.kind == CITY:
                points = scoring.city_points(tiles, feature.pennants, False, feature.cathedral)
                event = Msg("Incomplete city of {tiles} tiles and {pennants} pennant(s): {points} points to {winners}.")
            else:
                points = scoring.road_points(tiles, False, feature.inn)
                event = Msg("Incomplete road of {tiles} tiles: {points} points to {winners}.")
            winners = self._award(state, figs, points)
            for seat in winners:
                final[feature.kind][seat] += points
            events.append(Event(Msg(event.text, {"tiles": tiles, "pennants": feature.pennants, "points": points,
                                                 "winners": seats_msg(winners)})))
        for fig in sorted((f for f in state.figures if f.feature == MONASTERY), key=lambda f: (f.y, f.x)):
            around = board.neighbours_around(fig.x, fig.y)
            points = scoring.monastery_points(around, around == 8)
            for seat in self._award(state, [fig], points):
                final[MONASTERY][seat] += points
            events.append(Event.public("Incomplete monastery at {x},{y}: {points} points to {winners}.",
                                       x=fig.x, y=fig.y, points=points, winners=seats_msg([fig.seat])))
        self._score_farms(state, fields, final, events)
        state.final = final
        state.phase = "over"
        best = max(state.scores)
        winners = [s for s in range(n) if state.scores[s] == best]
        events.append(Event.public("Winner: {winners} with {points} points.", winners=seats_msg(winners), points=best))

    def _score_farms(self, state: CarcState, fields: list[tuple[int, list[Figure]]], final: dict[str, list[int]],
                     events: list[Event]) -> None:
        board = state.board
        bordering = {root: sorted({board.find(c) for c in board.feature(root).cities if board.feature(c).complete})
                     for root, _ in fields}
        if "old" in state.options:
            city_fields: dict[int, list[int]] = {}
            for root, _ in fields:
                for city in bordering[root]:
                    city_fields.setdefault(city, []).append(root)
            farmers = {root: [(f.seat, f.strength) for f in figs] for root, figs in fields}
            won = scoring.farms_old(sorted(city_fields.items()), farmers)
            for seat, cities in sorted(won.items()):
                points = scoring.OLD_FARM_CITY * len(cities)
                state.scores[seat] += points
                final["farm"][seat] += points
                final["farm_cities"][seat] = len(cities)
                events.append(Event.public("Farms (old rule): {player} wins {cities} completed cities: {points} points.",
                                           player=SeatRef(seat), cities=len(cities), points=points))
            return
        won_sets = scoring.farms_current(
            (scoring.strengths((f.seat, f.strength) for f in figs), bordering[root]) for root, figs in fields)
        for seat, cities in sorted(won_sets.items()):
            points = scoring.FARM_CITY * len(cities)
            state.scores[seat] += points
            final["farm"][seat] += points
            final["farm_cities"][seat] = len(cities)
            events.append(Event.public("Farms: {player} supplies {cities} completed cities: {points} points.",
                                       player=SeatRef(seat), cities=len(cities), points=points))

    def outcome(self, state: CarcState) -> Outcome | None:
        if not state.over or state.final is None:
            return None
        final = state.final
        details = [Msg("{player}: {total} points = {play} during play + {city} incomplete cities + {road} incomplete "
                       "roads + {monastery} incomplete monasteries + {farm} farms ({farm_cities} cities).",
                       {"player": SeatRef(s), "total": state.scores[s], **{k: v[s] for k, v in final.items()}})
                   for s in range(state.players)]
        best = max(state.scores)
        details.append(Msg("Winner: {winners} with {points} points.",
                           {"winners": seats_msg([s for s in range(state.players) if state.scores[s] == best]),
                            "points": best}))
        return Outcome(tuple(state.scores), ranks_from_scores(state.scores), tuple(details))

    # -- JSON -------------------------------------------------------------------------------------------
    def to_json(self, state: CarcState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> CarcState:
        return state_from_json(data)

    # -- views and text ---------------------------------------------------------------------------------
    def view(self, state: CarcState, seat: int | None) -> CarcassonneView:
        board = state.board
        last = state.placements[-1]
        placements = ()
        deploy: tuple[str, ...] = ()
        if state.phase == "place" and state.drawn:
            placements = tuple(board.legal_placements(state.drawn))
        elif state.phase == "deploy":
            deploy = tuple(self.deploy_options(state, state.current))
        return CarcassonneView(
            seat=seat, options=tuple(sorted(state.options)),
            turn=state.turn - 1 if state.over else state.turn,
            current=None if state.over else state.current, phase=state.phase,
            tiles=tuple(PlacedTileView(x, y, t, r) for t, x, y, r in state.placements),
            figures=tuple(FigureView(f.x, f.y, f.seat, f.kind, f.feature, f.segment) for f in state.figures),
            players=tuple(PlayerView(s, COLOURS[s], LETTERS[s], state.scores[s], state.supply[s])
                          for s in range(state.players)),
            drawn=state.drawn, tiles_left=state.tiles_left(), legal_placements=placements, deploy_options=deploy,
            last_placed=(last[1], last[2]) if len(state.placements) > 1 else None,
            discarded=tuple(state.discarded), extras={"followers_total": FOLLOWERS},
        )

    def status(self, view: CarcassonneView) -> list[Msg]:
        lines = [Msg("Carcassonne — turn {turn} — tiles left: {left} (incl. drawn)",
                     {"turn": view.turn, "left": view.tiles_left})]
        total = view.extras.get("followers_total", FOLLOWERS)
        for p in view.players:
            params = {"player": SeatRef(p.seat), "letter": p.letter, "score": p.score, "followers": p.followers,
                      "total": total}
            if p.seat == view.current:
                lines.append(Msg("*{player}* ({letter})  {score}  followers {followers}/{total}", params))
            else:
                lines.append(Msg("{player} ({letter})  {score}  followers {followers}/{total}", params))
        if view.phase == "place" and view.drawn and view.current is not None:
            lines.append(Msg("Drawn for {player}: {tile} [{edges}]   legal: {legal}",
                             {"player": SeatRef(view.current), "tile": view.drawn, "edges": _edges_text(view.drawn),
                              "legal": placements_summary(view.legal_placements)}))
        elif view.phase == "deploy" and view.current is not None and view.last_placed:
            tile = view.tiles[-1]
            lines.append(Msg("{player} placed {tile} at {x},{y} r{rotation} — deploy: {codes}",
                             {"player": SeatRef(view.current), "tile": tile.tile, "x": tile.x, "y": tile.y,
                              "rotation": tile.rotation, "codes": " ".join(view.deploy_options)}))
        elif view.phase == "over":
            lines.append(Msg("Game over."))
        if view.discarded:
            lines.append(Msg("Discarded: {tiles}", {"tiles": " ".join(view.discarded)}))
        return lines

    def turn_prompt(self, view: CarcassonneView) -> list[Msg]:
        if view.phase == "place" and view.drawn and view.legal_placements:
            x, y, r = view.legal_placements[0]
            return [Msg("Your tile is {tile} [{edges}]. Place it with x,y rK and optionally a deploy code, "
                        "for example {example}. It fits at: {legal}",
                        {"tile": view.drawn, "edges": _edges_text(view.drawn), "example": f"{x},{y} r{r}",
                         "legal": placements_summary(view.legal_placements, limit=20)})]
        if view.phase == "deploy":
            return [Msg("Deploy a follower on the tile you placed: {codes} (- deploys nothing).",
                        {"codes": " ".join(view.deploy_options)})]
        return []

    # -- helpers for messages --------------------------------------------------------------------------
    def _example(self, state: CarcState) -> str:
        if state.drawn is None:
            return "0,1 r0"
        placements = state.board.legal_placements(state.drawn)
        if not placements:
            return "0,1 r0"
        x, y, r = placements[0]
        return f"{x},{y} r{r}"

    def _hint(self, state: CarcState) -> str:
        return placements_summary(state.board.legal_placements(state.drawn), limit=6) if state.drawn else "-"

    # -- computer players -------------------------------------------------------------------------------
    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        if level == "random":
            return RandomPlayer()
        from games.carcassonne.ai import GreedyPlayer
        return GreedyPlayer()

    def computer_levels(self) -> Sequence[str]:
        return ("random", "greedy")


def _letters(seats: list[int]) -> str:
    return ",".join(LETTERS[s] for s in seats) or "-"


def _edges_text(tile_id: str) -> str:
    """Edge letters N E S W of the tile as drawn (r0), e.g. 'C R R F'."""
    return " ".join(oriented(tile_id, 0).edges)


def _code_order(code: str) -> tuple[int, str]:
    return ("mcrf".index(code[0]) if code[0] in "mcrf" else 9, code)


__all__ = ["Carcassonne"]
