"""Player names that are hard to draw: emoji of each kind, the scripts players write in, a
64-character name, combining marks, bidi controls and Markdown (tests of the pictures and of the
messages use them)."""
from __future__ import annotations

#: (what makes it hard, the name)
HARD_NAMES: tuple[tuple[str, str], ...] = (
    ("emoji: ZWJ family, skin tone, flag", "👨\u200d👩\u200d👧\u200d👦 Fam 👍🏽🇯🇵"),
    ("emoji: tag flag, keycap, variation selector", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f #️⃣ ❤️ Kilt"),
    ("Latin with combining marks", "Zoe\u0308 A\u030angstro\u0308m Nguye\u0302\u0303n"),
    ("Greek", "Αλέξανδρος Παπαδόπουλος"),
    ("Cyrillic", "Владимир Достоевский"),
    ("CJK", "王小明の冒険者ギルド"),
    ("Korean", "김민준 이서연"),
    ("Arabic", "محمد عبد الرحمن"),
    ("Hebrew", "דוד בן גוריון"),
    ("Thai", "สมชาย ใจดีมาก"),
    ("Devanagari", "अर्जुन शर्मा क्षत्रिय"),
    ("64 characters", "Maximilian Alexander Wolfgang von Hohenzollern-Sigmaringen the G"),
    ("bidi controls", "\u202eEvil\u202c \u2067نور\u2069 Mark\u200f"),
    ("Markdown", "**Bold** _it_ `code` ||spoil|| ~~x~~ # h"),
    ("a computer seat's name, digits drawn apart", "Computer 12 (greedy)"),
)

NAMES: tuple[str, ...] = tuple(name for _, name in HARD_NAMES)


def seated(players: int, start: int = 0) -> list[str]:
    """``players`` hard names from the ``start``-th on (wrapping): drawing a few positions, each
    starting where the one before stopped, seats every name."""
    return [NAMES[(start + k) % len(NAMES)] for k in range(players)]
