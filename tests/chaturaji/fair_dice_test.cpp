// Fair dice in the rules: the scheme exactly as docs/chaturaji.md gives it
// (known answers computed apart from this code, with Python's hmac), who may
// fix the throws, and records whose throws verify or name their first lie.
#include "chaturaji/fair_dice.h"

#include "chaturaji/dice_source.h"
#include "chaturaji/judge.h"
#include "chaturaji/record.h"
#include "test_util.h"

namespace chaturaji {
namespace {

using nlohmann::json;
constexpr Variant D = Variant::Dice;

DiceSecret counting_secret() {
  DiceSecret s;
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = std::uint8_t(i);
  return s;
}

std::string text_of(Throw t) { return {char('0' + t.first), char('0' + t.second)}; }

TEST(FairDice, TheSchemeGivesTheDocumentedAnswers) {
  // python3: hmac.new(bytes(range(32)), b"chaturaji-dice:0", "sha256").digest()[:2] == 49 da -> 3, 4
  const DiceSecret s = counting_secret();
  EXPECT_EQ(to_hex(s), "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  EXPECT_EQ(dice_commitment(s), "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
  std::string throws;
  for (int ply = 0; ply < 6; ++ply) throws += text_of(fair_throw(s, ply)) + " ";
  EXPECT_EQ(throws, "34 32 32 55 43 52 ");
  EXPECT_EQ(to_hex(seed_dice_secret(42)), "649b505a3372ec1c6a6b4ee7ceb216c1df5972c4b0b2191be3a525c67af3957a");
}

TEST(FairDice, SecretsAreFreshAndReadBackFromHex) {
  const DiceSecret a = new_dice_secret(), b = new_dice_secret();
  EXPECT_NE(a, b);
  const auto back = dice_secret_from_hex(to_hex(a));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, a);
  std::string upper = to_hex(a);
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_TRUE(dice_secret_from_hex(upper));
  EXPECT_NE(dice_secret_from_hex("abc").error().find("64 hex digits"), std::string::npos);
  EXPECT_NE(dice_secret_from_hex(std::string(63, '0') + "g").error().find("character 64"), std::string::npos);
}

TEST(FairDice, OnlyAPracticeGameFixesItsThrows) {
  const std::string start = start_fen(D);
  for (const std::string& fen : {std::string("seed=7"), std::string("legacy-seed=7"), start,
                                 start + " dice=55,55,55,55", start + " moved=1"}) {
    const auto refused = set_up_game(D, fen, false);
    ASSERT_FALSE(refused) << fen;
    EXPECT_NE(refused.error().find("only a practice game"), std::string::npos) << refused.error();
  }
  // A practice game keeps a ring of fixed throws, turn after turn.
  auto practice = set_up_game(D, start + " dice=55,55,55,55", true);
  ASSERT_TRUE(practice);
  Game& game = practice.value().game;
  for (int turn = 0; turn < 6; ++turn) {
    EXPECT_EQ(game.position().dice(), (Throw{5, 5}));
    ASSERT_TRUE(game.play_text("pass"));
    practice.value().dice.throw_if_new_turn(game);
  }
  // A fair game from a position without throws is thrown from its secret.
  const std::string board = "bK7/8/8/8/8/8/8/rK3yK2gK r - 0,0,0,0 0";
  auto fair = set_up_game(D, board, false);
  ASSERT_TRUE(fair);
  EXPECT_EQ(fair->dice.kind(), DiceSource::Kind::Fair);
  EXPECT_EQ(fair->game.position().dice(), fair->dice.at(0));
}

TEST(FairDice, AStoredGameThrowsAgainFromItsSecret) {
  auto first = set_up_game(D, "", false);
  ASSERT_TRUE(first);
  const std::string secret = first->dice.secret_hex();
  // The stored start FEN shows the first throw; that is no fixing.
  auto again = set_up_game(D, to_fen(first->game.start()), false, secret);
  ASSERT_TRUE(again) << again.error();
  for (int ply = 0; ply < 20; ++ply) EXPECT_EQ(again->dice.at(ply), first->dice.at(ply));
  EXPECT_EQ(again->game.position().dice(), first->game.position().dice());
  EXPECT_FALSE(set_up_game(D, to_fen(first->game.start()) + ",22", false, secret));
}

// A fair game of `turns` turns: each player moves what it can, else passes.
GameSetup played_game(int turns) {
  GameSetup g = std::move(set_up_game(D, "", false)).value();
  for (int turn = 0; turn < turns && !g.game.over(); ++turn) {
    const int seat = g.game.position().turn();
    while (!g.game.over() && g.game.position().turn() == seat) {
      MoveList list;
      generate(g.game.position(), list);
      g.game.play(turn % 3 == 2 ? Move::special(Move::Pass) : list[0]);
    }
    g.dice.throw_if_new_turn(g.game);
  }
  return g;
}

std::string record_of(const GameSetup& g, bool reveal) {
  RecordTags tags{{"Variant", "chaturaji-dice"},
                  {"StartFen", to_fen(g.game.start())},
                  {"DiceCommitment", g.dice.commitment()},
                  {"Result", "*"}};
  if (reveal) tags["DiceSecret"] = g.dice.secret_hex();
  return to_record(g.game, tags, "*");
}

TEST(FairDice, ARecordReplaysAndItsThrowsVerify) {
  const GameSetup g = played_game(16);
  auto record = parse_record(record_of(g, true));
  ASSERT_TRUE(record) << record.error();
  EXPECT_EQ(record->game.moves(), g.game.moves());
  const auto secret = dice_secret_from_hex(g.dice.secret_hex());
  // The record holds the throws of the turns played; the turn under way's
  // comes from the secret.
  Game replayed = record->game;
  DiceSource::fair(*secret).throw_if_new_turn(replayed);
  EXPECT_EQ(replayed.position(), g.game.position());
  const auto checked = verify_throws(*record, *secret, g.dice.commitment());
  ASSERT_TRUE(checked) << checked.error();
  EXPECT_EQ(*checked, 16);
}

TEST(FairDice, ATamperedRecordNamesItsFirstFalseThrow) {
  const GameSetup g = played_game(16);
  std::string text = record_of(g, true);
  // The ninth turn is a pass alone (turn % 3 == 2 at turn 8), so any throw
  // replays; change it to one the secret did not give.
  const auto record = parse_record(text);
  ASSERT_TRUE(record);
  const RecordedThrow ninth = record->throws[8];
  const Throw other{std::uint8_t(ninth.dice.first == 5 ? 2 : ninth.dice.first + 1), ninth.dice.second};
  std::size_t at = 0;
  for (int i = 0; i <= 8; ++i) at = text.find('{', at + 1);
  text.replace(at + 1, 2, text_of(other));
  const json verdict = judge({{"variant", "chaturaji-dice"}, {"record", text}});
  ASSERT_TRUE(verdict.contains("error")) << verdict;
  const std::string expected = "round " + std::to_string(ninth.round) + ", " +
                               std::string(rules(D).color_name[ninth.seat]) + " (the turn from ply " +
                               std::to_string(ninth.ply) + "): the record has the throw " + text_of(other) +
                               ", the secret gives " + text_of(ninth.dice);
  EXPECT_NE(verdict["error"].get<std::string>().find(expected), std::string::npos) << verdict;
}

TEST(FairDice, TheJudgeChecksTheSecretAgainstTheCommitment) {
  const GameSetup g = played_game(8);
  const std::string text = record_of(g, true);
  const json ok =
      judge({{"variant", "chaturaji-dice"}, {"record", text}, {"dice_commitment", g.dice.commitment()}});
  ASSERT_FALSE(ok.contains("error")) << ok;
  EXPECT_EQ(ok["verified"]["throws"], 8);
  EXPECT_EQ(ok["fen"], to_fen(g.game.position()));
  // Another secret: it does not hash to the commitment.
  std::string forged = g.dice.secret_hex();
  forged[0] = forged[0] == '0' ? '1' : '0';
  const json bad_secret = judge({{"variant", "chaturaji-dice"}, {"record", text}, {"dice_secret", forged}});
  EXPECT_NE(bad_secret.value("error", "").find("the secret does not match the commitment"), std::string::npos)
      << bad_secret;
  // A record whose commitment is not the one published at the start.
  const json other = judge({{"variant", "chaturaji-dice"},
                            {"record", text},
                            {"dice_commitment", dice_commitment(new_dice_secret())}});
  EXPECT_NE(other.value("error", "").find("is not the commitment given"), std::string::npos) << other;
  // Before the end there is no secret to check with.
  const json early = judge({{"variant", "chaturaji-dice"}, {"record", record_of(g, false)}});
  EXPECT_NE(early.value("error", "").find("no dice secret"), std::string::npos) << early;
  // A teams record replays; it has no dice to verify.
  const json teams = judge({{"variant", "chaturaji-teams"},
                            {"record", "[Variant \"chaturaji-teams\"]\n\n1. r: e7e6 g: g4f4\n*\n"}});
  ASSERT_FALSE(teams.contains("error")) << teams;
  EXPECT_EQ(teams["turn"], "yellow");
  const json wrong =
      judge({{"variant", "chaturaji-teams"}, {"record", "[Variant \"chaturaji-teams\"]\n\n1. g: g4f4\n*\n"}});
  EXPECT_NE(wrong.value("error", "").find("round 1, green: the rules have red to move"), std::string::npos)
      << wrong;
}

}  // namespace
}  // namespace chaturaji
