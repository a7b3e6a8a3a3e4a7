// `chaturanga serve`: the web app on one port, games in one SQLite file.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "server/context.h"
#include "server/game_service.h"

namespace server {

struct ServeOptions {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0 picks a free port
  std::string db = "chaturanga.db";
  std::string web_root;  // empty: the built page next to the sources
  int io_threads = 2;
  int bot_threads = 2;
  Limits limits;
  ServiceOptions service;
  LobbyOptions lobby;
  StoreOptions store;
  accounts::AccountOptions accounts;
};

// Parses the options after `serve`; the error names the bad one.
core::Expected<ServeOptions> parse_serve_options(const std::vector<std::string>& args);
// Runs until SIGINT or SIGTERM. Prints "listening on http://ADDRESS:PORT/"
// to `out` once it accepts connections.
int run_server(const ServeOptions& options, std::ostream& out, std::ostream& err);

extern const char* const SERVE_USAGE;

}  // namespace server
