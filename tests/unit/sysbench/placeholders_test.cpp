#include "sysbench/placeholders.h"

#include <catch2/catch.hpp>

using versus::sysbench::placeholder_offsets;
using versus::sysbench::with_literals;

namespace {
std::size_t count(std::string_view sql) { return placeholder_offsets(sql).size(); }
}  // namespace

TEST_CASE("placeholders: outside quotes, escapes and comments", "[sysbench][placeholders]") {
  CHECK(count("SELECT ? , ?") == 2);
  CHECK(count("SELECT '?', \"?\", `?`, ? -- ?\n") == 1);
  CHECK(count("SELECT 'it''s ?', 'a\\'?', ? /* ? */ # ?") == 1);
  CHECK(count("SELECT 1") == 0);
  CHECK(count("SELECT 1 --? not a comment without the space") == 1);
  CHECK(placeholder_offsets("a=? AND b=?") == std::vector<std::size_t>{2, 10});
}

TEST_CASE("placeholders: literals bound in order, only where a parameter goes",
          "[sysbench][placeholders]") {
  CHECK(with_literals("SELECT c FROM t WHERE id = ? AND note <> '?'", {"42"}) ==
        "SELECT c FROM t WHERE id = 42 AND note <> '?'");
  CHECK(with_literals("UPDATE t SET a=? WHERE id=? -- ?", {"'x'", "7"}) ==
        "UPDATE t SET a='x' WHERE id=7 -- ?");
  CHECK(with_literals("SELECT ?, ?", {"1"}) == "SELECT 1, ?");  // fewer literals: ? stays
  CHECK(with_literals("SELECT 1", {"9"}) == "SELECT 1");
}

TEST_CASE("placeholders: :name, LIMIT counts and the server's form",
          "[sysbench][placeholders]") {
  using versus::sysbench::placeholders;
  const auto marks = placeholders(
      "SELECT a FROM t WHERE id = :ticket AND b = ? AND c = ':no' AND @v := 1 -- :no\n"
      "LIMIT :n, ? OFFSET ?");
  REQUIRE(marks.size() == 5);
  CHECK(marks[0].name == "ticket");
  CHECK(marks[0].length == 7);
  CHECK(marks[1].name.empty());
  CHECK_FALSE((marks[0].in_limit || marks[1].in_limit));
  CHECK(marks[2].name == "n");
  CHECK((marks[2].in_limit && marks[3].in_limit && marks[4].in_limit));
  CHECK(placeholders("SELECT ? , LIMIT")[0].in_limit == false);
  CHECK(placeholders("SELECT a FROM t ORDER BY a limit\n ?")[0].in_limit);
  CHECK(versus::sysbench::with_question_marks("UPDATE t SET n = :n + ? WHERE id = :id_2") ==
        "UPDATE t SET n = ? + ? WHERE id = ?");
  CHECK(count("SELECT :a, ?") == 1);  // placeholder_offsets: `?` only
}

TEST_CASE("placeholders: the tables a CREATE's foreign keys reference",
          "[sysbench][placeholders]") {
  using versus::sysbench::referenced_tables;
  CHECK(referenced_tables(
            "CREATE TABLE e (id INT, t INT, u INT, note VARCHAR(9) DEFAULT 'REFERENCES x',\n"
            "  FOREIGN KEY (t) REFERENCES tickets (id), CONSTRAINT f FOREIGN KEY (u)\n"
            "  references `shop`.`us``ers`(id) ON DELETE CASCADE, FOREIGN KEY (t) REFERENCES "
            "tickets(id)) -- REFERENCES y") == std::vector<std::string>{"tickets", "us`ers"});
  CHECK(referenced_tables("CREATE TABLE t (id INT PRIMARY KEY)").empty());
}
