// The store's accounts and ratings, on a SQLite file and on PostgreSQL: a
// rated result and its ratings commit together or not at all; a SQLite
// database of version 2 (before accounts) migrates with its games intact.
#include <gtest/gtest.h>

#include "server/store.h"
#include "store_backends.h"

namespace server {
namespace {

using backends::Backend;

// Builds the records the tests store.
struct Records {
  static std::int64_t account(Store& store, const std::string& name) {
    AccountRecord a{0, name, "$argon2id$not-a-real-hash", 1};
    EXPECT_TRUE(store.insert_account(a));
    return a.id;
  }
  // A rated game of two accounts, white to move.
  static GameRecord rated_game(std::int64_t white, std::int64_t black) {
    GameRecord g = backends::chaturanga_game("rated1");
    g.created_ms = 5;
    g.rated = true;
    g.seats = {{"white", "human", "tw", white, ""}, {"black", "human", "tb", black, ""}};
    return g;
  }
};

class StoreAccountsTest : public backends::StoreBackendTest, protected Records {
 protected:
  core::Expected<std::unique_ptr<Store>> open() { return Store::open(scratch_.uri()); }
};
INSTANTIATE_FOR_EACH_BACKEND(StoreAccountsTest);

TEST_P(StoreAccountsTest, NamesAreUniqueWithoutRegardToCase) {
  auto store = open();
  ASSERT_TRUE(store) << store.error();
  account(**store, "Ravi_7");
  AccountRecord again{0, "rAVI_7", "x", 2};
  const WriteResult taken = store.value()->insert_account(again);
  EXPECT_EQ(taken.fault, WriteResult::Fault::Conflict) << taken.message;
  ASSERT_TRUE(store.value()->account_by_name("ravi_7"));
  EXPECT_EQ(store.value()->account_by_name("ravi_7")->username, "Ravi_7");
}

TEST_P(StoreAccountsTest, ASessionLivesUntilItExpiresOrIsDeleted) {
  auto store = open();
  ASSERT_TRUE(store);
  const auto id = account(**store, "ravi");
  ASSERT_TRUE(store.value()->insert_session("h1", id, 100, 200));
  EXPECT_TRUE(store.value()->session_account("h1", 150));
  EXPECT_FALSE(store.value()->session_account("h1", 200));
  EXPECT_FALSE(store.value()->session_account("h2", 150));
  ASSERT_TRUE(store.value()->delete_session("h1"));
  EXPECT_FALSE(store.value()->session_account("h1", 150));
}

TEST_P(StoreAccountsTest, AnAccountsSettingsAreKeptWholeAndApartFromOthers) {
  auto store = open();
  ASSERT_TRUE(store) << store.error();
  const auto ravi = account(**store, "ravi");
  const auto sita = account(**store, "sita");
  EXPECT_EQ(store.value()->account_settings(ravi), "{}");
  const std::string chosen = R"({"theme":"sandal\u0027wood","sound":false,"board":"शतरंज"})";
  ASSERT_TRUE(store.value()->save_account_settings(ravi, chosen));
  EXPECT_EQ(store.value()->account_settings(ravi), chosen);
  EXPECT_EQ(store.value()->account_settings(sita), "{}");
  ASSERT_TRUE(store.value()->save_account_settings(ravi, R"({"sound":true})"));
  EXPECT_EQ(store.value()->account_settings(ravi), R"({"sound":true})");
  // An account that does not exist has the defaults and stores nothing.
  EXPECT_EQ(store.value()->account_settings(sita + 100), "{}");
}

TEST_P(StoreAccountsTest, ARatedResultIsStoredWithItsRatings) {
  auto store = open();
  ASSERT_TRUE(store);
  const auto white = account(**store, "white_player");
  const auto black = account(**store, "black_player");
  ASSERT_TRUE(store.value()->insert_game(rated_game(white, black)));
  ASSERT_TRUE(store.value()->set_result("rated1", "1-0", "resignation", {1, 2}));
  const auto w = store.value()->ratings_of(white);
  const auto b = store.value()->ratings_of(black);
  ASSERT_EQ(w.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_GT(w[0].glicko.rating, 1500);
  EXPECT_LT(b[0].glicko.rating, 1500);
  EXPECT_EQ(w[0].games, 1);
  const auto history = store.value()->rating_history(white, 10);
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].game_id, "rated1");
  EXPECT_EQ(store.value()->leaderboard("chaturanga", 10).front().username, "white_player");
  EXPECT_EQ(store.value()->games_of(black, 0, 10), std::vector<std::string>{"rated1"});
}

TEST_P(StoreAccountsTest, ARatedResultWithoutPlacesIsRefusedAndNotStored) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store.value()->insert_game(rated_game(account(**store, "a_1"), account(**store, "b_1"))));
  const WriteResult refused = store.value()->set_result("rated1", "1-0", "resignation");
  EXPECT_FALSE(refused);
  EXPECT_NE(refused.message.find("finishing place"), std::string::npos) << refused.message;
  EXPECT_EQ(store.value()->load("rated1")->result, "*");
}

