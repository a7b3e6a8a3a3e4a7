// The page's files from one folder. Paths of the app itself (/game/..., /)
// fall back to index.html so that links and reloads work; other page-like
// paths that a browser asks for get it too, as a 404, so that a player sees
// the app's "not found".
//
// web/build.mjs names every asset the page loads by its content's hash and
// puts it under /assets/, with a .br and a .gz beside each that compresses,
// so that:
// - /assets/... is cached for a year and never asked for again (a new build
//   has new names);
// - the page shell (index.html, the app's routes) is never stored, so a
//   visit always finds the current assets' names;
// - every other file is revalidated with its ETag (304 while unchanged);
// - the encoding the client prefers among br and gzip is sent when there is
//   such a file, with Vary: Accept-Encoding.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace server {

struct StaticFile {
  std::string body;
  std::string content_type;
  std::string encoding;  // "br", "gzip", or "" for the file as it is
  std::string cache_control;
  std::string etag;  // empty when the answer may not be stored
};

class StaticFiles {
 public:
  explicit StaticFiles(std::string root) : root_(std::move(root)) {}
  const std::string& root() const { return root_; }
  // nullopt when there is no such file (or the path tries to leave the
  // root). `accept_encoding` is the request's Accept-Encoding.
  std::optional<StaticFile> find(std::string_view target, std::string_view accept_encoding = {}) const;
  // For a path that names no file and looks like a page (no extension), the
  // app's page, which says in its own words that there is no such page; to
  // be sent with status 404.
  std::optional<StaticFile> not_found_page(std::string_view target) const;

 private:
  std::string root_;
};

std::string_view mime_type(std::string_view path);
// The content codings of ours ("br", "gzip") that an Accept-Encoding value
// takes, most wanted first (RFC 9110, 12.5.3: q=0 refuses one, `*` stands
// for those not named; on a tie br comes first, being smaller).
std::vector<std::string_view> accepted_encodings(std::string_view accept_encoding);
// Whether an If-None-Match value names `etag` (or is `*`), weak or strong.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace server
