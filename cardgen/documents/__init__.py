"""Document writers: booklets, fold sheets, score pads and print sheets as PDF."""
