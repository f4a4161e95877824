"""The gate: the decision to quote or refuse. See floors.py."""
from .floors import check

__all__ = ["check"]
