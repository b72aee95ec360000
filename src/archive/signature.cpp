#include "archive/signature.hpp"

#include <nettle/eddsa.h>
#include <sys/random.h>

#include <array>
#include <cstdint>
#include <vector>

namespace archive {

namespace {

std::string hex(const std::uint8_t* p, std::size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[p[i] >> 4];
        out += digits[p[i] & 15];
    }
    return out;
}

std::optional<std::vector<std::uint8_t>> bytes(std::string_view hex_text, std::size_t n) {
    if (hex_text.size() != 2 * n) return std::nullopt;
    std::vector<std::uint8_t> out(n);
    auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const int hi = digit(hex_text[2 * i]), lo = digit(hex_text[2 * i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
    }
    return out;
}

const std::uint8_t* data(std::string_view s) { return reinterpret_cast<const std::uint8_t*>(s.data()); }

}  // namespace

std::optional<KeyPair> new_key_pair() {
    std::array<std::uint8_t, ED25519_KEY_SIZE> seed{};
    if (getrandom(seed.data(), seed.size(), 0) != static_cast<ssize_t>(seed.size())) return std::nullopt;
    const std::string private_hex = hex(seed.data(), seed.size());
    return KeyPair{private_hex, *public_key_of(private_hex)};
}

std::optional<std::string> public_key_of(std::string_view private_hex) {
    auto priv = bytes(private_hex, ED25519_KEY_SIZE);
    if (!priv) return std::nullopt;
    std::array<std::uint8_t, ED25519_KEY_SIZE> pub{};
    ed25519_sha512_public_key(pub.data(), priv->data());
    return hex(pub.data(), pub.size());
}

std::optional<std::string> sign(std::string_view private_hex, std::string_view message) {
    auto priv = bytes(private_hex, ED25519_KEY_SIZE);
    if (!priv) return std::nullopt;
    std::array<std::uint8_t, ED25519_KEY_SIZE> pub{};
    ed25519_sha512_public_key(pub.data(), priv->data());
    std::array<std::uint8_t, ED25519_SIGNATURE_SIZE> sig{};
    ed25519_sha512_sign(pub.data(), priv->data(), message.size(), data(message), sig.data());
    return hex(sig.data(), sig.size());
}

bool signature_holds(std::string_view public_hex, std::string_view message, std::string_view signature_hex) {
    auto pub = bytes(public_hex, ED25519_KEY_SIZE);
    auto sig = bytes(signature_hex, ED25519_SIGNATURE_SIZE);
    if (!pub || !sig) return false;
    return ed25519_sha512_verify(pub->data(), message.size(), data(message), sig->data()) == 1;
}

}  // namespace archive
