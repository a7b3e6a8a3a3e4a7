// What the store keeps of a game, the same on a SQLite file and on
// PostgreSQL: a game reads back as it was written (seats, moves, clock,
// flags), moves are appended and taken back, a move stored twice at one ply
// is refused, as is a change over an ending or a take-back it missed,
// start-up's pages, the server's runs, a read-only database,
// a database left at each earlier version, and stores that migrate one new
// database at once.
#include <gtest/gtest.h>

#include <thread>

#include "server/store.h"
#include "server/store_migrations.h"
#include "store_backends.h"

namespace server {
namespace {

using backends::Backend;

class StoreGamesTest : public backends::StoreBackendTest {
 protected:
  std::unique_ptr<Store> open(StoreOptions options = {}) {
    auto store = Store::open(scratch_.uri(), options);
    EXPECT_TRUE(store) << store.error();
    return store ? std::move(store).value() : nullptr;
  }
  static GameRecord game(const std::string& id) {
    GameRecord g = backends::chaturanga_game(id);
    g.seed = 4000000000u;  // past 2^31: a 32-bit column would not hold it
    g.created_ms = 1764633600123;
    return g;
  }
};
INSTANTIATE_FOR_EACH_BACKEND(StoreGamesTest);

TEST_P(StoreGamesTest, AGameReadsBackAsItWasWritten) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(store->version(), Store::latest_version());
  GameRecord g = game("g1");
  g.dice_secret = "00ff";
  g.practice = true;
  g.bot_to_move = false;
  g.clock = ClockRecord{{180000, 2000}, {180000, 179500}, 1764633600999};
  g.moves = {"e2e3", "e7e6"};
  ASSERT_TRUE(store->insert_game(g));
  const auto back = store->load("g1");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->variant, "chaturanga");
  EXPECT_EQ(back->start_fen, g.start_fen);
  EXPECT_EQ(back->seed, 4000000000u);
  EXPECT_EQ(back->created_ms, 1764633600123);
  EXPECT_EQ(back->result, "*");
  EXPECT_EQ(back->dice_secret, "00ff");
  EXPECT_TRUE(back->practice);
  EXPECT_EQ(back->bot_to_move, std::optional<bool>(false));
  ASSERT_EQ(back->seats.size(), 2u);
  EXPECT_EQ(back->seats[0].token, "tok-w");
  EXPECT_EQ(back->seats[1].kind, "bot:3");
  EXPECT_EQ(back->moves, (std::vector<std::string>{"e2e3", "e7e6"}));
  ASSERT_TRUE(back->clock);
  EXPECT_EQ(back->clock->control.initial_ms, 180000);
  EXPECT_EQ(back->clock->control.increment_ms, 2000);
  EXPECT_EQ(back->clock->banked_ms, (std::vector<std::int64_t>{180000, 179500}));
  EXPECT_EQ(back->clock->since_ms, std::optional<std::int64_t>(1764633600999));
  EXPECT_FALSE(store->load("nope"));
}

TEST_P(StoreGamesTest, MovesAreAppendedWithTheirClockAndTakenBack) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRecord g = game("g2");
  g.clock = ClockRecord{{60000, 0}, {60000, 60000}, std::nullopt};
  ASSERT_TRUE(store->insert_game(g));
  const ClockRecord ticking{{60000, 0}, {59000, 60000}, 1000};
  ASSERT_TRUE(store->append_move("g2", 0, "e2e3", "*", "", true, {}, &ticking));
  ASSERT_TRUE(store->append_move("g2", 1, "e7e6", "*", "", false));
  auto back = store->load("g2");
  EXPECT_EQ(back->moves.size(), 2u);
  EXPECT_EQ(back->clock->banked_ms, (std::vector<std::int64_t>{59000, 60000}));
  EXPECT_EQ(back->clock->since_ms, std::optional<std::int64_t>(1000));
  EXPECT_EQ(back->bot_to_move, std::optional<bool>(false));

  const WriteResult twice = store->append_move("g2", 1, "d7d6", "*", "", false);
  EXPECT_EQ(twice.fault, WriteResult::Fault::Conflict) << twice.message;
  EXPECT_EQ(store->load("g2")->moves.back(), "e7e6");

  ASSERT_TRUE(store->truncate_moves("g2", 1, "*", "", true));
  EXPECT_EQ(store->load("g2")->moves, std::vector<std::string>{"e2e3"});
  ASSERT_TRUE(store->append_move("g2", 1, "d7d6", "0-1", "resignation", false));
  back = store->load("g2");
  EXPECT_EQ(back->result, "0-1");
  EXPECT_EQ(back->reason, "resignation");
}

