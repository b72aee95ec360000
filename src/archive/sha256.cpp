#include "archive/sha256.hpp"

#include <nettle/sha2.h>

#include <cstdint>

namespace archive {

std::string sha256_hex(std::string_view data) {
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, data.size(), reinterpret_cast<const std::uint8_t*>(data.data()));
    std::uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
    static const char* const kHex = "0123456789abcdef";
    std::string out(2 * SHA256_DIGEST_SIZE, '0');
    for (std::size_t i = 0; i < SHA256_DIGEST_SIZE; ++i) out[2 * i] = kHex[digest[i] >> 4], out[2 * i + 1] = kHex[digest[i] & 0x0F];
    return out;
}

}  // namespace archive
