"""ask: deterministic, extractive question answering over a folder of documents.

    from engine import Engine, ask
    answer = ask("What is the tree permit fee?", docs="samples/")
    answer.answered, answer.citations, answer.to_dict()
"""
from .config import Config
from .pipeline import Engine, ask
from .types import Answer, Citation, QuotedLine, Refusal

__all__ = ["Engine", "ask", "Answer", "Citation", "QuotedLine", "Refusal", "Config"]
__version__ = "0.1.0"
