"""SVG templates and rule texts, installed as the data package cardgen.templates."""
