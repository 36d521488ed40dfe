#include "util/log.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <mutex>

namespace versus::log {
namespace {
std::atomic<Verbosity> g_verbosity{Verbosity::normal};

spdlog::level::level_enum spd(Level level) {
  switch (level) {
    case Level::debug:
      return spdlog::level::debug;
    case Level::info:
      return spdlog::level::info;
    case Level::warn:
      break;
  }
  return spdlog::level::warn;
}

// The logger and its two sinks; the file sink is swapped in and out by FileLog.
struct State {
  std::mutex mutex;
  std::shared_ptr<spdlog::sinks::stderr_sink_mt> terminal =
      std::make_shared<spdlog::sinks::stderr_sink_mt>();
  std::shared_ptr<spdlog::sinks::basic_file_sink_mt> file;
  spdlog::logger logger{"versus", terminal};
  std::atomic<bool> file_open{false};

  State() {
    terminal->set_pattern("versus: %v");
    terminal->set_level(spdlog::level::off);
    logger.set_level(spdlog::level::debug);
    logger.flush_on(spdlog::level::debug);  // a crash or kill -9 keeps what was logged
  }
};

State& state() {
  static State s;
  return s;
}
}  // namespace

void set_verbosity(Verbosity v) {
  g_verbosity = v;
  state().terminal->set_level(v == Verbosity::verbose ? spdlog::level::debug : spdlog::level::off);
}

Verbosity verbosity() {
  return g_verbosity;
}

bool enabled(Level) {
  return g_verbosity == Verbosity::verbose || state().file_open.load();
}

void write(Level level, std::string_view message) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.logger.log(spd(level), "{}", message);
}

namespace {
bool plain(std::string_view arg) {
  return !arg.empty() && arg.find_first_not_of(
                             "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                             "/._+-@:,=%") == std::string_view::npos;
}

std::string masked(const std::string& arg) {
  for (std::string_view prefix : {"--password=", "--password ", "-p"})
    if (arg.size() > prefix.size() && arg.compare(0, prefix.size(), prefix) == 0)
      return std::string(prefix) + "MASKED";
  return arg;
}

std::string quoted(const std::string& arg) {
  if (plain(arg)) return arg;
  std::string out = "'";
  for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

std::string argv_text(const std::filesystem::path& exe, const std::vector<std::string>& args) {
  std::string out = quoted(exe.string());
  for (const auto& a : args) out += " " + quoted(masked(a));
  return out;
}

Expected<FileLog> FileLog::open(const std::filesystem::path& path) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  try {
    s.file = std::make_shared<spdlog::sinks::basic_file_sink_mt>(path.string(), false);
  } catch (const spdlog::spdlog_ex& e) {
    return fail("cannot open " + path.string() + ": " + e.what());
  }
  s.file->set_pattern("%Y-%m-%dT%H:%M:%S.%e %-5l %v");
  s.file->set_level(spdlog::level::debug);
  s.logger.sinks() = {s.terminal, s.file};
  s.file_open = true;
  return FileLog();
}

FileLog::~FileLog() {
  if (!open_) return;
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.logger.flush();
  s.logger.sinks() = {s.terminal};
  s.file.reset();
  s.file_open = false;
}

}  // namespace versus::log
