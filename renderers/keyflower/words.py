"""Short labels for tiles (names, abilities, costs, scoring) drawn on the hexes; every
word goes through ``renderers.common.word``."""
from __future__ import annotations

from games.keyflower.components import TileDef
from games.keyflower.words import JAPANESE as JAPANESE_WORDS
from renderers.common import N_, named, word, words
from renderers.common.picture_words import codes_shown, current_locale

RES_SHORT = {"wood": "wood", "stone": "stone", "iron": "iron", "gold": "gold", "any": "any"}
#: resources and skills as the tiles name them
THINGS = {"wood": N_("wood"), "stone": N_("stone"), "iron": N_("iron"), "gold": N_("gold"), "any": N_("any"),
          "saw": N_("saw"), "pick": N_("pick"), "anvil": N_("anvil")}
#: a resource by its initial, where a tile has room for no more
INITIAL = {"wood": N_("w"), "stone": N_("s"), "iron": N_("i"), "gold": N_("g")}

PASSIVE = {
    "boat1a": N_("+2 keeples at boats"), "boat1b": N_("+1 green at boats"), "boat2a": N_("moves over any edge"),
    "boat2b": N_("transport x2"), "boat3a": N_("upgrade: any res"), "boat3b": N_("score: any res"),
    "boat4a": N_("bid other colour"), "boat4b": N_("use mixed colours"),
}

WINTER = {
    "jeweller": N_("2 per gold"), "craftsmen": N_("3 per B+R+Y"), "watermill": N_("1 per res (1 type)"),
    "mercers": N_("5 per W+S+I"), "keythedral": N_("12 VP"), "windmill": N_("5 per 5 res"),
    "scribes": N_("10 per saw+pick+anvil"), "scholar": N_("3 per skill (1 type)"),
    "villagehall": N_("1 per keeple (1 colour)"), "keymarket": N_("2 per green"),
    "keyguild": N_("10 per 5 skills"), "apothecary": N_("3 per 5 keeples"),
}

BOAT_WINTER = {
    "keyflower": N_("1 per transport"), "seabastion": N_("1 per loop tile"), "seabreese": N_("river 2-32"),
    "flipper": N_("2 VP + free up"), "ianvincible": N_("5 VP"), "whitewind": N_("1 per keeple"),
}


def thing(key: str) -> str:
    """A resource or a skill in the picture's language: in Japanese the names of the help pages
    and of Keyflower's lines (wood is 木, as in the header and the help; the pictures' catalogue
    has 木材 for Stone Age's wood)."""
    if current_locale() == "ja" and key in JAPANESE_WORDS:
        return JAPANESE_WORDS[key]
    return word(THINGS[key]) if key in THINGS else key


def tile_label(defn: TileDef) -> tuple[str, str]:
    """The name players know the tile by, in the picture's language, and the id they type for it:
    in Japanese always; in English too, since a name can hide its id ("Key Mine" is ``keymine``,
    "Turn order 1" is ``to1``, a home tile is its own ``home4``, which tells the homes apart),
    unless the name says it already: it is the id ("Stable") or begins with it as a word
    ("Apprentice Hall" is ``apprentice``; the help picture, which explains the notation, writes
    those too). "" for no id."""
    if defn.kind == "home":
        name, code = word("Home"), defn.id
    elif defn.kind == "summer_boat":
        name, code = word("Summer boat"), defn.id[:-1]
    else:
        name, code = named(word(defn.en), defn.ja), defn.id
    said = name.lower() == code or (not codes_shown() and name.lower().split(" ")[0] == code)
    return name, "" if said else code


def tile_title(defn: TileDef) -> str:
    """The tile's name with the id players type beside it (see :func:`tile_label`)."""
    name, code = tile_label(defn)
    return f"{name} {code}" if code else name


def listed(items) -> str:
    """Short items side by side: spaced in English, set off by the middle dot in Japanese (JLReq
    puts no space between Japanese words)."""
    return ("・" if current_locale() == "ja" else " ").join(items)


def counted_thing(n: int, kind: str) -> str:
    """A count of a skill or resource: ``2 anvil``, in Japanese ``鉄床2``."""
    return word("{n} {thing}", n=n, thing=thing(kind))


