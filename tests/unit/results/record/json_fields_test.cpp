// JsonWriter and JsonReader on a record made for the test: one declaration writes the object
// (keys in declaration order, optional ones only when due) and reads it back, and every problem
// is named by its JSON path.
#include "results/record/json_fields.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace json_fields_test {

using versus::results::Absent;
using versus::results::at_least;
using versus::results::named;
using versus::results::Names;
using versus::results::read_json;
using versus::results::Visited;
using versus::results::When;
using versus::results::worded;
using versus::results::write_json;
using Json = nlohmann::ordered_json;

enum class Shade { light, dark };

const Names<Shade> kShades{
    [](const Shade& s) { return std::string(s == Shade::dark ? "dark" : "light"); },
    [](std::string_view name) -> std::optional<Shade> {
      if (name == "dark") return Shade::dark;
      if (name == "light") return Shade::light;
      return std::nullopt;
    },
    R"("light" or "dark")"};

struct Part {
  int size = 0;
  std::string label;
};

struct Whole {
  bool seen = false;  // set by reading
  std::string name;
  int level = 1;
  double ratio = 0;
  bool on = false;
  std::uint64_t big = 0;
  std::int64_t delta = 0;
  Shade shade = Shade::light;
  std::vector<std::string> tags;
  std::map<int, std::uint64_t> per_cpu;
  std::map<std::string, std::int64_t> counts;
  Part part;
  std::vector<Part> parts;
  double from = 0, to = 0;   // the "span" group
  std::string mode = "new";  // files without it meant "old"
  std::string note;          // written when not empty
};

template <class V>
void fields(V& v, Visited<V, Part>& p) {
  v.required("size", at_least(p.size, 0));
  v.required("label", p.label);
}

template <class V>
void fields(V& v, Visited<V, Whole>& w) {
  v.mark_read(w.seen);
  v.required("name", w.name);
  v.required("level", at_least(w.level, 1));
  v.required("ratio", w.ratio);
  v.required("on", w.on);
  v.required("big", w.big);
  v.required("delta", w.delta);
  v.required("shade", named(w.shade, kShades));
  v.required("tags", w.tags);
  v.required("per_cpu", worded(w.per_cpu, "a CPU and a count"));
  v.required("counts", w.counts);
  v.required("part", w.part);
  v.optional("parts", w.parts);
  v.group("span", [&](auto& g) {
    g.required("from", w.from);
    g.required("to", w.to);
  });
  v.optional("mode", w.mode, Absent{std::string("old")});
  v.optional("note", w.note, When{!w.note.empty()});
}

Whole full_whole() {
  Whole w;
  w.name = "w";
  w.level = 3;
  w.ratio = 0.5;
  w.on = true;
  w.big = 18446744073709551615ULL;
  w.delta = -5'000'000'000;
  w.shade = Shade::dark;
  w.tags = {"a", "b"};
  w.per_cpu = {{2, 7}, {10, 1}};
  w.counts = {{"x", -1}};
  w.part = {4, "p"};
  w.parts = {{1, "q"}, {2, "r"}};
  w.from = 1;
  w.to = 2.5;
  w.note = "n";
  return w;
}

std::string problem(const Json& json) {
  auto back = read_json<Whole>(json, "w");
  return back ? "" : back.error().message;
}

TEST_CASE("json_fields: keys are written in declaration order, optional ones when due",
          "[results][json_fields]") {
  CHECK(write_json(full_whole()).dump() ==
        R"({"name":"w","level":3,"ratio":0.5,"on":true,"big":18446744073709551615,)"
        R"("delta":-5000000000,"shade":"dark","tags":["a","b"],"per_cpu":{"2":7,"10":1},)"
        R"("counts":{"x":-1},"part":{"size":4,"label":"p"},)"
        R"("parts":[{"size":1,"label":"q"},{"size":2,"label":"r"}],)"
        R"("span":{"from":1.0,"to":2.5},"mode":"new","note":"n"})");
  Whole plain;
  const Json json = write_json(plain);
  CHECK_FALSE(json.contains("note"));
  CHECK(json["parts"] == Json::array());
  CHECK(json["per_cpu"] == Json::object());
}

TEST_CASE("json_fields: what is written reads back", "[results][json_fields]") {
  const Whole w = full_whole();
  auto back = read_json<Whole>(write_json(w), "w");
  REQUIRE(back);
  CHECK(back->seen);
  CHECK(write_json(*back) == write_json(w));
  CHECK(back->big == w.big);
  CHECK(back->delta == w.delta);
  CHECK(back->per_cpu.at(10) == 1);
  CHECK(back->parts[1].label == "r");
}

