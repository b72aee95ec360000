// SHA-256 (FIPS 180-4), for the content hash of an archived record.
#pragma once

#include <string>
#include <string_view>

namespace archive {

std::string sha256_hex(std::string_view data);

}  // namespace archive
