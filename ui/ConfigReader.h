#pragma once
#include "core/config/ConfigLoader.h"

#include <QByteArray>
#include <QString>

namespace sp::ui {

// A config's text as the console publishes it (AppContext::setConfig / reloadConfig): loaded, linted
// when it loads, and fingerprinted with the SHA-256 the migration engine and RunState use for the
// same file. The one way File > Open, a reload after a run's switch and the editor turn a text into
// what every page shows.
struct ConfigRead
{
    LoadResult load;
    Diagnostics lint;
    QString sha256; // hex of the bytes read; empty when the file could not be read
};

QString configSha256(const QByteArray &bytes);
ConfigRead readConfigText(const QByteArray &bytes, const QString &path);
// Reads the file once (bounded, as the loader reads it), so the fingerprint is of the text loaded.
ConfigRead readConfigFile(const QString &path);

} // namespace sp::ui
