"""Speed benchmarks: each prints medians and ratios measured in the same run, and finishes in minutes.
``python -m benchmarks.speed`` (``python3 run.py bench``) runs them all."""
