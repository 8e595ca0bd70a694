"""App tests: Streamlit's AppTest on the real app file, plus helpers to read its tables.

The app is driven through ``ui/app/streamlit_app.py`` (``st.navigation``), so page links and
page switches are exercised as a user meets them.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from openskill.models import PlackettLuce
from streamlit.testing.v1 import AppTest

import pennypress.ui.app

APP = Path(pennypress.ui.app.__file__).resolve().with_name("streamlit_app.py")
TIMEOUT = 60


def open_app(page: str | None = None) -> AppTest:
    """The app after its first run, optionally switched to ``page`` (e.g. ``"app_pages/check_page.py"``)."""
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT).run()
    assert not at.exception, at.exception
    if page:
        at.switch_page(page).run()
        assert not at.exception, at.exception
    return at


def metrics(at: AppTest) -> dict[str, str]:
    """``label -> value`` of every metric (the first one wins for repeated labels)."""
    out: dict[str, str] = {}
    for m in at.metric:
        out.setdefault(m.label, m.value)
    return out


def _typed(rows: list[dict[str, str]]):
    """An HTML table's rows as a DataFrame, each column of whole numbers (``−3`` with a true minus too)
    read back as numbers, the rest as the text shown."""
    import pandas as pd

    df = pd.DataFrame(rows)
    for c in df.columns:
        text = df[c].str.replace("−", "-", regex=False).str.lstrip("+")
        if len(text) and text.str.fullmatch(r"-?\d+").all():
            df[c] = text.astype(int)
    return df


def frames(at: AppTest, *columns: str) -> list:
    """Every table shown (``st.dataframe``, ``st.table``, or the app's HTML tables, ``widgets.show_table``)
    that has all of ``columns``: dataframes first, then tables, then HTML tables, each in page order."""
    from pennypress.ui.render.html_table import table_rows

    shown = [d.value for d in at.dataframe] + [t.value for t in at.table]
    shown += [_typed(table_rows(m.value)) for m in at.markdown if 'class="pp-table"' in m.value]
    return [df for df in shown if all(c in df.columns for c in columns)]


def frame(at: AppTest, *columns: str):
    """The first shown DataFrame that has all of ``columns``."""
    found = frames(at, *columns)
    assert found, f"no dataframe with columns {columns}; have {[list(d.value.columns) for d in at.dataframe]}"
    return found[0]


def ranking(at: AppTest) -> list[dict[str, str]]:
    """The advisor's ranked moves as the analysis board shows them (every ranked list, in page order):
    ``notation``, ``rank``, ``move`` (the words shown), ``win``."""
    from pennypress.ui.render.ranking_html import ranking_rows

    return [row for m in at.markdown if "pp-ranking" in m.value for row in ranking_rows(m.value)]


def html_tables(at: AppTest, *columns: str) -> list[list[dict[str, str]]]:
    """Every table the app draws as HTML (``widgets.show_table``) that has all of ``columns``: its rows,
    ``label -> text shown``."""
    from pennypress.ui.render.html_table import table_rows

    found = [table_rows(m.value) for m in at.markdown if 'class="pp-table"' in m.value]
    return [rows for rows in found if rows and all(c in rows[0] for c in columns)]


def chart_points(at: AppTest) -> list[dict]:
    """The rows behind the filled points of every chart the page sends the browser (its Vega-Lite spec and
    the data sets with it, as Arrow): what the points are drawn from, one dict a point."""
    import json

    import pyarrow as pa

    rows = []
    for chart in at.get("vega_lite_chart"):
        data = {d.name: d.data.data for d in chart.proto.datasets}
        for layer in json.loads(chart.proto.spec).get("layer", []):
            mark = layer.get("mark")
            if isinstance(mark, dict) and mark.get("type") == "point" and mark.get("filled"):
                table = pa.ipc.open_stream(data[layer["data"]["name"]]).read_all()
                rows += table.to_pylist()
    return rows


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def no_traceback(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]



def _text_of_markup(value: str) -> str:
    """Markdown/HTML/SVG as the reader sees it: tags and attributes dropped, text kept."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", " ", value))


_NOTATION_TEXT = re.compile(r'<div class="pp-notation"><pre>(.*?)</pre></div>', re.S)


