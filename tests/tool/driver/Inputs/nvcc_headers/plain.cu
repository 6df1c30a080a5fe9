// No annotation here nor in what it includes (tiletune's own headers, which define the macro and
// show it in their comments, do not count): tiletune-nvcc hands it to nvcc as it is.
#include <tiletune/tiletune.h>

#include "plain.cuh"
