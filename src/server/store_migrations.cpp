#include "server/store_migrations.h"

#include <iterator>

namespace server::sql {

namespace {

// PostgreSQL's texts differ from SQLite's only in types:
// - INTEGER is 32 bits there (64 in SQLite): times in ms and ids are BIGINT;
// - REAL is 4 bytes there: ratings are DOUBLE PRECISION;
// - an `INTEGER PRIMARY KEY` is SQLite's rowid: BIGSERIAL there;
// - SQLite's `COLLATE NOCASE` on a name: the citext type there (a trusted
//   extension, which a database's owner may create);
// - rating_history's order uses SQLite's implicit rowid: a BIGSERIAL column
//   of that name there, so that one query serves both.
// PostgreSQL keeps the version in store_schema (SQLite in PRAGMA user_version).

constexpr Migration BASE{"the tables of version 0", R"sql(
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  start_fen TEXT NOT NULL,
  seed INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL REFERENCES games(id),
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  token TEXT NOT NULL,
  PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games(result) WHERE result = '*';
)sql",
                         R"sql(
CREATE TABLE IF NOT EXISTS store_schema (version INTEGER NOT NULL);
INSERT INTO store_schema SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM store_schema);
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  start_fen TEXT NOT NULL,
  seed BIGINT NOT NULL,
  created_ms BIGINT NOT NULL,
  result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL REFERENCES games(id),
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  token TEXT NOT NULL,
  PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games(result) WHERE result = '*';
)sql"};

constexpr Migration MIGRATIONS[] = {
    // Dice games stored before fair dice threw from a public seed with the
    // old generator: they keep it (`legacy-seed=`) and are marked practice.
    {"fair dice: each game's dice secret, and the practice mark", R"sql(
ALTER TABLE games ADD COLUMN dice_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
UPDATE games SET practice = 1, start_fen = replace(start_fen, ' seed=', ' legacy-seed=')
  WHERE variant = 'chaturaji-dice';
)sql"},
    // NULL: not known (a game stored before the column); start-up looks at it once.
    {"the index of games whose bot is to move, which start-up resumes", R"sql(
ALTER TABLE games ADD COLUMN bot_to_move INTEGER;
CREATE INDEX games_to_resume ON games(id) WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0);
)sql"},
    // NULL clock_initial_ms: no clock. clock_banked: each seat's time as at
    // clock_since_ms, comma-separated; clock_since_ms NULL: no clock runs.
    // Start-up loads every game whose clock runs, so that its flag can fall.
    {"clocks: each game's time control and times, the server's runs", R"sql(
ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_banked TEXT;
ALTER TABLE games ADD COLUMN clock_since_ms INTEGER;
CREATE TABLE server_runs (id INTEGER PRIMARY KEY, started_ms INTEGER NOT NULL, alive_ms INTEGER NOT NULL);
DROP INDEX games_to_resume;
CREATE INDEX games_to_resume ON games(id)
  WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0 OR clock_since_ms IS NOT NULL);
)sql",
     R"sql(
ALTER TABLE games ADD COLUMN clock_initial_ms BIGINT;
ALTER TABLE games ADD COLUMN clock_increment_ms BIGINT;
ALTER TABLE games ADD COLUMN clock_banked TEXT;
ALTER TABLE games ADD COLUMN clock_since_ms BIGINT;
CREATE TABLE server_runs (id BIGSERIAL PRIMARY KEY, started_ms BIGINT NOT NULL, alive_ms BIGINT NOT NULL);
DROP INDEX games_to_resume;
CREATE INDEX games_to_resume ON games(id)
  WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0 OR clock_since_ms IS NOT NULL);
)sql"},
    // Sessions are kept by the SHA-256 of their id; a rating row per player
    // and variant; a history row per player and rated game, for the profile.
    {"accounts, sessions, ratings and their history; seats held by accounts; rated games", R"sql(
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
);
CREATE INDEX sessions_expiry ON sessions(expires_ms);
CREATE TABLE ratings (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  variant TEXT NOT NULL,
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (account_id, variant)
);
CREATE INDEX ratings_board ON ratings(variant, rating DESC);
CREATE TABLE rating_history (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  variant TEXT NOT NULL,
  game_id TEXT NOT NULL REFERENCES games(id),
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, game_id)
);
CREATE INDEX rating_history_game ON rating_history(game_id);
ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts(id);
CREATE INDEX seats_account ON seats(account_id) WHERE account_id IS NOT NULL;
CREATE INDEX seats_token ON seats(token) WHERE token != '';
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
)sql",
     R"sql(
CREATE EXTENSION IF NOT EXISTS citext;
CREATE TABLE accounts (
  id BIGSERIAL PRIMARY KEY,
  username CITEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts(id),
  created_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_expiry ON sessions(expires_ms);
CREATE TABLE ratings (
  account_id BIGINT NOT NULL REFERENCES accounts(id),
  variant TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  rd DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (account_id, variant)
);
CREATE INDEX ratings_board ON ratings(variant, rating DESC);
CREATE TABLE rating_history (
  rowid BIGSERIAL,
  account_id BIGINT NOT NULL REFERENCES accounts(id),
  variant TEXT NOT NULL,
  game_id TEXT NOT NULL REFERENCES games(id),
  rating DOUBLE PRECISION NOT NULL,
  rd DOUBLE PRECISION NOT NULL,
  at_ms BIGINT NOT NULL,
  PRIMARY KEY (account_id, game_id)
);
CREATE INDEX rating_history_game ON rating_history(game_id);
ALTER TABLE seats ADD COLUMN account_id BIGINT REFERENCES accounts(id);
CREATE INDEX seats_account ON seats(account_id) WHERE account_id IS NOT NULL;
CREATE INDEX seats_token ON seats(token) WHERE token != '';
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
)sql"},
    // A JSON object the browser app reads and writes whole (docs/api.md).
    {"each account's appearance and sound settings", R"sql(
ALTER TABLE accounts ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
)sql"},
    // Several processes on one database: the server run (server_runs.id)
    // that decides an unfinished game's bot moves and flag; NULL: none yet
    // (a game stored before, or by a single process on SQLite).
    {"the run that decides each game, for several processes", R"sql(
ALTER TABLE games ADD COLUMN decider INTEGER;
CREATE INDEX games_decider ON games(decider) WHERE result = '*';
)sql",
     R"sql(
ALTER TABLE games ADD COLUMN decider BIGINT;
CREATE INDEX games_decider ON games(decider) WHERE result = '*';
)sql"},
    // One lobby for several processes: each seek a JSON document the lobby
    // reads and writes whole (lobby.h); a single process keeps its seeks in
    // memory and leaves the table empty.
    {"the lobby's seeks, shared by the processes on one database", R"sql(
CREATE TABLE seeks (id TEXT PRIMARY KEY, document TEXT NOT NULL);
)sql"},
    // The draw and take-back offers pending, so that every process shows
    // and answers them (game_offers.cpp); '' for none.
    {"each game's pending offers, shared by the processes", R"sql(
ALTER TABLE games ADD COLUMN offers TEXT NOT NULL DEFAULT '';
)sql"},
};

}  // namespace

const Migration& base_schema() { return BASE; }
const Migration* migrations() { return MIGRATIONS; }
std::size_t migration_count() { return std::size(MIGRATIONS); }

}  // namespace server::sql
