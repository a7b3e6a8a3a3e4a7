// The API's accounts (docs/api.md, Accounts and Ratings): register, log in
// and out, the session's account, profiles, games and the leaderboard.
// Register and log-in hash a password (Argon2id, tens of milliseconds and
// 64 MiB each), so they run on this service's own worker threads, never on
// an I/O thread; at most `hash_queue` wait, then 503. Log-in attempts are
// limited per name and per address (token buckets), both before any hash
// is computed. Everything kept goes through the Store.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/bot_pool.h"
#include "server/game_service.h"
#include "server/rate_limiter.h"
#include "server/store.h"

namespace server::accounts {

struct AccountOptions {
  int hash_threads = 1;
  std::size_t hash_queue = 32;  // register and log-in requests waiting or hashing
  // Log-in attempts one name may take: this many at once, then this many
  // every 15 minutes; one address three times as many. Registrations count
  // against the address. 0: no limit.
  double login_attempts = 10;
};

class AccountService {
 public:
  using Done = std::function<void(ApiResult)>;

  AccountService(Store& store, GameService& games, AccountOptions options = {});

  // The caller with the account of the session whose id `cookie_header`
  // carries, when it is live.
  Caller identify(Caller caller, std::string_view cookie_header);

  // `secure`: the request came over TLS, so the cookie is marked Secure.
  // `done` runs once, on a worker (or at once for a refusal).
  void register_account(const nlohmann::json& body, const Caller& caller, bool secure, Done done);
  void login(const nlohmann::json& body, const Caller& caller, bool secure, Done done);
  ApiResult logout(const Caller& caller, std::string_view cookie_header, bool secure);
  ApiResult me(const Caller& caller);
  // The session's settings, and their replacement (account_settings.cpp).
  ApiResult settings(const Caller& caller);
  ApiResult save_settings(const nlohmann::json& body, const Caller& caller);
  ApiResult profile(const std::string& username);
  ApiResult games(const std::string& username, std::string_view page);
  ApiResult leaderboard(std::string_view variant);
  // The account's rating in `variant` (to a tenth), a new player's while it
  // has played no rated game of it; for the lobby's seeks.
  double rating(std::int64_t account_id, const std::string& variant);

 private:
  // Runs `job` on a hashing worker, or answers 503 when too many wait.
  void on_worker(Done done, std::function<ApiResult()> job);
  // A new session for `account`: 200/201 with the cookie, or the store's fault.
  ApiResult start_session(const AccountRecord& account, int status, bool secure);
  nlohmann::json ratings_json(std::int64_t account_id);

  Store& store_;
  GameService& games_;
  AccountOptions options_;
  RateLimiter by_name_;
  RateLimiter by_address_;
  std::atomic<std::size_t> hashing_{0};
  // Declared last: its workers stop before the rest goes.
  BotPool workers_;
};

}  // namespace server::accounts
