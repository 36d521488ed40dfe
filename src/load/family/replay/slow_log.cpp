#include "load/family/replay/slow_log.h"

#include <charconv>
#include <vector>

namespace versus::load::replay {

// What an entry's lines before its statement said.
struct SlowLogReader::Header {
  LoggedQuery query;
  std::optional<std::string> use_db, schema;
  bool any = false;
};

namespace {

// `word` without the backquotes around it.
std::string slow_unquoted(std::string_view word) {
  if (word.size() >= 2 && word.front() == '`' && word.back() == '`')
    word = word.substr(1, word.size() - 2);
  return std::string(word);
}

template <class T>
bool slow_number(std::string_view text, T& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// The words of a line, split at spaces and tabs.
std::vector<std::string_view> slow_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t start = line.find_first_not_of(" \t", at);
    if (start == std::string_view::npos) break;
    std::size_t end = line.find_first_of(" \t", start);
    if (end == std::string_view::npos) end = line.size();
    words.push_back(line.substr(start, end - start));
    at = end;
  }
  return words;
}

// `SET timestamp=N;` (or `SET last_insert_id=A,insert_id=B,timestamp=N;`): N, if there.
std::optional<std::int64_t> slow_set_timestamp(std::string_view line) {
  const std::size_t at = line.find("timestamp=");
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view value = line.substr(at + 10);
  value = value.substr(0, value.find_first_of(",;"));
  double seconds = 0;  // MySQL may write a fraction
  if (!slow_number(value, seconds)) return std::nullopt;
  return static_cast<std::int64_t>(seconds);
}

bool slow_metadata_set(std::string_view line) {
  return line.starts_with("SET timestamp") || line.starts_with("SET last_insert_id") ||
         line.starts_with("SET insert_id");
}

}  // namespace

Expected<void> SlowLogReader::read_field(std::string_view key, std::string_view value,
                                         Header& header) {
  LoggedQuery& q = header.query;
  auto bad = [&] {
    return fail(lines_.where(std::string(key) + " \"" + std::string(value) + "\" is not a number"));
  };
  std::uint64_t id = 0;
  if (key == "Thread_id" || key == "Id") {
    if (!slow_number(value, id)) return bad();
    q.connection = id;
  } else if (key == "Schema") {
    header.schema = std::string(value);
  } else if (key == "Query_time") {
    double seconds = 0;
    if (!slow_number(value, seconds)) return bad();
    q.query_time = seconds;
  } else if (key == "Rows_sent" || key == "Rows_examined") {
    std::int64_t rows = 0;
    if (!slow_number(value, rows)) return bad();
    (key == "Rows_sent" ? q.rows_sent : q.rows_examined) = rows;
  }
  return {};
}

// A "# Key: value  Key: value" line; "# Time: " keeps its whole rest (it holds a space).
Expected<void> SlowLogReader::read_header_line(std::string_view line, Header& header) {
  header.any = true;
  if (line.starts_with("# Time: ")) {
    header.query.time = std::string(line.substr(8));
    return {};
  }
  if (line.starts_with("# administrator command: ")) {
    std::string_view command = line.substr(2);
    if (command.ends_with(";")) command.remove_suffix(1);
    header.query.text = std::string(command);
    header.query.command = LoggedCommand::admin;
    return {};
  }
  const auto words = slow_words(line.substr(1));
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (!words[i].ends_with(":")) continue;
    const std::string_view key = words[i].substr(0, words[i].size() - 1);
    // A key whose value is empty (MariaDB's "Schema:" with no database) is followed by a key.
    const bool has_value = i + 1 < words.size() && !words[i + 1].ends_with(":");
    if (auto r = read_field(key, has_value ? words[i + 1] : "", header); !r) return r;
  }
  return {};
}

// The statement's lines from `first` on, without the ';' the server ended it with.
std::string SlowLogReader::statement_from(std::string first) {
  std::string text = std::move(first);
  std::string line;
  for (const std::string* ahead = lines_.peek(); ahead; ahead = lines_.peek()) {
    const bool ends = text.ends_with(";");
    if (is_log_banner(*ahead) || (ends && ahead->starts_with("#"))) break;
    if (!lines_.next(line).value_or(false)) break;
    text.append("\n").append(line);
  }
  if (text.ends_with(";")) text.pop_back();
  return text;
}

Expected<std::optional<LoggedQuery>> SlowLogReader::next() {
  Header header;
  std::string line;
  for (;;) {
    auto got = lines_.next(line);
    if (!got) return fail(got.error());
    if (!*got) return std::optional<LoggedQuery>();
    if (line.empty() || is_log_banner(line)) continue;
    if (line.starts_with("#")) {
      if (auto r = read_header_line(line, header); !r) return fail(r.error());
      if (header.query.command == LoggedCommand::admin) break;
      continue;
    }
    if (line.starts_with("use ") && line.ends_with(";") && !header.use_db) {
      header.use_db = slow_unquoted(line.substr(4, line.size() - 5));
      continue;
    }
    if (slow_metadata_set(line)) {
      if (auto t = slow_set_timestamp(line)) header.query.unix_time = t;
      continue;
    }
    break;
  }
  LoggedQuery q = std::move(header.query);
  q.line = lines_.number();
  if (q.command != LoggedCommand::admin) q.text = statement_from(std::move(line));
  q.db = header.use_db ? *header.use_db : header.schema ? *header.schema : last_db_;
  last_db_ = q.db;
  return std::optional<LoggedQuery>(std::move(q));
}

}  // namespace versus::load::replay
