#include "server/listener.h"

#include <boost/beast/core.hpp>

#include "server/http_session.h"

namespace server {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& ioc, ServerContext& ctx)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), ctx_(ctx) {}

core::Expected<unsigned short> Listener::open(const tcp::endpoint& endpoint) {
  beast::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    return core::error("cannot listen on " + endpoint.address().to_string() + ":" +
                       std::to_string(endpoint.port()) + ": " + ec.message());
  return acceptor_.local_endpoint().port();
}

void Listener::do_accept() {
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (!ec) {
    if (ctx_.connections.load() >= ctx_.limits.connections) {
      socket.close(ec);
    } else {
      auto slot = std::make_shared<ConnectionSlot>(ctx_);
      std::make_shared<HttpSession>(std::move(socket), ctx_, std::move(slot))->run();
    }
  }
  do_accept();
}

}  // namespace server
