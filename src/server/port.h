#pragma once
// A TCP port on 127.0.0.1 that nothing listens on right now (the kernel picks it).
#include "util/expected.h"

namespace versus::server {
Expected<unsigned> find_free_port();
}
