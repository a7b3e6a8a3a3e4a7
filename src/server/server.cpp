#include "server/server.h"

#include <malloc.h>
#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <charconv>
#include <memory>
#include <thread>

#include "server/listener.h"
#include "server/rate_limiter.h"

#ifndef CHATURANGA_WEB_ROOT
#define CHATURANGA_WEB_ROOT "web/dist"
#endif

namespace server {

namespace net = boost::asio;

const char* const SERVE_USAGE =
    "usage: chaturanga serve [--port 8080] [--db chaturanga.db] [options]\n"
    "  --db FILE|URI        a SQLite file (chaturanga.db), or PostgreSQL: postgresql://user@host:port/name\n"
    "  --address A          address to bind (127.0.0.1)\n"
    "  --web DIR            the built page (web/dist of the sources)\n"
    "  --threads N          I/O threads (2)\n"
    "  --bot-threads N      engine worker threads (2)\n"
    "  --rate R             API requests per second per client address; 0 turns off every\n"
    "                       per-address limit, game creation's too, unless given (50)\n"
    "  --burst B            requests a client may send at once (200)\n"
    "  --trusted-proxy A    a proxy in front (an IP address; repeatable) whose X-Forwarded-For names the\n"
    "                       client for the per-address limits; behind HAProxy or nginx, its address\n"
    "  --max-connections N  open connections at most (10000)\n"
    "  --bot-min-ms MS      the bot never answers sooner than this (300)\n"
    "  --bot-max-ms MS      the bot's longest think (2000)\n"
    "  --idle-timeout-ms MS     an idle keep-alive connection is closed after this (30000)\n"
    "  --request-timeout-ms MS  a request must arrive in full within this of its first byte (10000)\n"
    "  --keep-finished-ms MS    a finished game leaves memory this long after its last use (60000)\n"
    "  --keep-idle-ms MS        an idle unfinished game leaves memory after this (900000)\n"
    "  --db-read-only           open the database read-only: games can be seen, not played\n"
    "  --db-max-pages N         the database and its WAL may take N pages (4 KiB) of disk, then writes fail\n"
    "                           as on a full disk\n"
    "  --games-per-minute N     games one address (and one account) may create: N at once, then N a\n"
    "                           minute; 0 = no limit (30)\n"
    "  --analysis-threads N     threads for analysis, apart from the bots' (1)\n"
    "  --analysis-queue N       analysis requests waiting in all (32)\n"
    "  --analysis-per-client N  analysis requests one address may have queued or running (4)\n"
    "  --seek-grace-ms MS       a seek outlives its owner's last lobby socket by this (30000)\n"
    "  --left-after-ms MS       a player whose every game socket has closed this long has left: the\n"
    "                           others may claim the game (60000)\n"
    "  --open-seeks N           open seeks one address (and one account) may have (3)\n"
    "  --login-attempts N       log-ins one name may try: N at once, then N every 15 minutes; one address\n"
    "                           3N; 0 = no limit (10)\n"
    "  --hash-threads N         threads that hash passwords (Argon2id, 64 MiB each) (1)\n";

namespace {

template <class T>
bool parse_number(const std::string& text, T& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

namespace {

// The options of the engine work's scheduling: true if `flag` is one of
// them (and then `error` says what was wrong with its value, if anything).
bool parse_scheduling_option(const std::string& flag, const std::string& value, ServeOptions& o,
                             bool& games_limit_given, std::string& error) {
  long n = 0;
  const auto check = [&](long lo, long hi) {
    if (parse_number(value, n) && n >= lo && n <= hi) return true;
    error = "option " + flag + ": bad value '" + value + "' (" + std::to_string(lo) + " to " +
            std::to_string(hi) + ")";
    return false;
  };
  if (flag == "--games-per-minute") {
    if (check(0, 1000000)) o.service.games_per_minute = double(n);
    games_limit_given = true;
  } else if (flag == "--analysis-threads") {
    if (check(1, 64)) o.service.analysis_threads = int(n);
  } else if (flag == "--analysis-queue") {
    if (check(1, 100000)) o.service.analysis_queue_max = std::size_t(n);
  } else if (flag == "--analysis-per-client") {
    if (check(1, 10000)) o.service.analysis_per_client = std::size_t(n);
  } else if (flag == "--login-attempts") {
    if (check(0, 1000000)) o.accounts.login_attempts = double(n);
  } else if (flag == "--hash-threads") {
    if (check(1, 64)) o.accounts.hash_threads = int(n);
  } else {
    return false;
  }
  return true;
}

}  // namespace

core::Expected<ServeOptions> parse_serve_options(const std::vector<std::string>& args) {
  ServeOptions o;
  bool games_limit_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--db-read-only") {
      o.store.read_only = true;
      continue;
    }
    if (i + 1 >= args.size()) return core::error("option '" + flag + "' needs a value");
    const std::string& value = args[++i];
    const auto bad = [&] { return core::error("option " + flag + ": bad value '" + value + "'"); };
    long n = 0;
    double x = 0;
    std::string error;
    if (parse_scheduling_option(flag, value, o, games_limit_given, error)) {
      if (!error.empty()) return core::error(error);
    } else if (flag == "--port") {
      if (!parse_number(value, n) || n < 0 || n > 65535) return bad();
      o.port = static_cast<unsigned short>(n);
    } else if (flag == "--db") {
      o.db = value;
    } else if (flag == "--address") {
      o.address = value;
    } else if (flag == "--web") {
      o.web_root = value;
    } else if (flag == "--threads" || flag == "--bot-threads" || flag == "--max-connections") {
      if (!parse_number(value, n) || n < 1 || n > 1000000) return bad();
      (flag == "--threads"       ? o.io_threads
       : flag == "--bot-threads" ? o.bot_threads
                                 : o.limits.connections) = int(n);
    } else if (flag == "--rate" || flag == "--burst") {
      if (!parse_number(value, x) || x < 0) return bad();
      (flag == "--rate" ? o.limits.requests_per_second : o.limits.request_burst) = x;
    } else if (flag == "--bot-min-ms" || flag == "--bot-max-ms") {
      if (!parse_number(value, n) || n < 0 || n > 600000) return bad();
      (flag == "--bot-min-ms" ? o.service.bot_min_think : o.service.bot_budget_max) =
          std::chrono::milliseconds(n);
    } else if (flag == "--idle-timeout-ms" || flag == "--request-timeout-ms" ||
               flag == "--keep-finished-ms" || flag == "--keep-idle-ms") {
      if (!parse_number(value, n) || n < 0 || n > 86400000 || (n == 0 && flag.find("timeout") != flag.npos))
        return bad();
      (flag == "--idle-timeout-ms"      ? o.limits.idle_timeout
       : flag == "--request-timeout-ms" ? o.limits.request_timeout
       : flag == "--keep-finished-ms"   ? o.service.keep_finished
                                        : o.service.keep_idle) = std::chrono::milliseconds(n);
    } else if (flag == "--left-after-ms") {
      if (!parse_number(value, n) || n < 0 || n > 86400000) return bad();
      o.service.left_after = std::chrono::milliseconds(n);
    } else if (flag == "--seek-grace-ms") {
      if (!parse_number(value, n) || n < 1 || n > 86400000) return bad();
      o.lobby.grace = std::chrono::milliseconds(n);
    } else if (flag == "--open-seeks") {
      if (!parse_number(value, n) || n < 1 || n > 1000) return bad();
      o.lobby.open_per_key = std::size_t(n);
    } else if (flag == "--trusted-proxy") {
      boost::system::error_code ec;
      const auto address = boost::asio::ip::make_address(value, ec);
      if (ec) return core::error("option --trusted-proxy: '" + value + "' is not an IP address");
      o.limits.trusted_proxies.push_back(client_key(address));
    } else if (flag == "--db-max-pages") {
      if (!parse_number(value, n) || n < 1) return bad();
      o.store.max_pages = n;
    } else {
      return core::error("unknown option '" + flag + "'");
    }
  }
  if (o.web_root.empty()) o.web_root = CHATURANGA_WEB_ROOT;
  // `--rate 0` is how tests and benchmarks turn the per-address limits off.
  if (o.limits.requests_per_second <= 0 && !games_limit_given) o.service.games_per_minute = 0;
  if (o.limits.requests_per_second <= 0) o.lobby.seeks_per_minute = 0;
  return o;
}

namespace {

// Each connection is a descriptor; the usual soft limit of 1024 would cap the
// server well below its connection limit.
void raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

// Every bot move allocates its hash table afresh (2 MiB for a two-player
// level below 7, 16 MiB above and for a Chaturaji search) and frees it. glibc raises its mmap threshold after
// the first such free, so later tables come from the heap arenas, where
// freed memory stays resident: 500 MiB after a minute of 40 games against
// bots. A fixed threshold keeps large blocks in mmap, returned on free.
// Fixing it also stops glibc raising its trim threshold, which stays at
// 128 KiB: every free that left that much at the top of an arena gave it
// back (brk, madvise) and the next malloc faulted it in again, each time
// flushing the other cores' TLBs: a third of the server's CPU under 1,000
// clocked games (perf, docs/benchmarks.md). Up to 8 MiB stays with each arena.
void return_large_blocks_on_free() {
  mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 8 * 1024 * 1024);
}

}  // namespace

