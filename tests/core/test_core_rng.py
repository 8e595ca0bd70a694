"""pennypress_core.Random is CPython's random.Random bit for bit, seeds of any size included.

Large seeds are those the engine really uses: a playout's seed
(``engine.advisor.playout.playout_seed``) and a playout bot's (``seed * 8 + seat``,
``engine.advisor.policy``).
"""
from __future__ import annotations

import random

import pytest

from pennypress.engine.advisor.playout import playout_seed


def _seeds():
    rng = random.Random(2024)
    seeds = [0, 1, 2, 7, 42, 2**31 - 1, 2**32 - 1, 2**32, 2**32 + 1, 2**63 - 1, 2**64, 2**64 + 5, -1, -123456789, 10**30]
    seeds += [rng.getrandbits(rng.randrange(1, 140)) for _ in range(150)]
    seeds += [playout_seed(s, k) * 8 + seat for s in (0, 7, 10**9 + 7, 2**40) for k in (0, 1, 999) for seat in range(5)]
    return seeds


def test_the_state_after_seeding_is_cpythons(core):
    for seed in _seeds():
        assert core.Random(seed).getstate() == random.Random(seed).getstate()[1], seed


def test_every_method_draws_what_cpython_draws(core):
    for seed in _seeds():
        ours, theirs = core.Random(seed), random.Random(seed)
        script = random.Random(seed ^ 0x5EED)  # which method to call next, independent of both
        for _ in range(60):
            what = script.randrange(8)
            if what == 0:
                assert ours.random() == theirs.random()
            elif what == 1:
                k = script.choice((0, 1, 5, 31, 32, 33, 63, 64, 65, 100, 200))
                assert ours.getrandbits(k) == theirs.getrandbits(k)
            elif what == 2:
                n = script.choice((1, 2, 3, 44, 45, 1000, 2**31, 2**40 + 3, 2**63 - 1))
                assert ours.randbelow(n) == theirs._randbelow(n)
            elif what == 3:
                n = script.randrange(1, 100)
                assert ours.randrange(n) == theirs.randrange(n)
            elif what == 4:
                a, b = sorted((script.randrange(-50, 50), script.randrange(-50, 50)))
                step = script.choice((1, 2, 3, 7))
                if a == b:
                    b += 1
                assert ours.randrange(a, b, step) == theirs.randrange(a, b, step)
                assert ours.randrange(b, a, -step) == theirs.randrange(b, a, -step)
            elif what == 5:
                seq = list(range(script.randrange(1, 30)))
                assert ours.choice(seq) == theirs.choice(seq)
            elif what == 6:
                assert ours.uniform(-0.15, 0.15) == theirs.uniform(-0.15, 0.15)
            else:
                a = list(range(script.randrange(0, 50)))
                b = list(a)
                ours.shuffle(a)
                theirs.shuffle(b)
                assert a == b
        assert ours.getstate() == theirs.getstate()[1]


def test_bad_ranges_raise_like_python(core):
    r = core.Random(1)
    with pytest.raises(core.BadInput, match="empty range"):
        r.randrange(0)
    with pytest.raises(core.BadInput, match="zero step"):
        r.randrange(0, 5, 0)
    with pytest.raises(IndexError):
        r.choice([])
    with pytest.raises(core.BadInput, match="whole number"):
        core.Random("a string seed")
