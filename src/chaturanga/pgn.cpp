#include "chaturanga/pgn.h"

#include <cctype>
#include <sstream>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/notation.h"

namespace chaturanga {

namespace {

constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

std::string escape(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

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
    text += std::string("[") + name + " \"" + escape(it == all.end() ? "?" : it->second) + "\"]\n";
  }
  for (const auto& [name, value] : all) {
    bool in_roster = false;
    for (const char* r : ROSTER) in_roster |= name == r;
    if (!in_roster) text += "[" + name + " \"" + escape(value) + "\"]\n";
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

}  // namespace

core::Expected<PgnGame> parse_pgn(std::string_view text) {
  PgnTags tags;
  Tokenizer in{text};
  // Tag section.
  for (in.skip_space(); in.pos < text.size() && text[in.pos] == '['; in.skip_space()) {
    const std::size_t close = text.find(']', in.pos);
    if (close == std::string_view::npos)
      return core::error("PGN line " + std::to_string(in.line) + ": tag without ']'");
    const std::string_view tag = text.substr(in.pos + 1, close - in.pos - 1);
    const std::size_t quote = tag.find('"');
    const std::size_t end_quote = tag.rfind('"');
    if (quote == std::string_view::npos || end_quote == quote)
      return core::error("PGN line " + std::to_string(in.line) + ": tag without a quoted value");
    std::string name(tag.substr(0, quote));
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
    std::string value;
    for (std::size_t i = quote + 1; i < end_quote; ++i) {
      if (tag[i] == '\\' && i + 1 < end_quote) ++i;
      value += tag[i];
    }
    tags[name] = value;
    in.pos = close + 1;
  }
  auto rules = rules_from_tags(tags);
  if (!rules) return core::error(rules.error());
  Game game(start_position(**rules));
  if (const auto fen = tags.find("FEN"); fen != tags.end()) {
    auto g = Game::from_fen(**rules, fen->second);
    if (!g) return core::error("PGN FEN tag: " + g.error());
    game = *g;
  }

  std::string result_token;
  std::vector<std::string> comments;
  int depth = 0;  // nesting of variations
  while (true) {
    in.skip_space();
    if (in.pos >= text.size()) break;
    const char c = text[in.pos];
    if (c == '{') {
      const std::size_t close = text.find('}', in.pos);
      if (close == std::string_view::npos)
        return core::error("PGN line " + std::to_string(in.line) + ": comment without '}'");
      for (std::size_t i = in.pos; i < close; ++i) in.line += text[i] == '\n';
      if (depth == 0 && !game.moves().empty()) {
        comments.resize(game.moves().size());
        comments.back() = std::string(text.substr(in.pos + 1, close - in.pos - 1));
      }
      in.pos = close + 1;
      continue;
    }
    if (c == ';') {
      while (in.pos < text.size() && text[in.pos] != '\n') ++in.pos;
      continue;
    }
    if (c == '(' || c == ')') {
      depth += c == '(' ? 1 : -1;
      ++in.pos;
      continue;
    }
    std::size_t end = in.pos;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != '{' &&
           text[end] != '(' && text[end] != ')' && text[end] != ';')
      ++end;
    std::string token(text.substr(in.pos, end - in.pos));
    in.pos = end;
    if (depth > 0 || token[0] == '$') continue;
    if (is_result_token(token)) {
      result_token = token;
      break;
    }
    // Strip a leading move number such as "12." or "12..." (possibly glued to the move).
    std::size_t i = 0;
    while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
    if (i > 0 && i < token.size() && token[i] == '.') {
      while (i < token.size() && token[i] == '.') ++i;
      token = token.substr(i);
    } else if (i == token.size()) {
      continue;
    }
    if (token.empty()) continue;
    if (game.over())
      return core::error("PGN line " + std::to_string(in.line) + ": move '" + token +
                         "' after the game ended (" + std::string(reason_text(game.outcome().reason)) + ")");
    auto m = parse_san(game.position(), token);
    if (!m) return core::error("PGN line " + std::to_string(in.line) + ": " + m.error());
    game.play(*m);
  }
  if (!game.over() && !result_token.empty() && result_token != "*") {
    const Result declared = result_token == "1-0"   ? Result::WhiteWins
                            : result_token == "0-1" ? Result::BlackWins
                                                    : Result::Draw;
    game.set_outcome({declared, Reason::None});
  }
  comments.resize(game.moves().size());
  return PgnGame{game, tags, comments};
}

}  // namespace chaturanga
