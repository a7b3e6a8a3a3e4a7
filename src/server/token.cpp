#include "server/token.h"

#include <mutex>
#include <random>

namespace server {

std::string random_token(int length) {
  static constexpr char ALPHABET[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  static std::mutex mutex;
  static std::random_device device;
  std::lock_guard lock(mutex);
  std::uniform_int_distribution<int> pick(0, int(sizeof(ALPHABET)) - 2);
  std::string out;
  for (int i = 0; i < length; ++i) out += ALPHABET[pick(device)];
  return out;
}

}  // namespace server
