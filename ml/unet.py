"""Small U-Net with depthwise-separable convolutions (MobileNet-style), total stride 32.

Works at any H, W divisible by 32. Output logits have the input's H and W.

The stem goes straight to stride 4 and the decoder stops there (logits are upsampled bilinearly x4):
on a 2-core CPU most of the time of a full-resolution U-Net goes into moving thin, high-resolution
feature maps, so spending it on wider, deeper low-resolution stages and a global-context branch
trains about twice as many steps per hour and sees more context per pixel. Fouling classes are
told apart by texture over centimetres, not by single pixels; very thin strands lose a little.

With `refine=True` a thin stage at stride 2 (the stem's first features joined with the stride-4
decoder output, narrowed first: wide maps at stride 2 more than doubled a training step) adds a
correction to the logits. Its head starts at zero, so a network grown from a checkpoint without it
begins exactly where that checkpoint ended; it exists because label edges hold almost half of the
stride-4 network's errors (see reports/data_note.md).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

STEM_CHANNELS = 24                         # at stride 2
ENCODER_CHANNELS = (32, 64, 128, 224)      # at strides 4, 8, 16, 32
ENCODER_BLOCKS = (2, 3, 4, 3)
DECODER_CHANNELS = (128, 64, 48)           # at strides 16, 8, 4
REFINE_INPUT_CHANNELS = 16                 # decoder output narrowed before going to stride 2
REFINE_CHANNELS = 24                       # at stride 2, only with refine=True


class ConvBNAct(nn.Sequential):
    def __init__(self, cin, cout, k=3, stride=1, groups=1):
        super().__init__(nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU6(inplace=True))


class SeparableBlock(nn.Module):
    """Depthwise 3x3 (optionally strided) then pointwise 1x1, with a residual when shapes match."""

    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.dw = ConvBNAct(cin, cin, 3, stride, groups=cin)
        self.pw = ConvBNAct(cin, cout, 1)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.pw(self.dw(x))
        return x + y if self.residual else y


class Stage(nn.Sequential):
    def __init__(self, cin, cout, blocks, stride):
        layers = [SeparableBlock(cin, cout, stride)] + [SeparableBlock(cout, cout) for _ in range(blocks - 1)]
        super().__init__(*layers)


class UNet(nn.Module):
    def __init__(self, num_classes, enc=ENCODER_CHANNELS, dec=DECODER_CHANNELS, blocks=ENCODER_BLOCKS,
                 refine=False):
        super().__init__()
        self.stem = nn.Sequential(ConvBNAct(3, STEM_CHANNELS, 3, 2), SeparableBlock(STEM_CHANNELS, enc[0], 2))
        self.enc = nn.ModuleList()
        cin = enc[0]
        for i, (c, b) in enumerate(zip(enc, blocks)):
            self.enc.append(Stage(cin, c, b, 1 if i == 0 else 2))
            cin = c
        # Global context: the image-wide mean feature, mixed and added back at stride 32.
        self.context = ConvBNAct(cin, cin, 1)
        self.dec = nn.ModuleList()
        for skip, c in zip(reversed(enc[:-1]), dec):
            self.dec.append(nn.Sequential(SeparableBlock(cin + skip, c), SeparableBlock(c, c)))
            cin = c
        self.head = nn.Conv2d(cin, num_classes, 1)
        self.refine = None
        if refine:
            self.refine_input = ConvBNAct(cin, REFINE_INPUT_CHANNELS, 1)
            self.refine = nn.Sequential(SeparableBlock(REFINE_INPUT_CHANNELS + STEM_CHANNELS, REFINE_CHANNELS),
                                        SeparableBlock(REFINE_CHANNELS, REFINE_CHANNELS))
            self.refine_head = nn.Conv2d(REFINE_CHANNELS, num_classes, 1)
            nn.init.zeros_(self.refine_head.weight)
            nn.init.zeros_(self.refine_head.bias)

    def forward(self, x):
        h, w = x.shape[-2:]
        skips = []
        half = self.stem[0](x)
        y = self.stem[1](half)
        for stage in self.enc:
            y = stage(y)
            skips.append(y)
        y = y + self.context(y.mean((2, 3), keepdim=True))
        for block, skip in zip(self.dec, reversed(skips[:-1])):
            y = F.interpolate(y, size=skip.shape[-2:], mode="bilinear", align_corners=False)
            y = block(torch.cat([y, skip], 1))
        logits = F.interpolate(self.head(y), size=(h, w), mode="bilinear", align_corners=False)
        if self.refine is not None:
            up = F.interpolate(self.refine_input(y), size=half.shape[-2:], mode="bilinear", align_corners=False)
            correction = self.refine_head(self.refine(torch.cat([up, half], 1)))
            logits = logits + F.interpolate(correction, size=(h, w), mode="bilinear", align_corners=False)
        return logits


def count_params(model):
    return sum(p.numel() for p in model.parameters())


def count_flops(model, h, w):
    """Multiply-accumulates of convolutions (the bulk of the work) at input size h x w, times 2 = FLOPs."""
    macs = []

    def hook(mod, inp, out):
        k = mod.kernel_size[0] * mod.kernel_size[1]
        macs.append(out.numel() * (mod.in_channels // mod.groups) * k)

    handles = [m.register_forward_hook(hook) for m in model.modules() if isinstance(m, nn.Conv2d)]
    model.eval()
    with torch.no_grad():
        model(torch.zeros(1, 3, h, w))
    for hd in handles:
        hd.remove()
    return 2 * sum(macs)
