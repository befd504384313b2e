"""Stand-ins for the table's hardware on the unix port: the world of tags and its reader, the panel,
the buttons and feedback, and the control channel through which tests and people move the pieces."""
