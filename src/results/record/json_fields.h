#pragma once
// JsonWriter and JsonReader: the two visitors of a record's field declaration, so that one
// list of a record's fields (results/record/record_fields.h) both writes its JSON object and reads
// it back. A declaration is a function template, found by argument-dependent lookup:
//   template <class V>
//   void fields(V& v, Visited<V, Record>& r) {
//     v.required("threads", at_least(r.threads, 1));      // always written; reading needs it
//     v.optional("tables", r.tables);                     // older files lack it: keeps r's value
//     v.optional("host", r.host, When{!r.host.empty()});  // written only when not empty
//   }
// write_json(record) writes, read_json<Record>(json, path) reads (at the end of this file).
// Keys are written in declaration order (ordered_json). A value is a member of one of these
// kinds: std::string; bool; double (NaN is written as null, and null reads as NaN); an integer
// type (int, unsigned, std::int64_t, std::uint64_t: within its range; unsigned ones refuse a
// negative); std::map from std::string or int (a decimal key) to a value; a record with a
// declaration of its own (an object); std::vector of any of these (an array). Or a member in
// one of the wrappers below: at_least (a lower bound), named (written as one of a few names),
// worded (what an error says it must be).
//
// Reading checks every field and keeps one problem as "<json path>: <what is wrong>", e.g.
// "cells[3].usage.cpu_interval_s: expected a number, got string": the first field missing or
// of the wrong type, else the first value of the right type that is not allowed (below its
// bound, not one of its names). No exception escapes a reader.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "util/expected.h"

namespace versus::results {

// A record as a visitor sees it: const for the writer, to be filled for the reader.
template <class Visitor, class Record>
using Visited = std::conditional_t<Visitor::kWrites, const Record, Record>;

// An optional field written only when `written` (read whenever present).
struct When {
  bool written = true;
};

// What an optional field reads as when the file lacks it, where that is not the record's own
// default (a file from before the field existed meant something else).
template <class T>
struct Absent {
  T value;
};
template <class T>
Absent(T) -> Absent<T>;  // spelled out: clang before 17 deduces no aggregate's arguments

// An integer member with a lower bound.
template <class T>
struct AtLeast {
  T& value;
  std::int64_t min;
};
template <class T>
AtLeast<T> at_least(T& value, std::int64_t min) {
  return {value, min};
}

// How a value of T is written as one of a few names (an enum, a bool, a checked string).
template <class T>
struct Names {
  std::string (*name)(const T&);                // the name written for a value
  std::optional<T> (*parse)(std::string_view);  // the value of a name; nullopt: not one
  const char* expected;                         // what an error says a name must be
  bool shows_name = true;                       // the error ends with `, got "<name>"`
};
template <class T>
struct Named {
  T& value;
  const Names<std::remove_const_t<T>>& names;
};
template <class T>
Named<T> named(T& value, const Names<std::remove_const_t<T>>& names) {
  return {value, names};
}

// A member whose error says it must be `what` (for a map: each entry) instead of its kind's
// wording ("a boolean" for "true or false").
template <class T>
struct Worded {
  T& value;
  const char* what;
};
template <class T>
Worded<T> worded(T& value, const char* what) {
  return {value, what};
}

namespace json_fields_detail {
template <class T, template <class...> class Template>
inline constexpr bool is_a = false;
template <class... A, template <class...> class Template>
inline constexpr bool is_a<Template<A...>, Template> = true;
template <class T>
inline constexpr bool is_named = false;
template <class T>
inline constexpr bool is_named<Named<T>> = true;
template <class T>
inline constexpr bool is_worded = false;
template <class T>
inline constexpr bool is_worded<Worded<T>> = true;
template <class T>
inline constexpr bool is_at_least = false;
template <class T>
inline constexpr bool is_at_least<AtLeast<T>> = true;
// A record: a value of none of the kinds above, which has a declaration of its own.
template <class T>
inline constexpr bool is_record =
    !std::is_arithmetic_v<T> && !std::is_same_v<T, std::string> && !is_a<T, std::map> &&
    !is_a<T, std::vector> && !is_named<T> && !is_worded<T> && !is_at_least<T>;
}  // namespace json_fields_detail

class JsonWriter {
 public:
  using Json = nlohmann::ordered_json;
  static constexpr bool kWrites = true;

