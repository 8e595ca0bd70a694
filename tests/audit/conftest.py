"""Audit tests: the planted-record builders live beside them (``audit_records``)."""
