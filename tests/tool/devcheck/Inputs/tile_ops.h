// A device helper in the user's own header: the slice includes it, NVRTC compiles it.
#pragma once

template <int TILE>
__device__ float tile_scale(float v) {
  static_assert(TILE % 64 == 0, "a tile is a multiple of 64");
  return v * TILE;
}
