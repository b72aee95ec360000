// The files a record names ([Library], [Map], [Tables]) are read through here, with limits: a
// record is text someone else wrote, and must not make ironlog read a device, a FIFO, one of
// /proc's files that never end, or a file of hundreds of megabytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace ironlog {

// The most of a named file that is read: far above any card library, map or table pack.
constexpr std::uintmax_t kMaxNamedFileBytes = std::uintmax_t{16} << 20;

// Why a named file will not be read ("" when it will): not a regular file, or too large (a file
// whose size the system does not say, as /proc's, is measured by reading up to the limit).
std::string named_file_problem(const std::filesystem::path& path);

// The file's text, at most kMaxNamedFileBytes of it; nullopt when named_file_problem says why not.
std::optional<std::string> read_named_file(const std::filesystem::path& path);

}  // namespace ironlog
