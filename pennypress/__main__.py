"""``python -m pennypress`` is the ``pennypress`` command line."""
import sys

from pennypress.ui.cli.run import main

sys.exit(main())
