"""App tests: their helper module (``ui_helpers``) sits beside them; pytest imports it from this folder."""
