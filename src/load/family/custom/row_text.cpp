#include "load/family/custom/row_text.h"

namespace versus::load::custom {

std::size_t put_text(std::string_view text, char* out, bool tuple) {
  std::size_t at = 0;
  if (tuple) out[at++] = '\'';
  for (const char c : text) {
    const bool special = c == '\\' || c == '\0' || (tuple ? c == '\'' : c == '\t' || c == '\n');
    if (!special) {
      out[at++] = c;
      continue;
    }
    out[at++] = '\\';
    out[at++] = c == '\0' ? '0' : c == '\t' ? 't' : c == '\n' ? 'n' : c;
  }
  if (tuple) out[at++] = '\'';
  return at;
}

}  // namespace versus::load::custom
