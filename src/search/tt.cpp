#include "search/tt.h"

#include <algorithm>
#include <cstring>

namespace search {

void TranspositionTable::resize(std::size_t megabytes) {
  count_ = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
  buckets_ = std::make_unique<Bucket[]>(count_);
  clear();
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
