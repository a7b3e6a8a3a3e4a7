#include "chaturaji/dice_source.h"

#include <charconv>
#include <optional>
#include <sstream>
#include <vector>

#include "chaturaji/fen.h"
#include "core/rng.h"

namespace chaturaji {

namespace {

constexpr std::string_view SEED_KEY = "seed=";
constexpr std::string_view LEGACY_KEY = "legacy-seed=";
// Fields of a start position that choose throws: a given throw or ring, or a
// turn under way (whose throw the position gives).
constexpr std::string_view THROW_FIELDS[] = {"dice=", "used=", "moved="};

struct SeedField {
  DiceSource::Kind kind = DiceSource::Kind::None;
  std::uint64_t seed = 0;
  std::string text;
};

std::vector<std::string> fields_of(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  return fields;
}

// Takes a trailing `seed=N` or `legacy-seed=N` off `fields`.
core::Expected<SeedField> take_seed(std::vector<std::string>& fields) {
  SeedField out;
  if (fields.empty()) return out;
  const std::string& last = fields.back();
  std::string_view key;
  if (last.starts_with(LEGACY_KEY)) {
    key = LEGACY_KEY;
    out.kind = DiceSource::Kind::Legacy;
  } else if (last.starts_with(SEED_KEY)) {
    key = SEED_KEY;
    out.kind = DiceSource::Kind::Seeded;
  } else {
    return out;
  }
  const std::string number = last.substr(key.size());
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), out.seed);
  if (ec != std::errc() || end != number.data() + number.size() || number.empty())
    return core::error(std::string(key.substr(0, key.size() - 1)) + ": '" + number +
                       "' is not a whole number from 0 to 18446744073709551615");
  out.text = last;
  fields.pop_back();
  return out;
}

std::optional<std::string> throw_field(const std::vector<std::string>& fields) {
  for (const std::string& f : fields)
    for (const std::string_view key : THROW_FIELDS)
      if (f.starts_with(key)) return f;
  return std::nullopt;
}

std::string join(const std::vector<std::string>& fields) {
  std::string s;
  for (const std::string& f : fields) s += (s.empty() ? "" : " ") + f;
  return s;
}

// Why a game that is not a practice game cannot start this way, or "".
std::string refusal(const std::vector<std::string>& fields, const SeedField& seed, bool stored,
                    const Position& start) {
  constexpr std::string_view WHY =
      " fixes the dice, and only a practice game (marked so when it is made; never a game between people) "
      "may "
      "fix them";
  if (seed.kind != DiceSource::Kind::None) return "'" + seed.text + "'" + std::string(WHY);
  const std::optional<std::string> given = throw_field(fields);
  if (!given) return "";
  // A stored game's start FEN shows the first throw, which the stored
  // secret threw; it is thrown again from the secret, not taken from there.
  const bool first_throw_only =
      start.ring_size() == 1 && start.dice_left() == 3 && start.moves_this_turn() == 0;
  if (stored && first_throw_only) return "";
  return "'" + *given + "'" + std::string(WHY);
}

}  // namespace

DiceSource DiceSource::fair(const DiceSecret& secret) {
  DiceSource d;
  d.kind_ = Kind::Fair;
  d.secret_ = secret;
  return d;
}

DiceSource DiceSource::seeded(std::uint64_t seed) {
  DiceSource d;
  d.kind_ = Kind::Seeded;
  d.secret_ = seed_dice_secret(seed);
  d.seed_ = seed;
  return d;
}

DiceSource DiceSource::legacy(std::uint64_t seed) {
  DiceSource d;
  d.kind_ = Kind::Legacy;
  d.seed_ = seed;
  return d;
}

Throw DiceSource::at(int ply) const {
  switch (kind_) {
    case Kind::Fair:
    case Kind::Seeded: return fair_throw(secret_, ply);
    case Kind::Legacy: return legacy_throw(seed_, ply);
    case Kind::None: break;
  }
  return Throw{};
}

std::string DiceSource::commitment() const {
  return kind_ == Kind::Fair || kind_ == Kind::Seeded ? dice_commitment(secret_) : std::string();
}

std::string DiceSource::secret_hex() const {
  return kind_ == Kind::Fair || kind_ == Kind::Seeded ? to_hex(secret_) : std::string();
}

std::string DiceSource::fen_field() const {
  if (kind_ == Kind::Seeded) return std::string(SEED_KEY) + std::to_string(seed_);
  if (kind_ == Kind::Legacy) return std::string(LEGACY_KEY) + std::to_string(seed_);
  return "";
}

void DiceSource::throw_if_new_turn(Game& game) const {
  if (!throws() || game.over()) return;
  const Position& pos = game.position();
  if (pos.moves_this_turn() != 0 || pos.dice_left() != 3) return;
  game.set_throw(at(int(game.moves().size())));
}

Throw legacy_throw(std::uint64_t seed, int ply) {
  core::Rng rng(seed ^ (std::uint64_t(ply + 1) * 0x9E3779B97F4A7C15ULL));
  rng.next();
  const auto first = std::uint8_t(2 + rng.below(4));
  return Throw{first, std::uint8_t(2 + rng.below(4))};
}

namespace {

core::Expected<Position> position_of(Variant v, const std::vector<std::string>& fields) {
  if (fields.empty()) return Position::start(v);
  auto parsed = parse_fen(v, join(fields));
  if (!parsed) return core::error("fen: " + parsed.error());
  return parsed;
}

}  // namespace

core::Expected<Position> start_position(Variant v, std::string_view fen) {
  std::vector<std::string> fields = fields_of(fen);
  if (auto seed = take_seed(fields); !seed) return core::error(seed.error());
  return position_of(v, fields);
}

core::Expected<GameSetup> set_up_game(Variant v, std::string_view fen, bool practice,
                                      std::string_view stored_secret) {
  std::vector<std::string> fields = fields_of(fen);
  auto seed = take_seed(fields);
  if (!seed) return core::error(seed.error());
  auto parsed = position_of(v, fields);
  if (!parsed) return core::error(parsed.error());
  const Position& start = *parsed;
  if (!practice) {
    if (std::string why = refusal(fields, *seed, !stored_secret.empty(), start); !why.empty())
      return core::error(why);
  }
  DiceSource dice;
  if (!rules(v).dice || start.ring_size() > 1) {
    // No throws: the rule set has none, or the position turns its ring.
  } else if (seed->kind == DiceSource::Kind::Seeded) {
    dice = DiceSource::seeded(seed->seed);
  } else if (seed->kind == DiceSource::Kind::Legacy) {
    dice = DiceSource::legacy(seed->seed);
  } else if (!stored_secret.empty()) {
    auto secret = dice_secret_from_hex(stored_secret);
    if (!secret) return core::error("stored dice secret: " + secret.error());
    dice = DiceSource::fair(*secret);
  } else {
    dice = DiceSource::fair(new_dice_secret());
  }
  GameSetup setup{Game::with_given_throws(start), dice};
  // A practice game may give the throw of its first turn (or be set up in
  // the middle of one); that throw stands.
  const bool first_given = practice && throw_field(fields);
  if (!first_given) setup.dice.throw_if_new_turn(setup.game);
  return setup;
}

}  // namespace chaturaji
