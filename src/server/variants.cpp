#include "server/chaturaji_match.h"
#include "server/chaturanga_match.h"
#include "server/match.h"

namespace server {

std::vector<std::string> variant_names() {
  return {"chaturanga", "chaturaji-teams", "chaturaji-dice", "chaturaji-points"};
}

core::Expected<std::unique_ptr<Match>> make_match(std::string_view variant, std::string_view fen) {
  if (variant == "chaturanga") return ChaturangaMatch::create(fen);
  if (variant.starts_with("chaturaji-")) return ChaturajiMatch::create(variant, fen);
  return core::error(
      "variant '" + std::string(variant) +
      "' is not played here (known: chaturanga, chaturaji-teams, chaturaji-dice, chaturaji-points)");
}

}  // namespace server
