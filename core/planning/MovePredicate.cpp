#include "core/planning/MovePredicate.h"

#include "core/routing/Hash.h"

#include <QJsonArray>

#include <algorithm>

namespace sp::planning {

QString quoteIdent(const QString &name)
{
    QString n = name;
    n.replace(QLatin1Char('`'), QStringLiteral("``"));
    return QLatin1Char('`') + n + QLatin1Char('`');
}

QString kindName(MovePredicate::Kind k)
{
    switch (k) {
    case MovePredicate::Kind::Sql: return QStringLiteral("sql");
    case MovePredicate::Kind::Client: return QStringLiteral("client");
    case MovePredicate::Kind::All: return QStringLiteral("all");
    }
    return QString();
}

QList<QPair<quint32, quint32>> mergeRanges(QList<QPair<quint32, quint32>> ranges)
{
    std::sort(ranges.begin(), ranges.end());
    QList<QPair<quint32, quint32>> out;
    for (const auto &r : ranges) {
        if (!out.isEmpty() && quint64(r.first) <= quint64(out.last().second) + 1)
            out.last().second = std::max(out.last().second, r.second);
        else
            out << r;
    }
    return out;
}

bool HashTerm::matchesHash(quint64 x) const
{
    if (kind == Kind::Ranges) {
        for (const auto &r : ranges)
            if (x >= r.first && x <= r.second)
                return true;
        return false;
    }
    const quint64 d = divisor == 0 ? 1 : divisor;
    const quint64 m = modulus == 0 ? 1 : modulus;
    const quint64 residue = (x / d) % m;
    return residue >= lo && residue <= hi;
}

// MOD reads the key as the application passes it, new BigInteger(text): an optional sign and ASCII
// digits, any number of them (core/routing decimalFloorMod). The server must compute the same
// remainder: `col % n` converts a string column through DOUBLE (wrong past 2^53, e.g. snowflake ids
// in VARCHAR), so the value is CAST to DECIMAL(65,0), exact for every integer column type and for
// text, and only text the router reads as an integer is evaluated (CASE: nothing else is cast, so no
// warning either). REGEXP's $ also matches before a final newline, hence the last character's check.
// Text of more than 65 significant digits matches no pair (the router places it: T2's predicate
// check stops such a run; docs/migration.md, Limits).
static QString exactValueExpr(const QString &column, quint64 period)
{
    const QString c = quoteIdent(column);
    const QString p = QString::number(period);
    return QStringLiteral("(CASE WHEN %1 REGEXP '^[-+]?0*[0-9]{1,65}$' AND ASCII(RIGHT(%1, 1)) BETWEEN 48 AND 57 "
                          "THEN (CAST(%1 AS DECIMAL(65,0)) % %2 + %2) % %2 END)")
        .arg(c, p);
}

// The remainder modulo `period` of a key the router reads as an integer (sign, ASCII digits, any
// length); nullopt for anything else and, as in the SQL, past 65 significant digits.
static std::optional<quint64> exactValueRemainder(QStringView key, quint64 period)
{
    qsizetype i = 0;
    bool negative = false;
    if (!key.isEmpty() && (key.at(0) == QLatin1Char('-') || key.at(0) == QLatin1Char('+'))) {
        negative = key.at(0) == QLatin1Char('-');
        i = 1;
    }
    if (i == key.size())
        return std::nullopt;
    unsigned __int128 r = 0;
    int significant = 0;
    for (; i < key.size(); ++i) {
        const char16_t ch = key.at(i).unicode();
        if (ch < u'0' || ch > u'9')
            return std::nullopt;
        if (significant > 0 || ch != u'0')
            ++significant;
        r = (r * 10u + unsigned(ch - u'0')) % period;
    }
    if (significant > 65)
        return std::nullopt;
    if (negative && r != 0)
        r = period - r;
    return quint64(r);
}

QString HashTerm::sql() const
{
    const QString f = input == HashInput::Crc32 ? QStringLiteral("CRC32(") + quoteIdent(column) + QLatin1Char(')')
                                                : quoteIdent(column);
    if (kind == Kind::Ranges) {
        QStringList parts;
        for (const auto &r : ranges) {
            if (r.first == r.second)
                parts << f + QStringLiteral(" = ") + QString::number(r.first);
            else
                parts << f + QStringLiteral(" BETWEEN ") + QString::number(r.first) + QStringLiteral(" AND ")
                             + QString::number(r.second);
        }
        if (parts.isEmpty())
            return QStringLiteral("1=0");
        if (parts.size() == 1)
            return parts.first();
        return QLatin1Char('(') + parts.join(QStringLiteral(" OR ")) + QLatin1Char(')');
    }
    const QString n = QString::number(modulus);
    QString expr;
    if (input == HashInput::Value) {
        // MOD's remainder is BigInteger.mod, never negative (SQL's % keeps the sign): the value modulo
        // divisor x modulus, made non-negative, then divided.
        const quint64 period = quint64(divisor ? divisor : 1) * quint64(modulus ? modulus : 1);
        const QString v = exactValueExpr(column, period);
        expr = divisor > 1 ? QLatin1Char('(') + v + QStringLiteral(" DIV ") + QString::number(divisor) + QLatin1Char(')') : v;
        if (lo == 0 && hi + 1 >= modulus)
            return v + QStringLiteral(" IS NOT NULL"); // every remainder: every key the router reads
    } else {
        const QString base = divisor > 1 ? QLatin1Char('(') + f + QStringLiteral(" DIV ") + QString::number(divisor)
                                               + QLatin1Char(')')
                                         : f;
        expr = base + QStringLiteral(" % ") + n;
    }
    if (lo == 0 && hi + 1 >= modulus)
        return QStringLiteral("1=1");
    if (lo == hi)
        return expr + QStringLiteral(" = ") + QString::number(lo);
    if (hi + 1 == modulus)
        return expr + QStringLiteral(" >= ") + QString::number(lo);
    if (lo == 0)
        return expr + QStringLiteral(" <= ") + QString::number(hi);
    return expr + QStringLiteral(" BETWEEN ") + QString::number(lo) + QStringLiteral(" AND ") + QString::number(hi);
}

QJsonObject HashTerm::toJson() const
{
    QJsonObject o;
    o[QStringLiteral("kind")] = kind == Kind::Residue ? QStringLiteral("residue") : QStringLiteral("ranges");
    o[QStringLiteral("column")] = column;
    o[QStringLiteral("input")] = input == HashInput::Crc32 ? QStringLiteral("crc32") : QStringLiteral("value");
    if (kind == Kind::Residue) {
        o[QStringLiteral("divisor")] = double(divisor);
        o[QStringLiteral("modulus")] = double(modulus);
        o[QStringLiteral("lo")] = double(lo);
        o[QStringLiteral("hi")] = double(hi);
    } else {
        QJsonArray arr;
        for (const auto &r : ranges)
            arr.append(QJsonArray{double(r.first), double(r.second)});
        o[QStringLiteral("ranges")] = arr;
    }
    o[QStringLiteral("sql")] = sql(); // informative; recomputed on load
    return o;
}

static bool readU32(const QJsonObject &o, const char *key, quint32 *out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d > 4294967295.0 || d != double(quint64(d))) {
        if (error)
            *error = QStringLiteral("term field '%1' must be an integer in [0, 2^32)").arg(QLatin1String(key));
        return false;
    }
    *out = quint32(quint64(d));
    return true;
}

