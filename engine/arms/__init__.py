"""The scoring arms: each takes the pool (and the question) and returns one score per passage.

An arm returns a float array aligned with pool.rows, or None when it cannot run.
Missing values inside an array are NaN (a passage with no stored vector) and count as
the arm's lowest score after normalisation.
"""
