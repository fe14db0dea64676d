#pragma once
#include <QString>
#include <QStringList>

namespace sp::ui {

class AppContext;
class Settings;

// What Help > Copy diagnostics puts on the clipboard and `shardpilot --diagnostics` prints:
// versions (ShardPilot, Qt, MariaDB Connector/C, yaml-cpp, and each server the last refresh
// reached), the paths in use, the platform. Never a secret: no URLs (they may carry
// credentials), no user names, no passwords; data sources appear as name, host and port only.
QString diagnosticsText(const AppContext *ctx, const Settings *settings);

// "db0 127.0.0.1:3307 — 10.11.6-MariaDB-0+deb12u1", one per instance of the last refresh.
QStringList serverVersionLines(const AppContext *ctx);

} // namespace sp::ui
