"""The Streamlit app: ``streamlit_app.py`` (the entry ``pennypress ui`` runs), its pages
in ``app_pages/`` (not ``pages/``: that folder name beside the entry script switches
Streamlit to its old multipage mode), the session-state keys in one module
(:mod:`~pennypress.ui.app.session_keys`), the shared press, cached solver calls
and widgets.
"""
