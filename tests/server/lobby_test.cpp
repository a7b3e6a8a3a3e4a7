// The lobby's registry without the network: seeks over a GameService on an
// in-memory store, time moved by hand, sockets as probes.
#include "server/lobby.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "core/bitboard.h"

namespace server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// A lobby socket as the lobby sees it: what was delivered to it.
class Probe : public Subscriber {
 public:
  void deliver(std::shared_ptr<const std::string> text) override {
    std::lock_guard lock(mutex_);
    got_.push_back(json::parse(*text));
  }
  std::vector<json> got() {
    std::lock_guard lock(mutex_);
    return got_;
  }
  std::vector<json> of_type(const std::string& type) {
    std::vector<json> out;
    for (const json& m : got())
      if (m.value("type", "") == type) out.push_back(m);
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<json> got_;
};

class LobbyTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  LobbyTest() : store_(std::move(Store::open(":memory:")).value()), pool_(1), service_(*store_, pool_, {}) {}

  static LobbyOptions with_grace(std::chrono::milliseconds grace) {
    LobbyOptions o;
    o.grace = grace;
    return o;
  }
  Lobby& lobby(LobbyOptions o = {}) {
    o.sweep_every = 0ms;
    o.now = [this] { return now_; };
    if (!o.identify)
      o.identify = [this](const Caller& c, const std::string&) {
        auto it = accounts_.find(c.address);
        return it == accounts_.end() ? SeekPlayer{} : it->second;
      };
    lobby_ = std::make_unique<Lobby>(service_, std::move(o));
    return *lobby_;
  }
  json seek(Lobby& l, const json& body = json::object(), const Caller& c = {}) {
    ApiResult r = l.create(body, c);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body;
  }
  std::size_t listed(Lobby& l) { return l.list().body["seeks"].size(); }

  std::unique_ptr<Store> store_;
  BotPool pool_;
  GameService service_;
  std::unique_ptr<Lobby> lobby_;
  std::chrono::steady_clock::time_point now_ = std::chrono::steady_clock::now();
  std::map<std::string, SeekPlayer> accounts_;
};

TEST_F(LobbyTest, AnAcceptedSeekIsOneGameForBothPlayers) {
  Lobby& l = lobby();
  json s = seek(l, {{"variant", "chaturanga"}, {"color", "black"}});
  json list = l.list().body["seeks"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["id"], s["id"]);
  EXPECT_EQ(list[0]["players"], 2);
  EXPECT_EQ(list[0]["joined"], 1);
  EXPECT_TRUE(list[0]["by"].is_null());
  EXPECT_EQ(l.poll(s["id"], s["token"]).status, 404);

  ApiResult accepted = l.accept(s["id"], "", {});
  ASSERT_EQ(accepted.status, 201) << accepted.body.dump();
  EXPECT_EQ(accepted.body["seat"], "white");
  EXPECT_EQ(accepted.body["seats"]["white"], "human");
  EXPECT_EQ(accepted.body["seats"]["black"], "human");
  EXPECT_EQ(listed(l), 0u);

  ApiResult polled = l.poll(s["id"], s["token"]);
  ASSERT_EQ(polled.status, 200) << polled.body.dump();
  EXPECT_EQ(polled.body["game_id"], accepted.body["id"]);
  EXPECT_EQ(polled.body["seat"], "black");
  const std::string game = accepted.body["id"];
  EXPECT_EQ(service_.move(game, accepted.body["token"], {{"move", "e2e3"}}).status, 200);
  EXPECT_EQ(service_.move(game, polled.body["token"], {{"move", "e7e6"}}).status, 200);
}

TEST_F(LobbyTest, OwnAndTakenSeeksAreRefused) {
  Lobby& l = lobby();
  json s = seek(l);
  EXPECT_EQ(l.accept(s["id"], s["token"], {}).status, 409);
  EXPECT_EQ(l.accept("nosuchseek", "", {}).status, 404);
  EXPECT_EQ(l.accept(s["id"], "", {}).status, 201);
  EXPECT_EQ(l.accept(s["id"], "", {}).status, 409);
}

