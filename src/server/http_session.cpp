#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "server/websocket_session.h"

namespace server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

constexpr std::size_t HEADER_BYTES = 8 * 1024;
// How long a closing connection reads what the client still sends, so that
// the close does not reset the connection before the client read the reply.
constexpr auto DRAIN_TIMEOUT = std::chrono::seconds(1);

std::string_view view(beast::string_view s) { return {s.data(), s.size()}; }

std::string seconds(std::chrono::milliseconds ms) {
  const auto whole = ms.count() / 1000;
  const auto tenths = ms.count() % 1000 / 100;
  return std::to_string(whole) + (tenths ? "." + std::to_string(tenths) : "") + " s";
}

}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ServerContext& ctx,
                         std::shared_ptr<ConnectionSlot> slot)
    : stream_(std::move(socket)), deadline_(stream_.get_executor()), ctx_(ctx), slot_(std::move(slot)) {
  beast::error_code ec;
  const auto endpoint = stream_.socket().remote_endpoint(ec);
  client_ = ec ? "?" : endpoint.address().to_string();
}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

// Waits for the first byte of the next request; an idle connection is
// closed without a word, as its client asked nothing.
void HttpSession::do_read() {
  if (buffer_.size() > 0) return do_read_request();
  stream_.expires_after(ctx_.limits.idle_timeout);
  stream_.async_read_some(buffer_.prepare(HEADER_BYTES),
                          [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                            self->buffer_.commit(bytes);
                            if (ec) return;
                            self->do_read_request();
                          });
}

void HttpSession::do_read_request() {
  parser_.emplace();
  parser_->body_limit(ctx_.limits.body_bytes);
  parser_->header_limit(HEADER_BYTES);
  stream_.expires_never();
  timed_out_ = false;
  deadline_.expires_after(ctx_.limits.request_timeout);
  deadline_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    auto self = weak.lock();
    if (ec || !self) return;
    self->timed_out_ = true;
    self->stream_.cancel();
  });
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  deadline_.cancel();
  if (ec && timed_out_)
    return send(
        error_reply(408, "the request did not arrive in full within " + seconds(ctx_.limits.request_timeout)),
        11, false);
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec == http::error::body_limit)
    return send(
        error_reply(413, "the body is larger than " + std::to_string(ctx_.limits.body_bytes) + " bytes"), 11,
        false);
  if (ec == http::error::header_limit)
    return send(
        error_reply(431, "the request's headers are larger than " + std::to_string(HEADER_BYTES) + " bytes"),
        11, false);
  if (ec && ec.category() == http::make_error_code(http::error::bad_target).category())
    return send(error_reply(400, "malformed HTTP request: " + ec.message()), 11, false);
  if (ec) return;
  handle(parser_->release());
}

void HttpSession::handle(Request request) {
  const std::string_view target = view(request.target());
  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive();

  if (beast::websocket::is_upgrade(request)) {
    const std::string game = Api::websocket_game(target);
    if (game.empty()) return send(error_reply(404, "WebSocket only at /api/games/{id}/ws"), version, false);
    stream_.expires_never();
    std::make_shared<WebsocketSession>(std::move(stream_), ctx_, slot_, game)->run(std::move(request));
    return;
  }

  if (target.starts_with("/api/")) {
    if (!ctx_.limiter.allow(client_))
      return send(error_reply(429, "too many requests from " + client_ + "; slow down"), version, keep_alive);
    const std::string authorization(view(request[http::field::authorization]));
    ctx_.api.handle(view(request.method_string()), target, authorization, request.body(),
                    [self = shared_from_this(), version, keep_alive](HttpReply reply) {
                      net::post(self->stream_.get_executor(),
                                [self, reply = std::move(reply), version, keep_alive] {
                                  self->send(reply, version, keep_alive);
                                });
                    });
    return;
  }

  const bool head = request.method() == http::verb::head;
  if (request.method() != http::verb::get && !head)
    return send(error_reply(405, "only GET and HEAD outside /api/"), version, keep_alive);
  auto file = ctx_.files.find(target);
  if (!file) {
    // A browser asking for a page gets the app, which says "not found" in its
    // own words; programs get the JSON error.
    const bool wants_page = view(request[http::field::accept]).find("text/html") != std::string_view::npos;
    if (auto page = wants_page ? ctx_.files.not_found_page(target) : std::nullopt)
      return send({404, std::move(page->body), std::move(page->content_type)}, version, keep_alive, head);
    return send(error_reply(404, "no file " + std::string(target)), version, keep_alive, head);
  }
  send({200, std::move(file->body), std::move(file->content_type)}, version, keep_alive, head);
}

void HttpSession::send(HttpReply reply, unsigned version, bool keep_alive, bool head) {
  auto response = std::make_shared<http::response<http::string_body>>(http::status(reply.status), version);
  response->set(http::field::server, "chaturanga");
  response->set(http::field::content_type, reply.content_type);
  response->set(http::field::cache_control, "no-store");
  response->keep_alive(keep_alive);
  const std::size_t length = reply.body.size();
  if (!head) response->body() = std::move(reply.body);
  response->prepare_payload();
  if (head) response->content_length(length);
  response_ = response;
  const bool close = response->need_eof();
  stream_.expires_after(ctx_.limits.write_timeout);
  http::async_write(stream_, *response,
                    beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), close));
}

void HttpSession::on_write(bool close, beast::error_code ec, std::size_t) {
  if (ec) return;
  response_.reset();
  if (!close) return do_read();
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
  buffer_.clear();
  stream_.expires_after(DRAIN_TIMEOUT);
  do_drain();
}

void HttpSession::do_drain() {
  stream_.async_read_some(buffer_.prepare(HEADER_BYTES),
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            self->buffer_.clear();
                            if (!ec) self->do_drain();
                          });
}

}  // namespace server
