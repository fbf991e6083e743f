"""Sim-to-real training augmentation (issue 19): a wider scale range and strong photometric changes.

All randomness comes from one torch.Generator, so a batch is a pure function of the generator's
state (training stays deterministic given --seed).

- Scale: each sample is cut at a random size and resized to the crop, zooming in up to `max_zoom`
  (fouling up to that many times larger in pixels than the generator draws it: real photos show it
  larger, see reports/data_note.md) and out to `min_zoom`.
- Photometric, on 0..1 RGB: white balance (per-channel gains), a colour cast toward a random
  colour, brightness / contrast / gamma, desaturation, haze (a veil that may grow across the
  image), Gaussian blur, Gaussian noise, JPEG re-encoding at a random quality.
"""
import math

import cv2
import numpy as np
import torch
import torch.nn.functional as F


def _u(gen, lo, hi, n=()):
    return lo + (hi - lo) * torch.rand(n, generator=gen)


def _p(gen, p):
    return bool(torch.rand((), generator=gen) < p)


def scaled_crop(gen, image, mask, crop, min_zoom, max_zoom, p_zoom):
    """image (H,W,3) uint8 tensor, mask (H,W) -> a crop x crop view at a random zoom."""
    h, w = mask.shape
    zoom = 1.0
    if _p(gen, p_zoom):
        lo = max(min_zoom, crop / min(h, w))       # zooming out is bounded by the sample size
        zoom = math.exp(float(_u(gen, math.log(lo), math.log(max_zoom))))
    src = max(8, min(h, w, round(crop / zoom)))
    y = int(torch.randint(0, h - src + 1, (), generator=gen))
    x = int(torch.randint(0, w - src + 1, (), generator=gen))
    img = image[y:y + src, x:x + src]
    lab = mask[y:y + src, x:x + src]
    if src != crop:
        img = F.interpolate(img.permute(2, 0, 1)[None].float(), size=(crop, crop), mode="bilinear",
                            align_corners=False, antialias=src > crop)[0].permute(1, 2, 0).round().clamp(0, 255).to(torch.uint8)
        lab = F.interpolate(lab[None, None].float(), size=(crop, crop), mode="nearest")[0, 0].to(mask.dtype)
    return img, lab


def photometric(gen, img_u8, strength=1.0):
    """One (H,W,3) uint8 tensor -> uint8 tensor with random photometric changes.

    numpy/OpenCV on one thread: torch's per-op threading costs more than the arithmetic here."""
    x = img_u8.numpy().astype(np.float32) * np.float32(1 / 255)   # (H,W,3)
    s = strength
    if _p(gen, 0.8 * s):                                 # white balance
        x *= torch.exp(_u(gen, -0.35, 0.35, (3,))).numpy()
    if _p(gen, 0.5 * s):                                 # colour cast toward a random colour
        colour = _u(gen, 0.0, 1.0, (3,)).numpy()
        a = np.float32(_u(gen, 0.05, 0.35))
        x = x * (1 - a) + colour * (a * x.mean())
    if _p(gen, 0.8 * s):                                 # brightness, contrast, gamma
        x *= np.float32(math.exp(float(_u(gen, -0.7, 0.4))))
        m = x.mean()
        x = (x - m) * np.float32(math.exp(float(_u(gen, -0.7, 0.4)))) + m
        x = np.clip(x, 0, 1) ** np.float32(math.exp(float(_u(gen, -0.4, 0.4))))
    if _p(gen, 0.2 * s):                                 # desaturation
        g = x.mean(2, keepdims=True)
        a = np.float32(_u(gen, 0.3, 1.0))
        x = x * (1 - a) + g * a
    if _p(gen, 0.4 * s):                                 # haze: a veil, uniform or growing across the image
        veil = _u(gen, 0.1, 0.8, (3,)).numpy()
        h = np.float32(_u(gen, 0.1, 0.6))
        hh, ww = x.shape[:2]
        if _p(gen, 0.5):
            angle = float(_u(gen, 0, 2 * math.pi))
            yy = np.linspace(-1, 1, hh, dtype=np.float32).reshape(hh, 1)
            xx = np.linspace(-1, 1, ww, dtype=np.float32).reshape(1, ww)
            h = (h * np.clip((math.cos(angle) * xx + math.sin(angle) * yy) * 0.5 + 0.5, 0, 1))[..., None]
        x = x * (1 - h) + veil * h
    if _p(gen, 0.4 * s):                                 # blur
        x = cv2.GaussianBlur(np.ascontiguousarray(x, np.float32), (0, 0), float(_u(gen, 0.4, 2.2)),
                             borderType=cv2.BORDER_REFLECT_101)
    if _p(gen, 0.5 * s):                                 # noise
        sigma = float(_u(gen, 0.005, 0.06))
        x = x + sigma * torch.randn(x.shape, generator=gen).numpy()
    out = (np.clip(x, 0, 1) * 255 + 0.5).astype(np.uint8)
    if _p(gen, 0.4 * s):                                 # JPEG re-encoding
        q = int(torch.randint(15, 91, (), generator=gen))
        ok, buf = cv2.imencode(".jpg", np.ascontiguousarray(out[..., ::-1]), [cv2.IMWRITE_JPEG_QUALITY, q])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1]
    return torch.from_numpy(np.ascontiguousarray(out))


def augment_sample(gen, image, mask, crop, min_zoom=0.8, max_zoom=2.5, p_zoom=0.75, strength=1.0):
    """One sample: a scaled crop, photometric changes and a random flip / transpose."""
    img, lab = scaled_crop(gen, image, mask, crop, min_zoom, max_zoom, p_zoom)
    img = photometric(gen, img, strength)
    flips = torch.randint(0, 2, (3,), generator=gen)
    if flips[0]:
        img, lab = img.flip(1), lab.flip(1)
    if flips[1]:
        img, lab = img.flip(0), lab.flip(0)
    if flips[2]:
        img, lab = img.transpose(0, 1), lab.transpose(0, 1)
    return img.contiguous(), lab.contiguous()


def sim2real_batch(gen, images, masks, batch, crop, min_zoom=0.8, max_zoom=2.5, p_zoom=0.75, strength=1.0):
    """Like train.random_batch (uint8 images, labels), with scale and photometric augmentation."""
    n = masks.shape[0]
    idx = torch.randint(0, n, (batch,), generator=gen)
    pairs = [augment_sample(gen, images[i], masks[i], crop, min_zoom, max_zoom, p_zoom, strength)
             for i in idx.tolist()]
    return torch.stack([p[0] for p in pairs]), torch.stack([p[1] for p in pairs])