// A process's copy that missed a change stored by another (a resignation, a
// take-back) cannot write over it: its writes are refused as conflicts and
// the game stays as stored.
TEST_P(StoreGamesTest, AChangeFromACopyThatMissedTheEndingOrATakeBackIsRefused) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->insert_game(game("g4")));
  ASSERT_TRUE(store->append_move("g4", 0, "e2e3", "*", "", false));
  ASSERT_TRUE(store->append_move("g4", 1, "e7e6", "*", "", false));
  // Taken back to one move: a move at ply 2 would leave a gap.
  ASSERT_TRUE(store->truncate_moves("g4", 1, "*", "", false));
  const WriteResult gap = store->append_move("g4", 2, "d2d3", "*", "", false);
  EXPECT_EQ(gap.fault, WriteResult::Fault::Conflict) << gap.message;
  EXPECT_NE(gap.message.find("has not 2 moves"), std::string::npos) << gap.message;
  EXPECT_EQ(store->load("g4")->moves, std::vector<std::string>{"e2e3"});

  ASSERT_TRUE(store->set_result("g4", "1-0", "resignation"));
  for (const WriteResult& late :
       {store->append_move("g4", 1, "d7d6", "*", "", false), store->set_result("g4", "0-1", "time forfeit"),
        store->truncate_moves("g4", 0, "*", "", false)}) {
    EXPECT_EQ(late.fault, WriteResult::Fault::Conflict) << late.message;
    EXPECT_NE(late.message.find("game g4 has ended"), std::string::npos) << late.message;
  }
  const auto back = store->load("g4");
  EXPECT_EQ(back->moves, std::vector<std::string>{"e2e3"});
  EXPECT_EQ(back->result, "1-0");
  EXPECT_EQ(back->reason, "resignation");
}

// The offers pending are stored over the offers the change saw, at the ply
// it saw, and end with the next change of the moves or the result.
TEST_P(StoreGamesTest, OffersAreStoredOverWhatTheChangeSawAndEndWithTheNextChange) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->insert_game(game("g5")));
  ASSERT_TRUE(store->append_move("g5", 0, "e2e3", "*", "", false));
  EXPECT_EQ(store->load("g5")->offers, "");
  ASSERT_TRUE(store->set_offers("g5", 1, "", R"({"draw":[0,1]})"));
  EXPECT_EQ(store->load("g5")->offers, R"({"draw":[0,1]})");
  // A copy that did not see the offer, or is a move behind, changes nothing.
  for (const WriteResult& stale : {store->set_offers("g5", 1, "", R"({"takeback":[1,2]})"),
                                   store->set_offers("g5", 0, R"({"draw":[0,1]})", "")}) {
    EXPECT_EQ(stale.fault, WriteResult::Fault::Conflict) << stale.message;
  }
  EXPECT_EQ(store->load("g5")->offers, R"({"draw":[0,1]})");
  // A move ends the offers, in its own transaction.
  ASSERT_TRUE(store->append_move("g5", 1, "e7e6", "*", "", false));
  EXPECT_EQ(store->load("g5")->offers, "");
  ASSERT_TRUE(store->set_offers("g5", 2, "", R"({"takeback":[1,2]})"));
  ASSERT_TRUE(store->set_result("g5", "1/2-1/2", "agreement"));
  EXPECT_EQ(store->load("g5")->offers, "");
  EXPECT_EQ(store->set_offers("g5", 2, "", R"({"draw":[0,1]})").fault, WriteResult::Fault::Conflict)
      << "a game that has ended takes no offer";
}

