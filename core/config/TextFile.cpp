#include "core/config/TextFile.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sp {

namespace {

Text kindOf(mode_t mode)
{
    if (S_ISFIFO(mode))
        return msg("a FIFO (named pipe)");
    if (S_ISDIR(mode))
        return msg("a directory");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return msg("a device");
    if (S_ISSOCK(mode))
        return msg("a socket");
    return msg("not a regular file");
}

void fail(TextFileResult &r, const char *code, const Text &why)
{
    r.code = QString::fromLatin1(code);
    r.error = why.text;
    r.errorText = why;
}

QString errnoText(int e)
{
    return QString::fromLocal8Bit(std::strerror(e));
}

} // namespace

TextFileResult readTextFile(const QString &path, qint64 maxBytes)
{
    TextFileResult r;
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        fail(r, "file-unreadable", msg("cannot read the file: %1", {errnoText(errno)}));
        return r;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        fail(r, "file-unreadable", msg("cannot read the file: %1", {errnoText(errno)}));
        ::close(fd);
        return r;
    }
    if (!S_ISREG(st.st_mode)) {
        fail(r, "file-not-regular", msg("it is %1; give a regular file", {kindOf(st.st_mode)}));
        ::close(fd);
        return r;
    }
    if (st.st_size > maxBytes) {
        fail(r, "file-too-large",
             msg("the file is %1 bytes; the limit is %2", {qint64(st.st_size), maxBytes}));
        ::close(fd);
        return r;
    }
    // A regular file: blocking reads are bounded by its size. /proc files report size 0 and are
    // read until EOF, still within maxBytes.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    QByteArray buffer;
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail(r, "file-unreadable", msg("cannot read the file: %1", {errnoText(errno)}));
            ::close(fd);
            return r;
        }
        if (n == 0)
            break;
        if (buffer.size() + n > maxBytes) {
            fail(r, "file-too-large", msg("the file is larger than %1 bytes", {maxBytes}));
            ::close(fd);
            return r;
        }
        buffer.append(chunk, n);
    }
    ::close(fd);
    r.bytes = buffer;
    return r;
}

} // namespace sp