std::optional<HashTerm> HashTerm::fromJson(const QJsonObject &o, QString *error)
{
    HashTerm t;
    const QString kind = o.value(QStringLiteral("kind")).toString();
    const QString input = o.value(QStringLiteral("input")).toString();
    t.column = o.value(QStringLiteral("column")).toString();
    if (t.column.isEmpty()) {
        if (error)
            *error = QStringLiteral("term without column");
        return std::nullopt;
    }
    if (input == QLatin1String("crc32"))
        t.input = HashInput::Crc32;
    else if (input == QLatin1String("value"))
        t.input = HashInput::Value;
    else {
        if (error)
            *error = QStringLiteral("unknown term input '%1'").arg(input);
        return std::nullopt;
    }
    if (kind == QLatin1String("residue")) {
        t.kind = Kind::Residue;
        if (!readU32(o, "divisor", &t.divisor, error) || !readU32(o, "modulus", &t.modulus, error)
            || !readU32(o, "lo", &t.lo, error) || !readU32(o, "hi", &t.hi, error))
            return std::nullopt;
        if (t.divisor == 0 || t.modulus == 0 || t.lo > t.hi) {
            if (error)
                *error = QStringLiteral("residue term needs divisor > 0, modulus > 0 and lo <= hi");
            return std::nullopt;
        }
    } else if (kind == QLatin1String("ranges")) {
        t.kind = Kind::Ranges;
        const QJsonArray arr = o.value(QStringLiteral("ranges")).toArray();
        for (const QJsonValue &v : arr) {
            const QJsonArray pair = v.toArray();
            const double a = pair.at(0).toDouble(-1), b = pair.at(1).toDouble(-1);
            if (pair.size() != 2 || a < 0 || b < a || b > 4294967295.0) {
                if (error)
                    *error = QStringLiteral("bad range in ranges term");
                return std::nullopt;
            }
            t.ranges << qMakePair(quint32(a), quint32(b));
        }
    } else {
        if (error)
            *error = QStringLiteral("unknown term kind '%1'").arg(kind);
        return std::nullopt;
    }
    return t;
}