  template <class T>
  void required(const char* key, const T& value) {
    json_[key] = to_json(value);
  }
  template <class T>
  void optional(const char* key, const T& value, When when = {}) {
    if (when.written) required(key, value);
  }
  template <class T, class U>
  void optional(const char* key, const T& value, const Absent<U>&) {
    required(key, value);
  }
  // An object holding fields of this same record ("run_length"): `declare(visitor)` declares
  // them. Older files may lack it.
  template <class Declare>
  void group(const char* key, Declare&& declare, When when = {}) {
    if (!when.written) return;
    JsonWriter inner;
    declare(inner);
    json_[key] = std::move(inner.json_);
  }
  // Reading sets `flag`: the record was in the file. Nothing is written.
  void mark_read(const bool&) {}

  // The JSON of any value a declaration may hold (a record: its object).
  template <class T>
  static Json to_json(const T& value);

 private:
  Json json_ = Json::object();
};

class JsonReader {
 public:
  using Json = nlohmann::ordered_json;
  static constexpr bool kWrites = false;

  // Reads the fields of `object`; `path` names it in errors ("cells[3]"; "" for the top).
  JsonReader(const Json& object, std::string path) : object_(object), path_(std::move(path)) {
    if (!object_.is_object())
      wrong_ = Error{(path_.empty() ? "" : path_ + ": ") + "expected an object"};
  }

  template <class T>
  void required(const char* key, T&& value) {
    if (!ok()) return;
    if (const Json* v = find(key))
      read(*v, path_of(key), value);
    else
      wrong_ = Error{path_of(key) + ": missing"};
  }
  template <class T>
  void optional(const char* key, T&& value, When = {}) {
    if (const Json* v = find(key)) read(*v, path_of(key), value);
  }
  template <class T, class U>
  void optional(const char* key, T&& value, Absent<U> absent) {
    if (const Json* v = find(key))
      read(*v, path_of(key), value);
    else if (ok())
      member_of(value) = std::move(absent.value);
  }
  template <class Declare>
  void group(const char* key, Declare&& declare, When = {}) {
    const Json* v = find(key);
    if (v == nullptr) return;
    if (!v->is_object()) return wrong_type(*v, path_of(key), "an object");
    JsonReader inner(*v, path_of(key));
    declare(inner);
    absorb(inner);
  }
  void mark_read(bool& flag) { flag = true; }

  // Reads all of `value` from `json` (read_json below).
  template <class T>
  static Expected<void> read_whole(const Json& json, const std::string& path, T& value);

 private:
  // False once a field is missing or of the wrong type (later reads do nothing).
  bool ok() const { return !wrong_.has_value(); }
  Expected<void> result() const {
    if (wrong_) return fail(*wrong_);
    if (invalid_) return fail(*invalid_);
    return {};
  }
  std::string path_of(const char* key) const { return path_.empty() ? key : path_ + "." + key; }
  const Json* find(const char* key) const {
    if (!ok()) return nullptr;
    const auto it = object_.find(key);
    return it == object_.end() ? nullptr : &*it;
  }
  void wrong_type(const Json& v, const std::string& at, const std::string& what) {
    if (ok()) wrong_ = Error{at + ": expected " + what + ", got " + v.type_name()};
  }
  void wrong(const std::string& at, const std::string& what) {
    if (ok()) wrong_ = Error{at + ": expected " + what};
  }
  void invalid(const std::string& at, const std::string& what) {
    if (!invalid_) invalid_ = Error{at + ": expected " + what};
  }
  void absorb(const JsonReader& inner) {
    if (!wrong_) wrong_ = inner.wrong_;
    if (!invalid_) invalid_ = inner.invalid_;
  }

