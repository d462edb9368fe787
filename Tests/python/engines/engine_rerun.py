"""Moved to support/engine_rerun.py (a plugin of the whole run, loaded by Tests/python/conftest.py);
this name stays for the tests that import it from here."""

from support.engine_rerun import ALLOW_RERUN, ENGINE_LOST, PROPERTY, fail_for_a_lost_engine, pytest_runtest_protocol, pytest_terminal_summary, rerun_counts  # noqa: F401
