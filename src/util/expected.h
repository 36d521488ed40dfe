#pragma once
// Expected<T>: a T or an Error (std::expected is C++23; g++ 12 lacks it).
#include <cassert>
#include <optional>
#include <utility>
#include <variant>

#include "util/error.h"

namespace versus {

struct Unexpected {
  Error error;
};
inline Unexpected fail(std::string message) {
  return Unexpected{Error{std::move(message)}};
}
inline Unexpected fail(Error error) {
  return Unexpected{std::move(error)};
}

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Unexpected u) : v_(std::in_place_index<1>, std::move(u.error)) {}

  bool has_value() const { return v_.index() == 0; }
  explicit operator bool() const { return has_value(); }
  T& value() & {
    assert(has_value());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(v_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  // The value, or `fallback` when this holds an error.
  T value_or(T fallback) const& { return has_value() ? std::get<0>(v_) : std::move(fallback); }
  T value_or(T fallback) && {
    return has_value() ? std::get<0>(std::move(v_)) : std::move(fallback);
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  Error& error() {
    assert(!has_value());
    return std::get<1>(v_);
  }
  const Error& error() const {
    assert(!has_value());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Unexpected u) : error_(std::move(u.error)) {}
  bool has_value() const { return !error_; }
  explicit operator bool() const { return has_value(); }
  Error& error() { return *error_; }
  const Error& error() const { return *error_; }

 private:
  std::optional<Error> error_;
};

}  // namespace versus
