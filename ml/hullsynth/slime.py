"""Slime: thin translucent biofilm (Light Slime) and thick mats / filamentous algae (Heavy Slime/Algae)."""
import cv2
import numpy as np

from .classes import HEAVY_SLIME, LIGHT_SLIME
from .noise import blob_mask, fbm, jitter_color, random_walk, shade, smoothstep, value_noise

FILM_COLORS = [(0.45, 0.33, 0.16), (0.40, 0.38, 0.18), (0.30, 0.36, 0.16), (0.50, 0.42, 0.25), (0.35, 0.30, 0.20)]
MAT_COLORS = [(0.30, 0.22, 0.10), (0.25, 0.26, 0.10), (0.14, 0.22, 0.08), (0.38, 0.30, 0.15), (0.10, 0.10, 0.06),
              (0.20, 0.15, 0.08)]
ALGAE_COLORS = [(0.20, 0.42, 0.10), (0.30, 0.48, 0.12), (0.15, 0.30, 0.08), (0.40, 0.45, 0.15)]
# Algal turf: short filaments that trap silt, tan to olive brown (close to the film's colours, which
# is why texture, not colour, has to tell them apart).
TURF_COLORS = [(0.46, 0.36, 0.18), (0.40, 0.31, 0.15), (0.34, 0.30, 0.14), (0.50, 0.42, 0.24), (0.30, 0.26, 0.12)]
SILT_COLOR = (0.72, 0.66, 0.52)


def light_slime(s, coverage, within):
    """Translucent film: the paint shows through; labelled where the film is (exact mask)."""
    rng = s.rng
    mask, field, thr = blob_mask(rng, s.h, s.w, coverage, s.cm(rng.uniform(3, 25)), within)
    color = jitter_color(rng, FILM_COLORS[rng.integers(len(FILM_COLORS))], 0.1)
    strength = rng.uniform(0.28, 0.55)
    body = strength * (1 + 0.25 * fbm(rng, s.h, s.w, s.cm(rng.uniform(0.5, 3)), 4))
    # An empty `within` gives thr = inf and smoothstep's NaN, which used to blacken the whole photo
    # (seeds 127 and 1,000,102). The draws stay as they were, so every other sample is unchanged.
    edge = 0.55 + 0.45 * smoothstep(thr, thr + 0.3, field) if np.isfinite(thr) else np.ones_like(field)
    alpha = np.clip(body * edge, 0.18, 0.8) * mask
    texture = 1 + 0.08 * value_noise(rng, s.h, s.w, rng.uniform(0.8, 2.0))
    s.paint(alpha, np.clip(color[None, None] * texture[..., None], 0, 1))
    s.label[mask] = LIGHT_SLIME
    return mask


def heavy_slime(s, coverage, within):
    """Thick opaque mats, optionally with green filamentous algae tufts on top; on a turf surface
    (`s.turf`), algal turf instead."""
    rng = s.rng
    mask, field, thr = blob_mask(rng, s.h, s.w, coverage, s.cm(rng.uniform(3, 20)), within)
    if not mask.any():
        return mask
    if s.turf:
        algal_turf(s, mask, field, thr)
        return mask
    color = jitter_color(rng, MAT_COLORS[rng.integers(len(MAT_COLORS))], 0.12)
    rough = fbm(rng, s.h, s.w, s.cm(rng.uniform(0.3, 1.5)), 4)
    speck = value_noise(rng, s.h, s.w, rng.uniform(0.7, 1.3))
    lum = 1 + 0.22 * rough + 0.12 * speck
    tint = fbm(rng, s.h, s.w, s.cm(5), 2)[..., None] * 0.04 * np.array([1, 0.5, -1], np.float32)
    img = np.clip(color[None, None] * lum[..., None] + tint, 0, 1)
    alpha = np.clip(rng.uniform(0.8, 0.97) * (0.6 + 0.4 * smoothstep(thr, thr + 0.25, field)), 0, 1) * mask
    s.paint(alpha, img)
    s.label[mask] = HEAVY_SLIME
    if rng.random() < 0.5:
        filamentous_algae(s, mask)
    return mask


def filamentous_algae(s, within):
    """Green hair-like strands in dense tufts; drawn in one pass for speed."""
    rng = s.rng
    ys, xs = np.nonzero(within)
    if len(ys) == 0:
        return
    strands = np.zeros((s.h, s.w), np.uint8)
    n = int(min(1500, len(ys) / max(4.0, s.cm(0.6) ** 2) * rng.uniform(0.2, 0.8)))
    direction = rng.uniform(0, 2 * np.pi)
    for i in rng.integers(0, len(ys), n):
        length = s.cm(rng.uniform(0.8, 4))
        pts = random_walk(rng, (xs[i], ys[i]), length, max(1.0, length / 6), 0.4)
        bias = np.stack([np.cos(direction), np.sin(direction)]) * np.linspace(0, length * 0.5, len(pts))[:, None]
        cv2.polylines(strands, [(pts + bias).astype(np.int32)], False, int(rng.integers(120, 256)), 1, cv2.LINE_AA)
    color = jitter_color(rng, ALGAE_COLORS[rng.integers(len(ALGAE_COLORS))], 0.1)
    a = strands.astype(np.float32) / 255.0
    s.paint(a * within * rng.uniform(0.6, 0.95), color)


def algal_turf(s, mask, field, thr):
    """A dense felt of short filaments with silt caught in it: opaque, its colour close to a film's,
    but grainy at the scale of millimetres, with pale silt-coated tips, dark gaps and a lumpy
    relief; macrofouling (Heavy Slime/Algae), not a film. Patches of it, as on a test panel or a
    hull left idle, often lie between calcareous lumps (scene.render_fouling's hard zones)."""
    rng = s.rng
    color = jitter_color(rng, TURF_COLORS[rng.integers(len(TURF_COLORS))], 0.12)
    grain = value_noise(rng, s.h, s.w, max(1.0, s.cm(rng.uniform(0.04, 0.15))))
    clumps = fbm(rng, s.h, s.w, max(1.5, s.cm(rng.uniform(0.3, 1.2))), 3)
    relief = shade(0.6 * clumps + 0.25 * grain, s.light_dir, rng.uniform(0.4, 0.9))
    lum = (1 + rng.uniform(0.25, 0.45) * grain + 0.15 * clumps) * relief
    tips = smoothstep(0.9, 2.0, grain + 0.3 * clumps) * rng.uniform(0.15, 0.45)
    img = color[None, None] * lum[..., None]
    img = img + tips[..., None] * (np.asarray(SILT_COLOR, np.float32) - img)
    edge = 0.7 + 0.3 * smoothstep(thr, thr + 0.25, field) if np.isfinite(thr) else np.ones_like(field)
    alpha = np.clip(rng.uniform(0.88, 0.98) * edge, 0, 1) * mask
    s.paint(alpha, np.clip(img, 0, 1))
    s.label[mask] = HEAVY_SLIME
