#pragma once
#include "core/config/Text.h"

#include <QByteArray>
#include <QString>

namespace sp {

// Reads a configuration-like file in bounded time and memory: refuses what is not a regular file
// (a FIFO would block open() or read() forever, a device or /proc file may never end or fail with
// EIO), reports read errors instead of returning a short or empty text, and refuses files larger
// than maxBytes without reading them whole. Opened non-blocking, then checked with fstat(), so a
// FIFO swapped in after a check cannot block either.
struct TextFileResult
{
    QByteArray bytes;
    QString error;   // empty on success; otherwise one line for the operator (no path in it)
    Text errorText;  // `error` as template and arguments
    QString code;    // "file-unreadable", "file-not-regular", "file-too-large"
    bool ok() const { return error.isEmpty(); }
};

TextFileResult readTextFile(const QString &path, qint64 maxBytes);

} // namespace sp
