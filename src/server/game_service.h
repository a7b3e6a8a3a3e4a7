// The API's meaning, apart from HTTP: games in rooms, seats guarded by
// tokens, every change stored before it is acknowledged and then pushed to
// the room's subscribers, bots started on the pool whenever one is to move.
// Thread-safe: each room has its own lock; the store serialises commits.
// Rooms live in memory only while in use: a finished game, or one left idle,
// is dropped once nothing refers to it and is read back from the store when
// asked for again, so a long-running server does not grow with its history.
// Start-up loads only the games whose bot is to move (the store keeps an
// index of them), in the background; any other game loads when asked for.
// Engine work is split: bots on the pool given to the service, analysis on
// an AnalysisPool of its own (queued per client), so no bot waits behind it.
// Clocks are kept here too: each running clock has a timer that declares
// its flag when it falls, and the store keeps the times with every move.
// A seat may belong to an account: the account's session then acts for it
// as its token does, on any device (SeatKey).
// Sources: game_service.cpp (state, reads), game_create.cpp (new games),
// game_moves.cpp (moves, resignations), game_rooms.cpp (rooms held, read
// back, let go), game_seats.cpp (who holds a seat: tokens, accounts,
// joining, claiming), game_presence.cpp (who is here, abandoned games),
// game_rematch.cpp, bot_driver.cpp (bots, start-up), game_offers.cpp (take
// backs, draws), clock_driver.cpp (clocks, flags, the heartbeat),
// game_analysis.cpp (analysis), game_sync.cpp (games other processes on the
// same database changed).
#pragma once

#include <chrono>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/analysis_pool.h"
#include "server/bot_pool.h"
#include "server/flag_timer.h"
#include "server/game_clock.h"
#include "server/job_gate.h"
#include "server/rate_limiter.h"
#include "server/store.h"
#include "server/uptime.h"

namespace server {

class Match;

struct ApiResult {
  int status = 200;
  nlohmann::json body;
  // With a refusal for load (429, 503): when to ask again (HTTP Retry-After).
  std::chrono::seconds retry_after{0};
  // A Set-Cookie value to send with the answer (a session made or ended).
  std::string set_cookie{};
};

// Who asks: for the limits kept per caller, and the account of its session.
// An in-process caller (tests, tools) has no address and no limit.
struct Caller {
  std::string address;          // client_key() of the connection
  std::int64_t account_id = 0;  // 0: a guest
  std::string username{};
  // The keys the caller's limits are counted under: its address and its account.
  std::vector<std::string> limit_keys() const {
    std::vector<std::string> keys;
    if (!address.empty()) keys.push_back("address " + address);
    if (account_id > 0) keys.push_back("account " + std::to_string(account_id));
    return keys;
  }
};

// What acts for a seat: the seat's token, or else the account of the
// caller's session, which acts for every seat it holds. A bare token (as
// the API had before accounts) converts to one.
struct SeatKey {
  SeatKey() = default;
  template <class Token>
  requires std::convertible_to<const Token&, std::string> SeatKey(
      const Token& seat_token) {  // NOLINT(google-explicit-constructor): a bare token is a key
    std::string text = seat_token;
    token = std::move(text);
  }
  SeatKey(std::string seat_token, const Caller& caller)
      : token(std::move(seat_token)), account_id(caller.account_id) {}
  std::string token;
  std::int64_t account_id = 0;
};

// A WebSocket or test probe that wants every new state of a game.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void deliver(std::shared_ptr<const std::string> state) = 0;
};

// The same moment on the steady time line the clocks run on and as Unix
// time, which the store and the clients are given.
struct Now {
  GameClock::Ms steady = 0;
  std::int64_t wall = 0;
};

