#include "chaturanga/pgn.h"

#include <gtest/gtest.h>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "core/rng.h"

using namespace chaturanga;

namespace {
Game random_game(std::uint64_t seed, int max_plies) {
  core::Rng rng(seed);
  Game game;
  while (!game.over() && int(game.moves().size()) < max_plies) {
    MoveList list;
    generate<GenKind::All>(game.position(), list);
    game.play(list[rng.below(list.size())]);
  }
  return game;
}
}  // namespace

TEST(Pgn, WritesVariantAndResult) {
  Game game;
  ASSERT_TRUE(game.play_uci("e2e3").ok());
  const std::string pgn = to_pgn(game, {{"White", "Ann"}});
  EXPECT_NE(pgn.find("[Variant \"Chaturanga\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[White \"Ann\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Black \"?\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1. e3 *"), std::string::npos);
  EXPECT_EQ(pgn.find("[FEN"), std::string::npos);
}

TEST(Pgn, RandomGamesRoundTrip) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Game game = random_game(seed, 300);
    const auto back = parse_pgn(to_pgn(game));
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->game.moves(), game.moves());
    EXPECT_EQ(back->game.outcome(), game.outcome());
  }
}

TEST(Pgn, SetUpPositionIsKept) {
  auto game = Game::from_fen("8/8/5p2/4k3/3K4/8/8/5R2 b - - 0 1");
  ASSERT_TRUE(game.ok());
  ASSERT_TRUE(game.value().play_uci("f6f5").ok());
  const std::string pgn = to_pgn(*game);
  EXPECT_NE(pgn.find("[SetUp \"1\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1... f5"), std::string::npos);
  const auto back = parse_pgn(pgn);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(to_fen(back->game.position()), to_fen(game->position()));
}

TEST(Pgn, ReadsCommentsVariationsAndNags) {
  const auto parsed = parse_pgn(
      "[Variant \"Chaturanga\"]\n\n1. e3 {a quiet start} (1. Nf3 Nf6) 1... e6 $1 2. Nf3 ; rest\n2... Nc6 "
      "1/2-1/2\n");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->game.moves().size(), 4u);
  EXPECT_EQ(parsed->game.outcome().result, Result::Draw);
}

TEST(Pgn, ErrorsNameTheLineAndMove) {
  const auto bad = parse_pgn("[Variant \"Chaturanga\"]\n\n1. e3 e6\n2. e5 *\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("line 4"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("'e5'"), std::string::npos) << bad.error();
  const auto other = parse_pgn("[Variant \"Xiangqi\"]\n\n1. e3 *");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.error().find("'Xiangqi'"), std::string::npos) << other.error();
}

TEST(Pgn, MoveCommentsRoundTrip) {
  const Game game = random_game(7, 12);
  std::vector<std::string> comments(game.moves().size());
  comments[0] = "+0.35/12 0.500s";
  comments[5] = "-M3/9 0.020s";
  const std::string pgn = to_pgn(game, {}, comments);
  EXPECT_NE(pgn.find("{+0.35/12 0.500s} 1..."), std::string::npos) << pgn;
  const auto back = parse_pgn(pgn);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->game.moves(), game.moves());
  EXPECT_EQ(back->comments, comments);
}

TEST(Pgn, CommentsInVariationsAreNotTheMainLine) {
  const auto parsed = parse_pgn("[Variant \"Chaturanga\"]\n\n1. e3 (1. Nf3 {aside}) {main} 1... e6 *\n");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->comments.size(), 2u);
  EXPECT_EQ(parsed->comments[0], "main");
  EXPECT_EQ(parsed->comments[1], "");
}

namespace {
Game random_family_game(const RuleSet& rules, std::uint64_t seed, int max_plies) {
  core::Rng rng(seed);
  Game game(start_position(rules));
  while (!game.over() && int(game.moves().size()) < max_plies) {
    MoveList list;
    generate<GenKind::All>(game.position(), list);
    game.play(list[rng.below(list.size())]);
  }
  return game;
}
}  // namespace

TEST(Pgn, FamilyGamesRoundTripWithTheirVariantNames) {
  const std::pair<const char*, const char*> games[] = {
      {"shatranj", "Shatranj"}, {"makruk", "Makruk"}, {"cambodian", "Cambodian"}, {"sittuyin", "Sittuyin"}};
  for (const auto& [name, tag] : games) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Game game = random_family_game(*find_rules(name), seed, 160);
      const std::string pgn = to_pgn(game);
      EXPECT_NE(pgn.find(std::string("[Variant \"") + tag + "\"]"), std::string::npos) << pgn;
      EXPECT_EQ(pgn.find("[SetUp"), std::string::npos) << pgn;
      EXPECT_EQ(pgn.find("[Rules"), std::string::npos) << pgn;
      const auto back = parse_pgn(pgn);
      ASSERT_TRUE(back.ok()) << back.error() << "\n" << pgn;
      EXPECT_EQ(back->game.moves(), game.moves()) << pgn;
      EXPECT_EQ(to_fen(back->game.position()), to_fen(game.position()));
      EXPECT_EQ(back->game.outcome(), game.outcome());
    }
  }
}

