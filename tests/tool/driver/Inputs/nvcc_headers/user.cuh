#pragma once

#include <launcher.cuh>
