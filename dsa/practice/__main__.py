"""``python -m dsa.practice``: see :mod:`dsa.practice.cli`."""

import sys

from .cli import main

sys.exit(main())
