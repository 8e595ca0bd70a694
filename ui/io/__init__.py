"""Input for the ui: JSON text a person typed or saved, the example files, positions.

Every loader turns a mistake into one :class:`~pennypress.errors.BadInput` line.
"""
