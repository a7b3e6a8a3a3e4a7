// Accepts connections and starts an HTTP session for each, refusing new ones
// past the connection limit.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/error.hpp>
#include <memory>

#include "server/context.h"

namespace server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& ioc, ServerContext& ctx);
  // Binds and listens; the error says what failed (e.g. the port is taken).
  core::Expected<unsigned short> open(const boost::asio::ip::tcp::endpoint& endpoint);
  void run() { do_accept(); }

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ServerContext& ctx_;
};

}  // namespace server
