#include "server/static_files.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
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
         path == "/four" || path.starts_with("/four/") || path == "/login" || path == "/register" ||
         path == "/leaderboard" || path.starts_with("/@/") || path == "/lobby";
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

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// The weight of one Accept-Encoding member's parameters: q=, 1 without.
double weight(std::string_view params) {
  while (!params.empty()) {
    const auto semi = params.find(';');
    const std::string_view param = trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view() : params.substr(semi + 1);
    if (param.size() > 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
      double q = 0;
      const auto [end, ec] = std::from_chars(param.data() + 2, param.data() + param.size(), q);
      return ec == std::errc() && end == param.data() + param.size() ? q : 0;
    }
  }
  return 1;
}

// 64-bit FNV-1a: an ETag only has to change when the bytes do.
std::string content_tag(std::string_view body, std::string_view encoding) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : body) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  char hex[17];
  const auto [end, ec] = std::to_chars(hex, hex + 16, h, 16);
  std::string tag = "\"" + std::string(hex, end);
  if (!encoding.empty()) tag += "-" + std::string(encoding);
  return tag + "\"";
}

std::string cache_control(std::string_view path, bool shell) {
  if (shell) return "no-store";
  if (path.starts_with("/assets/")) return "public, max-age=31536000, immutable";
  return "no-cache";
}

}  // namespace

std::vector<std::string_view> accepted_encodings(std::string_view header) {
  double br = -1;
  double gzip = -1;
  double any = -1;
  while (!header.empty()) {
    const auto comma = header.find(',');
    const std::string_view member = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    const auto semi = member.find(';');
    const std::string_view name = trim(member.substr(0, semi));
    const double q = semi == std::string_view::npos ? 1 : weight(member.substr(semi + 1));
    if (iequals(name, "br")) br = q;
    if (iequals(name, "gzip") || iequals(name, "x-gzip")) gzip = q;
    if (name == "*") any = q;
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  std::vector<std::string_view> out;
  if (br > 0 && br >= gzip) out.push_back("br");
  if (gzip > 0) out.push_back("gzip");
  if (br > 0 && br < gzip) out.push_back("br");
  return out;
}

bool etag_matches(std::string_view header, std::string_view etag) {
  while (!header.empty()) {
    const auto comma = header.find(',');
    std::string_view tag = trim(header.substr(0, comma));
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag == "*" || tag == etag) return true;
  }
  return false;
}

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

std::optional<StaticFile> StaticFiles::find(std::string_view target, std::string_view accept_encoding) const {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  const auto bad = [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == '\\' || c == 0x7f; };
  if (path.empty() || path[0] != '/' || path.find("..") != std::string_view::npos ||
      std::any_of(path.begin(), path.end(), bad))
    return std::nullopt;
  if (is_app_route(path)) path = "/index.html";
  const auto file = resolve(root_, path);
  if (!file) return std::nullopt;
  StaticFile out{{}, std::string(mime_type(path)), {}, cache_control(path, path == "/index.html"), {}};
  // A compressed twin of the file, if the client takes one and there is one.
  for (const std::string_view encoding : accepted_encodings(accept_encoding)) {
    const auto twin = resolve(root_, std::string(path) + (encoding == "br" ? ".br" : ".gz"));
    if (!twin) continue;
    if (auto body = read_file(twin->native())) {
      out.body = std::move(*body);
      out.encoding = encoding;
      break;
    }
  }
  if (out.encoding.empty()) {
    auto body = read_file(file->native());
    if (!body) return std::nullopt;
    out.body = std::move(*body);
  }
  if (out.cache_control != "no-store") out.etag = content_tag(out.body, out.encoding);
  return out;
}

std::optional<StaticFile> StaticFiles::not_found_page(std::string_view target) const {
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  const std::string_view last = path.substr(path.rfind('/') + 1);
  if (path.starts_with("/api/") || last.find('.') != std::string_view::npos) return std::nullopt;
  return find("/");
}

}  // namespace server
