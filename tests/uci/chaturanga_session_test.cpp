#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <sstream>
#include <streambuf>
#include <thread>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "engine/chaturanga_levels.h"
#include "support/little_memory.h"
#include "support/uci_talk.h"
#include "uci/uci.h"

namespace {

using testing_support::talk;

// The ends of UCI_Elo's range: the levels' measured scale.
const std::string LOWEST_ELO = std::to_string(engine::MIN_ELO);
const std::string HIGHEST_ELO = std::to_string(engine::MAX_ELO);

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Uci, HandshakeListsTheOptions) {
  const std::string out = talk("uci\nisready\n");
  EXPECT_NE(out.find("option name UCI_Variant type combo default chaturanga var chaturanga"),
            std::string::npos);
  EXPECT_NE(out.find("option name Hash"), std::string::npos);
  EXPECT_NE(out.find("option name Threads"), std::string::npos);
  EXPECT_NE(out.find("option name MultiPV"), std::string::npos);
  EXPECT_NE(out.find("option name Skill Level"), std::string::npos);
  EXPECT_NE(out.find("option name UCI_LimitStrength type check default false"), std::string::npos);
  EXPECT_NE(out.find("option name UCI_Elo type spin default " + HIGHEST_ELO + " min " + LOWEST_ELO + " max " +
                     HIGHEST_ELO),
            std::string::npos);
  EXPECT_NE(out.find("option name Move Overhead"), std::string::npos);
  EXPECT_NE(out.find("uciok"), std::string::npos);
  EXPECT_NE(out.find("readyok"), std::string::npos);
}

// UCI_LimitStrength with UCI_Elo plays the level the Elo names: the bottom
// of the scale is level 1, which searches one ply; the top is full strength;
// the range and the check are enforced by name.
TEST(Uci, LimitStrengthPlaysTheLevelTheEloNames) {
  const std::string weakest =
      talk("setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value " + LOWEST_ELO +
           "\nposition startpos\ngo depth 8\nisready\n");
  EXPECT_NE(weakest.find("info depth 1 "), std::string::npos) << weakest;
  EXPECT_EQ(weakest.find("info depth 2 "), std::string::npos) << weakest;
  EXPECT_NE(weakest.find("bestmove "), std::string::npos);
  const std::string strongest =
      talk("setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value " + HIGHEST_ELO +
           "\nposition startpos\ngo depth 8\nisready\n");
  EXPECT_NE(strongest.find("info depth 8 "), std::string::npos) << strongest;
  const std::string off =
      talk("setoption name UCI_Elo value " + LOWEST_ELO + "\nposition startpos\ngo depth 8\nisready\n");
  EXPECT_NE(off.find("info depth 8 "), std::string::npos) << "UCI_Elo alone limits nothing\n" << off;
  const std::string bad =
      talk("setoption name UCI_Elo value 100\nsetoption name UCI_LimitStrength value maybe\n");
  EXPECT_NE(bad.find("option 'UCI_Elo' needs a whole number from " + LOWEST_ELO + " to " + HIGHEST_ELO),
            std::string::npos)
      << bad;
  EXPECT_NE(bad.find("option 'UCI_LimitStrength' needs true or false"), std::string::npos) << bad;
}

TEST(Uci, GarbageGetsAnErrorNeverACrash) {
  const std::string lines[] = {"\x01\xff\xfe",
                               "fly me to the moon",
                               "position",
                               "position fen",
                               "position fen 9/8/8/8/8/8/8/8 w - - 0 1",
                               "position startpos moves e2e5",
                               "position startpos junk",
                               "go wtime -5",
                               "go depth x",
                               "go frobnicate",
                               "go perft 0",
                               "setoption",
                               "setoption name Hash value -5",
                               "setoption name Threads value many",
                               "setoption name UCI_Variant value xiangqi",
                               "setoption name Nonsense value 1",
                               "bench 0",
                               "bench rft 2",
                               "bench 1x"};
  std::string input;
  for (const auto& l : lines) input += l + "\n";
  input += "isready\n";
  const std::string out = talk(input);
  EXPECT_EQ(count(out, "info string error"), int(std::size(lines))) << out;
  EXPECT_NE(out.find("readyok"), std::string::npos);
}

TEST(Uci, GoDepthEndsWithALegalBestMoveAndInfoLines) {
  const std::string out = talk("position startpos moves e2e3 e7e6\ngo depth 4\nisready\n");
  // Quit at end of input stops the search; the best move is still given.
  const auto at = out.find("bestmove ");
  ASSERT_NE(at, std::string::npos) << out;
  const std::string move = out.substr(at + 9, out.find_first_of(" \n", at + 9) - at - 9);
  chaturanga::Game g;
  g.play_uci("e2e3");
  g.play_uci("e7e6");
  EXPECT_TRUE(chaturanga::parse_uci(g.position(), move).ok()) << move;
}

