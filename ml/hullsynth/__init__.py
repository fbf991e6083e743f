"""Procedural underwater hull-inspection images with exact per-pixel biofouling labels."""
