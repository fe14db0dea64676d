#pragma once
#include "core/cluster/Connection.h"

#include <optional>

namespace sp::migration {

// The plan's bytes come from information_schema.TABLES (DATA_LENGTH + INDEX_LENGTH), which InnoDB
// fills from its persistent statistics: the pages of the table's indexes, off-page BLOB pages
// included, as counted at the last recalculation. That happens after ANALYZE TABLE or when more than
// 16 + n/10 rows changed since, so multi-MB BLOBs written into a few rows are not in it (a table of
// 375 rows that gained 8 MiB of BLOBs still said 0.1 MiB). The tablespace file has them now.
//
// Bytes of `schema`.`table`'s file-per-table tablespace on disk (INNODB_SYS_TABLESPACES.FILE_SIZE:
// data, indexes and free pages), nullopt when there is none (shared tablespace, another engine) or
// the account may not read it (PROCESS).
std::optional<qint64> tablespaceBytes(Connection &c, const QString &schema, const QString &table);

} // namespace sp::migration
