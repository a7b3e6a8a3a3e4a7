// The store's numbered migrations: a database made by the program before
// them (its SQL, as it was, below) opens at the latest version with nothing
// lost, and an old dice game replays with the very throws it had.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <map>

#include "core/bitboard.h"
#include "server/game_service.h"

namespace server {
namespace {

using nlohmann::json;

// Version 0, as the store created it before migrations were numbered.
constexpr const char* OLD_SCHEMA = R"sql(
PRAGMA journal_mode = WAL;
CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT NULL,
  seed INTEGER NOT NULL, created_ms INTEGER NOT NULL, result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT '');
CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, name TEXT NOT NULL,
  kind TEXT NOT NULL, token TEXT NOT NULL, PRIMARY KEY (game_id, idx));
CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply));
CREATE INDEX games_unfinished ON games(result) WHERE result = '*';
)sql";

// A dice game the old server played (seed 77, first legal move each time,
// build ff42a3f): its moves and the throw each was made with.
constexpr const char* OLD_START =
    "bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0 dice=33 "
    "seed=77";
const std::vector<std::string> OLD_MOVES = {"g8f6", "f6e4", "h2f1", "f1d2", "a2a3", "b5c5", "a8c6", "h8f6",
                                            "f8g8", "d2b1", "h1f3", "b2b3", "c6a4", "a4c2", "f6d4", "d4b2"};
const std::vector<std::string> OLD_THROWS = {"33", "33", "33", "33", "54", "25", "25", "24",
                                             "24", "32", "32", "53", "22", "22", "22", "22"};

class StoreMigrationTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  StoreMigrationTest()
      : path_(std::filesystem::temp_directory_path() / ("migration-" + std::to_string(::getpid()) + ".db")) {
    std::filesystem::remove(path_);
  }
  ~StoreMigrationTest() override {
    for (const char* tail : {"", "-wal", "-shm"}) std::filesystem::remove(path_.string() + tail);
  }

  void make_old_database() {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    std::string sql = OLD_SCHEMA;
    sql += "INSERT INTO games VALUES ('olddice', 'chaturaji-dice', '" + std::string(OLD_START) +
           "', 5, 1, '*', '');";
    sql += "INSERT INTO games VALUES ('oldteams', 'chaturaji-teams', '', 6, 2, 'draw', 'agreement');";
    const char* colours[] = {"red", "green", "yellow", "black"};
    for (int i = 0; i < 4; ++i)
      sql += "INSERT INTO seats VALUES ('olddice', " + std::to_string(i) + ", '" + colours[i] +
             "', 'human', 'tok" + std::to_string(i) + "');";
    for (std::size_t i = 0; i < OLD_MOVES.size(); ++i)
      sql += "INSERT INTO moves VALUES ('olddice', " + std::to_string(i) + ", '" + OLD_MOVES[i] + "');";
    char* error = nullptr;
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    sqlite3_close(db);
  }

  std::filesystem::path path_;
};

TEST_F(StoreMigrationTest, ANewDatabaseIsAtTheLatestVersion) {
  auto store = Store::open(path_.string());
  ASSERT_TRUE(store) << store.error();
  EXPECT_GE(Store::latest_version(), 1);
  EXPECT_EQ(store.value()->version(), Store::latest_version());
}

TEST_F(StoreMigrationTest, AnOldDatabaseIsMigratedAndItsDiceGameReplaysItsThrows) {
  make_old_database();
  {
    auto store = Store::open(path_.string());
    ASSERT_TRUE(store) << store.error();
    EXPECT_EQ(store.value()->version(), Store::latest_version());
    const auto old = store.value()->load("olddice");
    ASSERT_TRUE(old);
    EXPECT_TRUE(old->practice);
    EXPECT_EQ(old->dice_secret, "");
    EXPECT_EQ(old->start_fen.substr(old->start_fen.size() - 14), "legacy-seed=77");
    EXPECT_EQ(old->moves, OLD_MOVES);
    EXPECT_EQ(old->seats.size(), 4u);
    const auto teams = store.value()->load("oldteams");
    ASSERT_TRUE(teams);
    EXPECT_FALSE(teams->practice);
    EXPECT_EQ(teams->reason, "agreement");

    BotPool pool(1);
    GameService service(*store.value(), pool);
    const json s = service.get("olddice").body;
    ASSERT_EQ(s["moves"].size(), OLD_MOVES.size()) << s;
    std::vector<std::string> throws;
    for (const json& h : s["history"]) throws.push_back(h["dice"]);
    EXPECT_EQ(throws, OLD_THROWS);
    EXPECT_EQ(s["dice"]["throw"], (json{3, 4}));
    EXPECT_EQ(s["practice"], true);
    // It goes on: the old secretless game keeps its old generator.
    const std::map<std::string, std::string> token{
        {"red", "tok0"}, {"green", "tok1"}, {"yellow", "tok2"}, {"black", "tok3"}};
    const ApiResult next = service.move("olddice", token.at(s["turn"]), {{"move", "pass"}});
    EXPECT_EQ(next.status, 200) << next.body;
  }
  // Opened again: nothing to migrate, nothing changed.
  auto again = Store::open(path_.string());
  ASSERT_TRUE(again);
  EXPECT_EQ(again.value()->version(), Store::latest_version());
  EXPECT_EQ(again.value()->load("olddice")->moves.size(), OLD_MOVES.size() + 1);
}

