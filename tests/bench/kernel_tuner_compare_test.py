#!/usr/bin/env python3
"""bench/kernel_tuner_compare.py's judging, without a GPU or Kernel Tuner: the time at the quality
bar (9 of 10 runs within 3%), the upper median, each Kernel Tuner run's limits, and the refusal
to derive a limit from a tiletune side that missed the bar.

usage: kernel_tuner_compare_test.py PATH_TO/kernel_tuner_compare.py
"""

import importlib.util
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = sys.argv.pop(1)
spec = importlib.util.spec_from_file_location("kernel_tuner_compare", SCRIPT)
compare = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare)


class TimeAtQuality(unittest.TestCase):
    def test_ninth_fastest_of_ten(self):
        times = [1.0, 5.0, 2.0, None, 3.0, 4.0, 9.0, 6.0, 8.0, 7.0]
        self.assertEqual(compare.time_at_quality(times), 9.0)

    def test_infinite_when_two_of_ten_never_get_there(self):
        times = [1.0, 2.0, None, 3.0, 4.0, None, 5.0, 6.0, 7.0, 8.0]
        self.assertTrue(math.isinf(compare.time_at_quality(times)))

    def test_all_of_five_needed(self):
        # ceil(0.9 x 5) = 5: with five runs, every one must get there.
        self.assertEqual(compare.time_at_quality([0.5, 0.1, 0.3, 0.2, 0.4]), 0.5)
        self.assertTrue(math.isinf(compare.time_at_quality([0.5, 0.1, None, 0.2, 0.4])))

    def test_no_runs(self):
        self.assertTrue(math.isinf(compare.time_at_quality([])))

    def test_upper_median_counts_never_as_infinite(self):
        self.assertEqual(compare.upper_median([3.0, None, 1.0, 2.0, 4.0]), 3.0)
        self.assertTrue(math.isinf(compare.upper_median([1.0, None, None, 2.0])))


class CannotReachQuality(unittest.TestCase):
    def test_two_nevers_of_ten_decide(self):
        self.assertFalse(compare.cannot_reach_quality([1.0, None, 2.0], 10))
        self.assertTrue(compare.cannot_reach_quality([None, 1.0, None], 10))

    def test_one_never_of_five_decides(self):
        self.assertFalse(compare.cannot_reach_quality([1.0, 2.0], 5))
        self.assertTrue(compare.cannot_reach_quality([1.0, None], 5))


class UuidAsSixteenBytes(unittest.TestCase):
    def fake_cupy(self, uuid):
        class Runtime:
            @staticmethod
            def getDeviceProperties(device):
                return {"name": b"GPU", "uuid": uuid}

        class Cuda:
            runtime = Runtime

        class Cupy:
            cuda = Cuda

        return Cupy

    def test_a_uuid_cut_at_a_zero_byte_is_padded(self):
        cp = self.fake_cupy(b"\x12\x34")
        compare.uuid_as_sixteen_bytes(cp)
        props = cp.cuda.runtime.getDeviceProperties(0)
        self.assertEqual(props["uuid"], b"\x12\x34" + b"\0" * 14)
        self.assertEqual(props["name"], b"GPU")

    def test_a_whole_uuid_is_left_alone(self):
        whole = bytes(range(1, 17))
        cp = self.fake_cupy(whole)
        compare.uuid_as_sixteen_bytes(cp)
        self.assertEqual(cp.cuda.runtime.getDeviceProperties(0)["uuid"], whole)


class TiletuneSides(unittest.TestCase):
    # Three configurations: [1] the best, [2] within 3% of it, [3] 2x.
    judge = {(1,): 1.0, (2,): 1.02, (3,): 2.0}

    def test_first_within_from_the_trials_in_the_order_measured(self):
        samples = [
            # Measured [3] at 0.2 s, [2] at 0.5 s (within 3% from then), [1] at 0.9 s; done 1.5 s.
            {"seconds": 1.5, "visited": 3, "winner": [1],
             "trials": [[[1], 1.0, 0.9], [[3], 2.0, 0.2], [[2], 1.02, 0.5]]},
            # Its own timings put [3] first (noise): not within 3% until [1] beat it at 0.7 s.
            {"seconds": 1.0, "visited": 3, "winner": [1],
             "trials": [[[3], 0.9, 0.1], [[2], None, 0.3], [[1], 0.8, 0.7]]},
        ]
        lines, done = compare.tiletune_sides(samples, self.judge, 1.0)
        self.assertEqual([line[0] for line in lines],
                         ["tiletune, first within", "tiletune, tuning done"])
        self.assertEqual(lines[0][3], [0.5, 0.7])
        self.assertEqual(done, [1.5, 1.0])
        self.assertEqual(lines[1][2], 2)

    def test_a_winner_outside_3_percent_is_never_done(self):
        samples = [{"seconds": 1.0, "visited": 1, "winner": [3], "trials": [[[3], 2.0, 0.4]]}]
        lines, done = compare.tiletune_sides(samples, self.judge, 1.0)
        self.assertEqual(lines[0][3], [None])
        self.assertEqual(done, [None])
        self.assertEqual(lines[0][5], 2.0)

    def test_runs_without_trials_have_only_the_done_line(self):
        samples = [{"seconds": 1.0, "visited": 1, "winner": [1]}]
        lines, _ = compare.tiletune_sides(samples, self.judge, 1.0)
        self.assertEqual([line[0] for line in lines], ["tiletune, tuning done"])


class RunLimits(unittest.TestCase):
    def test_default_is_the_goal_times_tiletune_and_the_whole_space(self):
        self.assertEqual(compare.run_limits(None, None, 1.5, 1024), (1024, 15.0))

    def test_given_limits_win(self):
        self.assertEqual(compare.run_limits(20.0, 81, 1.5, 1024), (81, 20.0))
        self.assertEqual(compare.run_limits(20.0, None, math.inf, 1024), (1024, 20.0))

    def test_no_default_limit_without_tiletune_at_the_bar(self):
        with self.assertRaises(SystemExit) as raised:
            compare.run_limits(None, None, math.inf, 1024)
        self.assertIn("fewer than 90% of its runs", str(raised.exception))


class WholeScript(unittest.TestCase):
    def test_refuses_before_any_kernel_tuner_run_when_tiletune_missed_the_bar(self):
        # Two configurations; the best is [1]. Of the sample's ten runs, two ended on [2] (2x).
        data = {"source": "", "n": 16, "axes": ["a"],
                "exhaustive": {"seconds": 1.0, "table": [[[1], 1.0], [[2], 2.0]]},
                "sample": [{"seconds": 0.1, "seed": i + 1, "visited": 2,
                            "winner": [2] if i < 2 else [1]} for i in range(10)]}
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "tiletune.json")
            with open(path, "w") as f:
                json.dump(data, f)
            done = subprocess.run([sys.executable, SCRIPT, path], capture_output=True, text=True)
        self.assertEqual(done.returncode, 1)
        self.assertIn("within 3% in fewer than 90% of its runs", done.stderr)
        self.assertNotIn("Kernel Tuner", done.stdout)


if __name__ == "__main__":
    unittest.main()
