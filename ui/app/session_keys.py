"""Every ``st.session_state`` key the app uses, in one place.

Plain keys hold the app's own data (the shared press, the loaded position, a
proposed page); widget keys name widgets so pages and tests can find them.
Keys built from a cell, a beat or a player come from the functions below.

>>> ad_cell_key(1, 2), beat_value_key("war"), CHK_BUILDER.cell(0, 0), to_desk_key(2)
('ad_1_2', 'bv_war', 'chk_cell_0_0', 'pv2_to_desk')
"""
from __future__ import annotations

from dataclasses import dataclass

# ------------------------------------------------------------------ the shared press (all pages)
STORIES = "pp_stories"  # DataFrame: the stories table as last edited
STORIES_BASE = "pp_stories_base"  # DataFrame the stories editor was built on
VALUES = "pp_values"  # dict beat id -> int
AD = "pp_ad"  # [x, y] or None
SOURCE = "pp_source"  # where the press came from (words for the user)
VERSION = "pp_version"  # bumped whenever a new press is loaded
LOAD_ERROR = "pp_load_error"  # one-shot: why nothing was loaded
FLASH = "pp_flash"  # one-shot: a message for the next page shown (e.g. after a page switch)

# ------------------------------------------------------------------ Press desk widgets
STORIES_EDITOR = "stories_editor"
PRESS_EXAMPLE_PICK = "press_example_pick"
PRESS_LOAD_EXAMPLE = "press_load_example"
PRESS_PASTE = "press_paste"
PRESS_LOAD_PASTE = "press_load_paste"
VALUES_FROM_POSITION = "bv_from_position"
N_ALTERNATIVES = "n_alternatives"
AD_NONE = "ad_none"
AD_GRID = "ad_grid"  # the container of the ad picker's cells


def beat_value_key(beat: object) -> str:
    """The number input of one beat's value."""
    return f"bv_{beat}"


def table_choice_key(prefix: str, player: int) -> str:
    """The choice of how ``player`` plays ("as read", "assume nothing", a style) under a page's ``prefix``."""
    return f"{prefix}_{player}"


def ad_cell_key(x: int, y: int) -> str:
    """The ad picker's button for cell ``(x, y)``."""
    return f"ad_{x}_{y}"


# ------------------------------------------------------------------ the click-to-place page builder
@dataclass(frozen=True)
class BuilderKeys:
    """The keys of one click-to-place page builder (:mod:`pennypress.ui.app.page_builder`), all
    starting with ``prefix``, so two builders (Check my page, the table-game recorder) live in one session.

    >>> k = BuilderKeys("chk")
    >>> k.placements, k.story, k.cell(2, 1), k.grid
    ('chk_placements', 'chk_story', 'chk_cell_2_1', 'chk_grid')
    """

    prefix: str

    def _k(self, name: str) -> str:
        return f"{self.prefix}_{name}"

    @property
    def owner(self) -> str:
        """Which press the page belongs to (a new press reopens the builder on its start page)."""
        return self._k("for")

    @property
    def placements(self) -> str:
        """list of [story, x, y, w, h]: the page as built."""
        return self._k("placements")

    @property
    def touched(self) -> str:
        """False while the page is the one the builder opened on."""
        return self._k("touched")

    @property
    def exclusive(self) -> str:
        """selectbox: "best", "none" or a story index."""
        return self._k("exclusive")

    @property
    def story(self) -> str:
        """radio: which story a click on the mat places."""
        return self._k("story")

    @property
    def orientation(self) -> str:
        """radio: its footprint "wxh"."""
        return self._k("orientation")

    @property
    def remove(self) -> str:
        return self._k("remove")

    @property
    def from_start(self) -> str:
        """The "start from the optimal page" button."""
        return self._k("from_optimal")

    @property
    def from_empty(self) -> str:
        return self._k("from_empty")

    @property
    def grid(self) -> str:
        """The container of the mat's cell buttons."""
        return self._k("grid")

    def cell(self, x: int, y: int) -> str:
        """The mat button for cell ``(x, y)``."""
        return self._k(f"cell_{x}_{y}")


