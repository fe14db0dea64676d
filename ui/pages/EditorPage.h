#pragma once
#include "core/config/ConfigLoader.h"
#include "ui/editor/ConfigFormPanel.h"

#include <QByteArray>
#include <QWidget>

class QLabel;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace sp {
class JobRunner;
}

namespace sp::ui {

class AppContext;
class FindReplaceBar;
class YamlEditor;

// YAML editor page: QScintilla editor with live lint (debounced, on a worker thread) shown as margin
// markers, squiggles and a findings list; find/replace; a form for common edits that patches the
// text in place (ConfigPatch); Save shows a diff against the file on disk, keeps a .bak of the
// previous file and warns when the file changed on disk meanwhile.
class EditorPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EditorPage)
public:
    explicit EditorPage(AppContext *ctx, QWidget *parent = nullptr);
    ~EditorPage() override;

    bool loadFile(const QString &path);
    // Editor > Reload from disk: asks before it replaces unsaved edits (Undo brings them back), then
    // publishes the file to the whole console when it is the open config.
    void reloadFromDisk();
    QString filePath() const { return m_path; }
    YamlEditor *editor() const { return m_editor; }
    const Diagnostics &findings() const { return m_findings; }
    int lintDelayMs() const { return 400; }

public slots:
    bool save();
    void lintNow();
    bool applyEdits(const QList<sp::ui::FormEdit> &edits);

signals:
    void lintFinished();
    void saved(const QString &path);

private:
    void scheduleLint();
    void showFindings(const Diagnostics &d);
    void jumpTo(QTreeWidgetItem *item);
    bool confirmDiff(const QByteArray &onDisk, const QByteArray &next, int errors,
                     const QStringList &removedDataSources);
    void updateTitle();
    // The context published a config: another file, or this one with another text (a run's switch,
    // a rollback, another program). Followed at once unless it would discard unsaved edits.
    void followContext();
    // Replaces the text with `content` read from the file; `undoable`: as one undo step.
    void showText(const QByteArray &content, bool undoable);

    AppContext *m_ctx;
    YamlEditor *m_editor = nullptr;
    FindReplaceBar *m_findBar = nullptr;
    ConfigFormPanel *m_form = nullptr;
    QTreeWidget *m_lintPanel = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_lintTimer = nullptr;
    QString m_path;
    QString m_diskSha; // SHA-256 of the file as last read or written (ConfigReader's fingerprint)
    bool m_formFromEarlierText = false; // the form shows a config from before the last loadFile
    QWidget *m_changedBanner = nullptr;
    QLabel *m_changedText = nullptr;
    JobRunner *m_lintRunner;
    Diagnostics m_findings;
    LoadResult m_lastLoad;
    QByteArray m_lastLintedText;
};

} // namespace sp::ui
