"""`python -m bench`: see bench/run.py and docs/benchmark.md."""
import sys

from .run import main

sys.exit(main())
