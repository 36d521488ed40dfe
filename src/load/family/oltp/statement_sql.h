#pragma once
// sysbench's OLTP statement classes and the SQL text of each, declared once: what the OLTP
// program (oltp_program.h) prepares and what explain_template.h binds representative values into. `{}` stands
// for the table's name, `?` for each parameter. BEGIN/COMMIT have no text here (the frame).
#include <array>

#include "load/step/transaction_program.h"

namespace versus::load {

// sysbench's OLTP statements, 1.0's and 0.4.12's alike (0.4's delete/insert pair runs an
// index update, a delete and an insert): the indexes into their statement_classes().
namespace oltp {
enum Class : StatementClass {
  point_select,
  simple_range,
  sum_range,
  order_range,
  distinct_range,
  index_update,
  non_index_update,
  delete_,
  insert,
  begin,   // BEGIN, or LOCK TABLES (0.4 mixes on an engine without transactions)
  commit,  // COMMIT, or UNLOCK TABLES
  class_count
};
}  // namespace oltp

// The classes with a statement of their own: point select .. insert.
inline constexpr std::size_t kSqlClasses = oltp::insert + 1;

// sysbench 1.0's oltp_common.lua.
inline constexpr std::array<const char*, kSqlClasses> kOltpSql{
    "SELECT c FROM {} WHERE id=?",
    "SELECT c FROM {} WHERE id BETWEEN ? AND ?",
    "SELECT SUM(k) FROM {} WHERE id BETWEEN ? AND ?",
    "SELECT c FROM {} WHERE id BETWEEN ? AND ? ORDER BY c",
    "SELECT DISTINCT c FROM {} WHERE id BETWEEN ? AND ? ORDER BY c",
    "UPDATE {} SET k=k+1 WHERE id=?",
    "UPDATE {} SET c=? WHERE id=?",
    "DELETE FROM {} WHERE id=?",
    "INSERT INTO {} (id, k, c, pad) VALUES (?, ?, ?, ?)",
};

// sysbench 0.4.12's tests/oltp/sb_oltp.c, its spelling kept.
inline constexpr std::array<const char*, kSqlClasses> kLegacySql{
    "SELECT c from {} where id=?",
    "SELECT c from {} where id between ? and ?",
    "SELECT SUM(K) from {} where id between ? and ?",
    "SELECT c from {} where id between ? and ? order by c",
    "SELECT DISTINCT c from {} where id between ? and ? order by c",
    "UPDATE {} set k=k+1 where id=?",
    "UPDATE {} set c=? where id=?",
    "DELETE from {} where id=?",
    "INSERT INTO {} values(?,0,' ','aaaaaaaaaaffffffffffrrrrrrrrrreeeeeeeeeeyyyyyyyyyy')",
};

}  // namespace versus::load
