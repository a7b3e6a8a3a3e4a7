#include "server/accounts/account_service.h"

#include <charconv>
#include <chrono>
#include <cmath>

#include "server/accounts/credentials.h"
#include "server/accounts/password.h"
#include "server/accounts/session_id.h"
#include "server/match.h"
#include "server/room.h"

namespace server::accounts {

using nlohmann::json;

namespace {

constexpr std::size_t GAMES_PER_PAGE = 20;
constexpr std::size_t HISTORY_POINTS = 500;
constexpr std::size_t LEADERS = 50;
constexpr double REFILL_SECONDS = 15 * 60;
// The one answer to a failed log-in: it must not tell a wrong password
// from an unknown name.
constexpr const char* LOGIN_FAILED = "wrong username or password";

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

double tenths(double x) { return std::round(x * 10) / 10; }

// The name and password of a body, or the 400 that says what is missing.
bool read_credentials(const json& body, std::string& username, std::string& password, ApiResult& error) {
  if (!body.is_object() || !body.contains("username") || !body["username"].is_string() ||
      !body.contains("password") || !body["password"].is_string()) {
    error = fail(400, "the body must be {\"username\": \"...\", \"password\": \"...\"}");
    return false;
  }
  username = body["username"].get<std::string>();
  password = body["password"].get<std::string>();
  return true;
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

ApiResult refused(const std::string& message, std::chrono::seconds retry_after) {
  ApiResult r = fail(429, message + "; try again in " + std::to_string(retry_after.count()) + " s");
  r.retry_after = retry_after;
  return r;
}

}  // namespace

AccountService::AccountService(Store& store, GameService& games, AccountOptions options)
    : store_(store),
      games_(games),
      options_(options),
      by_name_(options.login_attempts / REFILL_SECONDS, options.login_attempts),
      by_address_(3 * options.login_attempts / REFILL_SECONDS, 3 * options.login_attempts),
      workers_(options.hash_threads) {}

Caller AccountService::identify(Caller caller, std::string_view cookie_header) {
  const std::string id = cookie_value(cookie_header, SESSION_COOKIE);
  if (id.empty()) return caller;
  if (auto account = store_.session_account(session_hash(id), now_ms())) {
    caller.account_id = account->id;
    caller.username = account->username;
  }
  return caller;
}

void AccountService::on_worker(Done done, std::function<ApiResult()> job) {
  if (hashing_.fetch_add(1) >= options_.hash_queue) {
    --hashing_;
    ApiResult busy = fail(503, "too many log-ins at once; try again shortly");
    busy.retry_after = std::chrono::seconds(1);
    return done(busy);
  }
  workers_.post([this, done = std::move(done), job = std::move(job)] {
    ApiResult result;
    try {
      result = job();
    } catch (const std::exception& e) {
      result = fail(500, std::string("the account could not be handled: ") + e.what());
    }
    --hashing_;
    done(std::move(result));
  });
}

ApiResult AccountService::start_session(const AccountRecord& account, int status, bool secure) {
  const std::string id = new_session_id();
  const std::int64_t now = now_ms();
  const std::int64_t expires =
      now + std::chrono::duration_cast<std::chrono::milliseconds>(SESSION_LIFETIME).count();
  if (auto ok = store_.insert_session(session_hash(id), account.id, now, expires); !ok)
    return store_failed(ok);
  ApiResult r{status, json{{"username", account.username}}};
  r.set_cookie = session_cookie(id, secure);
  return r;
}

void AccountService::register_account(const json& body, const Caller& caller, bool secure, Done done) {
  std::string username;
  std::string password;
  ApiResult error;
  if (!read_credentials(body, username, password, error)) return done(error);
  if (auto why = username_problem(username); !why.empty()) return done(fail(400, why));
  if (auto why = password_problem(password); !why.empty()) return done(fail(400, why));
  if (!caller.address.empty())
    if (auto verdict = by_address_.allow("address " + caller.address); !verdict)
      return done(refused("too many log-ins and registrations from " + caller.address, verdict.retry_after));
  if (store_.account_by_name(username)) return done(fail(409, "the username '" + username + "' is taken"));
  on_worker(std::move(done), [this, username, password, secure] {
    AccountRecord account{0, username, hash_password(password), now_ms()};
    if (auto ok = store_.insert_account(account); !ok) {
      if (ok.fault == WriteResult::Fault::Conflict)
        return fail(409, "the username '" + username + "' is taken");
      return store_failed(ok);
    }
    return start_session(account, 201, secure);
  });
}

void AccountService::login(const json& body, const Caller& caller, bool secure, Done done) {
  std::string username;
  std::string password;
  ApiResult error;
  if (!read_credentials(body, username, password, error)) return done(error);
  if (auto verdict = by_name_.allow("name " + lower(username)); !verdict)
    return done(refused("too many log-in attempts for '" + username + "'", verdict.retry_after));
  if (!caller.address.empty())
    if (auto verdict = by_address_.allow("address " + caller.address); !verdict)
      return done(refused("too many log-ins and registrations from " + caller.address, verdict.retry_after));
  on_worker(std::move(done), [this, username, password, secure] {
    const auto account = username_problem(username).empty() ? store_.account_by_name(username) : std::nullopt;
    // An unknown name costs what a wrong password costs.
    const bool good = verify_password(account ? account->password_hash : dummy_hash(), password);
    if (!account || !good) return fail(401, LOGIN_FAILED);
    return start_session(*account, 200, secure);
  });
}

ApiResult AccountService::logout(const Caller& caller, std::string_view cookie_header, bool secure) {
  if (caller.account_id <= 0) return fail(401, "no session to end: not logged in");
  if (auto ok = store_.delete_session(session_hash(cookie_value(cookie_header, SESSION_COOKIE))); !ok)
    return store_failed(ok);
  ApiResult r{200, json{{"username", caller.username}}};
  r.set_cookie = expired_session_cookie(secure);
  return r;
}

json AccountService::ratings_json(std::int64_t account_id) {
  json out = json::object();
  for (const RatingRecord& r : store_.ratings_of(account_id))
    out[r.variant] = {{"rating", tenths(r.glicko.rating)}, {"rd", tenths(r.glicko.rd)}, {"games", r.games}};
  return out;
}

double AccountService::rating(std::int64_t account_id, const std::string& variant) {
  for (const RatingRecord& r : store_.ratings_of(account_id))
    if (r.variant == variant) return tenths(r.glicko.rating);
  return ratings::NEW_PLAYER.rating;
}

ApiResult AccountService::me(const Caller& caller) {
  if (caller.account_id <= 0) return fail(401, "not logged in");
  return {200, json{{"username", caller.username}, {"ratings", ratings_json(caller.account_id)}}};
}

ApiResult AccountService::profile(const std::string& username) {
  const auto account = username_problem(username).empty() ? store_.account_by_name(username) : std::nullopt;
  if (!account) return fail(404, "no player '" + username + "'");
  json history = json::array();
  for (const RatingPoint& p : store_.rating_history(account->id, HISTORY_POINTS))
    history.push_back({{"variant", p.variant},
                       {"game_id", p.game_id},
                       {"rating", tenths(p.rating)},
                       {"rd", tenths(p.rd)},
                       {"at_ms", p.at_ms}});
  return {200, json{{"username", account->username},
                    {"ratings", ratings_json(account->id)},
                    {"created_ms", account->created_ms},
                    {"history", history}}};
}

ApiResult AccountService::games(const std::string& username, std::string_view page_text) {
  const auto account = username_problem(username).empty() ? store_.account_by_name(username) : std::nullopt;
  if (!account) return fail(404, "no player '" + username + "'");
  std::size_t page = 1;
  if (!page_text.empty()) {
    auto [end, ec] = std::from_chars(page_text.data(), page_text.data() + page_text.size(), page);
    if (ec != std::errc() || end != page_text.data() + page_text.size() || page < 1 || page > 100000)
      return fail(400, "page must be a whole number from 1, not '" + std::string(page_text) + "'");
  }
  std::vector<std::string> ids =
      store_.games_of(account->id, (page - 1) * GAMES_PER_PAGE, GAMES_PER_PAGE + 1);
  const bool more = ids.size() > GAMES_PER_PAGE;
  if (more) ids.pop_back();
  ApiResult listed = games_.list(ids);
  if (listed.status != 200) return listed;
  listed.body["page"] = page;
  listed.body["more"] = more;
  return listed;
}

ApiResult AccountService::leaderboard(std::string_view variant) {
  const auto names = variant_names();
  if (std::find(names.begin(), names.end(), variant) == names.end())
    return fail(400, "variant: '" + std::string(variant) + "' is not played here");
  json players = json::array();
  for (const LeaderRow& row : store_.leaderboard(std::string(variant), LEADERS))
    players.push_back({{"username", row.username},
                       {"rating", tenths(row.rating)},
                       {"rd", tenths(row.rd)},
                       {"games", row.games}});
  return {200, json{{"variant", variant}, {"players", players}}};
}

}  // namespace server::accounts
