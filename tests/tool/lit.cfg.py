# lit configuration for the tool's tests: each .cu file holds its input and, in RUN/CHECK lines,
# the command and the expected output or diagnostics.
import os
import stat
import tempfile

import lit.formats

config.name = "tiletune"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tiletune_binary_dir, "tests", "tool")

# The NVRTC device check is the tool's default; only the tests about it (devcheck/) run it, through
# %{tiletune_checked}, so that the others cost a parse, not an NVRTC compile per site.
config.substitutions.append(("%{tiletune_checked}", config.tiletune_tool))
config.substitutions.append(("%tiletune", config.tiletune_tool + " --no-device-check"))
config.substitutions.append(("%nvcc", config.nvcc))
config.substitutions.append(("%{tiletune_include}", config.tiletune_include))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])


# Device nodes can be made (root, in a container that allows it): the tests of outputs at a device
# node's path make their own in a temporary directory, never touching /dev.
def can_make_device_nodes():
    with tempfile.TemporaryDirectory() as scratch:
        try:
            os.mknod(os.path.join(scratch, "null"), 0o600 | stat.S_IFCHR, os.makedev(1, 3))
            return True
        except OSError:
            return False


if can_make_device_nodes():
    config.available_features.add("mknod")
