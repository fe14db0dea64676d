#include "ui/CoreText.h"

#include "ui/TimeFormat.h"

#include <QHash>
#include <QRegularExpression>

namespace sp::ui {

namespace {

// Every template core builds with sp::msg(), as core writes it: lupdate takes them from here into
// the .ts files. gui.coretext fails when core uses a template this table lacks.
const char *const kTemplates[] = {
    // the run kinds' step titles (core/migration/run/RunKind.cpp; "Observe" is a plan step's too)
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Preflight and create targets"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Start change capture"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Backfill existing rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Catch up"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Stop writes"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Verify"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Switch the config"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Resume writes"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Purge moved rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Check the servers"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Seed the new instances"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Replicate old to new"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Replicate back (from the switch)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Interleave AUTO_INCREMENT"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Wait for lag 0"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Cut replication"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Purge the other half"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "High availability"),
    // the loader (core/config)
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "too many data nodes in total"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data node '%1' of table '%2' is not 'datasource.table'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "cannot tell how many tables algorithm '%1' (%2) creates for auto table '%3'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Auto tables need sharding-count, or a BOUNDARY_RANGE / VOLUME_RANGE / AUTO_INTERVAL "
                      "algorithm."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "auto table '%1' would have %2 tables"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 uses algorithm '%2', which is not defined"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Define it under %1."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 has no %2 and there is no %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "data node '%1' of table '%2' names data source '%3', which is not defined"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 uses key generator '%2', which is not defined"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the default database strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the default table strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "invalid YAML"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the text is %1 bytes; the limit is %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "A sharding configuration is never this deeply nested."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Add the closing quote."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "out of memory while parsing"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the file holds no configuration"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the document must be a map of settings"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "out of memory while reading the configuration"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 has no url"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Add %1: jdbc:mysql://host:3306/schema"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the url of %1 %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "ShardPilot connects with jdbc:mysql://host:port/schema or jdbc:mariadb://..."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "empty item between commas"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "nested lists and ranges inside a list are not supported"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "expression nested too deeply"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "'${' is never closed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unexpected '%1' in expression, expected '}'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a range needs integer bounds"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "range %1..%2 has more than %3 values"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "'/' is not supported (Groovy division yields decimals); use intdiv in algorithms"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "string too long"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "'%1' needs integer operands"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "modulo by zero"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "integer overflow"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "'-' needs an integer operand"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "expression ends unexpectedly"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "'(' is never closed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "unknown name '%1' (variables and method calls are not supported here)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unexpected '%1' in expression"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "number too large"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "decimal numbers are not supported"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "string is never closed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a list or range inside a quoted string is not supported"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "'[' is never closed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unexpected '%1' in list, expected ',' or ']'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Split the expression or check the range bounds."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Supported: ${0..3}, ${['a','b']}, ${[0, 2]}, $->{...}, literals, commas."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "inline expression is %1 characters long; the limit is %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "inline expression expands to more than %1 values"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "does not start with 'jdbc:'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "has no '://'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "is not a MySQL or MariaDB url ('%1')"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "has an unclosed '[' in the host"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "has text after the IPv6 address"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "has an IPv6 host without brackets"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "has no host"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "has an invalid port '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the document"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the document has no dataSources"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "List the data sources under dataSources:"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' is defined twice"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "rules must be a list of tagged rules (- !SHARDING ...)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a rule has no tag such as !SHARDING; it is ignored"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "rule %1 is not used by ShardPilot"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the document has no !SHARDING rule"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Add one under rules: - !SHARDING"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the sharding rule"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the default key generate strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the broadcast rule"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a table has an empty name"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table '%1' is configured twice"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Keep one rule per logic table."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "auto table '%1' has no %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 of %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 has both '%2' and '%3'; only one is allowed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 names no strategy (standard, complex, hint or none)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 has no %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 must be a list"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a binding group has no 'reference'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a binding group lists no tables"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "broadcast tables"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "broadcast tables must be a list"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a broadcast table"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "key generator '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "algorithm '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "props of %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 has no type"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "spring has no shardingsphere section"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "spring.shardingsphere has no datasource section"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "datasource names"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "spring.shardingsphere.datasource has no names"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Add names: db0,db1,..."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' is listed in names but has no properties"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' is not listed in names; Spring ignores it"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Add it to names or remove it."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "rule '%1' is not used by ShardPilot"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "spring.shardingsphere has no rules.sharding section"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a FIFO (named pipe)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a directory"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a device"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a socket"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "not a regular file"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "cannot read the file: %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "it is %1; give a regular file"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the file is %1 bytes; the limit is %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the file is larger than %1 bytes"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "indented %1 columns deep"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "nested more than %1 levels deep"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the quoted value starting here is never closed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "a second YAML document starts here; a sharding configuration is one document"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "ShardingSphere reads one YAML document per file. Keep the configuration's document "
                      "(for Spring Boot profiles, the active profile's settings) and remove the others."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the file is %1 text; ShardPilot reads UTF-8"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "a NUL byte is here; YAML text holds none (is the file UTF-16 without a byte-order mark, "
                      "or not text at all?)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "control character %1 is here; YAML allows only tab, line feed and carriage return"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "byte %1 here is not UTF-8"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Save the file as UTF-8 text (for example: iconv -f UTF-16 -t UTF-8)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "more than %1 problems; the rest are not shown"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the document has more than %1 nodes once aliases are followed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Check for aliases (*name) that repeat large blocks."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the document expands to more than %1 MiB of text once aliases are followed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Check for aliases (*name) that repeat large values."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 must be a map"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "a key in %1 is not a plain name"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unknown key '%1' in %2; did you mean '%3'?"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Rename it to '%1' if that was meant; otherwise it is ignored."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unknown key '%1' in %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "It is ignored."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 must be a single value"),
    // the linter (core/analysis)
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "not used by any table"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "used by %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "algorithm '%1' (%2) routes by Java hashCode(), which SQL cannot compute: rows that "
                      "move during an expansion cannot be found with a WHERE predicate (%3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Use CRC32_MOD instead: it has the SQL equivalent CRC32(col) % %1 (identical in "
                      "MySQL/MariaDB), so the rows to move are found by a predicate. Changing the algorithm"
                      " relocates existing rows, so do it as part of a migration."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "algorithm '%1' has type %2, which ShardPilot does not evaluate: routing previews, "
                      "reachability checks and expansion plans do not cover it (%3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "algorithm '%1' has unknown type '%2': routing previews do not cover it (%3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Evaluated types: %1. Check the routing of these tables on a staging cluster."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Check the spelling; ShardingSphere types are upper-case (MOD, HASH_MOD, INLINE, "
                      "CLASS_BASED, ...)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "algorithm '%1' (%2) is misconfigured: %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Fix its props; every key routed through it fails until then."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "algorithm '%1' uses %2, a ShardPilot extension that ShardingSphere does not ship"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "When exporting to ShardingSphere, provide a CLASS_BASED algorithm (a Java "
                      "StandardShardingAlgorithm computing the same %1) and reference its class in "
                      "props.algorithmClassName."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "CRC32 modulo"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "CRC32 ring lookup"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 is a %2 strategy, which routing previews do not evaluate"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Reachability and expansion plans only cover standard (single-column) strategies."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1, … (+%2 more)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "default database"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "default table"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "database"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "sharding"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the %1 strategy of %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the %1 strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Give the table strategy an algorithm independent of the database one. Spreading rows"
                      " over all %1 nodes (CRC32 % %1, as reference article 000 §3.6 assumes) needs e.g. "
                      "database CRC32_MOD sharding-count %2 and table CRC32_MOD sharding-count %3 with "
                      "divisor %2: database = CRC32 % %2, table = CRC32 DIV %2 % %3. Moving to it relocates"
                      " rows, so plan it as an expansion."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "routing previews of %1 cannot evaluate its algorithms: %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Reachability and expansion plans do not cover this table."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "only %1 of %2 data nodes of %3 can receive rows: %4 (the database and table "
                      "strategies both apply '%5' to %6, so the data source fixes the table)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "only %1 of %2 data nodes of %3 can receive rows: %4; never reached in %5 simulated "
                      "keys: %6"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "routing previews of %1 table(s) were not simulated: this lint's budget of %2 simulated "
                      "keys was spent on the tables before them (%3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Unreachable data nodes are not reported for these tables. Tables routed alike (same "
                      "modulo algorithms and layout) share one simulation; to cover the rest, lint a smaller "
                      "file or simulate fewer keys per table (shardctl lint --sample-keys)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "routing previews of %1 table(s) have more data nodes than the keys simulated per table "
                      "can reach one by one: unreachable nodes are not reported for them (%2)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "A table with tens of thousands of data nodes needs millions of keys; simulate more keys "
                      "per table (shardctl lint --sample-keys N) to check it."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Check sharding-count against the number of targets, the names' numeric suffixes, and"
                      " whether the table algorithm depends on the database one; or drop the unused nodes "
                      "from actualDataNodes."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 of %2 names data source '%3', which is not defined in dataSources"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Define the data source under dataSources."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Defined data sources: %1. Fix the name or define the data source."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' holds no data node of any sharding rule"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Only broadcast and single (unsharded) tables can live there. Remove it if that is "
                      "not intended, or add it to a table's actualDataNodes."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 lists %2 data node(s) more than once: %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Each data node may appear once; check the inline expression for overlapping parts."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 and %2 share %3 data node(s): %4"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Two logic tables writing the same physical table mix their rows; give each logic "
                      "table its own actual tables."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 names algorithm '%2', which is not defined"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Define it under shardingAlgorithms."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Defined algorithms: %1."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "algorithm '%1' (%2) is not used by any strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Remove it, or check the strategies for a misspelt algorithm name."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "auto table %1 has %2 data nodes but no sharding strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Add a shardingStrategy naming a column and an algorithm."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "its database strategy is 'none'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "it has no database strategy and there is no default one"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 spans %2 data sources (%3) but %4: a row cannot be routed to one data source"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Add a databaseStrategy (or a defaultDatabaseStrategy) naming the sharding column and"
                      " an algorithm."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "its table strategy is 'none'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "it has no table strategy and there is no default one"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 has %2 actual tables on data source %3 but %4: a row cannot be routed to one "
                      "table"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Add a tableStrategy (or a defaultTableStrategy) naming the sharding column and an "
                      "algorithm."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' has its password written in its url"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' has its password written in the file"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "data source '%1' has the placeholder ShardPilot writes instead of a password; it is not "
                      "used as one"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "This file came from a plan or config export, which never writes passwords. Put the "
                      "password back from the original config, or remove the placeholder and let the keychain, "
                      "a MySQL option file or SHARDPILOT_PASSWORD_<DS> provide it."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 contains the control or bidi character %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Rename it. Names are written into generated SQL, scripts, reports and terminal output, "
                      "where a line break, an escape sequence or a bidi override can end a comment early, run a "
                      "statement or hide text; plan refuses such a config."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "schema '%1' in the url of data source '%2'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "user '%1' of data source '%2'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "host '%1' in the url of data source '%2'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "actual table '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "sharding column '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "key-generate column '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Replace it with a placeholder such as ${DB_PASSWORD} resolved from the environment, "
                      "or keep it in the OS keychain or a MySQL option file; ShardPilot redacts it on "
                      "export."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "none"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unset"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "data-node layout (actual tables per data source, logic name taken out) %1 vs %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "database algorithm %1 vs %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table algorithm %1 vs %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "database sharding column count %1 vs %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table sharding column count %1 vs %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "binding group [%1] lists %2, which has no table rule"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 is a broadcast table; broadcast tables cannot be bound. Remove it from the group."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Add a table rule for %1 with the same data-node layout and algorithms as the other "
                      "members, or remove it from the group (ShardingSphere refuses to start otherwise)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "binding tables %1 and %2 do not route alike: %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Members of a binding group must have the same data-node layout and the same database"
                      " and table algorithms so equal keys land on the same data node; align them or split "
                      "the group."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 is a broadcast table and also has a sharding rule"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "A table is either copied in full to every data source (broadcast) or split by a rule"
                      " (%1 data nodes); remove one of the two."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 broadcast table(s) live in full on every data source (%2): %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Writes go to every data source; keep these tables small and create them on any data "
                      "source added during an expansion."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", " on %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "… (%1 in all)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "'%1' has sharding-count %2 but %3 chooses among %4 %5%6 (%7): results %8 match no "
                      "target, rows with them cannot be routed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Set sharding-count to the number of %1 (%2), or add the missing targets; "
                      "ShardingSphere picks the target whose name ends with the result."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "'%1' (sharding-count %2) never chooses %3 of the %4 %5 of %6%7: %8"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Results run from 0 to %1 only: raise sharding-count to %2 or drop the unused targets"
                      " from actualDataNodes."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "A target is used when it is named prefix + result (zero-padded to the shortest "
                      "suffix, here '%1' + 0..%2); rename the targets accordingly."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 -> %2 (5.0) vs %3 (5.1.1+)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no target"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "… (%1 results in all)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "results of '%1' are the suffix of several %2 of %3%4 and ShardingSphere versions "
                      "route them differently: %5"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "ShardingSphere 5.0 takes the first target whose name ends with the result, 5.1.1 and"
                      " later the exact prefix + zero-padded name. List the targets in ascending order with"
                      " uniform names so both rules pick the same one."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "results of '%1' are the suffix of several %2 of %3%4: %5; both suffix rules agree "
                      "only because of their order"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "ShardingSphere 5.0 takes the first target ending with the result: keep "
                      "actualDataNodes in ascending order (5.1.1 and later match the exact name)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "actual tables"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data sources"),
    // the planner (core/planning)
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "dual-master doubling: replicate each instance to a new one, switch %N -> %2N, cut "
                      "replication, purge the half each side no longer owns"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unknown strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: algorithm '%2' (%3) is misconfigured: %4; fix it before planning"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the config has no sharded data sources"),

    QT_TRANSLATE_NOOP("sp::ui::CoreText", "dual-master doubles: %1 -> %2 databases only"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 -> %2 databases by dual-master doubling (replica per instance)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Check %1 can be a replication source"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Binary log on with GTIDs; %1 needs its own server_id."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Consistent copy %1 -> %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "mariadb-dump --single-transaction --master-data=2 --gtid --routines --triggers "
                      "--databases %1 -h %2 -P %3 | mariadb -h %4 -P %5   (or mariabackup --backup / "
                      "--prepare / --copy-back); note the GTID position written in the dump header"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Replicate %1 -> %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Replicate %1 -> %2 (dual master)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Both sides accept writes while applications switch one by one."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Interleave AUTO_INCREMENT on %1 / %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Odd ids on %1, even ids on %2 while both take writes (new sessions only)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Wait for replication lag 0 on every pair"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "On every new instance the replica status shows Seconds_Behind_Master = 0 and both "
                      "replication threads running (Slave_IO_Running, Slave_SQL_Running: Yes)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 (old %%2 = %3) -> %1 (%%4 = %3) + %5 (%%4 = %6)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Switch the config %%1 -> %%2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Deploy new-config.yaml; reload instance by instance (seconds). Mapping: %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Stop and reset replication on %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Purge on %1 the half now served by %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Destructive; in chunks."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Destructive; in chunks: repeat the DELETE until it affects 0 rows."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Purge on %1 the half still served by %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Set up high availability for the new pairs"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "The old pairing is gone; give every instance its own replica again."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the whole instance is copied by replication (all rows), then half is deleted on each"
                      " side"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "write stop: only the config reload (seconds); no row copy during the switch"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "each new instance first receives a full copy of its old instance: plan disk for 100%"
                      " of the data until the D9 purge"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "modulo doubling: N -> 2N databases, rows with hash % 2N >= N move from db i to db "
                      "i+N"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "mod-double goes from %1 to %2 databases; use --strategy remap for %1 -> %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 -> %2 databases by modulo doubling (%3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "each source node holds only rows its old route selects (the linter and T5 verify "
                      "this)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "an algorithm without closed form (INLINE or other) is routed key by key"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "levels hash different columns or inputs"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the modulo period is too large to enumerate"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "MOD with start-offset/stop-offset"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "database level uses %1, which has no SQL equivalent"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table level uses %1, which has no SQL equivalent"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "ring at the table level: routed per row"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table %1 is missing from the new config"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "table %1 is missing from the old config"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "no url for the new data source(s) %1: nothing can be created or copied there, so the "
                      "plan is not exported"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Give each its own schema: shardctl plan --url %1=jdbc:mysql://host:port/schema "
                      "(repeatable), or the URL column of the wizard's target page. An existing data source's "
                      "schema is refused."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the url given for %1 contains the control or bidi character %2; fix it before planning"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the data source name '%1' contains the control or bidi character %2; fix it before "
                      "planning"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the url of %1 names no schema (jdbc:mysql://host:port/schema); a new data source needs a "
                      "schema of its own"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the url of %1 points at schema %2 on %3:%4, which data source %5 already uses; a new data "
                      "source needs a schema of its own"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the urls of %1 and %2 point at the same schema %3 on %4:%5"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: %2 contains the control or bidi character %3; rename it before planning (shardctl "
                      "lint lists every such name)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "cannot export: the new data source(s) %1 have no url, so there is nowhere to create and "
                      "copy to; give each its own schema with --url %2=jdbc:mysql://host:port/schema"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "cannot export: %1 contains the control or bidi character %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "cannot export scripts: the plan names no data source endpoints (a plan of an older "
                      "version); make the plan again"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "expected shares assume keys hash uniformly; an estimate's bound (3 sigma, about 99.7%) is "
                      "stated only where it can be: from a row sample's size, or from the key share where each key "
                      "holds one row (a unique sharding key), widened by 75% of the rows where the snapshot has "
                      "TABLE_ROWS estimates instead of exact counts"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the patched config does not load: %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "data source names (%1) are not <prefix><index> from 0; a modulo expansion needs them"
                      " so"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "target database count %1 is out of range 1..1024"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no sharded table has a database strategy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "database algorithm '%1' is not defined; define it under shardingAlgorithms"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "database algorithm '%1' is a CONSISTENT_HASH ring, which has no database count to "
                      "change; plan it with --strategy ring (--add-nodes / --remove-nodes)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "database algorithm '%1' is INLINE (%2): the expression itself names the data sources, "
                      "so a plan cannot change their count by a property; rewrite the expression for the new "
                      "count by hand, or move the table to MOD / CRC32_MOD first"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "database algorithm '%1' (%2) is not a modulo algorithm (MOD, HASH_MOD, CRC32_MOD), so "
                      "its database count cannot be changed by a plan"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "algorithm '%1' served both levels; the database level now uses the copy '%2' "
                      "(sharding-count %3) and the table level keeps '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "none: offline plan, shares only"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "snapshot taken %1 (exact counts)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "snapshot taken %1 (TABLE_ROWS estimates)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: per-pair estimates from a seeded random sample of %2 rows (%3 routed): the rows a pair "
                      "has in the sample over the sampling rate, with a bound from the sample size; hot keys weigh "
                      "what their rows weigh"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: the key-share estimates have no bound: rows sharing a sharding key move together, and "
                      "nothing here tells how many rows the busiest keys hold; draw a row sample or count exactly"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: the new config routes %2% of keys nowhere"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "check actualDataNodes against sharding-count"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: %2 (shares from %3 sampled keys)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "binding group %1 would not move together: its tables get different predicates"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "give every table of the group the same sharding column and algorithms"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "binding group %1 moves together (same predicates per data source pair)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "broadcast tables %1 are copied whole to every new data source"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: set AUTO_INCREMENT on each new node at least to its source's before writes "
                      "resume, so ids stay unique across the move"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: rows from %2 merge into %3 and their AUTO_INCREMENT ids overlap (%4)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "copy without the surrogate id (let the target assign it) or offset ids per source"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: rows from %2 sources merge into %3; AUTO_INCREMENT ids may collide (checked at "
                      "execution)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: no SQL predicate (%2); every row's %3 is streamed in primary-key chunks and "
                      "routed with the old and new configs, which is slower than a pushed-down predicate"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "route by CRC32_MOD so SQL can select the moving rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 would still hold about %2 rows after the expansion (limit %3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "expand further or split the table"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "largest node after the expansion: %1 with about %2 rows (%3% of the %4 limit)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "primary keys are checked at execution: a table without one cannot be copied in "
                      "chunks and stops the run at its preflight"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Create schema and tables on %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Table definitions are those of the source nodes."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Table definitions need a live plan (SHOW CREATE TABLE on the source nodes) where source "
                      "and target are on different instances."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Start change capture on %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Row-based binlog is required; capture applies only keys at or below each chunk's "
                      "last primary key."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Backfill %1 -> %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Copied in primary-key chunks inside consistent snapshots."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Copied in primary-key chunks inside consistent snapshots, keeping the rows the old config "
                      "routes to %1 and the new one to %2."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Wait until capture lag is 0"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Stop writes on %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Uncommitted application transactions fail with error 1290; keep it short."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Verify %1 -> %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Count and checksum of the moving rows must equal the target's."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Switch the routing config"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Deploy new-config.yaml (%1 data sources) to every application instance."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Resume writes on %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Observe"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Keep the moved rows on the sources for 24-48 h so the switch can be undone."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Purge moved rows %1 -> %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Destructive: only after T8. Repeat the DELETE until it affects 0 rows."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Destructive: only after T8. The keys are those the new config routes to %1 (routed row by "
                      "row); delete them in chunks of 1000."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "general N -> M remap: moves every row whose old and new routes differ"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "remap needs --to N (the new database count)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the config already has %1 databases"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 -> %2 databases by remapping every key"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "data sources beyond %1 stay defined until their rows are purged; remove them from "
                      "the config afterwards"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "predicates state both routes (old = i AND new = j), so they hold even on a source "
                      "with stray rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "consistent-hash ring: add/remove nodes or change virtual nodes; moved arcs become "
                      "CRC32 BETWEEN predicates"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "ring needs --add-nodes, --remove-nodes, --virtual-nodes or --to"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "name the new nodes with --add-nodes (data sources are not <prefix><index>)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "node '%1' is already on the ring"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "node '%1' is not on the ring"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "removing every node leaves an empty ring"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "database algorithm '%1' (%2) becomes a CONSISTENT_HASH ring: this first move remaps "
                      "most keys; later node changes move only the arcs taken over"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the sharding-count/divisor props of '%1' are ignored by the ring"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the algorithm-expression of '%1' is ignored by the ring: keys are placed by CRC32 on the "
                      "ring, not by the expression"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "add %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "remove %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "virtual nodes %1 -> %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "ring of %1 -> %2 nodes (%3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "moved arcs are exact CRC32 ranges of the old and new rings; row shares assume keys "
                      "hash uniformly over the ring"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "config reload only (%1 s); replication keeps both sides current"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "measured: %1 s (D7) by migrate_bench --dual-vs-copy on %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "measured: %1 s (T4..T7, grows with the rows T5 verifies) by migrate_bench "
                                          "--dual-vs-copy on %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "full copy of every instance: 2x disk until the purge"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "both sides accept writes during the switch: AUTO_INCREMENT must be interleaved"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "only doubling (N -> 2N)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 s to drain capture and switch + T5 verification scanning the largest source "
                      "instance (%2 rows) at %3 rows/s"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 s to drain capture and switch; verification time unknown without row counts"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "balance depends on virtual nodes (see the balance series)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "only the hash modulo changes: every later expansion doubles again"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "snapshot rows and bytes; shares from the routing functions"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "offline: shares of the key space (uniform keys), no row counts"),

    // the statistics report (core/analysis/StatsExport: File > Export HTML/PDF report)
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "ShardPilot report"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Config: %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Data sources: %1, logic tables: %2, row limit per table: %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "No statistics: the cluster has not been inspected."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Statistics taken at %1 (exact counts)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Statistics taken at %1 (estimates)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Cell colour: rows over the mean of the cell's logic table, one scale for every table: "
                      "white is even, blue down to empty, red up to twice the mean and more; grey has no count."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "at least %1 (%2 without a count)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "total rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "max / mean"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "CV"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Gini"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "empty nodes"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "hottest"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "fullest vs limit"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "over limit"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no skew figures"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "Instances"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "address"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "reachable"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "version"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "read only"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data size"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "yes"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no: %1"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no"),

    // the YAML patcher (core/config: YamlText, YamlPatch, ConfigPatch): why an edit was refused
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the value is empty; only existing scalar values can be patched"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the value is an alias (*name); edit the anchored value instead"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "block scalar inside a flow collection"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unterminated quoted value"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unsupported escape in a double-quoted value"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "YAML syntax error at line %1, column %2: %3"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "empty path"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 not found"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 matches %2 places"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: no key element %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: no value of its own; not patched in place"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "not a single value"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no position known"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the value text does not read as its parsed value; not patched in place"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "patched text does not parse back (line %1: %2); nothing changed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the patched text would mean something else; nothing changed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 is not a mapping"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "has no entry '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "entry '%1': key not found in the text"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "entry '%1' shares its line with other text (e.g. '- %1:'); edit it by hand"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "entry '%1': unterminated flow collection"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "entry '%1' has no value to copy or remove in place"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 exists already"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: the flow mapping is not found in the text"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "empty mapping"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "algorithm '%1' not found in the text"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "algorithm '%1' has no props block to add %2 to"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "algorithm '%1' has no '%2' line"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no database strategy names algorithm '%1'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "actualDataNodes of table '%1' not found in the text"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' not found in the text"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "data source '%1' has no url line to copy"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "actualDataNodes '%1' has several parts; edit it by hand"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "actualDataNodes '%1' has no data source part"),

    // the planner's live inputs (core/live: key statistics, row sample, plan inputs)
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "no host: the url '%1' could not be parsed"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "unexpected failure"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: index statistics not read: %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: unreachable, its tables are left out of rows per key"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "rows per sharding key come from index statistics, for information: InnoDB samples "
                      "CARDINALITY (MariaDB's halving of it is undone), and a mean says nothing about the busiest "
                      "keys, so key-share estimates of tables without a unique sharding key have no bound"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: the sharding column %2 is unique: one row per key"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: no index leads with sharding column %2; rows per key unknown"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: index statistics of %2 unknown (run ANALYZE TABLE); rows per key unknown"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: about %2 rows per %3 key on average (index statistics, %4 of %5 physical tables)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: not sampled, the server could not be reached: %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: not sampled (routing uses no single sharding column)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: not sampled (no rows in the snapshot)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: not sampled: %2"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1: sample capped at %2 rows; the tables it did not reach keep key-share estimates"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "sandbox: new data sources %1 use the sandbox's spare instances"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: not reachable: %2"),
    // exact counts (core/live/ExactCounter)
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the plan's new config does not load"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: unknown data source"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "%1 (%2) could not be reached: %3; its remaining pairs are not counted"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: not counted: %2; the remaining pairs of %3 are not counted"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: not counted: %2"),

    // shard health (core/health): verdict reasons and the privilege note
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: no sample yet"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: down (%2)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: %2 of %3 connections in use"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: %2 threads running for %3 s"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: %2 threads running"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: replication stopped (%2)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: replica lag unknown"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: replica %2 s behind"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: read_only is ON but the server is not a replica"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: buffer pool hit ratio %2%"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: %2 deadlocks per minute"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: %2 row lock waits per second"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: %2 aborted connections per minute"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: binary logs take %2 GiB"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: within thresholds"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "replica status not read on %1: the account lacks SLAVE MONITOR (REPLICATION CLIENT on MySQL); shown as 'no privilege'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "binary logs not listed on %1: the account lacks BINLOG MONITOR (REPLICATION CLIENT on MySQL); shown as 'no privilege'"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "A monitor account with these privileges can be set for the cluster (shardctl health --monitor-user, or the Health page's settings)."),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: access denied (%2)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: within thresholds; %2"),

    // shard health and a migration run (core/health/RunActivity)
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: writes stopped by run %2 (%3, %4)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1: writes stopped by run %2 (%3, %4); no process runs it: continue or roll it back"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "run %1 %2 here (%3)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "run %1 stopped the writes here (%2)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 (load of run %2, which %3: %4)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "copies rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "seeds the new instances"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "catches up and pre-verifies rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "verifies rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "compares rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "purges moved rows"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 s"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 min"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "%1 h"),

    // the keychain (core/cluster/KeychainSecretStore): what failed and what to do
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "keychain: no QCoreApplication"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "keychain: not asked from the UI thread (it could block the window)"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "no answer from the keychain's secret service within %1 ms (is it waiting for an unlock "
                      "prompt?): unlock it and try again"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "Keep the password in a MySQL option file instead (--defaults-file FILE, "
                      "SHARDPILOT_DEFAULTS_FILE or ~/.my.cnf, mode 0600) or in SHARDPILOT_PASSWORD_<DS>"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "the keychain asked and access was denied: allow ShardPilot when the keychain asks, and try "
                      "again"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the keychain refused access (%1): unlock it and try again"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "no keychain is reachable: this session has no D-Bus session bus "
                      "(DBUS_SESSION_BUS_ADDRESS is not set: a headless box, ssh or a container), so no "
                      "secret service can be asked. %1, or run the console in a desktop session with a "
                      "keychain"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText",
                      "no keychain answered on the D-Bus session bus: neither a Secret Service (GNOME Keyring, "
                      "KeePassXC) nor KWallet is running. %1, or start one and try again"),
    QT_TRANSLATE_NOOP("sp::ui::CoreText", "the keychain failed: %1 (qtkeychain error %2)"),
};

const QHash<QString, const char *> &table()
{
    static const QHash<QString, const char *> t = [] {
        QHash<QString, const char *> h;
        for (const char *s : kTemplates)
            h.insert(QString::fromUtf8(s), s);
        return h;
    }();
    return t;
}

// Sentinels around each argument while substituting, so the spacing below knows where arguments
// start and end (private-use code points, never in a template or a name).
constexpr QChar kArgOpen = QChar(0xE000);
constexpr QChar kArgClose = QChar(0xE001);

bool isHan(QChar c)
{
    return c.script() == QChar::Script_Han;
}

bool isAscii(QChar c)
{
    return c.unicode() > 0x20 && c.unicode() < 0x7F;
}

// Translations keep placeholders next to ideographs ("的%1策略"); a space goes in where an
// argument written in Latin letters, digits or ASCII punctuation meets an ideograph, and none
// where a translated phrase does ("的分库策略", "的 standard 策略", "4 个").
QString substituteSpaced(const QString &source, const QStringList &args)
{
    QStringList marked;
    marked.reserve(args.size());
    for (const QString &a : args)
        marked << kArgOpen + a + kArgClose;
    const QString s = substituteArgs(source, marked);
    QString out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (c == kArgOpen) {
            if (!out.isEmpty() && isHan(out.back()) && i + 1 < s.size() && isAscii(s.at(i + 1)))
                out += QLatin1Char(' ');
        } else if (c == kArgClose) {
            if (!out.isEmpty() && isAscii(out.back()) && i + 1 < s.size() && isHan(s.at(i + 1)))
                out += QLatin1Char(' ');
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace

bool CoreText::needsEntry(const QString &source)
{
    for (qsizetype i = 0; i < source.size(); ++i) {
        if (source.at(i) == QLatin1Char('%') && i + 1 < source.size() && source.at(i + 1).isDigit()) {
            ++i;
            continue;
        }
        if (source.at(i).isLetter())
            return true;
    }
    return false;
}

QStringList CoreText::templates()
{
    return table().keys();
}

QString CoreText::timeOrText(const QString &argument)
{
    // Core writes instants as ISO 8601 UTC ("2026-05-01T06:28:47Z"): in a console sentence they are
    // shown as every other time of the console (local, ui/TimeFormat), not next to it in another form.
    static const QRegularExpression iso(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$"));
    if (argument.size() < 16 || argument.size() > 29 || !iso.match(argument).hasMatch())
        return argument;
    const QDateTime at = QDateTime::fromString(argument, Qt::ISODateWithMs);
    return at.isValid() ? timestampText(at) : argument;
}

QString CoreText::render(const Text &text)
{
    if (text.source.isEmpty())
        return text.text;
    QString translated;
    if (const char *key = table().value(text.source))
        translated = QCoreApplication::translate("sp::ui::CoreText", key);
    else if (!needsEntry(text.source))
        translated = text.source;
    else
        return text.text; // not in the table: English as core wrote it
    QStringList args;
    args.reserve(text.args.size());
    for (const Text &a : text.args)
        args << (a.isTranslatable() ? render(a) : timeOrText(a.text));
    return substituteSpaced(translated, args);
}

QString CoreText::render(const QString &english, const Text &text)
{
    return render(textOf(english, text));
}

QStringList CoreText::render(const QStringList &english, const QList<Text> &texts)
{
    QStringList out;
    out.reserve(english.size());
    for (const QString &e : english) {
        const auto it =
            std::find_if(texts.cbegin(), texts.cend(), [&](const Text &t) { return t.text == e; });
        out << (it != texts.cend() ? render(*it) : e);
    }
    return out;
}

QString CoreText::message(const Diagnostic &d)
{
    return render(d.message, d.messageText);
}

QString CoreText::hint(const Diagnostic &d)
{
    return render(d.hint, d.hintText);
}

QString CoreText::severity(Severity s)
{
    switch (s) {
    case Severity::Info:
        return tr("info");
    case Severity::Warning:
        return tr("warning");
    case Severity::Error:
        return tr("error");
    }
    return QString();
}

QString CoreText::line(const Diagnostic &d)
{
    QString out = d.location.toString() + QStringLiteral(": ") + severity(d.severity) + QStringLiteral(": ") +
                  message(d);
    if (!d.code.isEmpty())
        out += QStringLiteral(" [") + d.code + QLatin1Char(']');
    return out;
}

} // namespace sp::ui
