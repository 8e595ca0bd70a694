"""The calibration map: it recovers a known map from data, keeps order and signs, and the advisor shows
its playouts' shares through it without changing a ranking, an "equal to the best" or a move."""
from __future__ import annotations

import math
import random
import re

from hypothesis import given
from hypothesis import strategies as st

from pennypress.engine.advisor import advise
from pennypress.engine.advisor.calibration import CALIBRATION, DATA, IDENTITY, Calibration, fit, load

share = st.floats(0.0, 1.0)
maps = st.builds(Calibration, st.floats(0.2, 3.0), st.floats(-2.0, 2.0))


def test_fit_recovers_a_known_map():
    truth = Calibration(0.6, 0.8)
    rng = random.Random(11)
    data = []
    for _ in range(20_000):
        p = rng.uniform(0.02, 0.98)
        data.append((p, 1.0 if rng.random() < truth(p) else 0.0))
    got = fit(data)
    assert abs(got.slope - 0.6) < 0.05 and abs(got.intercept - 0.8) < 0.05
    # the identity is the fit of data that is already calibrated
    calibrated = [(p, 1.0 if rng.random() < p else 0.0) for p, _ in data]
    same = fit(calibrated)
    assert abs(same.slope - 1) < 0.05 and abs(same.intercept) < 0.05


def test_fit_takes_shared_wins_as_fractions():
    # a three-way tie scores 1/3: a share always ending in such ties is calibrated at 1/3
    got = fit([(0.5, 1 / 3)] * 50 + [(0.2, 1 / 3)] * 50)
    assert abs(got(0.5) - 1 / 3) < 1e-6 and abs(got(0.2) - 1 / 3) < 1e-6


@given(maps, share, share)
def test_the_map_keeps_order_and_certainty(c, p, q):
    assert c(0.0) == 0.0 and c(1.0) == 1.0 and 0.0 <= c(p) <= 1.0
    if p < q:
        assert c(p) <= c(q)


@given(maps, share, st.floats(-1.0, 1.0))
def test_a_loss_keeps_its_sign(c, best, loss):
    shown = c.loss(best, loss)
    assert (shown >= 0 if loss >= 0 else shown <= 0) and (loss != 0 or shown == 0)
    if 0.01 <= min(best, best - loss) and max(best, best - loss) <= 0.99 and abs(loss) > 1e-6:
        assert (shown > 0) == (loss > 0), "a loss away from certainty stays a loss (and a gain a gain)"


@given(maps, st.lists(st.floats(0.0, 1.0), min_size=2, max_size=5), st.integers(0, 4))
def test_everyone_still_sums_to_one(c, raw, player):
    total = sum(raw)
    if total == 0:
        return
    shares = [x / total for x in raw]
    player %= len(shares)
    out = c.everyone(shares, player)
    assert abs(out[player] - c(shares[player])) < 1e-12
    if shares[player] < 1:
        assert abs(sum(out) - 1) < 1e-9 and all(x >= 0 for x in out)


def test_the_shipped_map_says_how_it_was_made():
    assert DATA.exists() and load() == CALIBRATION != IDENTITY
    assert CALIBRATION.slope > 0, "a calibration must keep the order of the shares"
    made = CALIBRATION.fitted_on
    assert made["command"].startswith("python -m benchmarks.training.fit_calibration ")
    games = int(re.search(r"--games (\d+)", made["command"]).group(1))
    # one decision a game, drawn in advance (a game may offer none: no turn with two legal moves)
    assert games >= 300 and 0.95 * games <= made["samples"] <= games


def test_the_advisor_shows_shares_through_the_map(midgame):
    c = Calibration(0.6, 0.8)
    raw = advise(midgame, playouts=300, seed=3, workers=1, reasons_top=0, calibration=IDENTITY)
    shown = advise(midgame, playouts=300, seed=3, workers=1, reasons_top=0, calibration=c)
    assert not raw.calibrated and shown.calibrated and raw.to_json()["calibrated"] is False
    assert raw.ranking() == shown.ranking()
    best = raw.best.win_probability
    for r, s in zip(raw.moves, shown.moves):
        assert (r.equal_to_best, r.searched, r.playouts) == (s.equal_to_best, s.searched, s.playouts)
        assert math.isclose(s.win_probability, c(r.win_probability), abs_tol=1e-12)
        assert math.isclose(s.win_interval[0], c(r.win_interval[0]), abs_tol=1e-12)
        assert math.isclose(s.loss, max(0.0, c(best) - c(best - r.loss)), abs_tol=1e-12)
        lo, hi = s.loss_interval
        assert (lo <= 0 <= hi) == (r.loss_interval[0] <= 0 <= r.loss_interval[1])
        assert math.isclose(s.win_all[raw.player], c(r.win_all[raw.player]), abs_tol=1e-12)
        assert math.isclose(sum(s.win_all), 1.0, abs_tol=1e-9)
        assert (r.expected_score, r.points_loss) == (s.expected_score, s.points_loss)
    # the map moves the numbers: a share in the middle is shown higher under this map
    assert any(abs(s.win_probability - r.win_probability) > 0.05 for r, s in zip(raw.moves, shown.moves))
