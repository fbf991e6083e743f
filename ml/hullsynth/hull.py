"""Clean hull structure: antifouling paint, plate edges, weld seams, draft marks, wear and damage.

Everything here is labelled Clean Structure; fouling modules paint over it later.
"""
import cv2
import numpy as np

from .classes import CLEAN
from .noise import fbm, jitter_color, smoothstep, value_noise

# Antifouling and topcoat colours (linear-ish RGB 0..1) and how often they are picked.
PAINTS = [
    ((0.78, 0.24, 0.14), 5.0),   # classic antifouling red
    ((0.88, 0.36, 0.12), 2.5),   # orange-red (as in the tubeworm sample)
    ((0.55, 0.17, 0.13), 2.0),   # faded red-brown
    ((0.62, 0.30, 0.26), 1.0),   # pinkish faded red
    ((0.07, 0.07, 0.08), 2.0),   # black
    ((0.20, 0.19, 0.19), 1.0),   # dark grey-black
    ((0.42, 0.43, 0.44), 1.5),   # grey
    ((0.62, 0.63, 0.62), 0.7),   # light grey
    ((0.14, 0.32, 0.34), 1.2),   # blue-green
    ((0.10, 0.16, 0.32), 0.8),   # navy blue
    ((0.22, 0.38, 0.22), 0.6),   # green
]
PRIMERS = [(0.45, 0.45, 0.46), (0.62, 0.55, 0.40), (0.10, 0.10, 0.11), (0.55, 0.25, 0.15)]
RUST = (0.45, 0.22, 0.08)


def pick_paint(rng):
    colors, weights = zip(*PAINTS)
    p = np.array(weights) / sum(weights)
    return jitter_color(rng, colors[rng.choice(len(colors), p=p)], 0.08)


def base_paint(s, color):
    """Fill the structure with paint: broad luminance drift, roller streaks and fine grain."""
    rng = s.rng
    drift = fbm(rng, s.h, s.w, s.w * rng.uniform(0.3, 0.9), 3)
    grain = value_noise(rng, s.h, s.w, rng.uniform(0.7, 1.5))
    streak = fbm(rng, s.h, s.w, rng.uniform(2, 6), 2, aspect=rng.uniform(4, 15))
    if rng.random() < 0.5:
        streak = streak.T[: s.h, : s.w] if s.h == s.w else streak
    lum = 1 + 0.07 * drift + 0.025 * grain + rng.uniform(0.0, 0.04) * streak
    img = color[None, None, :] * lum[..., None]
    hue = fbm(rng, s.h, s.w, s.w * 0.5, 2)[..., None] * rng.uniform(0.0, 0.03)
    img = img + hue * np.array([1.0, -0.5, -0.5], np.float32)
    s.rgb[:] = np.where(s.foulable[..., None], np.clip(img, 0, 1), s.rgb)
    s.label[s.foulable] = CLEAN


def plate_edges(s):
    """Straight plate butts and seams: a thin shadow line with a highlight beside it."""
    rng = s.rng
    for _ in range(rng.integers(1, 4)):
        horizontal = rng.random() < 0.6
        pos = rng.uniform(0.1, 0.9) * (s.h if horizontal else s.w)
        tilt = rng.normal(0, 0.04) * (s.w if horizontal else s.h)
        if horizontal:
            p0, p1 = (0, int(pos)), (s.w - 1, int(pos + tilt))
            off = (0, 1)
        else:
            p0, p1 = (int(pos), 0), (int(pos + tilt), s.h - 1)
            off = (1, 0)
        shadow = np.zeros((s.h, s.w), np.uint8)
        light = np.zeros((s.h, s.w), np.uint8)
        t = max(1, int(round(s.cm(0.15))))
        cv2.line(shadow, p0, p1, 255, t, cv2.LINE_AA)
        cv2.line(light, (p0[0] + off[0] * (t + 1), p0[1] + off[1] * (t + 1)),
                 (p1[0] + off[0] * (t + 1), p1[1] + off[1] * (t + 1)), 255, t, cv2.LINE_AA)
        f = 1 - 0.45 * shadow / 255.0 + 0.15 * light / 255.0
        s.darken(np.where(s.foulable, f, 1.0))


