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
                                   std::shared_ptr<ConnectionSlot> slot, std::unique_ptr<Feed> feed)
    : ws_(std::move(stream)), ctx_(ctx), slot_(std::move(slot)), feed_(std::move(feed)) {}

namespace {

class GameFeed : public Feed {
 public:
  GameFeed(GameService& service, std::string id, Caller caller)
      : service_(service), id_(std::move(id)), caller_(std::move(caller)) {}
  ApiResult open(const std::weak_ptr<Subscriber>& session) override {
    return service_.subscribe(id_, session, caller_);
  }
  nlohmann::json heard(const std::weak_ptr<Subscriber>& session, std::string_view text) override {
    return service_.heard(id_, session, text);
  }
  void closed(const std::weak_ptr<Subscriber>& session) override { service_.unsubscribe(id_, session); }

 private:
  GameService& service_;
  std::string id_;
  Caller caller_;
};

class LobbyFeed : public Feed {
 public:
  explicit LobbyFeed(Lobby& lobby) : lobby_(lobby) {}
  ApiResult open(const std::weak_ptr<Subscriber>& session) override {
    return {200, lobby_.subscribe(session)};
  }
  nlohmann::json heard(const std::weak_ptr<Subscriber>& session, std::string_view text) override {
    return lobby_.heard(session, text);
  }
  void closed(const std::weak_ptr<Subscriber>& session) override { lobby_.closed(session); }

 private:
  Lobby& lobby_;
};

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

std::unique_ptr<Feed> game_feed(GameService& service, std::string game_id, Caller caller) {
  return std::make_unique<GameFeed>(service, std::move(game_id), std::move(caller));
}

std::unique_ptr<Feed> lobby_feed(Lobby& lobby) { return std::make_unique<LobbyFeed>(lobby); }

void WebsocketSession::run(http::request<http::string_body> request) {
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::decorator(decorate));
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.read_message_max(4096);
  ws_.async_accept(request, beast::bind_front_handler(&WebsocketSession::on_accept, shared_from_this()));
}

void WebsocketSession::on_accept(beast::error_code ec) {
  if (ec) return;
  ApiResult first = feed_->open(weak_from_this());
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

// Reading keeps pings and the close handshake going, and hands the feed
// what the client says; an error means the socket is gone.
void WebsocketSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) return feed_->closed(weak_from_this());
  const auto data = buffer_.data();
  nlohmann::json answer =
      feed_->heard(weak_from_this(), std::string_view(static_cast<const char*>(data.data()), data.size()));
  buffer_.consume(buffer_.size());
  if (!answer.is_null()) queue(std::make_shared<const std::string>(answer.dump()));
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
