"""``benchmarks/strength/decision_regret.py``: a variant that is the shipped setting chooses the shipped moves, the
opponent's bot in the playouts changes them, settings are put back, a search cap holds, and bad arguments are
refused."""
from __future__ import annotations

import pytest

from benchmarks.strength import decision_regret as bdr
from pennypress.engine.advisor import policy, pool
from pennypress.errors import BadInput

pytestmark = pytest.mark.xdist_group("decision_regret")  # one worker plays the shared games once (bdr._kept)

CAP = ["--search-cap", "100"]
"""The harness's runs here check its plumbing, not strength: every search is capped (the games' advisor's, the
shipped setting's, each variant's; the second ply keeps its shape), and a small search still tells a setting
that is the shipped one (the same moves) from one that is not (other moves somewhere)."""


@pytest.mark.slow
def test_a_small_run_pairs_every_variant_with_the_shipped_moves(core, capsys):
    same = f"noise={policy.VALUE_NOISE}"  # the shipped noise, named as a variant
    assert bdr.main(["--games", "1", "--seed", "31", "--playouts", "8",
                     "--variants", f"{same},opponent-playouts", *CAP]) == 0
    out = capsys.readouterr().out
    assert "every search at most 100 playouts, not the shipped searches" in out.split("\n\n")[0]
    decisions = int(out.split(" decisions,")[0].rsplit(", ", 1)[1])
    rows = {r.split("|")[1].strip(" `"): [c.strip() for c in r.split("|")[2:-1]]
            for r in out.splitlines() if r.startswith("| `")}
    assert list(rows) == ["shipped", same, "opponent-playouts"] and decisions > 5
    assert rows["shipped"][0] == rows[same][0] == "0"  # the same setting chooses the same move every time
    assert rows[same][2].startswith("+0.00 (+0.00 to +0.00)")
    # a search whose playouts are the very opponent plays otherwise in some decisions
    assert 0 < int(rows["opponent-playouts"][0]) <= decisions


@pytest.mark.slow
def test_one_worker_gives_the_figures_of_two(core, capsys):
    # the other runs' seed: two workers' games and shipped picks may be kept from them (bdr._kept), one worker's
    # are played and picked anew, so the figures still compare one worker's run with two workers'
    argv = ["--games", "1", "--seed", "31", "--playouts", "6", "--variants", "leaf=2+budget=fast", *CAP]
    tables = []
    for workers in ("1", "2"):
        assert bdr.main(argv + ["--workers", workers]) == 0
        tables.append([r for r in capsys.readouterr().out.splitlines() if r.startswith("| `")])
    assert tables[0] == tables[1] and len(tables[0]) == 2


def test_a_search_cap_holds_every_search_of_the_harness(core, monkeypatch):
    """``--search-cap``: a variant's analysis and each reply's search spend at most the cap, the second ply still
    opening the budget's moves, and the kept games' advisor searches with the same capped budget."""
    from pennypress.engine import new_game
    from pennypress.engine.advisor.answer import advise
    from pennypress.engine.advisor.budget import BUDGETS
    from pennypress.engine.io.state import public_view

    seen = []  # every answer the harness's search gives, as advise gives it
    monkeypatch.setattr(bdr, "advise", lambda *a, **kw: seen.append(advise(*a, **kw)) or seen[-1])
    view = public_view(new_game(3, seed=5))
    bdr.choice(view, bdr.parse_variant("budget=normal+leaf=3"), None, None, 1, 100)
    (advice,) = seen
    ply = advice.second_ply  # ply.playouts: the replies' in all; advice.playouts: the analysis's and the replies'
    assert ply.opened == BUDGETS["normal"].replies and ply.playouts <= 100 * ply.opened
    assert advice.playouts - ply.playouts <= 100
    keeper = bdr.Keeper(0, [], 1, 100)
    assert keeper.budget == bdr.capped(BUDGETS["fast"], 100) and keeper.name == "advisor:fast"


def test_settings_are_put_back_even_when_the_search_fails():
    noise, core_policy = policy.VALUE_NOISE, pool.core_policy
    variant = bdr.parse_variant("noise=0.2")
    with pytest.raises(RuntimeError):
        with bdr.applied(bdr.Variant("x", settings=variant.settings, opponent_playouts=True), "opponent"):
            assert policy.VALUE_NOISE == 0.2 and pool.core_policy() == "opponent"
            raise RuntimeError
    assert policy.VALUE_NOISE == noise and pool.core_policy is core_policy


@pytest.mark.parametrize("text", ["noise=x", "leaf=", "policy=oracle", "budget=huge", "depth=3"])
def test_bad_variants_are_named(text):
    with pytest.raises(BadInput, match=f"variant '{text}'"):
        bdr.parse_variant(text)


def test_variants_joined_with_a_plus_take_every_parts_setting():
    v = bdr.parse_variant("budget=normal+leaf=6+noise=0.2+jitter=0.3")
    assert (v.name, v.budget, v.leaf, v.policy) == ("budget=normal+leaf=6+noise=0.2+jitter=0.3", "normal", 6, None)
    assert v.settings == (("VALUE_NOISE", 0.2), ("JITTER", 0.3))
    assert bdr.parse_variant("leaf=2+policy=value") == bdr.Variant("leaf=2+policy=value", leaf=2, policy="value")


