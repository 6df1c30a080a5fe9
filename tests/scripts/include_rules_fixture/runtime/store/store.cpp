// The fixture's runtime/: its own files, common/, the public API.
#include "store/store.h"

#include <tiletune/api.h>
#include "hash/hash.h"