# ------------------------------------------------------------------ Check my page
CHK_BUILDER = BuilderKeys("chk")  # the page builder's keys (CHK_BUILDER.placements, .story, .cell(x, y), ...)
CHK_PASTE = "chk_paste"
CHK_LOAD_PASTE = "chk_load_paste"
CHK_ERROR = "chk_error"  # one-shot: why a pasted layout was not loaded


# ------------------------------------------------------------------ Position viewer
POS_DOC = "pos_doc"  # the loaded position's JSON
POS_NAME = "pos_name"  # where it came from (words)
POS_ERROR = "pos_error"  # one-shot: why a position was not loaded


def preview_key(player: int) -> str:
    """Prefix of the widgets of one newspaper's "if they pressed now" section."""
    return f"pv{player}"


def to_desk_key(player: int) -> str:
    """The "open this press on the Press desk" button of one newspaper."""
    return f"{preview_key(player)}_to_desk"


# ------------------------------------------------------------------ Analysis board (shared with the editor)
ANALYSIS_POSITION = "analysis_position"  # the analysis board's current position: a position JSON document
ANALYSIS_NAME = "analysis_name"  # where it came from (words)

# ------------------------------------------------------------------ Position editor
ED_DRAFT = "ed_draft"  # dict: the position being built (ui/app/editor_draft.py); widgets are seeded from it
ED_SOURCE = "ed_source"  # what it started from (words)
ED_START = "ed_start"  # selectbox: empty table, dealt setup, example, analysis board
ED_START_PLAYERS = "ed_start_players"
ED_START_SEED = "ed_start_seed"
ED_START_NEWSBOY = "ed_start_newsboy"
ED_START_EXAMPLE = "ed_start_example"
ED_START_LOAD = "ed_start_load"
ED_WIDGET = "ed_w_"  # prefix of every widget seeded from the draft (dropped when a new draft is loaded)
ED_PHASE = ED_WIDGET + "phase"
ED_PLAYER = ED_WIDGET + "player"
ED_TURNS = ED_WIDGET + "turns"
ED_NEWSBOY = ED_WIDGET + "newsboy"
ED_TRIGGER = ED_WIDGET + "trigger"
ED_DRAW_PENDING = ED_WIDGET + "draw_pending"
ED_DRAWN = ED_WIDGET + "drawn"
ED_TO_ANALYSIS = "ed_to_analysis"
ED_TO_VIEWER = "ed_to_viewer"
ED_TO_DESK = "ed_to_desk"
ED_DOWNLOAD_JSON = "ed_download_json"
ED_DOWNLOAD_TEXT = "ed_download_text"


def _story_id(story: str) -> str:
    return story.replace(":", "_")


def ed_add_key(beat: str) -> str:
    """The supply of one beat (pills): a click adds that story on top of the column."""
    return f"{ED_WIDGET}add_{beat}"


def ed_reporters_key(story: str, player: int) -> str:
    """One newspaper's reporters on one story in play.

    >>> ed_reporters_key("war:D:3", 1)
    'ed_w_rep_war_D_3_p1'
    """
    return f"{ED_WIDGET}rep_{_story_id(story)}_p{player}"


def ed_remove_key(story: str) -> str:
    return f"{ED_WIDGET}del_{_story_id(story)}"


def ed_down_key(story: str) -> str:
    return f"{ED_WIDGET}down_{_story_id(story)}"


def ed_mat_key(field: str, player: int) -> str:
    """``circ``, ``pennies``, ``pub``, ``done`` or ``noad`` of one newspaper's mat."""
    return f"{ED_WIDGET}{field}_p{player}"


def ed_ad_cell_key(player: int, x: int, y: int) -> str:
    return f"{ED_WIDGET}ad_p{player}_{x}_{y}"


def ed_ad_grid_key(player: int) -> str:
    return f"{ED_WIDGET}adgrid_p{player}"


def ed_bonus_key(beat: str) -> str:
    return f"{ED_WIDGET}bonus_{beat}"


def ed_marker_key(beat: str) -> str:
    return f"{ED_WIDGET}marker_{beat}"


