#include "load/drive/poller.h"

#include <mysql.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

namespace versus::load {
namespace {
unsigned to_epoll(int mysql_wait) {
  unsigned e = 0;
  if (mysql_wait & MYSQL_WAIT_READ) e |= EPOLLIN;
  if (mysql_wait & MYSQL_WAIT_WRITE) e |= EPOLLOUT;
  if (mysql_wait & MYSQL_WAIT_EXCEPT) e |= EPOLLPRI;
  return e;
}

// Hang-ups and errors wake a reader: Connector/C then sees the EOF or error itself.
int to_mysql(unsigned epoll_events) {
  int w = 0;
  if (epoll_events & (EPOLLIN | EPOLLHUP | EPOLLERR | EPOLLRDHUP)) w |= MYSQL_WAIT_READ;
  if (epoll_events & (EPOLLOUT | EPOLLERR)) w |= MYSQL_WAIT_WRITE;
  if (epoll_events & EPOLLPRI) w |= MYSQL_WAIT_EXCEPT;
  return w;
}
}  // namespace

Expected<Poller> Poller::create(std::size_t ids) {
  int fd = ::epoll_create1(EPOLL_CLOEXEC);
  if (fd < 0) return fail(std::string("epoll_create1: ") + std::strerror(errno));
  return Poller(fd, ids);
}

Poller::Poller(int epoll_fd, std::size_t ids) : epoll_fd_(epoll_fd), entries_(ids) {
  ready_.reserve(ids);
}

Poller::Poller(Poller&& other) noexcept
    : epoll_fd_(other.epoll_fd_),
      entries_(std::move(other.entries_)),
      ready_(std::move(other.ready_)) {
  other.epoll_fd_ = -1;
}

Poller::~Poller() {
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
}

Expected<void> Poller::watch(std::size_t id, int fd, int mysql_wait) {
  Entry& e = entries_[id];
  const unsigned want = to_epoll(mysql_wait);
  if (e.fd == fd && e.events == want) return {};
  epoll_event ev{};
  ev.events = want;
  ev.data.u64 = id;
  const int op = e.fd == fd ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
  if (e.fd != fd && e.fd >= 0) forget(id);
  if (::epoll_ctl(epoll_fd_, op, fd, &ev) != 0)
    return fail(std::string("epoll_ctl: ") + std::strerror(errno));
  e = {fd, want};
  return {};
}

void Poller::forget(std::size_t id) {
  Entry& e = entries_[id];
  if (e.fd >= 0) ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, e.fd, nullptr);  // ENOENT/EBADF: gone
  e = {};
}

namespace {
int wait_events(int epoll_fd, epoll_event* events, int max, std::chrono::nanoseconds timeout) {
  const auto ns = std::max<std::int64_t>(0, timeout.count());
  timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  int n = ::epoll_pwait2(epoll_fd, events, max, &ts, nullptr);
  if (n >= 0 || errno != ENOSYS) return n;
  return ::epoll_wait(epoll_fd, events, max, static_cast<int>((ns + 999'999) / 1'000'000));
}
}  // namespace

std::span<const Poller::Ready> Poller::wait(std::chrono::nanoseconds timeout) {
  epoll_event events[256];
  int n = wait_events(epoll_fd_, events, 256, timeout);
  ready_.clear();
  for (int i = 0; i < n; ++i)
    ready_.push_back({static_cast<std::size_t>(events[i].data.u64), to_mysql(events[i].events)});
  return ready_;
}

}  // namespace versus::load
