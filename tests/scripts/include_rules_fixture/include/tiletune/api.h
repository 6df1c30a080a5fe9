// The fixture's public header: the public API and the system's headers only.
#pragma once

#include <tiletune/types.h>
#include <string>
