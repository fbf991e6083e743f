"""Composes one inspection photo: hull surface -> fouling -> camera geometry -> backdrop and props
-> light, water and camera effects. Returns an RGB image and its exact Evo label map."""
import numpy as np

from . import background, hard, hull, imaging, niches, slime, soft
from .canvas import Surface
from .classes import BACKGROUND
from .noise import blob_mask, fbm, log_uniform, smoothstep


def light_dir(rng):
    a = rng.uniform(0, 2 * np.pi)
    elev = rng.uniform(0.35, 0.9)
    v = np.array([np.cos(a) * np.cos(elev), np.sin(a) * np.cos(elev), np.sin(elev)], np.float32)
    return tuple(v / np.linalg.norm(v))


def _fouling_level(rng):
    """Fraction of the foulable surface inside the fouled zone; spread over the whole range."""
    band = rng.choice(4, p=[0.22, 0.23, 0.25, 0.30])
    return float(rng.uniform(*[(0.0, 0.08), (0.08, 0.45), (0.45, 0.85), (0.85, 1.0)][band]))


def _cleaned_split(rng, h, w):
    """Boolean mask of the side a diver or brush has cleaned: a straight or slightly wavy edge."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    d = (xx - w * rng.uniform(0.25, 0.75)) * np.cos(a) + (yy - h * rng.uniform(0.25, 0.75)) * np.sin(a)
    d += fbm(rng, h, w, w * 0.15, 3) * w * rng.uniform(0.0, 0.04)
    return d > 0


def _partition(rng, zone, weights, cell):
    """Split `zone` into patches, one per weight, patch share roughly following the weights."""
    h, w = zone.shape
    scores = np.stack([fbm(rng, h, w, cell, 3) + 1.2 * np.log(max(wt, 1e-3)) for wt in weights])
    winner = scores.argmax(0)
    return [zone & (winner == i) for i in range(len(weights))]


def render_fouling(s):
    rng = s.rng
    foulable = s.foulable.copy()
    level = _fouling_level(rng)
    if rng.random() < 0.3:  # part of the hull was cleaned: only film there, if anything
        cleaned = _cleaned_split(rng, s.h, s.w)
        if rng.random() < 0.35:
            slime.light_slime(s, rng.uniform(0.3, 1.0), foulable & cleaned)
        foulable &= ~cleaned
        level = max(level, rng.uniform(0.6, 1.0))
    if rng.random() < 0.15:  # a film over one side of a straight edge, the other side freshly cleaned
        side = _cleaned_split(rng, s.h, s.w)
        slime.light_slime(s, 1.0, foulable & side)
        foulable &= ~side
        level = min(level, rng.uniform(0.0, 0.2))
    zone, _, _ = _blob(s, level, foulable)
    weights = rng.dirichlet(np.ones(4) * rng.uniform(0.3, 1.2))  # light, heavy, soft, hard
    if s.turf:  # turf scenes are for learning turf: more of it, and more lumps among it (no new draws)
        weights = weights * np.array([1.0, 3.0, 1.0, 1.5])
        weights = weights / weights.sum()
    light, heavy, soft_zone, hard_zone = _partition(rng, zone, weights, s.cm(rng.uniform(4, 25)))
    if light.any():
        slime.light_slime(s, rng.uniform(0.85, 1.0), light)
    if heavy.any():
        slime.heavy_slime(s, rng.uniform(0.85, 1.0), heavy)
    if hard_zone.any():
        under = rng.random()
        if under < 0.35:
            slime.light_slime(s, 1.0, hard_zone)
        elif under < 0.55:
            slime.heavy_slime(s, 1.0, hard_zone)
        style = rng.choice(["barnacles", "tubeworms", "mussels", "crust", "mixed"], p=[0.25, 0.27, 0.08, 0.2, 0.2])
        hard.render(s, hard_zone, style, rng.uniform(0.4, 1.0))
    if soft_zone.any():
        if rng.random() < 0.4:
            slime.heavy_slime(s, 1.0, soft_zone)
        soft.render(s, soft_zone, rng.uniform(5, 40))
    if rng.random() < 0.25:  # scattered recruits on otherwise clean paint
        hard.render(s, foulable & ~zone, rng.choice(["barnacles", "tubeworms"]), rng.uniform(0.01, 0.06))


def _blob(s, coverage, within):
    return blob_mask(s.rng, s.h, s.w, coverage, s.cm(s.rng.uniform(5, 40)), within)


def render_surface(rng, h, w, turf=False):
    s = Surface(rgb=np.zeros((h, w, 3), np.float32), label=np.zeros((h, w), np.uint8),
                foulable=np.ones((h, w), bool), px_per_cm=log_uniform(rng, 1.5, 20.0),
                light_dir=light_dir(rng), rng=rng, turf=turf)
    hull.render(s)
    if rng.random() < 0.15:
        niches.render(s)
    render_fouling(s)
    return s


def hull_extent(rng, h, w):
    """Where the hull ends in shots that show water beyond it: a wavy edge across the frame."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    d = (xx - w / 2) * np.cos(a) + (yy - h / 2) * np.sin(a) - rng.uniform(-0.35, 0.35) * w
    d += fbm(rng, h, w, w * 0.3, 2) * w * 0.03
    return d < 0, d


def generate(seed, size=(320, 320), turf=False):
    """One sample: (rgb uint8 HxWx3, label uint8 HxW with Evo class indices). Deterministic in `seed`.
    `turf` draws every heavy mat as algal turf (training only, `train_device --turf-share`); without
    it a seed gives the same sample as before turf existed, so held-out sets stay as they were."""
    rng = np.random.default_rng(seed)
    h, w = size
    s = render_surface(rng, h, w, turf)
    view = rng.choice(["panel", "edge", "oblique"], p=[0.6, 0.25, 0.15])
    strength = {"panel": rng.uniform(0, 0.25), "edge": rng.uniform(0, 0.6), "oblique": rng.uniform(0.5, 1.0)}[view]
    matrix = imaging.perspective(rng, h, w, strength)
    rgb, label = imaging.warp(s.rgb, s.label, matrix, (h, w))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    ramp = ((xx / w - 0.5) * np.cos(ang) + (yy / h - 0.5) * np.sin(ang)) + 0.5
    distance = log_uniform(rng, 0.15, 2.0) + ramp * strength * rng.uniform(0.5, 4.0)
    if view != "panel":
        on_hull, signed = hull_extent(rng, h, w)
        backdrop = background.render_backdrop(rng, h, w)
        rgb = np.where(on_hull[..., None], rgb, backdrop)
        label = np.where(on_hull, label, BACKGROUND).astype(np.uint8)
        distance = np.where(on_hull, distance, distance + rng.uniform(1, 10) * smoothstep(0, w * 0.2, signed))
    rgb = np.ascontiguousarray(rgb, np.float32)
    label = np.ascontiguousarray(label)
    background.render_props(rgb, label, rng, s.light_dir)
    if rng.random() < 0.25:
        rgb = imaging.bubbles(rng, rgb, int(rng.integers(3, 40)))
    rgb = imaging.uneven_light(rng, rgb, rng.uniform(0.0, 0.7))
    return imaging.through_water(rng, rgb, distance), label
