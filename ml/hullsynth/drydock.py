"""Dry-dock photos: a hull out of the water, mostly after cleaning, with its paint worn and flaking.

Inspections also happen in dry dock, and there the hard cases are not organisms but paint: flaked
antifouling that shows white, yellow, grey or blue-grey undercoats, primer patches, dark burn or
primer marks along seams, wipe streaks. None of that is fouling: it is all Clean Structure (the
structure, whatever its coat), and the dock around the hull is Background. Underwater scenes
(scene.py) show paint damage rarely and small; the bundled models read large flaked areas of the
real dry-dock photos (`ml/real-eval/regions-niche.json`) as Soft Fouling. Some dry hulls still
carry their fouling (photographed before cleaning): those keep the underwater fouling modules.

`generate_dry_dock(seed, size)` has the contract of `scene.generate`; training mixes a share of
these in (`train_device.py --dry-dock-share`); the held-out sets stay underwater only.
"""
import cv2
import numpy as np

from . import hull, imaging
from .canvas import Surface
from .classes import BACKGROUND
from .noise import fbm, jitter_color, log_uniform, smoothstep, value_noise
from .scene import hull_extent, light_dir, render_fouling

# Undercoats and primers seen under flaked antifouling (linear-ish RGB 0..1).
UNDERCOATS = [
    (0.86, 0.85, 0.80),   # white / off-white
    (0.80, 0.74, 0.58),   # cream
    (0.82, 0.64, 0.22),   # yellow-ochre
    (0.62, 0.62, 0.60),   # pale grey
    (0.52, 0.58, 0.64),   # blue-grey primer
    (0.40, 0.40, 0.40),   # mid grey
    (0.55, 0.30, 0.16),   # rust-brown
    (0.90, 0.70, 0.12),   # saturated yellow
    (0.85, 0.58, 0.10),   # deep yellow-orange
    (0.09, 0.10, 0.09),   # black primer
]
# How often each coat is picked: the saturated yellows and the black primer are as common on real
# dry-dock hulls as the pale coats (ml/real-eval/regions-niche.json's 1010, 1020 and 1040).
UNDERCOAT_WEIGHTS = np.array([1.0, 0.8, 1.0, 1.0, 1.0, 0.8, 0.8, 1.2, 0.8, 1.0])
# Dry antifouling is mostly red or red-brown; the rest of the paints as in hull.PAINTS.
# The last two are dull, weathered reds: smooth, brownish and low in contrast, yet clean.
DRY_PAINTS = [(0.72, 0.22, 0.13), (0.78, 0.30, 0.18), (0.60, 0.20, 0.14), (0.70, 0.34, 0.26),
              (0.55, 0.32, 0.26), (0.48, 0.30, 0.25)]


def flaking(s, coverage):
    """Layered paint loss over `coverage` of the hull: each deeper coat shows inside the one above."""
    rng = s.rng
    field = fbm(rng, s.h, s.w, s.cm(rng.uniform(3, 25)), 6)
    field += rng.uniform(0.05, 0.2) * value_noise(rng, s.h, s.w, max(1.5, s.cm(rng.uniform(0.4, 2))))   # ragged edges
    on_hull = field[s.foulable] if s.foulable.any() else field.ravel()
    thr = float(np.quantile(on_hull, 1 - coverage))
    coats = rng.choice(len(UNDERCOATS), size=int(rng.integers(1, 4)), replace=False,
                       p=UNDERCOAT_WEIGHTS / UNDERCOAT_WEIGHTS.sum())
    step = rng.uniform(0.15, 0.6)
    for depth, k in enumerate(coats):
        color = jitter_color(rng, UNDERCOATS[k], 0.07)
        mottle = 1 + rng.uniform(0.04, 0.15) * fbm(rng, s.h, s.w, max(1.0, s.cm(rng.uniform(0.5, 3))), 3)[..., None]
        edge = rng.uniform(0.01, 0.06)
        alpha = smoothstep(thr + depth * step, thr + depth * step + edge, field) * rng.uniform(0.75, 1.0)
        s.paint(alpha, np.clip(color * mottle, 0, 1), only_foulable=True)
    if rng.random() < 0.5:   # remnants: islands of the top coat left inside the flaked area
        dots = value_noise(rng, s.h, s.w, max(1.0, s.cm(rng.uniform(0.3, 1.5))))
        keep = smoothstep(1.2, 1.5, dots) * smoothstep(thr, thr + 0.05, field)
        s.paint(keep * 0.9, jitter_color(rng, DRY_PAINTS[rng.integers(len(DRY_PAINTS))], 0.08), only_foulable=True)