// A rematch is stored with its claim in the old game, both or neither.
TEST_P(StoreGamesTest, ARematchIsStoredWithItsClaimOrNotAtAll) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->insert_game(game("old")));
  ASSERT_TRUE(store->set_result("old", "1-0", "resignation"));
  ASSERT_TRUE(store->set_offers("old", 0, "", R"({"rematch":[0,3]})", true));
  const WriteResult stale = store->insert_rematch(game("new1"), "old", 0, "", R"({"rematch_id":"new1"})");
  EXPECT_EQ(stale.fault, WriteResult::Fault::Conflict) << stale.message;
  EXPECT_FALSE(store->load("new1")) << "the claim was refused: no game either";
  ASSERT_TRUE(
      store->insert_rematch(game("new2"), "old", 0, R"({"rematch":[0,3]})", R"({"rematch_id":"new2"})"));
  EXPECT_TRUE(store->load("new2"));
  EXPECT_EQ(store->load("old")->offers, R"({"rematch_id":"new2"})");
}

TEST_P(StoreGamesTest, ASeatChangesOnlyIfTheGameHasIt) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->insert_game(game("g3")));
  ASSERT_TRUE(store->set_seat("g3", {"black", "human", "tok-b"}));
  EXPECT_EQ(store->load("g3")->seats[1].token, "tok-b");
  const WriteResult missing = store->set_seat("g3", {"green", "human", "x"});
  EXPECT_FALSE(missing);
  EXPECT_NE(missing.message.find("no seat 'green'"), std::string::npos) << missing.message;
}

TEST_P(StoreGamesTest, StartUpReadsTheGamesToResumeAPageAtATime) {
  auto store = open();
  ASSERT_TRUE(store);
  for (int i = 0; i < 5; ++i) {
    GameRecord g = game("r" + std::to_string(i));
    g.bot_to_move = i != 2;  // r2: people to move, no clock
    ASSERT_TRUE(store->insert_game(g));
  }
  ASSERT_TRUE(store->set_result("r4", "1-0", "resignation"));
  ResumePage page = store->games_to_resume("", 2);
  EXPECT_EQ(page.ids, (std::vector<std::string>{"r0", "r1"}));
  EXPECT_TRUE(page.more);
  page = store->games_to_resume("r1", 2);
  EXPECT_EQ(page.ids, std::vector<std::string>{"r3"});
  EXPECT_FALSE(page.more);
  ASSERT_TRUE(store->set_bot_to_move("r2", true));
  EXPECT_EQ(store->games_to_resume("r1", 2).ids, (std::vector<std::string>{"r2", "r3"}));
}

TEST_P(StoreGamesTest, EachRunIsRecordedAndTheEarlierOnesListed) {
  std::int64_t first = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    GameRecord g = game("c1");
    g.clock = ClockRecord{{60000, 0}, {60000, 60000}, 1000};
    ASSERT_TRUE(store->insert_game(g));
    std::vector<ServerRun> earlier;
    auto run = store->begin_run(2000, earlier);
    ASSERT_TRUE(run) << run.error();
    first = *run;
    EXPECT_TRUE(earlier.empty());
    ASSERT_TRUE(store->alive(first, 5000));
  }
  auto store = open();
  ASSERT_TRUE(store);
  std::vector<ServerRun> earlier;
  auto run = store->begin_run(9000, earlier);
  ASSERT_TRUE(run) << run.error();
  EXPECT_NE(*run, first);
  ASSERT_EQ(earlier.size(), 1u);
  EXPECT_EQ(earlier[0].started_ms, 2000);
  EXPECT_EQ(earlier[0].alive_ms, 5000);
}

