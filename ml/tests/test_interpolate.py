"""interpolate.py: the blend of two checkpoints is exact at both ends, linear between, and refuses
checkpoints of different networks."""
import tempfile
import unittest
from pathlib import Path

import torch

from interpolate import interpolate_checkpoints, interpolate_states, main
from mobile_unet import MobileUNet


def checkpoint(seed, model_id="evo", classes=6):
    torch.manual_seed(seed)
    net = MobileUNet(classes)
    for p in net.parameters():
        p.data.normal_()
    for name, buf in net.named_buffers():
        if buf.is_floating_point():
            buf.uniform_(0.5, 2.0)
        else:
            buf.fill_(seed)
    return {"model_id": model_id, "arch": "mobile-unet", "config": {}, "refine": False,
            "state_dict": net.state_dict(), "step": seed, "variant": f"{model_id}-u0-m1"}


class Interpolate(unittest.TestCase):
    def setUp(self):
        self.start, self.tuned = checkpoint(1), checkpoint(2)

    def test_the_ends_are_the_two_checkpoints(self):
        for alpha, expected in ((0.0, self.start), (1.0, self.tuned)):
            blended = interpolate_states(self.start["state_dict"], self.tuned["state_dict"], alpha)
            for key, value in blended.items():
                if value.is_floating_point():
                    torch.testing.assert_close(value, expected["state_dict"][key], rtol=0, atol=1e-6)

    def test_between_the_ends_each_weight_is_on_the_line(self):
        blended = interpolate_states(self.start["state_dict"], self.tuned["state_dict"], 0.25)
        key = "head.weight"
        expected = 0.75 * self.start["state_dict"][key] + 0.25 * self.tuned["state_dict"][key]
        torch.testing.assert_close(blended[key], expected)
        var_key = next(k for k in blended if k.endswith("running_var"))
        expected_var = 0.75 * self.start["state_dict"][var_key] + 0.25 * self.tuned["state_dict"][var_key]
        torch.testing.assert_close(blended[var_key], expected_var)

    def test_batch_counters_come_from_the_tuned_checkpoint(self):
        blended = interpolate_states(self.start["state_dict"], self.tuned["state_dict"], 0.5)
        counters = [k for k in blended if k.endswith("num_batches_tracked")]
        self.assertTrue(counters)
        for key in counters:
            self.assertEqual(int(blended[key]), 2)

    def test_the_blend_loads_into_the_network_and_records_its_sources(self):
        blended = interpolate_checkpoints(self.start, self.tuned, 0.5)
        net = MobileUNet(6)
        net.load_state_dict(blended["state_dict"])
        self.assertEqual(blended["interpolated"], {"alpha": 0.5, "start_step": 1, "tuned_step": 2,
                                                   "start_variant": "evo-u0-m1", "tuned_variant": "evo-u0-m1"})
        self.assertEqual(blended["model_id"], "evo")

    def test_a_snapshot_bundle_is_refused_with_a_hint(self):
        bundle = {"evo-u0-m1": self.tuned}
        with self.assertRaisesRegex(ValueError, "train_device --extract"):
            interpolate_checkpoints(self.start, bundle, 0.5)

    def test_checkpoints_of_different_models_are_refused(self):
        with self.assertRaisesRegex(ValueError, "model_id"):
            interpolate_checkpoints(self.start, checkpoint(3, "base", 5), 0.5)
        base_state = checkpoint(3, "base", 5)["state_dict"]
        with self.assertRaisesRegex(ValueError, "head.weight"):
            interpolate_states(self.start["state_dict"], base_state, 0.5)

    def test_the_command_writes_a_checkpoint_and_rejects_alpha_outside_0_1(self):
        with tempfile.TemporaryDirectory() as tmp:
            a, b, out = (Path(tmp) / n for n in ("a.pt", "b.pt", "out.pt"))
            torch.save(self.start, a)
            torch.save(self.tuned, b)
            main(["--start", str(a), "--tuned", str(b), "--alpha", "0.5", "--out", str(out)])
            self.assertEqual(torch.load(out)["interpolated"]["alpha"], 0.5)
            with self.assertRaises(SystemExit):
                main(["--start", str(a), "--tuned", str(b), "--alpha", "1.5", "--out", str(out)])


if __name__ == "__main__":
    unittest.main()
