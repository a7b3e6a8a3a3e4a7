// The lobby's seeks as the store keeps them for several processes
// (store.h, change_seeks): every change runs on the seeks as stored under
// one lock, so that no two processes' changes cross; only what changed is
// written; the other processes hear of it.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/store.h"
#include "store_backends.h"

namespace server {
namespace {

using backends::Backend;

class StoreSeeksTest : public backends::StoreBackendTest {
 protected:
  std::unique_ptr<Store> open() {
    auto store = Store::open(scratch_.uri());
    EXPECT_TRUE(store) << store.error();
    return store ? std::move(store).value() : nullptr;
  }
};
INSTANTIATE_FOR_EACH_BACKEND(StoreSeeksTest);

TEST_P(StoreSeeksTest, AChangeIsMadeOnTheSeeksAsStoredAndKeptWhole) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->seeks());
  EXPECT_TRUE(store->seeks()->empty());
  ASSERT_TRUE(store->change_seeks([](SeekDocuments& docs) {
    docs["s1"] = R"({"n":1})";
    docs["s2"] = R"({"n":2})";
    return std::string();
  }));
  // A change that refuses stores nothing of what it did.
  const WriteResult refused = store->change_seeks([](SeekDocuments& docs) {
    docs.clear();
    return std::string("no");
  });
  EXPECT_FALSE(refused);
  EXPECT_EQ(store->seeks()->size(), 2u);
  ASSERT_TRUE(store->change_seeks([](SeekDocuments& docs) {
    EXPECT_EQ(docs.at("s2"), R"({"n":2})");
    docs.erase("s1");
    docs["s2"] = R"({"n":3})";
    return std::string();
  }));
  EXPECT_EQ(*store->seeks(), (SeekDocuments{{"s2", R"({"n":3})"}}));
}

// Two writers (two processes on PostgreSQL; two threads of one on SQLite)
// each add one to a count read in its change: none is lost.
TEST_P(StoreSeeksTest, ChangesFromSeveralWritersNeverCross) {
  auto a = open();
  auto b = GetParam() == Backend::Postgres ? open() : nullptr;
  ASSERT_TRUE(a);
  Store& second = b ? *b : *a;
  constexpr int EACH = 25;
  const auto add = [](Store& store) {
    for (int i = 0; i < EACH; ++i) {
      const WriteResult w = store.change_seeks([](SeekDocuments& docs) {
        const int n = docs.contains("count") ? std::stoi(docs["count"]) : 0;
        std::this_thread::sleep_for(std::chrono::microseconds(200));  // widen the window a race needs
        docs["count"] = std::to_string(n + 1);
        return std::string();
      });
      EXPECT_TRUE(w) << w.error();
    }
  };
  std::thread one([&] { add(*a); });
  std::thread two([&] { add(second); });
  one.join();
  two.join();
  EXPECT_EQ(a->seeks()->at("count"), std::to_string(2 * EACH));
}

TEST_P(StoreSeeksTest, AnotherProcessHearsAChangeButNotAChangeThatChangedNothing) {
  if (GetParam() == Backend::Sqlite) GTEST_SKIP() << "one process on a SQLite file";
  auto a = open();
  auto b = open();
  ASSERT_TRUE(a && b);
  std::mutex mutex;
  std::condition_variable arrived;
  int heard = 0;
  b->on_seeks_elsewhere([&] {
    std::lock_guard lock(mutex);
    ++heard;
    arrived.notify_all();
  });
  const auto heard_within = [&](int count, std::chrono::milliseconds ms) {
    std::unique_lock lock(mutex);
    return arrived.wait_for(lock, ms, [&] { return heard >= count; });
  };
  ASSERT_TRUE(a->change_seeks([](SeekDocuments& docs) {
    docs["s"] = "{}";
    return std::string();
  }));
  EXPECT_TRUE(heard_within(1, std::chrono::seconds(5)));
  EXPECT_EQ(b->seeks()->at("s"), "{}");
  // The same document again, and a change of a game: the lobby hears nothing.
  ASSERT_TRUE(a->change_seeks([](SeekDocuments& docs) {
    docs["s"] = "{}";
    return std::string();
  }));
  ASSERT_TRUE(a->insert_game(backends::chaturanga_game("g")));
  EXPECT_FALSE(heard_within(2, std::chrono::milliseconds(500)));
  b->on_seeks_elsewhere(nullptr);
}

}  // namespace
}  // namespace server
