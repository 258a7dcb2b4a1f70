"""What the C kernels and the C++ programs make from a seed, made again in
Python (untimed), so that a benchmark can check their results.

The generator is ``dsa_splitmix64`` of native/common.h, its 64-bit outputs
read as signed int64 (same bits) as the kernels read them; the checksum is
the C++ programs' fold of a sequence (order matters).
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
FNV_PRIME = 0x100000001B3


def splitmix64(state: int) -> tuple[int, int]:
    """One step of dsa_splitmix64: (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def splitmix64_values(count: int, seed: int) -> tuple[list[int], int]:
    """``count`` outputs from the state ``seed``, each read as a signed
    int64; and the state after them."""
    state = seed & MASK64
    values: list[int] = []
    append = values.append
    for _ in range(count):
        state, u = splitmix64(state)
        append(u - (1 << 64) if u >> 63 else u)
    return values, state


def splitmix64_items(n: int, seed: int = 1) -> list[int]:
    """The C kernels' input: ``n`` outputs of splitmix64 from ``seed``, as
    int64, as the kernels' ``random_item`` and ``fill`` read them."""
    return splitmix64_values(n, seed)[0]


def sequence_checksum(values: list[int]) -> int:
    """The C++ programs' checksum of a sequence: h = (h ^ v) * FNV prime,
    mod 2**64, so that order matters."""
    h = 0
    for v in values:
        h = ((h ^ (v & MASK64)) * FNV_PRIME) & MASK64
    return h
