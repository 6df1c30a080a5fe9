#!/usr/bin/env bash
# Copies OpenMPI 4.1 (Debian's openmpi-bin) into DEST so that mpirun runs where MPI is not
# installed (the lent GPU machine): orterun and orted, every shared library they, libmpi and the
# MCA plugins need (all but glibc's), the plugins at the path OPAL_PREFIX=DEST makes OpenMPI look
# in, its help texts, PMIx's plugins and help texts, and DEST/env.sh, which sets the environment
# (OPAL_PREFIX, PMIX_PREFIX, LD_LIBRARY_PATH, PATH and the MCA settings of Debian's
# /etc/openmpi/openmpi-mca-params.conf, which does not travel).
# usage: stage_openmpi.sh DEST [PROGRAMS...] (does nothing, and says so, where OpenMPI is not installed)
set -euo pipefail
dest=$1
multiarch=x86_64-linux-gnu
libdir=/usr/lib/$multiarch/openmpi/lib           # OpenMPI's libdir, under the prefix /usr
pkglibdir=$libdir/openmpi3                        # its MCA plugins
pmixdir=/usr/lib/$multiarch/pmix2                 # PMIx's own prefix
if [ ! -x /usr/bin/orterun ] || [ ! -d "$pkglibdir" ]; then
  echo "stage_openmpi: OpenMPI (openmpi-bin) is not installed here: nothing staged"
  exit 0
fi
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib" "$dest/lib/$multiarch/openmpi/lib" "$dest/share"
cp /usr/bin/orterun /usr/bin/orted "$dest/bin/"
cp -r "$pkglibdir" "$dest/lib/$multiarch/openmpi/lib/"
plugins=$dest/lib/$multiarch/openmpi/lib/openmpi3
# One GPU machine needs shared memory and TCP only: the plugins for InfiniBand, UCX, libfabric,
# PSM and OpenSHMEM (whose libraries would double what is copied) stay behind. OpenMPI uses the
# plugins it finds.
network='lib(uc[pstm]|fabric|psm|psm2|infinipath|ibverbs|rdmacm|efa|oshmem)\.so|libmca_common_(ucx|ofi|verbs)'
for plugin in "$plugins"/*.so; do
  if ldd "$plugin" | grep -qE "$network"; then rm "$plugin"; fi
done
cp -r /usr/share/openmpi "$dest/share/"
mkdir -p "$dest/pmix2/lib"
cp -r "$pmixdir/lib/pmix" "$dest/pmix2/lib/"
cp -r "$pmixdir/share" "$dest/pmix2/"
# Every library OpenMPI's programs, libmpi and the plugins load, but the C library's own (there on
# any Linux); of the PROGRAMS' libraries, the MPI ones (libmpi_cxx): the toolkit's and the C++
# runtime are on the GPU machine for every test already.
{
  ldd /usr/bin/orterun /usr/bin/orted /usr/lib/$multiarch/libmpi.so.40 "$plugins"/*.so \
    "$pmixdir"/lib/pmix/*.so
  [ $# -gt 1 ] && ldd "${@:2}" | grep -E '^\s*libmpi'
} 2>/dev/null |
  awk '/=> \// {print $3}' | sort -u |
  grep -vE '/(libc|libm|libdl|libpthread|librt|libresolv|libutil|ld-linux-x86-64)\.so' |
  while read -r lib; do cp -L "$lib" "$dest/lib/"; done
cat > "$dest/env.sh" <<'ENV'
# Source this: OpenMPI from this directory, wherever it lies.
# (bash builtins only: PATH may hold nothing yet)
openmpi_dir=${BASH_SOURCE[0]%/*}
openmpi_dir=$(cd "$openmpi_dir" && pwd)
export OPAL_PREFIX=$openmpi_dir PMIX_PREFIX=$openmpi_dir/pmix2
# Debian configured PMIx's own directories as absolute paths: each named.
export PMIX_PKGLIBDIR=$openmpi_dir/pmix2/lib/pmix PMIX_PKGDATADIR=$openmpi_dir/pmix2/share/pmix
export PATH=$openmpi_dir/bin:$PATH
export LD_LIBRARY_PATH=$openmpi_dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# Debian's /etc/openmpi/openmpi-mca-params.conf, which stays behind.
export OMPI_MCA_btl_base_warn_component_unused=0 OMPI_MCA_mtl='^ofi' OMPI_MCA_btl='^uct,openib,ofi'
export OMPI_MCA_pml='^ucx' OMPI_MCA_osc='^ucx,pt2pt'
# One node, and no ssh there: start the ranks without a remote shell.
export OMPI_MCA_plm=isolated
ENV
du -sh "$dest"
