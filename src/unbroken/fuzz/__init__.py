"""The seeded fuzzer of recordings and content packs (issue #17): `mutations` damages a
file the way an attacker or a failing disk would; `runs` feeds the damaged files to the
reader and the loader and counts tracebacks, hangs and wrong acceptances. Used by
tests/test_fuzz.py, bench/fuzz.py and the board's upload fuzz."""
