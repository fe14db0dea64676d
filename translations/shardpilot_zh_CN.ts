<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>sp::ui::ConfigFormPanel</name>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Data source</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL：</translation>
    </message>
    <message>
        <source>Username:</source>
        <translation>用户名：</translation>
    </message>
    <message>
        <source>Passwords are not edited here: keep them in the keychain or a MySQL option file, never in the YAML.</source>
        <translation>此处不编辑密码：请保存在钥匙串或 MySQL 选项文件中，切勿写入 YAML。</translation>
    </message>
    <message>
        <source>Sharding algorithm</source>
        <translation>分片算法</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>sharding-count:</source>
        <translation>分片数（sharding-count）：</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation>逻辑表：</translation>
    </message>
    <message>
        <source>Data nodes:</source>
        <translation>数据节点：</translation>
    </message>
    <message>
        <source>%1 url</source>
        <translation>%1 的 URL</translation>
    </message>
    <message>
        <source>%1 username</source>
        <translation>%1 的用户名</translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation>没有变更。</translation>
    </message>
    <message>
        <source>%1 type = %2</source>
        <translation>%1 类型 = %2</translation>
    </message>
    <message>
        <source>%1 sharding-count = %2</source>
        <translation>%1 分片数 = %2</translation>
    </message>
    <message>
        <source>%1 data nodes</source>
        <translation>%1 的数据节点</translation>
    </message>
</context>
<context>
    <name>sp::ui::DashboardPage</name>
    <message>
        <source>Inspected %1 of %2</source>
        <translation>已检查 %1 / %2</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Size (data + index)</source>
        <translation>大小（数据 + 索引）</translation>
    </message>
    <message>
        <source>Growth since last refresh</source>
        <translation>自上次刷新以来的增长</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>Brightness of the colour scale</source>
        <translation>色阶亮度</translation>
    </message>
    <message>
        <source>Contrast of the colour scale</source>
        <translation>色阶对比度</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Inspect the cluster now (F5)</source>
        <translation>立即检查集群（F5）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation>逻辑表：</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Brightness:</source>
        <translation>亮度：</translation>
    </message>
    <message>
        <source>Contrast:</source>
        <translation>对比度：</translation>
    </message>
    <message>
        <source>Skew</source>
        <translation>倾斜度</translation>
    </message>
    <message>
        <source>Selected data node</source>
        <translation>所选数据节点</translation>
    </message>
    <message>
        <source>Click a cell of the heatmap.</source>
        <translation>请点击热力图中的一个单元格。</translation>
    </message>
    <message>
        <source>Inspecting…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Inspecting the cluster…</source>
        <translation>正在检查集群…</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>(history not saved: %1)</source>
        <translation>（历史未保存：%1）</translation>
    </message>
    <message>
        <source>Inspection failed: %1</source>
        <translation>检查失败：%1</translation>
    </message>
    <message>
        <source>Inspection cancelled.</source>
        <translation>检查已取消。</translation>
    </message>
    <message>
        <source>Open a sharding config first.</source>
        <translation>请先打开一个分片配置。</translation>
    </message>
    <message>
        <source>Cluster inspection is not available in this build.</source>
        <translation>此版本不支持集群检查。</translation>
    </message>
    <message>
        <source>All tables</source>
        <translation>所有表</translation>
    </message>
    <message>
        <source>No statistics yet: press Refresh (F5) to inspect the cluster.</source>
        <translation>尚无统计数据：按“刷新”（F5）检查集群。</translation>
    </message>
    <message>
        <source>Most skewed: %1</source>
        <translation>倾斜最严重：%1</translation>
    </message>
    <message>
        <source>No data node has a row count yet.</source>
        <translation>尚无任何数据节点的行数。</translation>
    </message>
    <message>
        <source>Rows per data source (all tables)</source>
        <translation>各数据源行数（所有表）</translation>
    </message>
    <message>
        <source>Rows per data source (%1)</source>
        <translation>各数据源行数（%1）</translation>
    </message>
    <message>
        <source>— the %1 largest of %2</source>
        <translation>— %2 个中最大的 %1 个</translation>
    </message>
    <message>
        <source>Not inspected yet. Press Refresh (F5).</source>
        <translation>尚未检查。请按“刷新”（F5）。</translation>
    </message>
    <message>
        <source>%1 (%2:%3): %4</source>
        <translation>%1（%2:%3）：%4</translation>
    </message>
    <message>
        <source>Inspected %1 — %2 of %3 instances reachable, %4 counts.</source>
        <translation>检查于 %1 — %3 个实例中 %2 个可达，%4计数。</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>Unreachable: %1</source>
        <translation>不可达：%1</translation>
    </message>
    <message>
        <source>No statistics for this node.</source>
        <translation>此节点没有统计数据。</translation>
    </message>
    <message>
        <source>The table does not exist on the server.</source>
        <translation>服务器上不存在该表。</translation>
    </message>
    <message>
        <source>Rows: %1 (%2)</source>
        <translation>行数：%1（%2）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>estimate</source>
        <translation>估算值</translation>
    </message>
    <message>
        <source>Data: %1, index: %2</source>
        <translation>数据：%1，索引：%2</translation>
    </message>
    <message>
        <source>Next AUTO_INCREMENT: %1</source>
        <translation>下一个 AUTO_INCREMENT：%1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Instance %1:%2 reachable, %3</source>
        <translation>实例 %1:%2 可达，%3</translation>
    </message>
    <message>
        <source>Instance %1:%2 unreachable: %3</source>
        <translation>实例 %1:%2 不可达：%3</translation>
    </message>
    <message>
        <source>Relative to the table&apos;s mean</source>
        <translation>相对于该表的平均值</translation>
    </message>
    <message>
        <source>Absolute</source>
        <translation>绝对值</translation>
    </message>
    <message>
        <source>Relative: each cell against the mean of its logic table, so the skew of small tables shows next to large ones. Absolute: one scale for all.</source>
        <translation>相对：每个单元格与其逻辑表的平均值相比，小表的倾斜也能与大表一同看出。绝对值：所有表共用一个刻度。</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>颜色：</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>sp::ui::EditorPage</name>
    <message>
        <source>Severity</source>
        <translation>严重级别</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Reload from disk</source>
        <translation>从磁盘重新加载</translation>
    </message>
    <message>
        <source>Open a sharding config to edit it.</source>
        <translation>打开一个分片配置以编辑。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 (modified)</source>
        <translation>%1（已修改）</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>untitled.yaml</source>
        <translation>未命名.yaml</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Message (%1 errors, %2 warnings)</source>
        <translation>消息（%1 个错误，%2 个警告）</translation>
    </message>
    <message>
        <source>Not changed (%1): %2</source>
        <translation>未更改（%1）：%2</translation>
    </message>
    <message>
        <source>Changed %1. Undo with Ctrl+Z.</source>
        <translation>已更改 %1。按 Ctrl+Z 撤销。</translation>
    </message>
    <message>
        <source>Save %1?</source>
        <translation>保存 %1？</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) change. The previous file is kept as %1.</source>
        <translation>
            <numerusform>%n 行有变更。原文件保留为 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to save: no file is open.</source>
        <translation>无需保存：没有打开的文件。</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>文件已在磁盘上被修改</translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Overwrite it with the editor&apos;s text? (The diff against the file on disk comes next.)</source>
        <translation>%1 在打开后已被其他程序修改。要用编辑器中的内容覆盖它吗？（接下来会显示与磁盘文件的差异。）</translation>
    </message>
    <message>
        <source>No changes to save.</source>
        <translation>没有需要保存的更改。</translation>
    </message>
    <message>
        <source>Not saved: cannot write the backup %1.bak: %2</source>
        <translation>未保存：无法写入备份 %1.bak：%2</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Saved %1 (previous version in %2.bak).</source>
        <translation>已保存 %1（旧版本在 %2.bak）。</translation>
    </message>
    <message numerus="yes">
        <source>The config has %n error(s) (listed below the editor). It can be saved, but planning and the expansion wizard refuse it until they are fixed.</source>
        <translation>
            <numerusform>配置中有 %n 个错误（列在编辑器下方）。仍可保存，但在修复之前，规划和扩容向导都不会使用它。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>It has %n error(s).</source>
        <translation>
            <numerusform>其中有 %n 个错误。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::ExpansionWizard</name>
    <message>
        <source>Plan an expansion</source>
        <translation>规划扩容</translation>
    </message>
    <message>
        <source>planning failed</source>
        <translation>规划失败</translation>
    </message>
