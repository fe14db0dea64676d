#include "core/migration/CopyErrors.h"

#include <QRegularExpression>

namespace sp::migration {

QString duplicateKeyHint(const QString &serverMessage)
{
    static const QRegularExpression re(QStringLiteral("Duplicate entry '(.*)' for key '([^']*)'"),
                                       QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = re.match(serverMessage);
    QString key = m.hasMatch() ? m.captured(2) : QString();
    if (const qsizetype dot = key.lastIndexOf(QLatin1Char('.')); dot >= 0)
        key = key.mid(dot + 1); // MySQL 8 names the key with its table
    if (!m.hasMatch() || key.compare(QLatin1String("PRIMARY"), Qt::CaseInsensitive) == 0)
        return QStringLiteral(
            " (the primary keys of the tables moving into this target collide: the sources, or the "
            "target's own rows, use the same key values; give every data node its own key range, "
            "e.g. auto_increment_increment/auto_increment_offset per server, then roll back and run "
            "again)");
    return QStringLiteral(
               " (the unique key %1 of the target already holds the value '%2': a row from another source, "
               "or one of the target's own rows, has the same value as this copied row. The copy never "
               "overwrites or drops a row: find both rows by that value, make the value unique where the "
               "rows come from, then roll back and run again)")
        .arg(QLatin1Char('`') + key + QLatin1Char('`'), m.captured(1).left(200));
}

} // namespace sp::migration
