// A header outside the user's tree (-isystem): never copied, its #include left as written.
#pragma once

inline int system_answer() { return 42; }
