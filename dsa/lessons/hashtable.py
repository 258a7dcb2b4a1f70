"""The live part of the hash-table lesson (text: lessons/hashtable.md).

Every function behind a marker in the text gets a
:class:`~dsa.lessons.runner.Context`.  The experiments re-run the published
hash-table measurements on this machine.  The worked example is computed
with :func:`dsa.hashtable.teaching_hash`, a fixed, documented string hash,
so its slots are the same on every run; everything else uses the hashes a
real program would use (Python's own, or the C twins' keyed hash).

The functions live in modules by what they do, all registering on one
:data:`hooks`:

* :mod:`.hashtable_pictures` -- the worked examples drawn slot by slot;
* :mod:`.hashtable_timed` -- the measurements in Python (scan against
  dict, chain lengths, flooding, dict's facts);
* :mod:`.hashtable_probes` -- probe sequences, Knuth's formulas and
  patterned keys, on simulated slot arrays;
* :mod:`.hashtable_robin_hood` -- Robin Hood placement and backward-shift
  deletion on the real open-addressing table;
* :mod:`.hashtable_growth` -- what a resize costs, insert by insert;
* :mod:`.hashtable_native` -- the C twins, timed and counted in lines, and
  the tags in the open table's state bytes.
"""

from __future__ import annotations

from . import (hashtable_growth, hashtable_native, hashtable_pictures, hashtable_probes,
               hashtable_robin_hood, hashtable_timed)
from .hashtable_common import ASIDE, NAMES, hooks
from .hashtable_native import c_lookups, lines_tell_the_story, simulated_lookup_misses
from .hashtable_pictures import full_runs, probe_path
from .hashtable_timed import (chain_figures, chain_lengths, cold_lookup_costs_more,
                              colliding_strings, dict_growth_points,
                              dict_several_times_list, dict_thousands_faster)

__all__ = ["hooks", "chain_lengths", "chain_figures", "colliding_strings",
           "dict_growth_points", "NAMES", "ASIDE", "c_lookups", "full_runs",
           "probe_path", "lines_tell_the_story", "simulated_lookup_misses",
           "cold_lookup_costs_more", "dict_several_times_list",
           "dict_thousands_faster", "hashtable_native", "hashtable_pictures",
           "hashtable_timed", "hashtable_probes", "hashtable_growth",
           "hashtable_robin_hood"]
