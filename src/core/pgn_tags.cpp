#include "core/pgn_tags.h"

#include <cctype>

namespace core {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)); }

}  // namespace

std::string pgn_tag(std::string_view name, std::string_view value) {
  std::string line = "[";
  line.append(name).append(" \"");
  for (const char c : value) {
    if (c == '"' || c == '\\') line += '\\';
    line += c;
  }
  return line + "\"]\n";
}

Expected<PgnTagSection> read_pgn_tags(std::string_view text, PgnTags& tags) {
  PgnTagSection at;
  const auto skip_space = [&] {
    for (; at.end < text.size() && is_space(text[at.end]); ++at.end) at.line += text[at.end] == '\n';
  };
  for (skip_space(); at.end < text.size() && text[at.end] == '['; skip_space()) {
    // [Name "value"]: the value is read quote to quote, escapes and all, so
    // a ']' inside it (Sittuyin's pockets in a FEN) does not end the tag.
    const auto fail = [&](const std::string& what) {
      return error("line " + std::to_string(at.line) + ": " + what);
    };
    std::size_t i = at.end + 1;
    while (i < text.size() && is_space(text[i]) && text[i] != '\n') ++i;
    const std::size_t name_start = i;
    while (i < text.size() && !is_space(text[i]) && text[i] != '"' && text[i] != ']') ++i;
    const std::string name(text.substr(name_start, i - name_start));
    while (i < text.size() && is_space(text[i]) && text[i] != '\n') ++i;
    if (i >= text.size() || text[i] != '"') return fail("tag without a quoted value");
    std::string value;
    for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i) {
      if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n') ++i;
      value += text[i];
    }
    if (i >= text.size() || text[i] != '"') return fail("tag value without its closing quote");
    for (++i; i < text.size() && is_space(text[i]) && text[i] != '\n'; ++i) {
    }
    if (i >= text.size() || text[i] != ']') return fail("tag without ']'");
    if (name.empty()) return fail("tag without a name");
    tags[name] = value;
    at.end = i + 1;
  }
  return at;
}

}  // namespace core
