#include "core/migration/StaleWrites.h"

#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"

#include <QCryptographicHash>
#include <QStringDecoder>

namespace sp::migration {

QString rowState(const TableInfo &info, const QList<QVariant> *row)
{
    if (!row)
        return QStringLiteral("-");
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QVariant &v : writableValues(info, *row)) {
        if (!v.isValid() || v.isNull()) {
            h.addData(QByteArrayView("n;"));
            continue;
        }
        h.addData(keyId(Key{v})); // tag, length, bytes
        h.addData(QByteArrayView(";"));
    }
    return QStringLiteral("r:") + QString::fromLatin1(h.result().toHex());
}

static int targetOf(const MoveSet &moves, const MoveUnit &u, const QList<QVariant> &row, QString *error, bool *ok)
{
    *ok = true;
    if (row.isEmpty() || u.info.shardColumn < 0 || !row.value(u.info.shardColumn).isValid())
        return -1;
    const RowRoute rr = moves.route(u, row);
    if (!rr.ok) {
        *error = rr.error;
        *ok = false;
        return -1;
    }
    return rr.targets.isEmpty() ? -1 : rr.targets.first();
}

bool staleSightings(const MoveSet &moves, const MoveUnit &u, const QList<QVariant> &before,
                    const QList<QVariant> &after, QList<StaleSighting> *out, QString *error)
{
    bool ok = true;
    const int tb = targetOf(moves, u, before, error, &ok);
    if (!ok)
        return false;
    const int ta = targetOf(moves, u, after, error, &ok);
    if (!ok)
        return false;
    if (tb < 0 && ta < 0)
        return true; // neither image is a moved row: a write the new config also sends here
    Key kb, ka;
    if (!before.isEmpty() && !keyOf(u.info, before, &kb)) {
        *error = QStringLiteral("%1: a row without a key").arg(u.source.toString());
        return false;
    }
    if (!after.isEmpty() && !keyOf(u.info, after, &ka)) {
        *error = QStringLiteral("%1: a row without a key").arg(u.source.toString());
        return false;
    }
    const bool sameKey = !before.isEmpty() && !after.isEmpty() && keyId(kb) == keyId(ka);
    auto add = [&](const Key &key, int t, const QList<QVariant> *b, const QList<QVariant> *a) {
        StaleSighting s;
        s.unit = u.id;
        s.target = t;
        s.source = u.source.toString();
        s.targetNode = u.targets.at(t).node.toString();
        s.key = encodeKey(key);
        s.keyText = keyText(u.info, key);
        s.before = rowState(u.info, b);
        s.after = rowState(u.info, a);
        out->append(s);
    };
    if (!before.isEmpty()) {
        for (int t : {tb, sameKey && ta != tb ? ta : -1}) {
            if (t < 0)
                continue;
            add(kb, t, tb == t ? &before : nullptr, sameKey && ta == t ? &after : nullptr);
        }
    }
    if (!after.isEmpty() && !sameKey && ta >= 0)
        add(ka, ta, nullptr, &after);
    return true;
}

QString rowForPeople(const TableInfo &info, const QList<QVariant> &row)
{
    QStringList parts;
    for (int i = 0; i < row.size() && i < info.cols.size(); ++i) {
        const QVariant &v = row.at(i);
        QString text;
        if (!v.isValid() || v.isNull()) {
            text = QStringLiteral("NULL");
        } else if (v.typeId() == QMetaType::QByteArray) {
            const QByteArray b = v.toByteArray();
            QStringDecoder d(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
            const QString s = d(b);
            if (!d.hasError() && !s.contains(QChar(0)))
                text = QLatin1Char('\'') + (s.size() > 40 ? s.left(40) + QStringLiteral("...") : s) + QLatin1Char('\'');
            else
                text = QStringLiteral("0x") + QString::fromLatin1(b.left(20).toHex().toUpper()) +
                       (b.size() > 20 ? QStringLiteral("...") : QString());
        } else if (v.typeId() == QMetaType::Float) {
            text = QString::number(v.toFloat(), 'g', 9);
        } else if (v.typeId() == QMetaType::Double) {
            text = QString::number(v.toDouble(), 'g', 17);
        } else {
            text = v.toString();
        }
        parts.append(info.cols.at(i).name + QLatin1Char('=') + text);
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace sp::migration
