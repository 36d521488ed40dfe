#include "load/load_watch.h"

#include "load/run_state.h"

namespace versus::load {

std::uint64_t LoadWatch::completed() const {
  std::uint64_t n = 0;
  if (state_)
    for (const auto& slot : state_->slots) n += slot.completed.load(std::memory_order_relaxed);
  return n;
}

std::vector<pid_t> LoadWatch::client_tids() const {
  std::vector<pid_t> out;
  if (state_)
    for (const auto& slot : state_->slots)
      if (const int tid = slot.tid.load(std::memory_order_relaxed); tid > 0) out.push_back(tid);
  return out;
}

std::vector<LoadWatch::ThreadSessions> LoadWatch::sessions() const {
  std::vector<ThreadSessions> out;
  if (state_)
    for (const auto& slot : state_->slots)
      out.push_back({slot.tid.load(std::memory_order_relaxed), slot.connection_ids});
  return out;
}

}  // namespace versus::load
