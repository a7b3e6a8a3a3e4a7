#include "server/listener.h"

#include <array>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <chrono>
#include <string>
#include <string_view>

#include "server/http_session.h"
#include "server/security_headers.h"

namespace server {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr std::string_view REFUSAL_BODY = R"({"error":"too many connections: try again in a moment"})";

// A connection past the limit gets a JSON 503 and is closed. What the client
// sent is drained for at most a second first, so that the close does not
// reset the connection before the client has read the answer.
class Refusal : public std::enable_shared_from_this<Refusal> {
 public:
  explicit Refusal(tcp::socket socket) : socket_(std::move(socket)), timer_(socket_.get_executor()) {}

  void run() {
    response_ =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        "Retry-After: 1\r\nCache-Control: no-store\r\n" +
        security_header_lines() +
        "Connection: close\r\nContent-Length: " + std::to_string(REFUSAL_BODY.size()) + "\r\n\r\n" +
        std::string(REFUSAL_BODY);
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([self = shared_from_this()](beast::error_code) { self->close(); });
    net::async_write(socket_, net::buffer(response_),
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (ec) return self->close();
                       self->socket_.shutdown(tcp::socket::shutdown_send, ec);
                       self->do_drain();
                     });
  }

 private:
  void do_drain() {
    socket_.async_read_some(net::buffer(drain_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return self->close();
                              self->do_drain();
                            });
  }
  void close() {
    beast::error_code ec;
    timer_.cancel();
    socket_.close(ec);
  }

  tcp::socket socket_;
  net::steady_timer timer_;
  std::string response_;
  std::array<char, 1024> drain_{};
};

}  // namespace

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
      std::make_shared<Refusal>(std::move(socket))->run();
    } else {
      auto slot = std::make_shared<ConnectionSlot>(ctx_);
      std::make_shared<HttpSession>(std::move(socket), ctx_, std::move(slot))->run();
    }
  }
  do_accept();
}

}  // namespace server
