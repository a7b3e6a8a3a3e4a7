#include "server/seek.h"

#include <algorithm>

#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

namespace {

// The clock's bounds of the contract (docs/api.md, Clocks).
constexpr std::int64_t INITIAL_MIN_MS = 15000;
constexpr std::int64_t INITIAL_MAX_MS = 10800000;
constexpr std::int64_t INCREMENT_MAX_MS = 180000;

std::string range_error(const json& clock, const char* field, std::int64_t lo, std::int64_t hi) {
  if (!clock.contains(field)) return std::string("clock: ") + field + " is missing";
  const json& v = clock[field];
  if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi)
    return std::string("clock: ") + field + " must be an integer from " + std::to_string(lo) + " to " +
           std::to_string(hi);
  return "";
}

}  // namespace

std::string clock_error(const json& clock) {
  if (clock.is_null()) return "";
  if (!clock.is_object())
    return "clock must be null (no clock) or {\"initial_ms\": 300000, \"increment_ms\": 3000}";
  if (auto e = range_error(clock, "initial_ms", INITIAL_MIN_MS, INITIAL_MAX_MS); !e.empty()) return e;
  return range_error(clock, "increment_ms", 0, INCREMENT_MAX_MS);
}

bool same_clock(const json& a, const json& b) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  return a.value("initial_ms", -1) == b.value("initial_ms", -1) &&
         a.value("increment_ms", -1) == b.value("increment_ms", -1);
}

bool secrets_equal(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

core::Expected<SeekTerms> parse_seek(const json& body) {
  if (!body.is_object()) return core::error("the body must be a JSON object");
  SeekTerms t;
  const auto variant = variant_of(body);
  if (!variant) return core::error(variant.error());
  t.variant = *variant;
  auto match = make_match(t.variant);
  if (!match) return core::error(match.error());
  t.seats = (*match)->seats();
  t.clock = body.value("clock", json(nullptr));
  if (auto e = clock_error(t.clock); !e.empty()) return core::error(e);
  if (body.contains("rated") && !body["rated"].is_boolean())
    return core::error("rated must be true or false");
  t.rated = body.value("rated", false);
  if (const std::string why = rated_variant_refusal(t.variant); t.rated && !why.empty())
    return core::error(why);
  if (body.contains("players")) {
    const json& p = body["players"];
    if (!p.is_number_integer() || p.get<std::int64_t>() != std::int64_t(t.seats.size()))
      return core::error("players: " + t.variant + " is played by " + std::to_string(t.seats.size()));
  }
  if (body.contains("color")) {
    if (!body["color"].is_string()) return core::error("color must be a string");
    t.color = body["color"].get<std::string>();
    if (t.color != "random" && std::find(t.seats.begin(), t.seats.end(), t.color) == t.seats.end()) {
      std::string known = "random";
      for (const std::string& s : t.seats) known += ", " + s;
      return core::error("color '" + t.color + "' is not one of " + known);
    }
  }
  return t;
}

Party* Seek::party_of(const std::string& token) {
  // Every party is compared, so the time taken does not say which matched.
  Party* found = nullptr;
  for (Party& p : parties)
    if (secrets_equal(p.token, token)) found = &p;
  return found;
}

json Seek::listed() const {
  return {{"id", id},
          {"variant", terms.variant},
          {"clock", terms.clock},
          {"rated", terms.rated},
          {"color", terms.color},
          {"by", owner().player.name},
          {"rating", owner().player.rating},
          {"players", terms.seats.size()},
          {"joined", parties.size()},
          {"created_ms", created_ms}};
}

}  // namespace server
