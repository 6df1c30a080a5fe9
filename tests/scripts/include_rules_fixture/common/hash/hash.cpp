#include "hash.h"
#include "hash/hash.h"
