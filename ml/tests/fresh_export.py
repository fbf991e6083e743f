"""A freshly exported MobileUNet for graph tests: the bundled models are already rewritten."""
import torch

from export import export_onnx
from mobile_unet import MobileUNet


def fresh_export(path, seed=0):
    """Exports a 6-class MobileUNet with random weights and BatchNorm statistics, as a trained one
    exports: random, so no two constants are equal and the exporter writes each as an initializer
    of its own instead of sharing one through Identity nodes."""
    torch.manual_seed(seed)
    model = MobileUNet(num_classes=6)
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.weight.uniform_(0.5, 1.5)
                module.bias.uniform_(-0.5, 0.5)
                module.running_mean.uniform_(-0.5, 0.5)
                module.running_var.uniform_(0.5, 1.5)
    export_onnx(model.eval(), path)
