#include "chaturanga/rule_set.h"

#include <cctype>
#include <vector>

#include "core/bitboard.h"

namespace chaturanga {

namespace {

constexpr std::string_view APART_FEN = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
constexpr std::string_view FACING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
constexpr std::array<char, PIECE_TYPE_COUNT> SHATRANJ_LETTERS = {'p', 'n', 'b', 'r', 'q', 'k'};
constexpr std::array<char, PIECE_TYPE_COUNT> MAKRUK_LETTERS = {'p', 'n', 's', 'r', 'm', 'k'};
constexpr std::array<char, PIECE_TYPE_COUNT> SITTUYIN_LETTERS = {'p', 'n', 's', 'r', 'f', 'k'};

constexpr Bitboard ranks(int from, int to) {
  Bitboard b = 0;
  for (int r = from; r <= to; ++r) b |= core::rank_bb(r);
  return b;
}
constexpr Bitboard squares(std::initializer_list<int> list) {
  Bitboard b = 0;
  for (const int sq : list) b |= Bitboard{1} << sq;
  return b;
}
constexpr std::array<Bitboard, COLOR_COUNT> LAST_RANKS = {ranks(7, 7), ranks(0, 0)};

// The index of a combination of options in RULE_SETS (the seed's is 0).
constexpr int options_index(const Options& o) {
  return (((int(o.elephant) * 2 + o.kings_facing) * 2 + int(o.goal)) * 2 + !o.no_move_wins) * 2 +
         !o.bare_king;
}

// Each rule set states what differs from RuleSet's defaults (no check, no
// move rule, no counting, no drops, promotion on the last rank).
constexpr RuleSet chaturanga_set(const Options& o) {
  return {.variant = Variant::Chaturanga,
          .options = o,
          .name = "chaturanga",
          .pgn_name = "Chaturanga",
          .letters = SHATRANJ_LETTERS,
          .start_fen = o.kings_facing ? FACING_FEN : APART_FEN,
          .elephant = o.elephant,
          .royal_king = o.goal == Goal::Checkmate,
          .no_move = o.no_move_wins ? NoMove::Wins : NoMove::Loses,
          .bare_king = o.bare_king ? BareKing::Seed : BareKing::Off,
          .move_rule_plies = 140,
          .promotion_region = LAST_RANKS};
}

constexpr RuleSet SHATRANJ{.variant = Variant::Shatranj,
                           .name = "shatranj",
                           .pgn_name = "Shatranj",
                           .letters = SHATRANJ_LETTERS,
                           .start_fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
                           .royal_king = true,
                           .bare_king = BareKing::Shatranj,
                           .move_rule_plies = 140,
                           .promotion_region = LAST_RANKS};

constexpr RuleSet MAKRUK{.variant = Variant::Makruk,
                         .name = "makruk",
                         .pgn_name = "Makruk",
                         .letters = MAKRUK_LETTERS,
                         .start_fen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
                         .elephant = Elephant::Silver,
                         .royal_king = true,
                         .no_move = NoMove::Draws,
                         .counting = Counting::Makruk,
                         .promotion_region = {ranks(5, 7), ranks(0, 2)}};

constexpr RuleSet CAMBODIAN{.variant = Variant::Cambodian,
                            .name = "cambodian",
                            .pgn_name = "Cambodian",
                            .letters = MAKRUK_LETTERS,
                            .start_fen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
                            .elephant = Elephant::Silver,
                            .royal_king = true,
                            .no_move = NoMove::Draws,
                            .counting = Counting::Cambodian,
                            .promotion_region = {ranks(5, 7), ranks(0, 2)},
                            .first_moves = true};

// The promotion squares are the two long diagonals' squares in the opponent's half.
constexpr RuleSet SITTUYIN{
    .variant = Variant::Sittuyin,
    .name = "sittuyin",
    .pgn_name = "Sittuyin",
    .letters = SITTUYIN_LETTERS,
    .start_fen = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1",
    .elephant = Elephant::Silver,
    .royal_king = true,
    .no_move = NoMove::Draws,
    .move_rule_plies = 100,
    .counting = Counting::Asean,
    .promotion_region = {squares({56, 49, 42, 35, 36, 45, 54, 63}), squares({0, 9, 18, 27, 28, 21, 14, 7})},
    .drops = true,
    .drop_region = {ranks(0, 2), ranks(5, 7)},
    .sittuyin_promotion = true};

constexpr std::array<RuleSet, RULE_SET_COUNT> make_rule_sets() {
  std::array<RuleSet, RULE_SET_COUNT> all{};
  for (int e = 0; e < 3; ++e)
    for (int facing = 0; facing < 2; ++facing)
      for (int goal = 0; goal < 2; ++goal)
        for (int wins = 0; wins < 2; ++wins)
          for (int bare = 0; bare < 2; ++bare) {
            const Options o{Elephant(e), facing == 1, Goal(goal), wins == 1, bare == 1};
            all[options_index(o)] = chaturanga_set(o);
          }
  all[CHATURANGA_RULE_SETS + 0] = SHATRANJ;
  all[CHATURANGA_RULE_SETS + 1] = MAKRUK;
  all[CHATURANGA_RULE_SETS + 2] = CAMBODIAN;
  all[CHATURANGA_RULE_SETS + 3] = SITTUYIN;
  return all;
}

std::string lower(std::string_view s) {
  std::string out;
  for (const char c : s) out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

constinit const std::array<RuleSet, RULE_SET_COUNT> RULE_SETS = make_rule_sets();

const RuleSet& chaturanga_rules(const Options& options) { return RULE_SETS[options_index(options)]; }

const RuleSet& rules_of(Variant v) {
  if (v == Variant::Chaturanga) return seed_rules();
  return RULE_SETS[CHATURANGA_RULE_SETS + int(v) - 1];
}

std::uint8_t rule_set_index(const RuleSet& r) { return std::uint8_t(&r - RULE_SETS.data()); }

const RuleSet* find_rules(std::string_view name) {
  if (name == "chaturanga") return &seed_rules();
  if (name == "chaturanga-chesscom") return &chaturanga_rules(CHESSCOM);
  for (int v = 1; v < VARIANT_COUNT; ++v)
    if (rules_of(Variant(v)).name == name) return &rules_of(Variant(v));
  return nullptr;
}

const RuleSet* find_uci_variant(std::string_view name, const Options& options) {
  if (name == "chaturanga") return &chaturanga_rules(options);
  if (const RuleSet* r = find_rules(name)) return r;
  constexpr std::string_view PREFIX = "chaturanga-";
  if (!name.starts_with(PREFIX)) return nullptr;
  name.remove_prefix(PREFIX.size());
  Options o;
  if (name == "silver") {
    o.elephant = Elephant::Silver;
  } else if (name == "dabbaba") {
    o.elephant = Elephant::Dabbaba;
  } else if (name == "facing") {
    o.kings_facing = true;
  } else if (name == "mate") {
    o.goal = Goal::Checkmate;
  } else {
    const std::size_t a = name.find('-');
    const std::size_t b = a == std::string_view::npos ? a : name.find('-', a + 1);
    if (b == std::string_view::npos) return nullptr;
    auto e = set_option(o, "elephant", name.substr(0, a));
    auto k = e ? set_option(*e, "kings", name.substr(a + 1, b - a - 1)) : e;
    auto g = k ? set_option(*k, "goal", name.substr(b + 1)) : k;
    if (!g) return nullptr;
    o = *g;
  }
  return &chaturanga_rules(o);
}

const RuleSet* find_rules_by_pgn_name(std::string_view name) {
  const std::string wanted = lower(name);
  if (wanted == "ouk chatrang" || wanted == "ouk chaktrang") return &rules_of(Variant::Cambodian);
  for (int v = 0; v < VARIANT_COUNT; ++v)
    if (lower(rules_of(Variant(v)).pgn_name) == wanted) return &rules_of(Variant(v));
  return nullptr;
}

core::Expected<Options> set_option(Options o, std::string_view key, std::string_view value) {
  std::string quoted = "'";
  quoted.append(value).append("'");
  const auto bad_value = [&](const char* allowed) {
    return core::error("rule option " + std::string(key) + ": " + quoted + " is not one of " + allowed);
  };
  if (key == "elephant") {
    if (value == "alfil")
      o.elephant = Elephant::Alfil;
    else if (value == "silver")
      o.elephant = Elephant::Silver;
    else if (value == "dabbaba")
      o.elephant = Elephant::Dabbaba;
    else
      return bad_value("alfil, silver, dabbaba");
  } else if (key == "kings") {
    if (value != "apart" && value != "facing") return bad_value("apart, facing");
    o.kings_facing = value == "facing";
  } else if (key == "goal") {
    if (value != "capture" && value != "checkmate") return bad_value("capture, checkmate");
    o.goal = value == "checkmate" ? Goal::Checkmate : Goal::Capture;
  } else if (key == "no-move") {
    if (value != "wins" && value != "loses") return bad_value("wins, loses");
    o.no_move_wins = value == "wins";
  } else if (key == "bare-king") {
    if (value != "on" && value != "off") return bad_value("on, off");
    o.bare_king = value == "on";
  } else {
    return core::error("unknown rule option '" + std::string(key) +
                       "' (known: elephant, kings, goal, no-move, bare-king)");
  }
  return o;
}

core::Expected<Options> parse_options(std::string_view text) {
  Options o;
  std::size_t i = 0;
  bool first = true;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ',' || text[i] == ' ')) ++i;
    const std::size_t begin = i;
    while (i < text.size() && text[i] != ',' && text[i] != ' ') ++i;
    const std::string_view item = text.substr(begin, i - begin);
    if (item.empty()) break;
    if (item == "chesscom") {
      if (!first)
        return core::error("rule preset 'chesscom' must come before the options it is combined with");
      o = CHESSCOM;
    } else {
      const std::size_t eq = item.find('=');
      if (eq == std::string_view::npos)
        return core::error("rule option '" + std::string(item) +
                           "' is not key=value (nor the preset chesscom)");
      auto next = set_option(o, item.substr(0, eq), item.substr(eq + 1));
      if (!next) return next;
      o = *next;
    }
    first = false;
  }
  return o;
}

std::string options_text(const Options& o, char separator) {
  std::vector<std::string> items;
  const Options seed;
  if (o.elephant != seed.elephant)
    items.push_back(o.elephant == Elephant::Silver ? "elephant=silver" : "elephant=dabbaba");
  if (o.kings_facing != seed.kings_facing) items.push_back("kings=facing");
  if (o.goal != seed.goal) items.push_back("goal=checkmate");
  if (o.no_move_wins != seed.no_move_wins) items.push_back("no-move=loses");
  if (o.bare_king != seed.bare_king) items.push_back("bare-king=off");
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : std::string(1, separator)) + item;
  return text;
}

}  // namespace chaturanga
