#pragma once
#include <QByteArray>
#include <QIODevice>

#include <cstdio>

namespace sp::cli {

// What shardctl prints goes through this device: every unsafe character (sp::isUnsafeChar: C0
// controls but the line feed, DEL, C1 controls, line/paragraph separators, bidi controls) is
// written escaped, so a name from a config cannot send an escape sequence to the terminal, return
// the cursor or reorder a line. Text: \xNN (\uNNNN above U+00FF); JSON: \uNNNN, which is the same
// string to a JSON reader (the only raw control characters JSON output holds are inside strings).
class SafeOutput final : public QIODevice
{
public:
    SafeOutput(FILE *file, bool json);
    ~SafeOutput() override;

    bool isSequential() const override { return true; }
    // Static so tests can check the filter on bytes: `pending` keeps an incomplete UTF-8 sequence
    // at the end of `data` for the next call (final: write it escaped).
    static QByteArray filter(const QByteArray &data, bool json, QByteArray *pending, bool final = false);

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 len) override;

private:
    FILE *m_file;
    bool m_json;
    QByteArray m_pending;
};

} // namespace sp::cli
