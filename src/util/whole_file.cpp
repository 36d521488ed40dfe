#include "util/whole_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace versus {

namespace {

namespace fs = std::filesystem;

Unexpected errno_failure(const std::string& what) {
  return fail(what + ": " + std::strerror(errno));
}

// Closes a POSIX file descriptor when it goes out of scope.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  // Closes now, so a close() error (possible on some file systems) is reported.
  bool close() { return ::close(std::exchange(fd_, -1)) == 0; }

 private:
  int fd_;
};

Expected<void> write_all(int fd, const std::string& data, const fs::path& file) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno_failure(file.string() + ": write failed");
    done += static_cast<std::size_t>(n);
  }
  return {};
}

Expected<void> write_and_sync(const fs::path& file, const std::string& contents) {
  FileDescriptor fd(::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  if (fd.get() < 0) return errno_failure(file.string() + ": cannot create");
  if (auto written = write_all(fd.get(), contents, file); !written) return written;
  if (::fsync(fd.get()) != 0) return errno_failure(file.string() + ": fsync failed");
  if (!fd.close()) return errno_failure(file.string() + ": close failed");
  return {};
}

// Makes a rename inside `dir` durable.
Expected<void> sync_directory(const fs::path& dir) {
  FileDescriptor fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() < 0) return errno_failure(dir.string() + ": cannot open directory");
  if (::fsync(fd.get()) != 0) return errno_failure(dir.string() + ": fsync of directory failed");
  return {};
}

}  // namespace

Expected<std::string> read_whole_file(const fs::path& file) {
  FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return errno_failure(file.string() + ": cannot open");
  return read_open_file(fd.get(), file);
}

Expected<std::string> read_open_file(int fd, const fs::path& file) {
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno_failure(file.string() + ": read failed");
    if (n == 0) return text;
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

Expected<void> write_file_atomically(const fs::path& target, const std::string& contents) {
  fs::path tmp = target;
  tmp += ".tmp";
  if (auto written = write_and_sync(tmp, contents); !written) {
    ::unlink(tmp.c_str());
    return written;
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    auto failure = errno_failure("cannot rename " + tmp.string() + " to " + target.string());
    ::unlink(tmp.c_str());
    return failure;
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  return sync_directory(dir);
}

}  // namespace versus
