// The what-if comparison with the write stops measured by `migrate_bench --dual-vs-copy`
// (core/live/MeasuredFigures): the file round-trips, a bad or missing file changes nothing, and the
// mod-double and dual-master rows show the measured figures with what they were measured on.
#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/live/MeasuredFigures.h"
#include "core/planning/WhatIf.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sp;
using namespace sp::planning;

class TestMeasured : public QObject
{
    Q_OBJECT

private slots:
    void roundTripAndRefusals()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("m/migrate-bench.json"));
        WhatIfOptions o;
        QVERIFY(!loadMeasuredFigures(&o, file)); // none yet
        QCOMPARE(o.measuredDualWriteStopSec, -1.0);
        QString why;
        QVERIFY2(saveMeasuredFigures(1.81, 0.07, QStringLiteral("100000 messages"), file, &why), qPrintable(why));
        QVERIFY(loadMeasuredFigures(&o, file));
        QCOMPARE(o.measuredCopyWriteStopSec, 1.81);
        QCOMPARE(o.measuredDualWriteStopSec, 0.07);
        QCOMPARE(o.measuredOn, QStringLiteral("100000 messages"));
        for (const QByteArray &bad : {QByteArray("{}"), QByteArray("not json"),
                                      QByteArray(R"({"format":"shardpilot-measured/1","copyWriteStopSec":-3,)"
                                                 R"("dualWriteStopSec":1,"measuredOn":"x"})"),
                                      QByteArray(70000, ' ')}) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bad);
            f.close();
            WhatIfOptions fresh;
            QVERIFY(!loadMeasuredFigures(&fresh, file));
            QCOMPARE(fresh.measuredCopyWriteStopSec, -1.0);
        }
    }

    void whatIfUsesThem()
    {
        QFile f(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        PlanInput in;
        in.configPath = f.fileName();
        in.configText = f.readAll();
        in.config = ConfigLoader::loadText(in.configText, in.configPath).config;
        WhatIfOptions o;
        const WhatIfReport guessed = WhatIf::compare(in, o);
        o.measuredCopyWriteStopSec = 1.81;
        o.measuredDualWriteStopSec = 0.07;
        o.measuredOn = QStringLiteral("100000 messages, 4 -> 8");
        const WhatIfReport measured = WhatIf::compare(in, o);
        QCOMPARE(measured.rows.size(), guessed.rows.size());
        int seen = 0;
        for (int i = 0; i < measured.rows.size(); ++i) {
            const WhatIfRow &r = measured.rows.at(i);
            if (r.strategy == StrategyId::DualMaster || r.strategy == StrategyId::ModDouble) {
                ++seen;
                QCOMPARE(r.writeStopSeconds, r.strategy == StrategyId::DualMaster ? 0.07 : 1.81);
                QVERIFY2(r.writeStopAssumption.contains(QLatin1String("measured")) &&
                             r.writeStopAssumption.contains(QLatin1String("100000 messages, 4 -> 8")),
                         qPrintable(r.writeStopAssumption));
                QVERIFY(guessed.rows.at(i).writeStopSeconds != r.writeStopSeconds);
            } else {
                QCOMPARE(r.writeStopSeconds, guessed.rows.at(i).writeStopSeconds);
            }
        }
        QCOMPARE(seen, 2);
    }
};

QTEST_GUILESS_MAIN(TestMeasured)
#include "tst_measured.moc"
