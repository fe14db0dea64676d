#include "core/planning/ExpansionPlan.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace sp::planning {

namespace {

QString S(const char *s) { return QString::fromLatin1(s); }

QJsonValue i64(qint64 v) { return QJsonValue(double(v)); }
qint64 readI64(const QJsonObject &o, const char *key, qint64 def = -1)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? qint64(v.toDouble()) : def;
}
QString str(const QJsonObject &o, const char *key) { return o.value(QLatin1String(key)).toString(); }

QJsonObject nodeJson(const DataNode &n)
{
    return QJsonObject{{S("dataSource"), n.dataSource}, {S("table"), n.table}};
}
DataNode nodeFrom(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    return DataNode{str(o, "dataSource"), str(o, "table")};
}

QJsonArray strings(const QStringList &l)
{
    QJsonArray a;
    for (const auto &s : l)
        a.append(s);
    return a;
}
QStringList stringsFrom(const QJsonValue &v)
{
    QStringList l;
    for (const QJsonValue &x : v.toArray())
        l << x.toString();
    return l;
}

// The template of an English field beside it ("<key>Text"), when it has one and states the field.
void putText(QJsonObject &o, const char *key, const QString &english, const Text &text)
{
    if (text.isTranslatable() && text.text == english)
        o[QLatin1String(key) + QLatin1String("Text")] = textToJson(text);
}
// The field's Text read back: its template when stored and stating the field, else the field itself.
Text getText(const QJsonObject &o, const char *key, const QString &english)
{
    const QJsonValue v = o.value(QLatin1String(key) + QLatin1String("Text"));
    return v.isUndefined() ? Text(english) : textOf(english, textFromJson(v));
}

QJsonObject diagJson(const Diagnostic &d)
{
    QJsonObject o{{S("severity"), severityName(d.severity)}, {S("code"), d.code}, {S("message"), d.message}};
    putText(o, "message", d.message, d.messageText);
    if (!d.hint.isEmpty())
        o[S("hint")] = d.hint;
    putText(o, "hint", d.hint, d.hintText);
    if (d.location.isValid() || !d.location.file.isEmpty())
        o[S("location")] = QJsonObject{{S("file"), d.location.file},
                                       {S("line"), d.location.line},
                                       {S("column"), d.location.column}};
    return o;
}
Diagnostic diagFrom(const QJsonObject &o)
{
    Diagnostic d;
    const QString sev = str(o, "severity");
    d.severity = sev == QLatin1String("error") ? Severity::Error
               : sev == QLatin1String("warning") ? Severity::Warning
                                                  : Severity::Info;
    d.code = str(o, "code");
    d.message = str(o, "message");
    d.hint = str(o, "hint");
    d.messageText = getText(o, "message", d.message);
    d.hintText = getText(o, "hint", d.hint);
    const QJsonObject loc = o.value(S("location")).toObject();
    d.location.file = str(loc, "file");
    d.location.line = loc.value(S("line")).toInt();
    d.location.column = loc.value(S("column")).toInt();
    return d;
}

} // namespace

QString strategyName(StrategyId s)
{
    switch (s) {
    case StrategyId::ModDouble: return S("mod-double");
    case StrategyId::Remap: return S("remap");
    case StrategyId::DualMaster: return S("dual-master");
    case StrategyId::Ring: return S("ring");
    }
    return QString();
}

PlanStep PlanStep::make(const QString &phase, const Text &title, const Text &detail,
                        const QString &dataSource, const QStringList &sql, bool destructive)
{
    PlanStep s{phase, title.text, detail.text, dataSource, sql, destructive, false, title, detail};
    return s;
}

void ExpansionPlan::setDescription(const Text &t)
{
    description = t.text;
    descriptionText = t;
}

void ExpansionPlan::addAssumption(const Text &t)
{
    assumptions << t.text;
    assumptionTexts << t;
}

void ExpansionPlan::setEstimateSource(const Text &t)
{
    estimateSource = t.text;
    estimateSourceText = t;
}

std::optional<StrategyId> strategyFromName(const QString &name)
{
    for (StrategyId s : {StrategyId::ModDouble, StrategyId::Remap, StrategyId::DualMaster, StrategyId::Ring})
        if (strategyName(s) == name)
            return s;
    return std::nullopt;
}

