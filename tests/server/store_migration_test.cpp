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
