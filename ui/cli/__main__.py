"""``python -m pennypress.ui.cli`` is the ``pennypress`` command line."""
import sys

from pennypress.ui.cli.run import main

if __name__ == "__main__":  # importing this module (the doctest runner does) runs nothing
    sys.exit(main())
