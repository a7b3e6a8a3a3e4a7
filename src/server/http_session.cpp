#include "server/http_session.h"

#include <algorithm>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <iterator>

#include "server/security_headers.h"
#include "server/websocket_session.h"

namespace server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

// The request line and header fields together, and the number of fields.
// Beast's own header_limit applies to what one read brings, not to the
// whole header, so the header is read whole before the parser sees it.
constexpr std::size_t HEADER_BYTES = 8 * 1024;
constexpr std::ptrdiff_t HEADER_FIELDS = 100;
// How long a closing connection reads what the client still sends, so that
// the close does not reset the connection before the client read the reply.
constexpr auto DRAIN_TIMEOUT = std::chrono::seconds(1);

std::string_view view(beast::string_view s) { return {s.data(), s.size()}; }

std::string seconds(std::chrono::milliseconds ms) {
  const auto whole = ms.count() / 1000;
  const auto tenths = ms.count() % 1000 / 100;
  return std::to_string(whole) + (tenths ? "." + std::to_string(tenths) : "") + " s";
}

// Whether the header at the start of `data` ends within `limit` bytes.
bool header_ends_within(std::string_view data, std::size_t limit) {
  data = data.substr(0, limit);
  return data.find("\r\n\r\n") != std::string_view::npos || data.find("\n\n") != std::string_view::npos;
}

// A media type of application/json, parameters (charset) aside.
bool is_json(std::string_view content_type) {
  content_type = content_type.substr(0, content_type.find(';'));
  while (!content_type.empty() && (content_type.back() == ' ' || content_type.back() == '\t'))
    content_type.remove_suffix(1);
  constexpr std::string_view JSON = "application/json";
  if (content_type.size() != JSON.size()) return false;
  for (std::size_t i = 0; i < JSON.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(content_type[i])) != JSON[i]) return false;
  return true;
}

// RFC 6455, 4.2.1: the key is 16 bytes in base64 (Beast checks only that
// it is not too long).
bool is_websocket_key(std::string_view key) {
  if (key.size() != 24 || !key.ends_with("==")) return false;
  return std::all_of(key.begin(), key.end() - 2, [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/';
  });
}

}  // namespace

HttpSession::Answer::Answer(StaticFile f)
    : status(200),
      body(std::move(f.body)),
      content_type(std::move(f.content_type)),
      cache_control(std::move(f.cache_control)),
      encoding(std::move(f.encoding)),
      etag(std::move(f.etag)),
      vary_encoding(true) {}

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ServerContext& ctx,
                         std::shared_ptr<ConnectionSlot> slot)
    : stream_(std::move(socket)), deadline_(stream_.get_executor()), ctx_(ctx), slot_(std::move(slot)) {
  beast::error_code ec;
  const auto endpoint = stream_.socket().remote_endpoint(ec);
  client_ = ec ? "?" : client_key(endpoint.address());
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
  do_read_header();
}

