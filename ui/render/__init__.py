"""Drawings and words: SVG pictures of the page, the board, the mats and the bonus
track; the page as terminal text; sentences and tables that explain a page.

Pure presentation of what the solver and the engine computed: nothing here
decides a rule or adds up a score.
"""
