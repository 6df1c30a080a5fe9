// The fixture's tool/: its own files, common/, the public API, Clang's headers (found nowhere
// here).
#include "check/check.h"

#include <clang/AST/Decl.h>
#include <tiletune/types.h>
#include "hash/hash.h"
