// A file without annotations: the tool copies it, and says nothing of flags the tuned kernels
// would not get, since there are none.
__global__ void plain(float* x) { x[threadIdx.x] = 0.0f; }
