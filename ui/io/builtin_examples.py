"""The built-in example every entry point opens on: the rulebook's scoring example (p. 9).

Politics A 2★ (the top beat, value 4), Crime & Calamity B 1★ and War D 3★
(value 3), no advertisement; the optimal page scores 12.
"""
from typing import Any

RULEBOOK_12_POINTS: dict[str, Any] = {
    "stories": [
        {"beat": "politics", "shape": "A", "stars": 2},
        {"beat": "crime", "shape": "B", "stars": 1},
        {"beat": "war", "shape": "D", "stars": 3},
    ],
    "beat_values": {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0},
    "ad": None,
}
