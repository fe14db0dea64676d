#include "CmdLint.h"

#include "ConfigInput.h"

#include "core/config/Printable.h"
#include "core/analysis/Linter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sp::cli {

static constexpr int kMaxSampleKeys = 10000000;

void CmdLint::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("shardctl lint --config FILE [--json] [--sample-keys N]\n") + summary() +
        QStringLiteral(
            "\nPrints the loader's diagnostics, then the linter's findings, one per line as "
            "'file:line:col: severity: message [code]' with the hint indented on the next line. "
            "Codes are documented in docs/lint-codes.md.\n"
            "--json prints {\"file\",\"diagnostics\":[{\"source\":\"loader\"|\"lint\",\"severity\",\"code\","
            "\"message\",\"hint\",\"file\",\"line\",\"column\"}],\"summary\":{\"errors\",\"warnings\","
            "\"infos\"}}.\n"
            "Exit codes: 0 clean or warnings/infos only; 1 at least one error (including loader errors "
            "about the content, e.g. a missing field); 2 bad usage, or a file that cannot be read or "
            "is not valid YAML (missing, too large, syntax error, empty)."));
    parser.addOption(ConfigInput::option());
    parser.addOption(
        QCommandLineOption(QStringLiteral("sample-keys"),
                           QStringLiteral("Keys simulated per table to find data nodes that never receive "
                                          "a row (default 20000; 0 turns the simulation off)."),
                           QStringLiteral("N"), QStringLiteral("20000")));
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
}

static QJsonObject toJson(const Diagnostic &d, const QString &source)
{
    return QJsonObject{
        {QStringLiteral("source"), source},        {QStringLiteral("severity"), severityName(d.severity)},
        {QStringLiteral("code"), d.code},          {QStringLiteral("message"), d.message},
        {QStringLiteral("hint"), d.hint},          {QStringLiteral("file"), d.location.file},
        {QStringLiteral("line"), d.location.line}, {QStringLiteral("column"), d.location.column}};
}

int CmdLint::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl lint: ");
    if (!parser.isSet(QStringLiteral("config"))) {
        err << prefix << "missing --config FILE\n";
        return Usage;
    }
    bool ok = false;
    const int samples = parser.value(QStringLiteral("sample-keys")).toInt(&ok);
    if (!ok || samples < 0 || samples > kMaxSampleKeys) {
        err << prefix << "--sample-keys must be an integer from 0 to " << kMaxSampleKeys << ", not '"
            << parser.value(QStringLiteral("sample-keys")) << "'\n";
        return Usage;
    }
    const QString path = parser.value(QStringLiteral("config"));
    const ConfigInput::Loaded loaded = ConfigInput::load(path, err, false);
    if (loaded.status == ConfigInput::Status::Unreadable) {
        for (const Diagnostic &d : loaded.result.diagnostics)
            if (ConfigInput::isUnreadable(d))
                err << d.toString() << '\n';
        return Usage;
    }
    LintOptions options;
    options.sampleKeys = samples;
    const Diagnostics loader = loaded.result.diagnostics;
    const Diagnostics lint =
        Linter::withoutLoaderDuplicates(Linter::lint(loaded.result.config, options), loader);

    int counts[3] = {0, 0, 0};
    for (const Diagnostics *list : {&loader, &lint})
        for (const Diagnostic &d : *list)
            ++counts[int(d.severity)];
    const int infos = counts[int(Severity::Info)];
    const int warnings = counts[int(Severity::Warning)];
    const int errors = counts[int(Severity::Error)];

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray all;
        for (const Diagnostic &d : loader)
            all.append(toJson(d, QStringLiteral("loader")));
        for (const Diagnostic &d : lint)
            all.append(toJson(d, QStringLiteral("lint")));
        const QJsonObject doc{{QStringLiteral("file"), path},
                              {QStringLiteral("diagnostics"), all},
                              {QStringLiteral("summary"), QJsonObject{{QStringLiteral("errors"), errors},
                                                                      {QStringLiteral("warnings"), warnings},
                                                                      {QStringLiteral("infos"), infos}}}};
        out << QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented));
    } else {
        for (const Diagnostics *list : {&loader, &lint}) {
            for (const Diagnostic &d : *list) {
                out << d.toString() << '\n';
                if (!d.hint.isEmpty())
                    out << "    hint: " << printableName(d.hint) << '\n';
            }
        }
        out << path << ": " << errors << " error(s), " << warnings << " warning(s), " << infos
            << " info(s)\n";
    }
    return errors > 0 ? Findings : Ok;
}

SHARDCTL_REGISTER_COMMAND(CmdLint);

} // namespace sp::cli
