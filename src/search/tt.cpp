#include "search/tt.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <new>
#include <optional>
#include <sstream>
#include <string>

namespace search {

namespace {

constexpr std::size_t MIB = 1024 * 1024;
constexpr std::size_t HUGE_PAGE = 2 * MIB;

// The number that is the first word of `path`; none for "max" or no file.
std::optional<std::size_t> read_number(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  std::size_t v = 0;
  if (!(in >> word)) return std::nullopt;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (ec != std::errc() || end != word.data() + word.size()) return std::nullopt;
  return v;
}

// MemAvailable: what the kernel can give without swapping or killing.
std::optional<std::size_t> meminfo_available() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key;
    std::size_t kib = 0;
    if (words >> key >> kib && key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

// What the memory cgroup (v2) of this process still allows, if it has a limit.
std::optional<std::size_t> cgroup_headroom() {
  std::ifstream in("/proc/self/cgroup");
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("0::")) continue;
    const std::string dir = "/sys/fs/cgroup" + line.substr(3);
    const auto max = read_number(dir + "/memory.max");
    const auto used = read_number(dir + "/memory.current");
    if (!max || !used) return std::nullopt;
    return *max > *used ? *max - *used : 0;
  }
  return std::nullopt;
}

// What a refusal names: a little under what was found, since the memory a
// machine has free moves between the refusal and the next try, and the
// address space a probe found is exact to the page.
std::size_t with_margin(std::size_t megabytes) {
  const std::size_t margin = std::max<std::size_t>(8, megabytes / 32);
  return megabytes > margin ? megabytes - margin : 0;
}

std::size_t memory_free_mb() {
  std::size_t free = meminfo_available().value_or(std::numeric_limits<std::size_t>::max());
  if (const auto headroom = cgroup_headroom()) free = std::min(free, *headroom);
  return free / MIB;
}

// Whether the kernel would map a table of `megabytes` now, with the room
// map_buckets takes to align it; the probe is unmapped untouched.
bool can_map(std::size_t megabytes) {
  const std::size_t bytes = megabytes * MIB + HUGE_PAGE;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return false;
  munmap(p, bytes);
  return true;
}

// The largest table below `megabytes` the kernel maps now, by bisection.
std::size_t largest_mappable_mb(std::size_t megabytes) {
  std::size_t lo = 0;
  std::size_t hi = megabytes;
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    (can_map(mid) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace

void TranspositionTable::Unmap::operator()(Bucket* buckets) const { munmap(buckets, bytes); }

// Null when the kernel will not map the table. The mapping comes zeroed (an
// empty table, its pages taken only as the search writes them) and aligned
// to a huge page, which the kernel is asked to use where it can: a probe
// lands anywhere in the table, and with 4 KiB pages nearly every probe of a
// table larger than the TLB covers would miss it too. A Bucket is plain
// data, so the pages are its array.
TranspositionTable::Buckets TranspositionTable::map_buckets(std::size_t count) {
  const auto page = std::size_t(sysconf(_SC_PAGESIZE));
  const std::size_t bytes = (count * sizeof(Bucket) + page - 1) / page * page;
  const std::size_t padded = bytes + HUGE_PAGE;
  void* p = mmap(nullptr, padded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return Buckets(nullptr, Unmap{0});
  // Keep the huge-page-aligned stretch of `bytes` and give back the rest.
  const auto raw = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t start = (raw + HUGE_PAGE - 1) & ~std::uintptr_t(HUGE_PAGE - 1);
  const std::size_t head = start - raw;
  if (head) munmap(p, head);
  if (padded - head > bytes) munmap(reinterpret_cast<void*>(start + bytes), padded - head - bytes);
  void* table = reinterpret_cast<void*>(start);
  madvise(table, bytes, MADV_HUGEPAGE);  // a hint: refused, the table works the same
  return Buckets(static_cast<Bucket*>(table), Unmap{bytes});
}

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  count_ = std::max<std::size_t>(1, megabytes * MIB / sizeof(Bucket));
  buckets_ = map_buckets(count_);
  if (!buckets_) throw std::bad_alloc();
}

core::Expected<bool> TranspositionTable::resize(std::size_t megabytes) {
  const std::size_t free_mb = memory_free_mb();
  // Names what could be had: what is free and the kernel maps now, less a margin.
  const auto refuse = [&] {
    const std::size_t could = with_margin(std::min(free_mb, largest_mappable_mb(megabytes)));
    return core::error("Hash " + std::to_string(megabytes) + " MB cannot be had: at most " +
                       std::to_string(could) + " MB could be; the table stays at " +
                       std::to_string(this->megabytes()) + " MB");
  };
  // The new table is made beside the old one, which stays if it cannot be.
  if (megabytes > free_mb) return refuse();
  const std::size_t count = std::max<std::size_t>(1, megabytes * MIB / sizeof(Bucket));
  Buckets fresh = map_buckets(count);
  if (!fresh) return refuse();
  buckets_ = std::move(fresh);
  count_ = count;
  generation_ = 0;
  return true;
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(buckets_.get()), 0, count_ * sizeof(Bucket));
  generation_ = 0;
}

TTHit TranspositionTable::probe(core::Key key) const {
  const std::uint16_t key16 = std::uint16_t(key);
  const Bucket& bucket = buckets_[index(key)];
  for (const TTEntry& e : bucket.entries)
    if (e.key16 == key16 && e.depth != 0)
      return {true, PackedMove{e.move}, e.score, e.eval, e.draft(), e.bound()};
  return {};
}

void TranspositionTable::store(core::Key key, PackedMove move, int score, int eval, int depth, Bound bound) {
  const std::uint16_t key16 = std::uint16_t(key);
  Bucket& bucket = buckets_[index(key)];
  TTEntry* replace = &bucket.entries[0];
  for (TTEntry& e : bucket.entries) {
    if (e.key16 == key16 || e.depth == 0) {
      replace = &e;
      break;
    }
    // Prefer to overwrite shallow entries from older searches.
    const int age = std::uint8_t(generation_ - (e.gen_bound & ~3)) / 4;
    const int replace_age = std::uint8_t(generation_ - (replace->gen_bound & ~3)) / 4;
    if (e.depth - 8 * age < replace->depth - 8 * replace_age) replace = &e;
  }
  // Keep a deeper entry of the same position unless the new one is exact.
  if (replace->key16 == key16 && replace->depth != 0 && bound != Bound::Exact &&
      depth < replace->draft() - 3 && (replace->gen_bound & ~3) == generation_)
    return;
  if (!move && replace->key16 == key16) move = PackedMove{replace->move};
  replace->key16 = key16;
  replace->move = move.bits;
  replace->score = std::int16_t(score);
  replace->eval = std::int16_t(eval);
  replace->depth = std::uint8_t(std::clamp(depth + 1, 1, 255));
  replace->gen_bound = std::uint8_t(generation_ | std::uint8_t(bound));
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t sample = std::min<std::size_t>(count_, 1000);
  for (std::size_t i = 0; i < sample; ++i)
    for (const TTEntry& e : buckets_[i].entries)
      if (e.depth != 0 && (e.gen_bound & ~3) == generation_) ++used;
  return int(used * 1000 / (sample * 3));
}

}  // namespace search
