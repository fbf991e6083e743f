"""The canvas every material paints on: colour, exact label and the surface that can foul."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Surface:
    rgb: np.ndarray          # (H, W, 3) float32, linear-ish 0..1
    label: np.ndarray        # (H, W) uint8 Evo class index
    foulable: np.ndarray     # (H, W) bool, structure that organisms can settle on
    px_per_cm: float         # image scale: how many pixels one centimetre of hull spans
    light_dir: tuple         # (x, y, z) unit vector used for shading relief
    rng: np.random.Generator
    turf: bool = False       # heavy mats are drawn as algal turf (slime.algal_turf); see scene.generate

    @property
    def h(self):
        return self.label.shape[0]

    @property
    def w(self):
        return self.label.shape[1]

    def cm(self, value):
        """Centimetres to pixels at this surface's scale."""
        return float(value) * self.px_per_cm

    def paint(self, alpha, color, label=None, min_alpha=0.5, only_foulable=False):
        """Blend `color` (RGB or (H,W,3) image) with per-pixel `alpha`; label where alpha >= min_alpha."""
        a = np.clip(alpha, 0.0, 1.0).astype(np.float32)
        if only_foulable:
            a = a * self.foulable
        color = np.asarray(color, np.float32)
        self.rgb += a[..., None] * (color - self.rgb)
        if label is not None:
            self.label[a >= min_alpha] = label

    def paint_at(self, cy, cx, alpha, color, label=None, min_alpha=0.5, only_foulable=True):
        """Like paint, for a small sprite centred at (cy, cx); clipped to the canvas."""
        ph, pw = alpha.shape
        y0, x0 = int(round(cy)) - ph // 2, int(round(cx)) - pw // 2
        ys, xs = max(0, y0), max(0, x0)
        ye, xe = min(self.h, y0 + ph), min(self.w, x0 + pw)
        if ye <= ys or xe <= xs:
            return
        a = np.clip(alpha[ys - y0:ye - y0, xs - x0:xe - x0], 0.0, 1.0).astype(np.float32)
        if only_foulable:
            a = a * self.foulable[ys:ye, xs:xe]
        color = np.asarray(color, np.float32)
        if color.ndim == 3:
            color = color[ys - y0:ye - y0, xs - x0:xe - x0]
        region = self.rgb[ys:ye, xs:xe]
        region += a[..., None] * (color - region)
        if label is not None:
            self.label[ys:ye, xs:xe][a >= min_alpha] = label

    def darken(self, factor):
        """Multiply colour by a (H, W) factor, e.g. shadows; labels are unchanged."""
        self.rgb *= np.asarray(factor, np.float32)[..., None]
