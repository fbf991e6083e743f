"""MobileNetV2-1.0 in plain torch, laid out exactly like Keras Applications' MobileNetV2.

Module names follow the Keras layer names (`Conv1`, `block_3_depthwise`, ...), so a Keras weight
file maps onto it by name (see `pretrained.py`). Keras specifics that matter for exact outputs:

- stride-2 convolutions are 'valid' after `ZeroPadding2D(((0, 1), (0, 1)))`: one zero row/column
  at the bottom/right only (torch's symmetric padding=1 would shift every map by half a pixel);
- BatchNormalization epsilon 1e-3 (torch's default is 1e-5);
- ReLU6 everywhere, no activation after the `*_project` convolutions (linear bottleneck).

Expects inputs scaled like Keras' `mobilenet_v2.preprocess_input`: x / 127.5 - 1 (in the app's
0..1 manifest units: mean 0.5, std 0.5). The network works at any H, W divisible by 32.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

BN_EPS = 1e-3
BN_MOMENTUM = 0.01            # Keras momentum 0.99
# (expansion, output channels, stride) per block, Keras numbering: expanded_conv is block 0.
BLOCKS = [(1, 16, 1),
          (6, 24, 2), (6, 24, 1),
          (6, 32, 2), (6, 32, 1), (6, 32, 1),
          (6, 64, 2), (6, 64, 1), (6, 64, 1), (6, 64, 1),
          (6, 96, 1), (6, 96, 1), (6, 96, 1),
          (6, 160, 2), (6, 160, 1), (6, 160, 1),
          (6, 320, 1)]
# Index of the last block at each output stride: 2, 4, 8, 16, 32.
STAGE_ENDS = (0, 2, 5, 12, 16)
STAGE_CHANNELS = (16, 24, 32, 96, 320)
# Keras names of the blocks that nsfwjs' authors left frozen (ImageNet weights): Conv1 .. block_10.
IMAGENET_BLOCKS = 11


def block_name(i):
    return "expanded_conv" if i == 0 else f"block_{i}"


def bn(c):
    return nn.BatchNorm2d(c, eps=BN_EPS, momentum=BN_MOMENTUM)


def keras_pad(x):
    """ZeroPadding2D(((0, 1), (0, 1))) before a stride-2 'valid' convolution."""
    return F.pad(x, (0, 1, 0, 1))


class InvertedResidual(nn.Module):
    def __init__(self, cin, expansion, cout, stride):
        super().__init__()
        mid = cin * expansion
        self.stride = stride
        self.expand = None
        if expansion != 1:
            self.expand = nn.Conv2d(cin, mid, 1, bias=False)
            self.expand_BN = bn(mid)
        self.depthwise = nn.Conv2d(mid, mid, 3, stride, 0 if stride == 2 else 1, groups=mid, bias=False)
        self.depthwise_BN = bn(mid)
        self.project = nn.Conv2d(mid, cout, 1, bias=False)
        self.project_BN = bn(cout)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = x
        if self.expand is not None:
            y = F.relu6(self.expand_BN(self.expand(y)))
        if self.stride == 2:
            y = keras_pad(y)
        y = F.relu6(self.depthwise_BN(self.depthwise(y)))
        y = self.project_BN(self.project(y))
        return x + y if self.residual else y


class MobileNetV2(nn.Module):
    """The Keras graph up to `block_16_project_BN` (stride 32, 320 channels); `features` returns the
    outputs at strides 2, 4, 8, 16 and 32. With `top=True` it also has `Conv_1` (1280 channels, ReLU6),
    as Keras' `out_relu`. `num_blocks=14` stops after `block_13` (the first stride-32 block, 160
    channels), which saves about a fifth of the encoder's work at 800 px."""

    def __init__(self, top=False, num_blocks=len(BLOCKS)):
        super().__init__()
        self.Conv1 = nn.Conv2d(3, 32, 3, 2, 0, bias=False)
        self.bn_Conv1 = bn(32)
        self.blocks = nn.ModuleDict()
        cin = 32
        assert num_blocks >= 14 or not top
        for i, (t, c, s) in enumerate(BLOCKS[:num_blocks]):
            self.blocks[block_name(i)] = InvertedResidual(cin, t, c, s)
            cin = c
        self.out_channels = cin
        self.top = top
        if top:
            assert num_blocks == len(BLOCKS)
            self.Conv_1 = nn.Conv2d(320, 1280, 1, bias=False)
            self.Conv_1_bn = bn(1280)

    def features(self, x):
        y = F.relu6(self.bn_Conv1(self.Conv1(keras_pad(x))))
        out = []
        for i, block in enumerate(self.blocks.values()):
            y = block(y)
            if i in STAGE_ENDS:
                out.append(y)
        if len(out) < len(STAGE_ENDS):
            out.append(y)
        return out

    def forward(self, x):
        y = self.features(x)[-1]
        if self.top:
            y = F.relu6(self.Conv_1_bn(self.Conv_1(y)))
        return y


class NsfwjsHead(nn.Module):
    """nsfwjs' head on `out_relu`: AveragePooling2D(7) (global at 224 px), Dense 256 ReLU, Dense 128
    ReLU, Dense 5 softmax (dropout is inactive at inference)."""

    def __init__(self):
        super().__init__()
        self.dense_1 = nn.Linear(1280, 256)
        self.dense_2 = nn.Linear(256, 128)
        self.dense_3 = nn.Linear(128, 5)

    def forward(self, y):
        y = F.avg_pool2d(y, 7).flatten(1)
        y = F.relu(self.dense_1(y))
        y = F.relu(self.dense_2(y))
        return self.dense_3(y).softmax(1)


class NsfwjsClassifier(nn.Module):
    """The whole nsfwjs MobileNetV2 model (for the conversion test)."""

    def __init__(self):
        super().__init__()
        self.backbone = MobileNetV2(top=True)
        self.head = NsfwjsHead()

    def forward(self, x):
        return self.head(self.backbone(x))