QString basisName(EstimateBasis b)
{
    switch (b) {
    case EstimateBasis::None: return S("none");
    case EstimateBasis::Snapshot: return S("snapshot");
    case EstimateBasis::KeySample: return S("key-sample");
    }
    return QString();
}

static EstimateBasis basisFrom(const QString &s)
{
    if (s == QLatin1String("snapshot"))
        return EstimateBasis::Snapshot;
    if (s == QLatin1String("key-sample"))
        return EstimateBasis::KeySample;
    return EstimateBasis::None;
}

qint64 ExpansionPlan::totalEstimatedRows() const
{
    qint64 sum = 0;
    bool any = false;
    for (const auto &t : tables)
        for (const auto &p : t.pairs)
            if (p.estimatedRows >= 0) {
                sum += p.estimatedRows;
                any = true;
            }
    return any ? sum : -1;
}

qint64 ExpansionPlan::totalMovedRows() const
{
    qint64 sum = 0;
    bool any = false;
    for (const auto &t : tables)
        for (const auto &p : t.pairs)
            if (!t.broadcast && p.rows() >= 0) {
                sum += p.rows();
                any = true;
            }
    return any ? sum : -1;
}

qint64 ExpansionPlan::totalBroadcastRows() const
{
    qint64 sum = 0;
    bool any = false;
    for (const auto &t : tables)
        for (const auto &p : t.pairs)
            if (t.broadcast && p.rows() >= 0) {
                sum += p.rows();
                any = true;
            }
    return any ? sum : -1;
}

bool ExpansionPlan::movedRowsExact() const
{
    bool any = false;
    for (const auto &t : tables)
        for (const auto &p : t.pairs) {
            if (t.broadcast)
                continue;
            if (!p.exactRows)
                return false;
            any = true;
        }
    return any;
}

qint64 ExpansionPlan::totalEstimatedBytes() const
{
    qint64 sum = 0;
    bool any = false;
    for (const auto &t : tables)
        for (const auto &p : t.pairs)
            if (p.estimatedBytes >= 0) {
                sum += p.estimatedBytes;
                any = true;
            }
    return any ? sum : -1;
}