  template <class T>
  static auto& member_of(T& value) {
    using namespace json_fields_detail;
    if constexpr (is_named<T> || is_worded<T> || is_at_least<T>)
      return value.value;
    else
      return value;
  }

  template <class T>
  void read(const Json& v, const std::string& at, T& out, const char* what = nullptr);
  template <class I>
  void read_integer(const Json& v, const std::string& at, I& out, std::int64_t min,
                    const char* what);
  template <class T>
  void read_named(const Json& v, const std::string& at, Named<T>& out);
  template <class K, class V>
  void read_map(const Json& v, const std::string& at, std::map<K, V>& out, const char* what);
  template <class T>
  void read_array(const Json& v, const std::string& at, std::vector<T>& out);
  template <class Record>
  void read_record(const Json& v, const std::string& at, Record& out);

  const Json& object_;
  std::string path_;
  std::optional<Error> wrong_;    // the first field missing or of the wrong type
  std::optional<Error> invalid_;  // the first value of the right type that is not allowed
};

// The JSON of `value`: a record's object as its declaration says, or any other value above.
template <class T>
nlohmann::ordered_json write_json(const T& value) {
  return JsonWriter::to_json(value);
}

// `value` with `json` read into it (an absent optional field keeps its value); `path` names
// `json` in errors ("cells[3].usage"; "" for the top).
template <class T>
Expected<T> read_json(const nlohmann::ordered_json& json, const std::string& path, T value = {}) {
  if (auto done = JsonReader::read_whole(json, path, value); !done) return fail(done.error());
  return value;
}

// ---- the writer's values ----

template <class T>
nlohmann::ordered_json JsonWriter::to_json(const T& value) {
  using namespace json_fields_detail;
  if constexpr (is_at_least<T> || is_worded<T>) {
    return to_json(value.value);
  } else if constexpr (is_named<T>) {
    return value.names.name(value.value);
  } else if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, std::string>) {
    return Json(value);
  } else if constexpr (is_a<T, std::map>) {
    Json out = Json::object();
    for (const auto& [key, item] : value) {
      if constexpr (std::is_same_v<typename T::key_type, std::string>)
        out[key] = to_json(item);
      else
        out[std::to_string(key)] = to_json(item);
    }
    return out;
  } else if constexpr (is_a<T, std::vector>) {
    Json out = Json::array();
    for (const auto& item : value) out.push_back(to_json(item));
    return out;
  } else {
    JsonWriter inner;
    fields(inner, value);
    return std::move(inner.json_);
  }
}

// ---- the reader's values ----

template <class T>
Expected<void> JsonReader::read_whole(const Json& json, const std::string& path, T& value) {
  if constexpr (json_fields_detail::is_record<T>) {
    JsonReader reader(json, path);  // a record that is no object: "<path>: expected an object"
    if (reader.ok()) fields(reader, value);
    return reader.result();
  } else {
    static const Json kNothing = Json::object();
    JsonReader reader(kNothing, "");
    reader.read(json, path, value);
    return reader.result();
  }
}

template <class T>
void JsonReader::read(const Json& v, const std::string& at, T& out, const char* what) {
  using namespace json_fields_detail;
  if constexpr (is_at_least<T>) {
    read_integer(v, at, out.value, out.min, what);
  } else if constexpr (is_worded<T>) {
    read(v, at, out.value, out.what);
  } else if constexpr (is_named<T>) {
    read_named(v, at, out);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!v.is_boolean()) return wrong_type(v, at, what ? what : "true or false");
    out = v.get<bool>();
  } else if constexpr (std::is_same_v<T, double>) {
    if (!v.is_number() && !v.is_null()) return wrong_type(v, at, what ? what : "a number");
    out = v.is_null() ? std::numeric_limits<double>::quiet_NaN() : v.get<double>();
  } else if constexpr (std::is_integral_v<T>) {
    read_integer(v, at, out, std::numeric_limits<std::int64_t>::min(), what);
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!v.is_string()) return wrong_type(v, at, what ? what : "a string");
    out = v.get<std::string>();
  } else if constexpr (is_a<T, std::map>) {
    read_map(v, at, out, what);
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    if (!v.is_array()) return wrong_type(v, at, "an array of strings");
    out.clear();
    for (const Json& item : v) {
      if (!item.is_string()) return wrong(at, "an array of strings");
      out.push_back(item.get<std::string>());
    }
  } else if constexpr (is_a<T, std::vector>) {
    read_array(v, at, out);
  } else {
    read_record(v, at, out);
  }
}

