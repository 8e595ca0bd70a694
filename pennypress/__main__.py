"""``python -m pennypress`` is the ``pennypress`` command line."""
import sys

from pennypress.ui.cli import main

sys.exit(main())
