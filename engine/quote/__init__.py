"""Quoting: choose the winner's best lines, verbatim, and build citations with locators."""
from .lines import choose_lines, line_budget, line_score
from .locators import span

__all__ = ["choose_lines", "line_budget", "line_score", "span"]