</context>
<context>
    <name>sp::ui::ExportController</name>
    <message>
        <source>Export config</source>
        <translation>导出配置</translation>
    </message>
    <message numerus="yes">
        <source>The config holds %n password(s). They are replaced by ****** in the exported file unless you include them.</source>
        <translation>
            <numerusform>配置中含有 %n 个密码。除非选择包含，否则导出文件中将以 ****** 代替。</numerusform>
        </translation>
    </message>
    <message>
        <source>Include passwords in plain text</source>
        <translation>以明文包含密码</translation>
    </message>
    <message>
        <source>Really write the passwords in plain text?</source>
        <translation>确定要以明文写入密码吗？</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Open a config first.</source>
        <translation>请先打开一个配置。</translation>
    </message>
    <message>
        <source>No statistics yet: inspect the cluster on the Dashboard first.</source>
        <translation>尚无统计数据：请先在“仪表盘”中检查集群。</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml)</source>
        <translation>YAML 文件 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Export routing table</source>
        <translation>导出路由表</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export statistics</source>
        <translation>导出统计数据</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export HTML report</source>
        <translation>导出 HTML 报告</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML 文件 (*.html)</translation>
    </message>
    <message>
        <source>Export PDF report</source>
        <translation>导出 PDF 报告</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>Wrote %1 (passwords included).</source>
        <translation>已写入 %1（含密码）。</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>ShardPilot report: %1</source>
        <translation>ShardPilot 报告：%1</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>sp::ui::ExportPage</name>
    <message>
        <source>Plan (plan.json) — for shardctl and the migration timeline</source>
        <translation>方案（plan.json）— 供 shardctl 和迁移时间线使用</translation>
    </message>
    <message>
        <source>New sharding config (new-config.yaml), comments kept</source>
        <translation>新的分片配置（new-config.yaml），保留注释</translation>
    </message>
    <message>
        <source>SQL scripts (create.sql, copy.sql, purge.sql)</source>
        <translation>SQL 脚本（create.sql、copy.sql、purge.sql）</translation>
    </message>
    <message>
        <source>Operator runbook (runbook.html)</source>
        <translation>运行手册（runbook.html）</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Open the plan in the migration timeline after Finish</source>
        <translation>完成后在迁移时间线中打开该方案(&amp;O)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Write the plan files for review and the change ticket. Nothing runs on the cluster here.</source>
        <translation>写出方案文件，用于评审和变更工单。此处不会在集群上执行任何操作。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>&amp;Directory:</source>
        <translation>目录(&amp;D)：</translation>
    </message>
    <message>
        <source>Export the plan to</source>
        <translation>将方案导出到</translation>
    </message>
    <message>
        <source>There is no plan to export.</source>
        <translation>没有可导出的方案。</translation>
    </message>
    <message>
        <source>Choose a directory.</source>
        <translation>请选择一个目录。</translation>
    </message>
    <message>
        <source>%1: cannot create the directory</source>
        <translation>%1：无法创建目录</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation>已将 %1 写入 %2</translation>
    </message>
</context>
<context>
    <name>sp::ui::FindReplaceBar</name>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Replace with</source>
        <translation>替换为</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation>全部替换</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>已替换 %n 处</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::HeatmapModel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Value: %1</source>
        <translation>值：%1</translation>
    </message>
    <message>
        <source>Rows: %1</source>
        <translation>行数：%1</translation>
    </message>
    <message>
        <source>Rows: unknown (table missing, instance down or not inspected)</source>
        <translation>行数：未知（表缺失、实例宕机或尚未检查）</translation>
    </message>
    <message>
        <source>Size: %1 (%2 bytes)</source>
        <translation>大小：%1（%2 字节）</translation>
    </message>
    <message>
        <source>Growth since last refresh: %1</source>
        <translation>自上次刷新以来的增长：%1</translation>
    </message>
    <message>
        <source>Share of the logic table: %1 %</source>
        <translation>占逻辑表的比例：%1 %</translation>
    </message>
    <message>
        <source>%1 × the mean of its logic table</source>
        <translation>为其逻辑表平均值的 %1 倍</translation>
    </message>
</context>
<context>
    <name>sp::ui::HeatmapWidget</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>No data nodes to show</source>
        <translation>没有可显示的数据节点</translation>
    </message>
    <message>
        <source>?</source>
        <translation>？</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>linear scale</source>
        <translation>线性刻度</translation>
    </message>
    <message>
        <source>%1× mean</source>
        <translation>均值的 %1 倍</translation>
    </message>
    <message>
        <source>Colour: rows relative to each logic table&apos;s mean</source>
        <translation>颜色：行数相对于各逻辑表的平均值</translation>
    </message>
    <message>
        <source>Colour: absolute rows, one scale for all tables</source>
        <translation>颜色：行数绝对值，所有表共用一个刻度</translation>
    </message>
    <message>
        <source>Colour: size relative to each logic table&apos;s mean</source>
        <translation>颜色：大小相对于各逻辑表的平均值</translation>
    </message>
    <message>
        <source>Colour: absolute size, one scale for all tables</source>
        <translation>颜色：大小绝对值，所有表共用一个刻度</translation>
    </message>
    <message>
        <source>Colour: rows added since the last refresh, one scale for all tables</source>
        <translation>颜色：自上次刷新以来新增的行数，所有表共用一个刻度</translation>
    </message>
