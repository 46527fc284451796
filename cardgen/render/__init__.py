"""Rendering: the game model to SVG, then SVG to PDF and PNG."""