# ------------------------------------------------------------------ tournament page
TOUR_PLAYERS = "tour_players"  # players in the tournament
TOUR_GAMES = "tour_games"  # games to play (a multiple of the players)
TOUR_SEED = "tour_seed"  # the root seed
TOUR_RUN = "tour_run"  # the play button
TOUR_REPORT = "tour_report"  # the last tournament's JSON report
TOUR_TABLE = "tour_table"  # the results table
TOUR_CSV = "tour_csv"  # the scores download


def tour_seat_key(seat: int) -> str:
    """The bot picker of one seat."""
    return f"tour_seat_{seat}"


# ------------------------------------------------------------------ analysis board
AB_ADVICE = "ab_advice"
AB_ANALYSE = "ab_analyse"
AB_BACK = "ab_back"
AB_BUDGET = "ab_budget"
AB_CARD = "ab_card"
AB_ERROR = "ab_error"
AB_LINE = "ab_line"  # list: the start position, then each position after a move or card (at most AB_LINE_MOST)
AB_LINE_MOST = 300
"""Positions the analysis board's line keeps: three whole games' worth (a game is about 100 moves and cards)."""
AB_NAME = "ab_name"
AB_PICK = "ab_pick"
AB_KIND = "ab_kind"  # the kind of move the "Play any move" picker lists
AB_PLAY_BEST = "ab_play_best"
AB_PLAY_PICK = "ab_play_pick"
AB_PLAYOUTS = "ab_playouts"
AB_RANDOM_CARD = "ab_random_card"
AB_SEED = "ab_seed"
AB_TABLE = "ab_table"  # how the others play: the override choices' prefix (table_choice_key)
AB_WATCH = "ab_watch"  # {player to move: TableWatch}: the board's played line read for that player
AB_USE_CARD = "ab_use_card"
AB_PUBLISHED = "ab_published"
AB_LOOK = "ab_look"  # the ranked move whose likely line and why are shown
AB_STEPPER = "ab_stepper"  # the board stepper of the likely line (steps in the browser)

# ------------------------------------------------------------------ scoring examples
SE_ASK_ADVISOR = "se_ask_advisor"  # "Ask the advisor" on the when-not-to-press example
SE_ADVICE = "se_advice"  # the advisor's answer for that position
# ------------------------------------------------------------------ Audit a game
AUDIT_DOC = "aud_doc"  # the record being audited (dict)
AUDIT_NAME = "aud_name"  # where it came from (words for the user)
AUDIT_RESULT = "aud_result"  # the Audit of AUDIT_DOC
AUDIT_RESULT_JSON = "aud_result_json"  # its contract JSON (what `pennypress audit` prints)
AUDIT_ERROR = "aud_error"  # one-shot: why nothing was loaded
AUDIT_EXAMPLE_PICK = "aud_example_pick"
AUDIT_LOAD_EXAMPLE = "aud_load_example"
AUDIT_UPLOAD = "aud_upload"
AUDIT_BUDGET = "aud_budget"
AUDIT_PLAYOUTS = "aud_playouts"  # 0: the budget's own count
AUDIT_SEED = "aud_seed"
AUDIT_RUN = "aud_run"
AUDIT_PICK = "aud_pick"  # the decision shown
AUDIT_STEPPER = "aud_stepper"  # the board stepper of the decisions reviewed (tells the server the one stepped to)
AUDIT_BOARD = "aud_board"  # which likely line of the opened decision is stepped through: after the move played or the best
AUDIT_LINE_STEPPER = "aud_line_stepper"  # the board stepper of that likely line (steps in the browser)
AUDIT_FOCUS = "aud_focus"  # the newspaper reviewed (audit_view.EVERY: all of them)
AUDIT_SETTINGS = "aud_settings"  # (budget, seed, playouts or None) of the analysis shown
AUDIT_READ = "aud_read"  # the decisions graded again with the table read: (result and focus key, [ReadGrade])
AUDIT_READ_RUN = "aud_read_run"  # the button that grades them
AUDIT_TABLE = "aud_table"  # how the others played, the person's word: the choices' prefix (table_choice_key)
AUDIT_PRACTISE = "aud_practise"  # "Practise your mistakes": the mistakes of the newspaper reviewed, to the trainer
TOURNAMENT_RECORDS = "tn_records"  # the records of the last tournament run's first games (list of record dicts)
TOURNAMENT_RECORDS_KEPT = 200
"""Game records a session keeps of its last tournament, for the audit (a run may have 3,000 games)."""
AUDIT_TOURNAMENT_PICK = "aud_tn_pick"
AUDIT_TOURNAMENT_LOAD = "aud_tn_load"
TABLE_START = "aud_tbl_start"  # position JSON of the table game's start
TABLE_MOVES = "aud_tbl_moves"  # its record entries so far
TABLE_PLAYERS = "aud_tbl_players"
TABLE_SEED = "aud_tbl_seed"
TABLE_NEW = "aud_tbl_new"
TABLE_GROUP = "aud_tbl_group"
TABLE_MOVE = "aud_tbl_move"
TABLE_BUILDER = BuilderKeys("aud_tbl_pg")  # the page laid out for a press, built on the mat
TABLE_CARD = "aud_tbl_card"
TABLE_PLAY = "aud_tbl_play"
TABLE_UNDO = "aud_tbl_undo"
TABLE_USE = "aud_tbl_use"


