// The page's files from one folder. Paths of the app itself (/game/..., /)
// fall back to index.html so that links and reloads work; other page-like
// paths that a browser asks for get it too, as a 404, so that a player sees
// the app's "not found".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace server {

struct StaticFile {
  std::string body;
  std::string content_type;
};

class StaticFiles {
 public:
  explicit StaticFiles(std::string root) : root_(std::move(root)) {}
  const std::string& root() const { return root_; }
  // nullopt when there is no such file (or the path tries to leave the root).
  std::optional<StaticFile> find(std::string_view target) const;
  // For a path that names no file and looks like a page (no extension), the
  // app's page, which says in its own words that there is no such page; to
  // be sent with status 404.
  std::optional<StaticFile> not_found_page(std::string_view target) const;

 private:
  std::string root_;
};

std::string_view mime_type(std::string_view path);

}  // namespace server
