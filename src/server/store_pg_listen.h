// Changes other processes stored, heard through PostgreSQL's LISTEN/NOTIFY:
// every write of a game's moves, seats or result notifies the channel
// CHANGES_CHANNEL in its own transaction (so a notification comes only with
// a commit), its payload "ORIGIN GAME_ID"; a ChangeListener holds a
// connection of its own that listens there and passes on the game ids whose
// origin is not its own store's. Its thread reconnects when the connection
// breaks, after a pause; each time it starts to listen, the first included,
// it reports "" (changes may have been missed while it did not listen).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace server::sql {

inline constexpr const char* CHANGES_CHANNEL = "chaturanga_games";
// The "game id" of a change to the lobby's seeks (no game id begins with '*').
inline constexpr const char* SEEKS_CHANGED = "*seeks";

class ChangeListener {
 public:
  using Handler = std::function<void(const std::string& game_id)>;

  // Starts listening at once; `origin` is the payload prefix to pass over.
  ChangeListener(std::string uri, std::string origin);
  ~ChangeListener();
  ChangeListener(const ChangeListener&) = delete;
  ChangeListener& operator=(const ChangeListener&) = delete;

  // The handler called (on the listener's thread) for each change; nullptr
  // for none. Returns only once no call to the handler it replaces runs.
  void set_handler(Handler handler);
  // Whether the connection listens now.
  bool listening() const;
  // Waits until the connection listens, at most `within`; whether it does.
  bool wait_listening(std::chrono::milliseconds within) const;

 private:
  void loop();
  // Listens on one connection until it breaks or the listener stops.
  void listen_once();
  void deliver(const std::string& game_id);
  bool stopping() const;

  std::string uri_;
  std::string origin_;
  mutable std::mutex mutex_;
  mutable std::condition_variable wake_;
  bool stop_ = false;
  bool listening_ = false;
  int stop_fd_ = -1;  // an eventfd: written to stop the wait on the socket
  std::mutex handler_mutex_;
  Handler handler_;
  std::thread thread_;
};

}  // namespace server::sql
