#include "KeyReader.h"

#include <cstdio>

namespace sp::cli {

static constexpr qint64 kBlock = 256 * 1024;

void KeyReader::addOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(QStringList{QStringLiteral("k"), QStringLiteral("key")},
                                        QStringLiteral("A key to route (repeatable)."),
                                        QStringLiteral("VALUE")));
    parser.addOption(QCommandLineOption(QStringLiteral("keys-file"),
                                        QStringLiteral("Read keys from FILE, one per line ('-' reads stdin); "
                                                       "streamed, so files of any size work."),
                                        QStringLiteral("FILE")));
}

bool KeyReader::open(const QCommandLineParser &parser, QString *error, bool *usage)
{
    *usage = true;
    const bool haveKeys = parser.isSet(QStringLiteral("key"));
    const bool haveFile = parser.isSet(QStringLiteral("keys-file"));
    if (haveKeys == haveFile) {
        *error = haveKeys ? QStringLiteral("give either --key or --keys-file, not both")
                          : QStringLiteral("no keys: give --key VALUE or --keys-file FILE");
        return false;
    }
    if (haveKeys) {
        m_keys = parser.values(QStringLiteral("key"));
        m_sourceName = QStringLiteral("--key");
        return true;
    }
    const QString path = parser.value(QStringLiteral("keys-file"));
    m_fromFile = true;
    if (path == QLatin1String("-")) {
        m_sourceName = QStringLiteral("<stdin>");
        if (!m_file.open(stdin, QIODevice::ReadOnly)) {
            *usage = false;
            *error = QStringLiteral("cannot read stdin: ") + m_file.errorString();
            return false;
        }
        return true;
    }
    m_sourceName = path;
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadOnly)) {
        *usage = false;
        *error = path + QStringLiteral(": cannot open: ") + m_file.errorString();
        return false;
    }
    return true;
}

bool KeyReader::fill()
{
    if (m_eof)
        return false;
    if (m_pos > 0) {
        m_buffer.remove(0, m_pos);
        m_pos = 0;
    }
    const qsizetype old = m_buffer.size();
    m_buffer.resize(old + kBlock);
    const qint64 n = m_file.read(m_buffer.data() + old, kBlock);
    if (n < 0) {
        m_readError = m_sourceName + QStringLiteral(": read error: ") + m_file.errorString();
        m_buffer.resize(old);
        m_eof = true;
        return false;
    }
    m_buffer.resize(old + n);
    if (n == 0)
        m_eof = true;
    return n > 0;
}

KeyReader::Next KeyReader::next(QByteArrayView *key, qint64 *line)
{
    if (!m_fromFile) {
        if (m_keyIndex >= m_keys.size())
            return Next::End;
        m_current = m_keys.at(m_keyIndex).toUtf8();
        *line = ++m_keyIndex;
        *key = QByteArrayView(m_current);
        return Next::Key;
    }
    while (m_discarding) {
        const qsizetype e = m_buffer.indexOf('\n', m_pos);
        if (e >= 0) {
            m_pos = e + 1;
            m_discarding = false;
        } else {
            m_pos = m_buffer.size();
            if (!fill())
                return Next::End;
        }
    }
    for (;;) {
        qsizetype nl = m_buffer.indexOf('\n', m_pos);
        while (nl < 0) {
            if (m_buffer.size() - m_pos > maxKeyBytes) {
                *line = ++m_line;
                m_pos = m_buffer.size();
                m_discarding = true;
                return Next::TooLong;
            }
            if (!fill()) {
                if (m_pos >= m_buffer.size())
                    return Next::End;
                nl = m_buffer.size(); // last line without a newline
                break;
            }
            nl = m_buffer.indexOf('\n', m_pos);
        }
        const qsizetype start = m_pos;
        qsizetype end = nl;
        m_pos = nl < m_buffer.size() ? nl + 1 : nl;
        ++m_line;
        if (end > start && m_buffer.at(end - 1) == '\r')
            --end;
        if (end == start)
            continue; // empty line
        if (end - start > maxKeyBytes) {
            *line = m_line;
            return Next::TooLong;
        }
        // A view into the buffer: fill() only runs inside next(), so it stays valid until then.
        *key = QByteArrayView(m_buffer.constData() + start, end - start);
        *line = m_line;
        return Next::Key;
    }
}

} // namespace sp::cli
