// The SQLite connection keeps each prepared statement for the next use of
// its SQL text (store_sqlite_db.cpp). What a kept statement must not carry
// over: an earlier use's bindings, a half-read result, the old schema; and
// one text in use twice at once gets two statements.
#include <gtest/gtest.h>

#include <string>

#include "server/store_db.h"
#include "server/store_sqlite_db.h"

namespace server::sql {
namespace {

std::unique_ptr<Connection> open_memory() {
  auto db = open_sqlite(":memory:", StoreOptions{});
  EXPECT_TRUE(db.ok());
  return std::move(db).value();
}

std::int64_t single_integer(Connection& db, const char* sql) {
  auto c = db.prepare(sql);
  EXPECT_TRUE(c->ok()) << sql;
  EXPECT_EQ(c->step(), Step::Row) << sql;
  return c->integer(0);
}

TEST(SqliteStatements, AReusedStatementForgetsTheLastUsesBindings) {
  auto db = open_memory();
  {
    auto c = db->prepare("SELECT ?1");
    c->bind_integer(1, 42);
    ASSERT_EQ(c->step(), Step::Row);
    EXPECT_EQ(c->integer(0), 42);
  }
  auto c = db->prepare("SELECT ?1");
  ASSERT_EQ(c->step(), Step::Row);
  EXPECT_TRUE(c->null(0)) << "the parameter kept the value 42 of the statement's last use";
}

TEST(SqliteStatements, AStatementLeftHalfReadStartsAgainFromItsFirstRow) {
  auto db = open_memory();
  ASSERT_EQ(db->exec("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);"), "");
  const char* sql = "SELECT n FROM t ORDER BY n";
  {
    auto c = db->prepare(sql);
    ASSERT_EQ(c->step(), Step::Row);
    EXPECT_EQ(c->integer(0), 1);
  }
  auto c = db->prepare(sql);
  ASSERT_EQ(c->step(), Step::Row);
  EXPECT_EQ(c->integer(0), 1);
  ASSERT_EQ(c->step(), Step::Row);
  EXPECT_EQ(c->integer(0), 2);
}

TEST(SqliteStatements, OneTextInUseTwiceAtOnceReadsTwoIndependentResults) {
  auto db = open_memory();
  ASSERT_EQ(db->exec("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);"), "");
  const char* sql = "SELECT n FROM t WHERE n >= ?1 ORDER BY n";
  auto outer = db->prepare(sql);
  outer->bind_integer(1, 1);
  std::string pairs;
  while (outer->step() == Step::Row) {
    auto inner = db->prepare(sql);
    inner->bind_integer(1, outer->integer(0));
    while (inner->step() == Step::Row)
      pairs += std::to_string(outer->integer(0)) + std::to_string(inner->integer(0)) + " ";
  }
  EXPECT_EQ(pairs, "11 12 13 22 23 33 ");
}

TEST(SqliteStatements, AKeptStatementReadsTheSchemaAsItIsNow) {
  auto db = open_memory();
  ASSERT_EQ(db->exec("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (7);"), "");
  EXPECT_EQ(single_integer(*db, "SELECT a FROM t"), 7);
  ASSERT_EQ(db->exec("DROP TABLE t; CREATE TABLE t (b INTEGER, a INTEGER); INSERT INTO t VALUES (1, 9);"),
            "");
  EXPECT_EQ(single_integer(*db, "SELECT a FROM t"), 9);
}

TEST(SqliteStatements, MoreTextsThanAreKeptAllStillRun) {
  auto db = open_memory();
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 600; ++i) {
      const std::string sql = "SELECT " + std::to_string(i);
      ASSERT_EQ(single_integer(*db, sql.c_str()), i);
    }
}

TEST(SqliteStatements, AWrongTextFailsEachTimeItIsUsedAndSaysWhatWasWrong) {
  auto db = open_memory();
  for (int i = 0; i < 2; ++i) {
    auto c = db->prepare("SELEKT 1");
    EXPECT_FALSE(c->ok());
    EXPECT_NE(c->error().find("SELEKT"), std::string::npos) << c->error();
  }
}

}  // namespace
}  // namespace server::sql
