"""CHANGELOG.md is cut into releases in the Keep a Changelog form: an ``[Unreleased]`` section, then each
released version with its date, the newest being the version ``core/Cargo.toml`` holds (the project's one
version); each entry is one line that links the page holding its story, and every link resolves, file and
anchor, as do those of the page that keeps the entries' long forms (docs/lab/milestones.md)."""
from __future__ import annotations

import re
import tomllib

from tests.doc_links import ROOT, broken_links

CHANGELOG = ROOT / "CHANGELOG.md"
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def _sections(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, re.MULTILINE)


def test_unreleased_comes_first_then_the_releases_newest_the_cores_version():
    text = CHANGELOG.read_text(encoding="utf-8")
    sections = _sections(text)
    assert sections[0] == "[Unreleased]"
    releases = [re.fullmatch(r"\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})", s) for s in sections[1:]]
    assert releases and all(releases), sections
    version = tomllib.loads((ROOT / "core" / "Cargo.toml").read_text(encoding="utf-8"))["package"]["version"]
    assert releases[0].group(1) == version
    dates = [r.group(2) for r in releases]
    assert dates == sorted(dates, reverse=True)


def test_each_entry_is_one_line_of_a_known_kind_with_a_link():
    text = CHANGELOG.read_text(encoding="utf-8")
    kinds = re.findall(r"^### (.+)$", text, re.MULTILINE)
    assert kinds and set(kinds) <= set(KINDS), kinds
    body = text[text.index("\n## [Unreleased]"):]
    for line in body.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        assert line.startswith("- "), f"not a one-line entry (a continuation?): {line!r}"
        assert "](" in line, f"an entry that links no page: {line!r}"


def test_every_link_of_the_changelog_and_the_kept_entries_resolves():
    for path in (CHANGELOG, ROOT / "docs" / "lab" / "milestones.md"):
        assert not broken_links(path.read_text(encoding="utf-8"), path.parent), path.name
