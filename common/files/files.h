// Writing a file so that no reader ever sees half of it, and creating the directories it goes in.
// In common/, so that the tool writes its outputs the same way as the runtime its caches. Each
// function that returns a string returns "" on success, else what failed, where, and the system's
// reason, ready to be a message's first clause.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tiletune::files {

// What the name of a file being written by write_atomically has after the final name: a
// temporary still there afterwards was left by a writer that was killed.
inline constexpr std::string_view kTemporaryInfix = ".tmp.";

// All of `bytes` written to `fd`, through short writes and interrupted ones; false (errno set) on
// an error.
bool write_all(int fd, std::string_view bytes);

// Exactly `size` bytes read from `fd` into `data`, through short reads and interrupted ones; false
// at end of file or on an error.
bool read_exactly(int fd, char* data, std::size_t size);

// `path` without its last component ("" when it has no other): where a file of `path` goes.
std::string parent_of(const std::string& path);

// A new name for a temporary file next to `name` ("<name>.tmp.<process>.<random>.<thread>.<n>"):
// each call gives another. write_atomically draws one, and draws again while the name is taken.
std::string temporary_name(const std::string& name);

// Replaces the file at `path` with `bytes`: writes a new file next to it, never one that is already
// there, and renames it over `path`, so that a reader sees the whole old file or the whole new one.
// The new file gets `mode` (less the umask); on failure nothing is left behind. Nothing is
// fsync'ed.
std::string write_atomically(const std::string& path, std::string_view bytes, unsigned mode = 0666);

// The same, with `name` relative to the open directory `directory_fd`: the file lands in that
// directory even if its path has since been made to point elsewhere. A `name` that is a symbolic
// link is replaced, never followed.
std::string write_atomically_at(int directory_fd, const std::string& name, std::string_view bytes,
                                unsigned mode = 0666);

// Removes the temporaries that writers of `path` (write_atomically) left next to it: regular files
// named "<name of path>.tmp.<anything>". Only for where no writer of `path` can be running, such
// as under the lock that all of its writers hold: then every such file is a killed writer's. Best
// effort: a file that cannot be removed stays.
void remove_temporaries_of(const std::string& path);

// Creates the directory `path` and its missing parents, each with `mode` (less the umask); a
// directory already there is left as it is.
std::string make_directories(const std::string& path, unsigned mode = 0700);

}  // namespace tiletune::files
