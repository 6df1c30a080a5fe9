#!/usr/bin/env python3
"""The tool's verdicts against NVRTC's, on real kernels: the tool accepts every site NVRTC
compiles, and what it accepts NVRTC compiles.

The tool writes every site's device source and the NVRTC programs its device check compiles from
it (--dump-device-sources); each program is then compiled here, with NVRTC called directly
(ctypes), and the verdicts compared:

- an --accept file (the corpus, the examples of what the tool handles) is run without the device
  check: the tool's own analysis alone must accept it, raising no objection (device_use_checks.h),
  and NVRTC must compile every site of it;
- a --judge file (code the tool's analysis objects to) is run with the device check: the tool must
  accept it exactly when NVRTC compiles every site, whatever its objections.

Prints one line per site; exits 1 after all files if any verdict disagrees.
"""

import argparse
import ctypes
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


class Nvrtc:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)

    def compile(self, source, name, options, name_expressions):
        """(compiled, log) for one program."""
        lib = self.lib
        program = ctypes.c_void_p()
        status = lib.nvrtcCreateProgram(ctypes.byref(program), source.encode(), name.encode(), 0,
                                        None, None)
        if status != 0:
            raise RuntimeError("nvrtcCreateProgram failed: %d" % status)
        try:
            for expression in name_expressions:
                lib.nvrtcAddNameExpression(program, expression.encode())
            array = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
            status = lib.nvrtcCompileProgram(program, len(options), array)
            size = ctypes.c_size_t()
            lib.nvrtcGetProgramLogSize(program, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetProgramLog(program, log)
            return status == 0, log.value.decode(errors="replace")
        finally:
            lib.nvrtcDestroyProgram(ctypes.byref(program))


def run_tool(tool, source, flags, directory, device_check):
    """The tool's exit status and output, and the sites it dumped (device_source_dump.h)."""
    dump = os.path.join(directory, "dump")
    os.makedirs(dump)
    command = [tool, source, "-o", os.path.join(directory, "out.cu"), "--dump-device-sources",
               dump, "--device-check-cache", os.path.join(directory, "cache")]
    if not device_check:
        command.append("--no-device-check")
    command += ["--", "-I" + os.path.dirname(source)] + flags
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    sites = []
    for name in sorted(os.listdir(dump)):
        with open(os.path.join(dump, name)) as f:
            sites.append(json.load(f))
    return done.returncode, done.stdout, sites


def nvrtc_verdict(nvrtc, site):
    """(compiled, log): whether NVRTC compiles every program the site's check would."""
    for program in site["programs"]:
        ok, log = nvrtc.compile(site["source"], site["source_name"], program["options"],
                                program["name_expressions"])
        if not ok:
            return False, log
    return True, ""


def judge_file(nvrtc, tool, source, flags, accept):
    """Lines to print and the disagreements found in one file."""
    lines, problems = [], []
    with tempfile.TemporaryDirectory() as directory:
        status, output, sites = run_tool(tool, source, flags, directory, device_check=not accept)
        every_site_compiles = bool(sites)
        for site in sites:
            compiled, log = nvrtc_verdict(nvrtc, site)
            every_site_compiles = every_site_compiles and compiled
            objections = site["objections"]
            lines.append("%s: %s, %d objections" % (
                site["site"], "NVRTC compiles" if compiled else "NVRTC rejects", len(objections)))
            if accept and not compiled:
                problems.append("%s: NVRTC rejects a site that must compile:\n%s" %
                                (site["site"], log))
            if accept and objections:
                problems.append("%s: the tool objects to code NVRTC compiles:\n  %s" %
                                (site["site"], "\n  ".join(objections)))
        accepted = status == 0
        if accept and not accepted:
            problems.append("%s: the tool refused it (exit %d):\n%s" % (source, status, output))
        if not accept and accepted != every_site_compiles:
            problems.append("%s: the tool %s it, and NVRTC %s every site:\n%s" % (
                source, "accepted" if accepted else "refused",
                "compiles" if every_site_compiles else "does not compile", output))
    return lines, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--nvrtc", required=True, help="libnvrtc.so")
    parser.add_argument("--flag", action="append", default=[], help="a flag for the tool's parse")
    parser.add_argument("--accept", nargs="*", default=[], help="files that must be rewritten")
    parser.add_argument("--judge", nargs="*", default=[], help="files whose objections are judged")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    nvrtc = Nvrtc(args.nvrtc)
    # FILE@FLAG@FLAG: flags for that file alone (`-isystem DIR` makes its headers system ones).
    inputs = [(f, True) for f in args.accept] + [(f, False) for f in args.judge]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(
            lambda item: judge_file(nvrtc, args.tool, item[0].split("@")[0],
                                    args.flag + item[0].split("@")[1:], item[1]), inputs))
    problems = []
    for lines, found in results:
        for line in lines:
            print(line)
        problems += found
    sites = sum(len(lines) for lines, _ in results)
    print("%d files, %d sites, %d disagreements with NVRTC" % (len(inputs), sites, len(problems)))
    for problem in problems:
        print("FAIL: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
