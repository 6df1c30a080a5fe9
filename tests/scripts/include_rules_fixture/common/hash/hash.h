// The fixture's common/: the public API, its own files, the system's headers.
#pragma once

#include <tiletune/api.h>
#include <cstdint>