int run_server(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  raise_descriptor_limit();
  return_large_blocks_on_free();
  auto store = Store::open(options.db, options.store);
  if (!store) {
    err << store.error() << "\n";
    return 1;
  }
  auto pool = std::make_unique<BotPool>(options.bot_threads);
  auto service = std::make_unique<GameService>(**store, *pool, options.service);
  ServerContext ctx(*service, **store, *pool, options.web_root, options.limits, options.lobby,
                    options.accounts);

  net::io_context ioc(options.io_threads);
  boost::system::error_code ec;
  const auto address = net::ip::make_address(options.address, ec);
  if (ec) {
    err << "bad address '" << options.address << "': " << ec.message() << "\n";
    return 1;
  }
  auto listener = std::make_shared<Listener>(ioc, ctx);
  auto port = listener->open({address, options.port});
  if (!port) {
    err << port.error() << "\n";
    return 1;
  }
  listener->run();
  // Serving starts at once; the games whose bot is to move load meanwhile,
  // and any other game loads when it is asked for.
  service->resume_in_background();

  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int) { ioc.stop(); });

  out << "listening on http://" << options.address << ":" << *port << "/  (database "
      << Store::shown_name(options.db) << "; games whose bot is to move resume in the background)"
      << std::endl;

  std::vector<std::thread> threads;
  for (int i = 1; i < options.io_threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (std::thread& t : threads) t.join();
  // The lobby's sweeper pushes to sockets, which go with the io_context.
  ctx.lobby.stop();
  // The service first: it stops its start-up thread and its bots, whose
  // jobs still queued then find its gate closed when the pool drops them.
  service.reset();
  pool.reset();
  return 0;
}

}  // namespace server
