"""Underwater degradations for training (issue 46 §3): the ways real footage goes bad, at the
strengths the robustness benchmark uses (`apps/api/bench/degradations.ts`) and beyond.

The benchmark degrades a photo, then the product resizes it to 800 px; its strengths in pixels of
that 800-px input (the scale the network is trained and run at):

| kind | light | medium | heavy | drawn here |
|---|---|---|---|---|
| turbid: veil share + scattering blur σ | 0.4 + 1.3 | 0.6 + 2.3 | 0.8 + 4.7 | veil 0.15–0.8, σ 0.3–4.7 |
| blur σ | 2.3 | 4.7 | 11 | σ 0.7–7 (log-uniform) |
| dark: light left | 0.45 | 0.25 | 0.10 | 0.08–0.6 (log-uniform), then sensor noise |
| compressed: JPEG quality | 25 | 12 | 4 | 3–35 |

Besides those four, the red absorbed by deep or green water (a colour cast the benchmark's turbid
veil also carries) and sensor noise. One to three kinds per degraded crop; the labels stay as they
were, so the network learns to read through what a person can still read through.
"""
import math

import cv2
import numpy as np
import torch

# The green-grey of turbid coastal water the benchmark veils with, in 0..1 (degradations.ts WATER).
TURBID_WATER = np.array([74, 107, 94], np.float32) / 255


def _u(gen, lo, hi):
    return lo + (hi - lo) * float(torch.rand((), generator=gen))


def _log_u(gen, lo, hi):
    return math.exp(_u(gen, math.log(lo), math.log(hi)))


def _blur(x, sigma):
    return cv2.GaussianBlur(np.ascontiguousarray(x, np.float32), (0, 0), sigma, borderType=cv2.BORDER_REFLECT_101)


def turbid(gen, x):
    """A veil of water (its colour jittered around the benchmark's green-grey) over a scattering blur."""
    x = _blur(x, _u(gen, 0.3, 4.7))
    water = np.clip(TURBID_WATER + (torch.rand(3, generator=gen).numpy() - 0.5) * 0.25, 0, 1)
    veil = _u(gen, 0.15, 0.8)
    return x * (1 - veil) + water * veil


def blur(gen, x):
    return _blur(x, _log_u(gen, 0.7, 7.0))


def dark(gen, x):
    """Too little light: a gain, then the noise a camera adds at that exposure."""
    gain = _log_u(gen, 0.08, 0.6)
    x = x * gain
    return x + _u(gen, 0.0, 0.02) * torch.randn(x.shape, generator=gen).numpy()


def absorbed(gen, x):
    """Water absorbs red first, then green: a blue-green cast."""
    red, green = _u(gen, 0.3, 0.85), _u(gen, 0.75, 1.0)
    return x * np.array([red, green, 1.0], np.float32)


def noisy(gen, x):
    return x + _u(gen, 0.01, 0.06) * torch.randn(x.shape, generator=gen).numpy()


PIXEL_KINDS = (turbid, blur, dark, absorbed, noisy)


def _jpeg(out_u8, quality):
    ok, buf = cv2.imencode(".jpg", np.ascontiguousarray(out_u8[..., ::-1]), [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1]


def degrade(gen, img_u8):
    """One (H,W,3) uint8 tensor -> uint8 tensor with one to three underwater degradations; heavy
    JPEG compression (a diver's camera or an ROV link) is one of the kinds and always comes last."""
    kinds = len(PIXEL_KINDS) + 1
    count = 1 + int(torch.rand((), generator=gen) < 0.4) + int(torch.rand((), generator=gen) < 0.15)
    chosen = sorted(torch.randperm(kinds, generator=gen)[:count].tolist())
    x = img_u8.numpy().astype(np.float32) * np.float32(1 / 255)
    for k in chosen:
        if k < len(PIXEL_KINDS):
            x = PIXEL_KINDS[k](gen, x)
    out = (np.clip(x, 0, 1) * 255 + 0.5).astype(np.uint8)
    if len(PIXEL_KINDS) in chosen:
        out = _jpeg(out, int(torch.randint(3, 36, (), generator=gen)))
    return torch.from_numpy(np.ascontiguousarray(out))
