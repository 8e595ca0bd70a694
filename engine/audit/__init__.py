"""The audit (issue #10): every decision of a recorded game graded, its key moments and its luck.

- :mod:`.grading`: the classes (forced, best ... blunder), :func:`assess` (the one place a ranked move is
  graded, by its chance to win or, where the game is decided, by the lead it lost) and the accuracy formula;
- :mod:`.page_review`: a press's page against the optimal page, rule by rule;
- :mod:`.review`: :func:`audit`, the whole game on the advisor's sampled futures;
- :mod:`.moments`: the key moments.

>>> from pennypress.engine import GameDefinition
>>> from pennypress.engine.arena.recorded import record_selfplay
>>> doc, _ = record_selfplay(GameDefinition.create(2), seed=4, bot="random")
>>> doc["moves"] = doc["moves"][:2]; del doc["final_scores"], doc["winners"]
>>> a = audit(doc, playouts=2, workers=1)
>>> [d.ply for d in a.decisions], sorted(a.to_json())[:3]
([1, 2], ['budget', 'decisions', 'engine'])
"""
from .grading import BANDS, CLASSES, MARGIN_BANDS, Grade, accuracy, assess, classify, grade, saturated, scaled_loss
from .moments import KeyMoment, key_moments
from .page_review import PageReview, review_page
from .review import Audit, Decision, PlayerSummary, Timing, audit

__all__ = [
    "Audit", "BANDS", "CLASSES", "Decision", "Grade", "KeyMoment", "MARGIN_BANDS", "PageReview", "PlayerSummary",
    "Timing", "accuracy", "assess", "audit", "classify", "grade", "key_moments", "review_page", "saturated",
    "scaled_loss",
]