TEST_P(StoreGamesTest, AReadOnlyDatabaseShowsGamesAndRefusesWrites) {
  {
    auto store = open();
    ASSERT_TRUE(store);
    ASSERT_TRUE(store->insert_game(game("ro")));
  }
  auto store = open({.read_only = true, .checkpoints = {}});
  ASSERT_TRUE(store);
  EXPECT_TRUE(store->load("ro"));
  const WriteResult refused = store->append_move("ro", 0, "e2e3", "*", "", false);
  EXPECT_EQ(refused.fault, WriteResult::Fault::ReadOnly) << refused.message;
  EXPECT_TRUE(store->load("ro")->moves.empty());
}

// A database made at version v (by the migrations' own texts up to v)
// with a game in it opens at the latest version with the game intact.
TEST_P(StoreGamesTest, ADatabaseAtEachEarlierVersionMigratesWithItsGameIntact) {
  const auto dialect = GetParam() == Backend::Sqlite ? sql::Dialect::Sqlite : sql::Dialect::Postgres;
  for (int v = 0; v < Store::latest_version(); ++v) {
    SCOPED_TRACE("version " + std::to_string(v));
    backends::ScratchDatabase db(GetParam());
    ASSERT_EQ(db.error(), "");
    std::string script = sql::base_schema().text(dialect);
    for (int i = 0; i < v; ++i) script += std::string(sql::migrations()[i].text(dialect)) + ";\n";
    script += dialect == sql::Dialect::Sqlite
                  ? "PRAGMA user_version = " + std::to_string(v) + ";"
                  : "UPDATE store_schema SET version = " + std::to_string(v) + ";";
    script +=
        "INSERT INTO games (id, variant, start_fen, seed, created_ms) VALUES ('old', 'chaturanga', 'fen', 7, "
        "9);"
        "INSERT INTO seats (game_id, idx, name, kind, token) VALUES ('old', 0, 'white', 'human', 'tw'),"
        " ('old', 1, 'black', 'bot:2', '');"
        "INSERT INTO moves (game_id, ply, move) VALUES ('old', 0, 'e2e3');";
    ASSERT_EQ(db.exec(script), "");
    auto store = Store::open(db.uri());
    ASSERT_TRUE(store) << store.error();
    EXPECT_EQ(store.value()->version(), Store::latest_version());
    const auto old = store.value()->load("old");
    ASSERT_TRUE(old);
    EXPECT_EQ(old->moves, std::vector<std::string>{"e2e3"});
    EXPECT_EQ(old->seats.size(), 2u);
    EXPECT_FALSE(old->clock);
    EXPECT_FALSE(old->rated);
    EXPECT_TRUE(store.value()->append_move("old", 1, "e7e6", "*", "", false));
  }
}

// Each migration step holds the schema's lock and reads the version afresh,
// so several servers started at once on a new PostgreSQL database all open it.
TEST_P(StoreGamesTest, StoresOpeningOneNewDatabaseAtOnceMigrateItOnce) {
  // A SQLite file is one server's: a second store finds it locked while the
  // first migrates (its checkpointer's connection fails to open).
  if (GetParam() == Backend::Sqlite) GTEST_SKIP() << "several servers on one database are PostgreSQL's";
  constexpr int STORES = 4;
  std::vector<std::string> errors(STORES);
  std::vector<std::thread> threads;
  for (int i = 0; i < STORES; ++i)
    threads.emplace_back([&, i] {
      auto store = Store::open(scratch_.uri());
      errors[std::size_t(i)] = store ? "" : store.error();
      if (store && store.value()->version() != Store::latest_version())
        errors[std::size_t(i)] = "not migrated";
    });
  for (std::thread& t : threads) t.join();
  for (const std::string& e : errors) EXPECT_EQ(e, "");
}

}  // namespace
}  // namespace server