def dark_marks(s):
    """Black primer or burn marks, often along a seam, and grey salt or wipe streaks."""
    rng = s.rng
    for _ in range(int(rng.integers(1, 4))):
        mark = np.zeros((s.h, s.w), np.float32)
        x0, y0 = rng.uniform(0, s.w), rng.uniform(0, s.h)
        a = rng.uniform(0, np.pi)
        length = rng.uniform(0.2, 0.9) * max(s.h, s.w)
        p1 = (int(x0 + np.cos(a) * length), int(y0 + np.sin(a) * length))
        cv2.line(mark, (int(x0), int(y0)), p1, 1.0, max(1, int(s.cm(rng.uniform(0.5, 4)))), cv2.LINE_AA)
        mark = cv2.GaussianBlur(mark, (0, 0), max(1.0, s.cm(rng.uniform(0.3, 2))))
        ragged = smoothstep(-0.3, 0.6, fbm(rng, s.h, s.w, max(1.0, s.cm(2)), 4))
        s.paint(np.clip(mark * 2, 0, 1) * ragged * rng.uniform(0.6, 1.0),
                jitter_color(rng, (0.08, 0.08, 0.08), 0.05), only_foulable=True)
    if rng.random() < 0.6:
        streaks = fbm(rng, s.h, s.w, rng.uniform(2, 8), 2, aspect=rng.uniform(8, 30))
        s.paint(smoothstep(0.8, 2.0, streaks) * rng.uniform(0.2, 0.5), (0.75, 0.72, 0.68), only_foulable=True)


def pitting(s):
    """Mottled paint damage: patches speckled with dark red, grey and ochre (cf. 1020's upper right)."""
    rng = s.rng
    patch = smoothstep(0.3, 0.6, fbm(rng, s.h, s.w, s.cm(rng.uniform(5, 30)), 4))
    for color in rng.choice(len(UNDERCOATS), size=int(rng.integers(2, 4)), replace=False):
        specks = smoothstep(0.2, 0.9, fbm(rng, s.h, s.w, max(1.0, s.cm(rng.uniform(0.1, 0.6))), 3))
        s.paint(patch * specks * rng.uniform(0.5, 0.9), jitter_color(rng, UNDERCOATS[color], 0.1), only_foulable=True)


def chalking(s):
    """Weathered paint: a thin, whitish, uneven bloom that dulls the colour (still clean paint)."""
    rng = s.rng
    bloom = 0.5 + 0.5 * fbm(rng, s.h, s.w, s.cm(rng.uniform(10, 60)), 3)
    s.paint(np.clip(bloom, 0, 1) * rng.uniform(0.08, 0.35), jitter_color(rng, (0.70, 0.66, 0.62), 0.05),
            only_foulable=True)


def dock_backdrop(rng, h, w):
    """What is beyond the hull in dry dock: dark dock floor and keel blocks, or bright sky and walls."""
    yy = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    if rng.random() < 0.6:
        base = jitter_color(rng, (0.12, 0.14, 0.15), 0.15)
        img = base * (0.6 + 0.8 * yy) * (1 + 0.25 * fbm(rng, h, w, w * 0.1, 4))[..., None]
        for _ in range(int(rng.integers(0, 5))):   # keel blocks, stanchions
            x = int(rng.uniform(0, w))
            bw = int(rng.uniform(0.02, 0.12) * w)
            img[:, x:x + bw] = jitter_color(rng, (0.35, 0.33, 0.30), 0.12) * rng.uniform(0.4, 1.2)
    else:
        sky = jitter_color(rng, (0.85, 0.88, 0.92), 0.08)
        img = sky * (1 - 0.25 * yy) * (1 + 0.05 * fbm(rng, h, w, w * 0.3, 3))[..., None]
    return np.clip(np.broadcast_to(img, (h, w, 3)), 0, 1).astype(np.float32)


def render_surface(rng, h, w):
    s = Surface(rgb=np.zeros((h, w, 3), np.float32), label=np.zeros((h, w), np.uint8),
                foulable=np.ones((h, w), bool), px_per_cm=log_uniform(rng, 1.0, 12.0),
                light_dir=light_dir(rng), rng=rng)
    paint = DRY_PAINTS[rng.integers(len(DRY_PAINTS))] if rng.random() < 0.8 else hull.pick_paint(rng)
    hull.base_paint(s, jitter_color(rng, paint, 0.08))
    if rng.random() < 0.6:
        hull.plate_edges(s)
    if rng.random() < 0.4:
        hull.weld_seam(s)
    if rng.random() < 0.2:
        hull.draft_marks(s)
    if rng.random() < 0.35:
        chalking(s)
    if rng.random() < 0.85:
        flaking(s, rng.uniform(0.03, 0.5))
    if rng.random() < 0.3:
        pitting(s)
    if rng.random() < 0.5:
        dark_marks(s)
    if rng.random() < 0.3:   # photographed before cleaning: the fouling is still there
        render_fouling(s)
    return s


def generate_dry_dock(seed, size=(320, 320)):
    """One dry-dock sample: (rgb uint8 HxWx3, label uint8 HxW with Evo class indices). Deterministic."""
    rng = np.random.default_rng([seed, 0xD0C])
    h, w = size
    s = render_surface(rng, h, w)
    strength = rng.uniform(0, 0.8)
    rgb, label = imaging.warp(s.rgb, s.label, imaging.perspective(rng, h, w, strength), (h, w))
    if rng.random() < 0.35:
        on_hull, _ = hull_extent(rng, h, w)
        rgb = np.where(on_hull[..., None], rgb, dock_backdrop(rng, h, w))
        label = np.where(on_hull, label, BACKGROUND).astype(np.uint8)
    rgb = np.ascontiguousarray(rgb, np.float32) * jitter_color(rng, (1.0, 1.0, 1.0), 0.06)   # daylight or lamps
    rgb = imaging.uneven_light(rng, rgb, rng.uniform(0.0, 0.5))
    out = imaging.photograph(rng, rgb)
    if rng.random() < 0.85:
        out = imaging.jpeg(rng, out)
    return out, np.ascontiguousarray(label)
