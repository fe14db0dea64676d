<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>sp::ui::CaptureLagChart</name>
    <message>
        <source>Capture lag (seconds)</source>
        <translation>捕获延迟（秒）</translation>
    </message>
</context>
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
    <message>
        <source>The text does not load: the form is empty until it does.</source>
        <translation>文本无法加载：在能加载之前，表单为空。</translation>
    </message>
</context>
<context>
    <name>sp::ui::CopyProgressPanel</name>
    <message>
        <source>Source</source>
        <translation>源</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已拷贝</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Rows/s</source>
        <translation>行/秒</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>剩余</translation>
    </message>
    <message>
        <source>Rows copied</source>
        <translation>拷贝行数</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>copying</source>
        <translation>拷贝中</translation>
    </message>
    <message>
        <source>No copy yet: T2 copies the rows that move, pair by pair.</source>
        <translation>尚未拷贝：T2 逐对拷贝要迁移的行。</translation>
    </message>
    <message>
        <source>%1 of %2 copies done, %3 rows copied of about %4</source>
        <translation>%2 个拷贝中已完成 %1 个，已拷贝 %3 行（约 %4 行）</translation>
    </message>
    <message>
        <source>an unknown number</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 rows/s</source>
        <translation>%1 行/秒</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
</context>
<context>
    <name>sp::ui::CoreText</name>
    <message>
        <source>too many data nodes in total</source>
        <translation>数据节点总数过多</translation>
    </message>
    <message>
        <source>data node &apos;%1&apos; of table &apos;%2&apos; is not &apos;datasource.table&apos;</source>
        <translation>表 &apos;%2&apos; 的数据节点 &apos;%1&apos; 不是“数据源.表”（datasource.table）的形式</translation>
    </message>
    <message>
        <source>cannot tell how many tables algorithm &apos;%1&apos; (%2) creates for auto table &apos;%3&apos;</source>
        <translation>无法确定算法 &apos;%1&apos;（%2）为自动分片表 &apos;%3&apos; 创建多少张表</translation>
    </message>
    <message>
        <source>Auto tables need sharding-count, or a BOUNDARY_RANGE / VOLUME_RANGE / AUTO_INTERVAL algorithm.</source>
        <translation>自动分片表需要 sharding-count，或使用 BOUNDARY_RANGE / VOLUME_RANGE / AUTO_INTERVAL 算法。</translation>
    </message>
    <message>
        <source>auto table &apos;%1&apos; would have %2 tables</source>
        <translation>自动分片表 &apos;%1&apos; 将有%2张表</translation>
    </message>
    <message>
        <source>%1 uses algorithm &apos;%2&apos;, which is not defined</source>
        <translation>%1使用了算法 &apos;%2&apos;，但它没有定义</translation>
    </message>
    <message>
        <source>Define it under %1.</source>
        <translation>请在%1下定义它。</translation>
    </message>
    <message>
        <source>%1 has no %2 and there is no %3</source>
        <translation>%1没有%2，也没有%3</translation>
    </message>
    <message>
        <source>data node &apos;%1&apos; of table &apos;%2&apos; names data source &apos;%3&apos;, which is not defined</source>
        <translation>表 &apos;%2&apos; 的数据节点 &apos;%1&apos; 引用了数据源 &apos;%3&apos;，但它没有定义</translation>
    </message>
    <message>
        <source>table &apos;%1&apos;</source>
        <translation>表 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 uses key generator &apos;%2&apos;, which is not defined</source>
        <translation>%1使用了主键生成器 &apos;%2&apos;，但它没有定义</translation>
    </message>
    <message>
        <source>the default database strategy</source>
        <translation>默认分库策略</translation>
    </message>
    <message>
        <source>the default table strategy</source>
        <translation>默认分表策略</translation>
    </message>
    <message>
        <source>invalid YAML</source>
        <translation>无效的 YAML</translation>
    </message>
    <message>
        <source>the text is %1 bytes; the limit is %2</source>
        <translation>文本大小为%1字节；上限为%2</translation>
    </message>
    <message>
        <source>A sharding configuration is never this deeply nested.</source>
        <translation>分片配置不会有这么深的嵌套。</translation>
    </message>
    <message>
        <source>Add the closing quote.</source>
        <translation>请补上闭合引号。</translation>
    </message>
    <message>
        <source>out of memory while parsing</source>
        <translation>解析时内存不足</translation>
    </message>
    <message>
        <source>the file holds no configuration</source>
        <translation>文件中没有任何配置</translation>
    </message>
    <message>
        <source>the document must be a map of settings</source>
        <translation>文档必须是一个设置项的映射（map）</translation>
    </message>
    <message>
        <source>out of memory while reading the configuration</source>
        <translation>读取配置时内存不足</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos;</source>
        <translation>数据源 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 has no url</source>
        <translation>%1没有 url</translation>
    </message>
    <message>
        <source>Add %1: jdbc:mysql://host:3306/schema</source>
        <translation>请添加%1: jdbc:mysql://host:3306/schema</translation>
    </message>
    <message>
        <source>the url of %1 %2</source>
        <translation>%1的 url %2</translation>
    </message>
    <message>
        <source>ShardPilot connects with jdbc:mysql://host:port/schema or jdbc:mariadb://...</source>
        <translation>ShardPilot 通过 jdbc:mysql://host:port/schema 或 jdbc:mariadb://... 连接</translation>
    </message>
    <message>
        <source>empty item between commas</source>
        <translation>逗号之间有空项</translation>
    </message>
    <message>
        <source>nested lists and ranges inside a list are not supported</source>
        <translation>不支持在列表中嵌套列表或范围</translation>
    </message>
    <message>
        <source>expression nested too deeply</source>
        <translation>表达式嵌套过深</translation>
    </message>
    <message>
        <source>&apos;${&apos; is never closed</source>
        <translation>&apos;${&apos; 没有闭合</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; in expression, expected &apos;}&apos;</source>
        <translation>表达式中出现意外的 &apos;%1&apos;，此处应为 &apos;}&apos;</translation>
    </message>
    <message>
        <source>a range needs integer bounds</source>
        <translation>范围的边界必须是整数</translation>
    </message>
    <message>
        <source>range %1..%2 has more than %3 values</source>
        <translation>范围%1..%2的取值超过%3个</translation>
    </message>
    <message>
        <source>&apos;/&apos; is not supported (Groovy division yields decimals); use intdiv in algorithms</source>
        <translation>不支持 &apos;/&apos;（Groovy 的除法会得到小数）；在算法中请使用 intdiv</translation>
    </message>
    <message>
        <source>string too long</source>
        <translation>字符串过长</translation>
    </message>
    <message>
        <source>&apos;%1&apos; needs integer operands</source>
        <translation>&apos;%1&apos; 的操作数必须是整数</translation>
    </message>
    <message>
        <source>modulo by zero</source>
        <translation>对零取模</translation>
    </message>
    <message>
        <source>integer overflow</source>
        <translation>整数溢出</translation>
    </message>
    <message>
        <source>&apos;-&apos; needs an integer operand</source>
        <translation>&apos;-&apos; 的操作数必须是整数</translation>
    </message>
    <message>
        <source>expression ends unexpectedly</source>
        <translation>表达式意外结束</translation>
    </message>
    <message>
        <source>&apos;(&apos; is never closed</source>
        <translation>&apos;(&apos; 没有闭合</translation>
    </message>
    <message>
        <source>unknown name &apos;%1&apos; (variables and method calls are not supported here)</source>
        <translation>未知的名称 &apos;%1&apos;（此处不支持变量和方法调用）</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; in expression</source>
        <translation>表达式中出现意外的 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>number too large</source>
        <translation>数字过大</translation>
    </message>
    <message>
        <source>decimal numbers are not supported</source>
        <translation>不支持小数</translation>
    </message>
    <message>
        <source>string is never closed</source>
        <translation>字符串没有闭合</translation>
    </message>
    <message>
        <source>a list or range inside a quoted string is not supported</source>
        <translation>不支持在带引号的字符串中使用列表或范围</translation>
    </message>
    <message>
        <source>&apos;[&apos; is never closed</source>
        <translation>&apos;[&apos; 没有闭合</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; in list, expected &apos;,&apos; or &apos;]&apos;</source>
        <translation>列表中出现意外的 &apos;%1&apos;，此处应为 &apos;,&apos; 或 &apos;]&apos;</translation>
    </message>
    <message>
        <source>Split the expression or check the range bounds.</source>
        <translation>请拆分表达式，或检查范围的边界。</translation>
    </message>
    <message>
        <source>Supported: ${0..3}, ${[&apos;a&apos;,&apos;b&apos;]}, ${[0, 2]}, $-&gt;{...}, literals, commas.</source>
        <translation>支持的写法：${0..3}、${[&apos;a&apos;,&apos;b&apos;]}、${[0, 2]}、$-&gt;{...}、字面量、逗号。</translation>
    </message>
    <message>
        <source>inline expression is %1 characters long; the limit is %2</source>
        <translation>行表达式长%1个字符；上限为%2</translation>
    </message>
    <message>
        <source>inline expression expands to more than %1 values</source>
        <translation>行表达式展开后超过%1个值</translation>
    </message>
    <message>
        <source>does not start with &apos;jdbc:&apos;</source>
        <translation>不以 &apos;jdbc:&apos; 开头</translation>
    </message>
    <message>
        <source>has no &apos;://&apos;</source>
        <translation>缺少 &apos;://&apos;</translation>
    </message>
    <message>
        <source>is not a MySQL or MariaDB url (&apos;%1&apos;)</source>
        <translation>不是 MySQL 或 MariaDB 的 url（&apos;%1&apos;）</translation>
    </message>
    <message>
        <source>has an unclosed &apos;[&apos; in the host</source>
        <translation>主机部分的 &apos;[&apos; 没有闭合</translation>
    </message>
    <message>
        <source>has text after the IPv6 address</source>
        <translation>IPv6 地址之后还有多余的文本</translation>
    </message>
    <message>
        <source>has an IPv6 host without brackets</source>
        <translation>IPv6 主机没有用方括号括起来</translation>
    </message>
    <message>
        <source>has no host</source>
        <translation>没有主机</translation>
    </message>
    <message>
        <source>has an invalid port &apos;%1&apos;</source>
        <translation>端口 &apos;%1&apos; 无效</translation>
    </message>
    <message>
        <source>the document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>the document has no dataSources</source>
        <translation>文档中没有 dataSources</translation>
    </message>
    <message>
        <source>List the data sources under dataSources:</source>
        <translation>请在 dataSources: 下列出数据源</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; is defined twice</source>
        <translation>数据源 &apos;%1&apos; 被定义了两次</translation>
    </message>
    <message>
        <source>rules must be a list of tagged rules (- !SHARDING ...)</source>
        <translation>rules 必须是带标签的规则列表（- !SHARDING ...）</translation>
    </message>
    <message>
        <source>a rule has no tag such as !SHARDING; it is ignored</source>
        <translation>有一条规则没有 !SHARDING 之类的标签；已忽略</translation>
    </message>
    <message>
        <source>rule %1 is not used by ShardPilot</source>
        <translation>规则%1不被 ShardPilot 使用</translation>
    </message>
    <message>
        <source>the document has no !SHARDING rule</source>
        <translation>文档中没有 !SHARDING 规则</translation>
    </message>
    <message>
        <source>Add one under rules: - !SHARDING</source>
        <translation>请在 rules: 下添加一条 - !SHARDING</translation>
    </message>
    <message>
        <source>the sharding rule</source>
        <translation>分片规则</translation>
    </message>
    <message>
        <source>the default key generate strategy</source>
        <translation>默认主键生成策略</translation>
    </message>
    <message>
        <source>the broadcast rule</source>
        <translation>广播规则</translation>
    </message>
    <message>
        <source>a table has an empty name</source>
        <translation>有一个表的名称为空</translation>
    </message>
    <message>
        <source>table &apos;%1&apos; is configured twice</source>
        <translation>表 &apos;%1&apos; 被配置了两次</translation>
    </message>
    <message>
        <source>Keep one rule per logic table.</source>
        <translation>每个逻辑表只保留一条规则。</translation>
    </message>
    <message>
        <source>auto table &apos;%1&apos; has no %2</source>
        <translation>自动分片表 &apos;%1&apos; 没有%2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2的%1</translation>
    </message>
    <message>
        <source>%1 has both &apos;%2&apos; and &apos;%3&apos;; only one is allowed</source>
        <translation>%1同时有 &apos;%2&apos; 和 &apos;%3&apos;；只允许其中一个</translation>
    </message>
    <message>
        <source>%1 names no strategy (standard, complex, hint or none)</source>
        <translation>%1未指定任何策略（standard、complex、hint 或 none）</translation>
    </message>
    <message>
        <source>%1 has no %2</source>
        <translation>%1没有%2</translation>
    </message>
    <message>
        <source>%1 must be a list</source>
        <translation>%1必须是列表</translation>
    </message>
    <message>
        <source>a binding group has no &apos;reference&apos;</source>
        <translation>有一个绑定组没有 &apos;reference&apos;</translation>
    </message>
    <message>
        <source>a binding group lists no tables</source>
        <translation>有一个绑定组没有列出任何表</translation>
    </message>
    <message>
        <source>broadcast tables</source>
        <translation>广播表</translation>
    </message>
    <message>
        <source>broadcast tables must be a list</source>
        <translation>广播表必须是列表</translation>
    </message>
    <message>
        <source>a broadcast table</source>
        <translation>广播表</translation>
    </message>
    <message>
        <source>key generator &apos;%1&apos;</source>
        <translation>主键生成器 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos;</source>
        <translation>算法 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>props of %1</source>
        <translation>%1的 props</translation>
    </message>
    <message>
        <source>%1 has no type</source>
        <translation>%1没有 type</translation>
    </message>
    <message>
        <source>spring has no shardingsphere section</source>
        <translation>spring 中没有 shardingsphere 部分</translation>
    </message>
    <message>
        <source>spring.shardingsphere has no datasource section</source>
        <translation>spring.shardingsphere 中没有 datasource 部分</translation>
    </message>
    <message>
        <source>datasource names</source>
        <translation>数据源名称列表（datasource.names）</translation>
    </message>
    <message>
        <source>spring.shardingsphere.datasource has no names</source>
        <translation>spring.shardingsphere.datasource 中没有 names</translation>
    </message>
    <message>
        <source>Add names: db0,db1,...</source>
        <translation>请添加 names: db0,db1,...</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; is listed in names but has no properties</source>
        <translation>数据源 &apos;%1&apos; 列在 names 中，但没有任何属性</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; is not listed in names; Spring ignores it</source>
        <translation>数据源 &apos;%1&apos; 未列在 names 中；Spring 会忽略它</translation>
    </message>
    <message>
        <source>Add it to names or remove it.</source>
        <translation>请将它加入 names，或删除它。</translation>
    </message>
    <message>
        <source>rule &apos;%1&apos; is not used by ShardPilot</source>
        <translation>规则 &apos;%1&apos; 不被 ShardPilot 使用</translation>
    </message>
    <message>
        <source>spring.shardingsphere has no rules.sharding section</source>
        <translation>spring.shardingsphere 中没有 rules.sharding 部分</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>一个 FIFO（命名管道）</translation>
    </message>
    <message>
        <source>a directory</source>
        <translation>一个目录</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>一个设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>it is %1; give a regular file</source>
        <translation>它是%1；请给出一个普通文件</translation>
    </message>
    <message>
        <source>the file is %1 bytes; the limit is %2</source>
        <translation>文件大小为%1字节；上限为%2</translation>
    </message>
    <message>
        <source>the file is larger than %1 bytes</source>
        <translation>文件大于%1字节</translation>
    </message>
    <message>
        <source>indented %1 columns deep</source>
        <translation>缩进深达%1列</translation>
    </message>
    <message>
        <source>nested more than %1 levels deep</source>
        <translation>嵌套超过%1层</translation>
    </message>
    <message>
        <source>the quoted value starting here is never closed</source>
        <translation>从这里开始的带引号的值没有闭合</translation>
    </message>
    <message>
        <source>more than %1 problems; the rest are not shown</source>
        <translation>问题超过%1个；其余的不再显示</translation>
    </message>
    <message>
        <source>the document has more than %1 nodes once aliases are followed</source>
        <translation>展开别名后，文档的节点超过%1个</translation>
    </message>
    <message>
        <source>Check for aliases (*name) that repeat large blocks.</source>
        <translation>请检查是否有别名（*name）重复引用了大块内容。</translation>
    </message>
    <message>
        <source>the document expands to more than %1 MiB of text once aliases are followed</source>
        <translation>展开别名后，文档的文本超过%1 MiB</translation>
    </message>
    <message>
        <source>Check for aliases (*name) that repeat large values.</source>
        <translation>请检查是否有别名（*name）重复引用了较大的值。</translation>
    </message>
    <message>
        <source>%1 must be a map</source>
        <translation>%1必须是映射（map）</translation>
    </message>
    <message>
        <source>a key in %1 is not a plain name</source>
        <translation>%1中有一个键不是普通名称</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2; did you mean &apos;%3&apos;?</source>
        <translation>%2中的未知键 &apos;%1&apos;；您是想写 &apos;%3&apos; 吗？</translation>
    </message>
    <message>
        <source>Rename it to &apos;%1&apos; if that was meant; otherwise it is ignored.</source>
        <translation>如果本意如此，请将它重命名为 &apos;%1&apos;；否则它会被忽略。</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in %2</source>
        <translation>%2中的未知键 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>It is ignored.</source>
        <translation>它会被忽略。</translation>
    </message>
    <message>
        <source>%1 must be a single value</source>
        <translation>%1必须是单个值</translation>
    </message>
    <message>
        <source>not used by any table</source>
        <translation>未被任何表使用</translation>
    </message>
    <message>
        <source>used by %1</source>
        <translation>被%1使用</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; (%2) routes by Java hashCode(), which SQL cannot compute: rows that move during an expansion cannot be found with a WHERE predicate (%3)</source>
        <translation>算法 &apos;%1&apos;（%2）按 Java hashCode() 路由，SQL 无法计算它：扩容时需迁移的行无法用 WHERE 条件找出（%3）</translation>
    </message>
    <message>
        <source>Use CRC32_MOD instead: it has the SQL equivalent CRC32(col) % %1 (identical in MySQL/MariaDB), so the rows to move are found by a predicate. Changing the algorithm relocates existing rows, so do it as part of a migration.</source>
        <translation>请改用 CRC32_MOD：它有等价的 SQL 形式 CRC32(col) % %1（MySQL/MariaDB 中结果相同），需迁移的行可用条件直接找出。更换算法会使已有的行换位置，因此应作为一次迁移来进行。</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has type %2, which ShardPilot does not evaluate: routing previews, reachability checks and expansion plans do not cover it (%3)</source>
        <translation>算法 &apos;%1&apos; 的类型为%2，ShardPilot 不对其求值：路由预览、可达性检查和扩容方案都不覆盖它（%3）</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has unknown type &apos;%2&apos;: routing previews do not cover it (%3)</source>
        <translation>算法 &apos;%1&apos; 的类型 &apos;%2&apos; 未知：路由预览不覆盖它（%3）</translation>
    </message>
    <message>
        <source>Evaluated types: %1. Check the routing of these tables on a staging cluster.</source>
        <translation>可求值的类型：%1。请在预发集群上核对这些表的路由。</translation>
    </message>
    <message>
        <source>Check the spelling; ShardingSphere types are upper-case (MOD, HASH_MOD, INLINE, CLASS_BASED, ...).</source>
        <translation>请检查拼写；ShardingSphere 的类型名为大写（MOD、HASH_MOD、INLINE、CLASS_BASED 等）。</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; (%2) is misconfigured: %3</source>
        <translation>算法 &apos;%1&apos;（%2）配置有误：%3</translation>
    </message>
    <message>
        <source>Fix its props; every key routed through it fails until then.</source>
        <translation>请修正其 props；在此之前，经由它路由的每个键都会失败。</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; uses %2, a ShardPilot extension that ShardingSphere does not ship</source>
        <translation>算法 &apos;%1&apos; 使用%2，这是 ShardPilot 的扩展，ShardingSphere 并未内置</translation>
    </message>
    <message>
        <source>When exporting to ShardingSphere, provide a CLASS_BASED algorithm (a Java StandardShardingAlgorithm computing the same %1) and reference its class in props.algorithmClassName.</source>
        <translation>导出到 ShardingSphere 时，请提供一个 CLASS_BASED 算法（一个计算相同%1的 Java StandardShardingAlgorithm），并在 props.algorithmClassName 中引用其类名。</translation>
    </message>
    <message>
        <source>CRC32 modulo</source>
        <translation>CRC32 取模</translation>
    </message>
    <message>
        <source>CRC32 ring lookup</source>
        <translation>CRC32 哈希环查找</translation>
    </message>
    <message>
        <source>%1 is a %2 strategy, which routing previews do not evaluate</source>
        <translation>%1是%2策略，路由预览不对其求值</translation>
    </message>
    <message>
        <source>Reachability and expansion plans only cover standard (single-column) strategies.</source>
        <translation>可达性检查和扩容方案只覆盖标准（单列）策略。</translation>
    </message>
    <message>
        <source>%1, … (+%2 more)</source>
        <translation>%1等（另有%2项）</translation>
    </message>
    <message>
        <source>default database</source>
        <translation>默认分库</translation>
    </message>
    <message>
        <source>default table</source>
        <translation>默认分表</translation>
    </message>
    <message>
        <source>database</source>
        <translation>分库</translation>
    </message>
    <message>
        <source>table</source>
        <translation>分表</translation>
    </message>
    <message>
        <source>sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>the %1 strategy of %2</source>
        <translation>%2的%1策略</translation>
    </message>
    <message>
        <source>the %1 strategy</source>
        <translation>%1策略</translation>
    </message>
    <message>
        <source>Give the table strategy an algorithm independent of the database one. Spreading rows over all %1 nodes (CRC32 % %1, as reference article 000 §3.6 assumes) needs e.g. database CRC32_MOD sharding-count %2 and table CRC32_MOD sharding-count %3 with divisor %2: database = CRC32 % %2, table = CRC32 DIV %2 % %3. Moving to it relocates rows, so plan it as an expansion.</source>
        <translation>请为分表策略选用一个独立于分库策略的算法。要让行分布到全部%1个节点（CRC32 % %1，即参考文章 000 §3.6 的假设），例如需要：分库 CRC32_MOD sharding-count %2，分表 CRC32_MOD sharding-count %3、divisor %2，即库 = CRC32 % %2，表 = CRC32 DIV %2 % %3。改用它会使行换位置，请按一次扩容来规划。</translation>
    </message>
    <message>
        <source>routing previews of %1 cannot evaluate its algorithms: %2</source>
        <translation>%1的路由预览无法对其算法求值：%2</translation>
    </message>
    <message>
        <source>Reachability and expansion plans do not cover this table.</source>
        <translation>可达性检查和扩容方案不覆盖此表。</translation>
    </message>
    <message>
        <source>only %1 of %2 data nodes of %3 can receive rows: %4 (the database and table strategies both apply &apos;%5&apos; to %6, so the data source fixes the table)</source>
        <translation>%3的%2个数据节点中只有%1个能收到行：%4（分库与分表策略都对%6使用 &apos;%5&apos;，因此数据源一旦确定，表也就确定了）</translation>
    </message>
    <message>
        <source>only %1 of %2 data nodes of %3 can receive rows: %4; never reached in %5 simulated keys: %6</source>
        <translation>%3的%2个数据节点中只有%1个能收到行：%4；在%5个模拟键中从未命中：%6</translation>
    </message>
    <message>
        <source>Check sharding-count against the number of targets, the names&apos; numeric suffixes, and whether the table algorithm depends on the database one; or drop the unused nodes from actualDataNodes.</source>
        <translation>请核对 sharding-count 与目标数量、目标名称的数字后缀，以及分表算法是否依赖分库算法；或者从 actualDataNodes 中去掉用不到的节点。</translation>
    </message>
    <message>
        <source>%1 of %2 names data source &apos;%3&apos;, which is not defined in dataSources</source>
        <translation>%2的%1引用了数据源 &apos;%3&apos;，但 dataSources 中没有定义它</translation>
    </message>
    <message>
        <source>Define the data source under dataSources.</source>
        <translation>请在 dataSources 下定义该数据源。</translation>
    </message>
    <message>
        <source>Defined data sources: %1. Fix the name or define the data source.</source>
        <translation>已定义的数据源：%1。请修正名称或定义该数据源。</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; holds no data node of any sharding rule</source>
        <translation>数据源 &apos;%1&apos; 不承载任何分片规则的数据节点</translation>
    </message>
    <message>
        <source>Only broadcast and single (unsharded) tables can live there. Remove it if that is not intended, or add it to a table&apos;s actualDataNodes.</source>
        <translation>那里只能存放广播表和单表（未分片）。若非有意为之，请删除它，或将它加入某个表的 actualDataNodes。</translation>
    </message>
    <message>
        <source>%1 lists %2 data node(s) more than once: %3</source>
        <translation>%1有%2个数据节点被重复列出：%3</translation>
    </message>
    <message>
        <source>Each data node may appear once; check the inline expression for overlapping parts.</source>
        <translation>每个数据节点只能出现一次；请检查行表达式中是否有重叠的部分。</translation>
    </message>
    <message>
        <source>%1 and %2 share %3 data node(s): %4</source>
        <translation>%1与%2共用%3个数据节点：%4</translation>
    </message>
    <message>
        <source>Two logic tables writing the same physical table mix their rows; give each logic table its own actual tables.</source>
        <translation>两个逻辑表写入同一张物理表会混杂彼此的行；请为每个逻辑表分配各自的实际表。</translation>
    </message>
    <message>
        <source>%1 names algorithm &apos;%2&apos;, which is not defined</source>
        <translation>%1引用了算法 &apos;%2&apos;，但它没有定义</translation>
    </message>
    <message>
        <source>Define it under shardingAlgorithms.</source>
        <translation>请在 shardingAlgorithms 下定义它。</translation>
    </message>
    <message>
        <source>Defined algorithms: %1.</source>
        <translation>已定义的算法：%1。</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; (%2) is not used by any strategy</source>
        <translation>算法 &apos;%1&apos;（%2）未被任何策略使用</translation>
    </message>
    <message>
        <source>Remove it, or check the strategies for a misspelt algorithm name.</source>
        <translation>请删除它，或检查各策略中的算法名是否拼错。</translation>
    </message>
    <message>
        <source>auto table %1 has %2 data nodes but no sharding strategy</source>
        <translation>自动分片表%1有%2个数据节点，但没有分片策略</translation>
    </message>
    <message>
        <source>Add a shardingStrategy naming a column and an algorithm.</source>
        <translation>请添加一个指定分片列和算法的 shardingStrategy。</translation>
    </message>
    <message>
        <source>its database strategy is &apos;none&apos;</source>
        <translation>其分库策略为 &apos;none&apos;</translation>
    </message>
    <message>
        <source>it has no database strategy and there is no default one</source>
        <translation>它没有分库策略，也没有默认分库策略</translation>
    </message>
    <message>
        <source>%1 spans %2 data sources (%3) but %4: a row cannot be routed to one data source</source>
        <translation>%1跨越%2个数据源（%3），但%4：无法把一行路由到唯一的数据源</translation>
    </message>
    <message>
        <source>Add a databaseStrategy (or a defaultDatabaseStrategy) naming the sharding column and an algorithm.</source>
        <translation>请添加指定分片列和算法的 databaseStrategy（或 defaultDatabaseStrategy）。</translation>
    </message>
    <message>
        <source>its table strategy is &apos;none&apos;</source>
        <translation>其分表策略为 &apos;none&apos;</translation>
    </message>
    <message>
        <source>it has no table strategy and there is no default one</source>
        <translation>它没有分表策略，也没有默认分表策略</translation>
    </message>
    <message>
        <source>%1 has %2 actual tables on data source %3 but %4: a row cannot be routed to one table</source>
        <translation>%1在数据源%3上有%2张实际表，但%4：无法把一行路由到唯一的表</translation>
    </message>
    <message>
        <source>Add a tableStrategy (or a defaultTableStrategy) naming the sharding column and an algorithm.</source>
        <translation>请添加指定分片列和算法的 tableStrategy（或 defaultTableStrategy）。</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has its password written in its url</source>
        <translation>数据源 &apos;%1&apos; 的密码以明文写在其 url 中</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has its password written in the file</source>
        <translation>数据源 &apos;%1&apos; 的密码以明文写在文件中</translation>
    </message>
    <message>
        <source>Replace it with a placeholder such as ${DB_PASSWORD} resolved from the environment, or keep it in the OS keychain or a MySQL option file; ShardPilot redacts it on export.</source>
        <translation>请改用占位符（如 ${DB_PASSWORD}，由环境变量解析），或将密码保存在操作系统钥匙串或 MySQL 选项文件中；ShardPilot 导出时会将其隐去。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>data-node layout (actual tables per data source, logic name taken out) %1 vs %2</source>
        <translation>数据节点布局（每个数据源上的实际表，去掉逻辑表名后）%1与%2不同</translation>
    </message>
    <message>
        <source>database algorithm %1 vs %2</source>
        <translation>分库算法%1与%2不同</translation>
    </message>
    <message>
        <source>table algorithm %1 vs %2</source>
        <translation>分表算法%1与%2不同</translation>
    </message>
    <message>
        <source>database sharding column count %1 vs %2</source>
        <translation>分库分片列数量%1与%2不同</translation>
    </message>
    <message>
        <source>table sharding column count %1 vs %2</source>
        <translation>分表分片列数量%1与%2不同</translation>
    </message>
    <message>
        <source>binding group [%1] lists %2, which has no table rule</source>
        <translation>绑定组 [%1] 列出了%2，但它没有表规则</translation>
    </message>
    <message>
        <source>%1 is a broadcast table; broadcast tables cannot be bound. Remove it from the group.</source>
        <translation>%1是广播表；广播表不能绑定。请将它移出该组。</translation>
    </message>
    <message>
        <source>Add a table rule for %1 with the same data-node layout and algorithms as the other members, or remove it from the group (ShardingSphere refuses to start otherwise).</source>
        <translation>请为%1添加一条与其他成员数据节点布局和算法相同的表规则，或将它移出该组（否则 ShardingSphere 会拒绝启动）。</translation>
    </message>
    <message>
        <source>binding tables %1 and %2 do not route alike: %3</source>
        <translation>绑定表%1与%2的路由不一致：%3</translation>
    </message>
    <message>
        <source>Members of a binding group must have the same data-node layout and the same database and table algorithms so equal keys land on the same data node; align them or split the group.</source>
        <translation>绑定组的成员必须有相同的数据节点布局以及相同的分库、分表算法，这样相同的键才会落在同一个数据节点上；请使它们一致，或拆分该组。</translation>
    </message>
    <message>
        <source>%1 is a broadcast table and also has a sharding rule</source>
        <translation>%1是广播表，同时又有分片规则</translation>
    </message>
    <message>
        <source>A table is either copied in full to every data source (broadcast) or split by a rule (%1 data nodes); remove one of the two.</source>
        <translation>一张表要么完整复制到每个数据源（广播），要么按规则拆分（%1个数据节点）；请二选一。</translation>
    </message>
    <message>
        <source>%1 broadcast table(s) live in full on every data source (%2): %3</source>
        <translation>%1张广播表在每个数据源（%2个）上都保存完整数据：%3</translation>
    </message>
    <message>
        <source>Writes go to every data source; keep these tables small and create them on any data source added during an expansion.</source>
        <translation>写入会发往每个数据源；请保持这些表较小，并在扩容新增的每个数据源上创建它们。</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation>（位于%1）</translation>
    </message>
    <message>
        <source>… (%1 in all)</source>
        <translation>…（共%1个）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has sharding-count %2 but %3 chooses among %4 %5%6 (%7): results %8 match no target, rows with them cannot be routed</source>
        <translation>&apos;%1&apos; 的 sharding-count 为%2，但%3只在%4个%5%6（%7）中选择：结果%8匹配不到任何目标，带这些结果的行无法路由</translation>
    </message>
    <message>
        <source>Set sharding-count to the number of %1 (%2), or add the missing targets; ShardingSphere picks the target whose name ends with the result.</source>
        <translation>请把 sharding-count 设为%1的数量（%2），或补上缺少的目标；ShardingSphere 选用名称以该结果结尾的目标。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; (sharding-count %2) never chooses %3 of the %4 %5 of %6%7: %8</source>
        <translation>&apos;%1&apos;（sharding-count %2）从不选择%6的%4个%5%7中的%3个：%8</translation>
    </message>
    <message>
        <source>Results run from 0 to %1 only: raise sharding-count to %2 or drop the unused targets from actualDataNodes.</source>
        <translation>结果只会是 0 到%1：请把 sharding-count 提高到%2，或从 actualDataNodes 中去掉用不到的目标。</translation>
    </message>
    <message>
        <source>A target is used when it is named prefix + result (zero-padded to the shortest suffix, here &apos;%1&apos; + 0..%2); rename the targets accordingly.</source>
        <translation>只有名称为“前缀 + 结果”（结果补零到最短后缀长度，这里是 &apos;%1&apos; + 0..%2）的目标才会被使用；请相应地重命名目标。</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 (5.0) vs %3 (5.1.1+)</source>
        <translation>%1 -&gt; %2（5.0）与%3（5.1.1+）</translation>
    </message>
    <message>
        <source>no target</source>
        <translation>无目标</translation>
    </message>
    <message>
        <source>… (%1 results in all)</source>
        <translation>…（共%1个结果）</translation>
    </message>
    <message>
        <source>results of &apos;%1&apos; are the suffix of several %2 of %3%4 and ShardingSphere versions route them differently: %5</source>
        <translation>&apos;%1&apos; 的结果同时是%3的多个%2%4的后缀，而不同版本的 ShardingSphere 对它们的路由不同：%5</translation>
    </message>
    <message>
        <source>ShardingSphere 5.0 takes the first target whose name ends with the result, 5.1.1 and later the exact prefix + zero-padded name. List the targets in ascending order with uniform names so both rules pick the same one.</source>
        <translation>ShardingSphere 5.0 选用第一个名称以该结果结尾的目标，5.1.1 及以后版本则按“前缀 + 补零结果”精确匹配名称。请按升序并以统一的命名列出目标，使两种规则选中同一个目标。</translation>
    </message>
    <message>
        <source>results of &apos;%1&apos; are the suffix of several %2 of %3%4: %5; both suffix rules agree only because of their order</source>
        <translation>&apos;%1&apos; 的结果同时是%3的多个%2%4的后缀：%5；两种后缀规则结果一致，只是因为目标的排列顺序</translation>
    </message>
    <message>
        <source>ShardingSphere 5.0 takes the first target ending with the result: keep actualDataNodes in ascending order (5.1.1 and later match the exact name).</source>
        <translation>ShardingSphere 5.0 选用第一个以该结果结尾的目标：请保持 actualDataNodes 为升序（5.1.1 及以后版本按精确名称匹配）。</translation>
    </message>
    <message>
        <source>actual tables</source>
        <translation>实际表</translation>
    </message>
    <message>
        <source>data sources</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>dual-master doubling: replicate each instance to a new one, switch %N -&gt; %2N, cut replication, purge the half each side no longer owns</source>
        <translation>双主翻倍：把每个实例复制到一个新实例，将 %N 切换为%2N，断开复制，两侧各自清理不再归属自己的那一半数据</translation>
    </message>
    <message>
        <source>unknown strategy</source>
        <translation>未知的策略</translation>
    </message>
    <message>
        <source>the config has no sharded data sources</source>
        <translation>配置中没有分片的数据源</translation>
    </message>
    <message>
        <source>dual-master doubles: %1 -&gt; %2 databases only</source>
        <translation>双主只能翻倍：仅支持%1 -&gt; %2个库</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 databases by dual-master doubling (replica per instance)</source>
        <translation>通过双主翻倍从%1个库扩到%2个库（每个实例一个副本）</translation>
    </message>
    <message>
        <source>Check %1 can be a replication source</source>
        <translation>检查%1能否作为复制源</translation>
    </message>
    <message>
        <source>Binary log on with GTIDs; %1 needs its own server_id.</source>
        <translation>需开启带 GTID 的二进制日志；%1需要有自己的 server_id。</translation>
    </message>
    <message>
        <source>Consistent copy %1 -&gt; %2</source>
        <translation>一致性复制%1 -&gt; %2</translation>
    </message>
    <message>
        <source>mariadb-dump --single-transaction --master-data=2 --gtid --routines --triggers --databases %1 -h %2 -P %3 | mariadb -h %4 -P %5   (or mariabackup --backup / --prepare / --copy-back); note the GTID position written in the dump header</source>
        <translation>mariadb-dump --single-transaction --master-data=2 --gtid --routines --triggers --databases %1 -h %2 -P %3 | mariadb -h %4 -P %5   （或 mariabackup --backup / --prepare / --copy-back）；记下导出文件头部写明的 GTID 位置</translation>
    </message>
    <message>
        <source>Replicate %1 -&gt; %2</source>
        <translation>复制%1 -&gt; %2</translation>
    </message>
    <message>
        <source>Replicate %1 -&gt; %2 (dual master)</source>
        <translation>复制%1 -&gt; %2（双主）</translation>
    </message>
    <message>
        <source>Both sides accept writes while applications switch one by one.</source>
        <translation>在应用逐个切换期间，两侧都接受写入。</translation>
    </message>
    <message>
        <source>Interleave AUTO_INCREMENT on %1 / %2</source>
        <translation>在%1 / %2上交错 AUTO_INCREMENT</translation>
    </message>
    <message>
        <source>Odd ids on %1, even ids on %2 while both take writes (new sessions only).</source>
        <translation>两侧同时写入期间，%1使用奇数 id，%2使用偶数 id（仅对新会话生效）。</translation>
    </message>
    <message>
        <source>Wait for replication lag 0 on every pair</source>
        <translation>等待每一对的复制延迟降为 0</translation>
    </message>
    <message>
        <source>%1 (old %%2 = %3) -&gt; %1 (%%4 = %3) + %5 (%%4 = %6)</source>
        <translation>%1（原 %%2 = %3）-&gt; %1（%%4 = %3）+ %5（%%4 = %6）</translation>
    </message>
    <message>
        <source>Switch the config %%1 -&gt; %%2</source>
        <translation>切换配置 %%1 -&gt; %%2</translation>
    </message>
    <message>
        <source>Deploy new-config.yaml; reload instance by instance (seconds). Mapping: %1</source>
        <translation>部署 new-config.yaml；逐个实例重新加载（数秒）。映射：%1</translation>
    </message>
    <message>
        <source>Stop and reset replication on %1</source>
        <translation>在%1上停止并重置复制</translation>
    </message>
    <message>
        <source>Purge on %1 the half now served by %2</source>
        <translation>在%1上清理现由%2承载的那一半数据</translation>
    </message>
    <message>
        <source>Destructive; in chunks.</source>
        <translation>破坏性操作；分批执行。</translation>
    </message>
    <message>
        <source>Purge on %1 the half still served by %2</source>
        <translation>在%1上清理仍由%2承载的那一半数据</translation>
    </message>
    <message>
        <source>Set up high availability for the new pairs</source>
        <translation>为新的实例对搭建高可用</translation>
    </message>
    <message>
        <source>The old pairing is gone; give every instance its own replica again.</source>
        <translation>原来的主从配对已不存在；请重新为每个实例配置各自的副本。</translation>
    </message>
    <message>
        <source>the whole instance is copied by replication (all rows), then half is deleted on each side</source>
        <translation>通过复制拷贝整个实例（全部行），然后两侧各删除一半</translation>
    </message>
    <message>
        <source>write stop: only the config reload (seconds); no row copy during the switch</source>
        <translation>停写：只需重新加载配置（数秒）；切换期间无需拷贝数据</translation>
    </message>
    <message>
        <source>each new instance first receives a full copy of its old instance: plan disk for 100% of the data until the D9 purge</source>
        <translation>每个新实例首先会收到其旧实例的完整拷贝：在 D9 清理之前，请按全部数据的 100% 预留磁盘</translation>
    </message>
    <message>
        <source>modulo doubling: N -&gt; 2N databases, rows with hash % 2N &gt;= N move from db i to db i+N</source>
        <translation>取模翻倍：N -&gt; 2N 个库，hash % 2N &gt;= N 的行从库 i 迁到库 i+N</translation>
    </message>
    <message>
        <source>mod-double goes from %1 to %2 databases; use --strategy remap for %1 -&gt; %3</source>
        <translation>mod-double 只能从%1个库扩到%2个库；要扩到%3个库，请使用 --strategy remap（%1 -&gt; %3）</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 databases by modulo doubling (%3)</source>
        <translation>通过取模翻倍从%1个库扩到%2个库（%3）</translation>
    </message>
    <message>
        <source>each source node holds only rows its old route selects (the linter and T5 verify this)</source>
        <translation>每个源节点只保存其旧路由选中的行（由 linter 和 T5 校验）</translation>
    </message>
    <message>
        <source>an algorithm without closed form (INLINE or other) is routed key by key</source>
        <translation>没有闭式形式的算法（INLINE 等）只能逐个键路由</translation>
    </message>
    <message>
        <source>levels hash different columns or inputs</source>
        <translation>各层对不同的列或输入做哈希</translation>
    </message>
    <message>
        <source>the modulo period is too large to enumerate</source>
        <translation>取模周期太大，无法枚举</translation>
    </message>
    <message>
        <source>MOD with start-offset/stop-offset</source>
        <translation>带 start-offset/stop-offset 的 MOD</translation>
    </message>
    <message>
        <source>database level uses %1, which has no SQL equivalent</source>
        <translation>分库层使用%1，它没有等价的 SQL 形式</translation>
    </message>
    <message>
        <source>table level uses %1, which has no SQL equivalent</source>
        <translation>分表层使用%1，它没有等价的 SQL 形式</translation>
    </message>
    <message>
        <source>ring at the table level: routed per row</source>
        <translation>分表层是哈希环：逐行路由</translation>
    </message>
    <message>
        <source>table %1 is missing from the new config</source>
        <translation>新配置中缺少表%1</translation>
    </message>
    <message>
        <source>table %1 is missing from the old config</source>
        <translation>旧配置中缺少表%1</translation>
    </message>
    <message>
        <source>the patched config does not load: %1</source>
        <translation>修改后的配置无法加载：%1</translation>
    </message>
    <message>
        <source>data source names (%1) are not &lt;prefix&gt;&lt;index&gt; from 0; a modulo expansion needs them so</source>
        <translation>数据源名称（%1）不是从 0 开始的 &lt;前缀&gt;&lt;序号&gt; 形式；取模扩容需要这种命名</translation>
    </message>
    <message>
        <source>target database count %1 is out of range 1..1024</source>
        <translation>目标库数量%1超出范围 1..1024</translation>
    </message>
    <message>
        <source>no sharded table has a database strategy</source>
        <translation>没有任何分片表设置了分库策略</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; served both levels; the database level now uses the copy &apos;%2&apos; (sharding-count %3) and the table level keeps &apos;%1&apos;</source>
        <translation>算法 &apos;%1&apos; 同时用于分库和分表两层；分库层现在使用其副本 &apos;%2&apos;（sharding-count %3），分表层仍使用 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>none: offline plan, shares only</source>
        <translation>无：离线方案，仅按比例估算</translation>
    </message>
    <message>
        <source>snapshot taken %1 (exact counts)</source>
        <translation>快照拍摄于%1（精确计数）</translation>
    </message>
    <message>
        <source>snapshot taken %1 (TABLE_ROWS estimates)</source>
        <translation>快照拍摄于%1（TABLE_ROWS 估算值）</translation>
    </message>
    <message>
        <source>%1: the new config routes %2% of keys nowhere</source>
        <translation>%1：新配置把%2% 的键路由不到任何节点</translation>
    </message>
    <message>
        <source>check actualDataNodes against sharding-count</source>
        <translation>请核对 actualDataNodes 与 sharding-count</translation>
    </message>
    <message>
        <source>%1: %2 (shares from %3 sampled keys)</source>
        <translation>%1：%2（比例来自%3个抽样键）</translation>
    </message>
    <message>
        <source>binding group %1 would not move together: its tables get different predicates</source>
        <translation>绑定组%1不会一起迁移：组内各表得到的条件不同</translation>
    </message>
    <message>
        <source>give every table of the group the same sharding column and algorithms</source>
        <translation>请让组内每个表使用相同的分片列和算法</translation>
    </message>
    <message>
        <source>binding group %1 moves together (same predicates per data source pair)</source>
        <translation>绑定组%1一起迁移（每对数据源的条件相同）</translation>
    </message>
    <message>
        <source>broadcast tables %1 are copied whole to every new data source</source>
        <translation>广播表%1会被完整复制到每个新数据源</translation>
    </message>
    <message>
        <source>%1: set AUTO_INCREMENT on each new node at least to its source&apos;s before writes resume, so ids stay unique across the move</source>
        <translation>%1：在恢复写入之前，把每个新节点的 AUTO_INCREMENT 至少设为其源节点的值，使 id 在迁移后仍保持唯一</translation>
    </message>
    <message>
        <source>%1: rows from %2 merge into %3 and their AUTO_INCREMENT ids overlap (%4)</source>
        <translation>%1：来自%2个节点的行汇入%3，它们的 AUTO_INCREMENT id 有重叠（%4）</translation>
    </message>
    <message>
        <source>copy without the surrogate id (let the target assign it) or offset ids per source</source>
        <translation>拷贝时不带代理主键 id（由目标分配），或为每个源设置 id 偏移</translation>
    </message>
    <message>
        <source>%1: rows from %2 sources merge into %3; AUTO_INCREMENT ids may collide (checked at execution)</source>
        <translation>%1：来自%2个源的行汇入%3；AUTO_INCREMENT id 可能冲突（执行时检查）</translation>
    </message>
    <message>
        <source>%1: no SQL predicate (%2); every row&apos;s %3 is streamed in primary-key chunks and routed with the old and new configs, which is slower than a pushed-down predicate</source>
        <translation>%1：没有 SQL 条件（%2）；每一行的%3都要按主键分块读出，再用新旧两份配置路由，比下推到数据库的条件慢</translation>
    </message>
    <message>
        <source>route by CRC32_MOD so SQL can select the moving rows</source>
        <translation>改用 CRC32_MOD 路由，这样就能用 SQL 选出需迁移的行</translation>
    </message>
    <message>
        <source>%1 would still hold about %2 rows after the expansion (limit %3)</source>
        <translation>扩容后%1仍将有约%2行（上限%3）</translation>
    </message>
    <message>
        <source>expand further or split the table</source>
        <translation>请进一步扩容或拆分该表</translation>
    </message>
    <message>
        <source>largest node after the expansion: %1 with about %2 rows (%3% of the %4 limit)</source>
        <translation>扩容后最大的节点：%1，约%2行（为上限%4的%3%）</translation>
    </message>
    <message>
        <source>primary keys are checked at execution: a table without one cannot be copied in chunks and stops the run at its preflight</source>
        <translation>主键在执行时检查：没有主键的表无法分块拷贝，会在预检阶段中止运行</translation>
    </message>
    <message>
        <source>Create schema and tables on %1</source>
        <translation>在%1上创建库和表</translation>
    </message>
    <message>
        <source>Start change capture on %1</source>
        <translation>在%1上启动增量变更捕获</translation>
    </message>
    <message>
        <source>Row-based binlog is required; capture applies only keys at or below each chunk&apos;s last primary key.</source>
        <translation>需要基于行的 binlog；增量捕获只应用不大于各分块最后主键的键。</translation>
    </message>
    <message>
        <source>Backfill %1 -&gt; %2</source>
        <translation>全量回填%1 -&gt; %2</translation>
    </message>
    <message>
        <source>Copied in primary-key chunks inside consistent snapshots.</source>
        <translation>在一致性快照内按主键分块拷贝。</translation>
    </message>
    <message>
        <source>Wait until capture lag is 0</source>
        <translation>等待增量捕获延迟降为 0</translation>
    </message>
    <message>
        <source>Stop writes on %1</source>
        <translation>在%1上停止写入</translation>
    </message>
    <message>
        <source>Uncommitted application transactions fail with error 1290; keep it short.</source>
        <translation>未提交的应用事务会以错误 1290 失败；请尽量缩短停写时间。</translation>
    </message>
    <message>
        <source>Verify %1 -&gt; %2</source>
        <translation>校验%1 -&gt; %2</translation>
    </message>
    <message>
        <source>Count and checksum of the moving rows must equal the target&apos;s.</source>
        <translation>待迁移行的数量和校验和必须与目标一致。</translation>
    </message>
    <message>
        <source>Switch the routing config</source>
        <translation>切换路由配置</translation>
    </message>
    <message>
        <source>Deploy new-config.yaml (%1 data sources) to every application instance.</source>
        <translation>把 new-config.yaml（%1个数据源）部署到每个应用实例。</translation>
    </message>
    <message>
        <source>Resume writes on %1</source>
        <translation>在%1上恢复写入</translation>
    </message>
    <message>
        <source>Observe</source>
        <translation>观察</translation>
    </message>
    <message>
        <source>Keep the moved rows on the sources for 24-48 h so the switch can be undone.</source>
        <translation>在源节点上保留已迁移的行 24-48 小时，以便切换可以回退。</translation>
    </message>
    <message>
        <source>Purge moved rows %1 -&gt; %2</source>
        <translation>清理已迁移的行%1 -&gt; %2</translation>
    </message>
    <message>
        <source>general N -&gt; M remap: moves every row whose old and new routes differ</source>
        <translation>通用 N -&gt; M 重映射：迁移新旧路由不同的每一行</translation>
    </message>
    <message>
        <source>remap needs --to N (the new database count)</source>
        <translation>remap 需要 --to N（新的库数量）</translation>
    </message>
    <message>
        <source>the config already has %1 databases</source>
        <translation>配置中已经有%1个库</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 databases by remapping every key</source>
        <translation>通过重映射每个键从%1个库变为%2个库</translation>
    </message>
    <message>
        <source>data sources beyond %1 stay defined until their rows are purged; remove them from the config afterwards</source>
        <translation>序号%1及以后的数据源在其行清理完之前仍保留定义；之后请从配置中删除它们</translation>
    </message>
    <message>
        <source>predicates state both routes (old = i AND new = j), so they hold even on a source with stray rows</source>
        <translation>条件同时写明新旧两个路由（old = i AND new = j），因此即使源节点上有不属于它的行也成立</translation>
    </message>
    <message>
        <source>consistent-hash ring: add/remove nodes or change virtual nodes; moved arcs become CRC32 BETWEEN predicates</source>
        <translation>一致性哈希环：增删节点或修改虚拟节点数；迁移的弧段成为 CRC32 BETWEEN 条件</translation>
    </message>
    <message>
        <source>ring needs --add-nodes, --remove-nodes, --virtual-nodes or --to</source>
        <translation>ring 需要 --add-nodes、--remove-nodes、--virtual-nodes 或 --to</translation>
    </message>
    <message>
        <source>name the new nodes with --add-nodes (data sources are not &lt;prefix&gt;&lt;index&gt;)</source>
        <translation>请用 --add-nodes 给新节点命名（现有数据源不是 &lt;前缀&gt;&lt;序号&gt; 形式）</translation>
    </message>
    <message>
        <source>node &apos;%1&apos; is already on the ring</source>
        <translation>节点 &apos;%1&apos; 已在哈希环上</translation>
    </message>
    <message>
        <source>node &apos;%1&apos; is not on the ring</source>
        <translation>节点 &apos;%1&apos; 不在哈希环上</translation>
    </message>
    <message>
        <source>removing every node leaves an empty ring</source>
        <translation>移除所有节点后哈希环为空</translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; (%2) becomes a CONSISTENT_HASH ring: this first move remaps most keys; later node changes move only the arcs taken over</source>
        <translation>分库算法 &apos;%1&apos;（%2）变为 CONSISTENT_HASH 哈希环：这第一次迁移会重新映射大多数键；以后增删节点只迁移被接管的弧段</translation>
    </message>
    <message>
        <source>the sharding-count/divisor props of &apos;%1&apos; are ignored by the ring</source>
        <translation>哈希环会忽略 &apos;%1&apos; 的 sharding-count/divisor 属性</translation>
    </message>
    <message>
        <source>add %1</source>
        <translation>添加%1</translation>
    </message>
    <message>
        <source>remove %1</source>
        <translation>移除%1</translation>
    </message>
    <message>
        <source>virtual nodes %1 -&gt; %2</source>
        <translation>虚拟节点%1 -&gt; %2</translation>
    </message>
    <message>
        <source>ring of %1 -&gt; %2 nodes (%3)</source>
        <translation>哈希环从%1个节点变为%2个节点（%3）</translation>
    </message>
    <message>
        <source>moved arcs are exact CRC32 ranges of the old and new rings; row shares assume keys hash uniformly over the ring</source>
        <translation>迁移的弧段是新旧哈希环精确的 CRC32 区间；行的比例假设键在环上均匀分布</translation>
    </message>
    <message>
        <source>config reload only (%1 s); replication keeps both sides current</source>
        <translation>只需重新加载配置（%1秒）；复制使两侧保持最新</translation>
    </message>
    <message>
        <source>full copy of every instance: 2x disk until the purge</source>
        <translation>完整拷贝每个实例：清理之前占用 2 倍磁盘</translation>
    </message>
    <message>
        <source>both sides accept writes during the switch: AUTO_INCREMENT must be interleaved</source>
        <translation>切换期间两侧都接受写入：AUTO_INCREMENT 必须交错</translation>
    </message>
    <message>
        <source>only doubling (N -&gt; 2N)</source>
        <translation>只能翻倍（N -&gt; 2N）</translation>
    </message>
    <message>
        <source>%1 s to drain capture and switch + T5 verification scanning the largest source instance (%2 rows) at %3 rows/s</source>
        <translation>%1秒用于排空增量捕获并切换，加上 T5 校验以%3行/秒扫描最大的源实例（%2行）</translation>
    </message>
    <message>
        <source>%1 s to drain capture and switch; verification time unknown without row counts</source>
        <translation>%1秒用于排空增量捕获并切换；没有行数，无法估计校验时间</translation>
    </message>
    <message>
        <source>balance depends on virtual nodes (see the balance series)</source>
        <translation>均衡程度取决于虚拟节点数（见均衡曲线）</translation>
    </message>
    <message>
        <source>only the hash modulo changes: every later expansion doubles again</source>
        <translation>只改变哈希模数：以后每次扩容都要再次翻倍</translation>
    </message>
    <message>
        <source>snapshot rows and bytes; shares from the routing functions</source>
        <translation>快照中的行数和字节数；比例来自路由函数</translation>
    </message>
    <message>
        <source>offline: shares of the key space (uniform keys), no row counts</source>
        <translation>离线：仅按键空间的比例（假设键均匀分布），没有行数</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>%1: algorithm &apos;%2&apos; (%3) is misconfigured: %4; fix it before planning</source>
        <translation>%1：算法 &apos;%2&apos;（%3）配置有误：%4；请先修正再规划</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has the placeholder ShardPilot writes instead of a password; it is not used as one</source>
        <translation>数据源 &apos;%1&apos; 写的是 ShardPilot 导出时填入的密码占位符，不会被当作密码使用</translation>
    </message>
    <message>
        <source>This file came from a plan or config export, which never writes passwords. Put the password back from the original config, or remove the placeholder and let the keychain, a MySQL option file or SHARDPILOT_PASSWORD_&lt;DS&gt; provide it.</source>
        <translation>此文件来自计划或配置导出，导出从不写入密码。请从原配置中把密码填回，或删除占位符，改由钥匙串、MySQL 选项文件或 SHARDPILOT_PASSWORD_&lt;DS&gt; 提供。</translation>
    </message>
    <message>
        <source>%1 contains the control or bidi character %2</source>
        <translation>%1含有控制字符或双向文本控制字符 %2</translation>
    </message>
    <message>
        <source>Rename it. Names are written into generated SQL, scripts, reports and terminal output, where a line break, an escape sequence or a bidi override can end a comment early, run a statement or hide text; plan refuses such a config.</source>
        <translation>请重命名。名称会写入生成的 SQL、脚本、报告和终端输出，其中的换行、转义序列或双向覆盖字符可能提前结束注释、执行语句或隐藏文字；plan 会拒绝这样的配置。</translation>
    </message>
    <message>
        <source>schema &apos;%1&apos; in the url of data source &apos;%2&apos;</source>
        <translation>数据源 &apos;%2&apos; 的 url 中的库 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>user &apos;%1&apos; of data source &apos;%2&apos;</source>
        <translation>数据源 &apos;%2&apos; 的用户 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>host &apos;%1&apos; in the url of data source &apos;%2&apos;</source>
        <translation>数据源 &apos;%2&apos; 的 url 中的主机 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>actual table &apos;%1&apos;</source>
        <translation>物理表 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>sharding column &apos;%1&apos;</source>
        <translation>分片列 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>key-generate column &apos;%1&apos;</source>
        <translation>主键生成列 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>On every new instance the replica status shows Seconds_Behind_Master = 0 and both replication threads running (Slave_IO_Running, Slave_SQL_Running: Yes).</source>
        <translation>每个新实例的复制状态应显示 Seconds_Behind_Master = 0，且两个复制线程都在运行（Slave_IO_Running、Slave_SQL_Running：Yes）。</translation>
    </message>
    <message>
        <source>Destructive; in chunks: repeat the DELETE until it affects 0 rows.</source>
        <translation>破坏性操作；分批执行：重复执行 DELETE，直到影响 0 行。</translation>
    </message>
    <message>
        <source>no url for the new data source(s) %1: nothing can be created or copied there, so the plan is not exported</source>
        <translation>新数据源 %1 没有 url：无处建表、无处复制，因此不导出该计划</translation>
    </message>
    <message>
        <source>Give each its own schema: shardctl plan --url %1=jdbc:mysql://host:port/schema (repeatable), or the URL column of the wizard&apos;s target page. An existing data source&apos;s schema is refused.</source>
        <translation>为每个新数据源指定独立的库：shardctl plan --url %1=jdbc:mysql://host:port/schema（可重复），或在向导目标页的 URL 列中填写。已有数据源的库会被拒绝。</translation>
    </message>
    <message>
        <source>the url given for %1 contains the control or bidi character %2; fix it before planning</source>
        <translation>为 %1 给出的 url 含有控制字符或双向文本控制字符 %2；请先修正再制定计划</translation>
    </message>
    <message>
        <source>the data source name &apos;%1&apos; contains the control or bidi character %2; fix it before planning</source>
        <translation>数据源名 &apos;%1&apos; 含有控制字符或双向文本控制字符 %2；请先修正再制定计划</translation>
    </message>
    <message>
        <source>the url of %1 names no schema (jdbc:mysql://host:port/schema); a new data source needs a schema of its own</source>
        <translation>%1的 url 没有指定库（jdbc:mysql://host:port/schema）；新数据源需要自己独立的库</translation>
    </message>
    <message>
        <source>the url of %1 points at schema %2 on %3:%4, which data source %5 already uses; a new data source needs a schema of its own</source>
        <translation>%1的 url 指向 %3:%4 上的库 %2，而数据源 %5 已在使用该库；新数据源需要自己独立的库</translation>
    </message>
    <message>
        <source>the urls of %1 and %2 point at the same schema %3 on %4:%5</source>
        <translation>%1和%2的 url 指向 %4:%5 上的同一个库 %3</translation>
    </message>
    <message>
        <source>%1: %2 contains the control or bidi character %3; rename it before planning (shardctl lint lists every such name)</source>
        <translation>%1：%2含有控制字符或双向文本控制字符 %3；请先重命名再制定计划（shardctl lint 会列出所有这样的名称）</translation>
    </message>
    <message>
        <source>cannot export: the new data source(s) %1 have no url, so there is nowhere to create and copy to; give each its own schema with --url %2=jdbc:mysql://host:port/schema</source>
        <translation>无法导出：新数据源 %1 没有 url，无处建表、无处复制；请用 --url %2=jdbc:mysql://host:port/schema 为每个新数据源指定独立的库</translation>
    </message>
    <message>
        <source>cannot export: %1 contains the control or bidi character %2</source>
        <translation>无法导出：%1含有控制字符或双向文本控制字符 %2</translation>
    </message>
    <message>
        <source>cannot export scripts: the plan names no data source endpoints (a plan of an older version); make the plan again</source>
        <translation>无法导出脚本：该计划没有数据源的连接信息（旧版本生成的计划）；请重新制定计划</translation>
    </message>
    <message>
        <source>Table definitions are those of the source nodes.</source>
        <translation>表结构取自源节点。</translation>
    </message>
    <message>
        <source>Table definitions need a live plan (SHOW CREATE TABLE on the source nodes) where source and target are on different instances.</source>
        <translation>源和目标位于不同实例时，表结构需要在线计划（在源节点上执行 SHOW CREATE TABLE）。</translation>
    </message>
    <message>
        <source>Copied in primary-key chunks inside consistent snapshots, keeping the rows the old config routes to %1 and the new one to %2.</source>
        <translation>在一致性快照中按主键分块复制，保留旧配置路由到 %1、新配置路由到 %2 的行。</translation>
    </message>
    <message>
        <source>Destructive: only after T8. Repeat the DELETE until it affects 0 rows.</source>
        <translation>破坏性操作：仅在 T8 之后执行。重复执行 DELETE，直到影响 0 行。</translation>
    </message>
    <message>
        <source>Destructive: only after T8. The keys are those the new config routes to %1 (routed row by row); delete them in chunks of 1000.</source>
        <translation>破坏性操作：仅在 T8 之后执行。要删除的是新配置路由到 %1 的键（逐行路由得出）；每批删除 1000 个。</translation>
    </message>
    <message>
        <source>expected shares assume keys hash uniformly; an estimate&apos;s bound (3 sigma, about 99.7%) is stated only where it can be: from a row sample&apos;s size, or from the key share where each key holds one row (a unique sharding key), widened by 75% of the rows where the snapshot has TABLE_ROWS estimates instead of exact counts</source>
        <translation>预期比例假设键的哈希是均匀的；估算值的误差界（3σ，约 99.7%）只在能给出时才给出：来自行抽样的样本量，或在每个键只有一行（分片键唯一）时来自键的比例；若快照中是 TABLE_ROWS 估算值而非精确计数，误差界再放宽行数的 75%</translation>
    </message>
    <message>
        <source>%1: per-pair estimates from a seeded random sample of %2 rows (%3 routed): the rows a pair has in the sample over the sampling rate, with a bound from the sample size; hot keys weigh what their rows weigh</source>
        <translation>%1：各迁移对的估算来自固定种子的 %2 行随机抽样（路由了 %3 行）：迁移对在样本中的行数除以抽样率，误差界由样本量得出；热点键按其行数计权</translation>
    </message>
    <message>
        <source>%1: the key-share estimates have no bound: rows sharing a sharding key move together, and nothing here tells how many rows the busiest keys hold; draw a row sample or count exactly</source>
        <translation>%1：按键比例的估算没有误差界：共享同一分片键的行一起迁移，而这里没有任何信息能说明最热的键有多少行；请做行抽样或精确计数</translation>
    </message>
    <message>
        <source>ShardPilot report</source>
        <translation>ShardPilot 报告</translation>
    </message>
    <message>
        <source>Config: %1</source>
        <translation>配置：%1</translation>
    </message>
    <message>
        <source>Data sources: %1, logic tables: %2, row limit per table: %3</source>
        <translation>数据源：%1，逻辑表：%2，每表行数上限：%3</translation>
    </message>
    <message>
        <source>No statistics: the cluster has not been inspected.</source>
        <translation>没有统计数据：尚未检查集群。</translation>
    </message>
    <message>
        <source>Statistics taken at %1 (exact counts)</source>
        <translation>统计时间 %1（精确计数）</translation>
    </message>
    <message>
        <source>Statistics taken at %1 (estimates)</source>
        <translation>统计时间 %1（估算值）</translation>
    </message>
    <message>
        <source>data source</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>total rows</source>
        <translation>总行数</translation>
    </message>
    <message>
        <source>max / mean</source>
        <translation>最大 / 平均</translation>
    </message>
    <message>
        <source>CV</source>
        <translation>变异系数</translation>
    </message>
    <message>
        <source>Gini</source>
        <translation>基尼系数</translation>
    </message>
    <message>
        <source>empty nodes</source>
        <translation>空节点</translation>
    </message>
    <message>
        <source>hottest</source>
        <translation>最热节点</translation>
    </message>
    <message>
        <source>fullest vs limit</source>
        <translation>最满 / 上限</translation>
    </message>
    <message>
        <source>over limit</source>
        <translation>超限</translation>
    </message>
    <message>
        <source>no skew figures</source>
        <translation>无倾斜数据</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>reachable</source>
        <translation>可连接</translation>
    </message>
    <message>
        <source>version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>read only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>data size</source>
        <translation>数据量</translation>
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
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>the value is empty; only existing scalar values can be patched</source>
        <translation>值为空；只能修改已有的标量值</translation>
    </message>
    <message>
        <source>the value is an alias (*name); edit the anchored value instead</source>
        <translation>该值是别名（*name）；请改为编辑锚点处的值</translation>
    </message>
    <message>
        <source>block scalar inside a flow collection</source>
        <translation>流式集合中的块标量</translation>
    </message>
    <message>
        <source>unterminated quoted value</source>
        <translation>引号未闭合的值</translation>
    </message>
    <message>
        <source>unsupported escape in a double-quoted value</source>
        <translation>双引号值中有不支持的转义</translation>
    </message>
    <message>
        <source>YAML syntax error at line %1, column %2: %3</source>
        <translation>YAML 语法错误，第 %1 行第 %2 列：%3</translation>
    </message>
    <message>
        <source>empty path</source>
        <translation>路径为空</translation>
    </message>
    <message>
        <source>%1 not found</source>
        <translation>未找到 %1</translation>
    </message>
    <message>
        <source>%1 matches %2 places</source>
        <translation>%1 匹配到 %2 处</translation>
    </message>
    <message>
        <source>not a single value</source>
        <translation>不是单个值</translation>
    </message>
    <message>
        <source>no position known</source>
        <translation>位置未知</translation>
    </message>
    <message>
        <source>the value text does not read as its parsed value; not patched in place</source>
        <translation>值的文本读回后与解析值不同；未就地修改</translation>
    </message>
    <message>
        <source>patched text does not parse back (line %1: %2); nothing changed</source>
        <translation>修改后的文本无法重新解析（第 %1 行：%2）；未作任何修改</translation>
    </message>
    <message>
        <source>the patched text would mean something else; nothing changed</source>
        <translation>修改后的文本含义会改变；未作任何修改</translation>
    </message>
    <message>
        <source>%1 is not a mapping</source>
        <translation>%1 不是映射</translation>
    </message>
    <message>
        <source>has no entry &apos;%1&apos;</source>
        <translation>没有条目 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>entry &apos;%1&apos;: key not found in the text</source>
        <translation>条目 &apos;%1&apos;：文本中找不到该键</translation>
    </message>
    <message>
        <source>entry &apos;%1&apos; shares its line with other text (e.g. &apos;- %1:&apos;); edit it by hand</source>
        <translation>条目 &apos;%1&apos; 与其他文本在同一行（如 &apos;- %1:&apos;）；请手动编辑</translation>
    </message>
    <message>
        <source>entry &apos;%1&apos;: unterminated flow collection</source>
        <translation>条目 &apos;%1&apos;：流式集合未闭合</translation>
    </message>
    <message>
        <source>entry &apos;%1&apos; has no value to copy or remove in place</source>
        <translation>条目 &apos;%1&apos; 没有可就地复制或删除的值</translation>
    </message>
    <message>
        <source>%1 exists already</source>
        <translation>%1 已存在</translation>
    </message>
    <message>
        <source>%1: the flow mapping is not found in the text</source>
        <translation>%1：文本中找不到该流式映射</translation>
    </message>
    <message>
        <source>empty mapping</source>
        <translation>空映射</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; not found in the text</source>
        <translation>文本中找不到算法 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has no props block to add %2 to</source>
        <translation>算法 &apos;%1&apos; 没有可添加 %2 的 props 块</translation>
    </message>
    <message>
        <source>algorithm &apos;%1&apos; has no &apos;%2&apos; line</source>
        <translation>算法 &apos;%1&apos; 没有 &apos;%2&apos; 行</translation>
    </message>
    <message>
        <source>no database strategy names algorithm &apos;%1&apos;</source>
        <translation>没有分库策略使用算法 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>actualDataNodes of table &apos;%1&apos; not found in the text</source>
        <translation>文本中找不到表 &apos;%1&apos; 的 actualDataNodes</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; not found in the text</source>
        <translation>文本中找不到数据源 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>data source &apos;%1&apos; has no url line to copy</source>
        <translation>数据源 &apos;%1&apos; 没有可复制的 url 行</translation>
    </message>
    <message>
        <source>actualDataNodes &apos;%1&apos; has several parts; edit it by hand</source>
        <translation>actualDataNodes &apos;%1&apos; 由多个部分组成；请手动编辑</translation>
    </message>
    <message>
        <source>actualDataNodes &apos;%1&apos; has no data source part</source>
        <translation>actualDataNodes &apos;%1&apos; 没有数据源部分</translation>
    </message>
    <message>
        <source>no host: the url &apos;%1&apos; could not be parsed</source>
        <translation>没有主机：无法解析 url &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unexpected failure</source>
        <translation>意外失败</translation>
    </message>
    <message>
        <source>%1: index statistics not read: %2</source>
        <translation>%1：未能读取索引统计：%2</translation>
    </message>
    <message>
        <source>%1: unreachable, its tables are left out of rows per key</source>
        <translation>%1：无法连接，其表不计入每键行数</translation>
    </message>
    <message>
        <source>rows per sharding key come from index statistics, for information: InnoDB samples CARDINALITY (MariaDB&apos;s halving of it is undone), and a mean says nothing about the busiest keys, so key-share estimates of tables without a unique sharding key have no bound</source>
        <translation>每个分片键的行数来自索引统计，仅供参考：InnoDB 对 CARDINALITY 抽样估算（已还原 MariaDB 的减半），而平均值说明不了最热的键，因此没有唯一分片键的表按键比例的估算没有误差界</translation>
    </message>
    <message>
        <source>%1: the sharding column %2 is unique: one row per key</source>
        <translation>%1：分片列 %2 唯一：每个键一行</translation>
    </message>
    <message>
        <source>%1: no index leads with sharding column %2; rows per key unknown</source>
        <translation>%1：没有以分片列 %2 开头的索引；每键行数未知</translation>
    </message>
    <message>
        <source>%1: index statistics of %2 unknown (run ANALYZE TABLE); rows per key unknown</source>
        <translation>%1：%2 的索引统计未知（请执行 ANALYZE TABLE）；每键行数未知</translation>
    </message>
    <message>
        <source>%1: about %2 rows per %3 key on average (index statistics, %4 of %5 physical tables)</source>
        <translation>%1：平均每个 %3 键约 %2 行（索引统计，%5 个物理表中的 %4 个）</translation>
    </message>
    <message>
        <source>%1: not sampled, the server could not be reached: %2</source>
        <translation>%1：未抽样，无法连接服务器：%2</translation>
    </message>
    <message>
        <source>%1: not sampled (routing uses no single sharding column)</source>
        <translation>%1：未抽样（路由不是基于单个分片列）</translation>
    </message>
    <message>
        <source>%1: not sampled (no rows in the snapshot)</source>
        <translation>%1：未抽样（快照中没有行）</translation>
    </message>
    <message>
        <source>%1: not sampled: %2</source>
        <translation>%1：未抽样：%2</translation>
    </message>
    <message>
        <source>%1: sample capped at %2 rows; the tables it did not reach keep key-share estimates</source>
        <translation>%1：抽样上限为 %2 行；未读到的表保留按键比例的估算</translation>
    </message>
    <message>
        <source>sandbox: new data sources %1 use the sandbox&apos;s spare instances</source>
        <translation>沙箱：新数据源 %1 使用沙箱的备用实例</translation>
    </message>
    <message>
        <source>%1: not reachable: %2</source>
        <translation>%1：无法连接：%2</translation>
    </message>
    <message>
        <source>the plan&apos;s new config does not load</source>
        <translation>计划中的新配置无法加载</translation>
    </message>
    <message>
        <source>%1: unknown data source</source>
        <translation>%1：未知数据源</translation>
    </message>
    <message>
        <source>%1 (%2) could not be reached: %3; its remaining pairs are not counted</source>
        <translation>无法连接 %1（%2）：%3；其余迁移对不再计数</translation>
    </message>
    <message>
        <source>%1: not counted: %2; the remaining pairs of %3 are not counted</source>
        <translation>%1：未计数：%2；%3 的其余迁移对不再计数</translation>
    </message>
    <message>
        <source>%1: not counted: %2</source>
        <translation>%1：未计数：%2</translation>
    </message>
    <message>
        <source>a second YAML document starts here; a sharding configuration is one document</source>
        <translation>第二个 YAML 文档从这里开始；一份分片配置只能是一个文档</translation>
    </message>
    <message>
        <source>ShardingSphere reads one YAML document per file. Keep the configuration&apos;s document (for Spring Boot profiles, the active profile&apos;s settings) and remove the others.</source>
        <translation>ShardingSphere 每个文件只读取一个 YAML 文档。请保留配置所在的文档（若是 Spring Boot 的多 profile 文件，保留当前生效 profile 的设置），删除其余文档。</translation>
    </message>
    <message>
        <source>the file is %1 text; ShardPilot reads UTF-8</source>
        <translation>文件是%1编码的文本；ShardPilot 只读取 UTF-8</translation>
    </message>
    <message>
        <source>a NUL byte is here; YAML text holds none (is the file UTF-16 without a byte-order mark, or not text at all?)</source>
        <translation>这里有一个 NUL 字节；YAML 文本中不能有 NUL（文件是否是没有字节序标记的 UTF-16，或者根本不是文本？）</translation>
    </message>
    <message>
        <source>control character %1 is here; YAML allows only tab, line feed and carriage return</source>
        <translation>这里有控制字符%1；YAML 只允许制表符、换行符和回车符</translation>
    </message>
    <message>
        <source>byte %1 here is not UTF-8</source>
        <translation>这里的字节%1不是 UTF-8</translation>
    </message>
    <message>
        <source>Save the file as UTF-8 text (for example: iconv -f UTF-16 -t UTF-8).</source>
        <translation>请把文件另存为 UTF-8 文本（例如：iconv -f UTF-16 -t UTF-8）。</translation>
    </message>
    <message>
        <source>routing previews of %1 table(s) were not simulated: this lint&apos;s budget of %2 simulated keys was spent on the tables before them (%3)</source>
        <translation>有%1个表的路由预览没有模拟：本次检查的%2个模拟键的预算已用在它们之前的表上（%3）</translation>
    </message>
    <message>
        <source>Unreachable data nodes are not reported for these tables. Tables routed alike (same modulo algorithms and layout) share one simulation; to cover the rest, lint a smaller file or simulate fewer keys per table (shardctl lint --sample-keys).</source>
        <translation>这些表的不可达数据节点不会被报告。路由方式相同（取模算法和布局相同）的表共用一次模拟；要覆盖其余的表，请检查更小的文件，或减少每个表模拟的键数（shardctl lint --sample-keys）。</translation>
    </message>
    <message>
        <source>routing previews of %1 table(s) have more data nodes than the keys simulated per table can reach one by one: unreachable nodes are not reported for them (%2)</source>
        <translation>有%1个表的数据节点多于每个表模拟的键所能逐一覆盖的数量：不报告这些表的不可达节点（%2）</translation>
    </message>
    <message>
        <source>A table with tens of thousands of data nodes needs millions of keys; simulate more keys per table (shardctl lint --sample-keys N) to check it.</source>
        <translation>有数万个数据节点的表需要数百万个键；要检查它，请增加每个表模拟的键数（shardctl lint --sample-keys N）。</translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; is not defined; define it under shardingAlgorithms</source>
        <translation>分库算法 &apos;%1&apos; 没有定义；请在 shardingAlgorithms 下定义它</translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; is a CONSISTENT_HASH ring, which has no database count to change; plan it with --strategy ring (--add-nodes / --remove-nodes)</source>
        <translation>分库算法 &apos;%1&apos; 是 CONSISTENT_HASH 哈希环，没有可修改的库数量；请用 --strategy ring（--add-nodes / --remove-nodes）规划</translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; is INLINE (%2): the expression itself names the data sources, so a plan cannot change their count by a property; rewrite the expression for the new count by hand, or move the table to MOD / CRC32_MOD first</source>
        <translation>分库算法 &apos;%1&apos; 是 INLINE（%2）：数据源由表达式本身给出，方案无法通过修改某个属性来改变数据源数量；请按新的数量手工改写表达式，或先把该表改为 MOD / CRC32_MOD</translation>
    </message>
    <message>
        <source>database algorithm &apos;%1&apos; (%2) is not a modulo algorithm (MOD, HASH_MOD, CRC32_MOD), so its database count cannot be changed by a plan</source>
        <translation>分库算法 &apos;%1&apos;（%2）不是取模算法（MOD、HASH_MOD、CRC32_MOD），方案无法修改它的库数量</translation>
    </message>
    <message>
        <source>the algorithm-expression of &apos;%1&apos; is ignored by the ring: keys are placed by CRC32 on the ring, not by the expression</source>
        <translation>哈希环会忽略 &apos;%1&apos; 的 algorithm-expression：键按 CRC32 落在环上，而不是由表达式决定</translation>
    </message>
    <message>
        <source>%1: no key element %2</source>
        <translation>%1：没有第 %2 个键元素</translation>
    </message>
    <message>
        <source>%1: no value of its own; not patched in place</source>
        <translation>%1：没有自己的值；不在原处修改</translation>
    </message>
    <message>
        <source>measured: %1 s (D7) by migrate_bench --dual-vs-copy on %2</source>
        <translation>实测：%1 秒（D7），由 migrate_bench --dual-vs-copy 在 %2 上测得</translation>
    </message>
    <message>
        <source>measured: %1 s (T4..T7, grows with the rows T5 verifies) by migrate_bench --dual-vs-copy on %2</source>
        <translation>实测：%1 秒（T4..T7，随 T5 校验的行数增长），由 migrate_bench --dual-vs-copy 在 %2 上测得</translation>
    </message>
    <message>
        <source>%1: no sample yet</source>
        <translation>%1：尚无采样</translation>
    </message>
    <message>
        <source>%1: down (%2)</source>
        <translation>%1：宕机（%2）</translation>
    </message>
    <message>
        <source>%1: %2 of %3 connections in use</source>
        <translation>%1：已使用 %2 个连接（共 %3 个）</translation>
    </message>
    <message>
        <source>%1: %2 threads running for %3 s</source>
        <translation>%1：%2 个线程持续运行 %3 秒</translation>
    </message>
    <message>
        <source>%1: %2 threads running</source>
        <translation>%1：%2 个线程正在运行</translation>
    </message>
    <message>
        <source>%1: replication stopped (%2)</source>
        <translation>%1：复制已停止（%2）</translation>
    </message>
    <message>
        <source>%1: replica lag unknown</source>
        <translation>%1：副本延迟未知</translation>
    </message>
    <message>
        <source>%1: replica %2 s behind</source>
        <translation>%1：副本落后 %2 秒</translation>
    </message>
    <message>
        <source>%1: read_only is ON but the server is not a replica</source>
        <translation>%1：read_only 已开启，但该服务器不是副本</translation>
    </message>
    <message>
        <source>%1: buffer pool hit ratio %2%</source>
        <translation>%1：缓冲池命中率 %2%</translation>
    </message>
    <message>
        <source>%1: %2 deadlocks per minute</source>
        <translation>%1：每分钟 %2 次死锁</translation>
    </message>
    <message>
        <source>%1: %2 row lock waits per second</source>
        <translation>%1：每秒 %2 次行锁等待</translation>
    </message>
    <message>
        <source>%1: %2 aborted connections per minute</source>
        <translation>%1：每分钟 %2 个中断的连接</translation>
    </message>
    <message>
        <source>%1: binary logs take %2 GiB</source>
        <translation>%1：二进制日志占用 %2 GiB</translation>
    </message>
    <message>
        <source>%1: within thresholds</source>
        <translation>%1：各项指标均在阈值内</translation>
    </message>
    <message>
        <source>replica status not read on %1: the account lacks SLAVE MONITOR (REPLICATION CLIENT on MySQL); shown as &apos;no privilege&apos;</source>
        <translation>未能读取 %1 的副本状态：该账号缺少 SLAVE MONITOR 权限（MySQL 上为 REPLICATION CLIENT）；显示为“无权限”</translation>
    </message>
    <message>
        <source>binary logs not listed on %1: the account lacks BINLOG MONITOR (REPLICATION CLIENT on MySQL); shown as &apos;no privilege&apos;</source>
        <translation>未能列出 %1 的二进制日志：该账号缺少 BINLOG MONITOR 权限（MySQL 上为 REPLICATION CLIENT）；显示为“无权限”</translation>
    </message>
    <message>
        <source>A monitor account with these privileges can be set for the cluster (shardctl health --monitor-user, or the Health page&apos;s settings).</source>
        <translation>可以为该集群设置一个具有这些权限的监控账号（shardctl health --monitor-user，或“健康”页的设置）。</translation>
    </message>
    <message>
        <source>%1: access denied (%2)</source>
        <translation>%1：访问被拒绝（%2）</translation>
    </message>
    <message>
        <source>%1: within thresholds; %2</source>
        <translation>%1：各项指标均在阈值内；%2</translation>
    </message>
    <message>
        <source>%1: writes stopped by run %2 (%3, %4)</source>
        <translation>%1：写入已被迁移运行 %2 停止（%3，%4）</translation>
    </message>
    <message>
        <source>%1: writes stopped by run %2 (%3, %4); no process runs it: continue or roll it back</source>
        <translation>%1：写入已被迁移运行 %2 停止（%3，%4）；当前没有进程在执行它：请继续或回滚该运行</translation>
    </message>
    <message>
        <source>run %1 %2 here (%3)</source>
        <translation>迁移运行 %1 正在此处%2（%3）</translation>
    </message>
    <message>
        <source>run %1 stopped the writes here (%2)</source>
        <translation>迁移运行 %1 停止了此处的写入（%2）</translation>
    </message>
    <message>
        <source>%1 (load of run %2, which %3: %4)</source>
        <translation>%1（负载来自迁移运行 %2，它正在%3：%4）</translation>
    </message>
    <message>
        <source>copies rows</source>
        <translation>复制行</translation>
    </message>
    <message>
        <source>seeds the new instances</source>
        <translation>为新实例导入初始数据</translation>
    </message>
    <message>
        <source>catches up and pre-verifies rows</source>
        <translation>追平变更并预校验行</translation>
    </message>
    <message>
        <source>verifies rows</source>
        <translation>校验行</translation>
    </message>
    <message>
        <source>compares rows</source>
        <translation>比较行</translation>
    </message>
    <message>
        <source>purges moved rows</source>
        <translation>清除已迁走的行</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>Cell colour: rows over the mean of the cell&apos;s logic table, one scale for every table: white is even, blue down to empty, red up to twice the mean and more; grey has no count.</source>
        <translation>单元格颜色：行数与所在逻辑表平均值之比，所有表共用一个刻度：白色为均匀，越蓝越接近空表，越红越接近平均值的两倍及以上；灰色表示没有计数。</translation>
    </message>
    <message>
        <source>at least %1 (%2 without a count)</source>
        <translation>至少 %1（%2 个没有计数）</translation>
    </message>
    <message>
        <source>keychain: no QCoreApplication</source>
        <translation>钥匙串：没有 QCoreApplication</translation>
    </message>
    <message>
        <source>keychain: not asked from the UI thread (it could block the window)</source>
        <translation>钥匙串：不在界面线程中访问（否则可能卡住窗口）</translation>
    </message>
    <message>
        <source>no answer from the keychain&apos;s secret service within %1 ms (is it waiting for an unlock prompt?): unlock it and try again</source>
        <translation>钥匙串的密钥服务在 %1 毫秒内没有应答（是否在等待解锁提示？）：请解锁后重试</translation>
    </message>
    <message>
        <source>Keep the password in a MySQL option file instead (--defaults-file FILE, SHARDPILOT_DEFAULTS_FILE or ~/.my.cnf, mode 0600) or in SHARDPILOT_PASSWORD_&lt;DS&gt;</source>
        <translation>请改把密码保存在 MySQL 选项文件中（--defaults-file FILE、SHARDPILOT_DEFAULTS_FILE 或 ~/.my.cnf，权限 0600），或放在 SHARDPILOT_PASSWORD_&lt;DS&gt; 中</translation>
    </message>
    <message>
        <source>the keychain asked and access was denied: allow ShardPilot when the keychain asks, and try again</source>
        <translation>钥匙串询问后拒绝了访问：请在钥匙串询问时允许 ShardPilot，然后重试</translation>
    </message>
    <message>
        <source>the keychain refused access (%1): unlock it and try again</source>
        <translation>钥匙串拒绝访问（%1）：请解锁后重试</translation>
    </message>
    <message>
        <source>no keychain is reachable: this session has no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set: a headless box, ssh or a container), so no secret service can be asked. %1, or run the console in a desktop session with a keychain</source>
        <translation>无法访问钥匙串：本会话没有 D-Bus 会话总线（未设置 DBUS_SESSION_BUS_ADDRESS：无图形界面的主机、ssh 或容器），因此无法询问任何密钥服务。%1；或在带钥匙串的桌面会话中运行控制台</translation>
    </message>
    <message>
        <source>no keychain answered on the D-Bus session bus: neither a Secret Service (GNOME Keyring, KeePassXC) nor KWallet is running. %1, or start one and try again</source>
        <translation>D-Bus 会话总线上没有钥匙串应答：既没有运行 Secret Service 服务（GNOME Keyring、KeePassXC），也没有运行 KWallet。%1；或启动其中之一后重试</translation>
    </message>
    <message>
        <source>the keychain failed: %1 (qtkeychain error %2)</source>
        <translation>钥匙串操作失败：%1（qtkeychain 错误 %2）</translation>
    </message>
    <message>
        <source>Preflight and create targets</source>
        <translation>预检并创建目标表</translation>
    </message>
    <message>
        <source>Start change capture</source>
        <translation>启动增量变更捕获</translation>
    </message>
    <message>
        <source>Backfill existing rows</source>
        <translation>回填已有数据</translation>
    </message>
    <message>
        <source>Catch up</source>
        <translation>追平增量</translation>
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
        <source>Switch the config</source>
        <translation>切换配置</translation>
    </message>
    <message>
        <source>Resume writes</source>
        <translation>恢复写入</translation>
    </message>
    <message>
        <source>Purge moved rows</source>
        <translation>清理已迁移的行</translation>
    </message>
    <message>
        <source>Check the servers</source>
        <translation>检查服务器</translation>
    </message>
    <message>
        <source>Seed the new instances</source>
        <translation>为新实例灌入数据</translation>
    </message>
    <message>
        <source>Replicate old to new</source>
        <translation>旧实例复制到新实例</translation>
    </message>
    <message>
        <source>Interleave AUTO_INCREMENT</source>
        <translation>错开 AUTO_INCREMENT</translation>
    </message>
    <message>
        <source>Wait for lag 0</source>
        <translation>等待延迟为 0</translation>
    </message>
    <message>
        <source>Cut replication</source>
        <translation>断开复制</translation>
    </message>
    <message>
        <source>Purge the other half</source>
        <translation>清理另一半</translation>
    </message>
    <message>
        <source>High availability</source>
        <translation>高可用</translation>
    </message>
    <message>
        <source>Replicate back (from the switch)</source>
        <translation>反向复制（自切换起）</translation>
    </message>
</context>
<context>
    <name>sp::ui::CreateRunDialog</name>
    <message>
        <source>Create a migration run</source>
        <translation>创建迁移运行</translation>
    </message>
    <message>
        <source>A run executes the plan T0..T9 on the cluster, from this console or with &lt;tt&gt;shardctl migrate run --run DIR&lt;/tt&gt;; both take turns on the same directory. Its options are fixed for the life of the run.</source>
        <translation>运行在集群上按 T0..T9 执行方案，可在本控制台执行，也可用 &lt;tt&gt;shardctl migrate run --run DIR&lt;/tt&gt; 执行；两者可在同一目录上轮流接手。运行的选项在其整个生命周期内固定不变。</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Choose</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>Run directory:</source>
        <translation>运行目录：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>How long T8 watches the old shards for writes that still follow the old routes before T9 may purge (86,400 s = 24 h; 0 allowed).</source>
        <translation>T8 在 T9 允许清理之前观察旧分片上仍按旧路由写入的时长（86,400 秒 = 24 小时；允许为 0）。</translation>
    </message>
    <message>
        <source>Observe (T8):</source>
        <translation>观察（T8）：</translation>
    </message>
    <message>
        <source>not needed: the sandbox&apos;s root access is used</source>
        <translation>无需填写：使用沙箱的 root 访问</translation>
    </message>
    <message>
        <source>MySQL option file with user and password ([client])</source>
        <translation>含用户名和密码的 MySQL 选项文件（[client]）</translation>
    </message>
    <message>
        <source>An account with replication and DDL rights on every server. Only the file&apos;s path is kept in the run, never the password.</source>
        <translation>在每台服务器上具有复制和 DDL 权限的账号。运行中只保存该文件的路径，绝不保存密码。</translation>
    </message>
    <message>
        <source>Admin option file:</source>
        <translation>管理员选项文件：</translation>
    </message>
    <message>
        <source>optional, e.g. a config reload of the applications</source>
        <translation>可选，例如让应用重新加载配置</translation>
    </message>
    <message>
        <source>A shell command run after T6 switched the config.</source>
        <translation>T6 切换配置后执行的 shell 命令。</translation>
    </message>
    <message>
        <source>Reload command:</source>
        <translation>重新加载命令：</translation>
    </message>
    <message>
        <source>How long T4 may keep writes stopped while the capture drains; past it writes resume and T4 fails.</source>
        <translation>T4 在增量捕获排空期间最多可停写多久；超过后恢复写入，T4 失败。</translation>
    </message>
    <message>
        <source>Write-stop budget:</source>
        <translation>停写预算：</translation>
    </message>
    <message>
        <source> rows</source>
        <translation> 行</translation>
    </message>
    <message>
        <source>The first copy chunk; then adapted to about 0.5 s per chunk.</source>
        <translation>第一个拷贝块的大小；之后自动调整为每块约 0.5 秒。</translation>
    </message>
    <message>
        <source>First chunk:</source>
        <translation>首个块：</translation>
    </message>
    <message>
        <source>The largest copy chunk: smaller means shorter transactions on busy servers.</source>
        <translation>最大拷贝块：越小，繁忙服务器上的事务越短。</translation>
    </message>
    <message>
        <source>Largest chunk:</source>
        <translation>最大块：</translation>
    </message>
    <message>
        <source> rows/s</source>
        <translation> 行/秒</translation>
    </message>
    <message>
        <source>Copy rate limit over all servers.</source>
        <translation>所有服务器合计的拷贝速率上限。</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Rate limit:</source>
        <translation>速率上限：</translation>
    </message>
    <message>
        <source>The copy waits while a source&apos;s Threads_running is above this.</source>
        <translation>源库的 Threads_running 高于此值时拷贝暂停等待。</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Threads_running limit:</source>
        <translation>Threads_running 上限：</translation>
    </message>
    <message>
        <source>Create run</source>
        <translation>创建运行</translation>
    </message>
    <message>
        <source>Choose a directory for the run.</source>
        <translation>请为运行选择一个目录。</translation>
    </message>
    <message>
        <source>%1 holds a run already: open it, or choose another directory.</source>
        <translation>%1 中已有一个运行：请打开它，或选择其他目录。</translation>
    </message>
    <message>
        <source>The admin option file %1 does not exist.</source>
        <translation>管理员选项文件 %1 不存在。</translation>
    </message>
    <message>
        <source>Run directory</source>
        <translation>运行目录</translation>
    </message>
    <message>
        <source>Admin option file</source>
        <translation>管理员选项文件</translation>
    </message>
    <message>
        <source>Option files (*.cnf);;All files (*)</source>
        <translation>选项文件 (*.cnf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>How many source servers copy at once (one copy stream each).</source>
        <translation>同时复制的源服务器数量（每台一个复制流）。</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Sources copied at once:</source>
        <translation>同时复制的源：</translation>
    </message>
    <message>
        <source>Compare every moved row at T5 (longer write stop)</source>
        <translation>在 T5 比对每一条迁移的行（停写时间更长）</translation>
    </message>
    <message>
        <source>By default T3 verifies the copied rows while writes continue and T5 compares only what changed since. Choose this when a change on a source could bypass its binary log (sql_log_bin=0).</source>
        <translation>默认情况下，T3 在写入继续时校验已复制的行，T5 只比对此后发生变化的部分。若源库上的修改可能绕过其二进制日志（sql_log_bin=0），请选择此项。</translation>
    </message>
    <message>
        <source>Verification:</source>
        <translation>校验：</translation>
    </message>
    <message>
        <source>Hash rows with SHA2-256 (for audits; more server CPU)</source>
        <translation>用 SHA2-256 计算行哈希（用于审计；服务器 CPU 开销更大）</translation>
    </message>
    <message>
        <source>By default rows are compared by CRC32 and CRC32C of their exact bytes, which finds any accidental change. A change crafted to keep both CRCs is found only by a cryptographic hash.</source>
        <translation>默认按行的精确字节计算 CRC32 和 CRC32C 进行比较，可发现任何意外改动；而刻意构造、使两个 CRC 都不变的改动只有密码学哈希才能发现。</translation>
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
    <message>
        <source>Exact counts</source>
        <translation>精确计数</translation>
    </message>
    <message>
        <source>Exact counts: refresh with SELECT COUNT(*) on every physical table instead of the InnoDB estimates (TABLE_ROWS): exact, but it reads every table</source>
        <translation>精确计数：刷新时对每个物理表执行 SELECT COUNT(*)，而不是使用 InnoDB 估算值（TABLE_ROWS）：结果精确，但会读取每个表</translation>
    </message>
    <message>
        <source>Growth since the baseline</source>
        <translation>自基线以来的增长</translation>
    </message>
    <message>
        <source>Set baseline</source>
        <translation>设为基线</translation>
    </message>
    <message>
        <source>Measure growth from the snapshot shown now (refreshes, automatic ones too, keep the baseline)</source>
        <translation>以当前显示的快照作为增长的起点（刷新，包括自动刷新，都不会改变基线）</translation>
    </message>
    <message>
        <source>Growth: no baseline yet</source>
        <translation>增长：尚无基线</translation>
    </message>
    <message>
        <source>Growth is measured from a baseline: the first refresh of the session, or the snapshot you choose with Set baseline.</source>
        <translation>增长以基线为起点计算：本次会话的第一次刷新，或您用“设为基线”选定的快照。</translation>
    </message>
    <message>
        <source>Growth since %1 (baseline you set)</source>
        <translation>自 %1 以来的增长（您设置的基线）</translation>
    </message>
    <message>
        <source>Growth since %1 (first refresh of this session)</source>
        <translation>自 %1 以来的增长（本次会话的第一次刷新）</translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) not comparable</source>
        <translation>
            <numerusform>%n 个表不可比</numerusform>
        </translation>
    </message>
    <message>
        <source>Growth compares each table with the baseline snapshot, exact counts with exact counts and estimates with estimates. A table counted exactly one time and estimated the other, or whose instance restarted since (InnoDB then re-reads old estimates), is marked not comparable instead of showing a drop.</source>
        <translation>增长把每个表与基线快照比较：精确计数与精确计数比，估算值与估算值比。一次精确计数、另一次是估算值的表，或其实例此后重启过的表（InnoDB 会重新读取旧的估算值），标记为不可比，而不是显示为减少。</translation>
    </message>
    <message>
        <source>Health of this data source</source>
        <translation>该数据源的健康状况</translation>
    </message>
    <message>
        <source>No statistics yet: Refresh (F5).</source>
        <translation>尚无统计数据：请刷新（F5）。</translation>
    </message>
    <message numerus="yes">
        <source>Rows: %1 in %n table(s)</source>
        <translation>
            <numerusform>行数：%1，共 %n 张表</numerusform>
        </translation>
    </message>
    <message>
        <source>Growth since %1: %2 rows</source>
        <translation>自 %1 以来的增长：%2 行</translation>
    </message>
    <message numerus="yes">
        <source>%n refused the account (access denied).</source>
        <translation>
            <numerusform>%n 个实例拒绝了该账号（访问被拒绝）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Access denied: %1</source>
        <translation>访问被拒绝：%1</translation>
    </message>
    <message>
        <source>Instance %1:%2 refused the account (access denied): %3</source>
        <translation>实例 %1:%2 拒绝了该账号（访问被拒绝）：%3</translation>
    </message>
    <message numerus="yes">
        <source>— %n unknown (no count)</source>
        <translation>
            <numerusform>— %n 个未知（没有计数）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rows: unknown (%1 of %n table(s) without a count: unreachable or failed)</source>
        <translation>
            <numerusform>行数：未知（%n 个表中有 %1 个没有计数：无法连接或计数失败）</numerusform>
        </translation>
    </message>
    <message>
        <source>Growth since %1: unknown (a count is missing)</source>
        <translation>自 %1 以来的增长：未知（缺少计数）</translation>
    </message>
    <message>
        <source>Growth since %1: not comparable (exact counts against estimates, or a restart)</source>
        <translation>自 %1 以来的增长：不可比（精确计数与估算值相比，或期间实例重启过）</translation>
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
    <message>
        <source>Reload from disk…</source>
        <translation>从磁盘重新加载…</translation>
    </message>
    <message>
        <source>%1 changed on disk: the editor shows it as it is now.</source>
        <translation>%1 已在磁盘上被修改：编辑器现在显示其当前内容。</translation>
    </message>
    <message numerus="yes">
        <source>%1 changed on disk since the editor read it; the console shows the new file (%n data source(s)). Your unsaved edits are based on the earlier text: saving them would replace the new file (Save asks and shows the difference first).</source>
        <translation>
            <numerusform>%1 在编辑器读取后已在磁盘上被修改；控制台显示的是新文件（%n 个数据源）。您未保存的编辑基于之前的文本：保存它们会替换新文件（保存前会先询问并显示差异）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Replace your unsaved edits with %1 as it is on disk? Undo (Ctrl+Z) brings the edits back.</source>
        <translation>用磁盘上的 %1 替换您未保存的编辑吗？撤销（Ctrl+Z）可恢复这些编辑。</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Reloaded %1 from disk. Undo (Ctrl+Z) brings your edits back.</source>
        <translation>已从磁盘重新加载 %1。撤销（Ctrl+Z）可恢复您的编辑。</translation>
    </message>
    <message>
        <source>Reloaded %1 from disk.</source>
        <translation>已从磁盘重新加载 %1。</translation>
    </message>
    <message numerus="yes">
        <source>The file on disk has %n data source(s) the saved text does not: %1. Saving removes them from the config.</source>
        <translation>
            <numerusform>磁盘上的文件有 %n 个数据源是要保存的文本中没有的：%1。保存会把它们从配置中删除。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was removed since it was opened. Write the editor&apos;s text to it again?</source>
        <translation>%1 在打开后已被删除。要把编辑器中的文本重新写入它吗？</translation>
    </message>
    <message>
        <source>Not saved: %1 changed on disk while the difference was shown.</source>
        <translation>未保存：显示差异期间 %1 已在磁盘上被修改。</translation>
    </message>
    <message>
        <source>%1 changed on disk while the difference was shown, so it was not saved. Save again to see the difference with the file as it is now.</source>
        <translation>显示差异期间 %1 已在磁盘上被修改，因此没有保存。请再次保存，以查看与文件当前内容的差异。</translation>
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
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation>已将 %1 写入 %2</translation>
    </message>
    <message>
        <source>Scripts: copy.sh, and per data source on-&lt;name&gt;/create.sql, copy.sql, purge.sql</source>
        <translation>脚本：copy.sh，以及每个数据源的 on-&lt;名称&gt;/create.sql、copy.sql、purge.sql</translation>
    </message>
    <message>
        <source>the scripts of %1 data sources (%2)</source>
        <translation>%1 个数据源的脚本（%2）</translation>
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
    <name>sp::ui::HealthChart</name>
    <message>
        <source>Wheel: zoom. Drag: go back in time. Double click: follow now.</source>
        <translation>滚轮：缩放。拖动：回看历史。双击：跟随当前时间。</translation>
    </message>
    <message>
        <source>Select a data source to see its charts.</source>
        <translation>选择一个数据源以查看其图表。</translation>
    </message>
    <message>
        <source>QPS (solid) and TPS (dashed)</source>
        <translation>QPS（实线）与 TPS（虚线）</translation>
    </message>
    <message>
        <source>Threads running</source>
        <translation>运行中的线程</translation>
    </message>
    <message>
        <source>Replica lag (s)</source>
        <translation>副本延迟（秒）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthEventModel</name>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Data source</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthGrid</name>
    <message>
        <source>green</source>
        <translation>绿色</translation>
    </message>
    <message>
        <source>yellow</source>
        <translation>黄色</translation>
    </message>
    <message>
        <source>red</source>
        <translation>红色</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Data source</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>QPS</source>
        <translation>QPS</translation>
    </message>
    <message>
        <source>Threads running</source>
        <translation>运行中的线程</translation>
    </message>
    <message>
        <source>Replica lag</source>
        <translation>副本延迟</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>连接数</translation>
    </message>
    <message>
        <source>TPS</source>
        <translation>TPS</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthPage</name>
    <message>
        <source>Open a sharding config to watch its servers.</source>
        <translation>打开一个分片配置以监视其服务器。</translation>
    </message>
    <message>
        <source>Start sampling</source>
        <translation>开始采样</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Freeze the picture for reading; samples are still taken and stored.</source>
        <translation>冻结画面以便阅读；采样仍会继续并被保存。</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Select a data source for its details.</source>
        <translation>选择一个数据源以查看详情。</translation>
    </message>
    <message>
        <source>Show its rows in the heatmap</source>
        <translation>在热力图中查看其行数</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Version %1, up %2 s, read_only %3</source>
        <translation>版本 %1，已运行 %2 秒，read_only %3</translation>
    </message>
    <message>
        <source>ON</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>QPS %1, TPS %2 (over %3 s)</source>
        <translation>QPS %1，TPS %2（%3 秒内）</translation>
    </message>
    <message>
        <source>Connections %1 of %2, threads running %3</source>
        <translation>连接 %1 / %2，运行中的线程 %3</translation>
    </message>
    <message>
        <source>Buffer pool hit ratio %1%2</source>
        <translation>缓冲池命中率 %1%2</translation>
    </message>
    <message>
        <source> (since the start: too few reads to judge)</source>
        <translation>（自启动以来：读取过少，无法判断）</translation>
    </message>
    <message>
        <source>Row lock waits %1/s, deadlocks %2/min, aborted connections %3/min</source>
        <translation>行锁等待 %1 次/秒，死锁 %2 次/分，中断连接 %3 个/分</translation>
    </message>
    <message>
        <source>Replica: %1, lag %2, GTID %3</source>
        <translation>副本：%1，延迟 %2，GTID %3</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Replica status: no privilege</source>
        <translation>副本状态：无权限</translation>
    </message>
    <message>
        <source>Binary logs: no privilege</source>
        <translation>二进制日志：无权限</translation>
    </message>
    <message>
        <source>Binary logs: %1 files, %2, oldest %3, kept %4</source>
        <translation>二进制日志：%1 个文件，%2，最早为 %3，保留 %4</translation>
    </message>
    <message>
        <source>until purged by hand</source>
        <translation>直到手动清除</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1: %2 rows (%3)%4</source>
        <translation>%1：%2 行（%3）%4</translation>
    </message>
    <message>
        <source>, %1 since the last sample</source>
        <translation>，自上次采样以来 %1</translation>
    </message>
    <message>
        <source>Largest tables: %1</source>
        <translation>最大的表：%1</translation>
    </message>
    <message>
        <source>Stop sampling</source>
        <translation>停止采样</translation>
    </message>
    <message>
        <source>Not sampling.</source>
        <translation>未在采样。</translation>
    </message>
    <message numerus="yes">
        <source>Sampling %n server(s) every %1 s.</source>
        <translation>
            <numerusform>每 %1 秒采样 %n 台服务器。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 green, %2 yellow, %3 red.</source>
        <translation>%1 个绿色，%2 个黄色，%3 个红色。</translation>
    </message>
    <message>
        <source>Paused: the picture is frozen.</source>
        <translation>已暂停：画面已冻结。</translation>
    </message>
    <message>
        <source>Show every change</source>
        <translation>显示全部变化</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Verdict changes</source>
        <translation>结论变化</translation>
    </message>
    <message>
        <source>No verdict has changed yet. Every change is kept here with its reason.</source>
        <translation>结论尚未变化过。每次变化都会连同原因记录在这里。</translation>
    </message>
    <message numerus="yes">
        <source>%n verdict change(s), the newest last.</source>
        <translation>
            <numerusform>%n 次结论变化，最新的在最后。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) of %1 in the red stretch from the History page.</source>
        <translation>
            <numerusform>“历史”页所选红色时段内 %1 的 %n 次变化。</numerusform>
        </translation>
    </message>
    <message>
        <source>The migration run %1 cannot be read: %2</source>
        <translation>无法读取迁移运行 %1：%2</translation>
    </message>
    <message>
        <source>Migration run %1 (%2) stopped the writes on %3 at %4.</source>
        <translation>迁移运行 %1（%2）于 %4 停止了 %3 上的写入。</translation>
    </message>
    <message>
        <source>Migration run %1 (%2) %3 on %4: their load is the run&apos;s.</source>
        <translation>迁移运行 %1（%2）正在 %4 上%3：这些服务器上的负载来自该运行。</translation>
    </message>
    <message>
        <source>No process runs it now: continue or roll it back on the Migration page.</source>
        <translation>当前没有进程在执行它：请在“迁移”页继续或回滚。</translation>
    </message>
</context>
<context>
    <name>sp::ui::HealthSettingsDialog</name>
    <message>
        <source>Connections in use, yellow from (% of max_connections)</source>
        <translation>已用连接数，黄色起点（占 max_connections 的 %）</translation>
    </message>
    <message>
        <source>Connections in use, red from (% of max_connections)</source>
        <translation>已用连接数，红色起点（占 max_connections 的 %）</translation>
    </message>
    <message>
        <source>Threads running, yellow from</source>
        <translation>运行中的线程，黄色起点</translation>
    </message>
    <message>
        <source>Threads running, red from</source>
        <translation>运行中的线程，红色起点</translation>
    </message>
    <message>
        <source>Threads running must last (s)</source>
        <translation>运行中的线程需持续（秒）</translation>
    </message>
    <message>
        <source>Replica lag, yellow from (s)</source>
        <translation>副本延迟，黄色起点（秒）</translation>
    </message>
    <message>
        <source>Replica lag, red from (s)</source>
        <translation>副本延迟，红色起点（秒）</translation>
    </message>
    <message>
        <source>Buffer pool hit ratio, yellow below (%)</source>
        <translation>缓冲池命中率，低于此值为黄色（%）</translation>
    </message>
    <message>
        <source>Buffer pool hit ratio, red below (%)</source>
        <translation>缓冲池命中率，低于此值为红色（%）</translation>
    </message>
    <message>
        <source>Deadlocks per minute, yellow from</source>
        <translation>每分钟死锁数，黄色起点</translation>
    </message>
    <message>
        <source>Deadlocks per minute, red from</source>
        <translation>每分钟死锁数，红色起点</translation>
    </message>
    <message>
        <source>Row lock waits per second, yellow from</source>
        <translation>每秒行锁等待数，黄色起点</translation>
    </message>
    <message>
        <source>Row lock waits per second, red from</source>
        <translation>每秒行锁等待数，红色起点</translation>
    </message>
    <message>
        <source>Aborted connections per minute, yellow from</source>
        <translation>每分钟中断连接数，黄色起点</translation>
    </message>
    <message>
        <source>Aborted connections per minute, red from</source>
        <translation>每分钟中断连接数，红色起点</translation>
    </message>
    <message>
        <source>Binary logs, yellow from (GiB)</source>
        <translation>二进制日志，黄色起点（GiB）</translation>
    </message>
    <message>
        <source>Binary logs, red from (GiB)</source>
        <translation>二进制日志，红色起点（GiB）</translation>
    </message>
    <message>
        <source>read_only on a primary is yellow (1 = yes, 0 = no)</source>
        <translation>主库开启 read_only 时为黄色（1 = 是，0 = 否）</translation>
    </message>
    <message>
        <source>Health settings</source>
        <translation>健康设置</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Sample every</source>
        <translation>采样间隔</translation>
    </message>
    <message>
        <source>the config&apos;s user</source>
        <translation>配置中的用户</translation>
    </message>
    <message>
        <source>Store its password in the keychain…</source>
        <translation>在钥匙串中保存其密码…</translation>
    </message>
    <message>
        <source>Monitor account (this cluster)</source>
        <translation>监控账号（本集群）</translation>
    </message>
    <message>
        <source>A monitor account needs PROCESS, SLAVE MONITOR and BINLOG MONITOR (REPLICATION CLIENT on MySQL) to read replica status and binary logs.</source>
        <translation>监控账号需要 PROCESS、SLAVE MONITOR 和 BINLOG MONITOR 权限（MySQL 上为 REPLICATION CLIENT）才能读取副本状态和二进制日志。</translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
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
        <source>Share of the logic table: %1 %</source>
        <translation>占逻辑表的比例：%1 %</translation>
    </message>
    <message>
        <source>%1 × the mean of its logic table</source>
        <translation>为其逻辑表平均值的 %1 倍</translation>
    </message>
    <message>
        <source>not comparable</source>
        <translation>不可比</translation>
    </message>
    <message>
        <source>Growth since %1 (baseline): %2</source>
        <translation>自 %1（基线）以来的增长：%2</translation>
    </message>
    <message>
        <source>Growth since %1 (baseline): not comparable, one count is exact and the other an InnoDB estimate (%2 then, %3 now)</source>
        <translation>自 %1（基线）以来的增长：不可比，一次是精确计数、另一次是 InnoDB 估算值（当时 %2，现在 %3）</translation>
    </message>
    <message>
        <source>Growth since %1 (baseline): not comparable, the instance restarted since and InnoDB re-read its estimates (%2 then, %3 now); count exactly or set a new baseline</source>
        <translation>自 %1（基线）以来的增长：不可比，实例此后重启过，InnoDB 重新读取了其估算值（当时 %2，现在 %3）；请精确计数或设置新基线</translation>
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
        <source>not comparable</source>
        <translation>不可比</translation>
    </message>
    <message>
        <source>Colour: rows added since the baseline, one scale for all tables</source>
        <translation>颜色：自基线以来新增的行数，所有表使用同一刻度</translation>
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
        <source>rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation>正在读取历史…</translation>
    </message>
    <message>
        <source>QPS (health samples)</source>
        <translation>QPS（健康采样）</translation>
    </message>
    <message>
        <source>Load of %1 over time</source>
        <translation>%1 的负载变化</translation>
    </message>
    <message>
        <source>Rows and load of %1 over time</source>
        <translation>%1 的行数与负载变化</translation>
    </message>
    <message>
        <source>queries per second</source>
        <translation>每秒查询数</translation>
    </message>
    <message>
        <source>insufficient data</source>
        <translation>数据不足</translation>
    </message>
    <message>
        <source>not growing</source>
        <translation>未增长</translation>
    </message>
    <message>
        <source>beyond horizon</source>
        <translation>超出预测范围</translation>
    </message>
    <message>
        <source>already above the limit</source>
        <translation>已超过上限</translation>
    </message>
    <message>
        <source>will cross</source>
        <translation>将超过上限</translation>
    </message>
    <message>
        <source>Exact counts (COUNT(*))</source>
        <translation>精确计数（COUNT(*)）</translation>
    </message>
    <message>
        <source>Estimates (InnoDB TABLE_ROWS)</source>
        <translation>估算值（InnoDB TABLE_ROWS）</translation>
    </message>
    <message>
        <source>Count unknown</source>
        <translation>计数未知</translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s) without a count of every table (no count from %1: unreachable or failed); the lines break there.</source>
        <translation>
            <numerusform>%n 个快照缺少部分表的计数（%1 没有计数：无法连接或计数失败）；曲线在这些位置断开。</numerusform>
        </translation>
    </message>
    <message>
        <source>Exact counts and estimates are drawn apart: the gap between them is not growth.</source>
        <translation>精确计数和估算值分开绘制：两者之间的差距不是增长。</translation>
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
    <message>
        <source>Open &amp;plan…</source>
        <translation>打开方案(&amp;P)…</translation>
    </message>
    <message>
        <source>Open plan</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>Plans (plan.json *.json);;All files (*)</source>
        <translation>方案 (plan.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is not a plan: %2</source>
        <translation>%1 不是方案：%2</translation>
    </message>
    <message>
        <source>Opened the plan %1.</source>
        <translation>已打开方案 %1。</translation>
    </message>
    <message>
        <source>Migration run %1 reopened: see the Migration page.</source>
        <translation>已重新打开迁移运行 %1：见“迁移”页。</translation>
    </message>
    <message>
        <source>Quit ShardPilot</source>
        <translation>退出 ShardPilot</translation>
    </message>
    <message>
        <source>A migration step is running in this console. Quit anyway? The run is asked to pause and stops with the console; &apos;Continue&apos; (here or &apos;shardctl migrate run&apos;) resumes it from its journal.</source>
        <translation>本控制台中有迁移步骤正在运行。仍要退出吗？运行会被要求暂停，并随控制台一起停止；之后“继续”（在此处或用 shardctl migrate run）会根据其日志恢复运行。</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康</translation>
    </message>
    <message>
        <source>%1 — health: %2</source>
        <translation>%1 — 健康：%2</translation>
    </message>
    <message>
        <source>Health (%1)</source>
        <translation>健康（%1）</translation>
    </message>
    <message>
        <source>The worst verdict of the cluster&apos;s servers: %1</source>
        <translation>集群各服务器中最差的结论：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 changed on disk: every page shows it now (%n data source(s)).</source>
        <translation>
            <numerusform>%1 已在磁盘上被修改：所有页面现在都显示它（%n 个数据源）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 changed on disk: every page shows it now, with %n data source(s) instead of %2.</source>
        <translation>
            <numerusform>%1 已在磁盘上被修改：所有页面现在都显示它，数据源由 %2 个变为 %n 个。</numerusform>
        </translation>
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
    <message>
        <source>&lt;h3&gt;No migration plan yet&lt;/h3&gt;&lt;p&gt;Plan an expansion first (Plan ▸ Expansion wizard) and hand the plan over, or open one (File ▸ Open plan): its steps appear here as a timeline, with the SQL of each step, and a run executes them T0..T9.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;还没有迁移方案&lt;/h3&gt;&lt;p&gt;请先规划扩容（规划 ▸ 扩容向导）并移交方案，或打开一个方案（文件 ▸ 打开方案）：其步骤会以时间线显示在这里，并附有每一步的 SQL，由运行按 T0..T9 执行。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>The plan as a runbook: every step with its SQL. A run executes it on the Timeline tab (or with &apos;shardctl migrate&apos;); nothing on this tab connects to a server.</source>
        <translation>方案的运行手册：每一步及其 SQL。运行在“时间线”页签（或用 shardctl migrate）执行它；本页签不会连接任何服务器。</translation>
    </message>
    <message>
        <source>Create run…</source>
        <translation>创建运行…</translation>
    </message>
    <message>
        <source>Make a run directory for this plan and follow it on the Timeline tab</source>
        <translation>为此方案创建运行目录，并在“时间线”页签中跟踪它</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
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
    <message>
        <source>The key share of the source&apos;s rows. No bound: rows sharing a sharding key move together and nothing tells how many rows the busiest keys hold. Estimate from a row sample, or count exactly.</source>
        <translation>源节点行数乘以键的比例。没有误差界：共享同一分片键的行一起迁移，而没有任何信息能说明最热的键有多少行。请用行抽样估算，或精确计数。</translation>
    </message>
    <message>
        <source>From the row sample: the pair&apos;s sampled rows over the sampling rate; ± is a 3-sigma bound from the sample size.</source>
        <translation>来自行抽样：该迁移对在样本中的行数除以抽样率；± 是由样本量得出的 3σ 误差界。</translation>
    </message>
    <message>
        <source>The key share of the source&apos;s rows; ± is a 3-sigma bound (every key holds one row).</source>
        <translation>源节点行数乘以键的比例；± 是 3σ 误差界（每个键只有一行）。</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
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
    <message>
        <source>Estimate from &amp;sample</source>
        <translation>按抽样估算(&amp;S)</translation>
    </message>
    <message>
        <source>Plan again with a row sample of about this many rows per logic table: every physical table is read once (each row with the same probability, seeded, so the same data gives the same sample), and each pair is estimated from the rows it has in the sample, with a bound from the sample size. The same as shardctl plan --live --sample N. 0: no sample.</source>
        <translation>按每个逻辑表约这么多行的行抽样重新规划：每个物理表读取一次（每行以相同概率抽取，使用固定种子，相同的数据得到相同的样本），每个迁移对按它在样本中的行数估算，并给出由样本量得出的误差界。与 shardctl plan --live --sample N 相同。0：不抽样。</translation>
    </message>
    <message>
        <source>Row sample per logic table:</source>
        <translation>每个逻辑表的抽样行数：</translation>
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
    <message>
        <source>Skew after is of key shares, not rows, without the counts of %1.</source>
        <translation>由于缺少 %1 的计数，扩容后倾斜度按键的比例而非行数计算。</translation>
    </message>
</context>
<context>
    <name>sp::ui::RedStretches</name>
    <message>
        <source>Red</source>
        <translation>红色</translation>
    </message>
    <message>
        <source>Red on %1: %2 (click for its verdict changes on the Health page)</source>
        <translation>%1 的红色时段：%2（点击可在“健康”页查看其结论变化）</translation>
    </message>
</context>
<context>
    <name>sp::ui::ReplicationTable</name>
    <message>
        <source>Pair</source>
        <translation>配对</translation>
    </message>
    <message>
        <source>IO thread</source>
        <translation>IO 线程</translation>
    </message>
    <message>
        <source>SQL thread</source>
        <translation>SQL 线程</translation>
    </message>
    <message>
        <source>Lag</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Old: binlog GTID</source>
        <translation>旧实例：binlog GTID</translation>
    </message>
    <message>
        <source>New: applied GTID</source>
        <translation>新实例：已应用 GTID</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>not read: %1</source>
        <translation>未能读取：%1</translation>
    </message>
    <message>
        <source>no replication</source>
        <translation>没有复制</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>已追平</translation>
    </message>
    <message>
        <source>replicating</source>
        <translation>复制中</translation>
    </message>
    <message>
        <source>read %1</source>
        <translation>读取于 %1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
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
    <message>
        <source>Ring balance before (%1) and after (%2) the expansion</source>
        <translation>扩容前（%1）与扩容后（%2）的环均衡</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>max, after</source>
        <translation>最大，扩容后</translation>
    </message>
    <message>
        <source>min, after</source>
        <translation>最小，扩容后</translation>
    </message>
    <message>
        <source>max, before</source>
        <translation>最大，扩容前</translation>
    </message>
    <message>
        <source>min, before</source>
        <translation>最小，扩容前</translation>
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
    <name>sp::ui::RunGate</name>
    <message>
        <source>That step cannot be continued to now.</source>
        <translation>现在不能继续到该步骤。</translation>
    </message>
    <message>
        <source>The steps up to %1 change the live cluster and need a confirmation.</source>
        <translation>直到 %1 的步骤会改动线上集群，需要确认。</translation>
    </message>
    <message>
        <source>No run is open.</source>
        <translation>没有打开的运行。</translation>
    </message>
    <message>
        <source>The engine is running in this console.</source>
        <translation>引擎正在本控制台中运行。</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>待执行</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>已回滚</translation>
    </message>
    <message>
        <source>verifying (read-only)</source>
        <translation>校验中（只读）</translation>
    </message>
    <message>
        <source>rolling back</source>
        <translation>回滚中</translation>
    </message>
    <message>
        <source>continuing the run</source>
        <translation>继续运行中</translation>
    </message>
    <message>
        <source>Running in this console: %1. The page follows the journal.</source>
        <translation>正在本控制台中运行：%1。本页跟踪其日志。</translation>
    </message>
    <message>
        <source>Running in another process (pid %1).</source>
        <translation>正在另一个进程中运行（pid %1）。</translation>
    </message>
    <message>
        <source>Running in another process.</source>
        <translation>正在另一个进程中运行。</translation>
    </message>
    <message>
        <source>The page follows its journal; Continue, Verify and Rollback wait until it ends. Pause asks it to stop after its current chunk.</source>
        <translation>本页跟踪其日志；“继续”、“校验”和“回滚”需等它结束。“暂停”会请它在当前块之后停止。</translation>
    </message>
    <message>
        <source>This run was rolled back. Create a new run to try again.</source>
        <translation>此运行已回滚。如需重试，请创建新的运行。</translation>
    </message>
    <message>
        <source>%1 changed since the plan was made: %2 refuse to run. Make a new plan and a new run, or put the file back.</source>
        <translation>%1 在方案生成后已被修改：%2 会拒绝执行。请生成新方案并创建新运行，或恢复原文件。</translation>
    </message>
    <message>
        <source>%1 failed. The engine says: %2</source>
        <translation>%1 失败。引擎信息：%2</translation>
    </message>
    <message>
        <source>Continue runs it again once the cause is fixed.</source>
        <translation>排除原因后，“继续”会重新执行它。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) differ between the sources and the targets: T6 is refused until T5 is clean. Apply the repair SQL (Differences), then continue: T5 compares again.</source>
        <translation>
            <numerusform>源与目标之间有 %n 行不一致：在 T5 通过之前 T6 会被拒绝。请执行修复 SQL（差异），然后继续：T5 会重新比较。</numerusform>
        </translation>
    </message>
    <message>
        <source>T8 watches the old shards for writes that still follow the old routes until %1; T9 purges only after it.</source>
        <translation>T8 将观察旧分片上仍按旧路由的写入，直到 %1；T9 只在其后清理。</translation>
    </message>
    <message>
        <source>Paused during %1. Continue resumes it.</source>
        <translation>在 %1 期间暂停。“继续”会恢复它。</translation>
    </message>
    <message>
        <source>Stopped after %1. Next: %2.</source>
        <translation>已在 %1 之后停止。下一步：%2。</translation>
    </message>
    <message>
        <source>Another process is working on this run.</source>
        <translation>另一个进程正在处理此运行。</translation>
    </message>
    <message>
        <source>The run was rolled back.</source>
        <translation>此运行已回滚。</translation>
    </message>
    <message>
        <source>The run is complete.</source>
        <translation>此运行已完成。</translation>
    </message>
    <message>
        <source>The config changed since the plan was made.</source>
        <translation>配置在方案生成后已被修改。</translation>
    </message>
    <message>
        <source>The run was rolled back already.</source>
        <translation>此运行已经回滚。</translation>
    </message>
    <message>
        <source>Nothing to roll back: the run has not started.</source>
        <translation>无需回滚：运行尚未开始。</translation>
    </message>
    <message>
        <source>the source servers</source>
        <translation>源服务器</translation>
    </message>
    <message>
        <source>T4 sets read_only=1 on %1: the applications&apos; writes fail until T7 (or a rollback) lifts it. The capture must drain within %2 s, or writes are resumed and T4 fails.</source>
        <translation>T4 在 %1 上设置 read_only=1：在 T7（或回滚）解除之前，应用的写入都会失败。增量捕获必须在 %2 秒内排空，否则恢复写入且 T4 失败。</translation>
    </message>
    <message>
        <source>T6 replaces %1 with the plan&apos;s new config (the old file is kept next to it).</source>
        <translation>T6 用方案的新配置替换 %1（旧文件保留在其旁边）。</translation>
    </message>
    <message>
        <source>T6 replaces %1 with the plan&apos;s new config (the old file is kept next to it) and runs the reload command: %2</source>
        <translation>T6 用方案的新配置替换 %1（旧文件保留在其旁边），并执行重新加载命令：%2</translation>
    </message>
    <message>
        <source>T7 sets read_only=0 on %1: writes resume, routed by the new config. After T7 the run cannot be rolled back.</source>
        <translation>T7 在 %1 上设置 read_only=0：恢复写入，按新配置路由。T7 之后运行无法回滚。</translation>
    </message>
    <message>
        <source>T9 deletes the moved rows from the old shards (%1): %2. A row is deleted only when it is on its target.</source>
        <translation>T9 从旧分片（%1）删除已迁移的行：%2。只有已在目标上的行才会被删除。</translation>
    </message>
    <message>
        <source>about %1 rows</source>
        <translation>约 %1 行</translation>
    </message>
    <message>
        <source>every moved row</source>
        <translation>所有已迁移的行</translation>
    </message>
    <message>
        <source>the old instances</source>
        <translation>旧实例</translation>
    </message>
    <message>
        <source>the new instances</source>
        <translation>新实例</translation>
    </message>
    <message>
        <source>D5 sets auto_increment_increment and auto_increment_offset on %1 and %2 (new sessions), so ids never collide while both sides take writes; D8 or a rollback restores them.</source>
        <translation>D5 在 %1 和 %2 上设置 auto_increment_increment 和 auto_increment_offset（对新会话生效），使两侧同时写入时 id 不会冲突；D8 或回滚会恢复原值。</translation>
    </message>
    <message>
        <source>D7 sets read_only=1 on %1 until every new instance has applied all their transactions (at most %2 s), replaces %3 with the plan&apos;s new config (the old file is kept next to it)%4 and sets read_only=0 again. After D7 the run cannot be rolled back.</source>
        <translation>D7 在 %1 上设置 read_only=1，直到每个新实例都应用了它们的全部事务（最多 %2 秒），用方案的新配置替换 %3（旧文件保留在旁边）%4，然后再设置 read_only=0。D7 之后运行无法回滚。</translation>
    </message>
    <message>
        <source>, runs the reload command %1</source>
        <translation>，执行重载命令 %1</translation>
    </message>
    <message>
        <source>D8 stops replication on %1 and removes it (RESET SLAVE ALL): from then on each side keeps only its own writes.</source>
        <translation>D8 在 %1 上停止并移除复制（RESET SLAVE ALL）：此后每一侧只保留自己的写入。</translation>
    </message>
    <message>
        <source>D9 deletes on %1 the rows the new config routes to %2, and on %2 the rows it routes to %1, in chunks; a row is deleted only when the side that owns it has it.</source>
        <translation>D9 分块删除 %1 上新配置路由到 %2 的行，以及 %2 上路由到 %1 的行；只有当拥有该行的一侧确实有这一行时才会删除。</translation>
    </message>
    <message>
        <source>T7 (resume writes) is refused</source>
        <translation>T7（恢复写入）会被拒绝</translation>
    </message>
    <message>
        <source>T6 (switch the config) and T7 are refused</source>
        <translation>T6（切换配置）和 T7 会被拒绝</translation>
    </message>
    <message numerus="yes">
        <source>The latest comparison (%1) found %n row(s) that differ between the sources and the targets: %2 until a comparison is clean. Apply the repair SQL (Differences), then Verify.</source>
        <translation>
            <numerusform>最近一次比较（%1）发现源与目标之间有 %n 行不一致：在比较通过之前，%2。请执行修复 SQL（差异），然后点击“校验”。</numerusform>
        </translation>
    </message>
    <message>
        <source>checking the replication gates and comparing the rows (nothing is repaired)</source>
        <translation>正在检查复制关卡并比较行（不修复任何内容）</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of the new instances differ from their old instances (%1, %2): D7 is refused until a comparison is clean. Continue runs D6 again, which compares and repairs them from the old instances; Differences lists each with its repair SQL.</source>
        <translation>
            <numerusform>新实例中有 %n 行与其旧实例不同（%1，%2）：在一次比较无差异之前 D7 会被拒绝。“继续”会再次运行 D6，它会比较并从旧实例修复这些行；“差异”页列出每一行及其修复 SQL。</numerusform>
        </translation>
    </message>
    <message>
        <source>Replication into %1 was stopped by a row comparison whose process ended before it finished. Continue starts it again and compares again (D6).</source>
        <translation>%1 的复制被一次行比较停止，而执行它的进程在比较结束前就退出了。“继续”会重新启动复制并再次比较（D6）。</translation>
    </message>
    <message>
        <source>The new instances replicate from the old ones (see Replication). D6 compares the rows each new instance will own with its old instance, exactly, and repairs what differs. D7 is refused until this run compared them clean, and while a replication thread stops, the lag exceeds %1 s or a new instance has transactions of its own.</source>
        <translation>新实例正在从旧实例复制（见“复制”）。D6 会把每个新实例将要拥有的行与其旧实例逐位精确比较，并修复不同之处。在本次运行比较无差异之前，以及当某个复制线程停止、延迟超过 %1 秒或新实例上有自己写入的事务时，D7 会被拒绝。</translation>
    </message>
    <message>
        <source>D6 first compares the rows each new instance will own with its old instance and repairs what differs on the new instance; D7 is refused while anything still differs.</source>
        <translation>D6 先把每个新实例将要拥有的行与其旧实例比较，并在新实例上修复不同之处；只要仍有不同，D7 就会被拒绝。</translation>
    </message>
    <message>
        <source>rate limit</source>
        <translation>速率上限</translation>
    </message>
    <message>
        <source>Threads_running</source>
        <translation>Threads_running</translation>
    </message>
    <message>
        <source>replica lag</source>
        <translation>副本延迟</translation>
    </message>
    <message>
        <source>Pause requested: the engine stops at its next pause point (in %1); the other steps run to their end.</source>
        <translation>已请求暂停：引擎会在下一个暂停点停止（在 %1 中）；其他步骤会运行到结束。</translation>
    </message>
    <message>
        <source>The doubling is complete: each side purged the half it no longer owns (%1).</source>
        <translation>扩容已完成：每一侧都已清理不再归它所有的那一半（%1）。</translation>
    </message>
    <message>
        <source>The run is complete: the moved rows were purged from the old shards (%1).</source>
        <translation>运行已完成：已迁移的行已从旧分片清理（%1）。</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>Interrupted during %1: the process that ran it ended before the step did. Continue resumes it from the journal and the servers&apos; checkpoints.</source>
        <translation>在 %1 期间中断：运行它的进程在该步骤完成前就结束了。“继续”会根据日志和服务器上的检查点恢复。</translation>
    </message>
    <message>
        <source>WRITES ARE STOPPED (read_only=1 on the source servers) since %1. Continue to %2 resumes them on the new config; a rollback resumes them on the old one.</source>
        <translation>自 %1 起已停写（源服务器 read_only=1）。继续到 %2 会在新配置上恢复写入；回滚则在旧配置上恢复写入。</translation>
    </message>
    <message>
        <source>The throttle holds the work back: %1 The work goes on by itself once the cause is gone (migrate throttle changes the limits).</source>
        <translation>限流器正在让工作等待：%1 原因消除后工作会自动继续（migrate throttle 可修改限额）。</translation>
    </message>
    <message>
        <source>%1: %2 s</source>
        <translation>%1：%2 秒</translation>
    </message>
    <message>
        <source>The throttle held the work back %1 s in all (%2).</source>
        <translation>限流器共让工作等待了 %1 秒（%2）。</translation>
    </message>
    <message>
        <source>Not started. Continue runs %1 first.</source>
        <translation>尚未开始。“继续”先执行 %1。</translation>
    </message>
    <message>
        <source>Verify compares the rows: it needs %1 done.</source>
        <translation>校验会比较各行：需要先完成 %1。</translation>
    </message>
    <message>
        <source>Writes follow the new config since %1: the old servers no longer match the new ones.</source>
        <translation>自 %1 起写入按新配置路由：旧服务器已不再与新服务器一致。</translation>
    </message>
    <message>
        <source>Writes were resumed on the new config (%1): rollback is only possible before %1.</source>
        <translation>已在新配置上恢复写入（%1）：只能在 %1 之前回滚。</translation>
    </message>
    <message>
        <source>%1 stopped (see the gate above): why go on anyway? (goes into the audit log)</source>
        <translation>%1 已停止（见上方的检查门）：为什么仍要继续？（会记入审计日志）</translation>
    </message>
    <message>
        <source>%1 stopped (see the gate above); %2 goes on only for a reason: why? (goes into the audit log)</source>
        <translation>%1 已停止（见上方的检查门）；%2 只有在给出理由时才会继续：理由是什么？（会记入审计日志）</translation>
    </message>
    <message>
        <source>the target servers</source>
        <translation>目标服务器</translation>
    </message>
    <message>
        <source>puts the old config back into %1 (%2 replaced it)</source>
        <translation>把旧配置恢复到 %1（%2 曾替换它）</translation>
    </message>
    <message>
        <source>sets read_only=0 on %1: writes resume on the old config</source>
        <translation>在 %1 上设置 read_only=0：在旧配置上恢复写入</translation>
    </message>
    <message>
        <source>drops the pre-verification triggers on %1</source>
        <translation>删除 %1 上的预校验触发器</translation>
    </message>
    <message>
        <source>stops replication into %1, removes it and sets their replication position back</source>
        <translation>停止到 %1 的复制、将其移除，并把它们的复制位点恢复原状</translation>
    </message>
    <message>
        <source>restores auto_increment_increment and auto_increment_offset on %1 and %2</source>
        <translation>恢复 %1 和 %2 上的 auto_increment_increment 和 auto_increment_offset</translation>
    </message>
    <message>
        <source>marks the run rolled back: it cannot be continued; a new run starts over</source>
        <translation>把运行标记为已回滚：它无法再继续；新的运行需从头开始</translation>
    </message>
    <message>
        <source>Also drop what was seeded on the new instances (%1)</source>
        <translation>同时删除灌入新实例的数据（%1）</translation>
    </message>
    <message>
        <source>Also drop the target tables the run created (DROP TABLE on %1)</source>
        <translation>同时删除运行创建的目标表（在 %1 上 DROP TABLE）</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (shardctl migrate status lists them all).</source>
        <translation>
            <numerusform>… 还有 %n 个（shardctl migrate status 会全部列出）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 key %2 → %3: %n write(s), the last at %4</source>
        <translation>
            <numerusform>%1 键 %2 → %3：%n 次写入，最后一次在 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — carry forward copies the old shard&apos;s row to the new node if the new node was not written since the switch</source>
        <translation>%1 — 若新节点自切换后未被写过，前推会把旧分片的行复制到新节点</translation>
    </message>
    <message>
        <source>… and the other open keys the same way.</source>
        <translation>… 其余未解决的键同样处理。</translation>
    </message>
    <message>
        <source>Each change on a new node runs in its own transaction with the row locked, and is written to the audit log.</source>
        <translation>新节点上的每个修改都在单独的事务中进行并锁定该行，且写入审计日志。</translation>
    </message>
    <message>
        <source>carrying the writes of stale routes forward</source>
        <translation>正在前推过期路由的写入</translation>
    </message>
    <message>
        <source>Writes of stale routes are carried forward between T7 and T9.</source>
        <translation>过期路由的写入只能在 T7 与 T9 之间前推。</translation>
    </message>
    <message>
        <source>T8 has seen no open write of a stale route.</source>
        <translation>T8 未发现未解决的过期路由写入。</translation>
    </message>
    <message>
        <source>%1 applied to %2 of %3</source>
        <translation>%1 已应用到 %2（共 %3）</translation>
    </message>
    <message>
        <source>(not started)</source>
        <translation>（未开始）</translation>
    </message>
    <message>
        <source>(not read)</source>
        <translation>（未读取）</translation>
    </message>
    <message>
        <source>Reverse stream: %1 change(s) made on the new nodes carried back to the old shards, %2 left because the old shard had changed the row itself%3. %4</source>
        <translation>反向流：新节点上的 %1 个修改已带回旧分片，%2 个因旧分片自行改过该行而保留原样%3。%4</translation>
    </message>
    <message>
        <source> (last look %1)</source>
        <translation>（最近查看 %1）</translation>
    </message>
    <message>
        <source>Up to date at the last look.</source>
        <translation>最近一次查看时已同步。</translation>
    </message>
    <message>
        <source>Behind: %1.</source>
        <translation>落后：%1。</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) moved by this run were written on their old shards after the switch: a service still routes with the old config, and T9 would delete those writes. Fix that service, then Carry forward: each write goes to its new node where the new node was not written since the switch; a key written on both sides is shown with both versions and changed only as you choose. T8 then reads on from where it stopped. Or roll back: the old config returns and those keys keep the old shards&apos; version.</source>
        <translation>
            <numerusform>本次运行迁移的 %n 个键在切换后仍被写入旧分片：有服务仍按旧配置路由，T9 会删除这些写入。先修正该服务，再点“前推”：每个写入会被带到新节点（仅当新节点自切换后未被写过）；两边都被写过的键会列出两个版本，只按您的选择修改。之后 T8 从上次停下的位置继续读取。或者回滚：旧配置恢复，这些键保留旧分片的版本。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 has begun removing the moved rows from the old servers: the run cannot go back any more.</source>
        <translation>%1 已开始从旧服务器删除已迁移的行：本次运行不能再回退。</translation>
    </message>
    <message>
        <source>sets read_only=1 on %1: the writes the new config sends there fail until the rollback ends</source>
        <translation>在 %1 上设置 read_only=1：新配置发往那里的写入会失败，直到回滚结束</translation>
    </message>
    <message>
        <source>applies what is left of the new nodes&apos; changes to the old shards (the reverse stream) and compares every moved row on both sides; any difference stops the rollback and writes resume on the new nodes</source>
        <translation>把新节点上剩余的修改应用到旧分片（反向流），并比较两边每一行已迁移的数据；任何差异都会停止回滚，新节点恢复写入</translation>
    </message>
    <message>
        <source>puts the old config back into %1</source>
        <translation>把旧配置放回 %1</translation>
    </message>
    <message>
        <source>runs no reload command (none is set): reload the services with the old config yourself; a service still on the new config writes to the new nodes, where nothing carries it back</source>
        <translation>不运行重载命令（未设置）：请自行让服务用旧配置重载；仍用新配置的服务会写入新节点，那里的写入不会再被带回</translation>
    </message>
    <message>
        <source>runs the reload command &apos;%1&apos; (its time is reported apart from the write stop); if it fails, the new nodes stay read-only</source>
        <translation>运行重载命令“%1”（其耗时与停写时间分开报告）；若失败，新节点保持只读</translation>
    </message>
    <message>
        <source>sets read_only=0 on %1 and reports how long writes to moved rows were stopped</source>
        <translation>在 %1 上设置 read_only=0，并报告已迁移行的写入停止了多久</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) written on the old shards by stale routes keep the old shards&apos; version: with the old config back they are where the services read them</source>
        <translation>
            <numerusform>过期路由在旧分片上写入的 %n 个键保留旧分片的版本：旧配置恢复后，服务正是从那里读取它们</numerusform>
        </translation>
    </message>
    <message>
        <source>waits until the old instances have applied everything the new ones took since the switch (new -&gt; old replication); if they cannot, writes resume on the new instances</source>
        <translation>等待旧实例应用完新实例自切换以来接收的全部写入（新 -&gt; 旧复制）；若无法完成，新实例恢复写入</translation>
    </message>
    <message>
        <source>runs the reload command &apos;%1&apos;; if it fails, the new instances stay read-only</source>
        <translation>运行重载命令“%1”；若失败，新实例保持只读</translation>
    </message>
    <message>
        <source>cuts replication both ways, restores auto_increment and the GTID domain, sets read_only=0 on %1</source>
        <translation>切断双向复制，恢复 auto_increment 与 GTID 域，在 %1 上设置 read_only=0</translation>
    </message>
