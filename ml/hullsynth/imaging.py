"""Imaging effects: camera geometry, light, water, particles, optics, sensor and compression.

Geometric effects transform image and label together (nearest-neighbour for labels); photometric
effects leave labels unchanged.
"""
import cv2
import numpy as np

from .noise import disc_kernel, fbm, jitter_color, log_uniform

VEIL_COLORS = [(0.10, 0.35, 0.35), (0.12, 0.40, 0.28), (0.08, 0.22, 0.35), (0.25, 0.35, 0.20), (0.20, 0.28, 0.25)]


def perspective(rng, h, w, strength):
    """Homography of a camera tilted away from perpendicular; strength 0 keeps the view square-on."""
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    jitter = rng.uniform(-1, 1, (4, 2)) * strength * 0.12 * np.float32([w, h])
    tilt = rng.uniform(-1, 1, 2) * strength * 0.35
    keystone = np.float32([[tilt[0] * w, tilt[1] * h], [-tilt[0] * w, -tilt[1] * h],
                           [tilt[0] * w, -tilt[1] * h], [-tilt[0] * w, tilt[1] * h]])
    keystone *= np.float32([[1, 0], [1, 0], [0, 1], [0, 1]]) if rng.random() < 0.5 else np.float32([[0, 1], [0, 1], [1, 0], [1, 0]])
    dst = src + jitter + keystone
    return cv2.getPerspectiveTransform(src, dst.astype(np.float32))