</context>
<context>
    <name>sp::ui::HistoryPage</name>
    <message>
        <source>Reload history</source>
        <translation>重新加载历史</translation>
    </message>
    <message>
        <source>Growth of:</source>
        <translation>增长对象：</translation>
    </message>
    <message>
        <source>Physical table</source>
        <translation>物理表</translation>
    </message>
    <message>
        <source>Rows now</source>
        <translation>当前行数</translation>
    </message>
    <message>
        <source>Rows per day</source>
        <translation>每日行数</translation>
    </message>
    <message>
        <source>Crosses the limit on</source>
        <translation>超过上限的日期</translation>
    </message>
    <message>
        <source>Days left</source>
        <translation>剩余天数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Expand now: %1 already holds %2 rows (limit %3)</source>
        <translation>请立即扩容：%1 已有 %2 行（上限 %3）</translation>
    </message>
    <message>
        <source>No table is growing toward the limit</source>
        <translation>没有表在向上限增长</translation>
    </message>
    <message>
        <source>Expand now (it was due %1): %2 reaches %3 rows on %4</source>
        <translation>请立即扩容（原定于 %1）：%2 将于 %4 达到 %3 行</translation>
    </message>
    <message>
        <source>Expand before %1 (%2 reaches %3 rows first)</source>
        <translation>请在 %1 之前扩容（%2 最先达到 %3 行）</translation>
    </message>
    <message>
        <source>Logic table %1</source>
        <translation>逻辑表 %1</translation>
    </message>
    <message>
        <source>Data source %1</source>
        <translation>数据源 %1</translation>
    </message>
    <message>
        <source>Open a sharding config to see its history.</source>
        <translation>打开一个分片配置以查看其历史。</translation>
    </message>
    <message>
        <source>The statistics history cannot be opened: %1</source>
        <translation>无法打开统计历史：%1</translation>
    </message>
    <message numerus="yes">
        <source>Not enough history yet: every Refresh on the dashboard records a snapshot (%n recorded so far).</source>
        <translation>
            <numerusform>历史数据还不够：仪表盘每次刷新都会记录一个快照（目前已记录 %n 个）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Forecasts need at least two snapshots taken at different times.</source>
        <translation>预测至少需要两个不同时间的快照。</translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) from %1 to %2.</source>
        <translation>
            <numerusform>从 %1 到 %2 共 %n 个快照。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 crosses %2 rows on %3; the advice leaves %4 days to prepare and run the expansion.</source>
        <translation>%1 将于 %3 超过 %2 行；该建议预留 %4 天用于准备和执行扩容。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>No history for %1 yet</source>
        <translation>%1 尚无历史</translation>
    </message>
    <message>
        <source>Rows of %1 over time</source>
        <translation>%1 的行数变化</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation>正在读取历史…</translation>
    </message>
</context>
<context>
    <name>sp::ui::KeychainDialog</name>
    <message>
        <source>Store password in keychain</source>
        <translation>在钥匙串中保存密码</translation>
    </message>
    <message>
        <source>The password is stored in the desktop&apos;s secret service (service &quot;ShardPilot&quot;), where the console and shardctl look it up for this account.</source>
        <translation>密码保存在桌面的密钥服务中（服务名 &quot;ShardPilot&quot;），控制台和 shardctl 会为此账号到那里查找。</translation>
    </message>
    <message>
        <source>Data source:</source>
        <translation>数据源：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Account:</source>
        <translation>账号：</translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Storing the password for %1…</source>
        <translation>正在保存 %1 的密码…</translation>
    </message>
    <message>
        <source>Stored the password for %1 in the keychain.</source>
        <translation>已将 %1 的密码保存到钥匙串。</translation>
    </message>
