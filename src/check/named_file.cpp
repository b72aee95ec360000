#include "check/named_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ironlog {

namespace {

// Reads at most `most` bytes (one more tells a file longer than the limit); nullopt if it cannot
// be opened. O_NONBLOCK: a FIFO put in place after the check is not waited on.
std::optional<std::string> read_at_most(const std::filesystem::path& path, std::uintmax_t most, bool& regular) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat st {};
    regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    std::string text;
    if (regular) {
        char block[1 << 16];
        while (text.size() <= most) {
            const ssize_t n = ::read(fd, block, sizeof block);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            text.append(block, static_cast<std::size_t>(n));
        }
    }
    ::close(fd);
    return text;
}

std::string megabytes(std::uintmax_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

}  // namespace

std::string named_file_problem(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::string("it cannot be read: ") + std::strerror(errno);
    if (!S_ISREG(st.st_mode)) return "it is not a regular file (a directory, a device, a FIFO or a socket)";
    if (static_cast<std::uintmax_t>(st.st_size) > kMaxNamedFileBytes)
        return "it is larger than " + megabytes(kMaxNamedFileBytes) + ", the most ironlog reads of a file a record names";
    if (st.st_size == 0) {  // /proc's files say 0 whatever they hold: measure
        bool regular = false;
        auto text = read_at_most(path, kMaxNamedFileBytes, regular);
        if (text && text->size() > kMaxNamedFileBytes)
            return "it is larger than " + megabytes(kMaxNamedFileBytes) + ", the most ironlog reads of a file a record names";
    }
    return "";
}

std::optional<std::string> read_named_file(const std::filesystem::path& path) {
    bool regular = false;
    auto text = read_at_most(path, kMaxNamedFileBytes, regular);
    if (!text || !regular || text->size() > kMaxNamedFileBytes) return std::nullopt;
    return text;
}

}  // namespace ironlog
