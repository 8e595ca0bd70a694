"""The Python loaders' fuzz targets (:mod:`.targets`) and their atheris runner (:mod:`.run`)."""
