"""Shared settings of training, export and evaluation."""
import numpy as np
import torch

MEAN = [0.485, 0.456, 0.406]
STD = [0.229, 0.224, 0.225]
STRIDE = 32
# Input normalisation per architecture, in the manifest's 0..1 units: (x/255 - mean) / std.
# "unet" (1.x, from scratch): ImageNet statistics. "mobile-unet" (2.x): Keras MobileNetV2's
# preprocess_input, x / 127.5 - 1.
NORMALISATION = {"unet": (MEAN, STD), "mobile-unet": ([0.5, 0.5, 0.5], [0.5, 0.5, 0.5])}


def normalise(images_u8, arch="unet"):
    """uint8 (N,H,W,3) RGB numpy or tensor -> float32 NCHW tensor, (x/255 - mean) / std."""
    mean_, std_ = NORMALISATION[arch]
    x = torch.as_tensor(images_u8).permute(0, 3, 1, 2).float().div_(255.0)
    mean = torch.tensor(mean_).view(1, 3, 1, 1)
    std = torch.tensor(std_).view(1, 3, 1, 1)
    return (x - mean) / std


def pad_to_stride(img, stride=STRIDE):
    """Pad an (H,W,3) image at the bottom/right with edge values to a multiple of `stride`."""
    h, w = img.shape[:2]
    ph, pw = (-h) % stride, (-w) % stride
    return np.pad(img, ((0, ph), (0, pw), (0, 0)), mode="edge"), (h, w)