@pytest.mark.parametrize("text, message", [
    ("leaf=3+leaf=6", "leaf is given twice"), ("budget=normal+opponent-playouts", "only noise, jitter"),
    ("shipped+leaf=6", "only noise, jitter"), ("leaf=6+depth=2", "variant 'depth=2'"),
])
def test_a_bad_combination_is_named(text, message):
    with pytest.raises(BadInput, match=message):
        bdr.parse_variant(text)


@pytest.mark.parametrize("argv, message", [
    (["--opponent", "oracle"], "--opponent 'oracle'"),
    (["--games", "0"], "--games must be from 1 to 1500"),
    (["--seed", "-1"], "--seed must be from 0 to 2**40 - 1, got -1"),
    (["--workers", "0"], "--workers must be at least 1, got 0"),
    (["--variants", "share=half"], "variant 'share=half': share takes a number"),
    (["--variants", "leaf=-1"], "variant 'leaf=-1': a depth is a whole number of moves, from 1 to 3000"),
    (["--variants", "leaf=0+budget=normal"], "variant 'leaf=0': a depth is a whole number of moves"),
    (["--variants", "leaf=99999999999"], "a depth is a whole number of moves, from 1 to 3000"),
    (["--search-cap", "0"], "--search-cap must be at least 1 playout, got 0"),
])
def test_bad_arguments_exit_2_with_one_message(core, argv, message, capsys):
    assert bdr.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.slow
def test_an_imitation_variant_fits_its_model_on_games_the_measure_does_not_keep(core, capsys):
    last_kept = 31 * 1000 + (bdr.KEPT_GAMES - 1) // 3  # the deal of the last game --games may keep
    assert last_kept < bdr.imitation_seed(31) and bdr.imitation_seed(31) + bdr.IMITATION_GAMES <= 32 * 1000
    assert bdr.main(["--games", "1", "--seed", "31", "--playouts", "8", "--imitation-games", "6",
                     "--variants", "imitation=1.0", *CAP]) == 0
    out = capsys.readouterr().out
    line = next(r for r in out.splitlines() if r.startswith("Imitation model: fitted on"))
    assert "held out it picks the opponent's move" in line
    rows = [r for r in out.splitlines() if r.startswith("| `")]
    assert [r.split("|")[1].strip(" `") for r in rows] == ["shipped", "imitation=1.0"]


@pytest.mark.parametrize("text", ["imitation=2", "imitation=x", "imitation=-0.1"])
def test_an_imitation_share_outside_0_to_1_is_named(text):
    with pytest.raises(BadInput, match=f"variant '{text}': imitation takes the value seats' share"):
        bdr.parse_variant(text)


def test_too_few_imitation_games_exit_2(core, capsys):
    assert bdr.main(["--imitation-games", "5"]) == 2
    assert "--imitation-games must be from 6 to 500" in capsys.readouterr().err


@pytest.mark.slow
def test_a_model_variant_searches_with_its_file(core, capsys):
    """``model=FILE``: the shipped file chooses the shipped moves; another model chooses otherwise somewhere."""
    from importlib import resources

    from pennypress.engine.advisor import value

    shipped = str(resources.files(value.__package__).joinpath(value.MODEL_FILE))
    other = "benchmarks/training/value_model_exact_final.json"
    assert bdr.main(["--games", "1", "--seed", "31", "--playouts", "8",
                     "--variants", f"model={shipped},model={other}+leaf=3", *CAP]) == 0
    rows = {r.split("|")[1].strip(" `"): [c.strip() for c in r.split("|")[2:-1]]
            for r in capsys.readouterr().out.splitlines() if r.startswith("| `")}
    assert rows[f"model={shipped}"][0] == "0" and int(rows[f"model={other}+leaf=3"][0]) > 0


def test_a_model_file_that_cannot_be_read_is_named(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    for path, message in ((bad, "expected an object"), (tmp_path / "none.json", "cannot read it")):
        with pytest.raises(BadInput, match=f"variant model={path}: .*{message}"):
            bdr.parse_variant(f"model={path}")


@pytest.mark.slow
def test_a_mover_variant_seats_its_softmax_bot_and_a_bad_file_is_named(core, tmp_path, capsys):
    """``mover=FILE``: the playouts seat that move policy's softmax bot, which chooses otherwise in some
    decisions; it combines with ``+``; a file that is not a 3-player move policy is named."""
    from pennypress.engine.advisor.move_policy import from_value_model
    from pennypress.engine.advisor.value import MODEL

    path = tmp_path / "mover.json"
    path.write_text(from_value_model(MODEL, 3).to_json(), encoding="utf-8")
    assert bdr.parse_variant(f"mover={path}+leaf=4") == bdr.Variant(f"mover={path}+leaf=4", leaf=4, mover=str(path))
    assert bdr.main(["--games", "1", "--seed", "31", "--playouts", "8", "--variants", f"mover={path}", *CAP]) == 0
    out = capsys.readouterr().out
    decisions = int(out.split(" decisions,")[0].rsplit(", ", 1)[1])
    rows = {r.split("|")[1].strip(" `"): [c.strip() for c in r.split("|")[2:-1]]
            for r in out.splitlines() if r.startswith("| `")}
    assert 0 < int(rows[f"mover={path}"][0]) <= decisions
    two = tmp_path / "two.json"
    two.write_text(from_value_model(MODEL, 2).to_json(), encoding="utf-8")
    for bad, message in ((tmp_path / "none.json", "cannot read it"), (two, "it is for tables of 2")):
        with pytest.raises(BadInput, match=f"variant mover={bad}: {message}"):
            bdr.parse_variant(f"mover={bad}")
