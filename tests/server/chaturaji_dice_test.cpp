// Fair dice as a player meets them: games made as the server makes them,
// whose throws cannot be foreseen from other games, are uniform, stay the
// same through a restart and a take-back, whose secret shows nowhere before
// the end and everywhere after it, and which only a practice game may fix.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "chaturaji/fair_dice.h"
#include "chaturaji/judge.h"
#include "core/bitboard.h"
#include "server/chaturaji_match.h"
#include "server/game_service.h"

namespace server {
namespace {

using nlohmann::json;

// The throw of the turn under way as a number 0-15: 4 * (first - 2) + (second - 2).
int throw_index(const Match& m) {
  const chaturaji::Throw t = dynamic_cast<const ChaturajiMatch&>(m).game().position().dice();
  return 4 * (t.first - 2) + (t.second - 2);
}

std::unique_ptr<Match> fresh_game() { return std::move(make_match("chaturaji-dice", "")).value(); }

// The throws of the first `turns` turns of a fresh game, every player passing.
std::vector<int> throws_of_new_game(int turns) {
  auto m = fresh_game();
  std::vector<int> seen;
  for (int i = 0; i < turns; ++i) {
    seen.push_back(throw_index(*m));
    EXPECT_TRUE(m->play("pass"));
  }
  return seen;
}

double chi_square(const std::vector<long>& counts) {
  long total = 0;
  for (const long c : counts) total += c;
  const double expected = double(total) / double(counts.size());
  double chi = 0;
  for (const long c : counts) chi += (double(c) - expected) * (double(c) - expected) / expected;
  return chi;
}

class ChaturajiDiceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
};

TEST_F(ChaturajiDiceTest, AThousandGamesNeverShareTheirThrows) {
  // Twelve turns: 16^12 sequences, so two equal ones among 1,000 fair games
  // would come by chance once in about 5e8 runs.
  std::set<std::vector<int>> sequences;
  for (int g = 0; g < 1000; ++g) sequences.insert(throws_of_new_game(12));
  EXPECT_EQ(sequences.size(), 1000u);
}

TEST_F(ChaturajiDiceTest, TheFirstThrowsOfAThousandGamesDoNotPredictTheNext) {
  // Learn, for each first throw, the second throw seen most often after it
  // in 1,000 games; then guess the second throw of 1,000 other games from
  // their first. Chance is 1/16 = 6.25 %, one standard deviation 0.77 %: 10 %
  // is five deviations above it.
  std::array<std::array<int, 16>, 16> seen{};
  for (int g = 0; g < 1000; ++g) {
    const auto t = throws_of_new_game(2);
    ++seen[std::size_t(t[0])][std::size_t(t[1])];
  }
  std::array<int, 16> guess{};
  for (std::size_t first = 0; first < 16; ++first)
    guess[first] = int(std::max_element(seen[first].begin(), seen[first].end()) - seen[first].begin());
  int right = 0;
  for (int g = 0; g < 1000; ++g) {
    const auto t = throws_of_new_game(2);
    right += guess[std::size_t(t[0])] == t[1];
  }
  EXPECT_LT(right, 100) << "the second throw was guessed " << right << " times in 1,000";
}

TEST_F(ChaturajiDiceTest, AHundredThousandThrowsAreUniform) {
  // 1,000 games of 100 turns. Bounds: the chi-square that chance exceeds
  // once in a million (3 degrees of freedom for a die, 15 for the pair).
  std::vector<long> first(4), second(4), pair(16);
  for (int g = 0; g < 1000; ++g) {
    for (const int t : throws_of_new_game(100)) {
      ++first[std::size_t(t / 4)];
      ++second[std::size_t(t % 4)];
      ++pair[std::size_t(t)];
    }
  }
  EXPECT_LT(chi_square(first), 30.66);
  EXPECT_LT(chi_square(second), 30.66);
  EXPECT_LT(chi_square(pair), 56.49);
}

TEST_F(ChaturajiDiceTest, TheBotAndTheAnalysisAreNotGivenTheSecret) {
  // Same position and throw, other secrets: a search to a fixed depth must
  // choose alike, since the throws to come are chance nodes to it.
  const std::string start =
      "bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0 dice=34";
  std::set<std::string> chosen;
  for (const int seed : {1, 2, 3, 4, 5}) {
    auto m =
        std::move(make_match("chaturaji-dice", start + " seed=" + std::to_string(seed), {true, {}})).value();
    EXPECT_EQ(dynamic_cast<const ChaturajiMatch&>(*m).game().start().dice(), (chaturaji::Throw{3, 4}));
    chosen.insert(m->bot_move(5, std::chrono::seconds(30), nullptr, 9));
  }
  EXPECT_EQ(chosen.size(), 1u);
}

class ChaturajiDiceServiceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  ChaturajiDiceServiceTest()
      : store_(std::move(Store::open(":memory:")).value()), pool_(1), service_(*store_, pool_) {}

  static json humans() {
    return {{"red", "human"}, {"green", "human"}, {"yellow", "human"}, {"black", "human"}};
  }

  ApiResult create(json body) {
    body["variant"] = "chaturaji-dice";
    if (!body.contains("seats")) body["seats"] = humans();
    return service_.create(body);
  }

  // Passes `turns` turns, each by the seat to move.
  void pass_turns(const json& game, int turns) {
    for (int i = 0; i < turns; ++i) {
      const json s = service_.get(game["id"]).body;
      ASSERT_EQ(
          service_.move(game["id"], game["tokens"][s["turn"].get<std::string>()], {{"move", "pass"}}).status,
          200);
    }
  }