struct ServiceOptions {
  std::chrono::milliseconds bot_budget_per_level{150};
  std::chrono::milliseconds bot_budget_max{2000};
  // The bot's reply never comes sooner than this after the move it answers.
  std::chrono::milliseconds bot_min_think{300};
  std::chrono::milliseconds analysis_budget{1000};
  // Analysis threads (apart from the bots'), requests waiting in all, and
  // requests one client address may have queued or running.
  int analysis_threads = 1;
  std::size_t analysis_queue_max = 32;
  std::size_t analysis_per_client = 4;
  // Games one caller may create: a burst of this many, then this many a
  // minute. 0: no limit.
  double games_per_minute = 30;
  // A finished game stays in memory this long after its last use, an
  // unfinished one (no bot thinking, no offer pending) this long.
  std::chrono::milliseconds keep_finished{60000};
  std::chrono::milliseconds keep_idle{900000};
  // How often rooms are looked over for dropping; 0: only by evict_unused().
  std::chrono::milliseconds sweep_every{1000};
  // A bot's move the store refused (full disk, read-only) is stored again after this.
  std::chrono::milliseconds store_retry{1000};
  // How often the store is told the server is alive while a clock runs:
  // a clock is charged no more than this of a crash's outage.
  std::chrono::milliseconds heartbeat_every{1000};
  // A player whose every socket has been closed this long has left: the
  // others may claim the game (game_presence.cpp).
  std::chrono::milliseconds left_after{60000};
};

