"""The words of the lab, which no page a player reads shows (a collapsed "Details" aside).

One list for every test that hunts them -- the analysis board, the audit, the words sweep over the
app's pages, the ``--text`` outputs -- so a word added here is hunted everywhere.
"""
from __future__ import annotations

import re

SEARCH_WORDS = ("playouts?", "paired", "converged", "seed", "budget", "wilson", "binomial", "ply", "within_noise",
                "native core", "rust")
"""Words of the search and its statistics."""
RATING_WORDS = ("p-value", "sigma", "mu", "openskill", "ordinal")
"""Words of the rating model behind the tournament table."""

LAB_WORDS = re.compile(r"\b(" + "|".join(SEARCH_WORDS) + r")\b", re.IGNORECASE)
"""A search or statistics word."""
HUNTED = re.compile(r"\b(" + "|".join(SEARCH_WORDS + RATING_WORDS) + r")\b|examples/|\.json\b|docs/", re.IGNORECASE)
"""Any lab word, a rating model's word, or a file path."""
