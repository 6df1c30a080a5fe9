// GNU inline assembly whose operands are not separated by commas, as nvcc and NVRTC accept it:
//
//   asm volatile("mma.sync ..." : "=r"(d[0]), "=r"(d[1])
//                               : "r"(a[0]), "r"(b[0])
//                                 "r"(c[0]), "r"(c[1]));   // no ',' after "r"(b[0])
//
// Their front end reads the next operand after the missing comma; Clang, which the tool reads the
// file with, stops at it ("expected ')'"), and in a tuned kernel that error stops the tool
// (matmul-playground's kernel_2, whose author builds with nvcc only). The tool's files are read
// through a file system that writes the comma into the copy Clang parses, in place of a blank
// before the next operand, so that every offset and column stays the file's own; the slice and the
// rewritten file then hold the comma, which nvcc and NVRTC also accept. A missing comma with no
// blank to take its place (`"r"(a)"r"(b)`) stays Clang's error.
#pragma once

#include <llvm/ADT/IntrusiveRefCntPtr.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <optional>
#include <string>

namespace tiletune::tool {

// `text` with a comma written between each two asm operands that have only blanks or comments
// between them, in place of the blank just before the second; nullopt when there is none.
std::optional<std::string> asm_operand_commas(llvm::StringRef text);

// `base`, with each file read through asm_operand_commas.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> asm_operand_commas_file_system(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base);

}  // namespace tiletune::tool
