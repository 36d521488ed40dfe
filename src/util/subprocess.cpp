#include "util/subprocess.h"

#include <boost/process.hpp>
#include <sstream>

namespace versus {
namespace bp = boost::process;

std::string last_lines(std::string_view text, int n) {
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  std::size_t pos = text.size();
  for (int i = 0; i < n && pos != std::string_view::npos && pos > 0; ++i)
    pos = text.rfind('\n', pos - 1);
  if (pos == std::string_view::npos || pos == 0) return std::string(text);
  return std::string(text.substr(pos + 1));
}

Expected<std::string> run_capture(const std::filesystem::path& exe,
                                  const std::vector<std::string>& args,
                                  std::chrono::milliseconds timeout) {
  try {
    bp::ipstream out;
    bp::child child(exe.string(), bp::args(args), (bp::std_out & bp::std_err) > out,
                    bp::std_in < bp::null);
    std::ostringstream text;
    text << out.rdbuf();  // reads until the child closes its output
    if (!child.wait_for(timeout)) {
      child.terminate();
      return fail(exe.filename().string() + " did not finish within " +
                  std::to_string(timeout.count()) + " ms");
    }
    if (child.exit_code() != 0)
      return fail(exe.filename().string() + " exited with status " +
                  std::to_string(child.exit_code()) + ": " + last_lines(text.str(), 10));
    return text.str();
  } catch (const std::exception& e) {
    return fail(std::string("cannot run ") + exe.string() + ": " + e.what());
  }
}

}  // namespace versus
