#include "archive/sha256.hpp"

#include <nettle/sha2.h>

#include <cstdint>

namespace archive {

static_assert(sizeof(sha256_ctx) <= 128, "Nettle's sha256_ctx must fit Sha256's storage");

namespace {

sha256_ctx* context(unsigned char* storage) { return reinterpret_cast<sha256_ctx*>(storage); }

}  // namespace

Sha256::Sha256() { sha256_init(context(ctx_)); }

Sha256& Sha256::update(std::string_view data) {
    sha256_update(context(ctx_), data.size(), reinterpret_cast<const std::uint8_t*>(data.data()));
    return *this;
}

std::string Sha256::hex() {
    std::uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(context(ctx_), SHA256_DIGEST_SIZE, digest);  // also starts the hash again
    static const char* const kHex = "0123456789abcdef";
    std::string out(2 * SHA256_DIGEST_SIZE, '0');
    for (std::size_t i = 0; i < SHA256_DIGEST_SIZE; ++i) out[2 * i] = kHex[digest[i] >> 4], out[2 * i + 1] = kHex[digest[i] & 0x0F];
    return out;
}

std::string sha256_hex(std::string_view data) { return Sha256().update(data).hex(); }

}  // namespace archive