// Version 2, as the store left it before clocks: the index of games whose
// bot is to move, and no clock columns.
constexpr const char* VERSION_2 = R"sql(
ALTER TABLE games ADD COLUMN dice_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN bot_to_move INTEGER;
CREATE INDEX games_to_resume ON games(id) WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0);
INSERT INTO games VALUES ('people', 'chaturanga', 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1',
  1, 5, '*', '', '', 0, 0);
INSERT INTO seats VALUES ('people', 0, 'white', 'human', 'tw'), ('people', 1, 'black', 'human', 'tb');
INSERT INTO moves VALUES ('people', 0, 'e2e3');
PRAGMA user_version = 2;
)sql";

TEST_F(StoreMigrationTest, AVersion2DatabaseGainsClocksAndItsGamesGoOnWithout) {
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    const std::string sql = std::string(OLD_SCHEMA) + VERSION_2;
    char* error = nullptr;
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    sqlite3_close(db);
  }
  auto store = Store::open(path_.string());
  ASSERT_TRUE(store) << store.error();
  Store& s = *store.value();
  // Migration 3 brought the clocks; later ones may follow.
  EXPECT_GE(Store::latest_version(), 3);
  EXPECT_EQ(s.version(), Store::latest_version());
  const auto old = s.load("people");
  ASSERT_TRUE(old);
  EXPECT_FALSE(old->clock);
  EXPECT_EQ(old->moves, std::vector<std::string>{"e2e3"});
  EXPECT_TRUE(s.games_to_resume("", 10).ids.empty()) << "a game without bot or clock needs no resuming";

  // A clocked game: its clock is stored with the game and with each move.
  GameRecord game = *old;
  game.id = "clocked";
  game.moves.clear();
  game.clock = ClockRecord{{60000, 1000}, {60000, 60000}, 1000};
  ASSERT_TRUE(s.insert_game(game));
  const ClockRecord after{{60000, 1000}, {58500, 60000}, 3500};
  ASSERT_TRUE(s.append_move("clocked", 0, "e2e3", "*", "", false, {}, &after));
  const auto loaded = s.load("clocked");
  ASSERT_TRUE(loaded && loaded->clock);
  EXPECT_EQ(loaded->clock->control.initial_ms, 60000);
  EXPECT_EQ(loaded->clock->control.increment_ms, 1000);
  EXPECT_EQ(loaded->clock->banked_ms, (std::vector<std::int64_t>{58500, 60000}));
  EXPECT_EQ(loaded->clock->since_ms, 3500);
  EXPECT_EQ(s.games_to_resume("", 10).ids, std::vector<std::string>{"clocked"}) << "its clock runs";
  const ClockRecord stopped{{60000, 1000}, {58500, 59000}, std::nullopt};
  ASSERT_TRUE(s.set_result("clocked", "0-1", "resignation", {}, &stopped));
  EXPECT_FALSE(s.load("clocked")->clock->since_ms);
  EXPECT_EQ(s.load("clocked")->clock->banked_ms[1], 59000);

  // The server's runs: each start sees the runs before it.
  std::vector<ServerRun> earlier;
  const auto first = s.begin_run(10000, earlier);
  ASSERT_TRUE(first) << first.error();
  EXPECT_TRUE(earlier.empty());
  ASSERT_TRUE(s.alive(*first, 12000));
  ASSERT_TRUE(s.begin_run(20000, earlier));
  // No clock runs any more, so the first run can never be charged: it is forgotten.
  EXPECT_TRUE(earlier.empty());
  ASSERT_TRUE(s.append_move("people", 1, "e7e6", "*", "", false, {}, &after));
  std::vector<ServerRun> later;
  ASSERT_TRUE(s.begin_run(30000, later));
  ASSERT_EQ(later.size(), 1u);
  EXPECT_EQ(later[0].started_ms, 20000);
}

TEST_F(StoreMigrationTest, ADatabaseFromANewerProgramIsRefused) {
  make_old_database();
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  const std::string pragma = "PRAGMA user_version = " + std::to_string(Store::latest_version() + 1);
  ASSERT_EQ(sqlite3_exec(db, pragma.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  auto store = Store::open(path_.string());
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().find("newer than this program"), std::string::npos) << store.error();
}

}  // namespace
}  // namespace server
