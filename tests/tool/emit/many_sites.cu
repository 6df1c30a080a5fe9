// A file of many annotations of every kind of place (a plain function, a function in a namespace
// opened many times, a kernel named by its namespace, a function template, a lambda): each site's
// kernel is found and its code goes before the declaration at namespace scope that holds it, a
// template's specialisation before its explicit instantiation, as with one annotation; nvcc
// compiles the result. The tool finds kernels, enclosing functions and those places by one index
// of the file for all its sites (a walk of the translation unit per site made 2,000 annotations
// take 192 s); bench/tool/tool_scale.py times it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/many_sites.py 60 %t/many_sites.cu
// RUN: python3 %S/Inputs/many_sites.py 60 %t/checks.txt --checks
// RUN: %tiletune %t/many_sites.cu -o %t/out.cu
// RUN: FileCheck %t/checks.txt --input-file=%t/out.cu
// RUN: grep -c '^  info.kernel = ' %t/out.cu | FileCheck %s
// CHECK: {{^60$}}
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t/out.cu -o %t/out.o
