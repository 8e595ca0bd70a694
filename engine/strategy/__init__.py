"""The strategy study (``pennypress strategy``): seeded self-play on the core, measured into findings.

:mod:`.games` plays and records the games (every press, the end's bonuses),
:mod:`.tally` adds them up into counts any number of workers can merge, :mod:`.timing`
plays paired playouts of pressing now against waiting, and :mod:`.study` runs a
study and words its findings (``docs/concepts/strategy.md``).
"""