bool operator==(const HashTerm &a, const HashTerm &b)
{
    if (a.kind != b.kind || a.column != b.column || a.input != b.input)
        return false;
    if (a.kind == HashTerm::Kind::Ranges)
        return a.ranges == b.ranges;
    return a.divisor == b.divisor && a.modulus == b.modulus && a.lo == b.lo && a.hi == b.hi;
}

QString MovePredicate::sql() const
{
    if (kind == Kind::All)
        return QStringLiteral("1=1");
    if (kind == Kind::Client)
        return QString();
    if (terms.isEmpty())
        return QStringLiteral("1=1");
    QStringList parts;
    for (const auto &t : terms)
        parts << t.sql();
    return parts.join(QStringLiteral(" AND "));
}

std::optional<bool> MovePredicate::matches(QStringView key) const
{
    if (kind == Kind::All)
        return true;
    if (kind == Kind::Client)
        return std::nullopt;
    std::optional<quint32> crc;
    for (const auto &t : terms) {
        quint64 x = 0;
        if (t.input == HashInput::Crc32) {
            if (!crc)
                crc = hash::crc32(key);
            x = *crc;
        } else {
            // MOD reads new BigInteger(value).mod(n): never negative, any number of digits. The period
            // d x n keeps every residue of the term.
            const quint64 period = quint64(t.divisor ? t.divisor : 1) * quint64(t.modulus ? t.modulus : 1);
            const auto r = exactValueRemainder(key, period);
            if (!r)
                return std::nullopt;
            x = *r;
        }
        if (!t.matchesHash(x))
            return false;
    }
    return true;
}

QJsonObject MovePredicate::toJson() const
{
    QJsonObject o;
    o[QStringLiteral("kind")] = kindName(kind);
    o[QStringLiteral("column")] = column;
    if (kind == Kind::Sql) {
        QJsonArray arr;
        for (const auto &t : terms)
            arr.append(t.toJson());
        o[QStringLiteral("terms")] = arr;
    }
    if (kind != Kind::Client)
        o[QStringLiteral("sql")] = sql();
    if (!clientNote.isEmpty())
        o[QStringLiteral("note")] = clientNote;
    if (clientNoteText.isTranslatable() && clientNoteText.text == clientNote)
        o[QStringLiteral("noteText")] = textToJson(clientNoteText);
    return o;
}

std::optional<MovePredicate> MovePredicate::fromJson(const QJsonObject &o, QString *error)
{
    MovePredicate p;
    const QString kind = o.value(QStringLiteral("kind")).toString();
    if (kind == QLatin1String("sql"))
        p.kind = Kind::Sql;
    else if (kind == QLatin1String("client"))
        p.kind = Kind::Client;
    else if (kind == QLatin1String("all"))
        p.kind = Kind::All;
    else {
        if (error)
            *error = QStringLiteral("unknown predicate kind '%1'").arg(kind);
        return std::nullopt;
    }
    p.column = o.value(QStringLiteral("column")).toString();
    p.clientNote = o.value(QStringLiteral("note")).toString();
    p.clientNoteText = textOf(p.clientNote, textFromJson(o.value(QStringLiteral("noteText"))));
    const QJsonArray arr = o.value(QStringLiteral("terms")).toArray();
    for (const QJsonValue &v : arr) {
        auto t = HashTerm::fromJson(v.toObject(), error);
        if (!t)
            return std::nullopt;
        p.terms << *t;
    }
    return p;
}

bool operator==(const MovePredicate &a, const MovePredicate &b)
{
    return a.kind == b.kind && a.terms == b.terms && a.column == b.column && a.clientNote == b.clientNote;
}

} // namespace sp::planning
