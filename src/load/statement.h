#pragma once
// Statement: one server-side prepared statement with its parameter buffers bound once.
// Setting a parameter writes into the bound buffer; execute() sends it and discards rows.
#include <mysql.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "util/expected.h"

namespace versus::load {

enum class ParamType { integer, text };

class Statement {
 public:
  static constexpr std::size_t kMaxParams = 4;
  static constexpr std::size_t kMaxText = 128;

  // Heap-allocated so the bound buffers never move.
  static Expected<std::unique_ptr<Statement>> prepare(MYSQL* mysql, std::string sql,
                                                      std::vector<ParamType> params);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void set_int(std::size_t i, long long v) { ints_[i] = v; }
  // Returns a buffer of kMaxText bytes for parameter i; its length is set to len.
  char* text_buffer(std::size_t i, unsigned long len) {
    lengths_[i] = len;
    return texts_[i].data();
  }
  // 0 on success, else the mysql error number (see last_error()).
  unsigned execute();
  std::string last_error() const;
  const std::string& sql() const { return sql_; }

 private:
  Statement() = default;
  MYSQL_STMT* stmt_ = nullptr;
  std::string sql_;
  std::array<MYSQL_BIND, kMaxParams> binds_{};
  std::array<long long, kMaxParams> ints_{};
  std::array<std::array<char, kMaxText>, kMaxParams> texts_{};
  std::array<unsigned long, kMaxParams> lengths_{};
};

}  // namespace versus::load