void HttpSession::do_read_header() {
  const auto data = buffer_.data();
  const std::string_view bytes(static_cast<const char*>(data.data()), data.size());
  if (header_ends_within(bytes, HEADER_BYTES))
    return http::async_read(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  if (bytes.size() >= HEADER_BYTES) return on_read(http::error::header_limit, 0);
  stream_.async_read_some(buffer_.prepare(HEADER_BYTES - bytes.size()),
                          [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                            self->buffer_.commit(n);
                            if (ec) return self->on_read(ec, 0);
                            self->do_read_header();
                          });
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  deadline_.cancel();
  if (ec) return answer_failed_read(ec);
  const auto fields = std::distance(parser_->get().begin(), parser_->get().end());
  if (fields > HEADER_FIELDS)
    return send(error_reply(431, "the request has " + std::to_string(fields) + " header fields; at most " +
                                     std::to_string(HEADER_FIELDS)),
                11, false);
  handle(parser_->release());
}

void HttpSession::answer_failed_read(beast::error_code ec) {
  if (timed_out_)
    return send(
        error_reply(408, "the request did not arrive in full within " + seconds(ctx_.limits.request_timeout)),
        11, false);
  if (ec == http::error::end_of_stream || ec == net::error::eof) {
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
  if (ec.category() == http::make_error_code(http::error::bad_target).category())
    return send(error_reply(400, "malformed HTTP request: " + ec.message()), 11, false);
}

void HttpSession::handle(Request request) {
  const std::string_view target = view(request.target());
  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive();

  if (beast::websocket::is_upgrade(request)) return handle_upgrade(std::move(request));

  if (target.starts_with("/api/")) {
    const std::string client = client_of(request);
    if (auto verdict = ctx_.limiter.allow(client); !verdict) {
      HttpReply refused = error_reply(429, "too many requests from " + client + "; slow down");
      refused.retry_after_s = verdict.retry_after.count();
      return send(refused, version, keep_alive);
    }
    if (!request.body().empty() && !is_json(view(request[http::field::content_type])))
      return send(error_reply(415, "Content-Type must be application/json for a body, not '" +
                                       std::string(view(request[http::field::content_type])) + "'"),
                  version, keep_alive);
    const std::string authorization(view(request[http::field::authorization]));
    const RequestHeaders headers{view(request[http::field::cookie]), view(request[http::field::origin]),
                                 view(request[http::field::host]), view(request["Sec-Fetch-Site"]),
                                 view(request["X-Forwarded-Proto"])};
    ctx_.api.handle(
        view(request.method_string()), target, authorization, request.body(),
        [self = shared_from_this(), version, keep_alive](HttpReply reply) {
          net::post(self->stream_.get_executor(), [self, reply = std::move(reply), version, keep_alive] {
            self->send(reply, version, keep_alive);
          });
        },
        client, headers);
    return;
  }
  handle_file(request);
}

// The handshake's other faults (version, method, fields) are Beast's to
// find; WebsocketSession answers them as JSON.
void HttpSession::handle_upgrade(Request request) {
  const std::string_view target = view(request.target());
  const std::string game = Api::websocket_game(target);
  const bool lobby = target.substr(0, target.find('?')) == "/api/lobby/ws";
  if (game.empty() && !lobby)
    return send(error_reply(404, "WebSocket only at /api/games/{id}/ws and /api/lobby/ws"), request.version(),
                false);
  if (!is_websocket_key(view(request[http::field::sec_websocket_key])))
    return send(error_reply(400, "the WebSocket handshake needs a Sec-WebSocket-Key of 16 bytes in base64"),
                request.version(), false);
  stream_.expires_never();
  const auto caller = [&] {
    return ctx_.accounts.identify(Caller{client_of(request)}, view(request[http::field::cookie]));
  };
  auto feed = lobby ? lobby_feed(ctx_.lobby) : game_feed(ctx_.service, game, caller());
  std::make_shared<WebsocketSession>(std::move(stream_), ctx_, slot_, std::move(feed))
      ->run(std::move(request));
}

std::string HttpSession::client_of(const Request& request) const {
  const auto& trusted = ctx_.limits.trusted_proxies;
  if (std::find(trusted.begin(), trusted.end(), client_) == trusted.end()) return client_;
  // The proxy appends its own field after any the caller sent: the last one counts.
  std::string_view forwarded;
  for (auto [it, end] = request.equal_range("X-Forwarded-For"); it != end; ++it)
    forwarded = view(it->value());
  if (const auto comma = forwarded.rfind(','); comma != std::string_view::npos)
    forwarded.remove_prefix(comma + 1);
  while (!forwarded.empty() && forwarded.front() == ' ') forwarded.remove_prefix(1);
  while (!forwarded.empty() && forwarded.back() == ' ') forwarded.remove_suffix(1);
  beast::error_code ec;
  const auto address = net::ip::make_address(std::string(forwarded), ec);
  return ec ? client_ : client_key(address);
}

void HttpSession::handle_file(const Request& request) {
  const std::string_view target = view(request.target());
  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive();
  const bool head = request.method() == http::verb::head;
  if (request.method() != http::verb::get && !head)
    return send(error_reply(405, "only GET and HEAD outside /api/"), version, keep_alive);
  auto file = ctx_.files.find(target, view(request[http::field::accept_encoding]));
  if (!file) {
    // A browser asking for a page gets the app, which says "not found" in its
    // own words; programs get the JSON error.
    const bool wants_page = view(request[http::field::accept]).find("text/html") != std::string_view::npos;
    if (auto page = wants_page ? ctx_.files.not_found_page(target) : std::nullopt) {
      Answer answer(std::move(*page));
      answer.status = 404;
      answer.etag.clear();
      return send(std::move(answer), version, keep_alive, head);
    }
    return send(error_reply(404, "no file " + std::string(target)), version, keep_alive, head);
  }
  Answer answer(std::move(*file));
  if (!answer.etag.empty() && etag_matches(view(request[http::field::if_none_match]), answer.etag)) {
    answer.status = 304;
    answer.body.clear();
  }
  send(std::move(answer), version, keep_alive, head);
}

void HttpSession::send(Answer answer, unsigned version, bool keep_alive, bool head) {
  auto response = std::make_shared<http::response<http::string_body>>(http::status(answer.status), version);
  response->set(http::field::server, "chaturanga");
  set_security_headers(*response);
  response->set(http::field::content_type, answer.content_type);
  response->set(http::field::cache_control, answer.cache_control);
  if (!answer.encoding.empty()) response->set(http::field::content_encoding, answer.encoding);
  if (answer.vary_encoding) response->set(http::field::vary, "Accept-Encoding");
  if (!answer.etag.empty()) response->set(http::field::etag, answer.etag);
  if (answer.retry_after_s > 0) response->set(http::field::retry_after, std::to_string(answer.retry_after_s));
  if (!answer.set_cookie.empty()) response->set(http::field::set_cookie, answer.set_cookie);
  response->keep_alive(keep_alive);
  const std::size_t length = answer.body.size();
  if (!head) response->body() = std::move(answer.body);
  response->prepare_payload();
  if (head && answer.status != 304) response->content_length(length);
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
