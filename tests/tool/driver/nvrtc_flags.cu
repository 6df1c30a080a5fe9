// nvcc's flags that shape the device code reach the tuned kernels: each becomes its NVRTC option,
// in every spelling nvcc takes, in the site's SiteInfo::options (what the first launch gives
// NVRTC), in the device check's programs, and in the site's identity; -I and -isystem directories
// are made absolute, for a first launch that runs elsewhere, and each is given once.
// RUN: rm -rf %t && mkdir -p %t/inc %t/sys && cd %t
// RUN: %tiletune %s -o %t/all.cu -- -use_fast_math --use_fast_math -G --device-debug -lineinfo --generate-line-info -maxrregcount 32 --maxrregcount=40 -Xptxas -v,-O2 --ptxas-options=-O3 -ftz true --ftz=false -prec-div=false -prec-sqrt false -fmad=false -DONE=1 -D TWO --define-macro=THREE=3 -UFOUR -Iinc -I inc,sys --include-path=/abs/dir -isystem sys -restrict -extra-device-vectorization -dopt on -Ofc=max -jtd 80 -device-stack-protector=true -diag-suppress 177 -diag-error=20 -diag-warn 550 -arch=sm_90 -O3 -Xcompiler -Wall > %t/all.out 2>&1
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t/all.out
// QUIET-NOT: {{.}}
// One option a line, as the generated code lays them out over several:
// RUN: sed -n '/^ *info.options = {/,/};/p' %t/all.cu | tr -d '\n' | sed -e 's/ *"/"/g' -e 's/",/"\n/g' > %t/options.txt
// RUN: FileCheck %s --check-prefix=OPTIONS --input-file=%t/options.txt
// OPTIONS: info.options = {"--use_fast_math"
// OPTIONS-NEXT: {{^}}"--use_fast_math"
// OPTIONS-NEXT: {{^}}"--device-debug"
// OPTIONS-NEXT: {{^}}"--device-debug"
// OPTIONS-NEXT: {{^}}"--generate-line-info"
// OPTIONS-NEXT: {{^}}"--generate-line-info"
// OPTIONS-NEXT: {{^}}"--maxrregcount=32"
// OPTIONS-NEXT: {{^}}"--maxrregcount=40"
// OPTIONS-NEXT: {{^}}"--ptxas-options=-v"
// OPTIONS-NEXT: {{^}}"--ptxas-options=-O2"
// OPTIONS-NEXT: {{^}}"--ptxas-options=-O3"
// OPTIONS-NEXT: {{^}}"--ftz=true"
// OPTIONS-NEXT: {{^}}"--ftz=false"
// OPTIONS-NEXT: {{^}}"--prec-div=false"
// OPTIONS-NEXT: {{^}}"--prec-sqrt=false"
// OPTIONS-NEXT: {{^}}"--fmad=false"
// OPTIONS-NEXT: {{^}}"-DONE=1"
// OPTIONS-NEXT: {{^}}"-DTWO"
// OPTIONS-NEXT: {{^}}"-DTHREE=3"
// OPTIONS-NEXT: {{^}}"-UFOUR"
// OPTIONS-NEXT: {{^}}"--include-path=[[DIR:/.*]]/inc"
// OPTIONS-NEXT: {{^}}"--include-path=[[DIR]]/sys"
// OPTIONS-NEXT: {{^}}"--include-path=/abs/dir"
// OPTIONS-NEXT: {{^}}"--restrict"
// OPTIONS-NEXT: {{^}}"--extra-device-vectorization"
// OPTIONS-NEXT: {{^}}"--dopt=on"
// OPTIONS-NEXT: {{^}}"--Ofast-compile=max"
// OPTIONS-NEXT: {{^}}"--jump-table-density=80"
// OPTIONS-NEXT: {{^}}"--device-stack-protector=true"
// OPTIONS-NEXT: {{^}}"--diag-suppress=177"
// OPTIONS-NEXT: {{^}}"--diag-error=20"
// OPTIONS-NEXT: {{^}}"--diag-warn=550"};{{$}}
// Directories the compilers search on their own are left out: the host compiler's (NVRTC cannot
// compile host headers; libstdc++'s stop it) and the toolkit's, which NVRTC has already; a link to
// one (cuda/include -> targets/.../include) is the same directory.
// RUN: %tiletune %s -o %t/searched.cu -- -DONE=1 -DTWO -DTHREE=3 -I/usr/local/include -I$(dirname $(dirname %nvcc))/include -isystem $(dirname $(dirname %nvcc))/targets/x86_64-linux/include/cccl -Iinc
// RUN: sed -n '/^ *info.options = {/,/};/p' %t/searched.cu | tr -d '\n' | sed -e 's/ *"/"/g' > %t/searched.txt
// RUN: FileCheck %s --check-prefix=SEARCHED --input-file=%t/searched.txt
// SEARCHED: info.options = {"-DONE=1","-DTWO","-DTHREE=3","--include-path={{[^"]*}}/inc"};{{$}}
// The output compiles as nvcc would compile the file.
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -DONE=1 -DTWO -DTHREE=3 -c %t/all.cu -o %t/all.o

