"""Amounts as a person reads them: the one way ask writes a number of bytes."""
from __future__ import annotations


def size(n: int) -> str:
    """Bytes in binary units with one decimal, a ".0" left off: 512 -> "512 bytes",
    1536 -> "1.5 KiB", 401408 -> "392 KiB", 67108864 -> "64 MiB", 3 << 29 -> "1.5 GiB"."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.1f}".removesuffix(".0") + f" {unit}"
    return f"{n} bytes"