TEST_F(LobbyTest, OfRacingAcceptsExactlyOneWins) {
  Lobby& l = lobby();
  json s = seek(l);
  std::atomic<int> won{0}, lost{0};
  std::vector<std::thread> racers;
  for (int i = 0; i < 8; ++i)
    racers.emplace_back([&] {
      const int status = l.accept(s["id"], "", {}).status;
      (status == 201 ? won : lost) += status == 201 || status == 409 ? 1 : 0;
    });
  for (auto& t : racers) t.join();
  EXPECT_EQ(won.load(), 1);
  EXPECT_EQ(lost.load(), 7);
}

TEST_F(LobbyTest, OnlyTheSeeksTokenCancelsIt) {
  Lobby& l = lobby();
  json s = seek(l);
  EXPECT_EQ(l.cancel(s["id"], "").status, 401);
  EXPECT_EQ(l.cancel(s["id"], std::string(32, 'x')).status, 403);
  EXPECT_EQ(listed(l), 1u);
  EXPECT_EQ(l.cancel(s["id"], s["token"]).status, 200);
  EXPECT_EQ(listed(l), 0u);
  EXPECT_EQ(l.accept(s["id"], "", {}).status, 404);
}

TEST_F(LobbyTest, BadTermsAreRefusedByName) {
  Lobby& l = lobby();
  const auto error = [&](const json& body) {
    ApiResult r = l.create(body, {});
    EXPECT_EQ(r.status, 400) << body.dump();
    return r.body.value("error", "");
  };
  EXPECT_NE(error({{"variant", "checkers"}}).find("checkers"), std::string::npos);
  EXPECT_NE(error({{"clock", {{"initial_ms", 1000}, {"increment_ms", 0}}}}).find("initial_ms"),
            std::string::npos);
  EXPECT_NE(error({{"clock", {{"initial_ms", 60000}, {"increment_ms", 200000}}}}).find("increment_ms"),
            std::string::npos);
  EXPECT_NE(error({{"players", 4}}).find("players"), std::string::npos);
  EXPECT_NE(error({{"color", "green"}}).find("color"), std::string::npos);
  EXPECT_NE(error({{"rated", "yes"}}).find("rated"), std::string::npos);
  EXPECT_EQ(listed(l), 0u);
}

TEST_F(LobbyTest, AFourHandedSeekFillsSeatBySeat) {
  Lobby& l = lobby();
  json s = seek(l, {{"variant", "chaturaji-points"}, {"players", 4}});
  ApiResult a = l.accept(s["id"], "", {});
  ASSERT_EQ(a.status, 202) << a.body.dump();
  EXPECT_EQ(a.body["joined"], 2);
  EXPECT_EQ(l.accept(s["id"], a.body["token"], {}).status, 409);
  ApiResult b = l.accept(s["id"], "", {});
  ASSERT_EQ(b.status, 202);
  EXPECT_EQ(l.list().body["seeks"][0]["joined"], 3);
  EXPECT_EQ(l.poll(s["id"], a.body["token"]).status, 404);
  ApiResult c = l.accept(s["id"], "", {});
  ASSERT_EQ(c.status, 201) << c.body.dump();
  std::set<std::string> seats{c.body["seat"].get<std::string>()};
  for (const json& party : {s, a.body, b.body}) {
    ApiResult p = l.poll(s["id"], party["token"]);
    ASSERT_EQ(p.status, 200);
    EXPECT_EQ(p.body["game_id"], c.body["id"]);
    seats.insert(p.body["seat"].get<std::string>());
  }
  EXPECT_EQ(seats.size(), 4u);
  for (const auto& [seat, kind] : c.body["seats"].items()) EXPECT_EQ(kind, "human") << seat;
}

