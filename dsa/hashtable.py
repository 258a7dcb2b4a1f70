"""Hash tables, written to be read.

A hash table keeps its items in an array of *slots* and finds a key without
searching: it computes where the key must be.  The **hash function** turns
the key into an integer (equal keys must get equal hashes: ``hash(1) ==
hash(1.0)``), and the key's **home slot** is ``hash % capacity``.  The
capacity is a power of two, so the fold is a mask, ``hash & (capacity -
1)``: the low bits of the hash.  A lookup compares keys as ``dict`` does:
first ``is`` (cheap, and the common case), then the stored hash (different
hashes settle it without calling ``__eq__``), and only then ``==``.

Two keys whose hashes agree on the low bits want the same slot: a
*collision*.  **Separate chaining** (:class:`ChainedHashTable`) hangs a
linked list, a *chain*, from every slot.  **Open addressing**
(:class:`OpenAddressingHashTable`) keeps one entry per slot and walks a
fixed *probe sequence* to the key or to an empty slot: *linear probing*
tries the next slot to the right, CPython's *perturbation probing* jumps
``i = (5*i + 1 + perturb) % capacity`` with ``perturb`` starting as the
hash and shifted right by 5 bits each step, which feeds the high bits of the
hash into the jumps.  Deleting under open addressing leaves a **tombstone**
(emptying the slot would cut the probe path of the keys beyond it), which
lookups step over and insertions reuse.  With ``robin_hood=True`` linear
probing places keys **Robin Hood** style instead (a new key takes the slot
of a resident nearer to its home, so the probe lengths even out and a
failed search can stop early) and deletes by **backward shift**, pulling
the keys after the hole one slot back: no tombstones.  The open table
keeps the hashes of its slots in a flat array of machine words beside the
entries, so a probe compares numbers lying next to each other and follows a
pointer to an entry only when a hash matches.

The **load factor** is ``len / capacity``; with a good hash the expected
chain or probe length depends on it alone, which is why a lookup is O(1) on
average.  Past ``max_load_factor`` the table **resizes**: a slot array twice
as big, every key re-placed by its *stored* hash (no ``__hash__`` or
``__eq__`` runs, so nothing user-defined can fail half way).  A doubling
uses one more bit of the hash: a key in slot ``s`` lands in ``s`` or ``s +
old_capacity``.  Under open addressing the tombstones count toward the fill
that triggers a rebuild, and the rebuild drops them all.

A hash you can compute by hand
==============================
Python randomises ``hash(str)`` at start-up (a predictable string hash
lets an attacker send keys that all share one chain), so the lessons use
:func:`teaching_hash`, a fixed, documented function whose slots a learner
can check with pencil and paper::

    >>> names = ["grace", "alan", "frances", "margaret", "kristen", "ada", "linus"]
    >>> table = ChainedHashTable(dict.fromkeys(names), capacity=8,
    ...                          hash_function=teaching_hash, max_load_factor=1.0)
    >>> table.slots()
    [['grace', 'alan', 'frances'], ['margaret'], [], [], ['kristen'], [], ['ada'], ['linus']]

Three keys share slot 0 while slots 2, 3 and 5 stay empty: collisions come
from the hash, not from a lack of room.

Patterned keys, and why the default tables mix the hash
=======================================================
``hash(n)`` is ``n`` itself for an int, so the low bits of the hash are the
low bits of the key.  Keys ``i << 32`` all have the same low 32 bits, and
with the slot taken from the low bits all 20,000 of them land in slot 0: a
single chain, or a single probe run, so every insertion walks all the keys
before it.  Measured before this guard existed: 20,000 such keys took 9.6 s
to insert into the chained table and 29.7 s into the linear-probing one,
against 0.002 s for ``dict``, whose perturbation brings the high bits in.
(``i * 1024`` is as bad, with 32 slots in use in a table of 32,768.)  So a
table using the built-in ``hash`` watches its chains and probe runs; when
an insertion walks more than :data:`CHAIN_LIMIT` keys of a chain or
:data:`PROBE_LIMIT` slots of a linear run, it starts to **mix** the hash
(:func:`mix_hash`, a shuffle of all 64 bits into the low ones, one to one
so different hashes stay different), rehashing every key once.  (A run
that long also happens now and then with a good hash, but its keys come
from many home slots; the table mixes only when most come from one.)  The
same 20,000 keys then take about 0.2 s to insert into either table (0.006
s for ``dict``, measured side by side on a busy machine), the same few
microseconds per key as any other keys; ``i * 1024`` likewise.  A plugged ``hash_function`` is used
exactly as given, so a lesson can still show what a bad hash does.

Where the code lives
====================
``dsa/chaining.py`` (:class:`ChainedHashTable`) and
``dsa/open_addressing.py`` (:class:`OpenAddressingHashTable`) are the two
textbook tables, each with its lookup, insertion, deletion and resize
first; ``dsa/_robin_hood.py`` the Robin Hood placement, search and
backward shift.  ``dsa/_hashtable_parts.py`` holds what they share (the entry, the
mixing, the invariant checks, the stats records, :func:`teaching_hash`);
``dsa/_dict_surface.py`` everything of dict that does not depend on the
slots (insertion order, views, iterators, copies, pickling);
``dsa/_table_options.py`` the options (``capacity=``, ``max_load_factor=``,
``hash_function=``, ``on_resize=``: keyword-only, never keys);
``dsa/_compat.py`` CPython's rules.  This module is the public import path.
"""

from __future__ import annotations

from dsa._hashtable_parts import (MIN_CAPACITY, TOMBSTONE, ChainStats,
                                  ProbeStats, ResizeEvent, mix_hash,
                                  teaching_hash)
from dsa.chaining import ChainedHashTable
from dsa.open_addressing import OpenAddressingHashTable

__all__ = ["ChainedHashTable", "OpenAddressingHashTable", "ChainStats",
           "ProbeStats", "ResizeEvent", "TOMBSTONE", "teaching_hash",
           "mix_hash", "MIN_CAPACITY"]
