// Force-included by nvcc_flags.cu through nvcc's --pre-include.
#define PRE_INCLUDED 1
