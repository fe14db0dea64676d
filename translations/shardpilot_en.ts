<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ConfigFormPanel</name>
    <message>
        <source>Apply</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data source</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>URL:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Username:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Passwords are not edited here: keep them in the keychain or a MySQL option file, never in the YAML.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sharding algorithm</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Type:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>sharding-count:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Logic table:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data nodes:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 url</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 username</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 type = %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 sharding-count = %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 data nodes</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DashboardPage</name>
    <message>
        <source>Inspected %1 of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Size (data + index)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Growth since last refresh</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Log scale</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Brightness of the colour scale</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Contrast of the colour scale</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspect the cluster now (F5)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Logic table:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Brightness:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Contrast:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skew</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Selected data node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Click a cell of the heatmap.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspecting…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspecting the cluster…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(history not saved: %1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspection failed: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspection cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a sharding config first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cluster inspection is not available in this build.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>All tables</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No statistics yet: press Refresh (F5) to inspect the cluster.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Most skewed: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No data node has a row count yet.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows per data source (all tables)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows per data source (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>— the %1 largest of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not inspected yet. Press Refresh (F5).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (%2:%3): %4</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Inspected %1 — %2 of %3 instances reachable, %4 counts.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>estimated</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unreachable: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No statistics for this node.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The table does not exist on the server.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows: %1 (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>estimate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data: %1, index: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Next AUTO_INCREMENT: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Instance %1:%2 reachable, %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Instance %1:%2 unreachable: %3</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>EditorPage</name>
    <message>
        <source>Severity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Find</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Replace</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reload from disk</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a sharding config to edit it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (modified)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>untitled.yaml</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Message (%1 errors, %2 warnings)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not changed (%1): %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Changed %1. Undo with Ctrl+Z.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save %1?</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n line(s) change. The previous file is kept as %1.</source>
        <translation><numerusform>%n line change. The previous file is kept as %1.</numerusform><numerusform>%n lines change. The previous file is kept as %1.</numerusform></translation>
    </message>
    <message>
        <source>Nothing to save: no file is open.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>File changed on disk</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Overwrite it with the editor's text? (The diff against the file on disk comes next.)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No changes to save.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not saved: cannot write the backup %1.bak: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Saved %1 (previous version in %2.bak).</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <source>Export config</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>The config holds %n password(s). They are replaced by ****** in the exported file unless you include them.</source>
        <translation><numerusform>The config holds %n password. They are replaced by ****** in the exported file unless you include them.</numerusform><numerusform>The config holds %n passwords. They are replaced by ****** in the exported file unless you include them.</numerusform></translation>
    </message>
    <message>
        <source>Include passwords in plain text</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Really write the passwords in plain text?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a config first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No statistics yet: inspect the cluster on the Dashboard first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>YAML files (*.yaml *.yml)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export routing table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export statistics</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export HTML report</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export PDF report</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Wrote %1 (passwords included).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ShardPilot report: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>FindReplaceBar</name>
    <message>
        <source>Find</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Replace with</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Match case</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Previous</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Replace</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Replace all</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not found</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation><numerusform>%n replaced</numerusform><numerusform>%n replaced</numerusform></translation>
    </message>
</context>
<context>
    <name>HeatmapModel</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Value: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows: unknown (table missing, instance down or not inspected)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Size: %1 (%2 bytes)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Growth since last refresh: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Share of the logic table: %1 %</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>HeatmapWidget</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No data nodes to show</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>log scale</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>linear scale</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message>
        <source>Reload history</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Growth of:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Physical table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows now</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows per day</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Crosses the limit on</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Days left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Expand now: %1 already holds %2 rows (limit %3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No table is growing toward the limit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Expand now (it was due %1): %2 reaches %3 rows on %4</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Expand before %1 (%2 reaches %3 rows first)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Logic table %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data source %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a sharding config to see its history.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The statistics history cannot be opened: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Not enough history yet: every Refresh on the dashboard records a snapshot (%n recorded so far).</source>
        <translation><numerusform>Not enough history yet: every Refresh on the dashboard records a snapshot (%n recorded so far).</numerusform><numerusform>Not enough history yet: every Refresh on the dashboard records a snapshot (%n recorded so far).</numerusform></translation>
    </message>
    <message>
        <source>Forecasts need at least two snapshots taken at different times.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) from %1 to %2.</source>
        <translation><numerusform>%n snapshot from %1 to %2.</numerusform><numerusform>%n snapshots from %1 to %2.</numerusform></translation>
    </message>
    <message>
        <source>%1 crosses %2 rows on %3; the advice leaves %4 days to prepare and run the expansion.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No history for %1 yet</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows of %1 over time</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rows</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>%1 is not available in this build.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ShardPilot</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Welcome</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Routing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Editor</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a sharding YAML to begin (Ctrl+O).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Open config…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Start local &amp;sandbox</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Config (YAML, passwords redacted)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Routing table (JSON)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Statistics (CSV)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Report (HTML)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Report (PDF)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;About ShardPilot</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open sharding config</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ShardPilot — %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2 logic table(s), %3 error(s), %4 warning(s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Clear the list</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Restart ShardPilot to use the new language.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About ShardPilot</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;h3&gt;ShardPilot %1&lt;/h3&gt;&lt;p&gt;Administration console for hash-sharded MySQL and MariaDB clusters: topology, skew, routing preview, expansion planning and export.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RouteModel</name>
    <message>
        <source>error: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data node (before)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data node (after)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RoutingPage</name>
    <message>
        <source>cannot route</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Logic table:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Auto</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>String</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Integer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Key type:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Keys, one per line:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>alice
bob
10086</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load keys file…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare with config…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop comparing</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Type or load keys, then press Route.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a config first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a config with at least one logic table first.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No keys to route.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Routing %n key(s)…</source>
        <translation><numerusform>Routing %n key…</numerusform><numerusform>Routing %n keys…</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2 keys move.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n key(s) routed.</source>
        <translation><numerusform>%n key routed.</numerusform><numerusform>%n keys routed.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) could not be routed.</source>
        <translation><numerusform>%n key could not be routed.</numerusform><numerusform>%n keys could not be routed.</numerusform></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is larger than 64 MiB; split it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Load keys</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Text files (*.txt *.csv);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot compare with %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Comparing with %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare with config</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SandboxLauncher</name>
    <message>
        <source>Cannot find the command-line tool at %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot create the sandbox directory %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot run %1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The sandbox did not start (exit code %1): %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The sandbox started but %1 does not exist.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Language:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A new language applies after a restart.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dashboard auto-refresh:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Row limit per physical table:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sandbox directory:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sandbox directory</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>SkewPanel</name>
    <message>
        <source>Max / mean:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Variation (CV):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Gini:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Empty nodes:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No statistics yet: press Refresh (F5) to inspect the cluster.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skew</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No data node of %1 has a row count yet.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1× — the fullest node (%2) holds %1 times the average node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 % — a typical node is this far from the average</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — 0 is perfectly even, %2 means every row on one node</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 of %2 — these nodes hold no row; if they never will, check the database and table strategies (shardctl lint)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none of %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>(%n node(s) without a row count are left out)</source>
        <translation><numerusform>(%n node without a row count are left out)</numerusform><numerusform>(%n nodes without a row count are left out)</numerusform></translation>
    </message>
</context>
<context>
    <name>TopologyModel</name>
    <message>
        <source>not inspected yet</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unreachable</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>read-only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>missing table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>has problems</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data sources</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(default schema)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>data source is not declared in the config</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Logic tables</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>TopologyPage</name>
    <message>
        <source>not set</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none (not sharded at this level)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>standard</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>complex</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>hint</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Filter by name (e.g. t_messages_3 or db1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Problems only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;p&gt;No config loaded. Open one from the Welcome page (Ctrl+O).&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;p&gt;Select a node to see its details.&lt;/p&gt;&lt;p&gt;The cluster has not been inspected yet: status, rows and sizes appear after the Dashboard inspects it.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;p&gt;Select a node to see its details.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>column %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>algorithm %1 (%2 %3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>algorithm %1 is not defined</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sharding strategy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Database strategy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Table strategy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Actual data nodes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data source</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Schema</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>written in the config file (exports redact it)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read-only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Binlog</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Physical table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Size (data + index)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Logic table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Data nodes</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>fsharechat, CRC32 routing (4 databases x 4 tables)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>fsharechat, the reference article's config (has defects)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Native algorithms (MOD, HASH_MOD, INLINE, ...)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;h1&gt;ShardPilot&lt;/h1&gt;&lt;p&gt;See how rows spread over your shards, check a sharding config, preview routing and plan expansions.&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a sharding config</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a config file…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Recent configs (double-click to open):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Or open an example:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Local sandbox cluster</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Starts local MariaDB instances with the fsharechat schema and demo data, then opens their config. Nothing leaves this machine.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Start the local sandbox cluster</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sandbox running; opened %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Current config: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(none yet)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Starting the sandbox in %1…</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>