// Annotations in headers are rewritten in copies (emit/header_sites.cu), except where a copy
// cannot take the original's place; each is an error at its line and column, and nothing is
// written. A header included inside a function body is rewritten like any other, its site's
// declarations before that function.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %tiletune %s -o %t/body.cu
// RUN: FileCheck %s --check-prefix=BODY --input-file=%t/body.cu
// BODY: {{^}}static ::tiletune::Site tiletune_site_body_site_cuh_3_1(
// BODY: {{^}}void run_body(float* c, int n) {
// BODY-NEXT: {{^}}#include "body.cu.headers/body_site.cuh"{{$}}
// RUN: FileCheck %s --check-prefix=BODY-COPY --input-file=%t/body.cu.headers/body_site.cuh
// BODY-COPY: {{^}}::tiletune::launch<void (*)(float *, int)>(

// A header without a guard entered twice: its annotation would be two sites at one place.
// RUN: not %tiletune %s -o %t/twice.cu -- -DTWICE 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: body_site.cuh:3:1: error: TILETUNE(...) in a header this translation unit enters more than once: each entry would be a site of its own at the same place; give 'body_site.cuh' an include guard or #pragma once
// RUN: test ! -e %t/twice.cu && test ! -e %t/twice.cu.headers

// An annotated header a system header includes too: that #include would still bring the original.
// RUN: not %tiletune %s -o %t/system.cu -- -DFROM_SYSTEM -isystem %S/Inputs/system_includer 2>&1 | FileCheck %s --check-prefix=SYSTEM
// SYSTEM: includes_annotated.h:7:1: error: 'annotated_launcher.cuh' holds TILETUNE annotations (or includes a header that does) and is included here, from a system header, which the tool does not rewrite: include it from your own files, which the tool rewrites with it
// RUN: test ! -e %t/system.cu

// One the compiler's -include brings in: no #include of the user's to point at the copy.
// RUN: not %tiletune %s -o %t/pre.cu -- -include %S/Inputs/annotated_launcher.cuh 2>&1 | FileCheck %s --check-prefix=PRE-INCLUDE
// PRE-INCLUDE: annotated_launcher.cuh:13:3: error: 'annotated_launcher.cuh' holds TILETUNE annotations (or includes a header that does) and is included through -include, which the tool does not rewrite: include it from your own files, which the tool rewrites with it
// RUN: test ! -e %t/pre.cu

#include <tiletune/tiletune.h>

#include "Inputs/annotated_launcher.cuh"
#ifdef FROM_SYSTEM
#include <includes_annotated.h>
#endif

void run_body(float* c, int n) {
#include "Inputs/body_site.cuh"
#ifdef TWICE
#include "Inputs/body_site.cuh"
#endif
}