TEST_CASE("json_fields: absent optional fields keep their values or read as Absent",
          "[results][json_fields]") {
  Json json = write_json(full_whole());
  for (const char* key : {"parts", "span", "mode", "note"}) json.erase(key);
  auto back = read_json<Whole>(json, "w");
  REQUIRE(back);
  CHECK(back->parts.empty());
  CHECK(back->from == 0);
  CHECK(back->mode == "old");
  CHECK(back->note.empty());
  json.erase("counts");
  CHECK(problem(json) == "w.counts: missing");
}

TEST_CASE("json_fields: a wrong value is named by its path", "[results][json_fields]") {
  struct Case {
    const char* pointer;
    Json value;
    const char* message;
  };
  const Case cases[] = {
      {"/name", 1, "w.name: expected a string, got number"},
      {"/level", 0, "w.level: expected an integer >= 1"},
      {"/level", 1ULL << 40, "w.level: expected an integer >= 1"},
      {"/ratio", "1", "w.ratio: expected a number, got string"},
      {"/on", 1, "w.on: expected true or false, got number"},
      {"/big", -1, "w.big: expected an unsigned integer, got number"},
      {"/big", 1.5, "w.big: expected an unsigned integer, got number"},
      {"/delta", 18446744073709551615ULL,
       "w.delta: expected an integer from -9223372036854775808 to 9223372036854775807"},
      {"/shade", "grey", R"(w.shade: expected "light" or "dark", got "grey")"},
      {"/shade", 2, "w.shade: expected a string, got number"},
      {"/tags", "a", "w.tags: expected an array of strings, got string"},
      {"/tags/1", 2, "w.tags: expected an array of strings"},
      {"/per_cpu/x", 1, "w.per_cpu.x: expected a CPU and a count"},
      {"/per_cpu/3", "1", "w.per_cpu.3: expected a CPU and a count, got string"},
      {"/counts/x", "1", "w.counts.x: expected an integer, got string"},
      {"/part", Json::array(), "w.part: expected an object, got array"},
      {"/part/size", -1, "w.part.size: expected an integer >= 0"},
      {"/parts", Json::object(), "w.parts: expected an array, got object"},
      {"/parts/1", 3, "w.parts[1]: expected an object, got number"},
      {"/parts/1/label", 3, "w.parts[1].label: expected a string, got number"},
      {"/span", 1, "w.span: expected an object, got number"},
      {"/span/to", "2", "w.span.to: expected a number, got string"},
      {"/note", false, "w.note: expected a string, got boolean"},
  };
  for (const Case& c : cases) {
    INFO(c.pointer);
    Json json = write_json(full_whole());
    json[Json::json_pointer(c.pointer)] = c.value;
    CHECK(problem(json) == c.message);
  }
  CHECK(read_json<Whole>(Json::array(), "w").error().message == "w: expected an object");
}

TEST_CASE("json_fields: a missing or wrong-typed field is named before a value out of bounds",
          "[results][json_fields]") {
  Json json = write_json(full_whole());
  json["level"] = 0;
  json["shade"] = "grey";
  CHECK(problem(json) == "w.level: expected an integer >= 1");  // the first of its kind
  json["part"]["label"] = 5;
  CHECK(problem(json) == "w.part.label: expected a string, got number");
  json["part"]["label"] = "p";
  json.erase("note");
  json.erase("tags");
  CHECK(problem(json) == "w.tags: missing");
}

TEST_CASE("json_fields: null reads as NaN, which writes as null", "[results][json_fields]") {
  Json json = write_json(full_whole());
  json["ratio"] = nullptr;
  auto back = read_json<Whole>(json, "w");
  REQUIRE(back);
  CHECK(std::isnan(back->ratio));
  CHECK(write_json(*back)["ratio"].dump() == "null");
}

TEST_CASE("json_fields: arrays and values read at a path of their own", "[results][json_fields]") {
  auto parts = read_json<std::vector<Part>>(Json::parse(R"([{"size": 1, "label": "a"}])"), "ps");
  REQUIRE(parts);
  CHECK(parts->at(0).label == "a");
  CHECK(read_json<std::vector<Part>>(Json::object(), "ps").error().message ==
        "ps: expected an array, got object");
  CHECK(read_json<std::vector<Part>>(Json::parse(R"([{"size": 1}])"), "ps").error().message ==
        "ps[0].label: missing");
}

}  // namespace json_fields_test
