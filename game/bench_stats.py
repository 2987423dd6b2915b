"""The benchmark sections' shared figure: a percentile of measured times."""


def percentile(values, fraction):
    """The value below which `fraction` of `values` lie (the nearest rank, no blending)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
