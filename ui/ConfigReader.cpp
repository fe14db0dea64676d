#include "ui/ConfigReader.h"

#include "core/analysis/Linter.h"
#include "core/config/TextFile.h"

#include <QCryptographicHash>

namespace sp::ui {

QString configSha256(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

ConfigRead readConfigText(const QByteArray &bytes, const QString &path)
{
    ConfigRead r;
    r.load = ConfigLoader::loadText(bytes, path);
    r.load.config.filePath = path;
    if (r.load.ok())
        r.lint = Linter::lint(r.load.config);
    r.sha256 = configSha256(bytes);
    return r;
}

ConfigRead readConfigFile(const QString &path)
{
    const TextFileResult file = readTextFile(path, LoadOptions{}.maxFileBytes);
    if (!file.ok()) {
        ConfigRead r;
        r.load = ConfigLoader::loadFile(path); // says why the file cannot be read, as File > Open did
        return r;
    }
    return readConfigText(file.bytes, path);
}

} // namespace sp::ui
