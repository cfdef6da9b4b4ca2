"""Schema revisions, oldest first (their ``revision`` names order them)."""
