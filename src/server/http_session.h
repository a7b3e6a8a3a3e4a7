// One HTTP connection: reads a request (bounded in size, header count and
// time), answers it from the API or the page's files, or hands the socket to
// a WebSocket session. One request at a time per connection. A request that
// is too large, malformed or too slow gets its JSON error before the close.
// Every answer carries the security headers (security_headers.h).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/context.h"

namespace server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx,
              std::shared_ptr<ConnectionSlot> slot);
  void run();

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;

  // An answer with what HTTP needs beyond the API's reply: how it may be
  // cached and how it is encoded.
  struct Answer {
    Answer(HttpReply r)
        : status(r.status),
          body(std::move(r.body)),
          content_type(std::move(r.content_type)),
          retry_after_s(r.retry_after_s),
          set_cookie(std::move(r.set_cookie)) {}
    Answer(StaticFile f);
    unsigned status = 200;
    std::string body;
    std::string content_type;
    std::string cache_control = "no-store";
    std::string encoding;
    std::string etag;
    bool vary_encoding = false;
    long long retry_after_s = 0;
    std::string set_cookie;
  };

  void do_read();
  void do_read_request();
  void do_read_header();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // Answers a read that failed for time, size or syntax; other failures
  // (the client left) close quietly.
  void answer_failed_read(boost::beast::error_code ec);
  void handle(Request request);
  void handle_upgrade(Request request);
  void handle_file(const Request& request);
  // The caller's address (client_key()): the connection's peer, or, when the
  // peer is a trusted proxy, the address it put last in X-Forwarded-For.
  std::string client_of(const Request& request) const;
  void send(Answer answer, unsigned version, bool keep_alive, bool head = false);
  void on_write(bool close, boost::beast::error_code ec, std::size_t bytes);
  void do_drain();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  boost::asio::steady_timer deadline_;
  bool timed_out_ = false;
  ServerContext& ctx_;
  std::shared_ptr<ConnectionSlot> slot_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> response_;
  std::string client_;
};

}  // namespace server
