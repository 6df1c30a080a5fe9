// tiletune-nvcc runs the tool on a .cu file that holds no annotation itself but includes a header
// of the user's that does (here through another header, and found through -I), hands nvcc the
// rewritten file, whose header copies carry the user's flags that shape the device code, and
// names the original header in nvcc's dependency output, never the temporary copies. A file that
// reaches no annotation (tiletune's own headers do not count) goes to nvcc unchanged.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '#!/bin/sh\nfor a in "$@"; do echo "arg: $a"; case "$a" in *.cu) cat "$a.headers/launcher.cuh" 2>/dev/null;; esac; done\n' > %t/fake-nvcc && chmod +x %t/fake-nvcc
// RUN: env TILETUNE_NVCC=%t/fake-nvcc TILETUNE_DEVICE_CHECK=0 TILETUNE=%{tiletune_checked} $(dirname %{tiletune_checked})/tiletune-nvcc -use_fast_math -Xptxas -O2 -I%{tiletune_include} -I%S/Inputs/nvcc_headers/include -c %S/Inputs/nvcc_headers/user.cu -o %t/user.o > %t/fake.txt
// RUN: FileCheck %s --check-prefix=REWRITTEN < %t/fake.txt
// REWRITTEN: arg: {{.*}}tiletune-nvcc.{{[^/]+}}/{{[0-9]+}}/user.cu
// REWRITTEN: {{^}}static ::tiletune::Site tiletune_site_launcher_cuh_13_3(
// REWRITTEN: {{^}}  info.options = {
// The options' line breaks follow the length of the checkout's paths: joined before checking.
// RUN: sed -n '/^ *info.options = {/,/};/p' %t/fake.txt | tr -d '\n' | sed -e 's/ *"/"/g' > %t/options.txt
// RUN: FileCheck %s --check-prefix=OPTIONS --input-file=%t/options.txt
// OPTIONS: info.options = {{{.*}}"--use_fast_math","--ptxas-options=-O2"};{{$}}
// RUN: env TILETUNE_NVCC=%t/fake-nvcc TILETUNE=/nonexistent/tiletune $(dirname %{tiletune_checked})/tiletune-nvcc -I%{tiletune_include} -c %S/Inputs/nvcc_headers/plain.cu -o %t/plain.o > %t/plain.txt
// RUN: FileCheck %s --check-prefix=PLAIN < %t/plain.txt
// PLAIN: arg: {{.*}}Inputs/nvcc_headers/plain.cu

// With the real nvcc: -M's dependencies name the header and its includer, not their copies.
// RUN: env TILETUNE_DEVICE_CHECK=0 TILETUNE=%{tiletune_checked} $(dirname %{tiletune_checked})/tiletune-nvcc -M -I%{tiletune_include} -I%S/Inputs/nvcc_headers/include %S/Inputs/nvcc_headers/user.cu > %t/deps.txt
// RUN: FileCheck %s --check-prefix=DEPS --implicit-check-not=tiletune-nvcc. < %t/deps.txt
// DEPS: user.o : {{.*}}Inputs/nvcc_headers/user.cu
// DEPS-DAG: Inputs/nvcc_headers/user.cuh
// DEPS-DAG: Inputs/nvcc_headers/include/launcher.cuh
