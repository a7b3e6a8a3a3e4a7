// The four-handed tuner: it reads arena records, lowers the error on a small
// fixed sample, and names the line and the fault of a bad record.
#include "tune/chaturaji_texel.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

using chaturaji::Variant;

std::vector<tune::ChaturajiSample> read(Variant v, const std::string& file, int games) {
  std::ifstream in(std::string(TEXEL_DATA) + "/" + file);
  EXPECT_TRUE(in) << file;
  std::vector<tune::ChaturajiSample> samples;
  const auto read = tune::read_records(v, in, {}, samples);
  EXPECT_TRUE(read.ok()) << read.error();
  if (read.ok()) {
    EXPECT_EQ(*read, games);
  }
  return samples;
}

std::string first_error(Variant v, const std::string& text) {
  std::istringstream in(text);
  std::vector<tune::ChaturajiSample> samples;
  const auto read = tune::read_records(v, in, {}, samples);
  return read.ok() ? "" : read.error();
}

tune::DescentOptions quick() {
  return {.passes = 3, .seconds = 60, .steps = {32, 8, 2}, .line_search = true};
}

TEST(ChaturajiTexel, LowersTheErrorOnAFixedSample) {
  const auto samples = read(Variant::Teams, "chaturaji_texel_teams.txt", 8);
  ASSERT_GT(samples.size(), 100u);
  search::chaturaji::EvalParams p = search::chaturaji::builtin_params(Variant::Teams);
  p.piece[chaturaji::KNIGHT] = 40;
  p.piece[chaturaji::ROOK] = 60;
  const double k = tune::chaturaji_fit_k(samples, p);
  const double before = tune::chaturaji_error(samples, p, k);
  std::ostringstream log;
  const double after = tune::tune_chaturaji(samples, p, quick(), log);
  EXPECT_LT(after, before * 0.99) << log.str();
  EXPECT_DOUBLE_EQ(after, tune::chaturaji_error(samples, p, k));
}

TEST(ChaturajiTexel, FrozenWeightsStay) {
  const auto samples = read(Variant::Teams, "chaturaji_texel_teams.txt", 8);
  search::chaturaji::EvalParams p = search::chaturaji::builtin_params(Variant::Teams);
  p.piece[chaturaji::KNIGHT] = 40;
  p.piece[chaturaji::ROOK] = 60;
  std::ostringstream log;
  tune::tune_chaturaji(samples, p, quick(), log, {"rook", "king"});
  EXPECT_EQ(p.piece[chaturaji::ROOK], 60);
  EXPECT_EQ(p.piece[chaturaji::KING],
            search::chaturaji::builtin_params(Variant::Teams).piece[chaturaji::KING]);
  EXPECT_NE(p.piece[chaturaji::KNIGHT], 40);
}

TEST(ChaturajiTexel, LabelsEverySeatOfPoints) {
  const auto samples = read(Variant::Points, "chaturaji_texel_points.txt", 24);
  ASSERT_FALSE(samples.empty());
  for (const auto& s : samples) {
    EXPECT_GE(s.result, 0.0);
    EXPECT_LE(s.result, 1.0);
    EXPECT_TRUE(s.pos.is_in(s.seat));
  }
  search::chaturaji::EvalParams p = search::chaturaji::builtin_params(Variant::Points);
  std::ostringstream log;
  const double before = tune::chaturaji_error(samples, p, tune::chaturaji_fit_k(samples, p));
  EXPECT_LE(tune::tune_chaturaji(samples, p, quick(), log), before);
}

TEST(ChaturajiTexel, ReplaysTheThrowsOfDice) {
  const auto samples = read(Variant::Dice, "chaturaji_texel_dice.txt", 2);
  ASSERT_FALSE(samples.empty());
  for (const auto& s : samples) EXPECT_TRUE(s.result == 0 || s.result == 0.5 || s.result == 1);
}

TEST(ChaturajiTexel, BadRecordsSayWhatIsWrong) {
  EXPECT_NE(first_error(Variant::Teams, "\nopening 0 seats 0 1 0 1 winners red yellow plies 2\n")
                .find("record line 2: expected 'opening ... plies N | <position> | <moves>'"),
            std::string::npos);
  EXPECT_NE(first_error(Variant::Teams, "opening 0 seats 0 1 0 1 winners blue plies 2 | x | e2e3\n")
                .find("record line 1: 'blue' is no colour"),
            std::string::npos);
  std::ifstream in(std::string(TEXEL_DATA) + "/chaturaji_texel_teams.txt");
  std::string good;
  std::getline(in, good);
  const std::string bad_move = good.substr(0, good.rfind(" | ") + 3) + "z9z9";
  EXPECT_NE(first_error(Variant::Teams, good + "\n" + bad_move + "\n").find("record line 2: move 'z9z9'"),
            std::string::npos);
  const std::string bad_position = "opening 0 seats 0 1 0 1 winners plies 0 | not a position | ";
  EXPECT_NE(first_error(Variant::Teams, bad_position).find("record line 1: position 'not a position'"),
            std::string::npos);
}

TEST(ChaturajiTexel, CommandNeedsAVariantAndGames) {
  std::ostringstream out, err;
  EXPECT_EQ(tune::run_tune_chaturaji({"--games", "x.txt"}, out, err), 2);
  EXPECT_NE(err.str().find("--variant is missing"), std::string::npos);
  err.str("");
  EXPECT_EQ(tune::run_tune_chaturaji({"--variant", "chaturaji-teams", "--games", "/nonexistent/x"}, out, err),
            2);
  EXPECT_NE(err.str().find("cannot read '/nonexistent/x'"), std::string::npos);
  err.str("");
  EXPECT_EQ(
      tune::run_tune_chaturaji({"--variant", "chaturaji-teams", "--games", "x", "--charm", "3"}, out, err),
      2);
  EXPECT_NE(err.str().find("unknown argument '--charm'"), std::string::npos);
  err.str("");
  EXPECT_EQ(tune::run_tune_chaturaji({"--variant", "chaturaji-teams", "--games", "x", "--passes", "many"},
                                     out, err),
            2);
  EXPECT_NE(err.str().find("--passes: 'many' is not a number"), std::string::npos);
  err.str("");
  EXPECT_EQ(tune::run_tune_chaturaji({"--variant", "chaturaji-teams", "--games"}, out, err), 2);
  EXPECT_NE(err.str().find("--games needs a value"), std::string::npos);
}

TEST(ChaturajiTexel, PrintsTheWeightsAsAnInitialiser) {
  const auto& p = search::chaturaji::builtin_params(Variant::Teams);
  EXPECT_EQ(tune::params_initialiser(p).substr(0, 2), "{{");
  EXPECT_NE(tune::params_spec(p).find(":knight=" + std::to_string(p.piece[chaturaji::KNIGHT])),
            std::string::npos);
}

}  // namespace
