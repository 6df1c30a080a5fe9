// A header in a system directory (-isystem) that includes one of the user's annotated headers.
// Entered first from here, that header would be a system header itself (left alone); entered first
// from the user's file, it is copied, and this #include, which the tool does not rewrite, would
// still bring in the original.
#pragma once

#include "../annotated_launcher.cuh"
