#include "util/subprocess.h"

#include <boost/process.hpp>
#include <condition_variable>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "util/log.h"

namespace versus {
namespace bp = boost::process;

std::string last_lines(std::string_view text, int n) {
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  if (n <= 0) return "";
  std::size_t start = text.size();
  for (int i = 0; i < n; ++i) {
    std::size_t nl = start == 0 ? std::string_view::npos : text.rfind('\n', start - 1);
    if (nl == std::string_view::npos) return std::string(text);
    start = nl;
  }
  return std::string(text.substr(start + 1));
}

std::string shell_script_hazard(const std::filesystem::path& path) {
  const std::string p = path.string();
  auto bad = p.find_first_not_of(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._+-@:,=%");
  if (bad == std::string::npos) return "";
  return "the path " + p + " holds '" + p.substr(bad, 1) +
         "', which the release's own shell scripts (mysqld_safe, mariadb-install-db) would "
         "split or expand; use a path of letters, digits and ./_+-@:,=%";
}

std::string error_excerpt(std::string_view text, int n) {
  std::vector<std::string_view> errors;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    auto line = text.substr(start, end - start);
    if (line.find("[ERROR]") != std::string_view::npos ||
        line.find("ERROR:") != std::string_view::npos)
      errors.push_back(line);
    start = end + 1;
  }
  if (errors.empty()) return last_lines(text, n);
  std::string out;
  auto first =
      errors.size() > static_cast<std::size_t>(n) ? errors.size() - static_cast<std::size_t>(n) : 0;
  for (auto i = first; i < errors.size(); ++i)
    out += std::string(errors[i]) + (i + 1 < errors.size() ? "\n" : "");
  return out;
}

namespace {
// Kills the child if it is still running after `timeout`. Boost 1.74's wait_for misses a
// SIGCHLD that arrived before it began waiting, so the deadline is kept here instead.
class Watchdog {
 public:
  Watchdog(bp::child& child, std::chrono::milliseconds timeout)
      : thread_([this, &child, timeout] { guard(child, timeout); }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_one();
  }
  bool fired() const { return fired_; }

 private:
  void guard(bp::child& child, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    if (cv_.wait_for(lock, timeout, [this] { return done_; })) return;
    fired_ = true;
    std::error_code ec;
    child.terminate(ec);
  }
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  bool fired_ = false;
  std::jthread thread_;  // last: joined first on destruction
};
}  // namespace

Expected<std::string> run_capture(const std::filesystem::path& exe,
                                  const std::vector<std::string>& args,
                                  std::chrono::milliseconds timeout) {
  const auto started = std::chrono::steady_clock::now();
  log::info("run: {}", log::argv_text(exe, args));
  try {
    bp::ipstream out;
    bp::child child(exe.string(), bp::args(args), (bp::std_out & bp::std_err) > out,
                    bp::std_in < bp::null);
    std::ostringstream text;
    bool timed_out = false;
    {
      Watchdog watchdog(child, timeout);
      std::string line;
      while (std::getline(out, line)) text << line << '\n';  // until the child closes its output
      child.wait();
      timed_out = watchdog.fired();
    }
    log::info("run: {} exited with status {} after {} ms{}", exe.filename().string(),
              child.exit_code(),
              std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - started)
                  .count(),
              timed_out ? " (killed: timeout)" : "");
    if (timed_out)
      return fail(exe.filename().string() + " did not finish within " +
                  std::to_string(timeout.count()) + " ms");
    if (child.exit_code() != 0)
      return fail(exe.filename().string() + " exited with status " +
                  std::to_string(child.exit_code()) + ":\n" + error_excerpt(text.str(), 10));
    return text.str();
  } catch (const std::exception& e) {
    return fail(std::string("cannot run ") + exe.string() + ": " + e.what());
  }
}

}  // namespace versus
