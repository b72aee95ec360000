// Ed25519 signatures (Nettle's, nettle-dev), for a manifest an organiser signs and anyone checks:
// every hash in an archive can be recomputed by whoever can run ironlog, so what a federation
// publishes is its archive's head, signed with a key only it holds.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace archive {

struct KeyPair {
    std::string private_hex;  // 32 bytes, hex: the seed, kept secret
    std::string public_hex;   // 32 bytes, hex: published
};

// A new key pair from the system's random source (getrandom); nullopt if it gives none.
std::optional<KeyPair> new_key_pair();
// The public key of a private one; nullopt when it is not 64 hex digits.
std::optional<std::string> public_key_of(std::string_view private_hex);
// The signature of message (64 bytes, hex); nullopt when the key is not 64 hex digits.
std::optional<std::string> sign(std::string_view private_hex, std::string_view message);
// Whether signature_hex is public_hex's signature of message (false for any malformed input).
bool signature_holds(std::string_view public_hex, std::string_view message, std::string_view signature_hex);

}  // namespace archive
