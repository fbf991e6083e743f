"""Propellers and thrusters underwater: blades, hub and duct against water or a dark tunnel.

Niche areas are inspected as closely as the flat hull, and their hard cases are metal, not paint:
bronze or steel blades lit by a torch to bright, smooth gradients and glints, a duct's rim catching
the light, a hub's bolts and rust-brown ring. None of that is fouling. The blades, hub and duct are
Clean Structure; the water seen past and through them is Background. Some get a thin film (Light
Slime), and some hubs and duct rims carry real growth (a calcareous crust, barnacles or mixed growth:
Hard Fouling, as on the niche set's propeller3 hub), so the network still has to look at the texture.
Before these scenes the bundled models read lit blades and duct rims of the real propeller photos
(`ml/real-eval/regions-niche.json`) as Hard or Soft Fouling.

`generate_propeller(seed, size)` has the contract of `scene.generate`; training mixes a share of
these in (`train_device.py --propeller-share`); the held-out sets stay as they are.
"""
import cv2
import numpy as np

from . import background, hard, imaging, slime
from .canvas import Surface
from .classes import BACKGROUND, CLEAN
from .noise import fbm, jitter_color, log_uniform, smoothstep
from .scene import light_dir

# Propeller and duct metals (linear-ish RGB 0..1): nickel-aluminium bronze, manganese bronze, steel,
# painted steel (duct), dark weathered metal.
BLADE_METALS = [(0.78, 0.55, 0.30), (0.70, 0.50, 0.28), (0.62, 0.62, 0.60), (0.45, 0.40, 0.34), (0.30, 0.27, 0.24)]
DUCT_COATS = [(0.40, 0.36, 0.32), (0.30, 0.30, 0.30), (0.55, 0.30, 0.18), (0.20, 0.22, 0.22), (0.70, 0.62, 0.50),
              (0.72, 0.55, 0.36)]
HUB_RING = (0.55, 0.28, 0.12)   # rust-brown cap ring