  std::unique_ptr<Store> store_;
  BotPool pool_;
  GameService service_;
};

struct Probe : Subscriber {
  std::vector<std::string> seen;
  void deliver(std::shared_ptr<const std::string> state) override { seen.push_back(*state); }
};

TEST_F(ChaturajiDiceServiceTest, AGameBetweenPeopleCannotFixItsDice) {
  for (const char* fen : {"seed=42",
                          "bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/"
                          "yByNyRyK2gPgB r - 0,0,0,0 0 dice=55,55,55,55"}) {
    const ApiResult r = create({{"fen", fen}});
    EXPECT_EQ(r.status, 400) << fen;
    EXPECT_NE(r.body["error"].get<std::string>().find("only a practice game"), std::string::npos) << r.body;
  }
  // Marked practice, it is still a game between people: refused too.
  const ApiResult marked = create({{"fen", "seed=42"}, {"practice", true}});
  EXPECT_EQ(marked.status, 400);
  EXPECT_NE(marked.body["error"].get<std::string>().find("between people"), std::string::npos) << marked.body;
  // An open seat is for a person as well.
  const json open_seat = {{"red", "human"}, {"green", "bot:1"}, {"yellow", "open"}, {"black", "bot:1"}};
  EXPECT_EQ(create({{"fen", "seed=42"}, {"practice", true}, {"seats", open_seat}}).status, 400);
  EXPECT_EQ(create({{"practice", "yes"}}).status, 400);
  // One person and bots may practise with fixed dice.
  const json alone = {{"red", "human"}, {"green", "bot:1"}, {"yellow", "bot:1"}, {"black", "bot:1"}};
  const ApiResult practice = create({{"fen", "seed=42"}, {"practice", true}, {"seats", alone}});
  ASSERT_EQ(practice.status, 201) << practice.body;
  EXPECT_EQ(practice.body["practice"], true);
  EXPECT_EQ(create({}).body["practice"], false);
}

TEST_F(ChaturajiDiceServiceTest, TheSecretShowsNowhereBeforeTheEndAndIsRevealedAfter) {
  const ApiResult made = create({});
  ASSERT_EQ(made.status, 201);
  const json g = made.body;
  const std::string id = g["id"];
  auto probe = std::make_shared<Probe>();
  ASSERT_EQ(service_.subscribe(id, probe).status, 200);
  const std::string secret = store_->load(id)->dice_secret;
  ASSERT_EQ(secret.size(), 64u);
  const auto secret_bytes = chaturaji::dice_secret_from_hex(secret);
  ASSERT_TRUE(secret_bytes);
  EXPECT_EQ(g["dice_commitment"], chaturaji::dice_commitment(*secret_bytes));
  EXPECT_TRUE(g["dice_secret"].is_null());
  pass_turns(g, 6);
  std::vector<std::string> before{g.dump(), service_.get(id).body.dump(),
                                  service_.pgn(id).body.get<std::string>()};
  before.insert(before.end(), probe->seen.begin(), probe->seen.end());
  ASSERT_EQ(before.size(), 9u);
  for (const std::string& text : before) EXPECT_EQ(text.find(secret), std::string::npos) << text;

  const ApiResult resigned = service_.resign(id, g["tokens"]["green"]);
  ASSERT_EQ(resigned.status, 200);
  EXPECT_EQ(resigned.body["dice_secret"], secret);
  EXPECT_NE(probe->seen.back().find(secret), std::string::npos);
  const std::string record = service_.pgn(id).body.get<std::string>();
  EXPECT_NE(record.find("[DiceSecret \"" + secret + "\"]"), std::string::npos) << record;
  // The record verifies against the commitment published at the start.
  const json verdict = chaturaji::judge(
      {{"variant", "chaturaji-dice"}, {"record", record}, {"dice_commitment", g["dice_commitment"]}});
  ASSERT_FALSE(verdict.contains("error")) << verdict;
  EXPECT_EQ(verdict["verified"]["throws"], 6);
  // Once the secret is out, the game cannot go back to a turn it knows.
  EXPECT_EQ(service_.takeback(id, g["tokens"]["red"]).status, 409);
}

TEST_F(ChaturajiDiceServiceTest, ARestartFromTheStoreAndATakeBackThrowTheSame) {
  const json g = create({}).body;
  const std::string id = g["id"];
  pass_turns(g, 5);
  const json before = service_.get(id).body;
  {
    // Another service over the same store: what a restart reads back (the
    // game has no bot to move, so it loads when first asked for).
    BotPool pool(1);
    GameService restarted(*store_, pool);
    const json after = restarted.get(id).body;
    EXPECT_EQ(after["history"], before["history"]);
    EXPECT_EQ(after["dice"], before["dice"]);
    EXPECT_EQ(after["dice_commitment"], before["dice_commitment"]);
  }
  // All four agree to take black's pass back; the turn is thrown again alike.
  for (const char* seat : {"black", "red", "green", "yellow"})
    ASSERT_EQ(service_.takeback(id, g["tokens"][seat]).status, 200) << seat;
  const json back = service_.get(id).body;
  EXPECT_EQ(back["ply"], 3);
  const std::string thrown = before["history"][3]["dice"];
  EXPECT_EQ(back["dice"]["throw"], (json{thrown[0] - '0', thrown[1] - '0'}));
  pass_turns(g, 2);
  EXPECT_EQ(service_.get(id).body["history"], before["history"]);
  EXPECT_EQ(service_.get(id).body["dice"], before["dice"]);
}

}  // namespace
}  // namespace server