QJsonObject ExpansionPlan::toJson() const
{
    QJsonObject o;
    o[S("format")] = format;
    o[S("createdAt")] = createdAt.toUTC().toString(Qt::ISODateWithMs);
    o[S("strategy")] = strategyName(strategy);
    QJsonObject req{{S("strategy"), strategyName(request.strategy)},
                    {S("toCount"), request.toCount},
                    {S("addNodes"), strings(request.addNodes)},
                    {S("removeNodes"), strings(request.removeNodes)},
                    {S("virtualNodes"), request.virtualNodes},
                    {S("rowLimit"), i64(request.rowLimit)}};
    QJsonObject urls;
    for (auto it = request.newUrls.cbegin(); it != request.newUrls.cend(); ++it)
        urls[it.key()] = it.value();
    req[S("newUrls")] = urls;
    o[S("request")] = req;
    o[S("description")] = description;
    putText(o, "description", description, descriptionText);
    o[S("source")] = QJsonObject{{S("path"), sourcePath}, {S("sha256"), sourceSha256}};
    o[S("newConfigText")] = newConfigText;
    QJsonArray dsc;
    for (const auto &c : dataSourceChanges)
        dsc.append(QJsonObject{{S("name"), c.name}, {S("url"), c.url}, {S("added"), c.added}});
    o[S("dataSourceChanges")] = dsc;
    QJsonArray dss;
    for (const auto &d : dataSources) {
        QJsonObject dj{{S("name"), d.name},
                       {S("host"), d.host},
                       {S("port"), d.port},
                       {S("schema"), d.schema},
                       {S("username"), d.username}};
        if (d.added)
            dj[S("added")] = true;
        if (d.removed)
            dj[S("removed")] = true;
        dss.append(dj);
    }
    o[S("dataSources")] = dss;
    QJsonArray tabs;
    for (const auto &t : tables) {
        QJsonObject to{{S("logicTable"), t.logicTable},
                       {S("shardingColumn"), t.shardingColumn},
                       {S("broadcast"), t.broadcast},
                       {S("clientSide"), t.clientSide},
                       {S("bindingGroup"), t.bindingGroup},
                       {S("actualDataNodesBefore"), t.actualDataNodesBefore},
                       {S("actualDataNodesAfter"), t.actualDataNodesAfter},
                       {S("movedKeyShare"), t.movedKeyShare},
                       {S("skewAfter"), t.skewAfter},
                       {S("skewFromRows"), t.skewFromRows},
                       {S("skewRowsMissing"), QJsonArray::fromStringList(t.skewRowsMissing)}};
        QJsonArray pairs;
        for (const auto &p : t.pairs) {
            QJsonObject po{{S("source"), nodeJson(p.source)},
                           {S("target"), nodeJson(p.target)},
                           {S("predicate"), p.predicate.toJson()},
                           {S("share"), p.share},
                           {S("sourceRows"), i64(p.sourceRows)},
                           {S("sourceBytes"), i64(p.sourceBytes)},
                           {S("estimatedRows"), i64(p.estimatedRows)},
                           {S("estimatedBytes"), i64(p.estimatedBytes)},
                           {S("errorRows"), i64(p.errorRows)},
                           {S("basis"), basisName(p.basis)}};
            if (p.exactRows)
                po[S("exactRows")] = i64(*p.exactRows);
            pairs.append(po);
        }
        to[S("pairs")] = pairs;
        tabs.append(to);
    }
    o[S("tables")] = tabs;
    QJsonArray cr;
    for (const auto &c : creates) {
        QJsonObject co{{S("dataSource"), c.dataSource},
                       {S("url"), c.url},
                       {S("schema"), c.schema},
                       {S("table"), c.table},
                       {S("ddlFrom"), nodeJson(c.ddlFrom)}};
        if (!c.ddl.isEmpty())
            co[S("ddl")] = c.ddl;
        cr.append(co);
    }
    o[S("creates")] = cr;
    QJsonArray st;
    for (const auto &s : steps) {
        QJsonObject so{{S("phase"), s.phase},
                       {S("title"), s.title},
                       {S("detail"), s.detail},
                       {S("dataSource"), s.dataSource},
                       {S("sql"), strings(s.sql)},
                       {S("destructive"), s.destructive}};
        if (s.templated)
            so[S("templated")] = true;
        putText(so, "title", s.title, s.titleText);
        putText(so, "detail", s.detail, s.detailText);
        st.append(so);
    }
    o[S("steps")] = st;
    QJsonArray w;
    for (const auto &d : warnings)
        w.append(diagJson(d));
    o[S("warnings")] = w;
    o[S("assumptions")] = strings(assumptions);
    QJsonArray assumptionTemplates;
    bool anyTemplate = false;
    for (int i = 0; i < assumptions.size(); ++i) {
        const Text t = textOf(assumptions.at(i), assumptionTexts.value(i));
        anyTemplate = anyTemplate || t.isTranslatable();
        assumptionTemplates.append(textToJson(t));
    }
    if (anyTemplate)
        o[S("assumptionsText")] = assumptionTemplates;
    o[S("estimateSource")] = estimateSource;
    putText(o, "estimateSource", estimateSource, estimateSourceText);
    o[S("totals")] = QJsonObject{{S("estimatedRows"), i64(totalEstimatedRows())},
                                 {S("estimatedBytes"), i64(totalEstimatedBytes())}};
    return o;
}

QByteArray ExpansionPlan::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

