"""The test suite: one folder per subject, shared helpers in ``support``."""
