"""The gate: the decision to quote or refuse (floors.py), and the floors set from evidence
(calibrate.py: golden cases in, the best score and coverage floor pair out)."""
from .floors import check

__all__ = ["check"]
