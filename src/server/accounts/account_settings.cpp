// An account's settings (docs/api.md, Accounts): the browser app's choices
// of appearance and sound, kept whole as one small JSON object so that they
// follow the player to any device. The server checks their shape and size,
// not their meaning: the app keeps its own defaults for anything it does
// not know, as it does with what a browser stored.
#include <cctype>
#include <cmath>

#include "server/accounts/account_service.h"
#include "server/room.h"

namespace server::accounts {

using nlohmann::json;

namespace {

constexpr std::size_t MAX_KEYS = 24;
constexpr std::size_t MAX_KEY_LENGTH = 32;
constexpr std::size_t MAX_TEXT_LENGTH = 64;
constexpr std::size_t MAX_BYTES = 2048;

bool key_ok(const std::string& key) {
  if (key.empty() || key.size() > MAX_KEY_LENGTH) return false;
  for (const char c : key)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// Empty when `settings` may be kept, else what is wrong with it.
std::string settings_problem(const json& settings) {
  if (!settings.is_object()) return "the body must be a JSON object of settings";
  if (settings.size() > MAX_KEYS) return "at most " + std::to_string(MAX_KEYS) + " settings";
  for (const auto& [key, value] : settings.items()) {
    if (!key_ok(key))
      return "setting names are 1 to " + std::to_string(MAX_KEY_LENGTH) + " letters, digits or '_', not '" +
             key.substr(0, MAX_KEY_LENGTH) + "'";
    const bool text_ok = value.is_string() && value.get_ref<const std::string&>().size() <= MAX_TEXT_LENGTH;
    const bool number_ok = value.is_number() && std::isfinite(value.get<double>());
    if (!text_ok && !number_ok && !value.is_boolean())
      return "setting '" + key + "' must be a boolean, a number or a text of at most " +
             std::to_string(MAX_TEXT_LENGTH) + " characters";
  }
  if (settings.dump().size() > MAX_BYTES) return "settings over " + std::to_string(MAX_BYTES) + " bytes";
  return "";
}

}  // namespace

ApiResult AccountService::settings(const Caller& caller) {
  if (caller.account_id <= 0) return fail(401, "not logged in");
  json saved = json::parse(store_.account_settings(caller.account_id), nullptr, false);
  if (!saved.is_object()) saved = json::object();
  return {200, json{{"settings", saved}}};
}

ApiResult AccountService::save_settings(const json& body, const Caller& caller) {
  if (caller.account_id <= 0) return fail(401, "not logged in");
  if (!body.is_object() || !body.contains("settings"))
    return fail(400, "the body must be {\"settings\": {...}}");
  const json& settings = body["settings"];
  if (auto why = settings_problem(settings); !why.empty()) return fail(400, why);
  if (auto ok = store_.save_account_settings(caller.account_id, settings.dump()); !ok)
    return store_failed(ok);
  return {200, json{{"settings", settings}}};
}

}  // namespace server::accounts
