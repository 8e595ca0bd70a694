"""One truth on the pages of a press, read off the rendered page in a real browser at 1400 and 390 px: on
the Press desk and on Check my page, each page's total is one figure wherever it is shown -- the metric, the
drawing's title, the breakdown's Total row -- and the breakdown's rows add up to it; the circulation gain is
the total floored at 0; the points lost are the optimal total less yours, as the sentence under them says.
On the Tournament page each bot's win share is the engine's, and the shares add up to every game won.
"""
from __future__ import annotations

import re

import pytest
from tests.ui.browser_helpers import Page, set_desktop, set_phone

pytestmark = pytest.mark.browser


def _number(text: str) -> int:
    return int(text.strip().replace("−", "-").replace("+", ""))


def breakdowns(page: Page) -> list[tuple[list[int], int]]:
    """Every breakdown table on the page, in order: its rows' points and its Total row's."""
    from selenium.webdriver.common.by import By

    out = []
    for table in page.d.find_elements(By.CSS_SELECTOR, '[data-testid="stTable"] table, [data-testid="stTableStyledTable"]'):
        heads = [th.text.strip() for th in table.find_elements(By.CSS_SELECTOR, "thead th")]
        if "Item" not in heads or "Points" not in heads:
            continue
        item, points = heads.index("Item"), heads.index("Points")
        rows = [[td.text.strip() for td in tr.find_elements(By.CSS_SELECTOR, "th, td")]
                for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")]
        rows = [r[len(r) - len(heads):] for r in rows]  # an index column, if drawn, dropped
        parts = [_number(r[points]) for r in rows if r[item] != "Total"]
        (total,) = [_number(r[points]) for r in rows if r[item] == "Total"]
        out.append((parts, total))
    return out


def titles(page: Page) -> list[int]:
    """The points in the drawn pages' titles ("Optimal page: 12 points"), in order."""
    from selenium.webdriver.common.by import By

    said = [t.text for t in page.d.find_elements(By.CSS_SELECTOR, "svg.pennypress-page text")]
    return [_number(m.group(1)) for t in said for m in [re.search(r"page: (−?-?\d+) points?$", t.strip())] if m]


def tables_add_up(page: Page) -> list[int]:
    """Every breakdown's rows add up to its Total row; the totals, in order."""
    tables = breakdowns(page)
    assert tables, "no breakdown table on the page"
    for parts, total in tables:
        assert sum(parts) == total, (parts, total)
    return [total for _, total in tables]


@pytest.mark.parametrize("width", ["1400", "390"])
def test_the_press_desk_says_one_total(person, width):
    (set_desktop if width == "1400" else set_phone)(person.d)
    person.open("press_desk")
    for step in ("as it opens", "with an ad"):
        total = _number(person.metric("Optimal total"))
        assert _number(person.metric("Circulation gain")) == max(0, total)
        assert tables_add_up(person)[0] == total
        assert titles(person)[0] == total, (titles(person), total)
        assert f"tie for the best score, {total}" in person.text() or f"Only this page scores {total}." in person.text()
        if step == "as it opens":
            person.click_key("ad_1_1")  # an advertisement in the middle row: another optimum
            assert _number(person.metric("Optimal total")) != total
    set_desktop(person.d)


@pytest.mark.parametrize("width", ["1400", "390"])
def test_check_my_page_says_one_total_for_each_page(person, width):
    (set_desktop if width == "1400" else set_phone)(person.d)
    person.open("check_page")
    person.click("Start from an empty page")
    person.click("Start from the optimal page")
    # a story of the optimal page taken off: a legal page that scores less
    person.choose("chk_story", "#2 Crime & Calamity B ★")
    person.click("Take #2 off the page")
    assert person.metric("Legal") == "yes", person.text()[-1500:]
    yours, optimal = _number(person.metric("Your total")), _number(person.metric("Optimal total"))
    assert yours < optimal
    assert _number(person.metric("Points lost")) == optimal - yours
    assert tables_add_up(person) == [yours, optimal]
    assert titles(person) == [yours, optimal]
    lost = optimal - yours
    said = f"Legal, but it scores {yours} where the best page scores {optimal}: you lose {lost} point"
    assert said.replace("-", "−") in person.text() or said in person.text(), person.text()[-1500:]
    person.shot(f"check-page-totals-{width}")
    set_desktop(person.d)


def _cells(page: Page, label: str) -> list[str]:
    """The cells of a column of the page's tables (``td[data-label]``, as :func:`table_html` draws them)."""
    from selenium.webdriver.common.by import By

    return [td.get_attribute("textContent").strip()
            for td in page.d.find_elements(By.CSS_SELECTOR, f'td[data-label="{label}"]')]


@pytest.mark.parametrize("width", ["1400", "390"])
def test_a_tournaments_win_shares_are_the_engines_and_add_up(person, width):
    """A small tournament played by clicks: each bot's win share on the page is the engine's for the same
    seats, games and seed, and the shares, weighed by the seats each bot held, add up to every game won."""
    from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
    from pennypress.ui.render.tournament_words import bot_label, share_words

    (set_desktop if width == "1400" else set_phone)(person.d)
    person.open("tournament")
    person.type_number("tour_games", 6)
    person.click("Play the tournament")
    person.wait_for("6 games, 3 players")
    report = run_tournament(TournamentSpec.create(3, ["heuristic", "greedy", "greedy"], 6, 1))
    bots, shares = _cells(person, "Bot"), _cells(person, "Win share")
    assert bots == [bot_label(b["bot"]) for b in report["bots"]], bots
    assert shares == [share_words(b["win_share"]) for b in report["bots"]], shares
    held = [len(b["seats"]) for b in report["bots"]]
    shown = [int(s.rstrip("%")) for s in shares]
    assert abs(sum(n * s for n, s in zip(held, shown)) - 100) <= sum(held), (held, shown)  # each rounded by < 1
    set_desktop(person.d)
