"""U-Net on an ImageNet-initialised MobileNetV2-1.0 encoder (issue 19), plain torch, total stride 32.

Encoder: `mobilenet_v2.MobileNetV2` up to `block_13` (stride 32, 160 channels; see `ENCODER_BLOCKS`), started
from the Keras Applications ImageNet weights in nsfwjs (`python -m pretrained`). Inputs are scaled
as Keras' MobileNetV2 expects, x / 127.5 - 1 (manifest mean 0.5, std 0.5 in 0..1 units).

Decoder: skips at strides 16, 8, 4 and 2 (the encoder's block outputs: 96, 32, 24, 16 channels).
At strides 16, 8 and 4 the upsampled decoder map and the skip are concatenated and mixed by one
depthwise-separable block (as in `unet.py`), narrowing as the maps grow. An image-wide mean feature
is added at stride 32 (global context, as in `unet.py`). The stride-2 skip is joined cheaply: the
stride-4 logits upsampled x2 and the 16 stride-2 encoder channels go through two 1x1 convolutions
(16 channels, then the classes) whose output corrects those logits (its last layer starts at zero).
On this 2-core CPU, time goes into wide high-resolution maps: MobileNetV2's own stride-2/4 layers
already cost more than the whole 1.x network at 800 px, and a separable decoder block at stride 2
(48 channels in, 16 out) added another ~0.6x of it (measured, 2026-11-24); the 1x1 pair costs a
fraction of that. Logits come out at stride 2 and are upsampled bilinearly x2.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

from mobilenet_v2 import IMAGENET_BLOCKS, STAGE_CHANNELS, MobileNetV2, block_name
from unet import ConvBNAct, SeparableBlock

TOP_CHANNELS = 128                    # stride 32, after a 1x1 from the encoder's last block
DECODER_CHANNELS = (96, 64, 32)       # at strides 16, 8, 4
FINE_CHANNELS = 16                    # stride 2: 1x1 on [upsampled logits, encoder skip]
ENCODER_BLOCKS = 14                   # up to block_13 (stride 32, 160 channels), see __init__


class MobileUNet(nn.Module):
    def __init__(self, num_classes, dec=DECODER_CHANNELS, top=TOP_CHANNELS, encoder_blocks=ENCODER_BLOCKS):
        """`encoder_blocks=14` stops the encoder after block_13: blocks 14..16 (stride 32) are about a
        fifth of MobileNetV2's work at 800 px and were fine-tuned by nsfwjs for its own task anyway."""
        super().__init__()
        self.encoder = MobileNetV2(top=False, num_blocks=encoder_blocks)
        self.top = ConvBNAct(self.encoder.out_channels, top, 1)
        self.context = ConvBNAct(top, top, 1)
        self.dec = nn.ModuleList()
        cin = top
        for skip, c in zip(reversed(STAGE_CHANNELS[1:-1]), dec):
            self.dec.append(SeparableBlock(cin + skip, c))
            cin = c
        self.head = nn.Conv2d(cin, num_classes, 1)
        self.fine = ConvBNAct(num_classes + STAGE_CHANNELS[0], FINE_CHANNELS, 1)
        self.fine_head = nn.Conv2d(FINE_CHANNELS, num_classes, 1)
        nn.init.zeros_(self.fine_head.weight)
        nn.init.zeros_(self.fine_head.bias)

    def forward(self, x):
        h, w = x.shape[-2:]
        feats = self.encoder.features(x)
        y = self.top(feats[-1])
        y = y + self.context(y.mean((2, 3), keepdim=True))
        for block, skip in zip(self.dec, reversed(feats[1:-1])):
            y = F.interpolate(y, size=skip.shape[-2:], mode="bilinear", align_corners=False)
            y = block(torch.cat([y, skip], 1))
        logits = F.interpolate(self.head(y), size=feats[0].shape[-2:], mode="bilinear", align_corners=False)
        logits = logits + self.fine_head(self.fine(torch.cat([logits, feats[0]], 1)))
        return F.interpolate(logits, size=(h, w), mode="bilinear", align_corners=False)

    def load_pretrained(self, encoder_state, reinit_from=None):
        """Encoder weights from `pretrained.load_encoder_state()`. With `reinit_from=k`, blocks k and
        later keep their fresh initialisation (nsfwjs fine-tuned blocks 11.. for its own task)."""
        state = dict(encoder_state)
        if reinit_from is not None:
            drop = tuple(f"blocks.{block_name(i)}." for i in range(reinit_from, 17))
            state = {k: v for k, v in state.items() if not k.startswith(drop)}
        own = self.encoder.state_dict()
        state = {k: v for k, v in state.items() if k in own}
        missing, unexpected = self.encoder.load_state_dict(state, strict=False)
        assert not unexpected, unexpected
        return missing

    def encoder_parameters(self):
        return list(self.encoder.parameters())

    def decoder_parameters(self):
        enc = {id(p) for p in self.encoder.parameters()}
        return [p for p in self.parameters() if id(p) not in enc]


__all__ = ["MobileUNet", "IMAGENET_BLOCKS"]
