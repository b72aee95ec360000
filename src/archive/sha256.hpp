// SHA-256 (FIPS 180-4), for the content hash of an archived record: Nettle's (a maintained Debian
// library, nettle-dev), which uses the processor's SHA instructions where it has them.
#pragma once

#include <string>
#include <string_view>

namespace archive {

std::string sha256_hex(std::string_view data);

}  // namespace archive
