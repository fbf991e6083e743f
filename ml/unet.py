"""Small U-Net with depthwise-separable convolutions (MobileNet-style), total stride 32.

Works at any H, W divisible by 32. Output logits have the input's H and W.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

ENCODER_CHANNELS = (16, 32, 64, 128, 192)  # at strides 2, 4, 8, 16, 32
DECODER_CHANNELS = (96, 64, 32, 24)       # at strides 16, 8, 4, 2


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
    def __init__(self, num_classes, enc=ENCODER_CHANNELS, dec=DECODER_CHANNELS, blocks=(1, 2, 3, 3, 3)):
        super().__init__()
        self.stem = ConvBNAct(3, enc[0], 3, 2)
        self.enc = nn.ModuleList()
        cin = enc[0]
        for i, (c, b) in enumerate(zip(enc, blocks)):
            self.enc.append(Stage(cin, c, b, 1 if i == 0 else 2))
            cin = c
        self.dec = nn.ModuleList()
        for skip, c in zip(reversed(enc[:-1]), dec):
            self.dec.append(nn.Sequential(SeparableBlock(cin + skip, c), SeparableBlock(c, c)))
            cin = c
        self.head = nn.Conv2d(cin, num_classes, 1)

    def forward(self, x):
        h, w = x.shape[-2:]
        skips = []
        y = self.stem(x)
        for stage in self.enc:
            y = stage(y)
            skips.append(y)
        for block, skip in zip(self.dec, reversed(skips[:-1])):
            y = F.interpolate(y, size=skip.shape[-2:], mode="bilinear", align_corners=False)
            y = block(torch.cat([y, skip], 1))
        return F.interpolate(self.head(y), size=(h, w), mode="bilinear", align_corners=False)


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
