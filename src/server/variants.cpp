#include <algorithm>

#include "chaturanga/options_json.h"
#include "server/chaturaji_match.h"
#include "server/chaturanga_match.h"
#include "server/match.h"

namespace server {

namespace {

constexpr std::string_view OPTIONS_PREFIX = "chaturanga:";

std::string known_variants() {
  std::string known;
  for (const std::string& name : variant_names()) known += (known.empty() ? "" : ", ") + name;
  return known;
}

// The family's rule set a canonical name stands for, or the error naming
// what is unknown.
core::Expected<const chaturanga::RuleSet*> family_rules(std::string_view variant) {
  if (const chaturanga::RuleSet* named = chaturanga::find_rules(variant)) return named;
  if (!variant.starts_with(OPTIONS_PREFIX))
    return core::error("variant '" + std::string(variant) + "' is not played here (known: " +
                       known_variants() + ", and chaturanga with \"rules\")");
  const auto options = chaturanga::parse_options(variant.substr(OPTIONS_PREFIX.size()));
  if (!options) return core::error("variant '" + std::string(variant) + "': " + options.error());
  return &chaturanga::chaturanga_rules(*options);
}

}  // namespace

std::vector<std::string> variant_names() {
  return {"chaturanga", "chaturanga-chesscom", "shatranj",       "makruk",          "cambodian",
          "sittuyin",   "chaturaji-teams",     "chaturaji-dice", "chaturaji-points"};
}

std::string family_variant_name(const chaturanga::RuleSet& rules) {
  if (rules.variant != chaturanga::Variant::Chaturanga) return std::string(rules.name);
  if (rules.options == chaturanga::Options{}) return "chaturanga";
  if (rules.options == chaturanga::CHESSCOM) return "chaturanga-chesscom";
  return std::string(OPTIONS_PREFIX) + chaturanga::options_text(rules.options, ',');
}

core::Expected<std::string> canonical_variant(std::string_view variant, const nlohmann::json& rules) {
  if (variant.starts_with("chaturaji-")) {
    if (rules.is_null()) return std::string(variant);
    return core::error("rules are Chaturanga's options; " + std::string(variant) + " has none");
  }
  const auto named = family_rules(variant);
  if (!named) return core::error(named.error());
  if (rules.is_null()) return family_variant_name(**named);
  if ((*named)->variant != chaturanga::Variant::Chaturanga)
    return core::error("rules are Chaturanga's options; " + std::string(variant) + " has none");
  const auto options = chaturanga::options_from_json(rules, (*named)->options);
  if (!options) return core::error(options.error());
  return family_variant_name(chaturanga::chaturanga_rules(*options));
}

std::string rated_variant_refusal(std::string_view variant) {
  const auto names = variant_names();
  if (std::find(names.begin(), names.end(), variant) != names.end()) return "";
  return "rated: ratings are kept for the named variants only; " + std::string(variant) +
         " (Chaturanga with rule options of your choice) is played casual, or choose chaturanga or "
         "chaturanga-chesscom";
}

core::Expected<std::unique_ptr<Match>> make_match(std::string_view variant, std::string_view fen,
                                                  const MatchOptions& options) {
  if (variant.starts_with("chaturaji-")) return ChaturajiMatch::create(variant, fen, options);
  const auto rules = family_rules(variant);
  if (!rules) return core::error(rules.error());
  return ChaturangaMatch::create(**rules, fen);
}

std::string practice_refusal(int people_seats, bool rated) {
  if (rated) return "practice: a rated game is never a practice game";
  if (people_seats > 1)
    return "practice: a game with " + std::to_string(people_seats) +
           " seats for people (human or open) is a game between people, never a practice game";
  return "";
}

}  // namespace server
