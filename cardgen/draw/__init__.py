"""The drawing engine: SVG to PDF pages and PNG pixels, the fonts, the render workers."""