</context>
<context>
    <name>sp::ui::RunNotes</name>
    <message>
        <source>No reload command is set: nothing tells the applications&apos; services to read the new config. D7 lets writes resume right after the switch, so until you reload them yourself they keep writing by the old config.</source>
        <translation>未设置重新加载命令：没有任何机制通知应用服务读取新配置。D7 在切换后立即恢复写入，因此在您亲自重新加载这些服务之前，它们仍按旧配置写入。</translation>
    </message>
    <message>
        <source>No reload command is set: nothing tells the applications&apos; services to read the new config. T7 lets writes resume; services still on the old config then write to the old shards (T8 reports such writes). Continue to T6 first, reload the services yourself, then continue to T7.</source>
        <translation>未设置重新加载命令：没有任何机制通知应用服务读取新配置。T7 会恢复写入；仍使用旧配置的服务随后会写入旧分片（T8 会报告这类写入）。请先继续到 T6，亲自重新加载这些服务，然后再继续到 T7。</translation>
    </message>
    <message>
        <source>No reload command is set: after T6, reload the applications&apos; services yourself, then continue to T7.</source>
        <translation>未设置重新加载命令：T6 之后请亲自重新加载应用服务，然后再继续到 T7。</translation>
    </message>
    <message>
        <source>%1 switched the config at %2.</source>
        <translation>%1 于 %2 切换了配置。</translation>
    </message>
    <message>
        <source>%1 switched the config.</source>
        <translation>%1 切换了配置。</translation>
    </message>
    <message>
        <source>No reload command was set: nothing told the applications&apos; services that %1 changed. Reload them yourself.</source>
        <translation>未设置重新加载命令：没有任何机制通知应用服务 %1 已更改。请亲自重新加载它们。</translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; ran (see the audit log).</source>
        <translation>重新加载命令“%1”已运行（见审计日志）。</translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; ended at %2 after %3 s (exit 0).</source>
        <translation>重新加载命令“%1”于 %2 结束，用时 %3 秒（退出码 0）。</translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; failed at %2 after %3 s (exit %4).</source>
        <translation>重新加载命令“%1”于 %2 失败，用时 %3 秒（退出码 %4）。</translation>
    </message>
    <message>
        <source>The reload command &apos;%1&apos; failed at %2: %3</source>
        <translation>重新加载命令“%1”于 %2 失败：%3</translation>
    </message>
    <message>
        <source>It printed nothing.</source>
        <translation>它没有输出任何内容。</translation>
    </message>
    <message>
        <source>It printed: %1</source>
        <translation>它的输出：%1</translation>
    </message>
    <message>
        <source>The services that were reloaded with the new config must be reloaded again with the old one: the rollback tells nobody.</source>
        <translation>已用新配置重新加载的服务必须再用旧配置重新加载一次：回滚不会通知任何服务。</translation>
    </message>
    <message>
        <source>The rollback does not run the reload command &apos;%1&apos;: reload the services yourself once the old config is back.</source>
        <translation>回滚不会运行重新加载命令“%1”：旧配置恢复后请亲自重新加载这些服务。</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>Verify (%1)</source>
        <translation>校验（%1）</translation>
    </message>
    <message>
        <source>%1 found no differences: every compared row is identical on both sides.</source>
        <translation>%1 未发现差异：所比较的每一行在两侧都相同。</translation>
    </message>
    <message numerus="yes">
        <source>%1 found %n row(s) that differ. They are listed on the &lt;a href=&quot;#differences&quot;&gt;Differences&lt;/a&gt; tab, each with the SQL that repairs its target.</source>
        <translation>
            <numerusform>%1 发现 %n 行不同。它们列在&lt;a href=&quot;#differences&quot;&gt;差异&lt;/a&gt;标签页中，每行附有修复其目标的 SQL。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sp::ui::RunPanel</name>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>Rollback</source>
        <translation>回滚</translation>
    </message>
    <message>
        <source>Create run…</source>
        <translation>创建运行…</translation>
    </message>
    <message>
        <source>Make a run directory for the plan, as &apos;shardctl migrate create&apos; does</source>
        <translation>为方案创建运行目录，与 shardctl migrate create 相同</translation>
    </message>
    <message>
        <source>Open run…</source>
        <translation>打开运行…</translation>
    </message>
    <message>
        <source>Follow a run directory made here or by &apos;shardctl migrate create&apos;</source>
        <translation>跟踪在此处或由 shardctl migrate create 创建的运行目录</translation>
    </message>
    <message>
        <source>Close run</source>
        <translation>关闭运行</translation>
    </message>
    <message>
        <source>Stop following this run here (the run directory stays as it is)</source>
        <translation>在此处停止跟踪此运行（运行目录保持不变）</translation>
    </message>
    <message>
        <source>Continue to:</source>
        <translation>继续到：</translation>
    </message>
    <message>
        <source>The run stops after this step</source>
        <translation>运行在此步骤之后停止</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Rollback…</source>
        <translation>回滚…</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Select a difference to see the SQL that repairs its target.</source>
        <translation>选择一条差异，查看修复其目标的 SQL。</translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation>复制 SQL</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>OS user</source>
        <translation>操作系统用户</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>SQL</source>
        <translation>SQL</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>审计日志</translation>
    </message>
    <message>
        <source>What the engine says while it runs in this console.</source>
        <translation>引擎在本控制台中运行时输出的信息。</translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation>引擎日志</translation>
    </message>
    <message>
        <source>%1 started</source>
        <translation>%1 已开始</translation>
    </message>
    <message>
        <source>%1 finished</source>
        <translation>%1 已完成</translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation>%1 已暂停</translation>
    </message>
    <message>
        <source>Continue stopped: %1</source>
        <translation>继续已停止：%1</translation>
    </message>
    <message>
        <source>Verify stopped: %1</source>
        <translation>校验已停止：%1</translation>
    </message>
    <message>
        <source>Rollback stopped: %1</source>
        <translation>回滚已停止：%1</translation>
    </message>
    <message>
        <source>The engine still runs on %1 in this console; the page follows it until it ends.</source>
        <translation>引擎仍在本控制台中处理 %1；本页会跟踪它直到结束。</translation>
    </message>
    <message>
        <source>running here</source>
        <translation>在此运行</translation>
    </message>
    <message>
        <source>running in another process</source>
        <translation>在其他进程中运行</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>已回滚</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>stopped at a gate</source>
        <translation>受阻于关卡</translation>
    </message>
    <message>
        <source>writes stopped</source>
        <translation>已停写</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Plan an expansion first (Plan ▸ Expansion wizard) or open a plan (File ▸ Open plan)</source>
        <translation>请先规划扩容（规划 ▸ 扩容向导）或打开方案（文件 ▸ 打开方案）</translation>
    </message>
    <message>
        <source>No run of this plan yet. A run executes it T0..T9 on the cluster, with a gate before every step; it can be continued here or with &apos;shardctl migrate run&apos;.</source>
        <translation>此方案还没有运行。运行在集群上按 T0..T9 执行它，每一步之前都有关卡；可在此处或用 shardctl migrate run 继续。</translation>
    </message>
    <message>
        <source>No run. Plan an expansion and hand it over, or open a run directory.</source>
        <translation>没有运行。请规划扩容并移交方案，或打开一个运行目录。</translation>
    </message>
    <message>
        <source>Reading the run in %1…</source>
        <translation>正在读取 %1 中的运行…</translation>
    </message>
    <message>
        <source>Cannot read the run in %1</source>
        <translation>无法读取 %1 中的运行</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>Run directory: %1
