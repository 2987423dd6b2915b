"""The pygame shell: frame loop, scene stack, input, settings, sprites and screens."""