// `min` is the declared bound (the lowest std::int64_t when none); the type's range applies too.
template <class I>
void JsonReader::read_integer(const Json& v, const std::string& at, I& out, std::int64_t min,
                              const char* what) {
  using Limits = std::numeric_limits<I>;
  constexpr bool kUnsigned = std::is_unsigned_v<I>;
  const char* kind = what ? what : kUnsigned ? "an unsigned integer" : "an integer";
  const bool negative =
      v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0;
  if (!v.is_number_integer() || (kUnsigned && negative)) return wrong_type(v, at, kind);
  const bool bounded = min > std::numeric_limits<std::int64_t>::min();
  const std::int64_t lowest = std::max<std::int64_t>(min, Limits::min());
  bool fits = false;
  if (negative)
    fits = v.get<std::int64_t>() >= lowest;
  else
    fits = v.get<std::uint64_t>() <= static_cast<std::uint64_t>(Limits::max()) &&
           (lowest <= 0 || v.get<std::uint64_t>() >= static_cast<std::uint64_t>(lowest));
  if (fits) {
    out = negative ? static_cast<I>(v.get<std::int64_t>()) : static_cast<I>(v.get<std::uint64_t>());
  } else if (bounded) {
    invalid(at, std::string(kind) + " >= " + std::to_string(min));
  } else {
    invalid(at, std::string(kind) + " from " + std::to_string(Limits::min()) + " to " +
                    std::to_string(Limits::max()));
  }
}

template <class T>
void JsonReader::read_named(const Json& v, const std::string& at, Named<T>& out) {
  if (!v.is_string()) return wrong_type(v, at, "a string");
  const auto& name = v.get_ref<const std::string&>();
  if (auto value = out.names.parse(name)) {
    out.value = std::move(*value);
    return;
  }
  std::string what = out.names.expected;
  if (out.names.shows_name) what += ", got \"" + name + "\"";
  invalid(at, what);
}

template <class K, class V>
void JsonReader::read_map(const Json& v, const std::string& at, std::map<K, V>& out,
                          const char* what) {
  if (!v.is_object()) return wrong_type(v, at, "an object");
  for (const auto& [name, item] : v.items()) {
    const std::string item_at = at + "." + name;
    K key{};
    if constexpr (std::is_same_v<K, std::string>) {
      key = name;
    } else {
      if (name.empty() || name.size() > 9 || name.find_first_not_of("0123456789") != name.npos)
        return wrong(item_at, what ? what : "a decimal key");
      key = static_cast<K>(std::stol(name));
    }
    V value{};
    read(item, item_at, value, what);
    if (!ok()) return;
    out[key] = std::move(value);
  }
}

template <class T>
void JsonReader::read_array(const Json& v, const std::string& at, std::vector<T>& out) {
  if (!v.is_array()) return wrong_type(v, at, "an array");
  out.clear();
  for (std::size_t i = 0; i < v.size() && ok(); ++i) {
    T item{};
    read(v[i], at + "[" + std::to_string(i) + "]", item);
    out.push_back(std::move(item));
  }
}

template <class Record>
void JsonReader::read_record(const Json& v, const std::string& at, Record& out) {
  if (!v.is_object()) return wrong_type(v, at, "an object");
  JsonReader inner(v, at);
  fields(inner, out);
  absorb(inner);
}

}  // namespace versus::results
