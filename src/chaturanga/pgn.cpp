#include "chaturanga/pgn.h"

#include <cctype>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/notation.h"

namespace chaturanga {

namespace {

constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

void append_wrapped(std::string& text, std::size_t& line_length, const std::string& token) {
  if (line_length && line_length + 1 + token.size() > 79) {
    text += '\n';
    line_length = 0;
  } else if (line_length) {
    text += ' ';
    ++line_length;
  }
  text += token;
  line_length += token.size();
}

}  // namespace

std::string to_pgn(const Game& game, const PgnTags& tags, const std::vector<std::string>& comments) {
  const RuleSet& rules = game.start_position().rules();
  PgnTags all = tags;
  all["Result"] = std::string(result_text(game.outcome().result));
  all["Variant"] = std::string(rules.pgn_name);
  if (const std::string options = options_text(rules.options); !options.empty()) all["Rules"] = options;
  const std::string start_fen = to_fen(game.start_position());
  if (start_fen != rules.start_fen) {
    all["SetUp"] = "1";
    all["FEN"] = start_fen;
  }
  if (game.over() && !all.count("Termination"))
    all["Termination"] = std::string(reason_words(game.outcome().reason, rules));

  std::string text;
  for (const char* name : ROSTER) {
    const auto it = all.find(name);
    text += core::pgn_tag(name, it == all.end() ? "?" : it->second);
  }
  for (const auto& [name, value] : all) {
    bool in_roster = false;
    for (const char* r : ROSTER) in_roster |= name == r;
    if (!in_roster) text += core::pgn_tag(name, value);
  }
  text += '\n';

  Game replay(game.start_position());
  std::size_t line_length = 0;
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const Position& pos = replay.position();
    const bool after_comment = i > 0 && i - 1 < comments.size() && !comments[i - 1].empty();
    if (pos.side_to_move() == WHITE || i == 0 || after_comment)
      append_wrapped(text, line_length,
                     std::to_string(pos.fullmove_number()) + (pos.side_to_move() == WHITE ? "." : "..."));
    append_wrapped(text, line_length, to_san(pos, game.moves()[i]));
    if (i < comments.size() && !comments[i].empty())
      append_wrapped(text, line_length, "{" + comments[i] + "}");
    replay.play(game.moves()[i]);
  }
  append_wrapped(text, line_length, std::string(result_text(game.outcome().result)));
  return text + "\n";
}

namespace {

// The movetext as a stream of tokens, counting lines for the messages.
struct Tokenizer {
  std::string_view text;
  std::size_t pos = 0;
  int line = 1;

  void skip_space() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) {
      if (text[pos] == '\n') ++line;
      ++pos;
    }
  }
  std::string where() const { return "PGN line " + std::to_string(line) + ": "; }
};

