// What a kernel uses from the C and C++ standard libraries, carried as NVRTC compiles it. NVRTC has
// neither library (it predefines only size_t and ptrdiff_t), and the host's headers that nvcc
// reads do not compile there; the slice carries their device equivalents instead:
// - a C library typedef (`int64_t`, `uint`, `ssize_t`, from glibc's <stdint.h>, <sys/types.h>,
//   ...): <stdint.h>'s names as libcu++'s <cuda/std/cstdint> defines them for NVRTC (whose
//   `int64_t` is `long long`), the others as a typedef of the type Clang sees for the host;
// - a `std::` name (`std::is_same_v`, `std::numeric_limits`, `std::min`, `std::int64_t`):
//   libcu++'s counterpart in `cuda::std`, the slice's `namespace std` made to find it.
#pragma once

#include "slice/header_origin.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// The lines that make `std::x` find `cuda::std::x` for `d`, an entity in namespace std. Only the
// names the code uses come in, through a namespace of their own that std nominates:
//
//   namespace tiletune_cuda_std { using cuda::std::sqrt; }
//   namespace std { using namespace tiletune_cuda_std; }
//
// Not the whole of cuda::std: with the user's `using namespace std;` an unqualified exp(x) would
// find NVRTC's ::exp and cuda::std::exp both (ambiguous). Not a using-declaration in std itself:
// NVRTC declares std::move, std::forward and std::initializer_list there, which a qualified name
// then finds first (those are left out). An entity of a namespace nested in std (std::chrono's)
// brings that namespace (`namespace chrono = cuda::std::chrono;`); an operator nothing, as
// argument-dependent lookup finds it in cuda::std.
std::vector<std::string> std_from_cuda_std(const clang::Decl* d);

// `line` is one of those.
bool maps_std_to_cuda_std(const std::string& line);

// How the slice carries a C library typedef at global scope (`d` from a system header that is not
// the toolkit's): the header that defines it for NVRTC, or the typedef line; nullopt when it is
// none of the C library's arithmetic typedefs.
struct CarriedTypedef {
  std::string header;  // "" for a typedef line, or when NVRTC predefines the name
  std::string line;    // "typedef unsigned int uint;"
};
std::optional<CarriedTypedef> carried_c_typedef(const clang::TypedefNameDecl* d);

// How the slice carries a C library struct at global scope: `d` is one (from a system header
// that is not the toolkit's), a member of one, or a typedef naming one. The definitions, those of
// the structs it holds first: "struct tm { int tm_sec; ...; const char *tm_zone; };", or for a
// typedef of an unnamed struct "typedef struct { int quot; int rem; } div_t;". Written from the
// host's declaration, member by member, so that NVRTC lays it out as the host compiler does (the
// bytes a launch passes mean the same). Only a struct or union as C declares it qualifies: no
// bases, member functions, bit-fields, unnamed members, packing or alignment of its own, each
// member of an arithmetic type, a pointer to one (or to void), an array of those, or such a
// struct. Empty for anything else.
std::vector<std::string> carried_c_struct(const clang::Decl* d);

// `d` is a <cmath> function (or function template) in std that libcu++'s <cuda/std/cmath> lacks
// (std::fma in CUDA 13.0) and the compiler declares at global scope for device code (::fma):
// NVRTC declares it there too, with its float overloads, as nvcc's headers do, so
// `namespace std { using ::NAME; }` stands for it.
bool device_math_without_cuda_std(const clang::Decl* d, clang::ASTContext& context);

// The libcu++ headers that declare `d`'s counterpart in cuda::std (`d` in namespace std): by name
// for the C types (<cuda/std/cstddef>, <cuda/std/cstdint>), then libcu++'s header for that entity
// (cuda/std/__algorithm/min.h for std::min), then the counterpart of the standard header that
// declares it (<cuda/std/type_traits>). Empty when libcu++ has none.
std::vector<std::string> cuda_std_headers_for(const clang::Decl* d, const HeaderOrigins& origins,
                                              const clang::SourceManager& sm);

}  // namespace tiletune::tool
