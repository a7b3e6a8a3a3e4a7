#include "server/static_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace server {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

bool is_app_route(std::string_view path) {
  return path == "/" || path.starts_with("/game/") || path == "/rules" || path.starts_with("/rules/") ||
         path == "/games" || path == "/settings" || path == "/analysis" || path.starts_with("/analysis/") ||
         path == "/four" || path.starts_with("/four/");
}

// The file at `path` (which starts with '/') under `root`, resolved through
// any symbolic links, if it is a regular file that still lies under the
// root; a link that leads out of the root serves nothing.
std::optional<fs::path> resolve(const std::string& root, std::string_view path) {
  std::error_code ec;
  const fs::path real_root = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  const fs::path real = fs::canonical(real_root / fs::path(path.substr(1)), ec);
  if (ec || !fs::is_regular_file(real, ec)) return std::nullopt;
  const std::string& r = real_root.native();
  const std::string& f = real.native();
  if (f.size() <= r.size() || f.compare(0, r.size(), r) != 0 || (r != "/" && f[r.size()] != '/'))
    return std::nullopt;
  return real;
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
  const auto bad = [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == '\\' || c == 0x7f; };
  if (path.empty() || path[0] != '/' || path.find("..") != std::string_view::npos ||
      std::any_of(path.begin(), path.end(), bad))
    return std::nullopt;
  if (is_app_route(path)) path = "/index.html";
  const auto file = resolve(root_, path);
  if (!file) return std::nullopt;
  auto body = read_file(file->native());
  if (!body) return std::nullopt;
  return StaticFile{std::move(*body), std::string(mime_type(path))};
}

std::optional<StaticFile> StaticFiles::not_found_page(std::string_view target) const {
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  const std::string_view last = path.substr(path.rfind('/') + 1);
  if (path.starts_with("/api/") || last.find('.') != std::string_view::npos) return std::nullopt;
  return find("/");
}

}  // namespace server