# ------------------------------------------------------------------ Puzzles (the trainer)
PZ_SET = "pz_set"  # a loaded puzzle file's document (None: the shipped set)
PZ_SET_NAME = "pz_set_name"  # where the set came from (words)
PZ_ERROR = "pz_error"  # one-shot: why a puzzle file was not loaded
PZ_ANSWER_ERROR = "pz_answer_error"  # one-shot: why an answer could not be judged
PZ_UPLOAD = "pz_upload"
PZ_SHIPPED = "pz_shipped"  # the "back to the shipped puzzles" button
PZ_KIND = "pz_kind"  # radio: which kinds
PZ_LEVEL = "pz_level"  # radio: which difficulties
PZ_TABLE = "pz_table"  # radio: which table sizes (players)
PZ_CURRENT = "pz_current"  # the id of the puzzle shown
PZ_NEXT = "pz_next"
PZ_PREVIOUS = "pz_previous"
PZ_VERDICT = "pz_verdict"  # {"id": ..., "verdict": Verdict} of the last answer to the puzzle shown
PZ_RATING = "pz_rating"  # [mu, sigma]: the person's rating
PZ_RATED = "pz_rated"  # {puzzle id: solved?} of every puzzle whose first answer was rated
PZ_LAST_CHANGE = "pz_last_change"  # the rating's change at the last rated answer
PZ_PRESS = "pz_press"  # press-or-wait: "Press now"
PZ_WAIT = "pz_wait"  # press-or-wait: "Wait"
PZ_MOVE_KIND = "pz_move_kind"  # best-move: the kind of move listed
PZ_MOVE = "pz_move"  # best-move: the move picked
PZ_PLAY = "pz_play"  # best-move: "Play this move"
PZ_CHECK_PAGE = "pz_check_page"  # page: "Check my page"
PZ_BUILDER = BuilderKeys("pz_pg")  # page: the page laid out on the mat
PZ_SOURCE = "pz_source"  # radio: the puzzle set or "Your mistakes" (shown when the session has mistakes)
PZ_MISTAKES = "pz_mistakes"  # the "Your mistakes" set: a puzzle file's document (made from an audit, or loaded)
PZ_MISTAKES_NAME = "pz_mistakes_name"  # where it came from (words)
PZ_MISTAKES_UPLOAD = "pz_mistakes_upload"  # the file uploader of a saved set of mistakes
PZ_MISTAKES_ERROR = "pz_mistakes_error"  # one-shot: why a set of mistakes was not loaded
PZ_MISTAKES_DOWNLOAD = "pz_mistakes_download"
PZ_MISTAKE_CURRENT = "pz_mistake_current"  # the id of the mistake shown
PZ_MISTAKE_VERDICT = "pz_mistake_verdict"  # {"id": ..., "verdict": Verdict} of the last answer to it
PZ_MISTAKES_FOUND = "pz_mistakes_found"  # {puzzle id: found at the first answer?} (never rated)
PZ_LINE_STEPPER = "pz_line_stepper"  # the board stepper of the better move's likely line (steps in the browser)
# ------------------------------------------------------------------ Play a game
PLAY_GAME = "play_game"  # the TableGame being played (pennypress.engine.arena.table_game)
PLAY_SHOWN = "play_shown"  # how many of its events the page has told
PLAY_HINT = "play_hint"  # the advisor's answer for the person's position: (ply, Advice)
PLAY_ERROR = "play_error"  # one-shot: why something was not done
PLAY_PLAYERS = "play_players"
PLAY_ME = "play_me"
PLAY_VARIANT = "play_variant"
PLAY_FRESH = "play_fresh"  # checkbox: a fresh deal (no seed)
PLAY_SEED = "play_seed"
PLAY_START = "play_start"
PLAY_LOAD = "play_load"  # the file uploader of a saved game
PLAY_KIND = "play_kind"  # the kind of move the picker lists
PLAY_MOVE = "play_move"  # the move picked (any kind but sending reporters)
PLAY_STORY = "play_story"  # sending reporters: the story clicked
PLAY_COUNT = "play_count"  # sending reporters: how many
PLAY_LAYOUT = "play_layout"  # radio: the optimal page or my own page
PLAY_BUILDER = BuilderKeys("play_pg")  # the page laid out for a press, built on the mat
PLAY_COMMIT = "play_commit"
PLAY_HINT_BUTTON = "play_hint_button"
PLAY_TAKE_BACK = "play_take_back"
PLAY_SAVE = "play_save"
PLAY_NEW = "play_new"  # back to the set-up
PLAY_REVIEW = "play_review"
PLAY_STEPPER = "play_stepper"  # the board stepper of the game just ended, move by move (steps in the browser)
PLAY_PRACTISE = "play_practise"  # "Practise your mistakes": your game's mistakes, to the trainer
PLAY_BOARD = "play_board"  # the board to click (a component: a story clicked)
PLAY_MAT = "play_mat"  # your mat to click (a component: go to press)
PLAY_CLICK = "play_click"  # what the last click picked: a story's notation id or "press"
PLAY_CHOICE = "play_choice"  # radio: the move a click implies (notation)
PLAY_FROM = "play_from"  # where the move to play comes from: "board" (a click) or "list" (Pick from a list)
PLAY_COACH = "play_coach"  # toggle: coach mode
PLAY_EARLIER = "play_earlier"  # the reading of earlier games with the same people (TableReading), the prior
PLAY_EARLIER_FILES = "play_earlier_files"  # their uploader
PLAY_EARLIER_ERROR = "play_earlier_error"  # one-shot: why the earlier games uploaded were not read
PLAY_TABLE = "play_table"  # how the others play: the override choices' prefix (table_choice_key)
PLAY_COACHED = "play_coached"  # {event number: CoachNote} of your moves graded by the coach


def play_seat_key(seat: int) -> str:
    """The bot picker of one opponent's newspaper on "Play a game"."""
    return f"play_seat_{seat}"


# ------------------------------------------------------------------ the shared "Load a position" panel
@dataclass(frozen=True)
class LoaderKeys:
    """One page's session keys for the panel's widgets and its one-shot error message."""

    example_pick: str
    load_example: str
    paste: str
    load_paste: str
    upload: str
    players: str
    seed: str
    newsboy: str
    deal: str
    error: str


POS_LOADER = LoaderKeys("pos_example_pick", "pos_load_example", "pos_paste", "pos_load_paste", "pos_upload",
                        "pos_players", "pos_seed", "pos_newsboy", "pos_deal", POS_ERROR)
"""The position viewer's loader widgets."""
AB_LOADER = LoaderKeys("ab_example_pick", "ab_load_example", "ab_paste", "ab_load_paste", "ab_upload", "ab_players",
                       "ab_deal_seed", "ab_newsboy", "ab_deal", AB_ERROR)
"""The analysis board's loader widgets (its own seed key ``AB_SEED`` seeds the analysis, not the deal)."""
