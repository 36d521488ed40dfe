#pragma once
// The log: what versus did, for whoever reads it afterwards. One facade over spdlog that every
// layer calls; two destinations:
//   the terminal (stderr)  nothing by default (the progress and the table say enough),
//                          every event with -v/--verbose (set_verbosity)
//   a run's run.log        every event, always, while a FileLog is open (run/matrix_run.cpp)
// Events: every command versus runs (its argument vector), server start/stop (pids, ports),
// retries and timings. Never a password: argv_text() masks password arguments, and no SQL
// statement is logged. A message is formatted only when a destination wants its level, and
// the measurement code (load/ while measuring) never logs.
#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace versus::log {

enum class Level { debug, info, warn };
// quiet: -q (the CLI also prints less); normal: the default; verbose: -v.
enum class Verbosity { quiet, normal, verbose };

void set_verbosity(Verbosity v);
Verbosity verbosity();

bool enabled(Level level);  // does any destination want this level?
void write(Level level, std::string_view message);

template <class... A>
void debug(fmt::format_string<A...> f, A&&... a) {
  if (enabled(Level::debug)) write(Level::debug, fmt::format(f, std::forward<A>(a)...));
}
template <class... A>
void info(fmt::format_string<A...> f, A&&... a) {
  if (enabled(Level::info)) write(Level::info, fmt::format(f, std::forward<A>(a)...));
}
template <class... A>
void warn(fmt::format_string<A...> f, A&&... a) {
  if (enabled(Level::warn)) write(Level::warn, fmt::format(f, std::forward<A>(a)...));
}

// "exe 'arg 1' arg2": the argument vector as one line, each argument single-quoted when it holds
// anything but [A-Za-z0-9/._+-@:,=%]; the value of any --password=/-p<value> argument replaced by
// MASKED.
std::string argv_text(const std::filesystem::path& exe, const std::vector<std::string>& args);

// While alive, every event is also appended to `path`, one timestamped line each ("run.log").
// One at a time (a second open replaces the first's destination).
class FileLog {
 public:
  static Expected<FileLog> open(const std::filesystem::path& path);
  FileLog(FileLog&& other) noexcept : open_(other.open_) { other.open_ = false; }
  FileLog& operator=(FileLog&&) = delete;
  FileLog(const FileLog&) = delete;
  ~FileLog();

 private:
  FileLog() = default;
  bool open_ = true;
};

}  // namespace versus::log
