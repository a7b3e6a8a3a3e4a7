// One WebSocket fed by one source (a Feed): a game's state on connect and
// after every change, or the lobby's list. Writes go through its own queue,
// one in flight at a time; a reader too slow to keep up is disconnected
// rather than buffered without bound. Its source holds it weakly: a closed
// session simply expires there.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <string>

#include "server/context.h"

namespace server {

// What a socket serves. Its calls come from the session's strand.
class Feed {
 public:
  virtual ~Feed() = default;
  // The first message; a status other than 200 closes the socket with the error.
  virtual ApiResult open(const std::weak_ptr<Subscriber>& session) = 0;
  // A text message from the client; the answer to send it, or null for none.
  virtual nlohmann::json heard(const std::weak_ptr<Subscriber>&, std::string_view) { return nullptr; }
  // The socket has closed (called once).
  virtual void closed(const std::weak_ptr<Subscriber>&) {}
};

// A game's states (/api/games/{id}/ws); the client may name its seats
// ({"tokens": [...]}), and a caller with a session speaks for its account's.
std::unique_ptr<Feed> game_feed(GameService& service, std::string game_id, Caller caller = {});
// The lobby's list and pairings (/api/lobby/ws); the client sends {"own": [...]}.
std::unique_ptr<Feed> lobby_feed(Lobby& lobby);

class WebsocketSession : public Subscriber, public std::enable_shared_from_this<WebsocketSession> {
 public:
  WebsocketSession(boost::beast::tcp_stream&& stream, ServerContext& ctx,
                   std::shared_ptr<ConnectionSlot> slot, std::unique_ptr<Feed> feed);
  void run(boost::beast::http::request<boost::beast::http::string_body> request);
  void deliver(std::shared_ptr<const std::string> state) override;

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void queue(std::shared_ptr<const std::string> text);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  ServerContext& ctx_;
  std::shared_ptr<ConnectionSlot> slot_;
  std::unique_ptr<Feed> feed_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool closing_ = false;
};

}  // namespace server
