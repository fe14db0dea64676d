#pragma once
#include "core/config/Text.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringView>

#include <cstdint>
#include <optional>

namespace sp::planning {

// What a hash term is computed over: MySQL CRC32(col) of the UTF-8 bytes, or the column's
// integer value (MOD).
enum class HashInput { Crc32, Value };

// One condition on the sharding column. Residue: lo <= (f(col) DIV divisor) % modulus <= hi, the
// remainder never negative (MOD reads BigInteger.mod; the SQL adds the modulus for negative values).
// Ranges: f(col) BETWEEN a AND b for one of the inclusive ranges (CRC32 ring arcs).
struct HashTerm
{
    enum class Kind { Residue, Ranges };
    Kind kind = Kind::Residue;
    QString column;
    HashInput input = HashInput::Crc32;
    quint32 divisor = 1;
    quint32 modulus = 1;
    quint32 lo = 0;
    quint32 hi = 0;
    QList<QPair<quint32, quint32>> ranges;

    bool matchesHash(quint64 x) const;          // x = f(col)
    QString sql() const;                        // MariaDB/MySQL text, column quoted with backticks
    QJsonObject toJson() const;
    static std::optional<HashTerm> fromJson(const QJsonObject &o, QString *error);
    friend bool operator==(const HashTerm &a, const HashTerm &b);
};

// The rows of one source data node that move to one target data node.
//   Sql:    the conjunction of `terms`, pushed down to SQL (sql()).
//   Client: no SQL equivalent (HASH_MOD, INLINE, ...): the migration streams the sharding column in
//           primary-key chunks and keeps a row when the OLD config routes it to the source node and
//           the NEW config routes it to the target node (sp::Router on both configs).
//   All:    every row (broadcast tables copied whole).
struct MovePredicate
{
    enum class Kind { Sql, Client, All };
    Kind kind = Kind::Sql;
    QList<HashTerm> terms;
    QString column;      // sharding column (Client and Sql)
    QString clientNote;  // Client: why there is no SQL form
    Text clientNoteText; // clientNote as template and arguments (JSON "noteText"; not compared)
    void setClientNote(const Text &why)
    {
        clientNote = why.text;
        clientNoteText = why;
    }

    QString sql() const; // "1=1" for All; empty for Client
    // Evaluates the Sql form for one key in C++ (key as the application passes it; CRC32 over its
    // UTF-8 bytes, or its integer value for Value terms). nullopt for Client predicates or when a
    // Value term meets a non-integer key.
    std::optional<bool> matches(QStringView key) const;

    QJsonObject toJson() const;
    static std::optional<MovePredicate> fromJson(const QJsonObject &o, QString *error);
    friend bool operator==(const MovePredicate &a, const MovePredicate &b);
    friend bool operator!=(const MovePredicate &a, const MovePredicate &b) { return !(a == b); }
};

QString kindName(MovePredicate::Kind k);
QString quoteIdent(const QString &name); // `name` with backticks doubled

// Merges adjacent and overlapping inclusive ranges (input in any order).
QList<QPair<quint32, quint32>> mergeRanges(QList<QPair<quint32, quint32>> ranges);

} // namespace sp::planning
