// The console reads the run kinds' step tables (core/migration/run/RunKind.h): the stepper names and
// titles every step of a copy and of a dual-master run as the table does, and the confirmation
// before Continue names exactly the table's steps that change the live cluster.
#include "GuiTestSupport.h"

#include "core/migration/RunState.h"
#include "ui/CoreText.h"
#include "ui/migration/RunGate.h"
#include "ui/migration/StepperWidget.h"

using namespace sp;
using namespace sp::migration;
using namespace sp::ui;

class TestStepper final : public QObject
{
    Q_OBJECT
private slots:
    void stepperFollowsTheTable_data();
    void stepperFollowsTheTable();
};

void TestStepper::stepperFollowsTheTable_data()
{
    QTest::addColumn<int>("kind");
    QTest::addRow("copy") << int(RunKindId::Copy);
    QTest::addRow("dual-master") << int(RunKindId::DualMaster);
}

void TestStepper::stepperFollowsTheTable()
{
    QFETCH(int, kind);
    const RunKind &table = RunKind::of(RunKindId(kind));
    RunState st;
    st.kind = RunKindId(kind);
    for (int i = 0; i < kStepCount; ++i)
        st.steps.append(StepState{Step(i), StepStatus::Pending, {}, {}, {}});

    StepperWidget stepper;
    stepper.setKind(st.kindId());
    stepper.setSteps(st.steps);
    stepper.resize(stepper.sizeHint());
    QCOMPARE(stepper.steps().size(), table.size());
    for (int i = 0; i < table.size(); ++i) {
        QCOMPARE(stepper.nodeName(i), table.steps().at(i).id);
        QCOMPARE(stepper.nodeTitle(i), CoreText::render(table.steps().at(i).title));
        QVERIFY(!stepper.nodeTitle(i).isEmpty());
    }
    // Continue to the last step asks about every step that changes the live cluster, and only those.
    const QStringList confirm = RunGate::destructiveSteps(st, table.last());
    for (int i = 0; i < table.size(); ++i) {
        const StepDef &d = table.steps().at(i);
        bool named = false;
        for (const QString &line : confirm)
            named = named || line.startsWith(d.id + QLatin1Char(' '));
        // (The dual-master switch's confirmation also says that D6, the comparison, runs first.)
        const bool expected = d.destructive || (named && table.comparison() == Step(i));
        QVERIFY2(named == expected,
                 qPrintable(d.id + QStringLiteral(": ") + confirm.join(QLatin1Char('\n'))));
    }
}

QTEST_MAIN(TestStepper)
#include "tst_stepper.moc"
