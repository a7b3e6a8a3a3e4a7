// The HTTP routes of the lobby (lobby.h, docs/api.md "Lobby").
#include "server/lobby.h"

namespace server {

namespace {

ApiResult wrong_method(std::string_view use, const std::vector<std::string>& parts) {
  std::string path;
  for (const std::string& p : parts) path += "/" + p;
  return {405, nlohmann::json{{"error", "use " + std::string(use) + " on " + path}}};
}

}  // namespace

ApiResult route_seeks(Lobby& lobby, std::string_view method, const std::vector<std::string>& parts,
                      const std::string& token, const nlohmann::json& body, const Caller& caller) {
  const bool get = method == "GET";
  const bool post = method == "POST";
  if (parts.size() == 2) {
    if (post) return lobby.create(body, caller);
    if (get) return lobby.list();
    return wrong_method("GET or POST", parts);
  }
  if (parts.size() == 3 && parts[2] == "quick") {
    if (!post) return wrong_method("POST", parts);
    return lobby.quick(body, token, caller);
  }
  if (parts.size() == 3) {
    if (get) return lobby.poll(parts[2], token);
    if (method == "DELETE") return lobby.cancel(parts[2], token);
    return wrong_method("GET or DELETE", parts);
  }
  if (parts.size() == 4 && (parts[3] == "accept" || parts[3] == "start")) {
    if (!post) return wrong_method("POST", parts);
    if (parts[3] == "accept") return lobby.accept(parts[2], token, caller);
    return lobby.start(parts[2], token, body);
  }
  std::string path;
  for (const std::string& p : parts) path += "/" + p;
  return {404, nlohmann::json{{"error", "no API endpoint " + std::string(method) + " " + path}}};
}

}  // namespace server
