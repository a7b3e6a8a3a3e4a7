#include <gtest/gtest.h>

#include "chaturanga/fen.h"
#include "cli/play.h"

using namespace chaturanga;

TEST(BoardDrawing, MarksOnlyAnAttackedKing) {
  const auto attacked = parse_fen("3k4/8/8/8/8/8/8/3RK3 w - - 0 1");
  const std::string board = cli::draw_board(*attacked, false);
  EXPECT_NE(board.find("[\u265A]"), std::string::npos) << board;  // black king on d8, attacked by the rook
  EXPECT_EQ(board.find("[\u2654]"), std::string::npos) << board;
  EXPECT_EQ(cli::draw_board(Position::start(), false).find('['), std::string::npos);
  EXPECT_NE(cli::draw_board(*attacked, true).find("\033[41m"), std::string::npos);
}
