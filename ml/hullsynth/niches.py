"""Niche areas: sea-chest gratings, anodes and circular openings (transducers, thrusters).

Openings you look into are Background; the metal around and across them is Clean Structure
(fouling modules may cover it later).
"""
import cv2
import numpy as np

from .classes import BACKGROUND, CLEAN
from .noise import fbm, jitter_color, shade, specular, value_noise


def _dark_interior(s, mask):
    """Dark water-filled cavity with a faint glossy reflection; not a fouling surface."""
    rng = s.rng
    base = jitter_color(rng, (0.05, 0.08, 0.09), 0.2)
    tex = 1 + 0.3 * fbm(rng, s.h, s.w, s.w * 0.2, 3)
    img = np.clip(base * tex[..., None], 0, 1)
    s.paint(mask.astype(np.float32), img, label=BACKGROUND)
    s.foulable &= ~mask
    for _ in range(rng.integers(0, 4)):  # reflections on a glossy window
        ys, xs = np.nonzero(mask)
        if len(ys) == 0:
            break
        i = rng.integers(len(ys))
        spot = np.zeros((s.h, s.w), np.float32)
        cv2.ellipse(spot, (int(xs[i]), int(ys[i])), (int(s.cm(rng.uniform(0.5, 3))), int(s.cm(rng.uniform(0.3, 1.5)))),
                    rng.uniform(0, 180), 0, 360, 1.0, -1)
        spot = cv2.GaussianBlur(spot, (0, 0), max(1.0, s.cm(0.5))) * mask
        s.paint(spot * rng.uniform(0.1, 0.35), (0.5, 0.6, 0.6))


def circular_opening(s):
    """A round niche: painted ring with bolt caps around a dark opening (cf. sample 000018)."""
    rng = s.rng
    cy, cx = rng.uniform(0.25, 0.75) * s.h, rng.uniform(0.25, 0.75) * s.w
    r_in = rng.uniform(0.12, 0.3) * min(s.h, s.w)
    r_out = r_in * rng.uniform(1.25, 1.7)
    yy, xx = np.mgrid[0:s.h, 0:s.w]
    d = np.sqrt((yy - cy) ** 2 + (xx - cx) ** 2)
    ring = (d < r_out) & (d >= r_in)
    height = np.clip((r_out - d) / (r_out - r_in + 1e-6), 0, 1) * (d >= r_in)
    sh = shade(height * s.cm(1.0), s.light_dir, 1.0)
    s.rgb[ring] *= sh[ring][:, None]
    _dark_interior(s, d < r_in)
    n_bolts = int(rng.integers(0, 9))
    cap = jitter_color(rng, rng.choice([(0.85, 0.8, 0.72), (0.6, 0.6, 0.62), (0.7, 0.45, 0.35)]), 0.08)
    for k in range(n_bolts):
        a = 2 * np.pi * k / max(n_bolts, 1) + rng.normal(0, 0.05)
        rr = (r_in + r_out) / 2
        by, bx = cy + rr * np.sin(a), cx + rr * np.cos(a)
        br = (r_out - r_in) * rng.uniform(0.2, 0.35)
        m = np.zeros((s.h, s.w), np.float32)
        cv2.circle(m, (int(bx), int(by)), int(max(2, br)), 1.0, -1, cv2.LINE_AA)
        relief = shade(cv2.GaussianBlur(m, (0, 0), max(1, br / 3)) * br, s.light_dir, 1.0)
        s.paint(m, np.clip(cap * relief[..., None], 0, 1), label=CLEAN)


def grating(s):
    """Sea-chest grating: parallel (or crossed) painted bars over a dark cavity."""
    rng = s.rng
    y0, x0 = rng.uniform(-0.1, 0.4) * s.h, rng.uniform(-0.1, 0.4) * s.w
    y1, x1 = y0 + rng.uniform(0.4, 0.9) * s.h, x0 + rng.uniform(0.4, 0.9) * s.w
    box = np.zeros((s.h, s.w), bool)
    box[max(0, int(y0)):int(y1), max(0, int(x0)):int(x1)] = True
    bars = np.zeros((s.h, s.w), np.float32)
    pitch = s.cm(rng.uniform(2, 6))
    width = max(2, int(pitch * rng.uniform(0.25, 0.55)))
    vertical = rng.random() < 0.5
    span = s.w if vertical else s.h
    for p in np.arange(rng.uniform(0, pitch), span, pitch):
        if vertical:
            cv2.line(bars, (int(p), 0), (int(p), s.h - 1), 1.0, width)
        else:
            cv2.line(bars, (0, int(p)), (s.w - 1, int(p)), 1.0, width)
    if rng.random() < 0.3:
        for p in np.arange(rng.uniform(0, pitch * 3), span, pitch * 3):
            if vertical:
                cv2.line(bars, (0, int(p)), (s.w - 1, int(p)), 1.0, width)
            else:
                cv2.line(bars, (int(p), 0), (int(p), s.h - 1), 1.0, width)
    bars_b = (bars > 0.5) & box
    _dark_interior(s, box & ~bars_b)
    round_profile = cv2.GaussianBlur(bars_b.astype(np.float32), (0, 0), max(1.0, width / 3)) * width
    relief = shade(round_profile, s.light_dir, 0.7)
    s.rgb[bars_b] *= relief[bars_b][:, None]
    frame = cv2.dilate(box.astype(np.uint8), np.ones((max(3, width * 2),) * 2, np.uint8)).astype(bool) & ~box
    s.rgb[frame] *= 0.75
    s.foulable |= bars_b


def anode(s):
    """Sacrificial anode: a grey, mottled, bolted block casting a shadow."""
    rng = s.rng
    cy, cx = rng.uniform(0.2, 0.8) * s.h, rng.uniform(0.2, 0.8) * s.w
    hh, hw = s.cm(rng.uniform(4, 12)), s.cm(rng.uniform(8, 30))
    angle = rng.uniform(0, 180)
    m = np.zeros((s.h, s.w), np.float32)
    box = cv2.boxPoints(((cx, cy), (hw, hh), angle)).astype(np.int32)
    cv2.fillConvexPoly(m, box, 1.0, cv2.LINE_AA)
    lx, ly, _ = s.light_dir
    shadow = cv2.warpAffine(m, np.float32([[1, 0, -lx * s.cm(1.5)], [0, 1, -ly * s.cm(1.5)]]), (s.w, s.h))
    s.darken(1 - 0.5 * cv2.GaussianBlur(shadow, (0, 0), max(1.0, s.cm(0.5))) * (1 - m))
    height = cv2.GaussianBlur(m, (0, 0), max(1.0, s.cm(0.8))) * s.cm(2)
    metal = jitter_color(rng, rng.choice([(0.55, 0.56, 0.55), (0.7, 0.7, 0.68), (0.42, 0.44, 0.45)]), 0.05)
    mottle = 1 + 0.12 * fbm(rng, s.h, s.w, s.cm(1.5), 4) + 0.05 * value_noise(rng, s.h, s.w, 1.2)
    img = metal * (shade(height, s.light_dir) * mottle)[..., None] + 0.3 * specular(height, s.light_dir)[..., None]
    s.paint(m, np.clip(img, 0, 1), label=CLEAN)
    s.foulable |= m > 0.5


def render(s):
    roll = s.rng.random()
    if roll < 0.45:
        circular_opening(s)
    elif roll < 0.75:
        grating(s)
    else:
        anode(s)
