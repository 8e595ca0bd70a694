"""The Strategy page clicked in a real browser (headless Chromium): from the first page to Strategy by the
sidebar, a table size picked, and there a claim of that size's guide and its charts drawn; at 1400 px and at a
phone's 390 px nothing cut off and no exception. Screenshots in ``test-artifacts/`` (``strategy-*.png``).
"""
from __future__ import annotations

import pytest
from tests.ui.browser_helpers import set_desktop, set_phone

from pennypress.ui.app.strategy_view import load_shipped, sections, variants_at

pytestmark = pytest.mark.browser


def test_strategy_by_clicks_at_a_table_size(person):
    from selenium.webdriver.common.by import By

    guide = load_shipped()
    person.open("")
    links = [a for a in person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stSidebarNav"] a')
             if a.text.split("\n")[-1] == "Strategy"]
    assert links, "no Strategy link in the sidebar"
    person._press(links[0])
    assert person.d.current_url.endswith("/strategy")
    person.choose("strategy_players", "4 players")
    seat = next(f for _, fs in sections(guide, 4) for f in fs if f["kind"] == "seat")
    person.wait_for(seat["claim"], timeout=30)  # the four-player table's claim, in words
    for v in variants_at(guide, 4):
        person.wait_for(f"{v['variant'][0].upper() + v['variant'][1:]} at 4 players", timeout=30)
    text = person.text()
    assert "Small run" in text if guide["small_run"] else "Small run" not in text
    # one truth on the screen: the advisor's win share read off the page is its per-seat shares read off the
    # page, weighed by the seats each held (the counts its Details shows, from the guide the page reads)
    from pennypress.engine.strategy.study import SEAT_WORDS
    from pennypress.ui.app.strategy_view import advisor_own
    from tests.ui.test_ui_strategy import check_summary_equals_parts

    (advisor,) = guide["advisor"]
    seats_in = {SEAT_WORDS[f["seat"]]: f["games"] for f in advisor_own(advisor["findings"])
                if f["kind"] == "advisor-seat"}
    for width, setter in (("1400", set_desktop), ("390", set_phone)):
        setter(person.d)
        person.ok()
        check_summary_equals_parts(person.text(), seats_in, advisor["games"])  # at either width
        drawn = person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stVegaLiteChart"] canvas, '
                                                        '[data-testid="stVegaLiteChart"] svg')
        assert drawn, f"no chart drawn at {width} px"
        assert person.cut_off() == [], (width, person.cut_off()[:5])
        person.shot(f"strategy-4-players-{width}")
    set_desktop(person.d)
    # the statistics wait in a collapsed Details
    person.expand("Details")
    opened = [e for e in person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stExpander"] details')
              if e.get_attribute("open") is not None]
    assert opened and opened[0].find_element(By.TAG_NAME, "summary").text.strip().endswith("Details")
    assert opened[0].find_elements(By.CSS_SELECTOR, '[data-testid="stDataFrame"]')
