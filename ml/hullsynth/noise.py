"""Noise, masks and shading primitives shared by all material modules."""
import cv2
import numpy as np


def value_noise(rng, h, w, cell, cell_y=None):
    """Smooth noise (zero mean, unit std) with features about `cell` px wide (`cell_y` tall)."""
    cx = max(float(cell), 1.0)
    cy = max(float(cell_y if cell_y is not None else cell), 1.0)
    gh, gw = int(np.ceil(h / cy)) + 3, int(np.ceil(w / cx)) + 3
    grid = rng.standard_normal((gh, gw)).astype(np.float32)
    big = cv2.resize(grid, (int(gw * cx), int(gh * cy)), interpolation=cv2.INTER_CUBIC)
    oy = int(cy) + int(rng.integers(0, max(1, int(cy))))
    ox = int(cx) + int(rng.integers(0, max(1, int(cx))))
    n = big[oy:oy + h, ox:ox + w]
    if n.shape != (h, w):
        n = cv2.resize(big, (w, h), interpolation=cv2.INTER_LINEAR)
    return (n - n.mean()) / (n.std() + 1e-6)


def fbm(rng, h, w, cell, octaves=4, gain=0.5, aspect=1.0):
    """Fractal sum of value noise; `aspect` > 1 stretches features horizontally."""
    out = np.zeros((h, w), np.float32)
    amp, c = 1.0, float(cell)
    for _ in range(octaves):
        if c < 1.0:
            break
        out += amp * value_noise(rng, h, w, c * aspect, c)
        amp *= gain
        c /= 2.0
    return (out - out.mean()) / (out.std() + 1e-6)


def threshold_for_coverage(field, coverage, within=None):
    vals = field[within] if within is not None else field.ravel()
    if vals.size == 0:
        return np.inf
    return float(np.quantile(vals, 1.0 - float(np.clip(coverage, 0.0, 1.0))))


def blob_mask(rng, h, w, coverage, cell, within=None, octaves=4):
    """Boolean patches covering `coverage` of `within` (or of the image), plus the field and threshold."""
    field = fbm(rng, h, w, cell, octaves)
    thr = threshold_for_coverage(field, coverage, within)
    mask = field > thr
    if within is not None:
        mask &= within
    return mask, field, thr


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0 + 1e-6), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def shade(height, light_dir, strength=1.0):
    """Lambert-like shading factor (around 1.0) of a height map lit from `light_dir` (x, y, z)."""
    gy, gx = np.gradient(height.astype(np.float32))
    nx, ny, nz = -gx * strength, -gy * strength, np.ones_like(gx)
    norm = np.sqrt(nx * nx + ny * ny + nz * nz)
    lx, ly, lz = light_dir
    lam = (nx * lx + ny * ly + nz * lz) / norm
    return (0.35 + 0.75 * np.clip(lam, 0.0, 1.0)).astype(np.float32)


def specular(height, light_dir, strength=1.0, power=20.0):
    gy, gx = np.gradient(height.astype(np.float32))
    nx, ny, nz = -gx * strength, -gy * strength, np.ones_like(gx)
    norm = np.sqrt(nx * nx + ny * ny + nz * nz)
    hx, hy, hz = light_dir[0], light_dir[1], light_dir[2] + 1.0
    hn = np.sqrt(hx * hx + hy * hy + hz * hz)
    c = np.clip((nx * hx + ny * hy + nz * hz) / (norm * hn), 0.0, 1.0)
    return (c ** power).astype(np.float32)


def log_uniform(rng, lo, hi):
    """A draw spread evenly over orders of magnitude between lo and hi (scales, distances, densities)."""
    return float(np.exp(rng.uniform(np.log(lo), np.log(hi))))


def jitter_color(rng, rgb, amount=0.08):
    rgb = np.asarray(rgb, np.float32)
    return np.clip(rgb * (1.0 + rng.normal(0, amount, 3)) + rng.normal(0, amount * 0.3), 0.0, 1.0)


def random_walk(rng, start, length, step, turn, curl=0.0):
    """Points of a smooth random curve; `curl` adds a steady turning (coils)."""
    n = max(2, int(length / step))
    angle = rng.uniform(0, 2 * np.pi)
    dturn = rng.normal(0, turn, n).cumsum() * 0.3 + curl * np.arange(n)
    angles = angle + dturn
    pts = np.stack([np.cos(angles), np.sin(angles)], 1) * step
    pts = np.vstack([[0.0, 0.0], pts.cumsum(0)]) + np.asarray(start, np.float32)
    return pts


def disc_kernel(r):
    r = max(1, int(round(r)))
    y, x = np.mgrid[-r:r + 1, -r:r + 1]
    k = (x * x + y * y <= r * r).astype(np.float32)
    return k / k.sum()
