// Force-included by the tiletune tool (and only there) when Clang parses a file: declarations of
// the device intrinsics nvcc's headers provide and Clang's CUDA headers lack, good enough for
// parsing (the tool compiles no device code; NVRTC declares them itself). Clang's own overloads
// stay preferred where they exist: a function template loses to an equally good non-template.
#pragma once
// A system header to the slicer too: nothing in it is copied into a slice.
#pragma clang system_header

#if defined(TILETUNE_TOOL) && defined(__clang__) && defined(__CUDA__)

// Cache-hinted loads: ld.global.{cg,cs,lu,cv,ca}.
template <class T>
__device__ T __ldcg(const T* address);
template <class T>
__device__ T __ldcs(const T* address);
template <class T>
__device__ T __ldlu(const T* address);
template <class T>
__device__ T __ldcv(const T* address);
template <class T>
__device__ T __ldca(const T* address);

// Cache-hinted stores: st.global.{wb,cg,cs,wt}.
template <class T, class V>
__device__ void __stwb(T* address, V value);
template <class T, class V>
__device__ void __stcg(T* address, V value);
template <class T, class V>
__device__ void __stcs(T* address, V value);
template <class T, class V>
__device__ void __stwt(T* address, V value);

#endif