def weld_seam(s):
    """A raised weld bead with rippled texture along a line."""
    rng = s.rng
    bead = np.zeros((s.h, s.w), np.float32)
    width = max(2, int(round(s.cm(rng.uniform(0.6, 1.4)))))
    y = rng.uniform(0.1, 0.9) * s.h
    if rng.random() < 0.5:
        cv2.line(bead, (0, int(y)), (s.w - 1, int(y + rng.normal(0, 0.05) * s.h)), 1.0, width, cv2.LINE_AA)
    else:
        cv2.line(bead, (int(y), 0), (int(y + rng.normal(0, 0.05) * s.w), s.h - 1), 1.0, width, cv2.LINE_AA)
    bead = cv2.GaussianBlur(bead, (0, 0), width / 3)
    yy, xx = np.mgrid[0:s.h, 0:s.w]
    ripple = 0.5 + 0.5 * np.sin((xx + yy) * 2 * np.pi / max(2.0, s.cm(0.4)))
    gy, gx = np.gradient(bead)
    lx, ly, _ = s.light_dir
    relief = 1 + 3.0 * width * (gx * lx + gy * ly) / 2 + 0.08 * ripple * (bead > 0.2)
    s.darken(np.where(s.foulable, relief, 1.0))


def draft_marks(s):
    """Painted draft numbers or marks in white/contrasting paint (still clean structure)."""
    rng = s.rng
    mark = np.zeros((s.h, s.w), np.uint8)
    scale = s.cm(rng.uniform(0.05, 0.2)) * 2
    text = rng.choice(["2", "4", "6", "8", "10", "12", "14", "IV", "-", "M", "16"])
    thick = max(1, int(scale * 3))
    x, y = int(rng.uniform(0.05, 0.7) * s.w), int(rng.uniform(0.3, 0.95) * s.h)
    cv2.putText(mark, str(text), (x, y), cv2.FONT_HERSHEY_SIMPLEX, max(0.5, scale), 255, thick, cv2.LINE_AA)
    if rng.random() < 0.5:
        cv2.line(mark, (x, y + thick * 2), (x + int(scale * 40), y + thick * 2), 255, thick)
    color = jitter_color(rng, rng.choice([(0.85, 0.85, 0.82), (0.9, 0.8, 0.2), (0.05, 0.05, 0.05)]), 0.05)
    wear = 1 - 0.5 * smoothstep(0.5, 1.5, fbm(rng, s.h, s.w, s.cm(1.0), 3))
    s.paint(mark / 255.0 * wear * rng.uniform(0.6, 0.95), color, only_foulable=True)


def paint_damage(s):
    """Worn or scraped paint: primer or a different earlier coat shows, rust streaks, scratches."""
    rng = s.rng
    field = fbm(rng, s.h, s.w, s.cm(rng.uniform(1.5, 8)), 5)
    thr = np.quantile(field, 1 - rng.uniform(0.01, 0.15))
    primer = jitter_color(rng, PRIMERS[rng.integers(len(PRIMERS))], 0.06)
    alpha = smoothstep(thr, thr + 0.15, field)
    tex = 1 + 0.06 * value_noise(rng, s.h, s.w, 1.5)[..., None]
    s.paint(alpha, np.clip(primer * tex, 0, 1), only_foulable=True)
    if rng.random() < 0.4:
        rust = np.zeros((s.h, s.w), np.float32)
        for _ in range(rng.integers(1, 6)):
            x, y = int(rng.uniform(0, s.w)), int(rng.uniform(0, s.h * 0.7))
            length = int(s.cm(rng.uniform(2, 15)))
            cv2.line(rust, (x, y), (x + int(rng.normal(0, 3)), y + length), 1.0, max(1, int(s.cm(0.3))))
        rust = cv2.GaussianBlur(rust, (0, 0), max(1.0, s.cm(0.3)))
        s.paint(rust * rng.uniform(0.3, 0.7), jitter_color(rng, RUST), only_foulable=True)
    for _ in range(rng.integers(0, 4)):
        scratch = np.zeros((s.h, s.w), np.float32)
        pts = np.array([[rng.uniform(0, s.w), rng.uniform(0, s.h)] for _ in range(3)], np.int32)
        cv2.polylines(scratch, [pts], False, 1.0, 1, cv2.LINE_AA)
        s.paint(scratch * rng.uniform(0.3, 0.7), (0.85, 0.8, 0.7), only_foulable=True)


def render(s):
    base_paint(s, pick_paint(s.rng))
    if s.rng.random() < 0.5:
        plate_edges(s)
    if s.rng.random() < 0.25:
        weld_seam(s)
    if s.rng.random() < 0.15:
        draft_marks(s)
    if s.rng.random() < 0.55:
        paint_damage(s)