Config: %2</source>
        <translation>运行目录：%1
配置：%2</translation>
    </message>
    <message>
        <source>%1 (at %2 %3)</source>
        <translation>%1（在 %2 %3）</translation>
    </message>
    <message>
        <source>Pause requested already</source>
        <translation>已请求暂停</translation>
    </message>
    <message>
        <source>Checks (%1)</source>
        <translation>检查（%1）</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Differences (%1)</source>
        <translation>差异（%1）</translation>
    </message>
    <message>
        <source>No differences: T5 (or Verify) found every target row identical to its source, or has not compared yet.</source>
        <translation>没有差异：T5（或校验）发现每个目标行都与其源一致，或者尚未比较。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) differ; the first %1 are listed. Each comes with the SQL that repairs its target.</source>
        <translation>
            <numerusform>有 %n 行不一致；列出了前 %1 行。每一行都附有修复其目标的 SQL。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) differ. Each comes with the SQL that repairs its target.</source>
        <translation>
            <numerusform>有 %n 行不一致。每一行都附有修复其目标的 SQL。</numerusform>
        </translation>
    </message>
    <message>
        <source>Writes stopped %1</source>
        <translation>已停写 %1</translation>
    </message>
    <message>
        <source>Write stop: %1 s</source>
        <translation>停写：%1 秒</translation>
    </message>
    <message>
        <source>started %1</source>
        <translation>开始于 %1</translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation>结束于 %1</translation>
    </message>
    <message>
        <source>the engine says: %1</source>
        <translation>引擎信息：%1</translation>
    </message>
    <message>
        <source>Continue to %1</source>
        <translation>继续到 %1</translation>
    </message>
    <message>
        <source>Roll back the run</source>
        <translation>回滚运行</translation>
    </message>
    <message>
        <source>The rollback:</source>
        <translation>回滚将：</translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>回滚</translation>
    </message>
    <message>
        <source>Cannot ask for a pause: %1</source>
        <translation>无法请求暂停：%1</translation>
    </message>
    <message>
        <source>pause requested</source>
        <translation>已请求暂停</translation>
    </message>
    <message>
        <source>There is no plan.</source>
        <translation>没有方案。</translation>
    </message>
    <message>
        <source>The engine is running in this console.</source>
        <translation>引擎正在本控制台中运行。</translation>
    </message>
    <message>
        <source>run created in %1</source>
        <translation>运行已创建于 %1</translation>
    </message>
    <message>
        <source>Cannot create the run: %1</source>
        <translation>无法创建运行：%1</translation>
    </message>
    <message>
        <source>%1 is not a run directory (no run.json).</source>
        <translation>%1 不是运行目录（没有 run.json）。</translation>
    </message>
    <message>
        <source>This run belongs to %1; open that config first.</source>
        <translation>此运行属于 %1；请先打开该配置。</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>打开运行</translation>
    </message>
    <message>
        <source>Cannot open the run: %1</source>
        <translation>无法打开运行：%1</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>目标缺失</translation>
    </message>
    <message>
        <source>extra</source>
        <translation>目标多余</translation>
    </message>
    <message>
        <source>different</source>
        <translation>内容不同</translation>
    </message>
    <message>
        <source>Replication</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>SHA2-256</source>
        <translation>SHA2-256</translation>
    </message>
    <message>
        <source>Verify hashes every row with SHA2-256 instead of CRC32 and CRC32C: it also finds a change crafted to keep both CRCs (for audits; more server CPU)</source>
        <translation>校验时用 SHA2-256 而不是 CRC32 和 CRC32C 计算每一行的哈希：也能发现刻意保持两个 CRC 不变的改动（用于审计；服务器 CPU 开销更大）</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>表定义</translation>
    </message>
    <message>
        <source>No differences: D6 (or Verify) found every row a new instance will own identical to its old instance, or has not compared yet.</source>
        <translation>没有差异：D6（或校验）发现新实例将要拥有的每一行都与其旧实例相同，或者尚未比较。</translation>
    </message>
    <message>
        <source>Run the steps up to the chosen one; the steps that change the live cluster (%1) ask first</source>
        <translation>执行直到所选步骤的各步；会改动线上集群的步骤（%1）会先请求确认</translation>
    </message>
    <message>
        <source>Ask the engine to stop at its next pause point (in %1; between steps otherwise); &apos;Continue&apos; resumes</source>
        <translation>请求引擎在下一个暂停点停止（在 %1 中；其他情况下在步骤之间）；“继续”可恢复</translation>
    </message>
    <message>
        <source>Compare the rows again (read-only)</source>
        <translation>再次比较各行（只读）</translation>
    </message>
    <message>
        <source>Before %1: put the old config back and lift read_only; optionally drop what the run created</source>
        <translation>%1 之前：恢复旧配置并解除 read_only；可选删除运行创建的内容</translation>
    </message>
    <message>
        <source>read_only=1 on the old servers since %1; %3 holds it at most %2 s for the new instances to apply everything, then switches the config and lifts it</source>
        <translation>自 %1 起旧服务器 read_only=1；%3 最多保持 %2 秒，等新实例应用完所有变更，然后切换配置并解除</translation>
    </message>
    <message>
        <source>read_only=1 on the source servers since %1; %3 may hold it %2 s to drain the capture, then it lasts until %4 or a rollback</source>
        <translation>自 %1 起源服务器 read_only=1；%3 可能保持 %2 秒以排空增量捕获，之后持续到 %4 或回滚</translation>
    </message>
    <message>
        <source>How long writes were stopped (during %1)</source>
        <translation>停写持续的时长（%1 期间）</translation>
    </message>
    <message>
        <source>How long writes were stopped (%1 to %2)</source>
        <translation>停写持续的时长（%1 到 %2）</translation>
    </message>
    <message>
        <source>Continuing to %1 changes the live cluster:</source>
        <translation>继续到 %1 会改动线上集群：</translation>
    </message>
    <message>
        <source>Carry forward</source>
        <translation>前推</translation>
    </message>
    <message>
        <source>Carry forward…</source>
        <translation>前推…</translation>
    </message>
    <message>
        <source>Carry the writes of stale routes to the new nodes (T8&apos;s open keys)</source>
        <translation>把过期路由的写入带到新节点（T8 未解决的键）</translation>
    </message>
    <message>
        <source>Carry forward the writes of stale routes</source>
        <translation>前推过期路由的写入</translation>
    </message>
    <message>
        <source>For each key written on its old shard after the switch:</source>
        <translation>对切换后在旧分片上被写入的每个键：</translation>
    </message>
    <message>
        <source>Keys written on both sides since the switch:</source>
        <translation>切换后两边都被写入的键：</translation>
    </message>
    <message>
        <source>List them and leave both versions</source>
        <translation>列出并保留两个版本</translation>
    </message>
    <message>
        <source>Keep the new node&apos;s row (the old shard&apos;s write is deleted by T9)</source>
        <translation>保留新节点的行（旧分片的写入由 T9 删除）</translation>
    </message>
    <message>
        <source>Take the old shard&apos;s row (it replaces the new node&apos;s)</source>
        <translation>采用旧分片的行（替换新节点的行）</translation>
    </message>
    <message>
        <source>Until the purge: stop writes on the new nodes, carry the rest of their changes back, compare, put the old config back</source>
        <translation>在清理之前：停止新节点写入，带回其余修改，比较，放回旧配置</translation>
    </message>
    <message>
        <source>Writes to moved rows stopped %1 (rollback)</source>
        <translation>已迁移行的写入已停止 %1（回滚）</translation>
    </message>
    <message>
        <source>read_only=1 on the new nodes since %1 while the rollback carries their last changes back and compares</source>
        <translation>自 %1 起新节点 read_only=1，回滚正在带回其最后的修改并比较</translation>
    </message>
    <message>
        <source>(reload command %1 s of it)</source>
        <translation>（其中重载命令 %1 秒）</translation>
    </message>
    <message>
        <source>rollback: %1 s</source>
        <translation>回滚：%1 秒</translation>
    </message>
    <message>
        <source>The reload command took most of the stop: the services&apos; reload is the switch window&apos;s limit.</source>
        <translation>重载命令占了停写的大部分：服务的重载是切换窗口的瓶颈。</translation>
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
    <name>sp::ui::StepperWidget</name>
    <message>
        <source>started %1</source>
        <translation>开始于 %1</translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation>结束于 %1</translation>
    </message>
    <message>
        <source>The engine says: %1</source>
        <translation>引擎信息：%1</translation>
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
    <message>
        <source>Rows moved vs copied (snapshot counts; at least: %1 not counted)</source>
        <translation>迁移行数与拷贝行数（快照计数；为下限：%1 未计数）</translation>
    </message>
    <message>
        <source>%1 (rows unknown)</source>
        <translation>%1（行数未知）</translation>
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
        <source>unchanged</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>Nodes to &amp;add:</source>
        <translation>要增加的节点(&amp;A)：</translation>
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
        <source>URLs checked.</source>
        <translation>URL 已检查。</translation>
    </message>
    <message>
        <source>The URL of %1 must look like jdbc:mysql://host:port/db.</source>
        <translation>%1 的 URL 格式应为 jdbc:mysql://host:port/db。</translation>
    </message>
    <message>
        <source>A sandbox&apos;s spare instances are filled in; every other new data source needs the URL of a schema of its own (nothing is guessed).</source>
        <translation>已填入沙箱的备用实例；其他每个新数据源都需要填写一个独立库的 URL（不会自动猜测）。</translation>
    </message>
    <message>
        <source>Give the URL of %1 (jdbc:mysql://host:port/schema, a schema of its own): without one there is nowhere to create and copy to.</source>
        <translation>请填写 %1 的 URL（jdbc:mysql://host:port/schema，需为独立的库）：没有 URL 就无处建表、无处复制。</translation>
    </message>
    <message>
        <source>Add &amp;nodes</source>
        <translation>增加节点(&amp;N)</translation>
    </message>
    <message>
        <source>Re&amp;move nodes (drain them into the others)</source>
        <translation>移除节点（数据迁入其余节点）(&amp;M)</translation>
    </message>
    <message>
        <source>Tick the nodes to take off the ring: only the arcs they own move, each to the node that follows on the ring</source>
        <translation>勾选要移出环的节点：只迁移它们拥有的弧段，每段迁往环上的下一个节点</translation>
    </message>
    <message>
        <source>Change:</source>
        <translation>变更：</translation>
    </message>
    <message>
        <source>Nodes to remove:</source>
        <translation>要移除的节点：</translation>
    </message>
    <message>
        <source>The ring has %1 nodes (data sources). The arcs of the nodes you tick move to the nodes that follow them on the ring; no URL is needed.</source>
        <translation>哈希环有 %1 个节点（数据源）。勾选的节点所拥有的弧段会移到环上紧随其后的节点；不需要 URL。</translation>
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
    <message>
        <source>access denied</source>
        <translation>访问被拒绝</translation>
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
    <message>
        <source>%1 (key shares)</source>
        <translation>%1（按键比例）</translation>
    </message>
    <message>
        <source>Of key shares, not rows: no row count from %1 (an instance down or a count that failed), so hot keys and uneven tables do not show. With every count it is of rows.</source>
        <translation>按键的比例而非行数计算：%1 没有行数（实例宕机或计数失败），因此热点键和不均匀的表体现不出来。所有计数齐全时按行数计算。</translation>
    </message>
    <message>
        <source>Of key shares (uniform keys): without row counts, or with fewer than 1,000 rows per data source, rows would only add noise</source>
        <translation>按键的比例计算（假设键均匀分布）：没有行数，或每个数据源平均不足 1,000 行时，行数只会带来噪声</translation>
    </message>
</context>
</TS>
