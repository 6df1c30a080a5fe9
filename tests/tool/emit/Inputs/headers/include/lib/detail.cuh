// No annotation: found from guarded.cuh's directory, never copied.
#pragma once

constexpr float kShift = 1.5f;
