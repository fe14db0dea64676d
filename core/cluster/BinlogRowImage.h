#pragma once
// Internal to core/cluster: the value level of BinlogDecoder - a bounds-checked reader over event bytes,
// column type metadata and the decoding of one column value of a row image.
#include "core/cluster/BinlogEvent.h"

#include <QByteArray>
#include <QVariant>

#include <optional>

namespace sp::binlog {

// Bounds-checked little/big-endian reader over one event. A read past the end sets !ok and returns 0.
class Cursor
{
public:
    Cursor(const uchar *begin, const uchar *end) : m_p(begin), m_end(end) {}
    bool ok() const { return m_ok; }
    bool atEnd() const { return m_p >= m_end; }
    qsizetype left() const { return m_end - m_p; }
    const uchar *pos() const { return m_p; }
    bool need(qsizetype n)
    {
        if (n < 0 || m_end - m_p < n)
            m_ok = false;
        return m_ok;
    }
    void skip(qsizetype n)
    {
        if (need(n))
            m_p += n;
    }
    quint64 le(int n)
    {
        if (!need(n))
            return 0;
        quint64 v = 0;
        for (int i = n - 1; i >= 0; --i)
            v = (v << 8) | m_p[i];
        m_p += n;
        return v;
    }
    quint64 be(int n)
    {
        if (!need(n))
            return 0;
        quint64 v = 0;
        for (int i = 0; i < n; ++i)
            v = (v << 8) | m_p[i];
        m_p += n;
        return v;
    }
    quint64 lenenc()
    {
        const quint64 first = le(1);
        if (first < 251)
            return first;
        if (first == 252)
            return le(2);
        if (first == 253)
            return le(3);
        if (first == 254)
            return le(8);
        m_ok = false; // 251 is NULL, 255 invalid: neither belongs in an event
        return 0;
    }
    QByteArray bytes(qsizetype n)
    {
        if (!need(n))
            return {};
        QByteArray out(reinterpret_cast<const char *>(m_p), n);
        m_p += n;
        return out;
    }

private:
    const uchar *m_p;
    const uchar *m_end;
    bool m_ok = true;
};

// "int", "varchar", "datetime2", ... for a binlog column type (realType for CHAR/ENUM/SET).
QString typeName(int type, int realType);
// Bytes of type metadata a column of this type has in the TABLE_MAP event.
int metaSize(int type);
// Columns the SIGNEDNESS metadata counts.
bool isNumeric(int type);
// Columns the charset metadata counts (ENUM/SET have their own list).
bool isCharacter(const BinlogColumn &c);
// Real type and maximum byte length of a CHAR/ENUM/SET column from its two metadata bytes.
void splitStringMeta(quint16 meta, int *realType, int *length);
// Why a column of this type and metadata cannot be decoded (old temporal formats, MySQL's binary JSON,
// unknown types, impossible metadata); nullopt when it can. A table with such a column is refused whole,
// NULLs included: the width of its values is unknown, so nothing after one could be trusted.
std::optional<QString> unsupported(const BinlogColumn &col);
// One non-NULL value of `col` at the cursor, as core/cluster/ExactValue.h defines it: the stored bits,
// never converted (text columns are their bytes in the column's own character set). nullopt with `why`
// for a type it does not decode or a value it cannot read.
std::optional<QVariant> decodeValue(Cursor &c, const BinlogColumn &col, QString *why);

} // namespace sp::binlog
