#include "server/chaturaji_match.h"
#include "server/chaturanga_match.h"
#include "server/match.h"

namespace server {

std::vector<std::string> variant_names() {
  return {"chaturanga", "chaturaji-teams", "chaturaji-dice", "chaturaji-points"};
}

core::Expected<std::unique_ptr<Match>> make_match(std::string_view variant, std::string_view fen,
                                                  const MatchOptions& options) {
  if (variant == "chaturanga") return ChaturangaMatch::create(fen);
  if (variant.starts_with("chaturaji-")) return ChaturajiMatch::create(variant, fen, options);
  return core::error(
      "variant '" + std::string(variant) +
      "' is not played here (known: chaturanga, chaturaji-teams, chaturaji-dice, chaturaji-points)");
}

std::string practice_refusal(int people_seats, bool rated) {
  if (rated) return "practice: a rated game is never a practice game";
  if (people_seats > 1)
    return "practice: a game with " + std::to_string(people_seats) +
           " seats for people (human or open) is a game between people, never a practice game";
  return "";
}

}  // namespace server