TEST_F(LobbyTest, TheOwnerFillsTheRestWithBots) {
  Lobby& l = lobby();
  json s = seek(l, {{"variant", "chaturaji-teams"}});
  ApiResult a = l.accept(s["id"], "", {});
  ASSERT_EQ(a.status, 202);
  EXPECT_EQ(l.start(s["id"], a.body["token"], {{"bots", 2}}).status, 403);
  EXPECT_EQ(l.start(s["id"], s["token"], {{"bots", 9}}).status, 400);
  ApiResult started = l.start(s["id"], s["token"], {{"bots", 2}});
  ASSERT_EQ(started.status, 201) << started.body.dump();
  int bots = 0;
  for (const auto& [seat, kind] : started.body["seats"].items()) bots += kind == "bot:2";
  EXPECT_EQ(bots, 2);
  EXPECT_EQ(l.poll(s["id"], a.body["token"]).body["game_id"], started.body["id"]);
}

TEST_F(LobbyTest, ASeekWithoutSocketsDiesAfterItsGraceUnlessPolled) {
  Lobby& l = lobby(with_grace(30s));
  json s = seek(l);
  now_ += 20s;
  EXPECT_EQ(l.poll(s["id"], s["token"]).status, 404);  // not yet a game; renews the grace
  now_ += 20s;
  EXPECT_EQ(l.sweep(), 0u);
  EXPECT_EQ(listed(l), 1u);
  now_ += 11s;
  EXPECT_EQ(l.sweep(), 1u);
  EXPECT_EQ(listed(l), 0u);
}

TEST_F(LobbyTest, TheOwnersSocketKeepsItsSeekAliveUntilGraceAfterClosing) {
  Lobby& l = lobby(with_grace(30s));
  json s = seek(l);
  auto socket = std::make_shared<Probe>();
  l.subscribe(socket);
  json owned = l.heard(socket, json{{"own", {s["token"]}}}.dump());
  EXPECT_EQ(owned["seeks"], json::array({s["id"]}));
  now_ += 120s;
  EXPECT_EQ(l.sweep(), 0u);
  l.closed(socket);
  now_ += 29s;
  EXPECT_EQ(l.sweep(), 0u);
  now_ += 1s;
  EXPECT_EQ(l.sweep(), 1u);
  EXPECT_EQ(l.heard(socket, "{\"mine\": 1}")["type"], "error");
}

TEST_F(LobbyTest, PairingIsToldToTheOwnersSocketOnly) {
  Lobby& l = lobby();
  auto owner = std::make_shared<Probe>();
  auto other = std::make_shared<Probe>();
  l.subscribe(owner);
  l.subscribe(other);
  json s = seek(l);
  l.heard(owner, json{{"own", {s["token"]}}}.dump());
  ApiResult accepted = l.accept(s["id"], "", {});
  ASSERT_EQ(accepted.status, 201);
  const auto paired = owner->of_type("paired");
  ASSERT_EQ(paired.size(), 1u);
  EXPECT_EQ(paired[0]["game_id"], accepted.body["id"]);
  EXPECT_EQ(paired[0]["seek"], s["id"]);
  EXPECT_EQ(paired[0]["token"], l.poll(s["id"], s["token"]).body["token"]);
  EXPECT_TRUE(other->of_type("paired").empty());
  // Both saw the seek come and go.
  for (auto* p : {owner.get(), other.get()}) {
    const auto lists = p->of_type("seeks");
    ASSERT_GE(lists.size(), 2u);
    EXPECT_EQ(lists.front()["seeks"].size(), 1u);
    EXPECT_EQ(lists.back()["seeks"].size(), 0u);
  }
}

