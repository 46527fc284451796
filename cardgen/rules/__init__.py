"""Rule texts (Markdown under templates/rules/) as a small document model for typesetting."""
