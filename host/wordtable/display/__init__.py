"""Rendering for the table's e-ink panel: pillow images, and how they travel to the board."""
