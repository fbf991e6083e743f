"""Soft (volumetric, non-calcareous) fouling: sponges, tunicates, hydroids and weed."""
import cv2
import numpy as np

from .classes import SOFT
from .noise import fbm, jitter_color, random_walk, shade, smoothstep, specular, value_noise

SPONGE_COLORS = [(0.85, 0.55, 0.15), (0.90, 0.78, 0.30), (0.75, 0.65, 0.45), (0.70, 0.30, 0.15), (0.60, 0.50, 0.35)]
TUNICATE_COLORS = [(0.85, 0.75, 0.55), (0.80, 0.55, 0.30), (0.65, 0.65, 0.55), (0.75, 0.45, 0.45), (0.55, 0.60, 0.35)]
HYDROID_COLORS = [(0.62, 0.52, 0.36), (0.70, 0.65, 0.50), (0.50, 0.40, 0.25), (0.78, 0.74, 0.62)]
WEED_COLORS = [(0.25, 0.45, 0.10), (0.45, 0.35, 0.12), (0.35, 0.25, 0.10), (0.20, 0.35, 0.12), (0.55, 0.20, 0.15)]


def _centres(s, within, count):
    ys, xs = np.nonzero(within)
    if len(ys) == 0:
        return []
    idx = s.rng.integers(0, len(ys), count)
    return list(zip(ys[idx], xs[idx]))


def sponge(s, cy, cx):
    """A lumpy, shaded blob with pores and oscula."""
    rng = s.rng
    r = max(3.0, s.cm(rng.uniform(1.5, 6)))
    size = int(r * 2.6) | 1
    field = fbm(rng, size, size, r * 0.6, 3)
    yy, xx = np.mgrid[0:size, 0:size] - size // 2
    d = np.sqrt(yy * yy + xx * xx) / r
    shape = 1 - d + 0.3 * field
    alpha = smoothstep(0.0, 0.08, shape)
    height = np.clip(shape, 0, None) * r * 0.6 + 0.6 * value_noise(rng, size, size, max(1.0, r / 8))
    color = jitter_color(rng, SPONGE_COLORS[rng.integers(len(SPONGE_COLORS))], 0.1)
    pores = (value_noise(rng, size, size, max(1.0, r / 10)) > 1.6).astype(np.float32)
    img = color * (shade(height, s.light_dir, 0.8) * (1 - 0.45 * pores))[..., None]
    s.paint_at(cy, cx, alpha, np.clip(img, 0, 1), SOFT)


def tunicate_cluster(s, cy, cx):
    """Translucent sacs with two siphons, in small clusters."""
    rng = s.rng
    color = jitter_color(rng, TUNICATE_COLORS[rng.integers(len(TUNICATE_COLORS))], 0.1)
    for _ in range(rng.integers(1, 7)):
        a, b = s.cm(rng.uniform(0.6, 2.5)), s.cm(rng.uniform(0.5, 1.5))
        a, b = max(a, 2.0), max(b, 2.0)
        size = int(2 * max(a, b) + 4) | 1
        yy, xx = np.mgrid[0:size, 0:size] - size // 2
        t = rng.uniform(0, np.pi)
        u, v = xx * np.cos(t) + yy * np.sin(t), -xx * np.sin(t) + yy * np.cos(t)
        q = (u / a) ** 2 + (v / b) ** 2
        height = np.sqrt(np.clip(1 - q, 0, 1)) * b
        alpha = smoothstep(1.0, 0.85, q) * rng.uniform(0.75, 0.95)
        img = color * shade(height, s.light_dir, 1.0)[..., None] + 0.35 * specular(height, s.light_dir)[..., None]
        for sx in (-0.45, 0.45):
            sd = (u - sx * a) ** 2 + v ** 2
            img = img * (1 - 0.6 * (sd < (0.18 * b) ** 2))[..., None]
        oy, ox = rng.normal(0, s.cm(1.2), 2)
        s.paint_at(cy + oy, cx + ox, alpha, np.clip(img, 0, 1), SOFT)


def hydroid_turf(s, cy, cx):
    """Fuzzy tufts of thin branching stalks; the tuft footprint is soft fouling."""
    rng = s.rng
    r = max(4.0, s.cm(rng.uniform(1.5, 6)))
    size = int(r * 2.4) | 1
    stalks = np.zeros((size, size), np.uint8)
    c = size // 2
    for _ in range(int(rng.integers(15, 60))):
        ang = rng.uniform(0, 2 * np.pi)
        length = r * rng.uniform(0.4, 1.0)
        pts = random_walk(rng, (c, c), length, max(1.0, length / 5), 0.5)
        pts[:, 0] += np.cos(ang) * np.linspace(0, length * 0.6, len(pts))
        pts[:, 1] += np.sin(ang) * np.linspace(0, length * 0.6, len(pts))
        cv2.polylines(stalks, [pts.astype(np.int32)], False, int(rng.integers(150, 256)), 1, cv2.LINE_AA)
    fuzz = cv2.GaussianBlur(stalks.astype(np.float32) / 255.0, (0, 0), 0.8)
    body = cv2.GaussianBlur((stalks > 0).astype(np.float32), (0, 0), max(1.0, r / 6))
    alpha = np.clip(0.55 * body / (body.max() + 1e-6) + fuzz, 0, 1)
    color = jitter_color(rng, HYDROID_COLORS[rng.integers(len(HYDROID_COLORS))], 0.1)
    img = color * (0.6 + 0.5 * fuzz)[..., None]
    s.paint_at(cy, cx, alpha, np.clip(img, 0, 1), SOFT, min_alpha=0.35)


def weed(s, cy, cx):
    """Macro-algal fronds: broad, shaded, semi-translucent ribbons."""
    rng = s.rng
    color = jitter_color(rng, WEED_COLORS[rng.integers(len(WEED_COLORS))], 0.1)
    canvas = np.zeros((s.h, s.w), np.float32)
    direction = rng.uniform(0, 2 * np.pi)
    for _ in range(rng.integers(1, 4)):
        length = s.cm(rng.uniform(2, 8))
        pts = random_walk(rng, (cx, cy), length, max(1.0, length / 12), 0.25)
        pts += np.stack([np.cos(direction), np.sin(direction)]) * np.linspace(0, length * 0.7, len(pts))[:, None]
        width = max(2, int(s.cm(rng.uniform(0.2, 0.8))))
        cv2.polylines(canvas, [pts.astype(np.int32)], False, 1.0, width, cv2.LINE_AA)
    if not canvas.any():
        return
    height = cv2.GaussianBlur(canvas, (0, 0), max(1.0, s.cm(0.4))) * s.cm(1)
    tex = 1 + 0.15 * fbm(rng, s.h, s.w, s.cm(0.8), 3)
    img = color * (shade(height, s.light_dir, 0.8) * tex)[..., None]
    s.paint(canvas * rng.uniform(0.8, 0.97), np.clip(img, 0, 1), SOFT, only_foulable=True)


def render(s, within, density):
    """Scatter soft-fouling organisms over `within`; `density` ~ organisms per 100 cm^2."""
    rng = s.rng
    area_cm2 = within.sum() / max(s.px_per_cm ** 2, 1e-6)
    count = int(np.clip(area_cm2 / 100.0 * density, 0, 120))
    kinds = [sponge, tunicate_cluster, hydroid_turf, weed]
    weights = rng.dirichlet(np.ones(4) * 0.7) * np.array([1.0, 1.0, 1.0, 0.4])
    weights /= weights.sum()
    for cy, cx in _centres(s, within, count):
        kinds[rng.choice(4, p=weights)](s, cy, cx)