// The device check compiles with them, after the file's standard and before the launch bounds.
// RUN: mkdir %t/dump
// RUN: %{tiletune_checked} %s -o %t/checked.cu --device-check-cache %t/cache --dump-device-sources %t/dump -- -std=c++20 --use_fast_math -Xptxas=-O1 -DONE=1 -DTWO -DTHREE=3 -Iinc
// RUN: FileCheck %s --check-prefix=CHECKED --input-file=%t/dump/nvrtc_flags.cu.113.3.json
// CHECKED: "options": [
// CHECKED: "--include-path={{[^"]*}}/include/cccl",
// CHECKED-NEXT: "-std=c++20",
// CHECKED-NEXT: "--use_fast_math",
// CHECKED-NEXT: "--ptxas-options=-O1",
// CHECKED-NEXT: "-DONE=1",
// CHECKED-NEXT: "-DTWO",
// CHECKED-NEXT: "-DTHREE=3",
// CHECKED-NEXT: "--include-path={{.*}}/inc"
// CHECKED-NEXT: ]
// A value NVRTC refuses stops the build at the annotation, as it would stop the first launch.
// RUN: not %{tiletune_checked} %s -o %t/refused.cu --device-check-cache %t/cache -- -ftz=maybe -DONE=1 -DTWO -DTHREE=3 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: nvrtc_flags.cu:113:3: error: the device check could not run NVRTC: NVRTC: nvrtcCompileProgram failed: NVRTC_ERROR_INVALID_OPTION: nvrtc: error: --ftz (-ftz) expects true or false
// RUN: test ! -e %t/refused.cu

// Options are part of the site's identity: a build with -use_fast_math, or with -lineinfo, tunes
// apart from a plain one. Include directories are not: a build elsewhere shares the results.
// RUN: %tiletune %s -o %t/plain.cu -- -DONE=1 -DTWO -DTHREE=3
// RUN: %tiletune %s -o %t/fast.cu -- -DONE=1 -DTWO -DTHREE=3 -use_fast_math
// RUN: %tiletune %s -o %t/lines.cu -- -DONE=1 -DTWO -DTHREE=3 -lineinfo
// RUN: %tiletune %s -o %t/elsewhere.cu -- -DONE=1 -DTWO -DTHREE=3 -Isys --include-path /abs/dir
// RUN: grep -h '^ *info.id = ' %t/plain.cu %t/fast.cu %t/lines.cu | sort -u | wc -l | grep -qx 3
// RUN: grep -h '^ *info.id = ' %t/plain.cu > %t/plain.id
// RUN: grep -h '^ *info.id = ' %t/elsewhere.cu | diff - %t/plain.id
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/plain.cu
// PLAIN: {{^ +}}info.options = {"-DONE=1", "-DTWO", "-DTHREE=3"};

// Flags NVRTC (CUDA 13.0) has no counterpart of are named, each once, at build time (not
// --expt-relaxed-constexpr, whose effect the slice gives); the build
// goes on (nvcc gets them for the rest of the file).
// RUN: %tiletune %s -o %t/lambda.cu -- -DONE=1 -DTWO -DTHREE=3 --extended-lambda -expt-extended-lambda --expt-relaxed-constexpr --expt-relaxed-constexpr -sanitize memcheck -ftemplate-depth=900 2>&1 | FileCheck %s --check-prefix=NO-COUNTERPART
// NO-COUNTERPART: tiletune: warning: {{.*}}nvrtc_flags.cu: nvcc's '--extended-lambda' has no NVRTC counterpart: the first launch compiles this file's tuned kernels without it
// NO-COUNTERPART-NEXT: tiletune: warning: {{.*}}nvrtc_flags.cu: nvcc's '-expt-extended-lambda' has no NVRTC counterpart: the first launch compiles this file's tuned kernels without it
// NO-COUNTERPART-NEXT: tiletune: warning: {{.*}}nvrtc_flags.cu: nvcc's '-sanitize=memcheck' has no NVRTC counterpart: the first launch compiles this file's tuned kernels without it
// NO-COUNTERPART-NEXT: tiletune: warning: {{.*}}nvrtc_flags.cu: nvcc's '-ftemplate-depth=900' has no NVRTC counterpart: the first launch compiles this file's tuned kernels without it
// NO-COUNTERPART-NOT: warning
// RUN: test -e %t/lambda.cu
// The parse still sees the macros nvcc defines with them (EXPECT_NVCC_MACROS: the kernel says so).
// RUN: not %tiletune %s -o %t/no-macros.cu -- -DONE=1 -DTWO -DTHREE=3 -DEXPECT_NVCC_MACROS 2>&1 | FileCheck %s --check-prefix=NO-MACROS
// NO-MACROS: error: the parse did not get the lambda and constexpr macros of nvcc
// RUN: %tiletune %s -o %t/macros.cu -- -DONE=1 -DTWO -DTHREE=3 -DEXPECT_NVCC_MACROS --expt-extended-lambda -expt-relaxed-constexpr

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = sqrtf(x[i]) / 3.0f + ONE + TWO + THREE;
#if defined(EXPECT_NVCC_MACROS) && \
    !(defined(__CUDACC_EXTENDED_LAMBDA__) && defined(__CUDACC_RELAXED_CONSTEXPR__))
#error the parse did not get the lambda and constexpr macros of nvcc
#endif
}

void run(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, scale<$tile>(x, n));
}
