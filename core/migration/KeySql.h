#pragma once
// Row keys of any type (docs/migration.md, "Keys"): the values of a table's key columns (TableInfo::pk),
// exact as core/cluster/ExactValue.h describes them. Keys are compared and ordered by the server, in
// each column's own collation, never by the client in another one (a client-side comparison in another
// collation drops events: Vitess #6622). Only keys made of integers alone are compared here.
#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"

#include <optional>

namespace sp::migration {

using Key = QList<QVariant>; // one value per TableInfo::pk column, in key order

// The key of a row whose values are in TableInfo::columns order; false when a key value is NULL.
bool keyOf(const TableInfo &info, const QList<QVariant> &row, Key *out);
// The key read with exactKeyList (ExactRows.h) on an exact session, starting at column `first` of
// `row`, in ExactValue form.
bool exactKeyOf(const TableInfo &info, const QList<QVariant> &row, int first, Key *out, QString *error);

// A literal the server compares with column `c` exactly as it compares the column's own values: an
// integer, an exact double ("1.2345670461654663e+00"), a DECIMAL's digits, CAST('...' AS DATETIME(6))
// for temporal values, an ENUM's index, and for strings the bytes in the column's character set and
// collation (_gbk X'C4E3' COLLATE gbk_chinese_ci). No escaping is involved.
QString keyLiteral(const ColumnInfo &c, const QVariant &v);

// The table's key compared with `key`: "`id` > 17", or for several columns the lexicographic order
// spelled out so the server can use the index: "(`a` > x) OR (`a` = x AND `b` > y)". op: > >= < <=.
QString keyCompare(const TableInfo &info, const Key &key, const char *op);
QString keyEquals(const TableInfo &info, const Key &key); // "`a` = x AND `b` = y"
QString keyIn(const TableInfo &info, const QList<Key> &keys); // "`id` IN (..)" or "(`a`,`b`) IN ((..),(..))"

// The order of keys as the server orders them.
class KeyOrder final
{
public:
    explicit KeyOrder(const TableInfo &info) : m_info(&info) {}
    // Integer keys are ordered here; others need the server (atOrBelow with a connection).
    bool clientSide() const { return m_info->integerKey(); }
    int compare(const Key &a, const Key &b) const; // clientSide() only: -1, 0, 1
    // For each of `keys`: key <= bound. One query on `c` unless clientSide(). nullopt: c.lastError().
    std::optional<QList<bool>> atOrBelow(Connection &c, const QList<Key> &keys, const Key &bound) const;
    // The smaller of two keys (server-side unless clientSide()).
    std::optional<Key> min(Connection &c, const Key &a, const Key &b) const;

private:
    const TableInfo *m_info;
};

// Identity of a key's stored values (byte-exact: 'a' and 'A' differ even where a collation makes them
// equal), for maps and sets.
QByteArray keyId(const Key &key);
// For people: "17", "3,17", "'abc'", "0x00FF", "'2024-01-01 10:00:00'".
QString keyText(const TableInfo &info, const Key &key);
// For storage (copy checkpoints, the journal's purge position): JSON with a type tag per value.
// decodeKey also reads the integer form of earlier versions ("3,17").
QString encodeKey(const Key &key);
std::optional<Key> decodeKey(const QString &text);

} // namespace sp::migration
