"""Hard (calcareous) fouling: barnacles, tubeworms, mussels and encrusting patches."""
import cv2
import numpy as np

from .classes import HARD, HEAVY_SLIME
from .noise import blob_mask, fbm, jitter_color, random_walk, shade, smoothstep, specular, value_noise

SHELL_COLORS = [(0.88, 0.86, 0.80), (0.78, 0.74, 0.68), (0.70, 0.62, 0.62), (0.60, 0.58, 0.55), (0.85, 0.80, 0.65)]
TUBE_COLORS = [(0.92, 0.90, 0.86), (0.85, 0.84, 0.80), (0.80, 0.76, 0.68), (0.95, 0.93, 0.90)]
CRUST_COLORS = [(0.90, 0.88, 0.85), (0.82, 0.80, 0.78), (0.80, 0.62, 0.62), (0.72, 0.70, 0.60), (0.88, 0.84, 0.74)]
MUSSEL_COLORS = [(0.06, 0.07, 0.10), (0.10, 0.10, 0.14), (0.18, 0.14, 0.10), (0.12, 0.12, 0.09)]


def _centres(s, within, count, clustered=True):
    ys, xs = np.nonzero(within)
    if len(ys) == 0 or count <= 0:
        return []
    idx = s.rng.integers(0, len(ys), count)
    pts = np.stack([ys[idx], xs[idx]], 1).astype(np.float32)
    if clustered and count > 4:
        seeds = pts[s.rng.integers(0, count, max(1, count // 12))]
        pull = s.rng.uniform(0.3, 0.8)
        pts = pts + pull * (seeds[s.rng.integers(0, len(seeds), count)] - pts) * s.rng.uniform(0, 1, (count, 1))
    return [(y, x) for y, x in pts]


def barnacle(s, cy, cx, r):
    """A shaded cone of shell plates with a dark opening at the top."""
    rng = s.rng
    size = int(2 * r + 5) | 1
    yy, xx = np.mgrid[0:size, 0:size] - size // 2
    d = np.sqrt(yy * yy + xx * xx) / r
    theta = np.arctan2(yy, xx)
    opening = rng.uniform(0.25, 0.45)
    plates = 1 + 0.06 * np.cos(6 * theta + rng.uniform(0, 6.3))
    cone = np.clip(1 - d * plates, 0, 1)
    height = np.where(d < opening, (1 - opening) - (opening - d) * 1.5, cone) * r * rng.uniform(0.5, 1.0)
    color = jitter_color(rng, SHELL_COLORS[rng.integers(len(SHELL_COLORS))], 0.08)
    ribs = 1 + 0.08 * np.cos(12 * theta) * (d > opening)
    stripes = 1 - 0.25 * (rng.random() < 0.25) * (np.cos(theta * 8) > 0.5)
    img = color * (shade(height, s.light_dir, 1.0) * ribs * stripes)[..., None]
    img += 0.2 * specular(height, s.light_dir, 1.0, 12)[..., None]
    hole = d < opening * 0.8
    img[hole] = img[hole] * 0.15 + np.array([0.08, 0.06, 0.05]) * rng.uniform(0.5, 1.5)
    alpha = smoothstep(1.08, 0.95, d * plates)
    lx, ly, _ = s.light_dir
    s.paint_at(cy - ly * r * 0.35, cx - lx * r * 0.35, alpha * 0.45, (0.0, 0.0, 0.0), None)  # cast shadow
    s.paint_at(cy, cx, alpha, np.clip(img, 0, 1), HARD)


def barnacle_field(s, within, count):
    rng = s.rng
    mean_r = s.cm(rng.uniform(0.3, 1.5))
    for cy, cx in _centres(s, within, count):
        barnacle(s, cy, cx, max(2.0, mean_r * rng.lognormal(0, 0.3)))


def tubeworms(s, within, count, dark_substrate):
    """White curling calcareous tubes (cf. sample 000112), drawn as shaded strokes in one pass."""
    rng = s.rng
    ys, xs = np.nonzero(within)
    if len(ys) == 0:
        return
    if dark_substrate:  # old dark biofilm the colony sits on: counted as Heavy Slime
        tex = 1 + 0.3 * fbm(rng, s.h, s.w, s.cm(0.5), 3)
        dark = jitter_color(rng, (0.07, 0.07, 0.07), 0.3)[None, None] * tex[..., None]
        s.paint(within * rng.uniform(0.85, 0.97), np.clip(dark, 0, 1))
        s.label[within] = HEAVY_SLIME
    thick = max(1, int(round(s.cm(rng.uniform(0.08, 0.3)))))
    body = np.zeros((s.h, s.w), np.uint8)
    shadow = np.zeros((s.h, s.w), np.uint8)
    light = np.zeros((s.h, s.w), np.uint8)
    lx, ly, _ = s.light_dir
    off = np.array([lx, ly]) * max(1.0, thick * 0.6)
    mean_len = s.cm(rng.uniform(0.6, 3))
    for i in rng.integers(0, len(ys), count):
        length = mean_len * rng.lognormal(0, 0.4)
        curl = rng.choice([0.0, rng.uniform(0.3, 1.0) * rng.choice([-1, 1])], p=[0.35, 0.65])
        pts = random_walk(rng, (xs[i], ys[i]), length, max(1.0, thick * 0.8), 0.8, curl * 0.35)
        p = pts.astype(np.int32)
        cv2.polylines(shadow, [(pts - off).astype(np.int32)], False, 255, thick + 1, cv2.LINE_AA)
        cv2.polylines(body, [p], False, int(rng.integers(170, 256)), thick, cv2.LINE_AA)
        if thick > 1:
            cv2.polylines(light, [(pts + off * 0.4).astype(np.int32)], False, 255, max(1, thick // 2), cv2.LINE_AA)
    s.paint(shadow / 255.0 * 0.55 * within, (0.02, 0.02, 0.02))
    color = jitter_color(rng, TUBE_COLORS[rng.integers(len(TUBE_COLORS))], 0.05)
    b = body.astype(np.float32) / 255.0
    tone = (0.55 + 0.45 * b / max(b.max(), 1e-6))
    s.paint(np.clip(b * 1.6, 0, 1) * within, np.clip(color * tone[..., None], 0, 1), HARD)
    s.paint(light / 255.0 * 0.5 * within, (1.0, 1.0, 0.98))


def mussel(s, cy, cx):
    """Dark, glossy, elongated shells with growth lines."""
    rng = s.rng
    a = max(3.0, s.cm(rng.uniform(1.5, 4)))
    b = a * rng.uniform(0.4, 0.55)
    size = int(2 * a + 4) | 1
    yy, xx = np.mgrid[0:size, 0:size] - size // 2
    t = rng.uniform(0, np.pi)
    u, v = xx * np.cos(t) + yy * np.sin(t), -xx * np.sin(t) + yy * np.cos(t)
    v = v - 0.25 * b * (u / a) ** 2
    q = (u / a) ** 2 + (v / b) ** 2
    height = np.sqrt(np.clip(1 - q, 0, 1)) * b
    color = jitter_color(rng, MUSSEL_COLORS[rng.integers(len(MUSSEL_COLORS))], 0.15)
    growth = 1 + 0.15 * np.sin(np.sqrt(q) * 25)
    edge = np.clip((q - 0.75) * 4, 0, 1)[..., None] * np.array([0.25, 0.18, 0.08])
    img = color * (shade(height, s.light_dir, 1.0) * growth)[..., None] + edge
    img += 0.5 * specular(height, s.light_dir, 1.0, 30)[..., None]
    s.paint_at(cy, cx, smoothstep(1.05, 0.95, q), np.clip(img, 0, 1), HARD)


def encrusting(s, coverage, within):
    """Lumpy white/cream/pink calcareous crusts (bryozoans, coralline, dead shell), cf. sample 000022."""
    rng = s.rng
    mask, field, thr = blob_mask(rng, s.h, s.w, coverage, s.cm(rng.uniform(1, 6)), within)
    if not mask.any():
        return mask
    lumps = fbm(rng, s.h, s.w, s.cm(rng.uniform(0.3, 1.2)), 4)
    height = (smoothstep(thr, thr + 0.5, field) + 0.35 * lumps) * s.cm(0.6)
    color = jitter_color(rng, CRUST_COLORS[rng.integers(len(CRUST_COLORS))], 0.06)
    tex = 1 + 0.06 * value_noise(rng, s.h, s.w, 1.2)
    img = color * (shade(height, s.light_dir, 1.0) * tex)[..., None]
    s.paint(mask.astype(np.float32), np.clip(img, 0, 1), HARD)
    return mask


def render(s, within, style, amount):
    """style: barnacles | tubeworms | mussels | crust | mixed; amount in 0..1 controls density."""
    rng = s.rng
    area = within.sum()
    if area == 0:
        return
    if style in ("crust", "mixed"):
        encrusting(s, amount * rng.uniform(0.4, 0.9), within)
    if style in ("barnacles", "mixed"):
        r = s.cm(0.8)
        barnacle_field(s, within, int(min(600, amount * area / (r * r * 4 + 1) * 1.5)))
    if style in ("tubeworms", "mixed"):
        per = max(s.cm(1.0) ** 2, 6.0)
        tubeworms(s, within, int(min(4000, amount * area / per * 2.5)), dark_substrate=rng.random() < 0.6)
    if style in ("mussels", "mixed"):
        r = s.cm(2.5)
        for cy, cx in _centres(s, within, int(min(250, amount * area / (r * r + 1) * 1.5))):
            mussel(s, cy, cx)
