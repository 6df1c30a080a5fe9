#include "results/output_file.h"

#include "files/files.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace tiletune::results {

std::string write_output(const std::string& path, std::string_view bytes) {
  struct stat st;
  if (::lstat(path.c_str(), &st) == 0) {
    if (S_ISLNK(st.st_mode))
      return path + " is a symbolic link: not replaced (write to the file it names instead)";
    if (!S_ISREG(st.st_mode)) return path + " is not a regular file: not replaced";
  } else if (errno != ENOENT) {
    return "cannot check " + path + ": " + std::strerror(errno);
  }
  return files::write_atomically(path, bytes, 0644);
}

}  // namespace tiletune::results
