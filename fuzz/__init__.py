"""Coverage-guided fuzzing of pennypress's boundaries (docs/developer/fuzzing.md).

``fuzz/python/``: one atheris harness per Python loader; ``fuzz/corpus/<target>/``: the seed corpora
(``python -m fuzz.make_corpus`` writes them); ``core/fuzz/``: the native core's cargo-fuzz targets;
``python -m fuzz.campaign``: the long campaigns, with progress and a record of the figures.
"""
