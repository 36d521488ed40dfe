#include "util/tree_copy.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace versus {
namespace {
namespace fs = std::filesystem;

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

Unexpected errno_failure(const std::string& what, const fs::path& file) {
  return fail("cannot copy " + file.string() + ": " + what + ": " + std::strerror(errno));
}

// Copies `size` bytes with copy_file_range; false when the kernel or file system cannot
// (EXDEV, ENOSYS, EOPNOTSUPP, EINVAL), having copied nothing.
Expected<bool> kernel_copy(int in, int out, off_t size, const fs::path& file) {
  off_t done = 0;
  while (done < size) {
    const ssize_t n =
        ::copy_file_range(in, nullptr, out, nullptr, static_cast<std::size_t>(size - done), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && done == 0 &&
        (errno == EXDEV || errno == ENOSYS || errno == EOPNOTSUPP || errno == EINVAL))
      return false;
    if (n < 0) return errno_failure("copy_file_range", file);
    if (n == 0) break;  // the file shrank meanwhile
    done += n;
  }
  return true;
}

Expected<void> plain_copy(int in, int out, const fs::path& file) {
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(in, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno_failure("read", file);
    if (n == 0) return {};
    for (ssize_t put = 0; put < n;) {
      const ssize_t w = ::write(out, buffer + put, static_cast<std::size_t>(n - put));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) return errno_failure("write", file);
      put += w;
    }
  }
}

Expected<CopyMethod> copy_one_file(const fs::path& from, const fs::path& to) {
  Fd in(::open(from.c_str(), O_RDONLY | O_CLOEXEC));
  if (in.get() < 0) return errno_failure("open", from);
  struct stat st {};
  if (::fstat(in.get(), &st) != 0) return errno_failure("stat", from);
  Fd out(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st.st_mode & 07777));
  if (out.get() < 0) return errno_failure("create", to);
  if (::ioctl(out.get(), FICLONE, in.get()) == 0) return CopyMethod::clone;
  auto kernel = kernel_copy(in.get(), out.get(), st.st_size, from);
  if (!kernel) return fail(kernel.error());
  if (*kernel) return CopyMethod::kernel_copy;
  if (auto ok = plain_copy(in.get(), out.get(), from); !ok) return fail(ok.error());
  return CopyMethod::plain_copy;
}

// The slower of two methods.
CopyMethod slower(CopyMethod a, CopyMethod b) {
  return static_cast<CopyMethod>(std::max(static_cast<int>(a), static_cast<int>(b)));
}

Expected<CopyMethod> copy_entry(const fs::directory_entry& entry, const fs::path& target) {
  std::error_code ec;
  const fs::file_status status = entry.symlink_status(ec);
  if (fs::is_symlink(status)) {
    fs::copy_symlink(entry.path(), target, ec);
  } else if (fs::is_directory(status)) {
    fs::create_directory(target, entry.path(), ec);  // with the source's permissions
  } else if (fs::is_regular_file(status)) {
    return copy_one_file(entry.path(), target);
  }
  if (ec) return fail("cannot copy " + entry.path().string() + ": " + ec.message());
  return CopyMethod::clone;  // nothing of the file's data to copy
}
}  // namespace

Expected<CopyMethod> copy_tree(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  if (!fs::is_directory(from, ec)) return fail("snapshot " + from.string() + " is missing");
  fs::remove_all(to, ec);
  fs::create_directory(to, from, ec);
  if (ec) return fail("cannot create " + to.string() + ": " + ec.message());
  CopyMethod method = CopyMethod::clone;
  fs::recursive_directory_iterator it(from, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    auto copied = copy_entry(*it, to / it->path().lexically_relative(from));
    if (!copied) return fail(copied.error());
    method = slower(method, *copied);
  }
  if (ec) return fail("cannot copy " + from.string() + ": " + ec.message());
  return method;
}

}  // namespace versus
