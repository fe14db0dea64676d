#pragma once
#include <QString>

// Paths baked in at configure time so tests find fixtures and the CLI wherever the build dir is.
namespace sp::test {
inline QString sourcePath(const QString &relative)
{
    return QStringLiteral(SHARDPILOT_SOURCE_DIR "/") + relative;
}
inline QString examplePath(const QString &name)
{
    return sourcePath(QStringLiteral("resources/examples/") + name);
}
inline QString shardctlPath() { return QStringLiteral(SHARDCTL_PATH); }
} // namespace sp::test
