// SHA-256 (FIPS 180-4), for the content hashes and the chain of an archive: Nettle's (a
// maintained Debian library, nettle-dev), which uses the processor's SHA instructions where it
// has them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace archive {

std::string sha256_hex(std::string_view data);

// The same, fed a piece at a time.
class Sha256 {
public:
    Sha256();
    Sha256& update(std::string_view data);
    std::string hex();  // the digest; the hash starts again afterwards

private:
    alignas(8) unsigned char ctx_[128];  // Nettle's sha256_ctx, kept opaque here
};

}  // namespace archive