std::optional<ExpansionPlan> ExpansionPlan::fromJson(const QJsonObject &o, QString *error)
{
    auto fail = [&](const QString &m) -> std::optional<ExpansionPlan> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    ExpansionPlan p;
    p.format = str(o, "format");
    if (p.format != QLatin1String(kPlanFormat))
        return fail(QStringLiteral("unsupported plan format '%1' (expected %2)").arg(p.format, S(kPlanFormat)));
    p.createdAt = QDateTime::fromString(str(o, "createdAt"), Qt::ISODateWithMs);
    const auto sid = strategyFromName(str(o, "strategy"));
    if (!sid)
        return fail(QStringLiteral("unknown strategy '%1'").arg(str(o, "strategy")));
    p.strategy = *sid;
    const QJsonObject req = o.value(S("request")).toObject();
    p.request.strategy = strategyFromName(str(req, "strategy")).value_or(*sid);
    p.request.toCount = req.value(S("toCount")).toInt();
    p.request.addNodes = stringsFrom(req.value(S("addNodes")));
    p.request.removeNodes = stringsFrom(req.value(S("removeNodes")));
    p.request.virtualNodes = req.value(S("virtualNodes")).toInt();
    p.request.rowLimit = readI64(req, "rowLimit", 30000000);
    const QJsonObject urls = req.value(S("newUrls")).toObject();
    for (auto it = urls.begin(); it != urls.end(); ++it)
        p.request.newUrls.insert(it.key(), it.value().toString());
    p.description = str(o, "description");
    p.descriptionText = getText(o, "description", p.description);
    const QJsonObject src = o.value(S("source")).toObject();
    p.sourcePath = str(src, "path");
    p.sourceSha256 = str(src, "sha256");
    p.newConfigText = str(o, "newConfigText");
    for (const QJsonValue &v : o.value(S("dataSourceChanges")).toArray()) {
        const QJsonObject c = v.toObject();
        p.dataSourceChanges << DataSourceChange{str(c, "name"), str(c, "url"), c.value(S("added")).toBool()};
    }
    for (const QJsonValue &v : o.value(S("dataSources")).toArray()) {
        const QJsonObject d = v.toObject();
        p.dataSources << PlanDataSource{str(d, "name"),   str(d, "host"),
                                        d.value(S("port")).toInt(3306), str(d, "schema"),
                                        str(d, "username"), d.value(S("added")).toBool(),
                                        d.value(S("removed")).toBool()};
    }
    for (const QJsonValue &v : o.value(S("tables")).toArray()) {
        const QJsonObject to = v.toObject();
        TablePlan t;
        t.logicTable = str(to, "logicTable");
        if (t.logicTable.isEmpty())
            return fail(QStringLiteral("table entry without logicTable"));
        t.shardingColumn = str(to, "shardingColumn");
        t.broadcast = to.value(S("broadcast")).toBool();
        t.clientSide = to.value(S("clientSide")).toBool();
        t.bindingGroup = str(to, "bindingGroup");
        t.actualDataNodesBefore = str(to, "actualDataNodesBefore");
        t.actualDataNodesAfter = str(to, "actualDataNodesAfter");
        t.movedKeyShare = to.value(S("movedKeyShare")).toDouble();
        t.skewAfter = to.value(S("skewAfter")).toDouble();
        t.skewFromRows = to.value(S("skewFromRows")).toBool();
        for (const QJsonValue &v : to.value(S("skewRowsMissing")).toArray())
            t.skewRowsMissing << v.toString();
        for (const QJsonValue &pv : to.value(S("pairs")).toArray()) {
            const QJsonObject po = pv.toObject();
            MovePair mp;
            mp.source = nodeFrom(po.value(S("source")));
            mp.target = nodeFrom(po.value(S("target")));
            QString perr;
            auto pred = MovePredicate::fromJson(po.value(S("predicate")).toObject(), &perr);
            if (!pred)
                return fail(QStringLiteral("table %1: %2").arg(t.logicTable, perr));
            mp.predicate = *pred;
            mp.share = po.value(S("share")).toDouble();
            mp.sourceRows = readI64(po, "sourceRows");
            mp.sourceBytes = readI64(po, "sourceBytes");
            mp.estimatedRows = readI64(po, "estimatedRows");
            mp.estimatedBytes = readI64(po, "estimatedBytes");
            mp.errorRows = readI64(po, "errorRows");
            mp.basis = basisFrom(str(po, "basis"));
            if (po.contains(S("exactRows")))
                mp.exactRows = readI64(po, "exactRows");
            t.pairs << mp;
        }
        p.tables << t;
    }
    for (const QJsonValue &v : o.value(S("creates")).toArray()) {
        const QJsonObject c = v.toObject();
        p.creates << CreateSpec{str(c, "dataSource"), str(c, "url"), str(c, "schema"), str(c, "table"),
                                nodeFrom(c.value(S("ddlFrom"))), str(c, "ddl")};
    }
    for (const QJsonValue &v : o.value(S("steps")).toArray()) {
        const QJsonObject s = v.toObject();
        // The English fields, with their templates when plan.json has them (so the console shows a
        // plan read back in its language).
        p.steps << PlanStep::make(str(s, "phase"), getText(s, "title", str(s, "title")),
                                  getText(s, "detail", str(s, "detail")), str(s, "dataSource"),
                                  stringsFrom(s.value(S("sql"))), s.value(S("destructive")).toBool());
        p.steps.last().templated = s.value(S("templated")).toBool();
    }
    for (const QJsonValue &v : o.value(S("warnings")).toArray())
        p.warnings << diagFrom(v.toObject());
    p.assumptions = stringsFrom(o.value(S("assumptions")));
    const QJsonArray assumptionTemplates = o.value(S("assumptionsText")).toArray();
    for (int i = 0; i < p.assumptions.size(); ++i)
        p.assumptionTexts << textOf(p.assumptions.at(i), textFromJson(assumptionTemplates.at(i)));
    p.estimateSource = str(o, "estimateSource");
    p.estimateSourceText = getText(o, "estimateSource", p.estimateSource);
    return p;
}