// The result and the ratings are one transaction: when the ratings cannot
// be written, the result is not stored either.
TEST_P(StoreAccountsTest, WhenTheRatingsCannotBeWrittenTheResultIsNotStoredEither) {
  std::int64_t white = 0;
  std::int64_t black = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    white = account(**store, "a_1");
    black = account(**store, "b_1");
    ASSERT_TRUE(store.value()->insert_game(rated_game(white, black)));
  }
  const std::string refuse = GetParam() == Backend::Sqlite
                                 ? "CREATE TRIGGER no_history BEFORE INSERT ON rating_history BEGIN "
                                   "SELECT RAISE(ABORT, 'refused'); END;"
                                 : "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ "
                                   "BEGIN RAISE 'refused'; END $$; "
                                   "CREATE TRIGGER no_history BEFORE INSERT ON rating_history FOR "
                                   "EACH ROW EXECUTE FUNCTION refuse();";
  ASSERT_EQ(scratch_.exec(refuse), "");
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_FALSE(store.value()->append_move("rated1", 0, "e2e3", "1-0", "king captured", false, {1, 2}));
  const auto game = store.value()->load("rated1");
  EXPECT_EQ(game->result, "*");
  EXPECT_TRUE(game->moves.empty());
  EXPECT_TRUE(store.value()->ratings_of(white).empty());
}

TEST_P(StoreAccountsTest, AClaimGivesAGuestsSeatsToTheAccountOnce) {
  auto store = open();
  ASSERT_TRUE(store);
  const auto first = account(**store, "first");
  const auto second = account(**store, "second");
  GameRecord g = rated_game(0, 0);
  g.rated = false;
  ASSERT_TRUE(store.value()->insert_game(g));
  std::vector<ClaimedSeat> claimed;
  ASSERT_TRUE(store.value()->claim_seats(first, {"tb", "nope", ""}, claimed));
  ASSERT_EQ(claimed.size(), 1u);
  EXPECT_EQ(claimed[0].name, "black");
  ASSERT_TRUE(store.value()->claim_seats(second, {"tb"}, claimed));
  EXPECT_TRUE(claimed.empty());
  EXPECT_EQ(store.value()->load("rated1")->seats[1].account_id, first);
  EXPECT_EQ(store.value()->load("rated1")->seats[1].username, "first");
  EXPECT_EQ(store.value()->load("rated1")->seats[0].account_id, 0);
}

// A SQLite file made by the program at version 2.
class StoreAccountsMigrationTest : public ::testing::Test, protected Records {
 protected:
  backends::ScratchDatabase scratch_{Backend::Sqlite};
};

// Version 2 as the store made it: the base tables, fair dice, the index of
// games a bot is to move in.
constexpr const char* VERSION_2 = R"sql(
PRAGMA journal_mode = WAL;
CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT NULL,
  seed INTEGER NOT NULL, created_ms INTEGER NOT NULL, result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT '', dice_secret TEXT NOT NULL DEFAULT '', practice INTEGER NOT NULL DEFAULT 0,
  bot_to_move INTEGER);
CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, name TEXT NOT NULL,
  kind TEXT NOT NULL, token TEXT NOT NULL, PRIMARY KEY (game_id, idx));
CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply));
CREATE INDEX games_unfinished ON games(result) WHERE result = '*';
CREATE INDEX games_to_resume ON games(id) WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0);
INSERT INTO games VALUES ('old2', 'chaturanga', '', 9, 3, '*', '', '', 0, 0);
INSERT INTO seats VALUES ('old2', 0, 'white', 'human', 'tokw'), ('old2', 1, 'black', 'human', 'tokb');
INSERT INTO moves VALUES ('old2', 0, 'e2e3');
PRAGMA user_version = 2;
)sql";

TEST_F(StoreAccountsMigrationTest, ADatabaseOfVersionTwoGainsAccountsWithItsGamesIntact) {
  ASSERT_EQ(scratch_.exec(VERSION_2), "");
  auto store = Store::open(scratch_.uri());
  ASSERT_TRUE(store) << store.error();
  EXPECT_EQ(store.value()->version(), Store::latest_version());
  const auto old = store.value()->load("old2");
  ASSERT_TRUE(old);
  EXPECT_FALSE(old->rated);
  EXPECT_EQ(old->moves, std::vector<std::string>{"e2e3"});
  ASSERT_EQ(old->seats.size(), 2u);
  EXPECT_EQ(old->seats[0].token, "tokw");
  EXPECT_EQ(old->seats[0].account_id, 0);
  const auto id = account(**store, "newcomer");
  std::vector<ClaimedSeat> claimed;
  ASSERT_TRUE(store.value()->claim_seats(id, {"tokw"}, claimed));
  EXPECT_EQ(claimed.size(), 1u);
  EXPECT_EQ(store.value()->games_of(id, 0, 10), std::vector<std::string>{"old2"});
}

}  // namespace
}  // namespace server
