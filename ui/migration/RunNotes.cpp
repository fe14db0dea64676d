#include "ui/migration/RunNotes.h"

#include "ui/migration/RunGate.h"

#include <QLocale>

#include <climits>

namespace sp::ui {

using migration::RunState;
using migration::Step;
using migration::StepStatus;

namespace {

// The reload command's time, to the second (it is compared with the services' own logs).
QString secondsText(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

bool switched(const RunState &s)
{
    return !s.rolledBack() && !s.value(migration::keys::configBackup).isEmpty();
}

} // namespace

QString RunNotes::reloadWarning(const RunState &s, Step until)
{
    if (!s.spec.reloadCommand.isEmpty() || s.rolledBack())
        return {};
    const migration::RunKind &kind = s.runKind();
    const std::optional<Step> sw = kind.configSwitch(), resume = kind.noReturn();
    if (!sw || !resume)
        return {};
    auto runs = [&](Step step) { return int(until) >= int(step) && s.status(step) != StepStatus::Done; };
    if (*sw == *resume) {
        // One step (dual-master's D7) switches the config and lifts read_only.
        if (!runs(*sw))
            return {};
        return tr(
            "No reload command is set: nothing tells the applications' services to read the new config. D7 "
            "lets writes resume right after the switch, so until you reload them yourself they keep writing "
            "by the old config.");
    }
    if (runs(*resume))
        return tr(
            "No reload command is set: nothing tells the applications' services to read the new config. T7 "
            "lets writes resume; services still on the old config then write to the old shards (T8 reports "
            "such writes). Continue to T6 first, reload the services yourself, then continue to T7.");
    if (runs(*sw))
        return tr(
            "No reload command is set: after T6, reload the applications' services yourself, then continue "
            "to T7.");
    return {};
}

RunNotes::Switch RunNotes::afterSwitch(const RunState &s)
{
    Switch out;
    if (!switched(s))
        return out;
    const Step sw = s.runKind().configSwitch().value_or(Step::T6);
    const QString step = RunGate::stepName(s, sw);
    const QDateTime at = s.step(sw).finished.isValid() && s.status(sw) == StepStatus::Done
                             ? s.step(sw).finished
                             : QDateTime::fromString(s.value(migration::keys::switchedAt), Qt::ISODateWithMs);
    const QString when = at.isValid() ? tr("%1 switched the config at %2.").arg(step, secondsText(at))
                                      : tr("%1 switched the config.").arg(step);
    if (s.spec.reloadCommand.isEmpty()) {
        out.warning = true;
        out.text = when + QLatin1Char(' ') +
                   tr("No reload command was set: nothing told the applications' services that %1 changed. "
                      "Reload them yourself.")
                       .arg(s.spec.configPath);
        return out;
    }
    const QDateTime ran =
        QDateTime::fromString(s.value(migration::keys::reloadAt), Qt::ISODateWithMs);
    if (!ran.isValid()) {
        out.text = when + QLatin1Char(' ') +
                   tr("The reload command '%1' ran (see the audit log).").arg(s.spec.reloadCommand);
        return out;
    }
    const QString output = s.value(migration::keys::reloadOutput);
    const QString error = s.value(migration::keys::reloadError);
    const int exit = s.value(migration::keys::reloadExit).toInt();
    const QString seconds =
        QLocale().toString(s.value(migration::keys::reloadMs).toDouble() / 1000.0, 'f', 1);
    const bool ok = error.isEmpty() && exit == 0;
    out.warning = !ok;
    const QString ran1 =
        ok ? tr("The reload command '%1' ended at %2 after %3 s (exit 0).")
                 .arg(s.spec.reloadCommand, secondsText(ran), seconds)
        : error.isEmpty() ? tr("The reload command '%1' failed at %2 after %3 s (exit %4).")
                                .arg(s.spec.reloadCommand, secondsText(ran), seconds)
                                .arg(exit)
                          : tr("The reload command '%1' failed at %2: %3")
                                .arg(s.spec.reloadCommand, secondsText(ran), RunGate::engineSentence(error));
    QString printed;
    if (output.isEmpty()) {
        printed = tr("It printed nothing.");
    } else {
        const QString firstLines = output.section(QLatin1Char('\n'), 0, 2);
        printed = tr("It printed: %1")
                      .arg(firstLines.size() < output.size() ? firstLines + QStringLiteral(" …") : output);
    }
    out.text = when + QLatin1Char(' ') + ran1 + QLatin1Char(' ') + printed;
    out.details = output;
    return out;
}

QString RunNotes::rollbackReload(const RunState &s)
{
    if (!switched(s))
        return {};
    return s.spec.reloadCommand.isEmpty() ? tr("The services that were reloaded with the new config must be "
                                               "reloaded again with the old one: "
                                               "the rollback tells nobody.")
                                          : tr("The rollback does not run the reload command '%1': reload "
                                               "the services yourself once the old "
                                               "config is back.")
                                                .arg(s.spec.reloadCommand);
}

QString RunNotes::verifyResult(const RunState &s)
{
    const QString at =
        secondsText(QDateTime::fromString(s.value(migration::keys::comparisonAt), Qt::ISODate));
    const QString when = at.isEmpty() ? tr("Verify") : tr("Verify (%1)").arg(at);
    if (s.differenceCount <= 0)
        return tr("%1 found no differences: every compared row is identical on both sides.")
            .arg(when.toHtmlEscaped());
    return tr("%1 found %n row(s) that differ. They are listed on the <a "
              "href=\"#differences\">Differences</a> "
              "tab, each with the SQL that repairs its target.",
              nullptr, int(qMin<qint64>(s.differenceCount, INT_MAX)))
        .arg(when.toHtmlEscaped());
}

} // namespace sp::ui
