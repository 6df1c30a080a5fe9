// Force-included by the tiletune tool (and only there) when Clang parses a file: declarations of
// the device intrinsics nvcc's headers provide and Clang's CUDA headers lack, good enough for
// parsing (the tool compiles no device code; NVRTC declares them itself). Clang's own overloads
// stay preferred where they exist: a function template loses to an equally good non-template.
#pragma once
// A system header to the slicer too: nothing in it is copied into a slice.
#pragma clang system_header

#if defined(TILETUNE_TOOL) && defined(__clang__) && defined(__CUDA__)

// Cache-hinted loads: ld.global.{cg,cs,lu,cv,ca}.
template <class _TtT>
__device__ _TtT __ldcg(const _TtT* __tt_address);
template <class _TtT>
__device__ _TtT __ldcs(const _TtT* __tt_address);
template <class _TtT>
__device__ _TtT __ldlu(const _TtT* __tt_address);
template <class _TtT>
__device__ _TtT __ldcv(const _TtT* __tt_address);
template <class _TtT>
__device__ _TtT __ldca(const _TtT* __tt_address);

// Cache-hinted stores: st.global.{wb,cg,cs,wt}.
template <class _TtT, class _TtV>
__device__ void __stwb(_TtT* __tt_address, _TtV __tt_value);
template <class _TtT, class _TtV>
__device__ void __stcg(_TtT* __tt_address, _TtV __tt_value);
template <class _TtT, class _TtV>
__device__ void __stcs(_TtT* __tt_address, _TtV __tt_value);
template <class _TtT, class _TtV>
__device__ void __stwt(_TtT* __tt_address, _TtV __tt_value);

#endif
