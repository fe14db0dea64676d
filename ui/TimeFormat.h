#pragma once
#include <QDateTime>
#include <QString>

namespace sp::ui {

// How the console shows a point in time: local time as ISO 8601 ("2024-05-01 13:45"), the same in
// every language (the history page shows dates as yyyy-MM-dd too). QLocale's formats follow the
// chosen UI language, so choosing English would turn a German "01.05.24 13:45" into "5/1/24 1:45 PM".
// Core's instants inside console sentences are shown this way too (CoreText::timeOrText).
inline QString timestampText(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
}

// The same to the second, where seconds matter: the audit log of a run (what ran when), the
// run's own log lines.
inline QString timestampSecondsText(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

} // namespace sp::ui
