"""Quoting: choose the winner's best lines, verbatim (lines.py), and cite them (cite.py)."""
from .cite import Quoted, cite, line_sims, quote
from .lines import choose_lines, line_budget, line_score

__all__ = ["Quoted", "choose_lines", "cite", "line_budget", "line_score", "line_sims", "quote"]