TEST(Pgn, RuleOptionsTravelInTheRulesTag) {
  const auto options = parse_options("elephant=silver,goal=checkmate");
  ASSERT_TRUE(options.ok());
  const Game game = random_family_game(chaturanga_rules(*options), 5, 120);
  const std::string pgn = to_pgn(game);
  EXPECT_NE(pgn.find("[Variant \"Chaturanga\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Rules \"elephant=silver goal=checkmate\"]"), std::string::npos) << pgn;
  const auto back = parse_pgn(pgn);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(&back->game.position().rules(), &chaturanga_rules(*options));
  EXPECT_EQ(back->game.moves(), game.moves());
  const auto preset = parse_pgn("[Variant \"Chaturanga\"]\n[Rules \"chesscom\"]\n\n1. e3 e6 *\n");
  ASSERT_TRUE(preset.ok()) << preset.error();
  EXPECT_EQ(&preset->game.position().rules(), &chaturanga_rules(CHESSCOM));
  EXPECT_FALSE(parse_pgn("[Variant \"Makruk\"]\n[Rules \"kings=facing\"]\n\n*\n").ok());
  EXPECT_FALSE(parse_pgn("[Variant \"Chaturanga\"]\n[Rules \"kings=sideways\"]\n\n*\n").ok());
}

TEST(Pgn, FamilySetUpAndPromotions) {
  const RuleSet& makruk = *find_rules("makruk");
  auto parsed = Game::from_fen(makruk, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(parsed.ok());
  Game game = *parsed;
  ASSERT_TRUE(game.play_uci("e5e6").ok());
  const std::string pgn = to_pgn(game);
  EXPECT_NE(pgn.find("[FEN \"4k3/8/8/4P3/8/8/8/4K3 w - - 0 1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1. e6=M"), std::string::npos) << pgn;
  const auto back = parse_pgn(pgn);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->game.moves(), game.moves());
}

// A FEN tag holding Sittuyin's pockets has ']' inside its quotes: the tag
// ends at the ']' after the closing quote, not at the pocket's.
TEST(Pgn, SittuyinPocketsInTheFenTagReadBack) {
  const RuleSet& sittuyin = *find_rules("sittuyin");
  auto parsed = Game::from_fen(sittuyin, "r3r3/sk6/4pppp/pppp4/4PPPP/PPPPF3/8/1NS1S3[KRRNsfnn] w - - 0 5");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  Game game = *parsed;
  ASSERT_TRUE(game.play_uci("N@f3").ok());
  ASSERT_TRUE(game.play_uci("N@d7").ok());
  const std::string pgn = to_pgn(game);
  ASSERT_NE(pgn.find("[KRRNsfnn] w - - 0 5\"]"), std::string::npos) << pgn;
  const auto back = parse_pgn(pgn);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << pgn;
  EXPECT_EQ(back->game.moves(), game.moves());
  EXPECT_EQ(to_fen(back->game.position()), to_fen(game.position()));
}

TEST(Pgn, BrokenTagsAreNamed) {
  const std::pair<const char*, const char*> cases[] = {
      {"[Variant Chaturanga]\n\n*\n", "without a quoted value"},
      {"[Variant \"Chaturanga]\n\n*\n", "without its closing quote"},
      {"[Variant \"Chaturanga\"\n\n*\n", "without ']'"},
      {"[ \"Chaturanga\"]\n\n*\n", "without a name"},
  };
  for (const auto& [text, what] : cases) {
    const auto bad = parse_pgn(text);
    ASSERT_FALSE(bad.ok()) << text;
    EXPECT_NE(bad.error().find(what), std::string::npos) << bad.error();
    EXPECT_NE(bad.error().find("line 1"), std::string::npos) << bad.error();
  }
  const auto escaped = parse_pgn("[White \"Ann \\\"the Rook\\\" [1]\"]\n\n*\n");
  ASSERT_TRUE(escaped.ok()) << escaped.error();
  EXPECT_EQ(escaped->tags.at("White"), "Ann \"the Rook\" [1]");
}
