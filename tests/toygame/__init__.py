"""A tiny test-only game that exercises every part of the pipeline."""
