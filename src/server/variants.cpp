#include "server/chaturanga_match.h"
#include "server/match.h"

namespace server {

std::vector<std::string> variant_names() { return {"chaturanga"}; }

core::Expected<std::unique_ptr<Match>> make_match(std::string_view variant, std::string_view fen) {
  if (variant == "chaturanga") return ChaturangaMatch::create(fen);
  return core::error("variant '" + std::string(variant) + "' is not played here (known: chaturanga)");
}

}  // namespace server
