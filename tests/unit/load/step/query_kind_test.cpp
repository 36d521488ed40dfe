#include "load/step/query_kind.h"

#include <catch2/catch.hpp>

using versus::load::query_kind_of;
using versus::load::QueryCounts;
using versus::load::QueryKind;

TEST_CASE("query_kind_of: by the first word, as sysbench counts its queries", "[load][query_kind]") {
  CHECK(query_kind_of("SELECT c FROM sbtest1 WHERE id=?") == QueryKind::read);
  CHECK(query_kind_of("  select 1") == QueryKind::read);
  CHECK(query_kind_of("(SELECT 1) UNION (SELECT 2)") == QueryKind::read);
  CHECK(query_kind_of("WITH t AS (SELECT 1) SELECT * FROM t") == QueryKind::read);
  CHECK(query_kind_of("/* hint */ SELECT 1") == QueryKind::read);
  CHECK(query_kind_of("-- note\nUPDATE t SET a=1") == QueryKind::write);
  CHECK(query_kind_of("# note\ninsert into t values (1)") == QueryKind::write);
  CHECK(query_kind_of("DELETE FROM t") == QueryKind::write);
  CHECK(query_kind_of("REPLACE INTO t VALUES (1)") == QueryKind::write);
  CHECK(query_kind_of("BEGIN") == QueryKind::other);
  CHECK(query_kind_of("COMMIT") == QueryKind::other);
  CHECK(query_kind_of("LOCK TABLES sbtest WRITE") == QueryKind::other);
  CHECK(query_kind_of("SELECTED") == QueryKind::other);  // a word, not a prefix
  CHECK(query_kind_of("") == QueryKind::other);
  CHECK(query_kind_of("/* unterminated") == QueryKind::other);
}

TEST_CASE("QueryCounts: one per statement, by kind", "[load][query_kind]") {
  QueryCounts q;
  for (auto k : {QueryKind::other, QueryKind::read, QueryKind::read, QueryKind::write,
                 QueryKind::other})
    q.add(k);
  CHECK(q.reads == 2);
  CHECK(q.writes == 1);
  CHECK(q.others == 2);
}
