#include "config/reading/did_you_mean.h"

#include <catch2/catch.hpp>

using versus::config::did_you_mean;
using versus::config::edit_distance;

TEST_CASE("edit_distance: insertions, deletions, substitutions, transpositions",
          "[config][did_you_mean]") {
  CHECK(edit_distance("", "") == 0);
  CHECK(edit_distance("abc", "") == 3);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("thread", "threads") == 1);
  CHECK(edit_distance("treads", "threads") == 1);
  CHECK(edit_distance("threbds", "threads") == 1);
  CHECK(edit_distance("tabels", "tables") == 1);  // one adjacent transposition
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("ca", "abc") == 3);  // optimal string alignment, not full Damerau
  CHECK(edit_distance("Threads", "threads") == 1);
}

TEST_CASE("did_you_mean: close candidates only", "[config][did_you_mean]") {
  const std::vector<std::string_view> keys{"servers", "threads", "tables", "table_size", "name"};
  CHECK(did_you_mean("thread", keys) == "threads");
  CHECK(did_you_mean("THREADS", keys) == "threads");
  CHECK(did_you_mean("tabel_size", keys) == "table_size");
  CHECK(did_you_mean("nme", keys) == "name");
  CHECK(did_you_mean("srevers", keys) == "servers");
  CHECK_FALSE(did_you_mean("colour", keys).has_value());
  CHECK_FALSE(did_you_mean("x", keys).has_value());
  CHECK_FALSE(did_you_mean("", keys).has_value());
  CHECK_FALSE(did_you_mean("thrds", std::vector<std::string_view>{"tables"}).has_value());
  CHECK_FALSE(did_you_mean("thread", {}).has_value());
}

TEST_CASE("did_you_mean: short words need closer matches", "[config][did_you_mean]") {
  const std::vector<std::string_view> engines{"innodb", "myisam", "aria", "rocksdb", "memory"};
  CHECK(did_you_mean("inodb", engines) == "innodb");
  CHECK(did_you_mean("ari", engines) == "aria");
  CHECK_FALSE(did_you_mean("ab", engines).has_value());
  CHECK_FALSE(did_you_mean("tokudb", engines).has_value());
}

TEST_CASE("did_you_mean: the closest wins, ties go to the first", "[config][did_you_mean]") {
  CHECK(did_you_mean("tablex", std::vector<std::string_view>{"tables", "table"}) == "tables");
  CHECK(did_you_mean("abcd", std::vector<std::string_view>{"abce", "abcf"}) == "abce");
  CHECK(did_you_mean("abcd", std::vector<std::string_view>{"abxy", "abcf"}) == "abcf");
}
