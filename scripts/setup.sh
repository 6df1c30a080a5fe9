#!/usr/bin/env bash
# Installs what tiletune needs from Debian's packages (idempotent: only what is missing), and
# checks the CUDA 13 toolkit at /usr/local/cuda.
set -euo pipefail

packages=(clang-22 libclang-22-dev libclang-cpp22-dev llvm-22-dev llvm-22-tools libboost-dev
          libgtest-dev ninja-build cmake clang-format pkgconf zlib1g-dev libopenmpi-dev openmpi-bin
          librsvg2-bin)  # rsvg-convert: tests/runtime/results/plot_render_test.sh
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: error: the CUDA 13 toolkit is expected at /usr/local/cuda (nvcc not found)" >&2
  exit 1
fi
