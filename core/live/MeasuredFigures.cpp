#include "core/live/MeasuredFigures.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

namespace sp::planning {

QString measuredFiguresFile()
{
    const QString env = qEnvironmentVariable("SHARDPILOT_MEASURED_FILE");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/ShardPilot/measured/migrate-bench.json");
}

bool loadMeasuredFigures(WhatIfOptions *options, const QString &file)
{
    QFile f(file);
    if (file.isEmpty() || !f.open(QIODevice::ReadOnly) || f.size() > 65536)
        return false;
    const QJsonObject o = QJsonDocument::fromJson(f.read(65536)).object();
    const double copy = o.value(QStringLiteral("copyWriteStopSec")).toDouble(-1);
    const double dual = o.value(QStringLiteral("dualWriteStopSec")).toDouble(-1);
    const QString on = o.value(QStringLiteral("measuredOn")).toString().left(200);
    if (o.value(QStringLiteral("format")).toString() != QLatin1String("shardpilot-measured/1") || copy < 0 ||
        dual < 0 || copy > 86400 || dual > 86400 || on.isEmpty())
        return false;
    options->measuredCopyWriteStopSec = copy;
    options->measuredDualWriteStopSec = dual;
    options->measuredOn = on;
    return true;
}

bool saveMeasuredFigures(double copyWriteStopSec, double dualWriteStopSec, const QString &measuredOn,
                         const QString &file, QString *error)
{
    QDir().mkpath(QFileInfo(file).absolutePath());
    QSaveFile f(file);
    const QJsonObject o{{QStringLiteral("format"), QStringLiteral("shardpilot-measured/1")},
                        {QStringLiteral("copyWriteStopSec"), copyWriteStopSec},
                        {QStringLiteral("dualWriteStopSec"), dualWriteStopSec},
                        {QStringLiteral("measuredOn"), measuredOn}};
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(o).toJson()) < 0 || !f.commit()) {
        if (error)
            *error = f.errorString();
        return false;
    }
    return true;
}

} // namespace sp::planning