TEST(Uci, InfoLinesCarryTheUsualFields) {
  std::istringstream in("position fen 3k4/p7/8/8/8/8/8/3RK3 w - - 0 1\ngo depth 3\n");
  std::ostringstream out;
  uci::run(in, out);
  const std::string text = out.str();
  for (const char* field : {"depth ", "seldepth ", "score mate 1", "nodes ", "nps ", "hashfull ", "pv d1d8"})
    EXPECT_NE(text.find(field), std::string::npos) << field << " missing in\n" << text;
  EXPECT_NE(text.find("bestmove d1d8"), std::string::npos);
}

std::string best_move(const std::string& out) {
  const auto at = out.rfind("bestmove ");
  if (at == std::string::npos) return "";
  return out.substr(at + 9, out.find_first_of(" \n", at + 9) - at - 9);
}

TEST(Uci, OffersTheFamilyAndChaturangasRuleOptions) {
  const std::string out = talk("uci\n");
  for (const char* v :
       {"var chaturanga-chesscom", "var shatranj", "var makruk", "var cambodian", "var sittuyin"})
    EXPECT_NE(out.find(v), std::string::npos) << v;
  EXPECT_NE(out.find("option name Elephant type combo default alfil var alfil var silver var dabbaba"),
            std::string::npos);
  EXPECT_NE(out.find("option name BareKing type check default true"), std::string::npos);
}

TEST(Uci, EachGameOfTheFamilyStartsFromItsOwnFenAndAnswersWithALegalMove) {
  for (const char* name : {"shatranj", "makruk", "cambodian", "sittuyin", "chaturanga-chesscom"}) {
    const chaturanga::RuleSet& rules = *chaturanga::find_rules(name);
    const std::string out = talk(std::string("setoption name UCI_Variant value ") + name +
                                 "\nposition startpos\nd\ngo depth 3\n");
    EXPECT_NE(out.find("Fen: " + std::string(rules.start_fen)), std::string::npos) << name << out;
    chaturanga::Game g(chaturanga::start_position(rules));
    EXPECT_TRUE(g.play_uci(best_move(out)).ok()) << name << ": " << out;
  }
}

TEST(Uci, RuleOptionsChooseChaturangasReading) {
  // The silver elephant cannot leave the back rank at the start: 12 moves, not 16.
  const std::string out = talk(
      "setoption name Elephant value silver\nsetoption name Kings value facing\nposition startpos\nd\n"
      "go perft 1\nsetoption name Elephant value tiger\nsetoption name BareKing value maybe\n");
  EXPECT_NE(out.find("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"), std::string::npos) << out;
  EXPECT_NE(out.find("Nodes searched: 12"), std::string::npos) << out;
  EXPECT_NE(out.find("rule option elephant: 'tiger' is not one of alfil, silver, dabbaba"),
            std::string::npos);
  EXPECT_NE(out.find("option 'BareKing' needs true or false, got 'maybe'"), std::string::npos);
}

TEST(Uci, TheOraclesOptionNamesAreVariants) {
  const std::string out = talk(
      "setoption name UCI_Variant value chaturanga-dabbaba\nposition startpos\ngo perft 1\n"
      "setoption name UCI_Variant value chaturanga-silver-facing-checkmate\nposition startpos\nd\n"
      "setoption name UCI_Variant value chaturanga-tiger\n");
  // The dabbaba jumps over its pawn: c1c3 and f1f3 besides the seed's 12 moves of pawns and horses.
  EXPECT_NE(out.find("Nodes searched: 14"), std::string::npos) << out;
  EXPECT_NE(out.find("Fen: rnbqkbnr/"), std::string::npos) << out;
  EXPECT_NE(out.find("unknown UCI_Variant 'chaturanga-tiger'"), std::string::npos) << out;
}

TEST(Uci, SittuyinPlacementsAreDrops) {
  const std::string out =
      talk("setoption name UCI_Variant value sittuyin\nposition startpos moves R@a1\ngo depth 2\n");
  const std::string move = best_move(out);
  ASSERT_EQ(move.size(), 4u) << out;
  EXPECT_EQ(move[1], '@') << out;
  chaturanga::Game g(chaturanga::start_position(*chaturanga::find_rules("sittuyin")));
  ASSERT_TRUE(g.play_uci("R@a1").ok());
  EXPECT_TRUE(g.play_uci(move).ok()) << move;
}

TEST(Uci, PerftCountsTheStartPosition) {
  const std::string out = talk("go perft 3\n");
  EXPECT_NE(out.find("Nodes searched: 4176"), std::string::npos) << out;
}

TEST(Uci, GameOverGivesNoMove) {
  const std::string out = talk("position fen 3k4/8/8/8/8/8/8/4R3 w - - 0 1\ngo depth 3\n");
  EXPECT_NE(out.find("bestmove (none)"), std::string::npos) << out;
}