class GameService {
 public:
  GameService(Store& store, BotPool& pool, ServiceOptions options = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Loads the games whose bot is to move (from the store's index, a page
  // at a time) and starts their bots; returns how many. Games stored before
  // the index existed are looked at once each and indexed. Stops early when
  // the service is being destroyed.
  std::size_t resume();
  // resume() on a thread of the service's own, so that serving starts at
  // once; the destructor stops it. The pool must outlive the service then.
  void resume_in_background();

  // A seat made "human" with a session belongs to the caller's account.
  // {"rated": true} needs a session and makes a rated game: the caller's
  // seat human, every other open, to be joined by other accounts.
  ApiResult create(const nlohmann::json& body, const Caller& caller = {});
  ApiResult join(const std::string& id, const nlohmann::json& body, const Caller& caller = {});
  // The seats whose tokens are given and that no account holds yet become
  // the caller's (a guest who registers keeps the games of the browser).
  ApiResult claim(const nlohmann::json& body, const Caller& caller);
  ApiResult get(const std::string& id);
  ApiResult list(const std::vector<std::string>& ids);
  ApiResult move(const std::string& id, const SeatKey& key, const nlohmann::json& body);
  // The body may name what it answers: {"accept": true} only accepts the
  // other side's offer, never makes one of its own; {"ply": N} acts only on
  // the game as it stands at ply N. Either, when the game has moved on or
  // the offer is gone, is a 409 that changes nothing. An offer repeated by
  // the seat that made it changes nothing and is not pushed again.
  ApiResult takeback(const std::string& id, const SeatKey& key,
                     const nlohmann::json& body = nlohmann::json::object());
  ApiResult resign(const std::string& id, const SeatKey& key);
  ApiResult draw(const std::string& id, const SeatKey& key,
                 const nlohmann::json& body = nlohmann::json::object());
  // On success the body is a JSON string holding the PGN text.
  ApiResult pgn(const std::string& id);
  // `done` runs exactly once: on an analysis thread, or at once when the
  // request is refused (bad body, 429 for a client with too many queued,
  // 503 for a full queue), with retry_after set on a refusal for load.
  void analyse(const nlohmann::json& body, const Caller& caller, std::function<void(ApiResult)> done);
  void analyse(const nlohmann::json& body, std::function<void(ApiResult)> done) {
    analyse(body, Caller{}, std::move(done));
  }

  // Adds a subscriber and returns the state it starts from. The room keeps it
  // weakly and forgets it once it has expired; a subscriber's destructor may
  // run while its room is locked, so it never calls back: its socket says
  // `unsubscribe` when it closes. A caller with a session speaks for the
  // seats its account holds.
  ApiResult subscribe(const std::string& id, std::weak_ptr<Subscriber> subscriber, const Caller& caller = {});
  // What a game's socket says: {"tokens": ["<seat token>", ...]} names the
  // seats it speaks for (replacing what it named before). The answer is
  // {"type": "seats", "seats": [...]}, or {"type": "error", "error"}.
  nlohmann::json heard(const std::string& id, const std::weak_ptr<Subscriber>& subscriber,
                       std::string_view text);
  // The socket has closed: its seats may have left.
  void unsubscribe(const std::string& id, const std::weak_ptr<Subscriber>& subscriber);
  // {"result": "win"} or {"result": "draw"}: ends the game when every
  // other player with a say has left (ServiceOptions::left_after); 409 before.
  ApiResult claim_left(const std::string& id, const SeatKey& key, const nlohmann::json& body);
  // After the game: a new one with the seats turned round. Against bots at
  // once; between people an offer that every person must make; {"decline":
  // true} turns it down. Each seat's new token goes to that seat only: in the
  // answer, to its sockets, and by rematch_of().
  ApiResult rematch(const std::string& id, const SeatKey& key, const nlohmann::json& body,
                    const Caller& caller = {});
  // {"game_id", "seat", "token"} of the key's seat in the rematch, 404 before.
  ApiResult rematch_of(const std::string& id, const SeatKey& key);

  // Drops the rooms past their keep time that nothing refers to (no request,
  // bot or subscriber) and returns how many; the sweeper calls it.
  std::size_t evict_unused();
  std::size_t rooms_in_memory();

 private:
  struct Room;
  using RoomPtr = std::shared_ptr<Room>;

  // The room of game `id`, loaded from the store if need be (its bot then
  // started if it is to move).
  RoomPtr find(const std::string& id);
  RoomPtr room_from_record(const GameRecord& record);
  // Whether a bot is to move in the room (its lock held), as the store's index records it.
  static bool bot_to_move(const Room& room);
  // A new game's row: its start, seats and flags, no moves, no clock yet.
  static GameRecord record_of(const Room& room);
  // Loads game `id` if its bot is to move and starts the bot; true if it did.
  bool resume_game(const std::string& id);
  // Each of these expects the room's lock to be held.
  nlohmann::json state_of(const Room& room) const;
  // Pushes the new state to the subscribers and returns it.
  nlohmann::json changed(Room& room);
  void maybe_start_bot(const RoomPtr& room);
  void stop_bot(Room& room);
  ApiResult play_locked(const RoomPtr& room, const std::string& move);
  // A person's move judged (the game on, the seat's turn) and played.
  ApiResult seat_plays_locked(const RoomPtr& room, int seat, const std::string& move);
  // An act that is not a move (a resignation, an agreed draw, a claim of an
  // abandoned game): tried on a copy of the match, its result and clock
  // stored, then done on the room's; offers end and a thinking bot stops.
  ApiResult act_locked(const RoomPtr& room, const Now& now, const std::function<void(Match&)>& act);
  ApiResult undo_for_locked(const RoomPtr& room, int seat);
  // 409 when the body's "ply" is not the room's ply; `ok` otherwise.
  bool at_named_ply(const Room& room, const nlohmann::json& body, ApiResult& error) const;
  bool others_are_bots(const Room& room, int seat) const;
  // The seats (bit i for seat i) that people hold or may take: not bots.
  static unsigned people_seats(const Room& room);
  // The seat the key acts for, or an error result (401/403). An account
  // holding several seats (a game against itself) acts for the one to
  // move, else for the first.
  int seat_of(const Room& room, const SeatKey& key, ApiResult& error) const;
  // A seat's request on a game: the room, locked, and the seat the key holds
  // (-1 with the refusal in `error`: 404 no such game, 401/403 no seat).
  // The room is first made current with the store (current_locked), unless
  // `as_held`: a move, which a stale copy refuses and then judges again.
  enum class Copy { Current, AsHeld };
  struct SeatedRoom {
    RoomPtr room;
    std::unique_lock<std::mutex> lock;
    int seat = -1;
    ApiResult error;
  };
  SeatedRoom seated(const std::string& id, const SeatKey& key, Copy copy = Copy::Current);
  // Presence (game_presence.cpp), each expecting the room's lock held.
  // The seats some open socket speaks for.
  static unsigned seats_here(const Room& room);
  // {SEAT: {"since_ms", "claim_ms"}} for the people's seats nobody is at.
  nlohmann::json left_state(const Room& room) const;
  // The seat acted: it is here, whatever its sockets.
  static void note_here(Room& room, int seat, const Now& now);
  // Rematch (game_rematch.cpp).
  bool rematch_ready(const Room& room, int seat) const;
  ApiResult make_rematch(const RoomPtr& room, int seat, const Caller& caller);
  static RoomPtr rematch_room(const Room& old, std::vector<std::string>& tokens, const Now& now);
  nlohmann::json rematch_state(const Room& room) const;
  // Clears the offer `what` ("draw", "takeback", "rematch") for `seat`'s decline.
  ApiResult decline_locked(const RoomPtr& room, int seat, const std::string& what);
  // Stores the room's draw and take-back offers as they are now, `before`
  // being those it had (Store::set_offers), and pushes them; when the store
  // refuses (another process changed the game meanwhile) the room's offers
  // go back to `before`, the game is read again, and the answer is 409.
  ApiResult store_offers_locked(const RoomPtr& room, const std::string& before);
  // An offers write the store refused: the room's offers go back to
  // `before`; a conflict (another process changed the game) reads the game
  // again and answers 409 `conflict`, any other fault as store_failed.
  ApiResult offers_refused_locked(const RoomPtr& room, const std::string& before, const WriteResult& refused,
                                  const std::string& conflict);
  // Each socket of the room hears the rematch's tokens of the seats it
  // named, and no other; the tokens are read from the rematch as stored
  // when this process did not make it (game_rematch.cpp).
  void tell_rematch_locked(Room& room);
  std::vector<std::string> rematch_tokens_locked(Room& room);
  // The room's draw and take-back offers and what was last declined, as the
  // store keeps them (GameRecord::offers; "" for none), and back; a text
  // that cannot be read restores none.
  static std::string offers_text(const Room& room);
  static void restore_offers(Room& room, const std::string& text);
  static void read_offers(Room& room, const std::string& text);
  // Gives the claimed seats of a game in memory their account.
  void note_claimed(const std::vector<ClaimedSeat>& claimed, const Caller& caller);

  // The clock (clock_driver.cpp); each expects the room's lock held.
  // The seat whose clock runs in `m` for the room: none while a seat is open.
  static int clock_turn(const Room& room, const Match& m);
  // A new game's clock as the request sets it (none without "clock"), and
  // as stored; it starts at once unless a seat is open.
  static core::Expected<std::optional<TimeControl>> clock_of(const nlohmann::json& body);
  std::optional<ClockRecord> start_clock(Room& room, const std::optional<TimeControl>& control,
                                         const Now& now);
  // The room's clock once the turn has passed as `m` says at `now`.
  std::optional<GameClock> clock_after(const Room& room, const Match& m, const Now& now,
                                       bool increment) const;
  ClockRecord clock_record(const GameClock& clock, const Now& now) const;
  std::optional<ClockRecord> clock_record(const std::optional<GameClock>& clock, const Now& now) const;
  void restore_clock(Room& room, const GameRecord& record) const;
  nlohmann::json clock_state(const Room& room) const;
  // Sets the room's timer for its flag, or cancels it when no clock runs.
  void arm_flag(const RoomPtr& room);
  void on_flag(const std::weak_ptr<Room>& weak);
  // The running clock's flag has fallen: the rules end the turn (Match::time_out).
  void declare_flag(const RoomPtr& room, const Now& now);
  void start_heartbeat();
  void beat();

  // A game another process changed (game_sync.cpp): its room, if held
  // here, read again and pushed; "" for every room.
  void changed_elsewhere(const std::string& id);
  void reload(const std::string& id);
  // The room read again from the store, under its lock; false if it cannot
  // be, or, `only_if_moved`, if the store has no move or result it lacks.
  bool refresh_locked(const RoomPtr& room, bool only_if_moved = false);
  // Under the room's lock: the room read again if the store holds a change
  // it lacks (Store::stamp), so that an answer is never older than a change
  // another process has acknowledged.
  void current_locked(const RoomPtr& room);
  // Whether this process decides a game it has just read (Store: "Who
  // decides a game"): it takes a game that needs deciding unless a live
  // process decides it.
  bool decides_loaded(const Room& room);
  // The games of stopped processes, taken over: their bots and flags go on here.
  void take_over_orphans();
  void adopt(const std::string& id);

  void bot_search(RoomPtr room, std::uint64_t epoch);
  void bot_apply(RoomPtr room, std::uint64_t epoch, std::string move);
  void sweep_loop();

  Store& store_;
  BotPool& pool_;
  AnalysisPool analysis_;
  RateLimiter creations_;
  // Every job posted to pool_ with `this` goes through it (see the destructor).
  JobGate jobs_;
  ServiceOptions options_;
  std::shared_ptr<TimerThread> timers_;
  std::optional<Uptime> uptime_;
  std::int64_t run_id_ = -1;  // this run's row in the store; -1: none (read-only)
  std::shared_ptr<FlagTimer> heartbeat_;
  std::mutex rooms_mutex_;
  std::unordered_map<std::string, RoomPtr> rooms_;

  std::mutex sweep_mutex_;
  std::condition_variable sweep_wake_;
  bool stopping_ = false;
  std::thread sweeper_;
  std::thread resumer_;
};

}  // namespace server
