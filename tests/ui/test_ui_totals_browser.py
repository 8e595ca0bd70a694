"""One truth on the pages of a press, read off the rendered page in a real browser at 1400 and 390 px: on
the Press desk and on Check my page, each page's total is one figure wherever it is shown -- the metric, the
drawing's title, the breakdown's Total row -- and the breakdown's rows add up to it; the circulation gain is
the total floored at 0; the points lost are the optimal total less yours, as the sentence under them says.
On the Tournament page each bot's win share is the engine's, and the shares add up to every game won. On
the Position viewer a press is one total, and the final circulation is the circulation now plus the
bonuses the bonus table gives; the Scoring examples' 12-point press is one total and its scoops add up.
"""
from __future__ import annotations

import re

import pytest
from tests.ui.browser_helpers import Page, set_desktop, set_phone

pytestmark = pytest.mark.browser


def _number(text: str) -> int:
    return int(text.strip().replace("−", "-").replace("+", ""))


def st_tables(page: Page, *heads: str) -> list[list[dict[str, str]]]:
    """Every ``st.table`` on the page whose columns include ``heads``, in order: its rows, heading -> text."""
    from selenium.webdriver.common.by import By

    out = []
    for table in page.d.find_elements(By.CSS_SELECTOR, '[data-testid="stTable"] table, [data-testid="stTableStyledTable"]'):
        columns = [th.get_attribute("textContent").strip() for th in table.find_elements(By.CSS_SELECTOR, "thead th")]
        if not set(heads) <= set(columns):
            continue
        rows = [[td.get_attribute("textContent").strip() for td in tr.find_elements(By.CSS_SELECTOR, "th, td")]
                for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")]
        out.append([dict(zip(columns, r[len(r) - len(columns):])) for r in rows])  # an index column dropped
    return out


def breakdowns(page: Page) -> list[tuple[list[int], int]]:
    """Every breakdown table on the page, in order: its rows' points and its Total row's."""
    out = []
    for rows in st_tables(page, "Item", "Points"):
        parts = [_number(r["Points"]) for r in rows if r["Item"] != "Total"]
        (total,) = [_number(r["Points"]) for r in rows if r["Item"] == "Total"]
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


@pytest.mark.parametrize("width", ["1400", "390"])
def test_the_position_viewer_adds_up_its_press_and_its_end(person, width):
    """The Position viewer's example: the press of the player to move is one total in the drawing's title,
    the metric and the breakdown; if the game ended now, each newspaper's final circulation is its
    circulation now plus the bonuses the bonus table gives it."""
    (set_desktop if width == "1400" else set_phone)(person.d)
    person.open("position_viewer")
    total = _number(person.metric("Optimal total"))
    assert tables_add_up(person)[0] == total
    said = person.d.execute_script(
        "return [...document.querySelectorAll('svg.pennypress-page text')].map(t => t.textContent)"
        ".find(t => / pressing now: /.test(t))")
    assert said and _number(said.rsplit(": ", 1)[1].split(" point")[0]) == total, said
    names, now = _cells(person, "Newspaper"), [int(c) for c in _cells(person, "Circulation")]
    bonus = dict.fromkeys(names, 0)
    for to, points in zip(_cells(person, "Bonus to"), _cells(person, "Points each")):
        for name in names:
            if name in to.split(", "):
                bonus[name] += int(points)
    final = re.search(r"Final circulation: (.+?)\. ", person.text().replace("\n", " ")).group(1)
    shown = {name: int(n) for name, n in re.findall(r"(The [A-Z][a-z]+(?: [A-Z][a-z]+)?) (\d+)", final)}
    assert shown == {name: c + bonus[name] for name, c in zip(names, now)}, (shown, now, bonus)
    set_desktop(person.d)


@pytest.mark.parametrize("width", ["1400", "390"])
def test_the_rulebooks_12_point_press_is_one_total(person, width):
    """Scoring examples, the 12-point press: the metric, the drawing's title and the breakdown give one total,
    the rulebook's 12, and The Sun's scoops metric is the sum of the scoops table's points to The Sun."""
    (set_desktop if width == "1400" else set_phone)(person.d)
    person.open("scoring_examples")
    total = _number(person.metric("The Times scores"))
    assert total == 12 and tables_add_up(person)[0] == total and titles(person)[0] == total
    (scoops,) = st_tables(person, "Story", "Points", "To")
    to_sun = [int(r["Points"]) for r in scoops if r["To"] == "The Sun"]
    assert to_sun and _number(person.metric("The Sun's scoops")) == sum(to_sun)
    set_desktop(person.d)
