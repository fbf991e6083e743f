"""Background: open water, seabed and darkness beyond the light, plus things near the camera
(test-panel frames, cable ties, tags, diver equipment). All of it is labelled Background."""
import cv2
import numpy as np

from .classes import BACKGROUND
from .noise import fbm, jitter_color, shade, value_noise

WATER = [(0.05, 0.25, 0.30), (0.08, 0.30, 0.25), (0.04, 0.15, 0.25), (0.15, 0.30, 0.20), (0.02, 0.05, 0.06)]
SEABED = [(0.35, 0.32, 0.25), (0.22, 0.22, 0.18), (0.40, 0.38, 0.30), (0.18, 0.16, 0.14)]
TAG_COLORS = [(0.95, 0.92, 0.15), (0.85, 0.95, 0.25), (0.95, 0.55, 0.10), (0.95, 0.95, 0.92), (0.20, 0.50, 0.90)]


def open_water(rng, h, w):
    """Gradient from lit water to dark depth with faint particulate texture."""
    c = jitter_color(rng, WATER[rng.integers(len(WATER))], 0.15)
    ang = rng.uniform(0, 2 * np.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = ((xx / w - 0.5) * np.cos(ang) + (yy / h - 0.5) * np.sin(ang)) + 0.5
    lum = rng.uniform(0.15, 0.6) + rng.uniform(0.2, 1.0) * t + 0.05 * fbm(rng, h, w, w * 0.3, 3)
    return np.clip(c[None, None] * np.clip(lum, 0.05, 1.6)[..., None], 0, 1)


def seabed(rng, h, w):
    """Sand or mud with ripples and pebbles, fading with distance."""
    c = jitter_color(rng, SEABED[rng.integers(len(SEABED))], 0.1)
    ripples = np.sin(np.linspace(0, rng.uniform(10, 40), w)[None, :] + 2 * fbm(rng, h, w, w * 0.2, 2))
    tex = 1 + 0.15 * fbm(rng, h, w, rng.uniform(2, 10), 4) + 0.05 * ripples
    pebbles = (value_noise(rng, h, w, rng.uniform(2, 5)) > 2.0).astype(np.float32)
    img = c[None, None] * (tex * (1 - 0.4 * pebbles))[..., None]
    fade = np.linspace(rng.uniform(0.2, 0.6), 1.0, h)[:, None, None]
    return np.clip(img * fade, 0, 1)


def darkness(rng, h, w):
    c = jitter_color(rng, (0.02, 0.04, 0.05), 0.4)
    return np.clip(c[None, None] * (1 + 0.3 * fbm(rng, h, w, w * 0.4, 2))[..., None], 0, 1)


def render_backdrop(rng, h, w):
    roll = rng.random()
    if roll < 0.55:
        return open_water(rng, h, w)
    if roll < 0.7:
        img = open_water(rng, h, w)
        split = int(rng.uniform(0.3, 0.8) * h)
        img[split:] = seabed(rng, h - split, w)
        return img
    return darkness(rng, h, w)


def _metal_bar(img, label, p0, p1, width, rng, light_dir):
    bar = np.zeros(label.shape, np.float32)
    cv2.line(bar, p0, p1, 1.0, width, cv2.LINE_AA)
    height = cv2.GaussianBlur(bar, (0, 0), max(1.0, width / 3)) * width
    metal = jitter_color(rng, rng.choice([(0.6, 0.62, 0.6), (0.35, 0.35, 0.33), (0.75, 0.72, 0.6)]), 0.08)
    col = metal * shade(height, light_dir, 1.0)[..., None] * 1.1
    img += bar[..., None] * (np.clip(col, 0, 1) - img)
    label[bar > 0.5] = BACKGROUND
    return bar


def panel_frame(img, label, rng, light_dir):
    """A wire/tube frame along one or more edges with black cable ties (cf. the real samples)."""
    h, w = label.shape
    width = max(2, int(rng.uniform(0.008, 0.03) * w))
    sides = [k for k in range(4) if rng.random() < 0.5] or [int(rng.integers(4))]
    for side in sides:
        inset = int(rng.uniform(0.0, 0.06) * (h if side in (0, 1) else w))
        slope = int(rng.normal(0, 0.02) * w)
        if side == 0:
            p0, p1 = (0, inset), (w - 1, inset + slope)
        elif side == 1:
            p0, p1 = (0, h - 1 - inset), (w - 1, h - 1 - inset - slope)
        elif side == 2:
            p0, p1 = (inset, 0), (inset + slope, h - 1)
        else:
            p0, p1 = (w - 1 - inset, 0), (w - 1 - inset - slope, h - 1)
        _metal_bar(img, label, p0, p1, width, rng, light_dir)
        if rng.random() < 0.7:
            spacing = rng.uniform(0.04, 0.1) * w
            for t in np.arange(rng.uniform(0, spacing), 1.0 * max(h, w), spacing):
                f = t / max(h, w)
                x, y = p0[0] + (p1[0] - p0[0]) * f, p0[1] + (p1[1] - p0[1]) * f
                along = np.array([p1[0] - p0[0], p1[1] - p0[1]], np.float32)
                along /= np.linalg.norm(along) + 1e-6
                across = np.array([-along[1], along[0]]) * width * 1.6
                q0 = (int(x - across[0]), int(y - across[1]))
                q1 = (int(x + across[0]), int(y + across[1]))
                cv2.line(img, q0, q1, (0.03, 0.03, 0.03), max(2, width // 2), cv2.LINE_AA)
                tie = np.zeros((h, w), np.uint8)
                cv2.line(tie, q0, q1, 1, max(2, width // 2))
                label[tie > 0] = BACKGROUND


def tag(img, label, rng, light_dir):
    """A coloured plastic tag with handwriting, hanging from a black post at an image edge."""
    h, w = label.shape
    tw, th = rng.uniform(0.06, 0.14) * w, rng.uniform(0.12, 0.25) * h
    edge = rng.choice([0, 1], p=[0.7, 0.3])
    cx = rng.uniform(0.05, 0.95) * w
    cy = th * 0.5 + rng.uniform(-0.2, 0.3) * th if edge == 0 else h - th * 0.5 - rng.uniform(-0.2, 0.3) * th
    angle = rng.normal(0, 20)
    post_end = (int(cx), 0 if edge == 0 else h - 1)
    post = np.zeros((h, w), np.uint8)
    cv2.line(post, post_end, (int(cx), int(cy)), 1, max(2, int(tw * 0.12)))
    img[post > 0] = jitter_color(rng, (0.04, 0.04, 0.04), 0.3)
    label[post > 0] = BACKGROUND
    lx, ly, _ = light_dir
    box = cv2.boxPoints(((cx, cy), (tw, th), angle)).astype(np.int32)
    sh = np.zeros((h, w), np.float32)
    cv2.fillConvexPoly(sh, box + np.int32([-lx * tw * 0.3, -ly * tw * 0.3]), 1.0)
    img *= (1 - 0.4 * cv2.GaussianBlur(sh, (0, 0), tw * 0.1 + 1))[..., None]
    m = np.zeros((h, w), np.float32)
    cv2.fillConvexPoly(m, box, 1.0, cv2.LINE_AA)
    color = jitter_color(rng, TAG_COLORS[rng.choice(len(TAG_COLORS), p=[0.5, 0.2, 0.1, 0.1, 0.1])], 0.05)
    img += m[..., None] * (color - img)
    label[m > 0.5] = BACKGROUND
    if tw > 8 and th > 8:
        text = np.zeros((int(th), int(tw)), np.uint8)
        letters = "".join(rng.choice(list("ABCDEFGHKLMNOPRSTUVW"), int(rng.integers(3, 8))))
        fs = max(0.2, tw / 60.0)
        cv2.putText(text, letters, (1, int(th * 0.6)), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, fs, 255, max(1, int(fs * 1.5)))
        text = cv2.rotate(text, cv2.ROTATE_90_CLOCKWISE) if th > tw else text
        text = cv2.resize(text, (int(tw), int(th)))
        M = cv2.getRotationMatrix2D((tw / 2, th / 2), -angle, 1.0)
        M[:, 2] += (cx - tw / 2, cy - th / 2)
        ink = cv2.warpAffine(text.astype(np.float32) / 255.0, M, (w, h)) * m
        img += ink[..., None] * (np.array([0.1, 0.25, 0.1]) - img)


def diver_equipment(img, label, rng, light_dir):
    """A hose, a gloved hand or a tool poking in from an edge."""
    h, w = label.shape
    m = np.zeros((h, w), np.float32)
    side = int(rng.integers(4))
    start = [(rng.uniform(0, w), 0), (rng.uniform(0, w), h - 1), (0, rng.uniform(0, h)), (w - 1, rng.uniform(0, h))][side]
    inward = [(0, 1), (0, -1), (1, 0), (-1, 0)][side]
    kind = rng.choice(["hose", "glove", "tool"])
    if kind == "hose":
        length = rng.uniform(0.3, 1.0) * w
        pts = [start]
        d = np.array(inward, np.float32)
        for _ in range(8):
            d = d + rng.normal(0, 0.4, 2)
            d /= np.linalg.norm(d)
            pts.append((pts[-1][0] + d[0] * length / 8, pts[-1][1] + d[1] * length / 8))
        cv2.polylines(m, [np.array(pts, np.int32)], False, 1.0, max(3, int(rng.uniform(0.02, 0.06) * w)), cv2.LINE_AA)
        color = jitter_color(rng, rng.choice([(0.05, 0.05, 0.05), (0.9, 0.8, 0.1), (0.15, 0.15, 0.3)]), 0.1)
    elif kind == "glove":
        r = rng.uniform(0.08, 0.18) * w
        c = (int(start[0] + inward[0] * r * 0.6), int(start[1] + inward[1] * r * 0.6))
        cv2.ellipse(m, c, (int(r), int(r * 0.7)), rng.uniform(0, 180), 0, 360, 1.0, -1, cv2.LINE_AA)
        for k in range(4):
            a = np.arctan2(inward[1], inward[0]) + (k - 1.5) * 0.35
            tip = (int(c[0] + np.cos(a) * r * 1.6), int(c[1] + np.sin(a) * r * 1.6))
            cv2.line(m, c, tip, 1.0, max(2, int(r * 0.28)), cv2.LINE_AA)
        color = jitter_color(rng, (0.06, 0.06, 0.07), 0.3)
    else:
        length = rng.uniform(0.2, 0.5) * w
        end = (int(start[0] + inward[0] * length + rng.normal(0, 0.1) * w),
               int(start[1] + inward[1] * length + rng.normal(0, 0.1) * h))
        cv2.line(m, (int(start[0]), int(start[1])), end, 1.0, max(3, int(0.03 * w)), cv2.LINE_AA)
        color = jitter_color(rng, rng.choice([(0.7, 0.7, 0.7), (0.8, 0.3, 0.1), (0.1, 0.1, 0.1)]), 0.1)
    height = cv2.GaussianBlur(m, (0, 0), 3) * 10
    col = color * shade(height, light_dir, 1.0)[..., None]
    img += m[..., None] * (np.clip(col, 0, 1) - img)
    label[m > 0.5] = BACKGROUND


def render_props(img, label, rng, light_dir):
    """Near-camera clutter drawn over the scene after perspective."""
    if rng.random() < 0.5:
        panel_frame(img, label, rng, light_dir)
    for _ in range(int(rng.choice([0, 0, 0, 1, 1, 2, 3]))):
        tag(img, label, rng, light_dir)
    if rng.random() < 0.05:
        diver_equipment(img, label, rng, light_dir)