def warp(rgb, label, matrix, out_hw):
    """Apply a homography; borders mirror the surface so image and label stay consistent."""
    h, w = out_hw
    rgb = cv2.warpPerspective(rgb, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    label = cv2.warpPerspective(label, matrix, (w, h), flags=cv2.INTER_NEAREST, borderMode=cv2.BORDER_REFLECT)
    return rgb, label


def uneven_light(rng, img, strength):
    """Strobe/torch hot-spot, fall-off and lens vignetting."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cy, cx = rng.uniform(0.1, 0.9) * h, rng.uniform(0.1, 0.9) * w
    sigma = rng.uniform(0.3, 1.2) * max(h, w)
    spot = np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / (2 * sigma * sigma))
    r2 = ((yy - h / 2) / (h / 2)) ** 2 + ((xx - w / 2) / (w / 2)) ** 2
    vignette = 1 - rng.uniform(0, 0.45) * np.clip(r2 / 2, 0, 1)
    light = (1 - strength) + strength * spot
    light = light * vignette * (1 + 0.06 * fbm(rng, h, w, w * 0.3, 2))
    return img * light[..., None]


def water(rng, img, distance_m, turbidity):
    """Wavelength-dependent absorption (red first) and back-scattered veil: I = J*t + B*(1-t)."""
    beta = np.array([0.45, 0.12, 0.09], np.float32) * rng.uniform(0.6, 1.6) + turbidity * 0.6
    t = np.exp(-beta[None, None, :] * distance_m[..., None])
    veil = jitter_color(rng, VEIL_COLORS[rng.integers(len(VEIL_COLORS))], 0.15) * rng.uniform(0.5, 1.3)
    return img * t + veil[None, None] * (1 - t)


def haze(rng, img, amount):
    """Forward scattering: a blurred copy of the image mixed in lowers contrast."""
    if amount <= 0:
        return img
    sigma = max(1.0, img.shape[1] * rng.uniform(0.01, 0.04))
    return img * (1 - amount) + cv2.GaussianBlur(img, (0, 0), sigma) * amount


def marine_snow(rng, img, density):
    """Bright suspended particles: sharp specks near focus, soft discs in front of it."""
    h, w = img.shape[:2]
    layer = np.zeros((h, w), np.float32)
    n = int(density * h * w / 1000)
    for _ in range(n):
        x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        r = rng.choice([0, 1, 1, 2, 3, 5, 8], p=[0.3, 0.3, 0.15, 0.1, 0.08, 0.05, 0.02])
        cv2.circle(layer, (x, y), int(r), float(rng.uniform(0.1, 0.6)) / (1 + r * 0.3), -1, cv2.LINE_AA)
    layer = cv2.GaussianBlur(layer, (0, 0), rng.uniform(0.5, 1.5))
    tint = np.array([0.85, 1.0, 0.95], np.float32)
    return img + layer[..., None] * tint


def bubbles(rng, img, count):
    """Air bubbles stuck to the surface: transparent discs with a bright rim and highlight."""
    h, w = img.shape[:2]
    ring = np.zeros((h, w), np.float32)
    glint = np.zeros((h, w), np.float32)
    cx0, cy0 = rng.uniform(0, w), rng.uniform(0, h)
    for _ in range(count):
        x, y = int(cx0 + rng.normal(0, w * 0.2)), int(cy0 + rng.normal(0, h * 0.2))
        r = max(2, int(rng.lognormal(np.log(0.01 * w), 0.5)))
        cv2.circle(ring, (x, y), r, 1.0, max(1, r // 4), cv2.LINE_AA)
        cv2.circle(glint, (x - r // 3, y - r // 3), max(1, r // 4), 1.0, -1, cv2.LINE_AA)
    ring = cv2.GaussianBlur(ring, (0, 0), 0.7)
    return img * (1 - 0.25 * ring[..., None]) + 0.35 * ring[..., None] + 0.6 * glint[..., None]


def timestamp(rng, img):
    """Camera date/time burnt into a corner of the uint8 image, as on the real samples (label unchanged)."""
    h, w = img.shape[:2]
    txt = f"{rng.integers(1, 29):02d}/{rng.integers(1, 13):02d}/20{rng.integers(10, 25)} " \
          f"{rng.integers(0, 24):02d}:{rng.integers(0, 60):02d}"
    scale = w / 900 * rng.uniform(0.8, 1.3)
    pos = (int(w * rng.uniform(0.55, 0.72)), int(h * rng.uniform(0.93, 0.98)))
    color = tuple(int(c * 255) for c in jitter_color(rng, (1.0, 1.0, 0.75), 0.05))
    cv2.putText(img, txt, pos, cv2.FONT_HERSHEY_SIMPLEX, scale, color, max(1, int(scale * 1.6)), cv2.LINE_AA)
    return img


def blur(rng, img):
    roll = rng.random()
    if roll < 0.2:
        length = int(rng.integers(3, 10))
        k = np.zeros((length, length), np.float32)
        k[length // 2, :] = 1.0 / length
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0)
        k = cv2.warpAffine(k, rot, (length, length))
        return cv2.filter2D(img, -1, k / max(k.sum(), 1e-6))
    if roll < 0.4:
        return cv2.filter2D(img, -1, disc_kernel(rng.uniform(1, 2.5)))
    if roll < 0.6:
        return cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.0))
    return img


def camera(rng, img):
    """Auto-exposure, white balance error, contrast, saturation and gamma of the camera pipeline."""
    luma = img.mean(axis=2)
    bright = float(np.quantile(luma, 0.9)) + 1e-3
    img = img * np.clip(rng.uniform(0.45, 0.85) / bright, 0.6, 3.0)
    img = img * jitter_color(rng, (1.0, 1.0, 1.0), 0.1) * rng.uniform(0.85, 1.15)
    mean = img.mean(axis=2, keepdims=True)
    img = mean + (img - mean) * rng.uniform(0.7, 1.4)
    img = np.clip(img, 0, 1) ** rng.uniform(0.75, 1.2)
    contrast = rng.uniform(0.8, 1.25)
    return (img - 0.5) * contrast + 0.5 + rng.normal(0, 0.03)


def photograph(rng, img):
    """The camera's own steps, shared by every scene: lens blur, camera response, sensor noise, 8 bits."""
    img = sensor_noise(rng, camera(rng, blur(rng, img)))
    return (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)


def through_water(rng, img, distance_m):
    """An underwater subject photographed: water between it and the camera (absorption and veil,
    marine snow, haze), then the camera's steps, a date stamp sometimes, and JPEG. Every underwater
    scene ends this way, drawing in this order."""
    img = water(rng, img, distance_m, rng.uniform(0, 0.6))
    if rng.random() < 0.6:
        img = marine_snow(rng, img, log_uniform(rng, 0.05, 3.0))
    img = haze(rng, img, rng.uniform(0, 0.4) if rng.random() < 0.5 else 0.0)
    out = photograph(rng, img)
    if rng.random() < 0.3:
        out = timestamp(rng, out)
    if rng.random() < 0.85:
        out = jpeg(rng, out)
    return out


def sensor_noise(rng, img):
    sigma = rng.uniform(0.003, 0.035)
    noise = rng.standard_normal(img.shape).astype(np.float32) * sigma
    shot = np.sqrt(np.clip(img, 0, 1)) * rng.standard_normal(img.shape).astype(np.float32) * sigma * 0.5
    return img + noise + shot


def jpeg(rng, img_u8):
    quality = int(rng.integers(35, 96))
    ok, buf = cv2.imencode(".jpg", img_u8[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()
