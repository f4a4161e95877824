"""The gate: the decision to quote or refuse (decide.py, with the floors in floors.py), and
the floors set from evidence (calibrate.py: golden cases in, the best floor pair out)."""
from .decide import Decision, decide, fits
from .floors import check, nothing_found

__all__ = ["Decision", "check", "decide", "fits", "nothing_found"]
