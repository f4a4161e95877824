"""Benchmarks for `ask`: `python -m bench` measures speed and memory (docs/benchmark.md).

Kept free of imports: every measured child process starts through this package.
"""
