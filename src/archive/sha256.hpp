// SHA-256 (FIPS 180-4), for the content hash of an archived record.
#pragma once

#include <string>
#include <string_view>

namespace archive {

// With the processor's SHA instructions where it has them (x86-64 SHA-NI), else in plain C++.
std::string sha256_hex(std::string_view data);

// For the tests: the plain C++ path, and whether sha256_hex uses the processor's instructions.
std::string sha256_hex_portable(std::string_view data);
bool sha256_in_hardware();

}  // namespace archive
