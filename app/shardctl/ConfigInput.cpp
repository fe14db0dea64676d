#include "ConfigInput.h"

namespace sp::cli {

QCommandLineOption ConfigInput::option()
{
    return QCommandLineOption(
        QStringList{QStringLiteral("c"), QStringLiteral("config")},
        QStringLiteral("Sharding configuration (ShardingSphere native or Spring Boot YAML)."),
        QStringLiteral("FILE"));
}

bool ConfigInput::isUnreadable(const Diagnostic &d)
{
    static const QStringList codes{QStringLiteral("file-unreadable"), QStringLiteral("file-too-large"), QStringLiteral("file-not-regular"),
                                   QStringLiteral("yaml-syntax"),     QStringLiteral("yaml-too-deep"),
                                   QStringLiteral("yaml-too-large"),  QStringLiteral("empty-config"),
                                   QStringLiteral("yaml-multiple-documents"), QStringLiteral("file-encoding")};
    return d.severity == Severity::Error && codes.contains(d.code);
}

ConfigInput::Loaded ConfigInput::load(const QString &path, QTextStream &err, bool printErrors)
{
    Loaded out;
    out.result = ConfigLoader::loadFile(path);
    for (const Diagnostic &d : out.result.diagnostics) {
        if (d.severity != Severity::Error)
            continue;
        if (printErrors)
            err << d.toString() << '\n';
        if (isUnreadable(d))
            out.status = Status::Unreadable;
        else if (out.status == Status::Ok)
            out.status = Status::Invalid;
    }
    return out;
}

} // namespace sp::cli
