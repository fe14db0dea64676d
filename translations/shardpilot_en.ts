<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>sp::ui::CaptureLagChart</name>
    <message>
        <source>Capture lag (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::ConfigFormPanel</name>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Username:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passwords are not edited here: keep them in the keychain or a MySQL option file, never in the YAML.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharding algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sharding-count:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data nodes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 username</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 type = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sharding-count = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 data nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The text does not load: the form is empty until it does.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::CopyProgressPanel</name>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No copy yet: T2 copies the rows that move, pair by pair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 copies done, %3 rows copied of about %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::CoreText</name>
    <message>
        <source>too many data nodes in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data node &apos;%1&apos; of table &apos;%2&apos; is not &apos;datasource.table&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot tell how many tables algorithm &apos;%1&apos; (%2) creates for auto table &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto tables need sharding-count, or a BOUNDARY_RANGE / VOLUME_RANGE / AUTO_INTERVAL algorithm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto table &apos;%1&apos; would have %2 tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uses algorithm &apos;%2&apos;, which is not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Define it under %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 and there is no %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data node &apos;%1&apos; of table &apos;%2&apos; names data source &apos;%3&apos;, which is not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uses key generator &apos;%2&apos;, which is not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default database strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default table strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the text is %1 bytes; the limit is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sharding configuration is never this deeply nested.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the closing quote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory while parsing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file holds no configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document must be a map of settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory while reading the configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1: jdbc:mysql://host:3306/schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the url of %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardPilot connects with jdbc:mysql://host:port/schema or jdbc:mariadb://...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty item between commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nested lists and ranges inside a list are not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expression nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;${&apos; is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; in expression, expected &apos;}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a range needs integer bounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range %1..%2 has more than %3 values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;/&apos; is not supported (Groovy division yields decimals); use intdiv in algorithms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>string too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; needs integer operands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>modulo by zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>integer overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;-&apos; needs an integer operand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expression ends unexpectedly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;(&apos; is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown name &apos;%1&apos; (variables and method calls are not supported here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; in expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decimal numbers are not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>string is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list or range inside a quoted string is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;[&apos; is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; in list, expected &apos;,&apos; or &apos;]&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split the expression or check the range bounds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supported: ${0..3}, ${[&apos;a&apos;,&apos;b&apos;]}, ${[0, 2]}, $-&gt;{...}, literals, commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inline expression is %1 characters long; the limit is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inline expression expands to more than %1 values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not start with &apos;jdbc:&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has no &apos;://&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a MySQL or MariaDB url (&apos;%1&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has an unclosed &apos;[&apos; in the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has text after the IPv6 address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has an IPv6 host without brackets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has no host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has an invalid port &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document has no dataSources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the data sources under dataSources:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; is defined twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules must be a list of tagged rules (- !SHARDING ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rule has no tag such as !SHARDING; it is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule %1 is not used by ShardPilot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document has no !SHARDING rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add one under rules: - !SHARDING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sharding rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default key generate strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the broadcast rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a table has an empty name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table &apos;%1&apos; is configured twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep one rule per logic table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto table &apos;%1&apos; has no %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has both &apos;%2&apos; and &apos;%3&apos;; only one is allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 names no strategy (standard, complex, hint or none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a binding group has no &apos;reference&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a binding group lists no tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broadcast tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broadcast tables must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a broadcast table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key generator &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>props of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spring has no shardingsphere section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spring.shardingsphere has no datasource section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>datasource names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spring.shardingsphere.datasource has no names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add names: db0,db1,...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; is listed in names but has no properties</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; is not listed in names; Spring ignores it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add it to names or remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule &apos;%1&apos; is not used by ShardPilot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spring.shardingsphere has no rules.sharding section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is %1; give a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is %1 bytes; the limit is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is larger than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>indented %1 columns deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nested more than %1 levels deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the quoted value starting here is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 problems; the rest are not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document has more than %1 nodes once aliases are followed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check for aliases (*name) that repeat large blocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document expands to more than %1 MiB of text once aliases are followed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check for aliases (*name) that repeat large values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a key in %1 is not a plain name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2; did you mean &apos;%3&apos;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename it to &apos;%1&apos; if that was meant; otherwise it is ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a single value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not used by any table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>used by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; (%2) routes by Java hashCode(), which SQL cannot compute: rows that move during an expansion cannot be found with a WHERE predicate (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use CRC32_MOD instead: it has the SQL equivalent CRC32(col) % %1 (identical in MySQL/MariaDB), so the rows to move are found by a predicate. Changing the algorithm relocates existing rows, so do it as part of a migration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has type %2, which ShardPilot does not evaluate: routing previews, reachability checks and expansion plans do not cover it (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has unknown type &apos;%2&apos;: routing previews do not cover it (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluated types: %1. Check the routing of these tables on a staging cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the spelling; ShardingSphere types are upper-case (MOD, HASH_MOD, INLINE, CLASS_BASED, ...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; (%2) is misconfigured: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix its props; every key routed through it fails until then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; uses %2, a ShardPilot extension that ShardingSphere does not ship</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When exporting to ShardingSphere, provide a CLASS_BASED algorithm (a Java StandardShardingAlgorithm computing the same %1) and reference its class in props.algorithmClassName.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CRC32 modulo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CRC32 ring lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a %2 strategy, which routing previews do not evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reachability and expansion plans only cover standard (single-column) strategies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, … (+%2 more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sharding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 strategy of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the table strategy an algorithm independent of the database one. Spreading rows over all %1 nodes (CRC32 % %1, as reference article 000 §3.6 assumes) needs e.g. database CRC32_MOD sharding-count %2 and table CRC32_MOD sharding-count %3 with divisor %2: database = CRC32 % %2, table = CRC32 DIV %2 % %3. Moving to it relocates rows, so plan it as an expansion.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routing previews of %1 cannot evaluate its algorithms: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reachability and expansion plans do not cover this table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only %1 of %2 data nodes of %3 can receive rows: %4 (the database and table strategies both apply &apos;%5&apos; to %6, so the data source fixes the table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only %1 of %2 data nodes of %3 can receive rows: %4; never reached in %5 simulated keys: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check sharding-count against the number of targets, the names&apos; numeric suffixes, and whether the table algorithm depends on the database one; or drop the unused nodes from actualDataNodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 names data source &apos;%3&apos;, which is not defined in dataSources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Define the data source under dataSources.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defined data sources: %1. Fix the name or define the data source.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; holds no data node of any sharding rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only broadcast and single (unsharded) tables can live there. Remove it if that is not intended, or add it to a table&apos;s actualDataNodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lists %2 data node(s) more than once: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each data node may appear once; check the inline expression for overlapping parts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 share %3 data node(s): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two logic tables writing the same physical table mix their rows; give each logic table its own actual tables.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 names algorithm &apos;%2&apos;, which is not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Define it under shardingAlgorithms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defined algorithms: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; (%2) is not used by any strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove it, or check the strategies for a misspelt algorithm name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto table %1 has %2 data nodes but no sharding strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a shardingStrategy naming a column and an algorithm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its database strategy is &apos;none&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it has no database strategy and there is no default one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 spans %2 data sources (%3) but %4: a row cannot be routed to one data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a databaseStrategy (or a defaultDatabaseStrategy) naming the sharding column and an algorithm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its table strategy is &apos;none&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it has no table strategy and there is no default one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has %2 actual tables on data source %3 but %4: a row cannot be routed to one table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a tableStrategy (or a defaultTableStrategy) naming the sharding column and an algorithm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has its password written in its url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has its password written in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace it with a placeholder such as ${DB_PASSWORD} resolved from the environment, or keep it in the OS keychain or a MySQL option file; ShardPilot redacts it on export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-node layout (actual tables per data source, logic name taken out) %1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database algorithm %1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table algorithm %1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database sharding column count %1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table sharding column count %1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binding group [%1] lists %2, which has no table rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a broadcast table; broadcast tables cannot be bound. Remove it from the group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a table rule for %1 with the same data-node layout and algorithms as the other members, or remove it from the group (ShardingSphere refuses to start otherwise).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binding tables %1 and %2 do not route alike: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members of a binding group must have the same data-node layout and the same database and table algorithms so equal keys land on the same data node; align them or split the group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a broadcast table and also has a sharding rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A table is either copied in full to every data source (broadcast) or split by a rule (%1 data nodes); remove one of the two.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 broadcast table(s) live in full on every data source (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes go to every data source; keep these tables small and create them on any data source added during an expansion.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… (%1 in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has sharding-count %2 but %3 chooses among %4 %5%6 (%7): results %8 match no target, rows with them cannot be routed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set sharding-count to the number of %1 (%2), or add the missing targets; ShardingSphere picks the target whose name ends with the result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; (sharding-count %2) never chooses %3 of the %4 %5 of %6%7: %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results run from 0 to %1 only: raise sharding-count to %2 or drop the unused targets from actualDataNodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A target is used when it is named prefix + result (zero-padded to the shortest suffix, here &apos;%1&apos; + 0..%2); rename the targets accordingly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 -&gt; %2 (5.0) vs %3 (5.1.1+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… (%1 results in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>results of &apos;%1&apos; are the suffix of several %2 of %3%4 and ShardingSphere versions route them differently: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardingSphere 5.0 takes the first target whose name ends with the result, 5.1.1 and later the exact prefix + zero-padded name. List the targets in ascending order with uniform names so both rules pick the same one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>results of &apos;%1&apos; are the suffix of several %2 of %3%4: %5; both suffix rules agree only because of their order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardingSphere 5.0 takes the first target ending with the result: keep actualDataNodes in ascending order (5.1.1 and later match the exact name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actual tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dual-master doubling: replicate each instance to a new one, switch %N -&gt; %2N, cut replication, purge the half each side no longer owns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the config has no sharded data sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dual-master doubles: %1 -&gt; %2 databases only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 -&gt; %2 databases by dual-master doubling (replica per instance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check %1 can be a replication source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary log on with GTIDs; %1 needs its own server_id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistent copy %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mariadb-dump --single-transaction --master-data=2 --gtid --routines --triggers --databases %1 -h %2 -P %3 | mariadb -h %4 -P %5   (or mariabackup --backup / --prepare / --copy-back); note the GTID position written in the dump header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicate %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicate %1 -&gt; %2 (dual master)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both sides accept writes while applications switch one by one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleave AUTO_INCREMENT on %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Odd ids on %1, even ids on %2 while both take writes (new sessions only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for replication lag 0 on every pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (old %%2 = %3) -&gt; %1 (%%4 = %3) + %5 (%%4 = %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the config %%1 -&gt; %%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deploy new-config.yaml; reload instance by instance (seconds). Mapping: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop and reset replication on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge on %1 the half now served by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destructive; in chunks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge on %1 the half still served by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up high availability for the new pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The old pairing is gone; give every instance its own replica again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the whole instance is copied by replication (all rows), then half is deleted on each side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write stop: only the config reload (seconds); no row copy during the switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each new instance first receives a full copy of its old instance: plan disk for 100% of the data until the D9 purge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>modulo doubling: N -&gt; 2N databases, rows with hash % 2N &gt;= N move from db i to db i+N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mod-double goes from %1 to %2 databases; use --strategy remap for %1 -&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 -&gt; %2 databases by modulo doubling (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each source node holds only rows its old route selects (the linter and T5 verify this)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an algorithm without closed form (INLINE or other) is routed key by key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>levels hash different columns or inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the modulo period is too large to enumerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MOD with start-offset/stop-offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database level uses %1, which has no SQL equivalent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table level uses %1, which has no SQL equivalent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ring at the table level: routed per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table %1 is missing from the new config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table %1 is missing from the old config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the patched config does not load: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source names (%1) are not &lt;prefix&gt;&lt;index&gt; from 0; a modulo expansion needs them so</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target database count %1 is out of range 1..1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no sharded table has a database strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; served both levels; the database level now uses the copy &apos;%2&apos; (sharding-count %3) and the table level keeps &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: offline plan, shares only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot taken %1 (exact counts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot taken %1 (TABLE_ROWS estimates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the new config routes %2% of keys nowhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check actualDataNodes against sharding-count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (shares from %3 sampled keys)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binding group %1 would not move together: its tables get different predicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give every table of the group the same sharding column and algorithms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binding group %1 moves together (same predicates per data source pair)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broadcast tables %1 are copied whole to every new data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: set AUTO_INCREMENT on each new node at least to its source&apos;s before writes resume, so ids stay unique across the move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: rows from %2 merge into %3 and their AUTO_INCREMENT ids overlap (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copy without the surrogate id (let the target assign it) or offset ids per source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: rows from %2 sources merge into %3; AUTO_INCREMENT ids may collide (checked at execution)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no SQL predicate (%2); every row&apos;s %3 is streamed in primary-key chunks and routed with the old and new configs, which is slower than a pushed-down predicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>route by CRC32_MOD so SQL can select the moving rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 would still hold about %2 rows after the expansion (limit %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expand further or split the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest node after the expansion: %1 with about %2 rows (%3% of the %4 limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>primary keys are checked at execution: a table without one cannot be copied in chunks and stops the run at its preflight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create schema and tables on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start change capture on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row-based binlog is required; capture applies only keys at or below each chunk&apos;s last primary key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backfill %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied in primary-key chunks inside consistent snapshots.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait until capture lag is 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop writes on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncommitted application transactions fail with error 1290; keep it short.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count and checksum of the moving rows must equal the target&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the routing config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deploy new-config.yaml (%1 data sources) to every application instance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume writes on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Observe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the moved rows on the sources for 24-48 h so the switch can be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge moved rows %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>general N -&gt; M remap: moves every row whose old and new routes differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remap needs --to N (the new database count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the config already has %1 databases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 -&gt; %2 databases by remapping every key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data sources beyond %1 stay defined until their rows are purged; remove them from the config afterwards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicates state both routes (old = i AND new = j), so they hold even on a source with stray rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consistent-hash ring: add/remove nodes or change virtual nodes; moved arcs become CRC32 BETWEEN predicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ring needs --add-nodes, --remove-nodes, --virtual-nodes or --to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name the new nodes with --add-nodes (data sources are not &lt;prefix&gt;&lt;index&gt;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node &apos;%1&apos; is already on the ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node &apos;%1&apos; is not on the ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removing every node leaves an empty ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; (%2) becomes a CONSISTENT_HASH ring: this first move remaps most keys; later node changes move only the arcs taken over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sharding-count/divisor props of &apos;%1&apos; are ignored by the ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>virtual nodes %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ring of %1 -&gt; %2 nodes (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moved arcs are exact CRC32 ranges of the old and new rings; row shares assume keys hash uniformly over the ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config reload only (%1 s); replication keeps both sides current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full copy of every instance: 2x disk until the purge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>both sides accept writes during the switch: AUTO_INCREMENT must be interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only doubling (N -&gt; 2N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s to drain capture and switch + T5 verification scanning the largest source instance (%2 rows) at %3 rows/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s to drain capture and switch; verification time unknown without row counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balance depends on virtual nodes (see the balance series)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only the hash modulo changes: every later expansion doubles again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot rows and bytes; shares from the routing functions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offline: shares of the key space (uniform keys), no row counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: algorithm &apos;%2&apos; (%3) is misconfigured: %4; fix it before planning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has the placeholder ShardPilot writes instead of a password; it is not used as one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file came from a plan or config export, which never writes passwords. Put the password back from the original config, or remove the placeholder and let the keychain, a MySQL option file or SHARDPILOT_PASSWORD_&lt;DS&gt; provide it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 contains the control or bidi character %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename it. Names are written into generated SQL, scripts, reports and terminal output, where a line break, an escape sequence or a bidi override can end a comment early, run a statement or hide text; plan refuses such a config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>schema &apos;%1&apos; in the url of data source &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user &apos;%1&apos; of data source &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host &apos;%1&apos; in the url of data source &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actual table &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sharding column &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key-generate column &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destructive; in chunks: repeat the DELETE until it affects 0 rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no url for the new data source(s) %1: nothing can be created or copied there, so the plan is not exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give each its own schema: shardctl plan --url %1=jdbc:mysql://host:port/schema (repeatable), or the URL column of the wizard&apos;s target page. An existing data source&apos;s schema is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the url given for %1 contains the control or bidi character %2; fix it before planning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data source name &apos;%1&apos; contains the control or bidi character %2; fix it before planning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the url of %1 names no schema (jdbc:mysql://host:port/schema); a new data source needs a schema of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the url of %1 points at schema %2 on %3:%4, which data source %5 already uses; a new data source needs a schema of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the urls of %1 and %2 point at the same schema %3 on %4:%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 contains the control or bidi character %3; rename it before planning (shardctl lint lists every such name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot export: the new data source(s) %1 have no url, so there is nowhere to create and copy to; give each its own schema with --url %2=jdbc:mysql://host:port/schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot export: %1 contains the control or bidi character %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot export scripts: the plan names no data source endpoints (a plan of an older version); make the plan again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table definitions are those of the source nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table definitions need a live plan (SHOW CREATE TABLE on the source nodes) where source and target are on different instances.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied in primary-key chunks inside consistent snapshots, keeping the rows the old config routes to %1 and the new one to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destructive: only after T8. Repeat the DELETE until it affects 0 rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Destructive: only after T8. The keys are those the new config routes to %1 (routed row by row); delete them in chunks of 1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On every new instance the replica status shows Seconds_Behind_Master = 0 and both replication threads running (Slave_IO_Running, Slave_SQL_Running: Yes).</source>
        <translation></translation>
    </message>
    <message>
        <source>expected shares assume keys hash uniformly; an estimate&apos;s bound (3 sigma, about 99.7%) is stated only where it can be: from a row sample&apos;s size, or from the key share where each key holds one row (a unique sharding key), widened by 75% of the rows where the snapshot has TABLE_ROWS estimates instead of exact counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: per-pair estimates from a seeded random sample of %2 rows (%3 routed): the rows a pair has in the sample over the sampling rate, with a bound from the sample size; hot keys weigh what their rows weigh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the key-share estimates have no bound: rows sharing a sharding key move together, and nothing here tells how many rows the busiest keys hold; draw a row sample or count exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardPilot report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data sources: %1, logic tables: %2, row limit per table: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statistics: the cluster has not been inspected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics taken at %1 (exact counts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics taken at %1 (estimates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max / mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gini</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hottest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fullest vs limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>over limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no skew figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value is empty; only existing scalar values can be patched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value is an alias (*name); edit the anchored value instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block scalar inside a flow collection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated quoted value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported escape in a double-quoted value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML syntax error at line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matches %2 places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a single value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no position known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value text does not read as its parsed value; not patched in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patched text does not parse back (line %1: %2); nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the patched text would mean something else; nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has no entry &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry &apos;%1&apos;: key not found in the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry &apos;%1&apos; shares its line with other text (e.g. &apos;- %1:&apos;); edit it by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry &apos;%1&apos;: unterminated flow collection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry &apos;%1&apos; has no value to copy or remove in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the flow mapping is not found in the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; not found in the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has no props block to add %2 to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has no &apos;%2&apos; line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no database strategy names algorithm &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actualDataNodes of table &apos;%1&apos; not found in the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; not found in the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has no url line to copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actualDataNodes &apos;%1&apos; has several parts; edit it by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actualDataNodes &apos;%1&apos; has no data source part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no host: the url &apos;%1&apos; could not be parsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: index statistics not read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unreachable, its tables are left out of rows per key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows per sharding key come from index statistics, for information: InnoDB samples CARDINALITY (MariaDB&apos;s halving of it is undone), and a mean says nothing about the busiest keys, so key-share estimates of tables without a unique sharding key have no bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the sharding column %2 is unique: one row per key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no index leads with sharding column %2; rows per key unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: index statistics of %2 unknown (run ANALYZE TABLE); rows per key unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: about %2 rows per %3 key on average (index statistics, %4 of %5 physical tables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not sampled, the server could not be reached: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not sampled (routing uses no single sharding column)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not sampled (no rows in the snapshot)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not sampled: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: sample capped at %2 rows; the tables it did not reach keep key-share estimates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sandbox: new data sources %1 use the sandbox&apos;s spare instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not reachable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plan&apos;s new config does not load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) could not be reached: %3; its remaining pairs are not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not counted: %2; the remaining pairs of %3 are not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not counted: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a second YAML document starts here; a sharding configuration is one document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardingSphere reads one YAML document per file. Keep the configuration&apos;s document (for Spring Boot profiles, the active profile&apos;s settings) and remove the others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is %1 text; ShardPilot reads UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a NUL byte is here; YAML text holds none (is the file UTF-16 without a byte-order mark, or not text at all?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>control character %1 is here; YAML allows only tab, line feed and carriage return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>byte %1 here is not UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the file as UTF-8 text (for example: iconv -f UTF-16 -t UTF-8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routing previews of %1 table(s) were not simulated: this lint&apos;s budget of %2 simulated keys was spent on the tables before them (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreachable data nodes are not reported for these tables. Tables routed alike (same modulo algorithms and layout) share one simulation; to cover the rest, lint a smaller file or simulate fewer keys per table (shardctl lint --sample-keys).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routing previews of %1 table(s) have more data nodes than the keys simulated per table can reach one by one: unreachable nodes are not reported for them (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A table with tens of thousands of data nodes needs millions of keys; simulate more keys per table (shardctl lint --sample-keys N) to check it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; is not defined; define it under shardingAlgorithms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; is a CONSISTENT_HASH ring, which has no database count to change; plan it with --strategy ring (--add-nodes / --remove-nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; is INLINE (%2): the expression itself names the data sources, so a plan cannot change their count by a property; rewrite the expression for the new count by hand, or move the table to MOD / CRC32_MOD first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; (%2) is not a modulo algorithm (MOD, HASH_MOD, CRC32_MOD), so its database count cannot be changed by a plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the algorithm-expression of &apos;%1&apos; is ignored by the ring: keys are placed by CRC32 on the ring, not by the expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no key element %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no value of its own; not patched in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1 s (D7) by migrate_bench --dual-vs-copy on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1 s (T4..T7, grows with the rows T5 verifies) by migrate_bench --dual-vs-copy on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no sample yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: down (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 connections in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 threads running for %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 threads running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: replication stopped (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: replica lag unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: replica %2 s behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: read_only is ON but the server is not a replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: buffer pool hit ratio %2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 deadlocks per minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 row lock waits per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 aborted connections per minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: binary logs take %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: within thresholds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica status not read on %1: the account lacks SLAVE MONITOR (REPLICATION CLIENT on MySQL); shown as &apos;no privilege&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary logs not listed on %1: the account lacks BINLOG MONITOR (REPLICATION CLIENT on MySQL); shown as &apos;no privilege&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A monitor account with these privileges can be set for the cluster (shardctl health --monitor-user, or the Health page&apos;s settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: access denied (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: within thresholds; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: writes stopped by run %2 (%3, %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: writes stopped by run %2 (%3, %4); no process runs it: continue or roll it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 %2 here (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 stopped the writes here (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (load of run %2, which %3: %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copies rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seeds the new instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>catches up and pre-verifies rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verifies rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compares rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>purges moved rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cell colour: rows over the mean of the cell&apos;s logic table, one scale for every table: white is even, blue down to empty, red up to twice the mean and more; grey has no count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at least %1 (%2 without a count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keychain: no QCoreApplication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keychain: not asked from the UI thread (it could block the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer from the keychain&apos;s secret service within %1 ms (is it waiting for an unlock prompt?): unlock it and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the password in a MySQL option file instead (--defaults-file FILE, SHARDPILOT_DEFAULTS_FILE or ~/.my.cnf, mode 0600) or in SHARDPILOT_PASSWORD_&lt;DS&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain asked and access was denied: allow ShardPilot when the keychain asks, and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain refused access (%1): unlock it and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no keychain is reachable: this session has no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set: a headless box, ssh or a container), so no secret service can be asked. %1, or run the console in a desktop session with a keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no keychain answered on the D-Bus session bus: neither a Secret Service (GNOME Keyring, KeePassXC) nor KWallet is running. %1, or start one and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain failed: %1 (qtkeychain error %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preflight and create targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start change capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backfill existing rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Catch up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge moved rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed the new instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicate old to new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleave AUTO_INCREMENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for lag 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut replication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge the other half</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High availability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicate back (from the switch)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::CreateRunDialog</name>
    <message>
        <source>Create a migration run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run executes the plan T0..T9 on the cluster, from this console or with &lt;tt&gt;shardctl migrate run --run DIR&lt;/tt&gt;; both take turns on the same directory. Its options are fixed for the life of the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run directory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long T8 watches the old shards for writes that still follow the old routes before T9 may purge (86,400 s = 24 h; 0 allowed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Observe (T8):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not needed: the sandbox&apos;s root access is used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MySQL option file with user and password ([client])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An account with replication and DDL rights on every server. Only the file&apos;s path is kept in the run, never the password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admin option file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional, e.g. a config reload of the applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A shell command run after T6 switched the config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long T4 may keep writes stopped while the capture drains; past it writes resume and T4 fails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write-stop budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first copy chunk; then adapted to about 0.5 s per chunk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First chunk:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest copy chunk: smaller means shorter transactions on busy servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest chunk:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> rows/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy rate limit over all servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The copy waits while a source&apos;s Threads_running is above this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads_running limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a directory for the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds a run already: open it, or choose another directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The admin option file %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admin option file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Option files (*.cnf);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many source servers copy at once (one copy stream each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources copied at once:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare every moved row at T5 (longer write stop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By default T3 verifies the copied rows while writes continue and T5 compares only what changed since. Choose this when a change on a source could bypass its binary log (sql_log_bin=0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash rows with SHA2-256 (for audits; more server CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By default rows are compared by CRC32 and CRC32C of their exact bytes, which finds any accidental change. A change crafted to keep both CRCs is found only by a cryptographic hash.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::DashboardPage</name>
    <message>
        <source>Inspected %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size (data + index)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brightness of the colour scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contrast of the colour scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspect the cluster now (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brightness:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contrast:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected data node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a cell of the heatmap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspecting the cluster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(history not saved: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspection failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspection cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a sharding config first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster inspection is not available in this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statistics yet: press Refresh (F5) to inspect the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most skewed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data node has a row count yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows per data source (all tables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows per data source (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— the %1 largest of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not inspected yet. Press Refresh (F5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2:%3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspected %1 — %2 of %3 instances reachable, %4 counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreachable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statistics for this node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table does not exist on the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data: %1, index: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next AUTO_INCREMENT: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instance %1:%2 reachable, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instance %1:%2 unreachable: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative to the table&apos;s mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Absolute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative: each cell against the mean of its logic table, so the skew of small tables shows next to large ones. Absolute: one scale for all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact counts: refresh with SELECT COUNT(*) on every physical table instead of the InnoDB estimates (TABLE_ROWS): exact, but it reads every table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth since the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure growth from the snapshot shown now (refreshes, automatic ones too, keep the baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth: no baseline yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth is measured from a baseline: the first refresh of the session, or the snapshot you choose with Set baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth since %1 (baseline you set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth since %1 (first refresh of this session)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) not comparable</source>
        <translation>
            <numerusform>%n table not comparable</numerusform>
            <numerusform>%n tables not comparable</numerusform>
        </translation>
    </message>
    <message>
        <source>Growth compares each table with the baseline snapshot, exact counts with exact counts and estimates with estimates. A table counted exactly one time and estimated the other, or whose instance restarted since (InnoDB then re-reads old estimates), is marked not comparable instead of showing a drop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health of this data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statistics yet: Refresh (F5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Rows: %1 in %n table(s)</source>
        <translation>
            <numerusform>Rows: %1 in %n table</numerusform>
            <numerusform>Rows: %1 in %n tables</numerusform>
        </translation>
    </message>
    <message>
        <source>Growth since %1: %2 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n refused the account (access denied).</source>
        <translation>
            <numerusform>%n refused the account (access denied).</numerusform>
            <numerusform>%n refused the account (access denied).</numerusform>
        </translation>
    </message>
    <message>
        <source>Access denied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instance %1:%2 refused the account (access denied): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>— %n unknown (no count)</source>
        <translation>
            <numerusform>— %n unknown (no count)</numerusform>
            <numerusform>— %n unknown (no count)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rows: unknown (%1 of %n table(s) without a count: unreachable or failed)</source>
        <translation>
            <numerusform>Rows: unknown (%1 of %n table without a count: unreachable or failed)</numerusform>
            <numerusform>Rows: unknown (%1 of %n tables without a count: unreachable or failed)</numerusform>
        </translation>
    </message>
    <message>
        <source>Growth since %1: unknown (a count is missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth since %1: not comparable (exact counts against estimates, or a restart)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::EditorPage</name>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload from disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a sharding config to edit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (modified)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untitled.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message (%1 errors, %2 warnings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not changed (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed %1. Undo with Ctrl+Z.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) change. The previous file is kept as %1.</source>
        <translation>
            <numerusform>%n line change. The previous file is kept as %1.</numerusform>
            <numerusform>%n lines change. The previous file is kept as %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to save: no file is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Overwrite it with the editor&apos;s text? (The diff against the file on disk comes next.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No changes to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: cannot write the backup %1.bak: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 (previous version in %2.bak).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The config has %n error(s) (listed below the editor). It can be saved, but planning and the expansion wizard refuse it until they are fixed.</source>
        <translation>
            <numerusform>The config has %n error (listed below the editor). It can be saved, but planning and the expansion wizard refuse it until it is fixed.</numerusform>
            <numerusform>The config has %n errors (listed below the editor). It can be saved, but planning and the expansion wizard refuse it until they are fixed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>It has %n error(s).</source>
        <translation>
            <numerusform>It has %n error.</numerusform>
            <numerusform>It has %n errors.</numerusform>
        </translation>
    </message>
    <message>
        <source>Reload from disk…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed on disk: the editor shows it as it is now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 changed on disk since the editor read it; the console shows the new file (%n data source(s)). Your unsaved edits are based on the earlier text: saving them would replace the new file (Save asks and shows the difference first).</source>
        <translation>
            <numerusform>%1 changed on disk since the editor read it; the console shows the new file (%n data source). Your unsaved edits are based on the earlier text: saving them would replace the new file (Save asks and shows the difference first).</numerusform>
            <numerusform>%1 changed on disk since the editor read it; the console shows the new file (%n data sources). Your unsaved edits are based on the earlier text: saving them would replace the new file (Save asks and shows the difference first).</numerusform>
        </translation>
    </message>
    <message>
        <source>Replace your unsaved edits with %1 as it is on disk? Undo (Ctrl+Z) brings the edits back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloaded %1 from disk. Undo (Ctrl+Z) brings your edits back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloaded %1 from disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The file on disk has %n data source(s) the saved text does not: %1. Saving removes them from the config.</source>
        <translation>
            <numerusform>The file on disk has a data source the saved text does not: %1. Saving removes it from the config.</numerusform>
            <numerusform>The file on disk has %n data sources the saved text does not: %1. Saving removes them from the config.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was removed since it was opened. Write the editor&apos;s text to it again?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1 changed on disk while the difference was shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed on disk while the difference was shown, so it was not saved. Save again to see the difference with the file as it is now.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::ExpansionWizard</name>
    <message>
        <source>Plan an expansion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>planning failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::ExportController</name>
    <message>
        <source>Export config</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The config holds %n password(s). They are replaced by ****** in the exported file unless you include them.</source>
        <translation>
            <numerusform>The config holds %n password. They are replaced by ****** in the exported file unless you include them.</numerusform>
            <numerusform>The config holds %n passwords. They are replaced by ****** in the exported file unless you include them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Include passwords in plain text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Really write the passwords in plain text?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a config first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statistics yet: inspect the cluster on the Dashboard first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export routing table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export HTML report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PDF report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1 (passwords included).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardPilot report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::ExportPage</name>
    <message>
        <source>Plan (plan.json) — for shardctl and the migration timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New sharding config (new-config.yaml), comments kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator runbook (runbook.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open the plan in the migration timeline after Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the plan files for review and the change ticket. Nothing runs on the cluster here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Directory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the plan to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no plan to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scripts: copy.sh, and per data source on-&lt;name&gt;/create.sql, copy.sql, purge.sql</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scripts of %1 data sources (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::FindReplaceBar</name>
    <message>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>%n replaced</numerusform>
            <numerusform>%n replaced</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthChart</name>
    <message>
        <source>Wheel: zoom. Drag: go back in time. Double click: follow now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a data source to see its charts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QPS (solid) and TPS (dashed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replica lag (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthEventModel</name>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthGrid</name>
    <message>
        <source>green</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yellow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>red</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replica lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthPage</name>
    <message>
        <source>Open a sharding config to watch its servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Freeze the picture for reading; samples are still taken and stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a data source for its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show its rows in the heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1, up %2 s, read_only %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QPS %1, TPS %2 (over %3 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connections %1 of %2, threads running %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffer pool hit ratio %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (since the start: too few reads to judge)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row lock waits %1/s, deadlocks %2/min, aborted connections %3/min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replica: %1, lag %2, GTID %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replica status: no privilege</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary logs: no privilege</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary logs: %1 files, %2, oldest %3, kept %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>until purged by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 rows (%3)%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 since the last sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest tables: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not sampling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Sampling %n server(s) every %1 s.</source>
        <translation>
            <numerusform>Sampling %n server every %1 s.</numerusform>
            <numerusform>Sampling %n servers every %1 s.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 green, %2 yellow, %3 red.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused: the picture is frozen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No verdict has changed yet. Every change is kept here with its reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n verdict change(s), the newest last.</source>
        <translation>
            <numerusform>%n verdict change, the newest last.</numerusform>
            <numerusform>%n verdict changes, the newest last.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) of %1 in the red stretch from the History page.</source>
        <translation>
            <numerusform>%n change of %1 in the red stretch from the History page.</numerusform>
            <numerusform>%n changes of %1 in the red stretch from the History page.</numerusform>
        </translation>
    </message>
    <message>
        <source>The migration run %1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration run %1 (%2) stopped the writes on %3 at %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration run %1 (%2) %3 on %4: their load is the run&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No process runs it now: continue or roll it back on the Migration page.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthSettingsDialog</name>
    <message>
        <source>Connections in use, yellow from (% of max_connections)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connections in use, red from (% of max_connections)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads running, yellow from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads running, red from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads running must last (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replica lag, yellow from (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replica lag, red from (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffer pool hit ratio, yellow below (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffer pool hit ratio, red below (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadlocks per minute, yellow from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadlocks per minute, red from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row lock waits per second, yellow from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row lock waits per second, red from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aborted connections per minute, yellow from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aborted connections per minute, red from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary logs, yellow from (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary logs, red from (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read_only on a primary is yellow (1 = yes, 0 = no)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the config&apos;s user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store its password in the keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monitor account (this cluster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A monitor account needs PROCESS, SLAVE MONITOR and BINLOG MONITOR (REPLICATION CLIENT on MySQL) to read replica status and binary logs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::HeatmapModel</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows: unknown (table missing, instance down or not inspected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size: %1 (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the logic table: %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × the mean of its logic table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not comparable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth since %1 (baseline): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth since %1 (baseline): not comparable, one count is exact and the other an InnoDB estimate (%2 then, %3 now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth since %1 (baseline): not comparable, the instance restarted since and InnoDB re-read its estimates (%2 then, %3 now); count exactly or set a new baseline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::HeatmapWidget</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data nodes to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour: rows relative to each logic table&apos;s mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour: absolute rows, one scale for all tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour: size relative to each logic table&apos;s mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour: absolute size, one scale for all tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not comparable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour: rows added since the baseline, one scale for all tables</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::HistoryPage</name>
    <message>
        <source>Reload history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crosses the limit on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Days left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand now: %1 already holds %2 rows (limit %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No table is growing toward the limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand now (it was due %1): %2 reaches %3 rows on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand before %1 (%2 reaches %3 rows first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic table %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data source %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a sharding config to see its history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The statistics history cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Not enough history yet: every Refresh on the dashboard records a snapshot (%n recorded so far).</source>
        <translation>
            <numerusform>Not enough history yet: every Refresh on the dashboard records a snapshot (%n recorded so far).</numerusform>
            <numerusform>Not enough history yet: every Refresh on the dashboard records a snapshot (%n recorded so far).</numerusform>
        </translation>
    </message>
    <message>
        <source>Forecasts need at least two snapshots taken at different times.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) from %1 to %2.</source>
        <translation>
            <numerusform>%n snapshot from %1 to %2.</numerusform>
            <numerusform>%n snapshots from %1 to %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 crosses %2 rows on %3; the advice leaves %4 days to prepare and run the expansion.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No history for %1 yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows of %1 over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QPS (health samples)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load of %1 over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows and load of %1 over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queries per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>insufficient data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not growing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beyond horizon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already above the limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>will cross</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact counts (COUNT(*))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimates (InnoDB TABLE_ROWS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) without a count of every table (no count from %1: unreachable or failed); the lines break there.</source>
        <translation>
            <numerusform>%n snapshot without a count of every table (no count from %1: unreachable or failed); the lines break there.</numerusform>
            <numerusform>%n snapshots without a count of every table (no count from %1: unreachable or failed); the lines break there.</numerusform>
        </translation>
    </message>
    <message>
        <source>Exact counts and estimates are drawn apart: the gap between them is not growth.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::KeychainDialog</name>
    <message>
        <source>Store password in keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The password is stored in the desktop&apos;s secret service (service &quot;ShardPilot&quot;), where the console and shardctl look it up for this account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storing the password for %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored the password for %1 in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::MainWindow</name>
    <message>
        <source>ShardPilot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a sharding YAML to begin (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start local &amp;sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config (YAML, passwords redacted)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routing table (JSON)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report (HTML)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report (PDF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expansion wizard…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About ShardPilot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open sharding config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ShardPilot — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 logic table(s), %3 error(s), %4 warning(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan an expansion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a sharding config without errors first (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart ShardPilot to use the new language.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About ShardPilot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;ShardPilot %1&lt;/h3&gt;&lt;p&gt;Administration console for hash-sharded MySQL and MariaDB clusters: topology, skew, routing preview, expansion planning and export.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy versions, server versions and the paths in use (no secrets) to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Servers at the last refresh:&lt;br&gt;%1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnostics copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store &amp;password in keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store password in keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a sharding config first (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;plan…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plans (plan.json *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a plan: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened the plan %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration run %1 reopened: see the Migration page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit ShardPilot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A migration step is running in this console. Quit anyway? The run is asked to pause and stops with the console; &apos;Continue&apos; (here or &apos;shardctl migrate run&apos;) resumes it from its journal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — health: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worst verdict of the cluster&apos;s servers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 changed on disk: every page shows it now (%n data source(s)).</source>
        <translation>
            <numerusform>%1 changed on disk: every page shows it now (%n data source).</numerusform>
            <numerusform>%1 changed on disk: every page shows it now (%n data sources).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 changed on disk: every page shows it now, with %n data source(s) instead of %2.</source>
        <translation>
            <numerusform>%1 changed on disk: every page shows it now, with %n data source instead of %2.</numerusform>
            <numerusform>%1 changed on disk: every page shows it now, with %n data sources instead of %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::MigrationPage</name>
    <message>
        <source>Check the replication sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistent copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicate to the new instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicate back (dual master)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleave AUTO_INCREMENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Catch up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the routing config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop replication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge the halves served elsewhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prepare the new data sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start change capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backfill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Observe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purge moved rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a step to see what it does and its SQL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export runbook (HTML)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expansion plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows to move: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes to move: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n destructive step(s)</source>
        <translation>
            <numerusform>%n destructive</numerusform>
            <numerusform>%n destructive</numerusform>
        </translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>destructive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes data: run only after the switch has been observed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DESTRUCTIVE: deletes data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no SQL: an operator action)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no plan to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export runbook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML files (*.html *.htm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows to move: %1 (exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broadcast rows to copy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;No migration plan yet&lt;/h3&gt;&lt;p&gt;Plan an expansion first (Plan ▸ Expansion wizard) and hand the plan over, or open one (File ▸ Open plan): its steps appear here as a timeline, with the SQL of each step, and a run executes them T0..T9.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan as a runbook: every step with its SQL. A run executes it on the Timeline tab (or with &apos;shardctl migrate&apos;); nothing on this tab connects to a server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a run directory for this plan and follow it on the Timeline tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::MovePairModel</name>
    <message>
        <source>client-side filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ± %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows that move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key share of the source&apos;s rows. No bound: rows sharing a sharding key move together and nothing tells how many rows the busiest keys hold. Estimate from a row sample, or count exactly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the row sample: the pair&apos;s sampled rows over the sampling rate; ± is a 3-sigma bound from the sample size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key share of the source&apos;s rows; ± is a 3-sigma bound (every key holds one row).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::MovesChart</name>
    <message>
        <source>No plan yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows moved per pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows moved per source node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the source node&apos;s rows per pair (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of each source node&apos;s rows that moves (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the %1 largest of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::MovesPage</name>
    <message>
        <source>Count &amp;exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every source → target pair of every logic table, with the rows expected to move.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per source node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact count cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Counted %n pair(s) exactly.</source>
        <translation>
            <numerusform>Counted %n pair exactly.</numerusform>
            <numerusform>Counted %n pairs exactly.</numerusform>
        </translation>
    </message>
    <message>
        <source>Errors: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows move in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n note(s) on the warnings page</source>
        <translation>
            <numerusform>%n note on the warnings page</numerusform>
            <numerusform>%n notes on the warnings page</numerusform>
        </translation>
    </message>
    <message>
        <source>All tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COUNT(*) of every pair&apos;s rows on the source servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a live cluster: refresh the dashboard first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact counts and row estimates need a live cluster: refresh the dashboard (F5), then plan again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting on the live cluster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows move in total (exact counts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows of broadcast tables are copied to the new data sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimate from &amp;sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan again with a row sample of about this many rows per logic table: every physical table is read once (each row with the same probability, seeded, so the same data gives the same sample), and each pair is estimated from the rows it has in the sample, with a bound from the sample size. The same as shardctl plan --live --sample N. 0: no sample.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row sample per logic table:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::PlanningPage</name>
    <message>
        <source>Comparing the strategies…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the comparison as an aligned text table (as `shardctl plan --compare` prints it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan expansion…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest virtual-node count per node shown in the ring balance chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual nodes up to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a config first (File ▸ Open config…, Ctrl+O): the planner compares modulo doubling, dual-master doubling and a consistent-hash ring for its cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan input could not be built.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comparison failed with an unknown error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No config loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No comparison.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline: shares of the key space only (uniform keys) — inspect the cluster (Dashboard, F5) for row and byte counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The snapshot taken at %1 has no row counts for the sharded tables: shares of the key space only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing the strategies on the cluster&apos;s row counts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No comparison: the config has errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n error(s) (Findings, Editor page): fix them before planning.</source>
        <translation>
            <numerusform>%1 has %n error (Findings, Editor page): fix it before planning.</numerusform>
            <numerusform>%1 has %n errors (Findings, Editor page): fix them before planning.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1:%2 unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimates (TABLE_ROWS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The snapshot taken at %1 has no row counts: %2. Shares of the key space only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial: row counts (%1) from the snapshot taken at %2 for every source but %3 — their rows are not included, so rows moved are lower bounds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row counts (%1) from the snapshot taken at %2; shares from the routing functions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skew after is of key shares, not rows, without the counts of %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::RedStretches</name>
    <message>
        <source>Red</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Red on %1: %2 (click for its verdict changes on the Health page)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::ReplicationTable</name>
    <message>
        <source>Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IO thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQL thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Old: binlog GTID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New: applied GTID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no replication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::RingBalanceChart</name>
    <message>
        <source>No ring balance to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Ring balance after the expansion (%n node(s))</source>
        <translation>
            <numerusform>Ring balance after the expansion (%n node)</numerusform>
            <numerusform>Ring balance after the expansion (%n nodes)</numerusform>
        </translation>
    </message>
    <message>
        <source>max/mean (fullest node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min/mean (emptiest node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>virtual nodes per node (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>load / mean load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config today: %1 virtual nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 virtual nodes: max/mean %2, min/mean %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring balance before (%1) and after (%2) the expansion</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>max, after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min, after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max, before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min, before</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::RouteModel</name>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data node (before)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data node (after)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::RoutingPage</name>
    <message>
        <source>cannot route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>String</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys, one per line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alice
bob
10086</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load keys file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop comparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type or load keys, then press Route.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a config first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a config with at least one logic table first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keys to route.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Routing %n key(s)…</source>
        <translation>
            <numerusform>Routing %n key…</numerusform>
            <numerusform>Routing %n keys…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 keys move.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) routed.</source>
        <translation>
            <numerusform>%n key routed.</numerusform>
            <numerusform>%n keys routed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) could not be routed.</source>
        <translation>
            <numerusform>%n key could not be routed.</numerusform>
            <numerusform>%n keys could not be routed.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than 64 MiB; split it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text files (*.txt *.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compare with %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::RunGate</name>
    <message>
        <source>That step cannot be continued to now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The steps up to %1 change the live cluster and need a confirmation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine is running in this console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verifying (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rolling back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>continuing the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running in this console: %1. The page follows the journal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running in another process (pid %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running in another process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page follows its journal; Continue, Verify and Rollback wait until it ends. Pause asks it to stop after its current chunk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run was rolled back. Create a new run to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed since the plan was made: %2 refuse to run. Make a new plan and a new run, or put the file back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed. The engine says: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue runs it again once the cause is fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) differ between the sources and the targets: T6 is refused until T5 is clean. Apply the repair SQL (Differences), then continue: T5 compares again.</source>
        <translation>
            <numerusform>%n row differs between the sources and the targets: T6 is refused until T5 is clean. Apply the repair SQL (Differences), then continue: T5 compares again.</numerusform>
            <numerusform>%n rows differ between the sources and the targets: T6 is refused until T5 is clean. Apply the repair SQL (Differences), then continue: T5 compares again.</numerusform>
        </translation>
    </message>
    <message>
        <source>T8 watches the old shards for writes that still follow the old routes until %1; T9 purges only after it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused during %1. Continue resumes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after %1. Next: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another process is working on this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run was rolled back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The config changed since the plan was made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run was rolled back already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to roll back: the run has not started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the source servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T4 sets read_only=1 on %1: the applications&apos; writes fail until T7 (or a rollback) lifts it. The capture must drain within %2 s, or writes are resumed and T4 fails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T6 replaces %1 with the plan&apos;s new config (the old file is kept next to it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T6 replaces %1 with the plan&apos;s new config (the old file is kept next to it) and runs the reload command: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T7 sets read_only=0 on %1: writes resume, routed by the new config. After T7 the run cannot be rolled back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T9 deletes the moved rows from the old shards (%1): %2. A row is deleted only when it is on its target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every moved row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the old instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the new instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D5 sets auto_increment_increment and auto_increment_offset on %1 and %2 (new sessions), so ids never collide while both sides take writes; D8 or a rollback restores them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D7 sets read_only=1 on %1 until every new instance has applied all their transactions (at most %2 s), replaces %3 with the plan&apos;s new config (the old file is kept next to it)%4 and sets read_only=0 again. After D7 the run cannot be rolled back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, runs the reload command %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D8 stops replication on %1 and removes it (RESET SLAVE ALL): from then on each side keeps only its own writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D9 deletes on %1 the rows the new config routes to %2, and on %2 the rows it routes to %1, in chunks; a row is deleted only when the side that owns it has it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T7 (resume writes) is refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T6 (switch the config) and T7 are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The latest comparison (%1) found %n row(s) that differ between the sources and the targets: %2 until a comparison is clean. Apply the repair SQL (Differences), then Verify.</source>
        <translation>
            <numerusform>The latest comparison (%1) found %n row that differs between the sources and the targets: %2 until a comparison is clean. Apply the repair SQL (Differences), then Verify.</numerusform>
            <numerusform>The latest comparison (%1) found %n rows that differ between the sources and the targets: %2 until a comparison is clean. Apply the repair SQL (Differences), then Verify.</numerusform>
        </translation>
    </message>
    <message>
        <source>checking the replication gates and comparing the rows (nothing is repaired)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of the new instances differ from their old instances (%1, %2): D7 is refused until a comparison is clean. Continue runs D6 again, which compares and repairs them from the old instances; Differences lists each with its repair SQL.</source>
        <translation>
            <numerusform>%n row of the new instances differs from its old instance (%1, %2): D7 is refused until a comparison is clean. Continue runs D6 again, which compares and repairs it from the old instance; Differences lists it with its repair SQL.</numerusform>
            <numerusform>%n rows of the new instances differ from their old instances (%1, %2): D7 is refused until a comparison is clean. Continue runs D6 again, which compares and repairs them from the old instances; Differences lists each with its repair SQL.</numerusform>
        </translation>
    </message>
    <message>
        <source>Replication into %1 was stopped by a row comparison whose process ended before it finished. Continue starts it again and compares again (D6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new instances replicate from the old ones (see Replication). D6 compares the rows each new instance will own with its old instance, exactly, and repairs what differs. D7 is refused until this run compared them clean, and while a replication thread stops, the lag exceeds %1 s or a new instance has transactions of its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D6 first compares the rows each new instance will own with its old instance and repairs what differs on the new instance; D7 is refused while anything still differs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rate limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads_running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replica lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause requested: the engine stops at its next pause point (in %1); the other steps run to their end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The doubling is complete: each side purged the half it no longer owns (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is complete: the moved rows were purged from the old shards (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted during %1: the process that ran it ended before the step did. Continue resumes it from the journal and the servers&apos; checkpoints.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WRITES ARE STOPPED (read_only=1 on the source servers) since %1. Continue to %2 resumes them on the new config; a rollback resumes them on the old one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The throttle holds the work back: %1 The work goes on by itself once the cause is gone (migrate throttle changes the limits).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The throttle held the work back %1 s in all (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started. Continue runs %1 first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify compares the rows: it needs %1 done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes follow the new config since %1: the old servers no longer match the new ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes were resumed on the new config (%1): rollback is only possible before %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped (see the gate above): why go on anyway? (goes into the audit log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped (see the gate above); %2 goes on only for a reason: why? (goes into the audit log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the target servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>puts the old config back into %1 (%2 replaced it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sets read_only=0 on %1: writes resume on the old config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drops the pre-verification triggers on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stops replication into %1, removes it and sets their replication position back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restores auto_increment_increment and auto_increment_offset on %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marks the run rolled back: it cannot be continued; a new run starts over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also drop what was seeded on the new instances (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also drop the target tables the run created (DROP TABLE on %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (shardctl migrate status lists them all).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 key %2 → %3: %n write(s), the last at %4</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — carry forward copies the old shard&apos;s row to the new node if the new node was not written since the switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and the other open keys the same way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each change on a new node runs in its own transaction with the row locked, and is written to the audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>carrying the writes of stale routes forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes of stale routes are carried forward between T7 and T9.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T8 has seen no open write of a stale route.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applied to %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not started)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reverse stream: %1 change(s) made on the new nodes carried back to the old shards, %2 left because the old shard had changed the row itself%3. %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (last look %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up to date at the last look.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Behind: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) moved by this run were written on their old shards after the switch: a service still routes with the old config, and T9 would delete those writes. Fix that service, then Carry forward: each write goes to its new node where the new node was not written since the switch; a key written on both sides is shown with both versions and changed only as you choose. T8 then reads on from where it stopped. Or roll back: the old config returns and those keys keep the old shards&apos; version.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 has begun removing the moved rows from the old servers: the run cannot go back any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sets read_only=1 on %1: the writes the new config sends there fail until the rollback ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applies what is left of the new nodes&apos; changes to the old shards (the reverse stream) and compares every moved row on both sides; any difference stops the rollback and writes resume on the new nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>puts the old config back into %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs no reload command (none is set): reload the services with the old config yourself; a service still on the new config writes to the new nodes, where nothing carries it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs the reload command &apos;%1&apos; (its time is reported apart from the write stop); if it fails, the new nodes stay read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sets read_only=0 on %1 and reports how long writes to moved rows were stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) written on the old shards by stale routes keep the old shards&apos; version: with the old config back they are where the services read them</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>waits until the old instances have applied everything the new ones took since the switch (new -&gt; old replication); if they cannot, writes resume on the new instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs the reload command &apos;%1&apos;; if it fails, the new instances stay read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuts replication both ways, restores auto_increment and the GTID domain, sets read_only=0 on %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::RunNotes</name>
    <message>
        <source>No reload command is set: nothing tells the applications&apos; services to read the new config. D7 lets writes resume right after the switch, so until you reload them yourself they keep writing by the old config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reload command is set: nothing tells the applications&apos; services to read the new config. T7 lets writes resume; services still on the old config then write to the old shards (T8 reports such writes). Continue to T6 first, reload the services yourself, then continue to T7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reload command is set: after T6, reload the applications&apos; services yourself, then continue to T7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 switched the config at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 switched the config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reload command was set: nothing told the applications&apos; services that %1 changed. Reload them yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; ran (see the audit log).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; ended at %2 after %3 s (exit 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; failed at %2 after %3 s (exit %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; failed at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It printed nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It printed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The services that were reloaded with the new config must be reloaded again with the old one: the rollback tells nobody.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rollback does not run the reload command &apos;%1&apos;: reload the services yourself once the old config is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 found no differences: every compared row is identical on both sides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 found %n row(s) that differ. They are listed on the &lt;a href=&quot;#differences&quot;&gt;Differences&lt;/a&gt; tab, each with the SQL that repairs its target.</source>
        <translation>
            <numerusform>%1 found %n row that differs. It is listed on the &lt;a href=&quot;#differences&quot;&gt;Differences&lt;/a&gt; tab, with the SQL that repairs its target.</numerusform>
            <numerusform>%1 found %n rows that differ. They are listed on the &lt;a href=&quot;#differences&quot;&gt;Differences&lt;/a&gt; tab, each with the SQL that repairs its target.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::RunPanel</name>
    <message>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rollback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a run directory for the plan, as &apos;shardctl migrate create&apos; does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow a run directory made here or by &apos;shardctl migrate create&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop following this run here (the run directory stays as it is)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run stops after this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rollback…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a difference to see the SQL that repairs its target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Differences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OS user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the engine says while it runs in this console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rollback stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine still runs on %1 in this console; the page follows it until it ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running in another process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped at a gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writes stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan an expansion first (Plan ▸ Expansion wizard) or open a plan (File ▸ Open plan)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run of this plan yet. A run executes it T0..T9 on the cluster, with a gate before every step; it can be continued here or with &apos;shardctl migrate run&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run. Plan an expansion and hand it over, or open a run directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the run in %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the run in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run directory: %1
Config: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (at %2 %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause requested already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Differences (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No differences: T5 (or Verify) found every target row identical to its source, or has not compared yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) differ; the first %1 are listed. Each comes with the SQL that repairs its target.</source>
        <translation>
            <numerusform>%n row differs; the first %1 are listed. Each comes with the SQL that repairs its target.</numerusform>
            <numerusform>%n rows differ; the first %1 are listed. Each comes with the SQL that repairs its target.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) differ. Each comes with the SQL that repairs its target.</source>
        <translation>
            <numerusform>%n row differs. It comes with the SQL that repairs its target.</numerusform>
            <numerusform>%n rows differ. Each comes with the SQL that repairs its target.</numerusform>
        </translation>
    </message>
    <message>
        <source>Writes stopped %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write stop: %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine says: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll back the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rollback:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot ask for a pause: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pause requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine is running in this console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run created in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a run directory (no run.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run belongs to %1; open that config first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extra</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>different</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHA2-256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify hashes every row with SHA2-256 instead of CRC32 and CRC32C: it also finds a change crafted to keep both CRCs (for audits; more server CPU)</source>
        <translation></translation>
    </message>
    <message>
        <source>definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No differences: D6 (or Verify) found every row a new instance will own identical to its old instance, or has not compared yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the steps up to the chosen one; the steps that change the live cluster (%1) ask first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the engine to stop at its next pause point (in %1; between steps otherwise); &apos;Continue&apos; resumes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the rows again (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before %1: put the old config back and lift read_only; optionally drop what the run created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read_only=1 on the old servers since %1; %3 holds it at most %2 s for the new instances to apply everything, then switches the config and lifts it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read_only=1 on the source servers since %1; %3 may hold it %2 s to drain the capture, then it lasts until %4 or a rollback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long writes were stopped (during %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long writes were stopped (%1 to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continuing to %1 changes the live cluster:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Carry forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Carry forward…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Carry the writes of stale routes to the new nodes (T8&apos;s open keys)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Carry forward the writes of stale routes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For each key written on its old shard after the switch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys written on both sides since the switch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List them and leave both versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the new node&apos;s row (the old shard&apos;s write is deleted by T9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the old shard&apos;s row (it replaces the new node&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until the purge: stop writes on the new nodes, carry the rest of their changes back, compare, put the old config back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes to moved rows stopped %1 (rollback)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read_only=1 on the new nodes since %1 while the rollback carries their last changes back and compares</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(reload command %1 s of it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rollback: %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reload command took most of the stop: the services&apos; reload is the switch window&apos;s limit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::SandboxLauncher</name>
    <message>
        <source>Cannot create the sandbox directory %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language applies after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard auto-refresh:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row limit per physical table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox directory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look up passwords in the OS keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After the config, SHARDPILOT_PASSWORD variables and option files (a sandbox&apos;s app.cnf, ~/.my.cnf), ask the desktop&apos;s secret service, as shardctl does. Tools &gt; Store password in keychain saves one there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passwords:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::SkewPanel</name>
    <message>
        <source>Max / mean:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variation (CV):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gini:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty nodes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No statistics yet: press Refresh (F5) to inspect the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data node of %1 has a row count yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× — the fullest node (%2) holds %1 times the average node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % — a typical node is this far from the average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — 0 is perfectly even, %2 means every row on one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 — these nodes hold no row; if they never will, check the database and table strategies (shardctl lint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown: no row counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: no rows yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balanced: max is %1× the mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mild skew: %1 holds %2× the mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>severe skew: %1 holds %2× the mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 of %2 nodes empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>; %n node(s) without a count</source>
        <translation>
            <numerusform>; %n node without a count</numerusform>
            <numerusform>; %n nodes without a count</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::StepperWidget</name>
    <message>
        <source>started %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine says: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::StrategyBarChart</name>
    <message>
        <source>%1 (not possible)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No strategies to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of rows moved vs copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moved (data node changes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copied (physically)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows moved vs copied (snapshot counts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows (millions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows moved vs copied (snapshot counts; at least: %1 not counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (rows unknown)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::StrategyPage</name>
    <message>
        <source>Expansion strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How should the cluster grow? Every strategy is planned on the loaded config and, when the dashboard has inspected the cluster, on its row counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Modulo doubling (N → 2N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doubles the databases: with hash % 2N a row of database i stays or moves to database i+N; exactly the rows with hash % 2N ≥ N move, found by a SQL predicate when the algorithm has a SQL form.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dual-master doubling (N → 2N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each old instance gets a replica kept in sync; the config switches from % N to % 2N, replication is cut and each side deletes the half it no longer owns. No copy during the switch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistent-hash &amp;ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add or remove ring nodes or change the virtual-node count; only the arcs taken over move, each a CRC32 BETWEEN range. Converting a modulo config to a ring remaps most keys once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General re&amp;map (N → M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any new database count: every row whose old and new routes differ moves.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::TargetPage</name>
    <message>
        <source>New database count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How far to grow, and where the new data sources live.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Databases after the change:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comma-separated data source names, e.g. ds_3,ds_4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes to &amp;add:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Virtual nodes per node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JDBC URL (jdbc:mysql://host:port/db)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URLs of the new data sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2 databases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modulo doubling always doubles the sharded databases (%1 now).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dual-master doubling gives each of the %1 instances a replica that becomes a new database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster has %1 sharded databases. Choose how many it should have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ring has %1 nodes (data sources). New nodes need a URL below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row limit per physical table: %1 (Settings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working out the new data sources…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan for this target: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan adds no data source.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URLs checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL of %1 must look like jdbc:mysql://host:port/db.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sandbox&apos;s spare instances are filled in; every other new data source needs the URL of a schema of its own (nothing is guessed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the URL of %1 (jdbc:mysql://host:port/schema, a schema of its own): without one there is nowhere to create and copy to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;move nodes (drain them into the others)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick the nodes to take off the ring: only the arcs they own move, each to the node that follows on the ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes to remove:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ring has %1 nodes (data sources). The arcs of the nodes you tick move to the nodes that follow them on the ring; no URL is needed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::TopologyModel</name>
    <message>
        <source>not inspected yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(default schema)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data source is not declared in the config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≥ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial: a table below has no count (instance down or count failed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>access denied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::TopologyPage</name>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (not sharded at this level)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name (e.g. t_messages_3 or db1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;No config loaded. Open one from the Welcome page (Ctrl+O).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a node to see its details.&lt;/p&gt;&lt;p&gt;The cluster has not been inspected yet: status, rows and sizes appear after the Dashboard inspects it.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a node to see its details.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm %1 (%2 %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>algorithm %1 is not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharding strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actual data nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written in the config file (exports redact it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binlog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size (data + index)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(partial: a table below has no count)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::WarningsPage</name>
    <message>
        <source>I have read the errors and still want to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings and assumptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the planner found about this change, and what its numbers assume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assumptions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No warnings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s) need your attention before you export.</source>
        <translation>
            <numerusform>%n error needs your attention before you export.</numerusform>
            <numerusform>%n errors need your attention before you export.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s), no errors.</source>
        <translation>
            <numerusform>%n warning, no errors.</numerusform>
            <numerusform>%n warnings, no errors.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::WelcomePage</name>
    <message>
        <source>fsharechat, CRC32 routing (4 databases x 4 tables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fsharechat, the reference article&apos;s config (has defects)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Native algorithms (MOD, HASH_MOD, INLINE, ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h1&gt;ShardPilot&lt;/h1&gt;&lt;p&gt;See how rows spread over your shards, check a sharding config, preview routing and plan expansions.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a sharding config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a config file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent configs (double-click to open):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or open an example:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local sandbox cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts local MariaDB instances with the fsharechat schema and demo data, then opens their config. Nothing leaves this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the local sandbox cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox running; opened %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current config: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the sandbox in %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sp::ui::WhatIfModel</name>
    <message>
        <source>Modulo doubling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modulo remap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dual-master doubling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistent-hash ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fraction of the rows whose data node changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fraction of the rows physically copied (dual-master copies every instance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected rows of the fullest data source / mean, after the change (worst table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs row counts: inspect the cluster on the Dashboard (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feasible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skew after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharded data sources before → after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max/mean rows per data source after the change (1.000 = even)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected time writes are stopped (hover a cell for the assumption)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator steps of the runbook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes (partial: no counts from %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≥ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row figures count only the sources the snapshot has rows for; no counts from %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (key shares)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of key shares, not rows: no row count from %1 (an instance down or a count that failed), so hot keys and uneven tables do not show. With every count it is of rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of key shares (uniform keys): without row counts, or with fewer than 1,000 rows per data source, rows would only add noise</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
