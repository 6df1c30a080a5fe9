#pragma once
// Structs of a system header that the slice cannot write out member by member (c_library_structs).
struct flags {
  unsigned ready : 1;
  unsigned count : 7;
};
struct __attribute__((packed)) packed_pair {
  char tag;
  int value;
};
struct with_method {
  int v;
  int twice() const { return 2 * v; }
};
struct plain_pair {
  int first;
  int second;
};
struct holds_pointer_to_struct {
  plain_pair* pair;
};
