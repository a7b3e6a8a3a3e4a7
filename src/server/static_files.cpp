#include "server/static_files.h"

#include <fstream>
#include <sstream>

namespace server {

namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

bool is_app_route(std::string_view path) {
  return path == "/" || path.starts_with("/game/") || path == "/rules" || path == "/games" ||
         path == "/analysis" || path.starts_with("/analysis/") || path == "/four" ||
         path.starts_with("/four/");
}

}  // namespace

std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".md") return "text/markdown; charset=utf-8";
  if (ext == ".wav") return "audio/wav";
  return "application/octet-stream";
}

std::optional<StaticFile> StaticFiles::find(std::string_view target) const {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path[0] != '/' || path.find("..") != std::string_view::npos ||
      path.find('\\') != std::string_view::npos)
    return std::nullopt;
  if (is_app_route(path)) path = "/index.html";
  auto body = read_file(root_ + std::string(path));
  if (!body) return std::nullopt;
  return StaticFile{std::move(*body), std::string(mime_type(path))};
}

}  // namespace server
