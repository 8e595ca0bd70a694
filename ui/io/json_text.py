"""JSON text in the ui: the shared parser (:mod:`pennypress.json_text`), re-exported for the ui's loaders.

>>> parse_json_text('[1, 2]', "paste")
[1, 2]
"""
from pennypress.json_text import parse_json_text

__all__ = ["parse_json_text"]
