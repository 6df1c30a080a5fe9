// Usage errors exit with 2 and say what is wrong; an input that does not exist is one.
// RUN: %tiletune > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NOINPUT < %t.out
// NOINPUT: tiletune: error: no input file
// NOINPUT: usage: tiletune INPUT.cu -o OUTPUT.cu {{.*}}[-- compiler flags]
// RUN: %tiletune %s > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NOOUTPUT < %t.out
// NOOUTPUT: tiletune: error: no output file (-o OUTPUT.cu)
// RUN: %tiletune %S/does-not-exist.cu -o %t.cu > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=MISSING < %t.out
// MISSING: tiletune: error: no such file: '{{.*}}does-not-exist.cu'
// RUN: %tiletune %s -o %t.cu --frobnicate > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=OPTION < %t.out
// OPTION: tiletune: error: unknown option '--frobnicate'
// RUN: %tiletune %s -o %s > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SAME < %t.out
// SAME: tiletune: error: the output would overwrite the input
// RUN: %tiletune %s -o %t.cu --flags-file > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=FLAGS-FILE < %t.out
// FLAGS-FILE: tiletune: error: --flags-file needs a file name
// RUN: %tiletune %s -o %t.cu --flags-file %t.no-such-flags > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NO-FLAGS-FILE < %t.out
// NO-FLAGS-FILE: tiletune: error: cannot read the flags file '{{.*}}no-such-flags': No such file or directory