std::optional<ExpansionPlan> ExpansionPlan::fromJsonBytes(const QByteArray &json, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (doc.isNull() || !doc.isObject()) {
        if (error)
            *error = QStringLiteral("plan JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset);
        return std::nullopt;
    }
    return fromJson(doc.object(), error);
}

bool operator==(const MovePair &a, const MovePair &b)
{
    return a.source == b.source && a.target == b.target && a.predicate == b.predicate && a.share == b.share
        && a.sourceRows == b.sourceRows && a.sourceBytes == b.sourceBytes && a.estimatedRows == b.estimatedRows
        && a.estimatedBytes == b.estimatedBytes && a.errorRows == b.errorRows && a.basis == b.basis
        && a.exactRows == b.exactRows;
}
bool operator==(const TablePlan &a, const TablePlan &b)
{
    return a.logicTable == b.logicTable && a.shardingColumn == b.shardingColumn &&
           a.broadcast == b.broadcast && a.clientSide == b.clientSide && a.bindingGroup == b.bindingGroup &&
           a.pairs == b.pairs && a.actualDataNodesBefore == b.actualDataNodesBefore &&
           a.actualDataNodesAfter == b.actualDataNodesAfter && a.movedKeyShare == b.movedKeyShare &&
           a.skewAfter == b.skewAfter && a.skewFromRows == b.skewFromRows &&
           a.skewRowsMissing == b.skewRowsMissing;
}
bool operator==(const CreateSpec &a, const CreateSpec &b)
{
    return a.dataSource == b.dataSource && a.url == b.url && a.schema == b.schema && a.table == b.table
        && a.ddlFrom == b.ddlFrom && a.ddl == b.ddl;
}
bool operator==(const PlanDataSource &a, const PlanDataSource &b)
{
    return a.name == b.name && a.host == b.host && a.port == b.port && a.schema == b.schema
        && a.username == b.username && a.added == b.added && a.removed == b.removed;
}
bool operator==(const PlanStep &a, const PlanStep &b)
{
    return a.phase == b.phase && a.title == b.title && a.detail == b.detail && a.dataSource == b.dataSource
        && a.sql == b.sql && a.destructive == b.destructive && a.templated == b.templated;
}
bool operator==(const DataSourceChange &a, const DataSourceChange &b)
{
    return a.name == b.name && a.url == b.url && a.added == b.added;
}
bool operator==(const PlanRequest &a, const PlanRequest &b)
{
    return a.strategy == b.strategy && a.toCount == b.toCount && a.addNodes == b.addNodes
        && a.removeNodes == b.removeNodes && a.virtualNodes == b.virtualNodes && a.newUrls == b.newUrls
        && a.rowLimit == b.rowLimit;
}
static bool sameDiags(const Diagnostics &a, const Diagnostics &b)
{
    if (a.size() != b.size())
        return false;
    for (int i = 0; i < a.size(); ++i)
        if (a[i].severity != b[i].severity || a[i].code != b[i].code || a[i].message != b[i].message
            || a[i].hint != b[i].hint || a[i].location.line != b[i].location.line
            || a[i].location.column != b[i].location.column || a[i].location.file != b[i].location.file)
            return false;
    return true;
}
bool operator==(const ExpansionPlan &a, const ExpansionPlan &b)
{
    return a.format == b.format && a.createdAt == b.createdAt && a.strategy == b.strategy && a.request == b.request
        && a.description == b.description && a.sourcePath == b.sourcePath && a.sourceSha256 == b.sourceSha256
        && a.newConfigText == b.newConfigText && a.dataSourceChanges == b.dataSourceChanges
        && a.dataSources == b.dataSources && a.tables == b.tables
        && a.creates == b.creates && a.steps == b.steps && sameDiags(a.warnings, b.warnings)
        && a.assumptions == b.assumptions && a.estimateSource == b.estimateSource;
}

} // namespace sp::planning
