#include "server/store_pg_listen.h"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <iostream>

namespace server::sql {

namespace {

// The pause before connecting again after the connection broke.
constexpr auto RECONNECT_PAUSE = std::chrono::milliseconds(500);

}  // namespace

ChangeListener::ChangeListener(std::string uri, std::string origin)
    : uri_(std::move(uri)), origin_(std::move(origin)), stop_fd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
  thread_ = std::thread([this] { loop(); });
}

ChangeListener::~ChangeListener() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (stop_fd_ >= 0) {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = write(stop_fd_, &one, sizeof one);
  }
  thread_.join();
  if (stop_fd_ >= 0) close(stop_fd_);
}

void ChangeListener::set_handler(Handler handler) {
  std::lock_guard lock(handler_mutex_);
  handler_ = std::move(handler);
}

bool ChangeListener::listening() const {
  std::lock_guard lock(mutex_);
  return listening_;
}

bool ChangeListener::stopping() const {
  std::lock_guard lock(mutex_);
  return stop_;
}

void ChangeListener::deliver(const std::string& game_id) {
  std::lock_guard lock(handler_mutex_);
  if (handler_) handler_(game_id);
}

bool ChangeListener::wait_listening(std::chrono::milliseconds within) const {
  std::unique_lock lock(mutex_);
  return wake_.wait_for(lock, within, [this] { return listening_ || stop_; }) && listening_;
}

void ChangeListener::loop() {
  while (!stopping()) {
    listen_once();
    std::unique_lock lock(mutex_);
    listening_ = false;
    wake_.wait_for(lock, RECONNECT_PAUSE, [this] { return stop_; });
  }
}

void ChangeListener::listen_once() {
  PGconn* conn = PQconnectdb(uri_.c_str());
  const std::string listen = std::string("LISTEN ") + CHANGES_CHANNEL;
  PGresult* r = PQstatus(conn) == CONNECTION_OK ? PQexec(conn, listen.c_str()) : nullptr;
  const bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
  PQclear(r);
  if (!ok) {
    std::cerr << "store: cannot listen for other processes' changes: " << PQerrorMessage(conn);
    PQfinish(conn);
    return;
  }
  // Whatever was notified while no connection listened is unknown: before
  // a reconnection, and before the first connection too, if the process
  // read a game before it listened (a slow first connect). Said before
  // `listening` turns true, so that one who waited for it hears only what
  // changed after: LISTEN already holds every notification from here on.
  deliver("");
  {
    std::lock_guard lock(mutex_);
    listening_ = true;
  }
  wake_.notify_all();
  while (!stopping()) {
    pollfd fds[2] = {{PQsocket(conn), POLLIN, 0}, {stop_fd_, POLLIN, 0}};
    if (poll(fds, 2, -1) < 0 && errno != EINTR) break;
    if (fds[1].revents) break;
    if (!PQconsumeInput(conn)) break;  // the connection broke
    while (PGnotify* n = PQnotifies(conn)) {
      const std::string payload = n->extra ? n->extra : "";
      PQfreemem(n);
      const auto space = payload.find(' ');
      if (space == std::string::npos || payload.compare(0, space, origin_) == 0) continue;
      deliver(payload.substr(space + 1));
    }
  }
  PQfinish(conn);
}

}  // namespace server::sql
