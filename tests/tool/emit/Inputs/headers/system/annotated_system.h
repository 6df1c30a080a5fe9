// An annotation in a header outside the user's tree (-isystem) is left alone: the tool copies
// only the user's files.
#pragma once

#include <tiletune/tiletune.h>

__global__ void system_kernel(int* x) { *x = 1; }

template <class T>
void system_launch(int* x) {
  TILETUNE(space = (b = (32, 64)), blocks = 1, threads = $b, system_kernel(x));
}