def _lit_metal(s, mask, base, gloss):
    """Metal under a torch: a broad gradient toward the light, smooth mottling and glinting streaks."""
    rng = s.rng
    yy, xx = np.mgrid[0:s.h, 0:s.w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    ramp = ((xx / s.w - 0.5) * np.cos(a) + (yy / s.h - 0.5) * np.sin(a)) * rng.uniform(0.8, 2.5)
    lum = np.clip(0.75 + ramp + 0.12 * fbm(rng, s.h, s.w, s.w * rng.uniform(0.05, 0.3), 3), 0.08, 2.2)
    img = base[None, None] * lum[..., None]
    streaks = smoothstep(0.6, 1.6, fbm(rng, s.h, s.w, s.w * 0.05, 2, aspect=rng.uniform(3, 10)))
    img = img + gloss * streaks[..., None] * jitter_color(rng, (1.0, 0.95, 0.85), 0.05)
    s.paint(mask.astype(np.float32), np.clip(img, 0, 1.2), label=CLEAN)
    s.foulable |= mask


def _on_image(cx, cy, tilt, px, py):
    """A point of the disc's projected plane (px along its tilted axis, py across it, already squashed)
    in image pixels; render_propeller's u, v map pixels back the other way."""
    return cx + px * np.cos(tilt) - py * np.sin(tilt), cy + px * np.sin(tilt) + py * np.cos(tilt)


def _blades(s, cy, cx, radius, squash, tilt):
    """N blades from the hub: each a skewed, rounded leaf, drawn in the disc's projected plane."""
    rng = s.rng
    n = int(rng.integers(3, 6))
    phase = rng.uniform(0, 2 * np.pi)
    skew = rng.uniform(-0.5, 0.5)
    blades = np.zeros((s.h, s.w), np.float32)
    for k in range(n):
        a0 = phase + 2 * np.pi * k / n
        width = rng.uniform(0.35, 0.9) * np.pi / n
        ts = np.linspace(0, 1, 24)
        pts = []
        for side in (-1, 1):
            for t in ts if side < 0 else ts[::-1]:
                r = radius * (0.22 + 0.78 * t)
                half = width * np.sin(np.pi * np.clip(0.15 + 0.85 * t, 0, 1)) * (0.6 + 0.4 * t)
                ang = a0 + skew * t + side * half
                px, py = r * np.cos(ang), r * np.sin(ang) * squash
                pts.append(_on_image(cx, cy, tilt, px, py))
        cv2.fillPoly(blades, [np.array(pts, np.int32)], 1.0, cv2.LINE_AA)
    return blades > 0.5


def _ring_of_dots(s, cy, cx, r, squash, tilt, dot, color):
    """Bolt heads or holes evenly around a circle of radius r in the disc's projected plane."""
    rng = s.rng
    n = int(rng.integers(6, 16))
    dots = np.zeros((s.h, s.w), np.float32)
    for k in range(n):
        a = 2 * np.pi * k / n
        px, py = r * np.cos(a), r * np.sin(a) * squash
        x, y = _on_image(cx, cy, tilt, px, py)
        cv2.circle(dots, (int(x), int(y)), int(round(dot)), 1.0, -1, cv2.LINE_AA)
    s.paint(dots, color, label=CLEAN)
    s.foulable |= dots >= 0.5
    return dots >= 0.5


def render_propeller(s):
    """Duct (sometimes), blades and hub, painted over the backdrop already on the canvas."""
    rng = s.rng
    cy, cx = rng.uniform(0.3, 0.7) * s.h, rng.uniform(0.3, 0.7) * s.w
    radius = rng.uniform(0.3, 0.75) * min(s.h, s.w)
    squash = rng.uniform(0.55, 1.0)                 # the disc seen at an angle
    tilt = rng.uniform(0, np.pi)
    yy, xx = np.mgrid[0:s.h, 0:s.w].astype(np.float32)
    u = (xx - cx) * np.cos(tilt) + (yy - cy) * np.sin(tilt)
    v = (-(xx - cx) * np.sin(tilt) + (yy - cy) * np.cos(tilt)) / squash
    d = np.sqrt(u * u + v * v)
    rim = np.zeros((s.h, s.w), bool)
    structure = np.zeros((s.h, s.w), bool)
    if rng.random() < 0.6:   # a thruster duct or nozzle: a ring whose inner wall shows as a dark band
        inner = radius * rng.uniform(1.02, 1.1)
        outer = inner * rng.uniform(1.08, 1.3)
        wall = (d >= inner * rng.uniform(0.85, 0.95)) & (d < inner)
        s.paint(wall.astype(np.float32), jitter_color(rng, (0.06, 0.07, 0.07), 0.3), label=CLEAN)
        rim = (d >= inner) & (d < outer)
        _lit_metal(s, rim, jitter_color(rng, DUCT_COATS[rng.integers(len(DUCT_COATS))], 0.1), rng.uniform(0.0, 0.4))
        if rng.random() < 0.5:   # bolt holes or rivets around the rim
            rim |= _ring_of_dots(s, cy, cx, (inner + outer) / 2, squash, tilt, max(1.5, (outer - inner) * 0.08),
                          jitter_color(rng, (0.05, 0.05, 0.05), 0.3))
        structure |= rim | wall
    blades = _blades(s, cy, cx, radius, squash, tilt)
    metal = jitter_color(rng, BLADE_METALS[rng.integers(len(BLADE_METALS))], 0.08)
    _lit_metal(s, blades, metal, rng.uniform(0.05, 0.6))
    hub_radius = radius * rng.uniform(0.14, 0.24)
    hub = d < hub_radius
    _lit_metal(s, hub, metal * rng.uniform(0.6, 1.0), rng.uniform(0.0, 0.5))
    if rng.random() < 0.4:
        ring = hub & (d > radius * 0.1)
        s.paint(ring.astype(np.float32) * 0.85, jitter_color(rng, HUB_RING, 0.12), label=CLEAN)
    if rng.random() < 0.5:   # bright bolt heads around the cap
        hub |= _ring_of_dots(s, cy, cx, hub_radius * 0.6, squash, tilt, max(1.5, hub_radius * 0.12),
                             jitter_color(rng, (0.85, 0.82, 0.75), 0.08))
    structure |= blades | hub
    if rng.random() < 0.35:   # a film on the metal
        slime.light_slime(s, rng.uniform(0.3, 1.0), structure & s.foulable)
    if rng.random() < 0.25:   # growth where it settles first: hub and duct rim
        zone = hub | rim if rng.random() < 0.5 else hub
        hard.render(s, zone & s.foulable, rng.choice(["crust", "barnacles", "mixed"]), rng.uniform(0.4, 1.0))
    return structure


def generate_propeller(seed, size=(320, 320)):
    """One propeller sample: (rgb uint8 HxWx3, label uint8 HxW with Evo class indices). Deterministic."""
    rng = np.random.default_rng([seed, 0x960])
    h, w = size
    backdrop = background.render_backdrop(rng, h, w)
    s = Surface(rgb=np.ascontiguousarray(backdrop, np.float32), label=np.full((h, w), BACKGROUND, np.uint8),
                foulable=np.zeros((h, w), bool), px_per_cm=log_uniform(rng, 1.0, 8.0),
                light_dir=light_dir(rng), rng=rng)
    render_propeller(s)
    rgb, label = s.rgb, s.label
    rgb = imaging.uneven_light(rng, rgb, rng.uniform(0.2, 0.8))
    distance = np.full((h, w), log_uniform(rng, 0.3, 3.0), np.float32)
    return imaging.through_water(rng, rgb, distance), np.ascontiguousarray(label)
