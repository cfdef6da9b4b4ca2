"""What the server keeps: the database's rows and operations, its schema and migrations, the
writer that stores the moves of a moment together, and the ratings stored from results."""
