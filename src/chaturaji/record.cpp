#include "chaturaji/record.h"

#include <cctype>
#include <charconv>
#include <sstream>

#include "chaturaji/dice_source.h"
#include "chaturaji/fen.h"
#include "chaturaji/notation.h"

namespace chaturaji {

namespace {

std::string throw_text(Throw t) { return {char('0' + t.first), char('0' + t.second)}; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Reads the tag lines; returns the offset of the movetext.
core::Expected<std::size_t> read_tags(std::string_view text, RecordTags& tags) {
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size() || text[i] != '[') return i;
    const std::size_t quote = text.find('"', i);
    const std::size_t line_end = text.find('\n', i);
    if (quote == std::string_view::npos || quote > line_end)
      return core::error("tag at offset " + std::to_string(i) + " has no quoted value");
    std::string name(text.substr(i + 1, quote - i - 1));
    while (!name.empty() && name.back() == ' ') name.pop_back();
    std::string value;
    std::size_t j = quote + 1;
    for (; j < text.size() && text[j] != '"' && text[j] != '\n'; ++j) {
      if (text[j] == '\\' && j + 1 < text.size()) ++j;
      value += text[j];
    }
    if (j + 1 >= text.size() || text[j] != '"' || text[j + 1] != ']')
      return core::error("tag '" + name + "' is not closed with \"]");
    tags[name] = std::move(value);
    i = j + 2;
  }
}

bool is_round_number(const std::string& t) {
  return t.size() >= 2 && t.back() == '.' && t.find_first_not_of("0123456789") == t.size() - 1;
}

// Replays the movetext (the result line already taken off) on `record.game`.
core::Expected<bool> replay(std::string_view movetext, Record& record) {
  Game& game = record.game;
  const RuleSet& r = game.start().rules();
  std::istringstream in{std::string(movetext)};
  int round = 0;
  int seat = -1;
  bool throw_due = false;
  const auto where = [&] {
    return "round " + std::to_string(round) + (seat >= 0 ? ", " + std::string(r.color_name[seat]) : "");
  };
  for (std::string t; in >> t;) {
    if (is_round_number(t)) {
      std::from_chars(t.data(), t.data() + t.size() - 1, round);
      continue;
    }
    if (t.size() == 2 && t[1] == ':') {
      if (throw_due) return core::error(where() + ": the turn has no throw");
      seat = seat_of_letter(r, t[0]);
      if (seat < 0) return core::error("round " + std::to_string(round) + ": '" + t + "' is no colour");
      if (game.over()) return core::error(where() + ": the game was over");
      if (seat != game.position().turn())
        return core::error(where() + ": the rules have " + std::string(r.color_name[game.position().turn()]) +
                           " to move");
      throw_due = r.dice;
      continue;
    }
    if (seat < 0) return core::error("'" + t + "' comes before the first turn's colour (r:)");
    if (t.front() == '{') {
      if (!throw_due) return core::error(where() + ": a throw '" + t + "' where none is due");
      if (t.size() != 4 || t[3] != '}' || !std::isdigit(static_cast<unsigned char>(t[1])) ||
          !std::isdigit(static_cast<unsigned char>(t[2])))
        return core::error(where() + ": '" + t + "' is not a throw such as {34}");
      const Throw d{std::uint8_t(t[1] - '0'), std::uint8_t(t[2] - '0')};
      if (auto set = game.set_throw(d); !set)
        return core::error(where() + ": throw " + t + ": " + set.error());
      record.throws.push_back({round, int(game.moves().size()), seat, d});
      throw_due = false;
      continue;
    }
    if (throw_due) return core::error(where() + ": the turn has no throw before '" + t + "'");
    if (t.starts_with("dice:")) return core::error(where() + ": '" + t + "': throws are written in braces");
    if (auto played = game.play_text(t); !played) return core::error(where() + ": " + played.error());
  }
  if (throw_due) return core::error(where() + ": the turn has no throw");
  return true;
}

}  // namespace

std::string tag_lines(const RecordTags& tags) {
  std::string s;
  for (const auto& [name, value] : tags) {
    std::string v;
    for (const char c : value) {
      if (c == '"' || c == '\\') v += '\\';
      v += c;
    }
    s += "[" + name + " \"" + v + "\"]\n";
  }
  return s;
}

std::string to_record(const Game& game, const RecordTags& tags, std::string_view result) {
  const RuleSet& r = game.start().rules();
  std::string s = tag_lines(tags) + "\n";
  int round = 0;
  int last_seat = SEAT_COUNT;
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const Position& before = game.history()[i];
    const int seat = before.turn();
    const bool new_turn = i == 0 || game.history()[i - 1].turn() != seat || before.moves_this_turn() == 0;
    if (new_turn) {
      if (seat <= last_seat) {
        if (round > 0) s += "\n";
        s += std::to_string(++round) + ".";
      }
      s += ' ';
      s += r.color_letter[seat];
      s += ':';
      if (r.dice) s.append(" {").append(throw_text(before.dice())).append("}");
      last_seat = seat;
    }
    s.append(" ").append(to_text(before, game.moves()[i]));
  }
  return s + "\n" + std::string(result) + "\n";
}

core::Expected<Record> parse_record(std::string_view text) {
  RecordTags tags;
  const auto body_at = read_tags(text, tags);
  if (!body_at) return core::error(body_at.error());
  const auto named = tags.find("Variant");
  const auto v = named == tags.end() ? std::nullopt : variant_from_name(named->second);
  if (!v) return core::error("the record has no Variant tag naming chaturaji-teams or chaturaji-dice");
  if (*v == Variant::Points)
    return core::error("chaturaji-points games are recorded as PGN4 (give \"pgn4\")");
  Position start = Position::start(*v);
  if (const auto it = tags.find("StartFen"); it != tags.end()) {
    auto pos = start_position(*v, it->second);
    if (!pos) return core::error("StartFen: " + pos.error());
    start = *pos;
  }
  std::string_view body = text.substr(*body_at);
  while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) body.remove_suffix(1);
  const std::size_t last_line = body.find_last_of('\n');
  Record record{std::move(tags), Game::with_given_throws(start), {}, {}};
  record.result = std::string(last_line == std::string_view::npos ? body : body.substr(last_line + 1));
  if (record.result.empty()) return core::error("the record ends without a result line");
  if (auto ok = replay(body.substr(0, last_line == std::string_view::npos ? 0 : last_line), record); !ok)
    return core::error(ok.error());
  const Outcome o = record.game.outcome();
  if (o.over && result_text(start.rules(), o) != record.result)
    return core::error("the result line says '" + record.result + "', but the moves give '" +
                       result_text(start.rules(), o) + "'");
  return record;
}

core::Expected<int> verify_throws(const Record& record, const DiceSecret& secret,
                                  std::string_view commitment) {
  const std::string computed = dice_commitment(secret);
  if (computed != lower(commitment))
    return core::error("the secret does not match the commitment: SHA-256 of the secret is " + computed +
                       ", the commitment is " + std::string(commitment));
  const RuleSet& r = record.game.start().rules();
  for (const RecordedThrow& t : record.throws) {
    const Throw expected = fair_throw(secret, t.ply);
    if (!(expected == t.dice))
      return core::error("round " + std::to_string(t.round) + ", " + std::string(r.color_name[t.seat]) +
                         " (the turn from ply " + std::to_string(t.ply) + "): the record has the throw " +
                         throw_text(t.dice) + ", the secret gives " + throw_text(expected));
  }
  return int(record.throws.size());
}

}  // namespace chaturaji
