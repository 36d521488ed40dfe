#include "load/family/replay/redaction.h"

#include "load/family/replay/md5.h"

namespace versus::load::replay {

std::string shown_value(const std::optional<std::string>& value, bool show_values) {
  if (!value) return "NULL";
  if (!show_values) return "#" + md5_hex(*value).substr(0, 8);
  if (value->size() <= kShownValueBytes) return *value;
  std::size_t cut = kShownValueBytes;  // not inside a UTF-8 character
  while (cut > 0 && (static_cast<unsigned char>((*value)[cut]) & 0xc0) == 0x80) --cut;
  return value->substr(0, cut) + "... (" + std::to_string(value->size()) + " bytes)";
}

std::string shown_row(const std::vector<std::string>& names, const ResultRow& row,
                      bool show_values) {
  std::string out;
  for (std::size_t c = 0; c < row.size(); ++c) {
    if (c > 0) out += ", ";
    out += c < names.size() ? names[c] : "#" + std::to_string(c + 1);
    out += "=" + shown_value(row[c], show_values);
  }
  return out;
}

}  // namespace versus::load::replay
