"""The seeds ledger (``benchmarks/results/seeds.json``) lists every seed a recorded result used, and each
strength script defaults to a seed the ledger does not list: "each defaults to a fresh seed, so a figure is
never measured on games it was tuned on" (docs/developer/contributing.md). A result recorded on a script's
default seed therefore fails here twice -- its seed is missing from the ledger, then, once registered, the
script's default is no longer fresh -- until the default moves on."""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEDGER = ROOT / "benchmarks" / "results" / "seeds.json"
DURATIONS = ROOT / "benchmarks" / "results" / "suite" / "durations.json"

# "--seed 842005", "seed 731001", "seeds 431001 and 431002", "seeds (0, 1, 2)", "seeds 5000-5019", "seed": 8;
# not a game's derived "deck seed" / "deck_seed", nor a count in brackets ("a fresh seed (725 decisions)").
_MENTION = re.compile(r'(?<![\w-])(?<!deck )(?:--seed[ =]|"seed":\s*|seeds?\s+(?:\((?=[\d,\s]+\)))?)(\d+)'
                      r'((?:(?:\s*,\s*|\s+and\s+|\s*[-–]\s*)\d+)*)')
_DEFAULT = re.compile(r'"--seed",\s*type=int,\s*default=(\d+)')


def mentioned_seeds(text: str) -> set[int]:
    """The seeds a text names: after "seed"/"seeds"/"--seed" a number, and a list or range that follows it of
    numbers as long as the first (so "seeds 5000-5019, 2 and 3 players" names 5000 to 5019, not 2)."""
    out = set()
    for m in _MENTION.finditer(text):
        first = m.group(1)
        out.add(int(first))
        previous = int(first)
        for sep, number in re.findall(r"(\s*,\s*|\s+and\s+|\s*[-–]\s*)(\d+)", m.group(2)):
            if len(number) != len(first):
                break
            if sep.strip() in "-–" and sep.strip() and previous < int(number) < previous + 1000:
                out.update(range(previous, int(number) + 1))
            out.add(int(number))
            previous = int(number)
    return out


def recorded_texts() -> dict[str, str]:
    """Every recorded result's text: the records under benchmarks/results/ (the ledger itself aside; the
    per-game ``.jsonl`` logs, whose seeds are derived from their run's, which its record names; and the suite's
    per-test durations, whose keys are test ids quoting commands, not results), the training
    records under benchmarks/training/, the lab write-ups, and docs/results.md above its seeds table (which the
    ledger writes)."""
    paths = [p for p in sorted((ROOT / "benchmarks" / "results").rglob("*"))
             if p.is_file() and p not in (LEDGER, DURATIONS) and p.suffix in (".json", ".md", ".sh")]
    paths += sorted((ROOT / "benchmarks" / "training").glob("*.json")) + sorted((ROOT / "docs" / "lab").glob("*.md"))
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}
    page = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    texts["docs/results.md"] = page.partition("\n## Seeds used up\n")[0]
    return texts


def _ledger() -> set[int]:
    return {int(s) for s in json.loads(LEDGER.read_text(encoding="utf-8"))["seeds"]}


def _defaults(folder: str) -> dict[str, int]:
    """``{script: its --seed default}`` of the scripts in ``benchmarks/<folder>/`` that take a seed."""
    out = {}
    for path in sorted((ROOT / "benchmarks" / folder).glob("*.py")):
        source = path.read_text(encoding="utf-8")
        if '"--seed"' in source:
            found = _DEFAULT.search(source)
            assert found, f"{path.name}: --seed without a default the ledger can be checked against"
            out[path.name] = int(found.group(1))
    return out


def test_the_mentions_are_read_as_written():
    assert mentioned_seeds("--seed 842005; seed 731001, seeds 431001 and 431002") == {842005, 731001, 431001, 431002}
    assert mentioned_seeds("fast under seeds (0, 1, 2); seed\n99") == {0, 1, 2, 99}
    assert mentioned_seeds("420 games (seeds 5000-5019, 2 and 3 players)") == set(range(5000, 5020))
    assert mentioned_seeds('{"seed": 8, "deck_seed": 31, "x": "deck seed 3627126063"}') == {8}
    assert mentioned_seeds("on a fresh seed (725\ndecisions)") == set()


def test_every_seed_a_recorded_result_names_is_in_the_ledger():
    ledger = _ledger()
    missing = {}
    for name, text in recorded_texts().items():
        for seed in mentioned_seeds(text) - ledger:
            missing.setdefault(seed, []).append(name)
    assert not missing, f"seeds used by recorded results but not in benchmarks/results/seeds.json: {missing}"


def test_every_strength_script_defaults_to_a_fresh_seed():
    """A fresh seed: not in the ledger, and no other strength script's default."""
    defaults = _defaults("strength")
    assert {"advisor.py", "league_table.py", "final_edition.py"} <= set(defaults)
    used = {name: seed for name, seed in defaults.items() if seed in _ledger()}
    assert not used, f"strength scripts defaulting to a seed the ledger lists (give each a fresh one): {used}"
    assert len(set(defaults.values())) == len(defaults), defaults


def test_every_training_script_defaults_to_a_registered_training_seed():
    """A training script's default reproduces the shipped or recorded file it made, so it is in the ledger (no
    measurement can take it) and no strength script's default."""
    defaults = _defaults("training")
    assert defaults
    assert set(defaults.values()) <= _ledger(), defaults
    assert not set(defaults.values()) & set(_defaults("strength").values())
