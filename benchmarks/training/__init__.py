"""Training commands: each writes a data file the engine ships, and records in it the command and seed
that made it."""
