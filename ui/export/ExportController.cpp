#include "ui/export/ExportController.h"

#include "core/analysis/ConfigExport.h"
#include "core/analysis/StatsExport.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/export/ReportPages.h"

#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPageLayout>
#include <QPrinter>
#include <QSaveFile>
#include <QTextDocument>

namespace sp::ui {

ExportController::ExportController(AppContext *ctx, QWidget *dialogParent, QObject *parent)
    : QObject(parent), m_ctx(ctx), m_dialogParent(dialogParent)
{
    m_prompts.savePath = [this](const QString &title, const QString &filter, const QString &suggested) {
        return QFileDialog::getSaveFileName(m_dialogParent, title, suggested, filter);
    };
    m_prompts.includePasswords = [this](int count) {
        QMessageBox box(QMessageBox::Warning, tr("Export config"),
                        tr("The config holds %n password(s). They are replaced by ****** in the "
                           "exported file unless you include them.",
                           nullptr, count),
                        QMessageBox::Ok | QMessageBox::Cancel, m_dialogParent);
        auto *check = new QCheckBox(tr("Include passwords in plain text"), &box);
        box.setCheckBox(check);
        if (box.exec() != QMessageBox::Ok || !check->isChecked())
            return false;
        return QMessageBox::question(m_dialogParent, tr("Export config"),
                                     tr("Really write the passwords in plain text?"),
                                     QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            == QMessageBox::Yes;
    };
}

ExportController::~ExportController() = default;

QString ExportController::suggestedFileName(Kind kind, const QString &configPath)
{
    QString base = QFileInfo(configPath).completeBaseName();
    if (base.isEmpty())
        base = QStringLiteral("shardpilot");
    switch (kind) {
    case Kind::Config: return base + QStringLiteral("-export.yaml");
    case Kind::RoutingJson: return base + QStringLiteral("-routing.json");
    case Kind::StatsCsv: return base + QStringLiteral("-stats.csv");
    case Kind::HtmlReport: return base + QStringLiteral("-report.html");
    case Kind::PdfReport: return base + QStringLiteral("-report.pdf");
    }
    return base;
}

QByteArray ExportController::originalConfigText(QString *error) const
{
    QFile f(m_ctx->configPath());
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(m_ctx->configPath(), f.errorString());
        return {};
    }
    return f.readAll();
}

bool ExportController::run(Kind kind)
{
    if (!m_ctx->hasConfig()) {
        emit message(tr("Open a config first."));
        return false;
    }
    if (kind == Kind::StatsCsv && !m_ctx->snapshot()) {
        emit message(tr("No statistics yet: inspect the cluster on the Dashboard first."));
        return false;
    }
    bool includePasswords = false;
    if (kind == Kind::Config) {
        QString error;
        const QByteArray text = originalConfigText(&error);
        if (!error.isEmpty()) {
            emit message(error);
            return false;
        }
        const int secrets = exporting::countSecrets(text);
        if (secrets > 0 && m_prompts.includePasswords)
            includePasswords = m_prompts.includePasswords(secrets);
    }
    QString title;
    QString filter;
    switch (kind) {
    case Kind::Config: title = tr("Export config"); filter = tr("YAML files (*.yaml *.yml)"); break;
    case Kind::RoutingJson: title = tr("Export routing table"); filter = tr("JSON files (*.json)"); break;
    case Kind::StatsCsv: title = tr("Export statistics"); filter = tr("CSV files (*.csv)"); break;
    case Kind::HtmlReport: title = tr("Export HTML report"); filter = tr("HTML files (*.html)"); break;
    case Kind::PdfReport: title = tr("Export PDF report"); filter = tr("PDF files (*.pdf)"); break;
    }
    const QString path = m_prompts.savePath ? m_prompts.savePath(title, filter,
                                                                 suggestedFileName(kind, m_ctx->configPath()))
                                            : QString();
    if (path.isEmpty())
        return false;
    QString error;
    if (!write(kind, path, includePasswords, &error)) {
        emit message(error);
        return false;
    }
    emit message(includePasswords ? tr("Wrote %1 (passwords included).").arg(path) : tr("Wrote %1.").arg(path));
    return true;
}

bool ExportController::write(Kind kind, const QString &path, bool includePasswords, QString *error) const
{
    exporting::ReportOptions report;
    report.rowLimit = m_rowLimit;
    report.title = tr("ShardPilot report: %1").arg(QFileInfo(m_ctx->configPath()).fileName());
    report.render = [](const Text &t) { return CoreText::render(t); }; // in the console's language
    const ClusterSnapshot *snap = m_ctx->snapshot() ? &*m_ctx->snapshot() : nullptr;

    if (kind == Kind::PdfReport) {
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);
        printer.setOutputFileName(path);
        printer.setPageOrientation(QPageLayout::Landscape);
        printer.setPageMargins(QMarginsF(15, 15, 15, 10), QPageLayout::Millimeter);
        printer.setDocName(report.title);
        QTextDocument doc;
        doc.setHtml(exporting::htmlReport(m_ctx->config(), snap, report));
        // A logic table's heatmap and its summary (with a snapshot) stay on one page.
        ReportPages::print(&doc, &printer, int(m_ctx->config().tables.size()), snap ? 2 : 1);
        if (!QFileInfo::exists(path) || QFileInfo(path).size() == 0) {
            *error = tr("Cannot write %1.").arg(path);
            return false;
        }
        return true;
    }

    QByteArray bytes;
    switch (kind) {
    case Kind::Config: {
        QString readError;
        const QByteArray text = originalConfigText(&readError);
        if (!readError.isEmpty()) {
            *error = readError;
            return false;
        }
        bytes = includePasswords ? text : exporting::redactConfigText(text);
        break;
    }
    case Kind::RoutingJson: bytes = exporting::routingTableJson(m_ctx->config()); break;
    case Kind::StatsCsv:
        if (!snap) {
            *error = tr("No statistics yet: inspect the cluster on the Dashboard first.");
            return false;
        }
        bytes = exporting::statsCsv(*snap);
        break;
    case Kind::HtmlReport: bytes = exporting::htmlReport(m_ctx->config(), snap, report).toUtf8(); break;
    case Kind::PdfReport: break;
    }
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    if (kind == Kind::Config && includePasswords)
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

} // namespace sp::ui
