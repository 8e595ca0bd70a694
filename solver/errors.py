"""The solver's view of the project-wide :class:`~pennypress.errors.BadInput` (re-exported)."""
from pennypress.errors import BadInput

__all__ = ["BadInput"]
