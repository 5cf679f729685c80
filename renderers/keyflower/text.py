"""Short English labels for tiles (names, abilities, costs, scoring) drawn on the hexes; every
word goes through ``renderers.common.word``."""
from __future__ import annotations

from games.keyflower.components import TileDef
from renderers.common import word

RES_SHORT = {"wood": "wood", "stone": "stone", "iron": "iron", "gold": "gold", "any": "any"}

PASSIVE = {
    "boat1a": "+2 keeples at boats", "boat1b": "+1 green at boats", "boat2a": "moves over any edge",
    "boat2b": "transport x2", "boat3a": "upgrade: any res", "boat3b": "score: any res",
    "boat4a": "bid other colour", "boat4b": "use mixed colours",
}

WINTER = {
    "jeweller": "2 per gold", "craftsmen": "3 per B+R+Y", "watermill": "1 per res (1 type)",
    "mercers": "5 per W+S+I", "keythedral": "12 VP", "windmill": "5 per 5 res", "scribes": "10 per saw+pick+anvil",
    "scholar": "3 per skill (1 type)", "villagehall": "1 per keeple (1 colour)", "keymarket": "2 per green",
    "keyguild": "10 per 5 skills", "apothecary": "3 per 5 keeples",
}

BOAT_WINTER = {
    "keyflower": "1 per transport", "seabastion": "1 per loop tile", "seabreese": "river 2-32",
    "flipper": "2 VP + free up", "ianvincible": "5 VP", "whitewind": "1 per keeple",
}


def tile_title(defn: TileDef) -> str:
    """The name players know the tile by (never the internal id)."""
    if defn.kind == "home":
        return word("Home")
    if defn.kind == "summer_boat":
        return word("Summer boat")
    return word(defn.en)


def _res(pairs) -> str:
    return " ".join(f"+{n} {r}" for r, n in pairs)


def ability_text(defn: TileDef, upgraded: bool) -> str:
    return word(_ability(defn, upgraded))


def _ability(defn: TileDef, upgraded: bool) -> str:
    if defn.kind == "summer_boat":
        return PASSIVE.get(defn.id, "")
    if defn.kind == "winter":
        return WINTER.get(defn.id, "")
    if defn.kind == "boat":
        return BOAT_WINTER.get(defn.id, "")
    if defn.kind == "turn_order":
        return f"boat choice {defn.number}"
    if defn.storage is not None:
        kinds, vp = defn.storage
        return f"{vp[1 if upgraded else 0]} per {'/'.join(kinds)}"
    ability = defn.ability_of(upgraded)
    if ability is None:
        return ""
    t = ability.t
    if t == "gain":
        return _res(ability.res)
    if t == "gain_choice":
        return "+1 " + "/".join(o[0] for o in ability.options)
    if t == "draw_keeples":
        return f"draw {ability.n} keeple" + ("s" if ability.n > 1 else "")
    if t == "draw_skills":
        return f"draw {ability.n} skill" + ("s" if ability.n > 1 else "")
    if t == "pay_keeple_gain_green":
        return f"pay 1{ability.pay[0].upper()}: +{ability.green}G"
    if t == "pay_any_keeple_draw_keeples":
        return f"pay keeple: draw {ability.n}"
    if t == "pay_any_skill_draw_keeples":
        return f"pay skill: {ability.n} keeples"
    if t == "pay_any_skill_draw_skills":
        return f"pay skill: {ability.n} skills"
    if t == "pay_skill_gain_res":
        return f"pay {ability.skill}: " + _res(ability.res)
    if t == "transport":
        return f"move {ability.move} up {ability.upgrades}"
    return ""


def cost_text(defn: TileDef) -> str:
    items = [RES_SHORT[r] for r in defn.upgrade_res] + list(defn.upgrade_skill)
    if not items:
        return ""
    counted: dict[str, int] = {}
    for item in items:
        counted[item] = counted.get(item, 0) + 1
    return "+".join(f"{n}{k}" if n > 1 else k for k, n in counted.items())


RES_LETTER = {"wood": "W", "stone": "S", "iron": "I", "gold": "Au", "any": "any"}


def cost_letters(defn: TileDef) -> str:
    """The upgrade cost, short: resources by letter (W S I Au), skills by name (``W+S``, ``saw``)."""
    items = [RES_LETTER[r] for r in defn.upgrade_res] + [word(k) for k in defn.upgrade_skill]
    counted: dict[str, int] = {}
    for item in items:
        counted[item] = counted.get(item, 0) + 1
    return "+".join(f"{n}{k}" if n > 1 else k for k, n in counted.items())


def vp_text(defn: TileDef, upgraded: bool) -> str:
    if defn.kind in ("home", "village"):
        return str(defn.vp[1 if upgraded else 0])
    vp = defn.fixed_vp(upgraded)
    return str(vp) if vp else ""
