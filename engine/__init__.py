"""ask: deterministic, extractive question answering over a folder of documents.

    from engine import Engine, ask
    answer = ask("What is the tree permit fee?", docs="samples/")
    answer.answered, answer.citations, answer.to_dict()
    result = search("tree permit fee", docs="samples/", arms="bm25", k=5)   # ranked, no gate
"""
from .config import Config
from .pipeline import Engine, ask, search
from .types import Answer, Citation, Hit, QuotedLine, Refusal, SearchResult

__all__ = ["Engine", "ask", "search", "Answer", "Citation", "QuotedLine", "Refusal", "Config",
           "Hit", "SearchResult"]
__version__ = "0.1.0"
