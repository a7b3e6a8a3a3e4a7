#include "server/websocket_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "server/security_headers.h"

namespace server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;

WebsocketSession::WebsocketSession(beast::tcp_stream&& stream, ServerContext& ctx,
                                   std::shared_ptr<ConnectionSlot> slot, std::string game_id)
    : ws_(std::move(stream)), ctx_(ctx), slot_(std::move(slot)), game_id_(std::move(game_id)) {}

namespace {

// The handshake's answer, 101 or Beast's refusal (a plain-text 400, or 426
// for a version it does not speak): the security headers on either, and a
// refusal's reason as our JSON error.
void decorate(websocket::response_type& response) {
  set_security_headers(response);
  response.set(http::field::server, "chaturanga");
  if (response.result() == http::status::switching_protocols) return;
  response.set(http::field::content_type, "application/json");
  response.set(http::field::cache_control, "no-store");
  response.body() = nlohmann::json{{"error", response.body()}}.dump();
  response.prepare_payload();
}

}  // namespace

void WebsocketSession::run(http::request<http::string_body> request) {
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::decorator(decorate));
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.read_message_max(4096);
  ws_.async_accept(request, beast::bind_front_handler(&WebsocketSession::on_accept, shared_from_this()));
}

void WebsocketSession::on_accept(beast::error_code ec) {
  if (ec) return;
  ApiResult first = ctx_.service.subscribe(game_id_, weak_from_this());
  if (first.status != 200) {
    closing_ = true;
    ws_.async_close(
        websocket::close_reason(websocket::close_code::policy_error, first.body.value("error", "")),
        [self = shared_from_this()](beast::error_code) {});
    return;
  }
  queue(std::make_shared<const std::string>(first.body.dump()));
  do_read();
}

void WebsocketSession::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WebsocketSession::on_read, shared_from_this()));
}

// Clients have nothing to say over this socket; reading keeps pings and the
// close handshake going.
void WebsocketSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) return;
  buffer_.consume(buffer_.size());
  do_read();
}

void WebsocketSession::deliver(std::shared_ptr<const std::string> state) {
  net::post(ws_.get_executor(), [self = shared_from_this(), state] { self->queue(state); });
}

void WebsocketSession::queue(std::shared_ptr<const std::string> text) {
  if (closing_) return;
  if (queue_.size() >= ctx_.limits.websocket_queue) {
    closing_ = true;
    beast::get_lowest_layer(ws_).socket().close();
    return;
  }
  queue_.push_back(std::move(text));
  if (queue_.size() == 1) do_write();
}

void WebsocketSession::do_write() {
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebsocketSession::on_write, shared_from_this()));
}

void WebsocketSession::on_write(beast::error_code ec, std::size_t) {
  if (ec) return;
  queue_.pop_front();
  if (!queue_.empty()) do_write();
}

}  // namespace server
