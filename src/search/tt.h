// The transposition table: a fixed array of three-entry buckets shared by all
// search threads. Races between threads can tear an entry; the 16-bit key
// check and the move-list lookup of the hash move make that harmless.
// A resize the machine cannot give (memory, address-space limit, cgroup) is
// refused with the size that could be had, and the old table stays: the
// kernel's overcommit would otherwise hand out a table whose pages it cannot
// back once the search writes them, and the process would be killed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/expected.h"
#include "core/zobrist.h"
#include "search/packed_move.h"

namespace search {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TTEntry {
  std::uint16_t key16;
  std::uint16_t move;
  std::int16_t score;
  std::int16_t eval;
  std::uint8_t depth;  // depth + 1; 0 marks an empty entry
  std::uint8_t gen_bound;

  Bound bound() const { return Bound(gen_bound & 3); }
  int draft() const { return int(depth) - 1; }
};

struct TTHit {
  bool found = false;
  PackedMove move;
  int score = 0;  // as stored: relative to the node (see to_tt/from_tt)
  int eval = 0;
  int depth = -1;
  Bound bound = Bound::None;
};

class TranspositionTable {
 public:
  // Throws std::bad_alloc when even this table cannot be had.
  explicit TranspositionTable(std::size_t megabytes = 16);
  // The table at `megabytes`, cleared; or the old one, untouched, and an
  // error naming the most megabytes this process could have had instead.
  core::Expected<bool> resize(std::size_t megabytes);
  std::size_t megabytes() const { return count_ * sizeof(Bucket) / (1024 * 1024); }
  void clear();
  void new_search() { generation_ = std::uint8_t(generation_ + 4); }

  TTHit probe(core::Key key) const;
  void store(core::Key key, PackedMove move, int score, int eval, int depth, Bound bound);
  // Permille of the sampled entries written in this search.
  int hashfull() const;
  void prefetch(core::Key key) const { __builtin_prefetch(&buckets_[index(key)]); }

 private:
  struct alignas(32) Bucket {
    TTEntry entries[3];
  };
  // The bucket comes from the key's high bits, the entry check from its low bits.
  std::size_t index(core::Key key) const {
    __extension__ using U128 = unsigned __int128;
    return std::size_t(U128(key) * count_ >> 64);
  }

  // The buckets are mapped from the kernel directly, not taken from malloc:
  // a failed giant request leaves malloc's arenas as they were, and a table
  // freed is given back at once.
  struct Unmap {
    std::size_t bytes;
    void operator()(Bucket* buckets) const;
  };
  using Buckets = std::unique_ptr<Bucket[], Unmap>;
  static Buckets map_buckets(std::size_t count);

  Buckets buckets_;
  std::size_t count_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace search
