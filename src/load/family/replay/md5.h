#pragma once
// MD5 (RFC 1321) of a byte string, as 32 lowercase hex digits. Used to name a query class as
// pt-query-digest does (fingerprint.h: class_id), not for anything that needs a secure hash.
// Pure.
#include <string>
#include <string_view>

namespace versus::load::replay {

std::string md5_hex(std::string_view bytes);

}  // namespace versus::load::replay
