#pragma once
// Poller: the sockets of many sessions in one epoll set, speaking Connector/C's MYSQL_WAIT_*
// masks. Interest is level-triggered and changed only when it differs from the registered
// one, so a session that keeps waiting to read costs no epoll_ctl per statement.
#include <chrono>
#include <cstddef>
#include <span>
#include <vector>

#include "util/expected.h"

namespace versus::load {

class Poller {
 public:
  struct Ready {
    std::size_t id;  // as given to watch()
    int events;      // MYSQL_WAIT_READ | MYSQL_WAIT_WRITE | MYSQL_WAIT_EXCEPT
  };

  static Expected<Poller> create(std::size_t ids);  // ids 0 .. ids-1
  ~Poller();
  Poller(Poller&& other) noexcept;
  Poller& operator=(Poller&&) = delete;
  Poller(const Poller&) = delete;

  // Session `id` now waits for `mysql_wait` events on `fd` (0: for nothing).
  Expected<void> watch(std::size_t id, int fd, int mysql_wait);
  // Drops `id`'s socket from the set; call before that socket is closed.
  void forget(std::size_t id);
  // Waits at most `timeout` (to the nanosecond where the kernel has epoll_pwait2, else
  // rounded up to a millisecond) for ready sockets; the result is valid until the next call.
  std::span<const Ready> wait(std::chrono::nanoseconds timeout);

 private:
  struct Entry {
    int fd = -1;
    unsigned events = 0;  // EPOLL* interest registered for fd
  };
  explicit Poller(int epoll_fd, std::size_t ids);

  int epoll_fd_ = -1;
  std::vector<Entry> entries_;
  std::vector<Ready> ready_;
};

}  // namespace versus::load