def _res(pairs) -> str:
    return listed(word("+{n} {thing}", n=n, thing=thing(r)) for r, n in pairs)


def ability_text(defn: TileDef, upgraded: bool) -> str:
    return _ability(defn, upgraded)


def _ability(defn: TileDef, upgraded: bool) -> str:
    if defn.kind == "summer_boat":
        return word(PASSIVE.get(defn.id, ""))
    if defn.kind == "winter":
        return word(WINTER.get(defn.id, ""))
    if defn.kind == "boat":
        return word(BOAT_WINTER.get(defn.id, ""))
    if defn.kind == "turn_order":
        return word("boat choice {n}", n=defn.number)
    if defn.storage is not None:
        kinds, vp = defn.storage
        return word("{vp} per {things}", vp=vp[1 if upgraded else 0], things="/".join(thing(k) for k in kinds))
    ability = defn.ability_of(upgraded)
    if ability is None:
        return ""
    t = ability.t
    if t == "gain":
        return _res(ability.res)
    if t == "gain_choice":
        return word("+1 {things}", things="/".join(word(INITIAL[o]) for o in ability.options))
    if t == "draw_keeples":
        return words("draw {count} keeple", "draw {count} keeples", count=ability.n)
    if t == "draw_skills":
        return words("draw {count} skill", "draw {count} skills", count=ability.n)
    if t == "pay_keeple_gain_green":
        # "pay 1Y: +1G", in Japanese the colours' kanji after their counts ("黄1を払う：緑+1")
        return word("pay 1{colour}: +{n}{green}", colour=keeple_mark(ability.pay), n=ability.green,
                    green=keeple_mark("green"))
    if t == "pay_any_keeple_draw_keeples":
        return word("pay keeple: draw {n}", n=ability.n)
    if t == "pay_any_skill_draw_keeples":
        return words("pay skill: {count} keeple", "pay skill: {count} keeples", count=ability.n)
    if t == "pay_any_skill_draw_skills":
        return words("pay skill: {count} skill", "pay skill: {count} skills", count=ability.n)
    if t == "pay_skill_gain_res":
        return word("pay {skill}: {gain}", skill=thing(ability.skill), gain=_res(ability.res))
    if t == "transport":
        return word("move {move} up {up}", move=ability.move, up=ability.upgrades)
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
KEEPLE_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G"}


def resource_mark(res: str) -> str:
    """A resource in a column head or a short cost: its letter (W S I Au), in Japanese its one
    character name (木 石 鉄 金, as the Japanese help pages name them)."""
    return named(RES_LETTER[res], JAPANESE_WORDS.get(res))


#: the stock's gold on its counter: the first letter of Au; in Japanese 金, as the help pages name
#: gold (renderers/legends.py explains it with this token)
STOCK_GOLD = N_("A")


def stock_mark(res: str) -> str:
    """A resource on its counter in the stock: one letter (W S I A), in Japanese its one character
    name (木 石 鉄 金)."""
    return word(STOCK_GOLD) if res == "gold" else resource_mark(res)[0]


def keeple_mark(colour: str) -> str:
    """A keeple colour beside a count: its letter (R B Y G), in Japanese its colour (赤 青 黄 緑)."""
    return named(KEEPLE_LETTER[colour], JAPANESE_WORDS.get(colour))


def cost_letters(defn: TileDef) -> str:
    """The upgrade cost, short: resources by letter (W S I Au; in Japanese 木 石 鉄 金), skills by
    name (``W+S``, ``saw``)."""
    items = [resource_mark(r) if r != "any" else thing(r) for r in defn.upgrade_res] + [thing(k) for k in defn.upgrade_skill]
    counted: dict[str, int] = {}
    for item in items:
        counted[item] = counted.get(item, 0) + 1
    # a count before what it counts in English ("2any"), after it in Japanese ("任意2")
    return "+".join(word("{n}{thing}", n=n, thing=k) if n > 1 else k for k, n in counted.items())


def vp_text(defn: TileDef, upgraded: bool) -> str:
    if defn.kind in ("home", "village"):
        return str(defn.vp[1 if upgraded else 0])
    vp = defn.fixed_vp(upgraded)
    return str(vp) if vp else ""
