#pragma once
#include "core/config/ConfigLoader.h"

#include <QCommandLineOption>
#include <QTextStream>

namespace sp::cli {

// Loading --config FILE for a subcommand, shared by every command that reads a sharding YAML.
class ConfigInput final
{
public:
    enum class Status
    {
        Ok,         // loaded; warnings and infos may be present
        Unreadable, // missing, unreadable, too large or not YAML at all: exit 2
        Invalid     // YAML, but the content has errors (the loader said so)
    };

    struct Loaded
    {
        LoadResult result;
        Status status = Status::Ok;
    };

    static QCommandLineOption option(); // --config FILE

    // Loads `path`. With `printErrors`, each loader error goes to `err` as one line
    // "file:line:col: error: message [code]" (warnings stay quiet: `shardctl lint` shows them).
    static Loaded load(const QString &path, QTextStream &err, bool printErrors = true);

    // The diagnostic codes that mean "could not read or parse the file" rather than "bad content".
    static bool isUnreadable(const Diagnostic &d);
};

} // namespace sp::cli
