// rope_inplace: rotary position embedding applied in place. Every trial of the tuning rotates the
// buffer again, so `restore` saves it before tuning and restores it around each trial: afterwards
// the data is as if the kernel had run once.
#include "../common/example_support.h"

#include <algorithm>
#include <cmath>

// x: [tokens][heads][dim], each pair (2i, 2i+1) rotated by position * base^(-2i/dim).
template <int BLOCK>
__global__ void rope(float* x, const int* positions, int heads, int dim, int tokens, float base) {
  const long long pair = static_cast<long long>(blockIdx.x) * BLOCK + threadIdx.x;
  const long long pairs = static_cast<long long>(tokens) * heads * (dim / 2);
  if (pair >= pairs) return;
  const int i = static_cast<int>(pair % (dim / 2));
  const long long token = pair / (static_cast<long long>(heads) * (dim / 2));
  const float angle = positions[token] * powf(base, -2.0f * i / dim);
  float s, c;
  sincosf(angle, &s, &c);
  float* p = x + 2 * pair;
  const float a = p[0], b = p[1];
  p[0] = a * c - b * s;
  p[1] = a * s + b * c;
}

void apply_rope(float* x, const int* positions, int heads, int dim, int tokens, cudaStream_t s) {
  const long long pairs = static_cast<long long>(tokens) * heads * (dim / 2);
  const unsigned long long bytes = static_cast<unsigned long long>(tokens) * heads * dim * sizeof(float);
  TILETUNE(space = (block = (64, 128, 256, 512, 1024)),
           restore = (x, bytes),
           key = (tokens, heads, dim),
           blocks = cld(pairs, $block),
           threads = $block,
           stream = s,
           rope<$block>(x, positions, heads, dim, tokens, 10000.0f));
}

int main() {
  if (!example::have_gpu("rope_inplace")) return 0;
  const int tokens = 4096, heads = 32, dim = 128;
  std::vector<float> x(static_cast<std::size_t>(tokens) * heads * dim);
  std::vector<int> positions(tokens);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.013f * static_cast<float>(i % 7919));
  for (int t = 0; t < tokens; ++t) positions[t] = t;
  float* dx = example::to_device(x);
  int* dp = example::to_device(positions);
  apply_rope(dx, dp, heads, dim, tokens, nullptr);  // tunes; the data is rotated exactly once
  std::vector<float> y = example::to_host(dx, x.size());

  double worst = 0;
  for (int t = 0; t < tokens; t += 37)
    for (int h = 0; h < heads; ++h)
      for (int i = 0; i < dim / 2; ++i) {
        std::size_t at = (static_cast<std::size_t>(t) * heads + h) * dim + 2 * i;
        double angle = positions[t] * std::pow(10000.0, -2.0 * i / dim);
        double a = x[at], b = x[at + 1];
        double want0 = a * std::cos(angle) - b * std::sin(angle);
        double want1 = a * std::sin(angle) + b * std::cos(angle);
        worst = std::max({worst, std::fabs(y[at] - want0), std::fabs(y[at + 1] - want1)});
      }
  EXAMPLE_CHECK(cudaFree(dx));
  EXAMPLE_CHECK(cudaFree(dp));
  char what[96];
  std::snprintf(what, sizeof what, "largest error %.2e after tuning: rotated exactly once", worst);
  return example::finish("rope_inplace", worst < 2e-3, what);
}
