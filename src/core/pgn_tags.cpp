#include "core/pgn_tags.h"

#include <cctype>

namespace core {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)); }

}  // namespace

std::string pgn_tag(std::string_view name, std::string_view value) {
  std::string line = "[" + std::string(name) + " \"";
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
    const std::size_t close = text.find(']', at.end);
    if (close == std::string_view::npos)
      return error("line " + std::to_string(at.line) + ": tag without ']'");
    const std::string_view tag = text.substr(at.end + 1, close - at.end - 1);
    const std::size_t quote = tag.find('"');
    const std::size_t end_quote = tag.rfind('"');
    if (quote == std::string_view::npos || end_quote == quote)
      return error("line " + std::to_string(at.line) + ": tag without a quoted value");
    std::string name(tag.substr(0, quote));
    while (!name.empty() && is_space(name.back())) name.pop_back();
    std::string value;
    for (std::size_t i = quote + 1; i < end_quote; ++i) {
      if (tag[i] == '\\' && i + 1 < end_quote) ++i;
      value += tag[i];
    }
    tags[name] = value;
    at.end = close + 1;
  }
  return at;
}

}  // namespace core