bool is_result_token(const std::string& t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// The game of the Variant tag (Chaturanga when there is none) with the
// options of the Rules tag.
core::Expected<const RuleSet*> rules_from_tags(const PgnTags& tags) {
  const RuleSet* rules = &seed_rules();
  if (const auto v = tags.find("Variant"); v != tags.end()) {
    rules = find_rules_by_pgn_name(v->second);
    if (!rules)
      return core::error("PGN variant '" + v->second +
                         "' is not one of Chaturanga, Shatranj, Makruk, Cambodian, Sittuyin");
  }
  if (const auto r = tags.find("Rules"); r != tags.end()) {
    if (rules->variant != Variant::Chaturanga)
      return core::error("PGN Rules tag: rule options are Chaturanga's, not " + std::string(rules->pgn_name) +
                         "'s");
    const auto options = parse_options(r->second);
    if (!options) return core::error("PGN Rules tag: " + options.error());
    rules = &chaturanga_rules(*options);
  }
  return rules;
}

// The game the tags start from: the Variant and Rules tags' rule set, from
// the FEN tag's position or the rule set's start.
core::Expected<Game> start_game(const PgnTags& tags) {
  auto rules = rules_from_tags(tags);
  if (!rules) return core::error(rules.error());
  if (const auto fen = tags.find("FEN"); fen != tags.end()) {
    auto g = Game::from_fen(**rules, fen->second);
    if (!g) return core::error("PGN FEN tag: " + g.error());
    return *g;
  }
  return Game(start_position(**rules));
}

// A brace comment at `in`: kept as the comment of the last move of the main line.
core::Expected<bool> read_comment(Tokenizer& in, int depth, const Game& game,
                                  std::vector<std::string>& comments) {
  const std::size_t close = in.text.find('}', in.pos);
  if (close == std::string_view::npos) return core::error(in.where() + "comment without '}'");
  for (std::size_t i = in.pos; i < close; ++i) in.line += in.text[i] == '\n';
  if (depth == 0 && !game.moves().empty()) {
    comments.resize(game.moves().size());
    comments.back() = std::string(in.text.substr(in.pos + 1, close - in.pos - 1));
  }
  in.pos = close + 1;
  return true;
}

// The token at `in`: everything up to a space, a comment or a variation.
std::string next_token(Tokenizer& in) {
  std::size_t end = in.pos;
  while (end < in.text.size() && !std::isspace(static_cast<unsigned char>(in.text[end])) &&
         in.text[end] != '{' && in.text[end] != '(' && in.text[end] != ')' && in.text[end] != ';')
    ++end;
  std::string token(in.text.substr(in.pos, end - in.pos));
  in.pos = end;
  return token;
}

// The move in a token, without a leading move number such as "12." or "12..."
// (possibly glued to the move); empty for a token that is only a number.
std::string strip_move_number(const std::string& token) {
  std::size_t i = 0;
  while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
  if (i > 0 && i < token.size() && token[i] == '.') {
    while (i < token.size() && token[i] == '.') ++i;
    return token.substr(i);
  }
  return i == token.size() ? std::string() : token;
}

core::Expected<bool> play_san(Tokenizer& in, Game& game, const std::string& san) {
  if (game.over())
    return core::error(in.where() + "move '" + san + "' after the game ended (" +
                       std::string(reason_text(game.outcome().reason)) + ")");
  auto m = parse_san(game.position(), san);
  if (!m) return core::error(in.where() + m.error());
  game.play(*m);
  return true;
}

// Plays the main line's moves; skips NAGs, variations and ';' comments.
// Returns the result token that ends the movetext ("" when there is none).
core::Expected<std::string> read_movetext(Tokenizer& in, Game& game, std::vector<std::string>& comments) {
  int depth = 0;  // nesting of variations
  for (in.skip_space(); in.pos < in.text.size(); in.skip_space()) {
    const char c = in.text[in.pos];
    if (c == '{') {
      if (auto read = read_comment(in, depth, game, comments); !read) return core::error(read.error());
    } else if (c == ';') {
      while (in.pos < in.text.size() && in.text[in.pos] != '\n') ++in.pos;
    } else if (c == '(' || c == ')') {
      depth += c == '(' ? 1 : -1;
      ++in.pos;
    } else {
      const std::string token = next_token(in);
      if (depth > 0 || token[0] == '$') continue;
      if (is_result_token(token)) return token;
      const std::string san = strip_move_number(token);
      if (san.empty()) continue;
      if (auto played = play_san(in, game, san); !played) return core::error(played.error());
    }
  }
  return std::string();
}

// A result the moves do not show (a resignation, an agreed draw) comes from the result token.
void declare_result(Game& game, const std::string& result_token) {
  if (game.over() || result_token.empty() || result_token == "*") return;
  const Result declared = result_token == "1-0"   ? Result::WhiteWins
                          : result_token == "0-1" ? Result::BlackWins
                                                  : Result::Draw;
  game.set_outcome({declared, Reason::None});
}

}  // namespace

core::Expected<PgnGame> parse_pgn(std::string_view text) {
  PgnTags tags;
  const auto section = core::read_pgn_tags(text, tags);
  if (!section) return core::error("PGN " + section.error());
  auto started = start_game(tags);
  if (!started) return core::error(started.error());
  Game game = started.value();
  Tokenizer in{text, section->end, section->line};
  std::vector<std::string> comments;
  const auto result_token = read_movetext(in, game, comments);
  if (!result_token) return core::error(result_token.error());
  declare_result(game, *result_token);
  comments.resize(game.moves().size());
  return PgnGame{game, tags, comments};
}

}  // namespace chaturanga
