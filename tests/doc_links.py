"""The relative links of a Markdown text, checked: the file each names exists and, with an ``#anchor``, a heading
of that file has the anchor GitHub gives it (or the file sets it as an ``id``). One checker for every test of
docs links, so pages link alike."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
"""A Markdown link's target."""


def anchors(text: str) -> set[str]:
    """The anchors of a Markdown text as GitHub renders it: each heading outside code fences, lowercased, its
    punctuation dropped (hyphens and underscores kept), spaces made hyphens, a repeat numbered ``-1``, ``-2``
    ...; and every ``id="..."`` or ``name="..."`` the text sets."""
    seen: dict[str, int] = {}
    out = set(re.findall(r'(?:id|name)="([^"]+)"', text))
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        heading = re.match(r"#{1,6} (.+?)\s*#*\s*$", line)
        if fenced or not heading:
            continue
        words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.group(1)).lower()
        slug = re.sub(r"[^\w\- ]", "", words).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        out.add(slug if count == 0 else f"{slug}-{count}")
    return out


def broken_links(text: str, where: Path) -> list[str]:
    """The relative links of ``text`` (a page in the folder ``where``) that name a missing file or anchor."""
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):  # https:, mailto: -- not a file of the repository
            continue
        name, _, anchor = target.partition("#")
        path = (where / name).resolve() if name else None
        if path is not None and not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and anchor not in anchors(path.read_text(encoding="utf-8") if path else text):
            broken.append(f"{target}: no such anchor")
    return broken