// The table is asked for 4 GiB where the process may map only 512 MiB more:
// before, the allocation threw std::bad_alloc and the session aborted.
TEST(Uci, AHashTheMachineCannotGiveIsRefusedAndTheOldTableStays) {
  if (testing_support::SANITIZED) GTEST_SKIP() << "an address space limit under a sanitizer";
  const auto run = testing_support::run_with_little_memory(
      512, [] { return talk("setoption name Hash value 4096\nposition startpos\ngo depth 5\nisready\n"); });
  ASSERT_TRUE(run.exited_cleanly) << "status " << run.status << "\n" << run.out;
  EXPECT_NE(run.out.find("info string error: Hash 4096 MB cannot be had: at most "), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("the table stays at 16 MB"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("bestmove "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("readyok"), std::string::npos) << run.out;
}

TEST(Uci, AChaturajiSessionSharesTheHashAndItsRefusal) {
  if (testing_support::SANITIZED) GTEST_SKIP() << "an address space limit under a sanitizer";
  const auto run = testing_support::run_with_little_memory(512, [] {
    return talk(
        "setoption name UCI_Variant value chaturaji-teams\nsetoption name Hash value 4096\n"
        "setoption name Hash value 8\nposition startpos\ngo depth 2\nisready\n");
  });
  ASSERT_TRUE(run.exited_cleanly) << "status " << run.status << "\n" << run.out;
  EXPECT_EQ(count(run.out, "info string error: Hash 4096 MB cannot be had"), 1) << run.out;
  EXPECT_EQ(count(run.out, "info string error"), 1) << run.out;
  EXPECT_NE(run.out.find("bestmove "), std::string::npos) << run.out;
}

// 64 threads need 63 helper stacks of 8 MiB, far more than the 64 MiB the
// child may map: before, the failed std::thread ended the process.
TEST(Uci, ThreadsTheSystemWillNotStartLeaveTheSearchToThoseThatDid) {
  if (testing_support::SANITIZED) GTEST_SKIP() << "an address space limit under a sanitizer";
  const auto run = testing_support::run_with_little_memory(
      64, [] { return talk("setoption name Threads value 64\nposition startpos\ngo depth 6\nisready\n"); });
  ASSERT_TRUE(run.exited_cleanly) << "status " << run.status << "\n" << run.out;
  EXPECT_NE(run.out.find("info string Threads: only "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" of 64 threads could be started"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("bestmove "), std::string::npos) << run.out;
}

// Output that notices two threads inside it at once; each write dwells a
// little so that an overlap, if the code allows one, is not missed.
class OverlapDetector : public std::stringbuf {
 public:
  std::atomic<bool> overlapped{false};

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    Inside inside(*this);
    return std::stringbuf::xsputn(s, n);
  }
  int_type overflow(int_type c) override {
    Inside inside(*this);
    return std::stringbuf::overflow(c);
  }
  int sync() override {
    Inside inside(*this);
    return std::stringbuf::sync();
  }

 private:
  // Entered by a thread; the same thread may enter again (xsputn calls overflow).
  struct Inside {
    explicit Inside(OverlapDetector& d) : d(d) {
      std::thread::id none;
      const auto me = std::this_thread::get_id();
      if (d.owner.compare_exchange_strong(none, me)) {
        outermost = true;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      } else if (none != me) {
        d.overlapped = true;
      }
    }
    ~Inside() {
      if (outermost) d.owner = std::thread::id();
    }
    OverlapDetector& d;
    bool outermost = false;
  };
  std::atomic<std::thread::id> owner{};
};

// Input that arrives a line at a time, as from a GUI, while a search speaks.
class SlowInput : public std::streambuf {
 public:
  explicit SlowInput(std::string text) : text_(std::move(text)) {}

 protected:
  int_type underflow() override {
    if (at_ >= text_.size()) return traits_type::eof();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const std::size_t end = std::min(text_.size(), text_.find('\n', at_) + 1);
    line_ = text_.substr(at_, end - at_);
    at_ = end;
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(line_[0]);
  }

 private:
  std::string text_;
  std::string line_;
  std::size_t at_ = 0;
};

// A GUI's input stream is tied to the output (std::cin to std::cout): each
// read flushed the output from the reading thread while a search thread
// wrote, unguarded, and with unsynchronised streams a bestmove came out
// twice (the four-handed arena saw it as an illegal answer to its next go).
TEST(Uci, TheReadingThreadNeverTouchesTheOutputWhileASearchSpeaks) {
  std::string text = "position startpos\ngo infinite\n";
  for (int i = 0; i < 150; ++i) text += "isready\n";
  text += "stop\nsetoption name UCI_Variant value chaturaji-teams\nposition startpos\ngo infinite\n";
  for (int i = 0; i < 150; ++i) text += "isready\n";
  text += "stop\n";
  SlowInput slow(text);
  std::istream in(&slow);
  OverlapDetector detector;
  std::ostream out(&detector);
  in.tie(&out);
  uci::run(in, out);
  EXPECT_FALSE(detector.overlapped.load());
  EXPECT_EQ(count(detector.str(), "bestmove "), 2) << detector.str();
  EXPECT_EQ(in.tie(), &out) << "the caller's tie is given back";
}

}  // namespace
