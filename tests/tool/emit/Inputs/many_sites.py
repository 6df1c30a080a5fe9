#!/usr/bin/env python3
"""Writes a file of N annotated launches of five kinds, in turn: a plain function; a function in a
namespace reopened (ns0, ns1, ns2 in turn); a plain function launching a kernel of such a namespace
by its qualified name; a function template with its explicit instantiation; a lambda in a plain
function. Each launches a kernel of its own. With --checks, writes instead the FileCheck lines
that say where the rewritten file has each site's code: before the declaration at namespace scope
that holds the site, inside its namespaces (for a template, its specialisation before the explicit
instantiation).

usage: many_sites.py N OUTPUT [--checks]
"""
import sys

ANNOTATION = ("TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, "
              "{call}(x, n));")


def kernel(i, extra=""):
    return ["template <int TILE%s>" % extra,
            "__global__ void k%d(%s* x, int n) { x[threadIdx.x] = %d; }" %
            (i, "T" if extra else "float", i), ""]


def main():
    n, output, checks = int(sys.argv[1]), sys.argv[2], "--checks" in sys.argv[3:]
    lines = ["#include <tiletune/tiletune.h>", ""]
    expected = []

    def site(indent, call):
        lines.append(" " * indent + ANNOTATION.format(call=call))
        return len(lines), indent + 1  # the annotation's line and column

    def holder(line, text):
        expected.append("// CHECK: {{^}}#line %d \"" % line)
        expected.append("// CHECK-NEXT: {{^}}%s" % text)

    for i in range(n):
        kind, ns = i % 5, "ns%d" % (i % 3)
        if kind == 0:
            lines.extend(kernel(i))
            start = len(lines) + 1
            lines.append("void launch%d(float* x, int n) {" % i)
            at = site(2, "k%d<$tile>" % i)
            lines.extend(["}", ""])
        elif kind == 1:
            lines.append("namespace %s {" % ns)
            lines.extend(kernel(i))
            start = len(lines) + 1  # inside the namespace, before the function
            lines.append("void launch%d(float* x, int n) {" % i)
            at = site(2, "k%d<$tile>" % i)
            lines.extend(["}", "}  // namespace %s" % ns, ""])
        elif kind == 2:
            lines.append("namespace %s {" % ns)
            lines.extend(kernel(i))
            lines.extend(["}  // namespace %s" % ns, ""])
            start = len(lines) + 1
            lines.append("void launch%d(float* x, int n) {" % i)
            at = site(2, "%s::k%d<$tile>" % (ns, i))
            lines.extend(["}", ""])
        elif kind == 3:
            lines.extend(kernel(i, ", typename T"))
            lines.extend(["template <typename T>", "void launch%d(T* x, int n) {" % i])
            at = site(2, "k%d<$tile, T>" % i)
            lines.extend(["}", "", "template void launch%d<float>(float*, int);" % i, ""])
            expected.append("// CHECK: struct tiletune_site_%d_%d_for<float> {" % at)
            expected.append("// CHECK: {{^}}template void launch%d<float>(float*, int);" % i)
            continue
        else:
            lines.extend(kernel(i))
            start = len(lines) + 1
            lines.extend(["void launch%d(float* x, int n) {" % i, "  auto go = [&] {"])
            at = site(4, "k%d<$tile>" % i)
            lines.extend(["  };", "  go();", "}", ""])
        expected.append("// CHECK: static const char tiletune_site_%d_%d_source[] = " % at)
        holder(start, lines[start - 1])
    with open(output, "w") as f:
        f.write("\n".join(expected if checks else lines) + "\n")


if __name__ == "__main__":
    main()
