// The UCI commands of a session whose UCI_Variant is chaturaji-teams, -dice
// or -points: `position startpos|fen <four-player notation> [moves ...]`
// (moves as the judge reads them; for dice `dice:34` sets a throw), `go`
// with movetime, depth, nodes, infinite or a clock (wtime/winc for Red and
// Yellow's team or seat 0 and 2, btime/binc for the other two), answered by
// `info ...` and `bestmove <move>` (`bestmove pass` when the player must
// pass), `ucinewgame`, and `d` (prints the position). `go` blocks; another
// thread may set `stop` to end it, and the caller clears `stop` before `go`.
// The main UCI loop owns everything else.
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "chaturaji/game.h"
#include "engine/chaturaji_bot.h"
#include "search/tt.h"

namespace uci {

struct ChaturajiSession {
  // `table`: the hash table to search with, that of the UCI loop so that
  // `Hash` sizes the one table a session has; a table of its own when null.
  explicit ChaturajiSession(chaturaji::Variant v, search::TranspositionTable* table = nullptr)
      : variant(v),
        game(v, 1),
        own_table(table ? nullptr : std::make_unique<search::TranspositionTable>()),
        tt(table ? *table : *own_table) {}

  chaturaji::Variant variant;
  chaturaji::Game game;
  std::unique_ptr<search::TranspositionTable> own_table;
  search::TranspositionTable& tt;
  std::atomic<bool> stop{false};
  engine::ChaturajiAlgorithm algorithm = engine::ChaturajiAlgorithm::Auto;
  std::uint64_t seed = 1;
  // The session's bounds (uci::Bounds): 0 nodes for none.
  std::uint64_t max_nodes = 0;
  int max_perft_depth = 12;
};

// The variant for a UCI_Variant value, if it names a four-handed rule set.
std::optional<chaturaji::Variant> chaturaji_variant(const std::string& uci_variant);

// True when `line` was a command of this handler (answered on `out`, errors
// as `info string ...`); false for a line the main loop must handle.
bool handle_chaturaji(const std::string& line, ChaturajiSession& session, std::ostream& out);

}  // namespace uci
