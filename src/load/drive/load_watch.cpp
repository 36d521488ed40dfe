#include "load/drive/load_watch.h"

#include "load/drive/run_state.h"

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

std::optional<LoadProgress> LoadBoard::read() const {
  std::lock_guard lock(mutex_);
  if (!state_) return std::nullopt;
  LoadProgress p;
  for (const auto& slot : state_->slots) {
    p.answers += slot.answers.load(std::memory_order_relaxed);
    p.in_flight += slot.in_flight.load(std::memory_order_relaxed);
  }
  const int phase = state_->phase.load(std::memory_order_acquire);
  const auto start = state_->measure_start.load(std::memory_order_acquire);
  p.measuring = phase == kMeasure && start != 0;
  p.stopping = phase == kStop;
  if (start != 0) p.measure_start = Clock::time_point(Clock::duration(start));
  return p;
}

LoadBoard::Entry::Entry(LoadBoard* board, const RunState& state) : board_(board) {
  if (!board_) return;
  std::lock_guard lock(board_->mutex_);
  board_->state_ = &state;
}

LoadBoard::Entry::~Entry() {
  if (!board_) return;
  std::lock_guard lock(board_->mutex_);
  board_->state_ = nullptr;
}

}  // namespace versus::load