</context>
<context>
    <name>sp::ui::MainWindow</name>
    <message>
        <source>ShardPilot</source>
        <translation>ShardPilot</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>仪表盘</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Routing</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>Editor</source>
        <translation>编辑器</translation>
    </message>
    <message>
        <source>Planning</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Migration</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Open a sharding YAML to begin (Ctrl+O).</source>
        <translation>打开一个分片 YAML 开始（Ctrl+O）。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open config…</source>
        <translation>打开配置(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Start local &amp;sandbox</source>
        <translation>启动本地沙箱(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Config (YAML, passwords redacted)…</source>
        <translation>配置（YAML，隐去密码）…</translation>
    </message>
    <message>
        <source>Routing table (JSON)…</source>
        <translation>路由表（JSON）…</translation>
    </message>
    <message>
        <source>Statistics (CSV)…</source>
        <translation>统计数据（CSV）…</translation>
    </message>
    <message>
        <source>Report (HTML)…</source>
        <translation>报告（HTML）…</translation>
    </message>
    <message>
        <source>Report (PDF)…</source>
        <translation>报告（PDF）…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>规划(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Expansion wizard…</source>
        <translation>扩容向导(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ShardPilot</source>
        <translation>关于 ShardPilot(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Open sharding config</source>
        <translation>打开分片配置</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML 文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>ShardPilot — %1</source>
        <translation>ShardPilot — %1</translation>
    </message>
    <message>
        <source>%1: %2 logic table(s), %3 error(s), %4 warning(s)</source>
        <translation>%1：%2 个逻辑表，%3 个错误，%4 个警告</translation>
    </message>
    <message>
        <source>Plan an expansion</source>
        <translation>规划扩容</translation>
    </message>
    <message>
        <source>Open a sharding config without errors first (Ctrl+O).</source>
        <translation>请先打开一个没有错误的分片配置（Ctrl+O）。</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Restart ShardPilot to use the new language.</source>
        <translation>重新启动 ShardPilot 以使用新语言。</translation>
    </message>
    <message>
        <source>About ShardPilot</source>
        <translation>关于 ShardPilot</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ShardPilot %1&lt;/h3&gt;&lt;p&gt;Administration console for hash-sharded MySQL and MariaDB clusters: topology, skew, routing preview, expansion planning and export.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ShardPilot %1&lt;/h3&gt;&lt;p&gt;哈希分片 MySQL 与 MariaDB 集群的管理控制台：拓扑、数据倾斜、路由预览、扩容规划与导出。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Copy &amp;diagnostics</source>
        <translation>复制诊断信息(&amp;D)</translation>
    </message>
    <message>
        <source>Copy versions, server versions and the paths in use (no secrets) to the clipboard</source>
        <translation>将版本、服务器版本和所用路径（不含任何密钥）复制到剪贴板</translation>
    </message>
    <message>
        <source>&lt;p&gt;Servers at the last refresh:&lt;br&gt;%1&lt;/p&gt;</source>
        <translation>&lt;p&gt;上次刷新时的服务器：&lt;br&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Diagnostics copied to the clipboard.</source>
        <translation>诊断信息已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Store &amp;password in keychain…</source>
        <translation>在钥匙串中保存密码(&amp;P)…</translation>
    </message>
    <message>
        <source>Store password in keychain</source>
        <translation>在钥匙串中保存密码</translation>
    </message>
    <message>
        <source>Open a sharding config first (Ctrl+O).</source>
        <translation>请先打开一个分片配置（Ctrl+O）。</translation>
    </message>
</context>
<context>
    <name>sp::ui::MigrationPage</name>
    <message>
        <source>Check the replication sources</source>
        <translation>检查复制源</translation>
    </message>
    <message>
        <source>Consistent copy</source>
        <translation>一致性全量拷贝</translation>
    </message>
    <message>
        <source>Replicate to the new instances</source>
        <translation>复制到新实例</translation>
    </message>
    <message>
        <source>Replicate back (dual master)</source>
        <translation>反向复制（双主）</translation>
    </message>
    <message>
        <source>Interleave AUTO_INCREMENT</source>
        <translation>错开 AUTO_INCREMENT</translation>
    </message>
    <message>
        <source>Catch up</source>
        <translation>追平增量</translation>
    </message>
    <message>
        <source>Switch the routing config</source>
        <translation>切换路由配置</translation>
    </message>
    <message>
        <source>Stop replication</source>
        <translation>停止复制</translation>
    </message>
    <message>
        <source>Purge the halves served elsewhere</source>
        <translation>清理不再归属本库的一半数据</translation>
    </message>
    <message>
        <source>Prepare the new data sources</source>
        <translation>准备新数据源</translation>
    </message>
    <message>
        <source>Start change capture</source>
        <translation>启动增量变更捕获</translation>
    </message>
    <message>
        <source>Backfill</source>
        <translation>全量回填</translation>
    </message>
    <message>
        <source>Stop writes</source>
        <translation>停写</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>Resume writes</source>
        <translation>恢复写入</translation>
    </message>
    <message>
        <source>Observe</source>
        <translation>观察</translation>
    </message>
    <message>
        <source>Purge moved rows</source>
        <translation>清理已迁移的行</translation>
    </message>
    <message>
        <source>&lt;h3&gt;No migration plan yet&lt;/h3&gt;&lt;p&gt;Plan an expansion first (Plan ▸ Expansion wizard) and hand the plan over: its steps appear here as a timeline, with the SQL of each step.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;尚无迁移方案&lt;/h3&gt;&lt;p&gt;请先规划扩容（规划 ▸ 扩容向导）并将方案移交到此处：其步骤会以时间线的形式显示在这里，并附有每一步的 SQL。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Read-only: executing these steps comes with the migration engine, which is not in this build. Export the runbook and run the steps with your own tools; nothing on this page connects to a server.</source>
        <translation>只读：执行这些步骤需要迁移引擎，而此版本未包含该引擎。请导出运行手册，用你自己的工具执行这些步骤；本页不会连接任何服务器。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Data source</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Select a step to see what it does and its SQL.</source>
        <translation>选择一个步骤以查看其作用和 SQL。</translation>
    </message>
    <message>
        <source>Export runbook (HTML)…</source>
        <translation>导出运行手册（HTML）…</translation>
    </message>
    <message>
        <source>Clear plan</source>
        <translation>清除方案</translation>
    </message>
    <message>
        <source>Expansion plan</source>
        <translation>扩容方案</translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation>策略：%1</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>创建时间：%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Estimates: %1</source>
        <translation>估算依据：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Rows to move: %1</source>
        <translation>待迁移行数：%1</translation>
    </message>
    <message>
        <source>Bytes to move: %1</source>
        <translation>待迁移数据量：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 个步骤</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n destructive step(s)</source>
        <translation>
            <numerusform>%n 个破坏性步骤</numerusform>
        </translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>破坏性</translation>
    </message>
    <message>
        <source>Deletes data: run only after the switch has been observed.</source>
        <translation>会删除数据：仅在切换后观察确认无误再执行。</translation>
    </message>
    <message>
        <source>runs on %1</source>
        <translation>在 %1 上执行</translation>
    </message>
    <message>
        <source>DESTRUCTIVE: deletes data</source>
        <translation>破坏性操作：会删除数据</translation>
    </message>
    <message>
        <source>(no SQL: an operator action)</source>
        <translation>（无 SQL：由操作人员手工执行）</translation>
    </message>
    <message>
        <source>There is no plan to export.</source>
        <translation>没有可导出的方案。</translation>
    </message>
    <message>
        <source>Export runbook</source>
        <translation>导出运行手册</translation>
    </message>
    <message>
        <source>HTML files (*.html *.htm)</source>
        <translation>HTML 文件 (*.html *.htm)</translation>
    </message>
    <message>
        <source>Rows to move: %1 (exact)</source>
        <translation>待迁移行数：%1（精确）</translation>
    </message>
    <message>
        <source>Broadcast rows to copy: %1</source>
        <translation>待拷贝的广播表行数：%1</translation>
    </message>
</context>
<context>
    <name>sp::ui::MovePairModel</name>
    <message>
        <source>client-side filter</source>
        <translation>客户端过滤</translation>
    </message>
    <message>
        <source>all rows</source>
        <translation>全部行</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 ± %2</source>
        <translation>%1 ± %2</translation>
    </message>
    <message>
        <source>Logic table</source>
        <translation>逻辑表</translation>
    </message>
    <message>
        <source>Source node</source>
        <translation>源节点</translation>
    </message>
    <message>
        <source>Target node</source>
        <translation>目标节点</translation>
    </message>
    <message>
        <source>Rows that move</source>
        <translation>需迁移的行</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Estimated rows</source>
        <translation>估算行数</translation>
    </message>
    <message>
        <source>Exact rows</source>
        <translation>精确行数</translation>
    </message>
</context>
<context>
    <name>sp::ui::MovesChart</name>
    <message>
        <source>No plan yet</source>
        <translation>尚无方案</translation>
    </message>
    <message>
        <source>Rows moved per pair</source>
        <translation>每对节点迁移的行数</translation>
    </message>
    <message>
        <source>Rows moved per source node</source>
        <translation>每个源节点迁移的行数</translation>
    </message>
    <message>
        <source>Share of the source node&apos;s rows per pair (%)</source>
        <translation>每对节点迁移的行占源节点行数的比例（%）</translation>
    </message>
    <message>
        <source>Share of each source node&apos;s rows that moves (%)</source>
        <translation>每个源节点中需迁移的行所占比例（%）</translation>
    </message>
    <message>
        <source>(the %1 largest of %2)</source>
        <translation>（%2 个中最大的 %1 个）</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
</context>
<context>
    <name>sp::ui::MovesPage</name>
    <message>
        <source>Count &amp;exactly</source>
        <translation>精确计数(&amp;E)</translation>
    </message>
    <message>
        <source>Cancel count</source>
        <translation>取消计数</translation>
    </message>
    <message>
        <source>What moves</source>
        <translation>迁移哪些数据</translation>
    </message>
    <message>
        <source>Every source → target pair of every logic table, with the rows expected to move.</source>
        <translation>每个逻辑表的每一对 源 → 目标 节点，以及预计需迁移的行。</translation>
    </message>
    <message>
        <source>per pair</source>
        <translation>按节点对</translation>
    </message>
    <message>
        <source>per source node</source>
        <translation>按源节点</translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation>逻辑表：</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>Exact count cancelled.</source>
        <translation>精确计数已取消。</translation>
    </message>
    <message numerus="yes">
        <source>Counted %n pair(s) exactly.</source>
        <translation>
            <numerusform>已精确统计 %n 对节点。</numerusform>
        </translation>
    </message>
    <message>
        <source>Errors: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>正在规划…</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>无方案</translation>
    </message>
    <message>
        <source>Planning failed: %1</source>
        <translation>规划失败：%1</translation>
    </message>
    <message>
        <source>Estimates: %1</source>
        <translation>估算依据：%1</translation>
    </message>
    <message>
        <source>%1 rows move in total</source>
        <translation>共迁移 %1 行</translation>
    </message>
    <message numerus="yes">
        <source>%n note(s) on the warnings page</source>
        <translation>
            <numerusform>警告页中有 %n 条提示</numerusform>
        </translation>
    </message>
    <message>
        <source>All tables</source>
        <translation>所有表</translation>
    </message>
    <message>
        <source>COUNT(*) of every pair&apos;s rows on the source servers</source>
        <translation>在源服务器上对每一对节点需迁移的行执行 COUNT(*)</translation>
    </message>
    <message>
        <source>Needs a live cluster: refresh the dashboard first</source>
        <translation>需要在线集群：请先刷新仪表盘</translation>
    </message>
    <message>
        <source>Exact counts and row estimates need a live cluster: refresh the dashboard (F5), then plan again.</source>
        <translation>精确计数和行数估算需要在线集群：请刷新仪表盘（F5），然后重新规划。</translation>
    </message>
    <message>
        <source>Counting on the live cluster…</source>
        <translation>正在在线集群上计数…</translation>
    </message>
    <message>
        <source>%1 rows move in total (exact counts)</source>
        <translation>共迁移 %1 行（精确计数）</translation>
    </message>
    <message>
        <source>%1 rows of broadcast tables are copied to the new data sources</source>
        <translation>广播表的 %1 行将拷贝到新数据源</translation>
    </message>
</context>
<context>
    <name>sp::ui::PlanningPage</name>
    <message>
        <source>Comparing the strategies…</source>
        <translation>正在比较各扩容策略…</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <source>Copy the comparison as an aligned text table (as `shardctl plan --compare` prints it)</source>
        <translation>将比较结果复制为对齐的文本表格（与 `shardctl plan --compare` 的输出格式相同）</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <source>Plan expansion…</source>
        <translation>规划扩容…</translation>
    </message>
    <message>
        <source>Largest virtual-node count per node shown in the ring balance chart</source>
        <translation>哈希环均衡图中显示的每节点虚拟节点数的最大值</translation>
    </message>
    <message>
        <source>Virtual nodes up to:</source>
        <translation>虚拟节点数上限：</translation>
    </message>
    <message>
        <source>Open a config first (File ▸ Open config…, Ctrl+O): the planner compares modulo doubling, dual-master doubling and a consistent-hash ring for its cluster.</source>
        <translation>请先打开一个配置（文件 ▸ 打开配置，Ctrl+O）：规划器会针对其集群比较取模翻倍、双主翻倍和一致性哈希环三种方案。</translation>
    </message>
    <message>
        <source>The plan input could not be built.</source>
        <translation>无法构建规划输入。</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>The comparison failed with an unknown error.</source>
        <translation>比较失败：未知错误。</translation>
    </message>
    <message>
        <source>No config loaded.</source>
        <translation>尚未加载配置。</translation>
    </message>
    <message>
        <source>No comparison.</source>
        <translation>没有比较结果。</translation>
    </message>
    <message>
        <source>Offline: shares of the key space only (uniform keys) — inspect the cluster (Dashboard, F5) for row and byte counts.</source>
        <translation>离线：仅显示键空间占比（假设键均匀分布）— 在“仪表盘”检查集群（F5）可获得行数和字节数。</translation>
    </message>
    <message>
        <source>The snapshot taken at %1 has no row counts for the sharded tables: shares of the key space only.</source>
        <translation>%1 的快照中没有分片表的行数：仅显示键空间占比。</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>尚无可导出的内容。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export the comparison</source>
        <translation>导出比较结果</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Comparing the strategies on the cluster&apos;s row counts…</source>
        <translation>正在按集群的实际行数比较各扩容方案…</translation>
    </message>
    <message>
        <source>No comparison: the config has errors.</source>
        <translation>无法比较：配置有错误。</translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n error(s) (Findings, Editor page): fix them before planning.</source>
        <translation>
            <numerusform>%1 有 %n 个错误（见“检查结果”和“编辑器”页）：请先修复再进行规划。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1:%2 unreachable</source>
        <translation>%1:%2 不可达</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>exact counts</source>
        <translation>精确计数</translation>
    </message>
    <message>
        <source>estimates (TABLE_ROWS)</source>
        <translation>估算值（TABLE_ROWS）</translation>
    </message>
    <message>
        <source>The snapshot taken at %1 has no row counts: %2. Shares of the key space only.</source>
        <translation>%1 的快照中没有行数：%2。仅按键空间占比计算。</translation>
    </message>
    <message>
        <source>Partial: row counts (%1) from the snapshot taken at %2 for every source but %3 — their rows are not included, so rows moved are lower bounds.</source>
        <translation>部分数据：行数（%1）取自 %2 的快照，但不含 %3 —— 其行未计入，因此迁移行数为下限。</translation>
    </message>
    <message>
        <source>Row counts (%1) from the snapshot taken at %2; shares from the routing functions.</source>
        <translation>行数（%1）取自 %2 的快照；占比由路由函数计算。</translation>
    </message>
</context>
<context>
    <name>sp::ui::RingBalanceChart</name>
    <message>
        <source>No ring balance to show</source>
        <translation>没有可显示的哈希环均衡数据</translation>
    </message>
    <message numerus="yes">
        <source>Ring balance after the expansion (%n node(s))</source>
        <translation>
            <numerusform>扩容后的哈希环均衡度（%n 个节点）</numerusform>
        </translation>
    </message>
    <message>
        <source>max/mean (fullest node)</source>
        <translation>最大/平均（最满的节点）</translation>
    </message>
    <message>
        <source>min/mean (emptiest node)</source>
        <translation>最小/平均（最空的节点）</translation>
    </message>
    <message>
        <source>virtual nodes per node (log scale)</source>
        <translation>每节点虚拟节点数（对数刻度）</translation>
    </message>
    <message>
        <source>load / mean load</source>
        <translation>负载 / 平均负载</translation>
    </message>
    <message>
        <source>config today: %1 virtual nodes</source>
        <translation>当前配置：%1 个虚拟节点</translation>
    </message>
    <message>
        <source>%1 virtual nodes: max/mean %2, min/mean %3</source>
        <translation>%1 个虚拟节点：最大/平均 %2，最小/平均 %3</translation>
    </message>
</context>
<context>
    <name>sp::ui::RouteModel</name>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Data node (before)</source>
        <translation>数据节点（之前）</translation>
    </message>
    <message>
        <source>Data node</source>
        <translation>数据节点</translation>
    </message>
    <message>
        <source>Data node (after)</source>
        <translation>数据节点（之后）</translation>
    </message>
</context>
<context>
    <name>sp::ui::RoutingPage</name>
    <message>
        <source>cannot route</source>
        <translation>无法路由</translation>
    </message>
    <message>
        <source>Logic table:</source>
        <translation>逻辑表：</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>String</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>Integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation>键类型：</translation>
    </message>
    <message>
        <source>Keys, one per line:</source>
        <translation>键（每行一个）：</translation>
    </message>
    <message>
        <source>alice
bob
10086</source>
        <translation>alice
bob
10086</translation>
    </message>
    <message>
        <source>Load keys file…</source>
        <translation>加载键文件…</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>Compare with config…</source>
        <translation>与配置比较…</translation>
    </message>
    <message>
        <source>Stop comparing</source>
        <translation>停止比较</translation>
    </message>
    <message>
        <source>Type or load keys, then press Route.</source>
        <translation>输入或加载键，然后点击“路由”。</translation>
    </message>
    <message>
        <source>Open a config first.</source>
        <translation>请先打开一个配置。</translation>
    </message>
    <message>
        <source>Open a config with at least one logic table first.</source>
        <translation>请先打开一个至少包含一个逻辑表的配置。</translation>
    </message>
    <message>
        <source>No keys to route.</source>
        <translation>没有需要路由的键。</translation>
    </message>
    <message numerus="yes">
        <source>Routing %n key(s)…</source>
        <translation>
            <numerusform>正在路由 %n 个键…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 keys move.</source>
        <translation>%2 个键中有 %1 个会迁移。</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) routed.</source>
        <translation>
            <numerusform>已路由 %n 个键。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) could not be routed.</source>
        <translation>
            <numerusform>%n 个键无法路由。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is larger than 64 MiB; split it.</source>
        <translation>%1 超过 64 MiB，请拆分。</translation>
    </message>
    <message>
        <source>Load keys</source>
        <translation>加载键</translation>
    </message>
    <message>
        <source>Text files (*.txt *.csv);;All files (*)</source>
        <translation>文本文件 (*.txt *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot compare with %1: %2</source>
        <translation>无法与 %1 比较：%2</translation>
    </message>
    <message>
        <source>Comparing with %1</source>
        <translation>正在与 %1 比较</translation>
    </message>
    <message>
        <source>Compare with config</source>
        <translation>与配置比较</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML 文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>sp::ui::SandboxLauncher</name>
    <message>
        <source>Cannot create the sandbox directory %1.</source>
        <translation>无法创建沙箱目录 %1。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The sandbox did not start: %1</source>
        <translation>沙箱未能启动：%1</translation>
    </message>
</context>
<context>
    <name>sp::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>A new language applies after a restart.</source>
        <translation>新语言在重启后生效。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Dashboard auto-refresh:</source>
        <translation>仪表盘自动刷新：</translation>
    </message>
    <message>
        <source>Row limit per physical table:</source>
        <translation>单个物理表的行数上限：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Sandbox directory:</source>
        <translation>沙箱目录：</translation>
    </message>
    <message>
        <source>Sandbox directory</source>
        <translation>沙箱目录</translation>
    </message>
    <message>
        <source>Look up passwords in the OS keychain</source>
        <translation>在操作系统钥匙串中查找密码</translation>
    </message>
    <message>
        <source>After the config, SHARDPILOT_PASSWORD variables and option files (a sandbox&apos;s app.cnf, ~/.my.cnf), ask the desktop&apos;s secret service, as shardctl does. Tools &gt; Store password in keychain saves one there.</source>
        <translation>在配置、SHARDPILOT_PASSWORD 环境变量和选项文件（沙箱的 app.cnf、~/.my.cnf）之后，像 shardctl 一样询问桌面的密钥服务。“工具 &gt; 在钥匙串中保存密码”可在其中保存密码。</translation>
    </message>
    <message>
        <source>Passwords:</source>
        <translation>密码：</translation>
    </message>
</context>
<context>
    <name>sp::ui::SkewPanel</name>
    <message>
        <source>Max / mean:</source>
        <translation>最大值 / 平均值：</translation>
    </message>
    <message>
        <source>Variation (CV):</source>
        <translation>变异系数（CV）：</translation>
    </message>
    <message>
        <source>Gini:</source>
        <translation>基尼系数：</translation>
    </message>
    <message>
        <source>Empty nodes:</source>
        <translation>空节点：</translation>
    </message>
    <message>
        <source>No statistics yet: press Refresh (F5) to inspect the cluster.</source>
        <translation>尚无统计数据：按“刷新”（F5）检查集群。</translation>
    </message>
    <message>
        <source>Skew</source>
        <translation>倾斜度</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>No data node of %1 has a row count yet.</source>
        <translation>%1 的数据节点尚无行数。</translation>
    </message>
    <message>
        <source>%1× — the fullest node (%2) holds %1 times the average node</source>
        <translation>%1× — 最满的节点（%2）是平均节点的 %1 倍</translation>
    </message>
    <message>
        <source>%1 % — a typical node is this far from the average</source>
        <translation>%1 % — 典型节点与平均值的偏离程度</translation>
    </message>
    <message>
        <source>%1 — 0 is perfectly even, %2 means every row on one node</source>
        <translation>%1 — 0 表示完全均匀，%2 表示所有行都在一个节点上</translation>
    </message>
    <message>
        <source>%1 of %2 — these nodes hold no row; if they never will, check the database and table strategies (shardctl lint)</source>
        <translation>%2 个中有 %1 个 — 这些节点没有任何行；如果它们永远不会有数据，请检查分库和分表策略（shardctl lint）</translation>
    </message>
    <message>
        <source>none of %1</source>
        <translation>%1 个中没有</translation>
    </message>
    <message>
        <source>unknown: no row counts</source>
        <translation>未知：没有行数</translation>
    </message>
    <message>
        <source>empty: no rows yet</source>
        <translation>空：尚无数据行</translation>
    </message>
    <message>
        <source>balanced: max is %1× the mean</source>
        <translation>均衡：最大值为平均值的 %1 倍</translation>
    </message>
    <message>
        <source>the largest node</source>
        <translation>最大的节点</translation>
    </message>
    <message>
        <source>mild skew: %1 holds %2× the mean</source>
        <translation>轻度倾斜：%1 的行数为平均值的 %2 倍</translation>
    </message>
    <message>
        <source>severe skew: %1 holds %2× the mean</source>
        <translation>严重倾斜：%1 的行数为平均值的 %2 倍</translation>
    </message>
    <message>
        <source>; %1 of %2 nodes empty</source>
        <translation>；%2 个节点中有 %1 个为空</translation>
    </message>
    <message numerus="yes">
        <source>; %n node(s) without a count</source>
        <translation>
            <numerusform>；%n 个节点没有行数</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::StrategyBarChart</name>
    <message>
        <source>%1 (not possible)</source>
        <translation>%1（不可行）</translation>
    </message>
    <message>
        <source>No strategies to compare</source>
        <translation>没有可比较的策略</translation>
    </message>
    <message>
        <source>Share of rows moved vs copied</source>
        <translation>迁移行与拷贝行的占比</translation>
    </message>
    <message>
        <source>moved (data node changes)</source>
        <translation>迁移（数据节点改变）</translation>
    </message>
    <message>
        <source>copied (physically)</source>
        <translation>拷贝（物理复制）</translation>
    </message>
    <message>
        <source>Rows moved vs copied (snapshot counts)</source>
        <translation>迁移行数与拷贝行数（快照计数）</translation>
    </message>
    <message>
        <source>rows moved</source>
        <translation>迁移行数</translation>
    </message>
    <message>
        <source>rows copied</source>
        <translation>拷贝行数</translation>
    </message>
    <message>
        <source>rows (millions)</source>
        <translation>行数（百万）</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行</translation>
    </message>
</context>
<context>
    <name>sp::ui::StrategyPage</name>
    <message>
        <source>Expansion strategy</source>
        <translation>扩容策略</translation>
    </message>
    <message>
        <source>How should the cluster grow? Every strategy is planned on the loaded config and, when the dashboard has inspected the cluster, on its row counts.</source>
        <translation>集群要如何扩容？每种策略都基于已加载的配置进行规划；如果仪表盘已检查过集群，还会基于其实际行数。</translation>
    </message>
    <message>
        <source>&amp;Modulo doubling (N → 2N)</source>
        <translation>取模翻倍（N → 2N）(&amp;M)</translation>
    </message>
    <message>
        <source>Doubles the databases: with hash % 2N a row of database i stays or moves to database i+N; exactly the rows with hash % 2N ≥ N move, found by a SQL predicate when the algorithm has a SQL form.</source>
        <translation>库数量翻倍：按 hash % 2N，库 i 中的每一行要么留在原库，要么迁到库 i+N；迁移的恰好是 hash % 2N ≥ N 的行，若算法有 SQL 形式，可用 SQL 条件筛出这些行。</translation>
    </message>
    <message>
        <source>&amp;Dual-master doubling (N → 2N)</source>
        <translation>双主翻倍（N → 2N）(&amp;D)</translation>
    </message>
    <message>
        <source>Each old instance gets a replica kept in sync; the config switches from % N to % 2N, replication is cut and each side deletes the half it no longer owns. No copy during the switch.</source>
        <translation>为每个旧实例增加一个保持同步的副本；配置从 % N 切换为 % 2N，随后断开复制，两侧各自删除不再归属自己的那一半数据。切换期间无需拷贝数据。</translation>
    </message>
    <message>
        <source>Consistent-hash &amp;ring</source>
        <translation>一致性哈希环(&amp;R)</translation>
    </message>
    <message>
        <source>Add or remove ring nodes or change the virtual-node count; only the arcs taken over move, each a CRC32 BETWEEN range. Converting a modulo config to a ring remaps most keys once.</source>
        <translation>增加或移除环节点，或修改虚拟节点数；只有被接管的弧段需要迁移，每段对应一个 CRC32 BETWEEN 范围。将取模配置转换为哈希环时，大部分键会被一次性重新映射。</translation>
    </message>
    <message>
        <source>General re&amp;map (N → M)</source>
        <translation>通用重映射（N → M）(&amp;M)</translation>
    </message>
    <message>
        <source>Any new database count: every row whose old and new routes differ moves.</source>
        <translation>任意新库数量：新旧路由不同的行都会迁移。</translation>
    </message>
</context>
<context>
    <name>sp::ui::TargetPage</name>
    <message>
        <source>New database count</source>
        <translation>新库数量</translation>
    </message>
    <message>
        <source>Ring nodes</source>
        <translation>环节点</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>How far to grow, and where the new data sources live.</source>
        <translation>扩容到多大规模，以及新数据源部署在哪里。</translation>
    </message>
    <message>
        <source>Databases after the change:</source>
        <translation>变更后的库数量：</translation>
    </message>
    <message>
        <source>comma-separated data source names, e.g. ds_3,ds_4</source>
        <translation>以逗号分隔的数据源名称，例如 ds_3,ds_4</translation>
    </message>
    <message>
        <source>comma-separated, empty: none</source>
        <translation>以逗号分隔，留空表示无</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>Nodes to &amp;add:</source>
        <translation>要增加的节点(&amp;A)：</translation>
    </message>
    <message>
        <source>Nodes to re&amp;move:</source>
        <translation>要移除的节点(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Virtual nodes per node:</source>
        <translation>每节点虚拟节点数(&amp;V)：</translation>
    </message>
    <message>
        <source>New data source</source>
        <translation>新数据源</translation>
    </message>
    <message>
        <source>JDBC URL (jdbc:mysql://host:port/db)</source>
        <translation>JDBC URL（jdbc:mysql://host:port/db）</translation>
    </message>
    <message>
        <source>URLs of the new data sources</source>
        <translation>新数据源的 URL</translation>
    </message>
    <message>
        <source>%1 → %2 databases</source>
        <translation>%1 → %2 个库</translation>
    </message>
    <message>
        <source>Modulo doubling always doubles the sharded databases (%1 now).</source>
        <translation>取模翻倍总是将分片库数量翻倍（当前 %1 个）。</translation>
    </message>
    <message>
        <source>Dual-master doubling gives each of the %1 instances a replica that becomes a new database.</source>
        <translation>双主翻倍为 %1 个实例各增加一个副本，每个副本成为一个新库。</translation>
    </message>
    <message>
        <source>The cluster has %1 sharded databases. Choose how many it should have.</source>
        <translation>集群当前有 %1 个分片库。请选择变更后的库数量。</translation>
    </message>
    <message>
        <source>The ring has %1 nodes (data sources). New nodes need a URL below.</source>
        <translation>哈希环当前有 %1 个节点（数据源）。新节点需要在下方填写 URL。</translation>
    </message>
    <message>
        <source>Row limit per physical table: %1 (Settings)</source>
        <translation>单个物理表的行数上限：%1（设置）</translation>
    </message>
    <message>
        <source>Working out the new data sources…</source>
        <translation>正在推算新数据源…</translation>
    </message>
    <message>
        <source>No plan for this target: %1</source>
        <translation>无法为此目标生成方案：%1</translation>
    </message>
    <message>
        <source>The plan adds no data source.</source>
        <translation>该方案不新增数据源。</translation>
    </message>
    <message>
        <source>URLs come from the planner (a sandbox&apos;s spare instances, otherwise guessed from the last data source): check them.</source>
        <translation>URL 由规划器给出（沙箱使用其备用实例，否则根据最后一个数据源推测）：请核对。</translation>
    </message>
    <message>
        <source>URLs checked.</source>
        <translation>URL 已检查。</translation>
    </message>
    <message>
        <source>The URL of %1 must look like jdbc:mysql://host:port/db.</source>
        <translation>%1 的 URL 格式应为 jdbc:mysql://host:port/db。</translation>
    </message>
</context>
<context>
    <name>sp::ui::TopologyModel</name>
    <message>
        <source>not inspected yet</source>
        <translation>尚未检查</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>不可达</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>missing table</source>
        <translation>缺少表</translation>
    </message>
    <message>
        <source>unknown table</source>
        <translation>未知表</translation>
    </message>
    <message>
        <source>has problems</source>
        <translation>有问题</translation>
    </message>
    <message>
        <source>Data sources</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>(default schema)</source>
        <translation>（默认库）</translation>
    </message>
    <message>
        <source>data source is not declared in the config</source>
        <translation>配置中未声明该数据源</translation>
    </message>
    <message>
        <source>Logic tables</source>
        <translation>逻辑表</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>Partial: a table below has no count (instance down or count failed)</source>
        <translation>部分数据：下级有表没有行数（实例宕机或计数失败）</translation>
    </message>
    <message>
        <source>Rows (estimated)</source>
        <translation>行数（估算）</translation>
    </message>
</context>
<context>
    <name>sp::ui::TopologyPage</name>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>none (not sharded at this level)</source>
        <translation>无（此层级不分片）</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>complex</source>
        <translation>复合</translation>
    </message>
    <message>
        <source>hint</source>
        <translation>Hint</translation>
    </message>
    <message>
        <source>Filter by name (e.g. t_messages_3 or db1)</source>
        <translation>按名称过滤（例如 t_messages_3 或 db1）</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>仅显示问题</translation>
    </message>
    <message>
        <source>&lt;p&gt;No config loaded. Open one from the Welcome page (Ctrl+O).&lt;/p&gt;</source>
        <translation>&lt;p&gt;尚未加载配置。请在“欢迎”页打开一个（Ctrl+O）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a node to see its details.&lt;/p&gt;&lt;p&gt;The cluster has not been inspected yet: status, rows and sizes appear after the Dashboard inspects it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;选择一个节点以查看详情。&lt;/p&gt;&lt;p&gt;集群尚未检查：在“仪表盘”检查之后才会显示状态、行数和大小。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a node to see its details.&lt;/p&gt;</source>
        <translation>&lt;p&gt;选择一个节点以查看详情。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>column %1</source>
        <translation>分片键 %1</translation>
    </message>
    <message>
        <source>algorithm %1 (%2 %3)</source>
        <translation>算法 %1（%2 %3）</translation>
    </message>
    <message>
        <source>algorithm %1 is not defined</source>
        <translation>算法 %1 未定义</translation>
    </message>
    <message>
        <source>Sharding strategy</source>
        <translation>分片策略</translation>
    </message>
    <message>
        <source>Database strategy</source>
        <translation>分库策略</translation>
    </message>
    <message>
        <source>Table strategy</source>
        <translation>分表策略</translation>
    </message>
    <message>
        <source>Actual data nodes</source>
        <translation>实际数据节点</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Data source</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>库</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>written in the config file (exports redact it)</source>
        <translation>写在配置文件中（导出时会隐去）</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Binlog</source>
        <translation>Binlog</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Physical table</source>
        <translation>物理表</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Size (data + index)</source>
        <translation>大小（数据 + 索引）</translation>
    </message>
    <message>
        <source>Logic table</source>
        <translation>逻辑表</translation>
    </message>
    <message>
        <source>Data nodes</source>
        <translation>数据节点</translation>
    </message>
    <message>
        <source>Rows (estimated)</source>
        <translation>行数（估算）</translation>
    </message>
    <message>
        <source>(partial: a table below has no count)</source>
        <translation>（部分数据：下级有表没有行数）</translation>
    </message>
</context>
<context>
    <name>sp::ui::WarningsPage</name>
    <message>
        <source>I have read the errors and still want to export</source>
        <translation>我已阅读这些错误，仍要导出</translation>
    </message>
    <message>
        <source>Warnings and assumptions</source>
        <translation>警告与假设</translation>
    </message>
    <message>
        <source>What the planner found about this change, and what its numbers assume.</source>
        <translation>规划器针对此次变更发现的问题，以及其估算所基于的假设。</translation>
    </message>
    <message>
        <source>Assumptions:</source>
        <translation>假设：</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>提示：%1</translation>
    </message>
    <message>
        <source>No warnings.</source>
        <translation>没有警告。</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s) need your attention before you export.</source>
        <translation>
            <numerusform>导出前有 %n 个错误需要处理。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s), no errors.</source>
        <translation>
            <numerusform>%n 个警告，没有错误。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::WelcomePage</name>
    <message>
        <source>fsharechat, CRC32 routing (4 databases x 4 tables)</source>
        <translation>fsharechat，CRC32 路由（4 库 × 4 表）</translation>
    </message>
    <message>
        <source>fsharechat, the reference article&apos;s config (has defects)</source>
        <translation>fsharechat，参考文章中的配置（有缺陷）</translation>
    </message>
    <message>
        <source>Native algorithms (MOD, HASH_MOD, INLINE, ...)</source>
        <translation>内置算法（MOD、HASH_MOD、INLINE 等）</translation>
    </message>
    <message>
        <source>&lt;h1&gt;ShardPilot&lt;/h1&gt;&lt;p&gt;See how rows spread over your shards, check a sharding config, preview routing and plan expansions.&lt;/p&gt;</source>
        <translation>&lt;h1&gt;ShardPilot&lt;/h1&gt;&lt;p&gt;查看数据在各分片上的分布，检查分片配置，预览路由并规划扩容。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open a sharding config</source>
        <translation>打开分片配置</translation>
    </message>
    <message>
        <source>Open a config file…</source>
        <translation>打开配置文件…</translation>
    </message>
    <message>
        <source>Recent configs (double-click to open):</source>
        <translation>最近的配置（双击打开）：</translation>
    </message>
    <message>
        <source>Or open an example:</source>
        <translation>或者打开一个示例：</translation>
    </message>
    <message>
        <source>Local sandbox cluster</source>
        <translation>本地沙箱集群</translation>
    </message>
    <message>
        <source>Starts local MariaDB instances with the fsharechat schema and demo data, then opens their config. Nothing leaves this machine.</source>
        <translation>启动带有 fsharechat 表结构和演示数据的本地 MariaDB 实例，然后打开其配置。所有数据都不会离开本机。</translation>
    </message>
    <message>
        <source>Start the local sandbox cluster</source>
        <translation>启动本地沙箱集群</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Sandbox running; opened %1.</source>
        <translation>沙箱已运行；已打开 %1。</translation>
    </message>
    <message>
        <source>Current config: %1</source>
        <translation>当前配置：%1</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Starting the sandbox in %1…</source>
        <translation>正在 %1 中启动沙箱…</translation>
    </message>
</context>
<context>
    <name>sp::ui::WhatIfModel</name>
    <message>
        <source>Modulo doubling</source>
        <translation>取模翻倍</translation>
    </message>
    <message>
        <source>Modulo remap</source>
        <translation>取模重映射</translation>
    </message>
    <message>
        <source>Dual-master doubling</source>
        <translation>双主翻倍</translation>
    </message>
    <message>
        <source>Consistent-hash ring</source>
        <translation>一致性哈希环</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>否：%1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Fraction of the rows whose data node changes</source>
        <translation>数据节点发生变化的行所占比例</translation>
    </message>
    <message>
        <source>Fraction of the rows physically copied (dual-master copies every instance)</source>
        <translation>被物理拷贝的行所占比例（双主方案会拷贝每个实例）</translation>
    </message>
    <message>
        <source>Expected rows of the fullest data source / mean, after the change (worst table)</source>
        <translation>变更后最满数据源的预期行数 / 平均值（取最差的表）</translation>
    </message>
    <message>
        <source>Needs row counts: inspect the cluster on the Dashboard (F5)</source>
        <translation>需要行数：请在“仪表盘”检查集群（F5）</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Feasible</source>
        <translation>可行</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Rows moved</source>
        <translation>迁移行数</translation>
    </message>
    <message>
        <source>Bytes moved</source>
        <translation>迁移字节数</translation>
    </message>
    <message>
        <source>Share moved</source>
        <translation>迁移占比</translation>
    </message>
    <message>
        <source>Share copied</source>
        <translation>拷贝占比</translation>
    </message>
    <message>
        <source>Rows copied</source>
        <translation>拷贝行数</translation>
    </message>
    <message>
        <source>Skew after</source>
        <translation>扩容后倾斜度</translation>
    </message>
    <message>
        <source>Write stop</source>
        <translation>停写时间</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步骤数</translation>
    </message>
    <message>
        <source>Risks</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>Sharded data sources before → after</source>
        <translation>分片数据源数量（变更前 → 变更后）</translation>
    </message>
    <message>
        <source>max/mean rows per data source after the change (1.000 = even)</source>
        <translation>变更后各数据源行数的最大值/平均值（1.000 = 均匀）</translation>
    </message>
    <message>
        <source>Expected time writes are stopped (hover a cell for the assumption)</source>
        <translation>预计停写时长（鼠标悬停在单元格上可查看假设）</translation>
    </message>
    <message>
        <source>Operator steps of the runbook</source>
        <translation>运行手册中的操作步骤</translation>
    </message>
    <message>
        <source>yes (partial: no counts from %1)</source>
        <translation>是（部分数据：%1 没有行数）</translation>
    </message>
    <message>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>Row figures count only the sources the snapshot has rows for; no counts from %1.</source>
        <translation>行数只统计快照中有行数的数据源；%1 没有行数。</translation>
    </message>
</context>
</TS>
