// One WebSocket watching one game: the state on connect and after every
// change. Writes go through its own queue, one in flight at a time; a reader
// too slow to keep up is disconnected rather than buffered without bound.
// The room holds it weakly: a closed session simply expires there.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <string>

#include "server/context.h"

namespace server {

class WebsocketSession : public Subscriber, public std::enable_shared_from_this<WebsocketSession> {
 public:
  WebsocketSession(boost::beast::tcp_stream&& stream, ServerContext& ctx,
                   std::shared_ptr<ConnectionSlot> slot, std::string game_id);
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
  std::string game_id_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool closing_ = false;
};

}  // namespace server
