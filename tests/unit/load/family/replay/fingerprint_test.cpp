#include "load/family/replay/fingerprint.h"

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

using versus::load::replay::class_id;
using versus::load::replay::fingerprint;

namespace {
// Statements and the fingerprints pt-query-digest 3.2.1's QueryRewriter::fingerprint gives them
// (Debian 12's percona-toolkit, its defaults), one per rule and its odd corners.
const std::vector<std::pair<std::string, std::string>> kPtQueryDigest = {
    {"SELECT * FROM t1 WHERE a IN (1,2,3) AND b='x' ORDER BY c ASC, d ASC LIMIT 5, 10",
     "select * from t? where a in(?+) and b=? order by c, d limit ?"},
    {"select * from t1 where a in (4, 5)", "select * from t? where a in(?+)"},
    {"SELECT c FROM sbtest1 WHERE id=4711", "select c from sbtest? where id=?"},
    {"SELECT TRUE, FALSE, NULL, null_col FROM t", "select ?, ?, ?, null_col from t"},
    {"select 0xFF, -1.5e+3, x'0A', b'101' from `tbl2`", "select ?ff, ?, ?, ? from `tbl?`"},
    {"select \"a\\\"b\", 'it''s', 'x\\'y' from t", "select ?, ??, ? from t"},
    {"INSERT INTO t (a,b) VALUES (1,'x'),(2,'y'),(3,'z')", "insert into t (a,b) values(?+)"},
    {"insert ignore into t values (1), (2)", "insert ignore into t values(?+)"},
    {"REPLACE INTO t(a) VALUES(1) , (2)", "replace into t(a) values(?+)"},
    {"INSERT INTO t VALUES (1)", "insert into t values(?+)"},
    {"INSERT INTO t SELECT * FROM u", "insert into t select * from u"},
    {"/* app:checkout */ SELECT 1 FROM dual", "select ? from dual"},
    {"SELECT /*+ MAX_EXECUTION_TIME(1000) */ a FROM t", "select a from t"},
    {"SELECT /*!40001 SQL_NO_CACHE */ a FROM t", "select /*!? sql_no_cache */ a from t"},
    {"SELECT a -- trailing\nFROM t # hash comment\nWHERE b = 2", "select a from t where b = ?"},
    {"SELECT '--not a comment' FROM t", "select ? from t"},
    {"use test", "use ?"},
    {"USE `shop`", "use ?"},
    {"use my db", "use my db"},
    {"CALL proc_name(1, 'a')", "call proc_name"},
    {"  call  Schema.Proc(2)", "call  schema.proc"},
    {"administrator command: Quit", "administrator command: Quit"},
    {"SELECT /*!40001 SQL_NO_CACHE */ * FROM `t`", "mysqldump"},
    {"SELECT x FROM t /*checksum.t:1/5*/", "percona-toolkit"},
    {"select a from t union select a from t", "select a from t /*repeat union*/"},
    {"select a from t union all select a from t union all select a from t",
     "select a from t /*repeat union all*/"},
    {"select a from t union select b from t", "select a from t union select b from t"},
    {"SELECT * FROM t LIMIT 10 OFFSET 20", "select * from t limit ?"},
    {"SELECT * FROM t LIMIT 10,20", "select * from t limit ?"},
    {"SELECT * FROM t ORDER BY a ASC", "select * from t order by a"},
    {"SELECT * FROM t ORDER BY a DESC, b ASC, c", "select * from t order by a desc, b, c"},
    {"SELECT * FROM t ORDER BY a  ASC ,b asc", "select * from t order by a ,b"},
    {"SELECT\n  a,\n  b\nFROM\tt\n\nWHERE id = 1\n", "select a, b from t where id = ?"},
    {"\n\t SELECT 1\n", "select ?"},
    {"UPDATE t SET a = a + 1 WHERE id = -5", "update t set a = a ? ? where id = ?"},
    {"select * from t where x in ( ? , ? ) and y in(1) and z not in ('a','b')",
     "select * from t where x in(?+) and y in(?+) and z not in(?+)"},
    {"SELECT * FROM t WHERE d = '2024-01-01' AND e > 3.14",
     "select * from t where d = ? and e > ?"},
    {"select max(id) from t1, t2 where t1.id = t2.id",
     "select max(id) from t?, t? where t?id = t?id"},
    {"SELECT a FROM t WHERE name LIKE 'abc%' AND flag = TRUE",
     "select a from t where name like ? and flag = ?"},
    {"insert into t (a) values (1),(2) on duplicate key update a = values(a)",
     "insert into t (a) values(?+)"},
    {"SELECT 1 /* unterminated", "select ? /* unterminated"},
    {"SELECT 'unterminated", "select 'unterminated"},
    {"/**/ select 1 /* x */", ""},
    {"SELECT * FROM t WHERE a IN (SELECT b FROM u WHERE c IN (1,2))",
     "select * from t where a in (select b from u where c in(?+))"},
    {"select MD5('x') as h, uuid(), now() from t order by h asc limit 1",
     "select md?(?) as h, uuid(), now() from t order by h limit ?"},
    {"SHOW TABLES", "show tables"},
    {"SET @a = 1", "set @a = ?"},
    {"BEGIN", "begin"},
    {"COMMIT", "commit"},
    {"PREPARE s FROM 'SELECT ?'", "prepare s from ?"},
    {"select * from t where a = 1 and b=2e5 and c = +7",
     "select * from t where a = ? and b=? and c = ?"},
    {"SELECT * FROM `order` ORDER BY `asc` ASC", "select * from `order` order by `asc`"},
    {"select a,b from t where (a,b) in ((1,2),(3,4))",
     "select a,b from t where (a,b) in ((?,?),(?,?))"},
    {"select 1 from t where x=1#c\n", "select ? from t where x=?"},
    {"SELECT caf\xc3\x83\xc2\xa9 FROM t WHERE n = '\xc3\x83\xc2\xa9t\xc3\x83\xc2\xa9'",
     "select caf\xc3\x83\xc2\xa9 from t where n = ?"}};
}  // namespace

TEST_CASE("fingerprint gives pt-query-digest 3.2.1's fingerprints", "[replay][fingerprint]") {
  for (const auto& [statement, expected] : kPtQueryDigest) {
    INFO(statement);
    CHECK(fingerprint(statement) == expected);
  }
}

TEST_CASE("fingerprint puts statements that differ in values only in one class",
          "[replay][fingerprint]") {
  CHECK(fingerprint("SELECT * FROM t WHERE id IN (1, 2)") ==
        fingerprint("select * -- all\n  from t\n where id in ('a','b','c')"));
  // A comment at the end leaves its space before it (pt-query-digest's fingerprint too).
  CHECK(fingerprint("SELECT 1 FROM t -- x") == "select ? from t ");
  CHECK(fingerprint("INSERT INTO t VALUES (1,'a')") ==
        fingerprint("insert into t values (2,'b'),(3,'c')"));
  CHECK(fingerprint("SELECT 1 FROM t LIMIT 5") != fingerprint("SELECT 1 FROM u LIMIT 5"));
}

TEST_CASE("class_id is pt-query-digest 3.2.1's checksum of the fingerprint",
          "[replay][fingerprint]") {
  // The checksums pt-query-digest 3.2.1 prints for these fingerprints (upper-case MD5).
  CHECK(class_id("select * from t? where a in(?+) and b=? order by c, d limit ?") ==
        "2F283286BE19873E74420B49B367F474");
  CHECK(class_id("use ?") == "DD749893CA4A219A6C099B0B73EA7633");
  CHECK(class_id("") == "D41D8CD98F00B204E9800998ECF8427E");
}
