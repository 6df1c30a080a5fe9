// FIXED (lit emit/byte_order_mark.cu). A .cu file that starts with a UTF-8 byte order mark (this
// one does): the rewritten file put tiletune's first lines before the mark, where it is a stray
// character, and nvcc refused the output ("#" not expected here, then errors in every header).
// The output now drops the mark. Found in: ljsim/md (Linda-Stadter/Lennard-Jones-Potential-
// Simulation Simulation/ParticleSimulation.cu, saved with a mark by Visual Studio).
// Reproduce: tiletune byte_order_mark.cu -o out.cu -- -I<tiletune>/include -std=c++17, then
// nvcc -I<tiletune>/include -std=c++17 -c out.cu

#include <tiletune/tiletune.h>

__global__ void post_integration(double3* vel, const double3* force, double dt, size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vel[i].x += force[i].x * dt;
    vel[i].y += force[i].y * dt;
    vel[i].z += force[i].z * dt;
  }
}

int main() {
  double3 *vel = nullptr, *force = nullptr;
  size_t n = 1250;
  TILETUNE(space = (t = (64, 128, 256)), blocks = cld(n, $t), threads = $t,
           post_integration(vel, force, 0.001, n));
  return 0;
}
