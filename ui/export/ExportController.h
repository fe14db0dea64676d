#pragma once
#include <QObject>
#include <QPointer>
#include <QWidget>

#include <functional>

namespace sp::ui {

class AppContext;

// File > Export: asks where to write, calls the pure exporters (core/analysis/ConfigExport.h,
// core/analysis/StatsExport.h) and writes the file; PDF goes through QPrinter + QTextDocument.
// The prompts are replaceable so tests drive the flow without modal dialogs.
class ExportController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExportController)
public:
    enum class Kind { Config, RoutingJson, StatsCsv, HtmlReport, PdfReport };
    Q_ENUM(Kind)

    struct Prompts
    {
        // Returns the chosen path or an empty string to cancel.
        std::function<QString(const QString &title, const QString &filter, const QString &suggested)> savePath;
        // The config holds `count` passwords: include them in plain text? (default: no)
        std::function<bool(int count)> includePasswords;
    };

    ExportController(AppContext *ctx, QWidget *dialogParent, QObject *parent = nullptr);
    ~ExportController() override;

    void setPrompts(const Prompts &p) { m_prompts = p; }
    void setRowLimit(qint64 rows) { m_rowLimit = rows; }

    // Interactive: prompts, then writes. Returns true when a file was written.
    bool run(Kind kind);
    // Non-interactive (also used by run()): writes `path`; on failure returns false and sets *error.
    bool write(Kind kind, const QString &path, bool includePasswords, QString *error) const;

    static QString suggestedFileName(Kind kind, const QString &configPath);

signals:
    void message(const QString &text);

private:
    QByteArray originalConfigText(QString *error) const;

    AppContext *m_ctx;
    QPointer<QWidget> m_dialogParent;
    Prompts m_prompts;
    qint64 m_rowLimit = 30000000;
};

} // namespace sp::ui
