// Unguessable identifiers: game ids for links, seat tokens as secrets.
#pragma once

#include <string>

namespace server {

// `length` characters of [0-9a-zA-Z] drawn from the OS's random source.
std::string random_token(int length);

}  // namespace server
