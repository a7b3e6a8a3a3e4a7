// The databases the store's tests run against: a SQLite file always, and
// PostgreSQL when CHATURANGA_TEST_PG names the file that holds the test
// cluster's URI (ctest's `postgres` fixture starts that cluster with
// scripts/pg_cluster.sh). Run by hand without it, the PostgreSQL cases
// are skipped and say so; under ctest a cluster that cannot be reached
// fails them.
#pragma once

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "server/store.h"

namespace server::backends {

enum class Backend { Sqlite, Postgres };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::Sqlite ? "Sqlite" : "Postgres";
}

// One fresh, empty database for one test, removed afterwards.
class ScratchDatabase {
 public:
  explicit ScratchDatabase(Backend backend) : backend_(backend) {
    static std::atomic<int> count{0};
    const std::string tag = std::to_string(::getpid()) + "_" + std::to_string(count++);
    if (backend == Backend::Sqlite) {
      uri_ = (std::filesystem::temp_directory_path() / ("store-" + tag + ".db")).string();
      remove_files();
      return;
    }
    const char* file = std::getenv("CHATURANGA_TEST_PG");
    if (!file) {
      skip_ = "no PostgreSQL: CHATURANGA_TEST_PG is not set (ctest sets it)";
      return;
    }
    std::ifstream in(file);
    std::getline(in, admin_);
    if (admin_.empty()) {
      error_ = std::string("no PostgreSQL URI in ") + file;
      return;
    }
    name_ = "store_" + tag;
    error_ = run(admin_, "CREATE DATABASE " + name_);
    uri_ = admin_.substr(0, admin_.rfind('/') + 1) + name_;
  }
  ~ScratchDatabase() {
    if (backend_ == Backend::Sqlite) remove_files();
    if (!name_.empty()) run(admin_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  }
  ScratchDatabase(const ScratchDatabase&) = delete;
  ScratchDatabase& operator=(const ScratchDatabase&) = delete;

  // Why the test cannot run here ("" when it can): a skip, or an error.
  const std::string& skip() const { return skip_; }
  const std::string& error() const { return error_; }
  // What Store::open takes.
  const std::string& uri() const { return uri_; }

  // Runs SQL on the database directly, past the store: "" or the error.
  std::string exec(const std::string& sql) const {
    if (backend_ == Backend::Postgres) return run(uri_, sql);
    sqlite3* db = nullptr;
    if (sqlite3_open(uri_.c_str(), &db) != SQLITE_OK) return "cannot open " + uri_;
    char* msg = nullptr;
    std::string error;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) error = msg ? msg : "failed";
    sqlite3_free(msg);
    sqlite3_close(db);
    return error;
  }

 private:
  static std::string run(const std::string& uri, const std::string& sql) {
    PGconn* conn = PQconnectdb(uri.c_str());
    std::string error;
    if (PQstatus(conn) != CONNECTION_OK) {
      error = PQerrorMessage(conn);
    } else {
      PQclear(PQexec(conn, "SET client_min_messages = warning"));
      // Alone, not after the SET: CREATE DATABASE refuses a transaction block.
      PGresult* r = PQexec(conn, sql.c_str());
      if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
        error = PQresultErrorMessage(r);
      PQclear(r);
    }
    PQfinish(conn);
    return error;
  }
  void remove_files() const {
    for (const char* tail : {"", "-wal", "-shm"}) std::filesystem::remove(uri_ + tail);
  }

  Backend backend_;
  std::string uri_;
  std::string admin_;
  std::string name_;
  std::string skip_;
  std::string error_;
};

// A two-player game as the service would store it: white a person (token
// "tok-w"), black the bot at level 3, nothing played yet.
inline GameRecord chaturanga_game(const std::string& id) {
  GameRecord g;
  g.id = id;
  g.variant = "chaturanga";
  g.start_fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
  g.seats = {{"white", "human", "tok-w"}, {"black", "bot:3", ""}};
  return g;
}

// A suite run once per backend, each test on a scratch database of its own
// (`scratch_`).
class StoreBackendTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (!scratch_.skip().empty()) GTEST_SKIP() << scratch_.skip();
    ASSERT_EQ(scratch_.error(), "");
  }
  ScratchDatabase scratch_{GetParam()};
};

#define INSTANTIATE_FOR_EACH_BACKEND(suite)                                                          \
  INSTANTIATE_TEST_SUITE_P(                                                                          \
      Each, suite,                                                                                   \
      ::testing::Values(::server::backends::Backend::Sqlite, ::server::backends::Backend::Postgres), \
      ::server::backends::backend_name)

}  // namespace server::backends
