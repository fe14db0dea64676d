#pragma once
// The row hash verification compares (docs/design.md, "Checksums"; docs/migration.md, "Verification"):
// computed by each server from an exact form of every column (FLOAT through DOUBLE, strings and BLOBs as
// their bytes, ENUM/SET as numbers, temporal and DECIMAL values as their full text), bytes with their length
// and NULL as a mark of its own, so any change of stored bits changes the row's hash, NULL differs from '',
// and columns of different character sets can be hashed together (rowSql: one injective string per row).
#include "core/migration/MoveSet.h"

namespace sp::migration {

enum class RowHashKind
{
    Crc,   // CRC32 + CRC32C of the row (64 bits; sound against accidental change, both linear)
    Strong // SHA2-256 of the row, 128 of its bits compared (against a deliberate edit; costs more)
};

QString rowSql(const TableInfo &info); // the row as one binary string
// Two unsigned 64-bit (Crc: 32-bit) numbers per row: "CRC32(row), CRC32C(row)" or two SHA2 halves.
QString rowHashSql(const TableInfo &info, RowHashKind kind = RowHashKind::Crc);
// "SELECT COUNT(*), SUM(..) [, SUM(..)] FROM " (the table and WHERE follow); the sums are exact DECIMALs.
// Crc: one sum of CRC32(row) | CRC32C(row) << 32 (64 bits per row); Strong: the sums of both SHA2 halves.
// Compare every column of the answer (their number depends on the kind).
QString sumsSql(const TableInfo &info, RowHashKind kind = RowHashKind::Crc);
// Adds decimal sums as the servers print them (exact, beyond 64 bits).
QString addDecimal(const QString &a, const QString &b);

} // namespace sp::migration
