"""A link to a position: the analysis board's address with the position's one line in it (issue #55).

As Lichess's ``/analysis/FEN``: ``/analysis_board?position=game+3p+%7C+normal+p1+...`` opens the analysis
board on that position. The line is the one the position viewer's copy box holds
(:func:`~pennypress.engine.notation.text.to_text`, the headline cards drawn included): what the players
see at the table, never the order of the cards still in the deck, which the search does not read either.
A line that cannot be read, or a position that cannot be, is refused with the notation's own message
(:func:`not_opened` words it for the page).

>>> from pennypress.engine import new_game
>>> state = new_game(3, seed=7)
>>> link = link_to("http://127.0.0.1:8501/analysis_board", state)
>>> link[:94]
'http://127.0.0.1:8501/analysis_board?position=game+3p+%7C+normal+p1+%7C+board+war:B:1+war:A:1+'
>>> line_in(link) == to_text(state), to_text(position_of(line_in(link))) == to_text(state)
(True, True)
>>> link_to(None, state).startswith("analysis_board?position=game+3p+")  # no browser: the page's own path
True
>>> position_of(to_text(state).replace("p2 circ=0", "p2 circ=zero"))
Traceback (most recent call last):
...
pennypress.errors.BadInput: link: p2: 'circ=zero': circulation must be a whole number (0, 1, 2, ...)
>>> try:
...     position_of("game 3p")
... except BadInput as exc:
...     print(not_opened(exc))
The position in this link cannot be opened — missing the phase section: normal or final-turns or final-presses or over with the player, e.g. 'normal p1' (player 1 to move). The board shows its usual first position instead.
"""
from __future__ import annotations

import html
from urllib.parse import parse_qs, quote_plus, urlsplit

import streamlit as st

from pennypress.engine.io.state import State
from pennypress.engine.notation.text import from_text, to_text
from pennypress.errors import BadInput
from pennypress.ui.app.widgets import notation_box
from pennypress.ui.io.positions import read_or_say

PARAM = "position"
"""The address's query parameter that holds the position's line."""
PAGE = "analysis_board"
"""The analysis board's own path (``st.Page``'s url path), the link's base when the page's address is unknown."""
NAME = "Position from a link"
"""Where the board says a linked position came from."""
WHERE = "link"
"""How the notation's messages about a linked line begin (dropped when the page words them)."""
MOST = 5_000
"""The longest line read from an address: a position's line is under 2,000 characters (5 players, a full board)."""
SAFE = ":,="
"""Characters left as they are in the link, so that stories and mats stay readable (``war:B:1``, ``circ=3``)."""


def link_to(page_url: str | None, state: State) -> str:
    """The address that opens ``state`` on the analysis board: ``page_url`` (``st.context.url``, the page's
    own address) with the position's line as :data:`PARAM`; without a page address, the page's own path."""
    return f"{page_url or PAGE}?{PARAM}={quote_plus(to_text(state), safe=SAFE)}"


def line_in(link: str) -> str | None:
    """The position's line a link holds (its last :data:`PARAM`, decoded as the app reads it), or ``None``."""
    found = parse_qs(urlsplit(link).query, keep_blank_values=True).get(PARAM)
    return found[-1] if found else None


def position_of(line: str) -> State:
    """The position a link's line describes, validated; :class:`BadInput` (``link: ...``) naming the first
    wrong part otherwise, as a pasted line is refused."""
    if len(line) > MOST:
        raise BadInput(f"{WHERE}: the line is {len(line):,} characters long; a position's line is at most {MOST:,}")
    return read_or_say(from_text, line, WHERE, where=WHERE)


def not_opened(exc: BadInput) -> str:
    """The page's one line about a link whose position cannot be opened: the notation's reason, and what
    the board shows instead."""
    reason = str(exc).removeprefix(f"{WHERE}: ").rstrip(".")
    return f"The position in this link cannot be opened — {reason}. The board shows its usual first position instead."


def opened_from_address() -> tuple[State | None, str | None]:
    """The position the page's address holds (``?position=...``) and, if it cannot be opened, why:
    ``(None, None)`` for an address without one."""
    line = st.query_params.get(PARAM)
    if line is None:
        return None, None
    try:
        return position_of(line), None
    except BadInput as exc:
        return None, not_opened(exc)


_COPY_CSS = """
.pp-copy-link { font-family: inherit; font-size: 0.875rem; line-height: 1.6; color: inherit; background: #fff;
  border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem; padding: 0.25rem 0.75rem; min-height: 2.5rem;
  cursor: pointer; white-space: nowrap; }
.pp-copy-link:hover { border-color: #ff4b4b; color: #ff4b4b; }
"""

# Copies the button's link: the clipboard where the browser allows it, else the text selected and copied
# (an address that is not https or localhost); then says so on the button for two seconds.
_COPY_JS = """
for (const b of document.querySelectorAll('button.pp-copy-link:not([data-ready])')) {
  b.setAttribute('data-ready', '1');
  b.addEventListener('click', () => {
    const link = b.getAttribute('data-link');
    const done = () => { b.textContent = 'Link copied ✓'; setTimeout(() => { b.textContent = 'Copy link'; }, 2000); };
    const selected = () => {
      const t = document.createElement('textarea');
      t.value = link; t.setAttribute('readonly', ''); t.style.position = 'fixed'; t.style.opacity = '0';
      document.body.appendChild(t); t.select();
      const copied = document.execCommand('copy'); t.remove();
      if (copied) done();
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).then(done, selected);
    else selected();
  });
}
"""


def copy_button_html(link: str) -> str:
    """A "Copy link" button that puts ``link`` on the clipboard in one click (``st.html`` with its script).

    >>> import re
    >>> print(re.search("<button.*</button>", copy_button_html("http://x/analysis_board?position=game+2p")).group(0))
    <button type="button" class="pp-copy-link" data-link="http://x/analysis_board?position=game+2p" title="A link that opens this position on the analysis board">Copy link</button>
    """
    return (f"<style>{_COPY_CSS}</style>"
            f'<button type="button" class="pp-copy-link" data-link="{html.escape(link)}" '
            'title="A link that opens this position on the analysis board">Copy link</button>'
            f"<script>{_COPY_JS}</script>")


def copy_link_button(state: State) -> str:
    """Draw the "Copy link" button for ``state`` where the caller is; the link it copies."""
    link = link_to(st.context.url, state)
    st.html(copy_button_html(link), width="content", unsafe_allow_javascript=True)
    return link


def link_box(link: str) -> None:
    """The link itself, collapsed until opened: to read, select (one click selects it all) and copy."""
    with st.expander("The link to this position"):
        st.caption("Whoever opens it sees this position on the analysis board, ready to analyse.")
        notation_box(link)


__all__ = ["PARAM", "PAGE", "NAME", "link_to", "line_in", "position_of", "not_opened", "opened_from_address",
           "copy_button_html", "copy_link_button", "link_box"]