TEST_F(LobbyTest, OpenSeeksAndSeekingAreLimitedPerAddress) {
  LobbyOptions o;
  o.seeks_per_minute = 4;
  o.open_per_key = 3;
  Lobby& l = lobby(o);
  const Caller from{"10.0.0.1"};
  std::vector<json> made;
  for (int i = 0; i < 3; ++i) made.push_back(seek(l, json::object(), from));
  EXPECT_EQ(l.create(json::object(), from).status, 429);
  EXPECT_EQ(l.create(json::object(), Caller{"10.0.0.2"}).status, 201);
  ASSERT_EQ(l.cancel(made[0]["id"], made[0]["token"]).status, 200);
  EXPECT_EQ(l.create(json::object(), from).status, 201);  // the fourth of the burst
  ASSERT_EQ(l.cancel(made[1]["id"], made[1]["token"]).status, 200);
  ApiResult limited = l.create(json::object(), from);
  EXPECT_EQ(limited.status, 429);
  EXPECT_GT(limited.retry_after.count(), 0);
}

TEST_F(LobbyTest, RatedSeeksNeedAnAccountAndShowItsRating) {
  // Accounts the store knows, since their seats in the game refer to them.
  AccountRecord ravi{0, "ravi_7", "unused hash", 0}, mira{0, "mira", "unused hash", 0};
  ASSERT_TRUE(store_->insert_account(ravi));
  ASSERT_TRUE(store_->insert_account(mira));
  accounts_["10.0.0.1"] = {"u1", "ravi_7", 1612};
  accounts_["10.0.0.3"] = {"u1", "ravi_7", 1612};
  accounts_["10.0.0.2"] = {"u2", "mira", 1480};
  Lobby& l = lobby();
  EXPECT_EQ(l.create({{"rated", true}}, Caller{"10.0.0.9"}).status, 401);
  json s = seek(l, {{"rated", true}}, Caller{"10.0.0.1", ravi.id, "ravi_7"});
  json listed_seek = l.list().body["seeks"][0];
  EXPECT_EQ(listed_seek["by"], "ravi_7");
  EXPECT_EQ(listed_seek["rating"], 1612);
  EXPECT_EQ(l.accept(s["id"], "", Caller{"10.0.0.9"}).status, 401);
  // The same account elsewhere.
  EXPECT_EQ(l.accept(s["id"], "", Caller{"10.0.0.3", ravi.id, "ravi_7"}).status, 409);
  ApiResult accepted = l.accept(s["id"], "", Caller{"10.0.0.2", mira.id, "mira"});
  ASSERT_EQ(accepted.status, 201) << accepted.body.dump();
  // A rated game whose seats belong to the two accounts, each taken by its party.
  EXPECT_EQ(accepted.body["rated"], true);
  std::set<std::string> players;
  for (const auto& [seat, name] : accepted.body["players"].items()) players.insert(name.get<std::string>());
  EXPECT_EQ(players, (std::set<std::string>{"ravi_7", "mira"}));
}

TEST_F(LobbyTest, QuickPairingTakesTheOldestMatchingSeekOfSomeoneElse) {
  Lobby& l = lobby();
  const json blitz{{"variant", "chaturanga"}, {"clock", {{"initial_ms", 180000}, {"increment_ms", 2000}}}};
  json other_clock = seek(l, {{"clock", {{"initial_ms", 60000}, {"increment_ms", 0}}}});
  ApiResult first = l.quick(blitz, "", {});
  ASSERT_EQ(first.status, 201);
  EXPECT_EQ(first.body["paired"], false);
  ApiResult again = l.quick(blitz, first.body["token"], {});  // the same client: not its own seek
  EXPECT_EQ(again.body["paired"], false);
  ASSERT_EQ(l.cancel(again.body["id"], again.body["token"]).status, 200);
  ApiResult second = l.quick(blitz, "", {});
  ASSERT_EQ(second.status, 201) << second.body.dump();
  EXPECT_EQ(second.body["paired"], true);
  EXPECT_EQ(l.poll(first.body["id"], first.body["token"]).body["game_id"], second.body["id"]);
  EXPECT_EQ(listed(l), 1u);  // the 1+0 seek waits on
}

}  // namespace
}  // namespace server
