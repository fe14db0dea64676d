#pragma once
// Exact values: how the migration engine carries one stored column value between servers, bit for bit.
//
// The copy's reader (ExactReader, which selects each column in an exact form on a session whose results
// are not converted: character_set_results=binary) and the binlog decoder (BinlogRowImage) produce the
// same QVariant for the same stored value, and Connection::sqlLiteral writes it back unchanged. Nothing
// on the way goes through text that rounds (the text protocol prints FLOAT with 6 digits) or through a
// character set conversion.
//
//   NULL                          an invalid QVariant ('' is a valid, empty QByteArray)
//   TINYINT..BIGINT               qlonglong (signed) / qulonglong (UNSIGNED)
//   YEAR                          qlonglong: 0 or 1901..2155
//   FLOAT                         float (QMetaType::Float): the stored 32 bits
//   DOUBLE                        double: the stored 64 bits
//   DECIMAL(p,s)                  QString as the server prints it: "-12.50" (s fraction digits, no
//                                 leading zeros, zero without a sign)
//   DATE                          QString "YYYY-MM-DD" (zero dates and zero parts kept: "0000-00-00")
//   DATETIME(n), TIMESTAMP(n)     QString "YYYY-MM-DD HH:MM:SS" plus "." and n digits when n > 0;
//                                 TIMESTAMP in UTC (every engine session runs with time_zone '+00:00')
//   TIME(n)                       QString "[-]HH:MM:SS" (hours 2 or 3 digits) plus "." and n digits
//   ENUM                          qulonglong: the value's index (1-based; 0 is the error value '')
//   SET                           qulonglong: the bitmask of its members
//   BIT(n)                        QByteArray: (n + 7) / 8 bytes, big-endian
//   CHAR, VARCHAR, TEXT (any character set), BINARY, VARBINARY, BLOB, JSON, GEOMETRY (4-byte SRID then
//   WKB, the server's internal form)
//                                 QByteArray: the stored bytes, never converted. CHAR without its
//                                 trailing spaces (SELECT and the binlog both drop them), BINARY(n)
//                                 with its trailing 0x00 bytes (n bytes).
//
// Sharding keys are routed from these values: a string key's bytes must be UTF-8 (utf8mb3, utf8mb4 or
// ascii columns; T0 refuses other character sets for a sharding column).
