#pragma once
#include <QString>

#include <optional>

namespace sp {

// A position in one server's binary log: the file name (e.g. "mysql-bin.000003") and the byte offset of
// the next event in it. 4 is the first event of a file (after the magic bytes).
struct BinlogPosition
{
    QString file;
    quint64 position = 0;

    bool isValid() const { return !file.isEmpty() && position >= 4; }
    QString toString() const { return file + QLatin1Char(':') + QString::number(position); }
    // toString() read back ("mysql-bin.000003:1234"); nullopt for anything else.
    static std::optional<BinlogPosition> parse(const QString &text)
    {
        const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
        bool ok = false;
        const quint64 pos = colon > 0 ? text.mid(colon + 1).toULongLong(&ok) : 0;
        if (!ok)
            return std::nullopt;
        return BinlogPosition{text.left(colon), pos};
    }

    // Orders two positions of the same server: by the file's numeric extension, then by offset.
    // Files without a numeric extension compare by name.
    static int compare(const BinlogPosition &a, const BinlogPosition &b)
    {
        if (a.file != b.file) {
            const QString ea = a.file.section(QLatin1Char('.'), -1);
            const QString eb = b.file.section(QLatin1Char('.'), -1);
            bool okA = false, okB = false;
            const qulonglong na = ea.toULongLong(&okA), nb = eb.toULongLong(&okB);
            if (okA && okB && na != nb)
                return na < nb ? -1 : 1;
            return a.file < b.file ? -1 : 1;
        }
        return a.position == b.position ? 0 : (a.position < b.position ? -1 : 1);
    }
    friend bool operator==(const BinlogPosition &a, const BinlogPosition &b)
    {
        return a.file == b.file && a.position == b.position;
    }
    friend bool operator!=(const BinlogPosition &a, const BinlogPosition &b) { return !(a == b); }
    friend bool operator<(const BinlogPosition &a, const BinlogPosition &b) { return compare(a, b) < 0; }
};

} // namespace sp