def steppers(at: AppTest) -> list[dict]:
    """The data of every board stepper on the page (:mod:`pennypress.ui.app.board_stepper`), in page order:
    what the browser steps through (its frames' boards, words, chances and marks)."""
    import json

    return [json.loads(e.proto.json) for e in at.get("bidi_component")
            if e.proto.component_name == "pennypress.board_stepper"]


def visible_text(at: AppTest) -> str:
    """Everything a reader sees on the page, as one string: headings, prose, drawings' text,
    metrics, messages, expander and button labels, table headers and cells, choices.
    (Help tooltips and the notation box -- the one line, the JSON files -- are not part of it.)"""
    parts: list[str] = []
    for kind in ("title", "header", "subheader", "caption", "info", "success", "warning", "error"):
        parts += [e.value for e in getattr(at, kind)]
    parts += [_text_of_markup(_NOTATION_TEXT.sub("", m.value)) for m in at.markdown]  # the notation box aside
    parts += [f"{m.label} {m.value}" for m in at.metric]
    parts += [e.label for e in at.expander] + [b.label for b in at.button]
    for w in list(at.radio) + list(at.selectbox):
        parts += [w.label, *map(str, w.options)]  # the options as shown (format_func applied)
    for df in [d.value for d in at.dataframe] + [t.value for t in at.table]:
        parts += [str(c) for c in df.columns] + [str(v) for v in df.to_numpy().ravel()]
    # (the app's HTML tables are in the markdown above)
    for data in steppers(at):  # every step a reader can step to: its words, its board, its bar
        parts += [data["title"], data["who"]]
        for f in data["frames"]:
            parts += [f["label"], f["said"], f["mark"], f["chance_text"], _text_of_markup(f["board"])]
    return "\n".join(parts)


def notation_boxes(at: AppTest) -> list[str]:
    """The text of every notation box on the page (:func:`pennypress.ui.app.widgets.notation_box`), as a
    person selects and copies it."""
    import html

    return [html.unescape(m.group(1)) for md in at.markdown
            for m in re.finditer(_NOTATION_TEXT, md.value)]


# A 3-player midgame position (the editor's tests and its browser journey enter it).
MIDGAME = (
    "game 3p | normal p3 | board war:C:1(p2x2) war:B:2(p1x1) crime:D:1(p1x1) crime:A:2 politics:A:1(p3x3) "
    "politics:B:1 city:D:2(p3x1) human:A:2(p1x2) human:C:1(p2x1) human:B:3(p3x1) "
    "| bonus war=7 crime=2 politics=4 city=3 human=2 "
    "| p1 circ=6 pennies=1 ad=1,2 pub=war:B:1,human:A:1 | p2 circ=8 pennies=1 ad=3,2 pub=city:D:1,city:B:1 "
    "| p3 circ=0 pennies=0"
)


JARGON = [
    (re.compile(r"\bPlayer \d"), "players are numbered from 0"),
    (re.compile(r"\b[a-z]+:[A-D]:\d\b"), "a story in file notation"),
    (re.compile(r"\b[a-z]+:[A-D]\b"), "a supply stack in file notation"),
    (re.compile(r"\b(assign|recall|reassign) \d|\S ?-> ?\S"), "a move in the engine's notation"),
    (re.compile(r"\bp \(|\bp-value"), "a statistician's name for the binomial test"),
    (re.compile(r"\bply\b"), "the engine's move counter"),
    (re.compile(r"final-(presses|turns)"), "a phase's file name"),
    (re.compile(r"\b[TR]\*"), "the solver's name for a top-beat count"),
    (re.compile(r"\bas printed\b|\brotated\b"), "an orientation without a picture"),
]


def assert_plain(text: str, where: str, patterns=JARGON, show: bool = False) -> None:
    """No pattern of ``patterns`` (``(regex, why)`` pairs; by default :data:`JARGON`) in ``text``; the failure
    names the match and why it is not for players (and, with ``show``, the whole text)."""
    for pattern, why in patterns:
        found = pattern.search(text)
        assert not found, f"{where}: {found.group(0)!r} ({why}) in " + (f":\n{text}" if show else "the visible text")


def on_the_familiar_scale(mu: float, model: PlackettLuce) -> int:
    """The documented mapping (docs/concepts/tournaments.md): 1500 at openskill's start, 400 points a
    ten-to-one gap under the model's own two-player curve, rounded to a whole number."""
    return round(1500 + (mu - model.mu) * 400 / (math.log(10) * math.sqrt(2) * model.beta))
