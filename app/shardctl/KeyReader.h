#pragma once
#include <QByteArray>
#include <QCommandLineParser>
#include <QFile>
#include <QStringList>

namespace sp::cli {

// The keys of `route` and `ring`: --key VALUE (repeatable) or --keys-file FILE ('-' = stdin), one
// key per line. The file is streamed in blocks, never loaded whole; empty lines are skipped and a
// trailing '\r' is dropped. A line longer than maxKeyBytes is reported and skipped.
class KeyReader final
{
public:
    static constexpr qsizetype maxKeyBytes = 64 * 1024;

    static void addOptions(QCommandLineParser &parser);

    // Reads the options. False with `error` set on bad usage (both or neither given) or an
    // unopenable file; `usage` tells which of the two it was.
    bool open(const QCommandLineParser &parser, QString *error, bool *usage);

    enum class Next
    {
        Key,     // `key` holds the next key as UTF-8, valid until the next call
        TooLong, // line `line` was longer than maxKeyBytes and is skipped
        End      // end of input, or a read error (then readError() is non-empty)
    };
    // `line` is the 1-based line in the file, or the position among the --key values.
    Next next(QByteArrayView *key, qint64 *line);

    QString readError() const { return m_readError; }
    QString sourceName() const { return m_sourceName; }

private:
    bool fill();

    QStringList m_keys;
    qsizetype m_keyIndex = 0;
    QByteArray m_current;
    QFile m_file;
    bool m_fromFile = false;
    bool m_eof = false;
    bool m_discarding = false; // inside a line that was too long
    QByteArray m_buffer;
    qsizetype m_pos = 0;
    qint64 m_line = 0;
    QString m_readError;
    QString m_sourceName;
};

} // namespace sp::cli
