#include "ui/pages/EditorPage.h"

#include "core/analysis/Linter.h"
#include "core/config/ConfigPatch.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/editor/LineDiff.h"
#include "ui/widgets/FindReplaceBar.h"
#include "ui/widgets/YamlEditor.h"

#include <QAction>
#include <QCryptographicHash>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTextEdit>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>
#include "core/config/TextFile.h"
#include "core/job/Job.h"

namespace sp::ui {

namespace {

struct LintOutcome
{
    QByteArray text;
    LoadResult load;
    Diagnostics findings; // loader + linter
};

QByteArray sha1(const QByteArray &b)
{
    return QCryptographicHash::hash(b, QCryptographicHash::Sha1);
}

enum ItemRoles { LineRole = Qt::UserRole + 1, ColumnRole };

} // namespace

EditorPage::EditorPage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_lintRunner(new JobRunner(this))
{
    setObjectName(QStringLiteral("editorPage"));
    m_editor = new YamlEditor(this);
    m_findBar = new FindReplaceBar(m_editor, this);
    m_form = new ConfigFormPanel(this);
    m_lintPanel = new QTreeWidget(this);
    m_lintPanel->setObjectName(QStringLiteral("lintPanel"));
    m_lintPanel->setHeaderLabels({tr("Severity"), tr("Code"), tr("Line"), tr("Message")});
    m_lintPanel->setRootIsDecorated(false);
    m_lintPanel->setUniformRowHeights(true);
    m_lintPanel->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_lintPanel->header()->setStretchLastSection(true);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("editorStatus"));

    auto *toolbar = new QToolBar(this);
    auto addAction = [this, toolbar](const QString &text, const char *name, const QList<QKeySequence> &keys) {
        auto *a = toolbar->addAction(text);
        a->setObjectName(QLatin1String(name));
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        QWidget::addAction(a);
        return a;
    };
    QAction *saveAction = addAction(tr("Save"), "saveAction", {QKeySequence::Save});
    QAction *undo = addAction(tr("Undo"), "undoAction", {QKeySequence::Undo});
    QAction *redo = addAction(tr("Redo"), "redoAction",
                              {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    QAction *find = addAction(tr("Find"), "findAction", {QKeySequence::Find});
    QAction *replace = addAction(tr("Replace"), "replaceAction", {QKeySequence(Qt::CTRL | Qt::Key_H)});
    QAction *reload = addAction(tr("Reload from disk"), "reloadAction", {});
    connect(saveAction, &QAction::triggered, this, &EditorPage::save);
    connect(undo, &QAction::triggered, m_editor, &QsciScintilla::undo);
    connect(redo, &QAction::triggered, m_editor, &QsciScintilla::redo);
    connect(find, &QAction::triggered, m_findBar, &FindReplaceBar::showFind);
    connect(replace, &QAction::triggered, m_findBar, &FindReplaceBar::showReplace);
    connect(reload, &QAction::triggered, this, [this] {
        if (!m_path.isEmpty())
            loadFile(m_path);
    });

    auto *editorBox = new QWidget(this);
    auto *editorLayout = new QVBoxLayout(editorBox);
    editorLayout->setContentsMargins(0, 0, 0, 0);
    editorLayout->setSpacing(0);
    editorLayout->addWidget(m_editor, 1);
    editorLayout->addWidget(m_findBar);
    // The form scrolls on its own: on a small screen it must not push the editor off the page.
    auto *formScroll = new QScrollArea(this);
    formScroll->setObjectName(QStringLiteral("editorFormScroll"));
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setWidgetResizable(true);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setWidget(m_form);
    formScroll->setMinimumWidth(m_form->minimumSizeHint().width() +
                                formScroll->verticalScrollBar()->sizeHint().width());
    auto *horizontal = new QSplitter(Qt::Horizontal, this);
    horizontal->addWidget(editorBox);
    horizontal->addWidget(formScroll);
    horizontal->setStretchFactor(0, 3);
    horizontal->setStretchFactor(1, 1);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(horizontal);
    vertical->addWidget(m_lintPanel);
    vertical->setStretchFactor(0, 4);
    vertical->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(toolbar);
    layout->addWidget(vertical, 1);
    layout->addWidget(m_status);

    m_lintTimer = new QTimer(this);
    m_lintTimer->setSingleShot(true);
    m_lintTimer->setInterval(lintDelayMs());
    connect(m_lintTimer, &QTimer::timeout, this, &EditorPage::lintNow);
    connect(m_editor, &QsciScintilla::textChanged, this, &EditorPage::scheduleLint);
    connect(m_editor, &QsciScintilla::modificationChanged, this, &EditorPage::updateTitle);
    connect(m_lintPanel, &QTreeWidget::itemActivated, this, &EditorPage::jumpTo);
    connect(m_form, &ConfigFormPanel::editsRequested, this, &EditorPage::applyEdits);
    connect(m_ctx, &AppContext::configChanged, this, [this] {
        if (m_ctx->hasConfig() && m_ctx->configPath() != m_path && !m_editor->isModified())
            loadFile(m_ctx->configPath());
    });
    if (m_ctx->hasConfig())
        loadFile(m_ctx->configPath());
    else
        m_status->setText(tr("Open a sharding config to edit it."));
}

EditorPage::~EditorPage() = default;

bool EditorPage::loadFile(const QString &path)
{
    const TextFileResult file = readTextFile(path, LoadOptions{}.maxFileBytes);
    if (!file.ok()) {
        m_status->setText(tr("Cannot read %1: %2").arg(path, CoreText::render(file.error, file.errorText)));
        return false;
    }
    const QByteArray content = file.bytes;
    m_path = path;
    m_diskHash = sha1(content);
    m_editor->setText(QString::fromUtf8(content));
    m_editor->setModified(false);
    // Loading a file is not an edit the user can undo.
    m_editor->SendScintilla(QsciScintillaBase::SCI_EMPTYUNDOBUFFER);
    updateTitle();
    lintNow();
    return true;
}

void EditorPage::updateTitle()
{
    if (m_path.isEmpty())
        return;
    m_status->setText((m_editor->isModified() ? tr("%1 (modified)") : tr("%1")).arg(m_path));
}

void EditorPage::scheduleLint()
{
    m_lintTimer->start();
}

void EditorPage::lintNow()
{
    m_lintTimer->stop();
    const QByteArray text = m_editor->bytes();
    const QString name = m_path.isEmpty() ? tr("untitled.yaml") : m_path;
    // A newer text supersedes a lint still running: the runner drops the stale result.
    m_lintRunner->start(
        [text, name](JobControl &) {
            LintOutcome out;
            out.text = text;
            out.load = ConfigLoader::loadText(text, name);
            out.findings = out.load.diagnostics;
            if (out.load.ok())
                out.findings += Linter::lint(out.load.config);
            return out;
        },
        [this](const LintOutcome &out) {
        m_lastLoad = out.load;
        m_lastLintedText = out.text;
        showFindings(out.findings);
        if (!out.load.config.dataSources.isEmpty() || !out.load.config.tables.isEmpty())
            m_form->setConfig(out.load.config);
        emit lintFinished();
        });
}

void EditorPage::showFindings(const Diagnostics &d)
{
    m_findings = d;
    m_editor->setDiagnostics(d);
    m_lintPanel->clear();
    int errors = 0;
    int warnings = 0;
    for (const Diagnostic &diag : d) {
        auto *item = new QTreeWidgetItem(m_lintPanel);
        const QStyle::StandardPixmap icon = diag.severity == Severity::Error ? QStyle::SP_MessageBoxCritical
                                          : diag.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                               : QStyle::SP_MessageBoxInformation;
        item->setIcon(0, style()->standardIcon(icon));
        item->setText(0, diag.severity == Severity::Error ? tr("error")
                         : diag.severity == Severity::Warning ? tr("warning") : tr("info"));
        item->setText(1, diag.code);
        item->setText(2, diag.location.line > 0 ? QString::number(diag.location.line) : QString());
        const QString message = CoreText::message(diag);
        item->setText(3, message);
        item->setToolTip(3, diag.hint.isEmpty() ? message
                                                : message + QStringLiteral("\n") + CoreText::hint(diag));
        item->setData(0, LineRole, diag.location.line);
        item->setData(0, ColumnRole, diag.location.column);
        errors += diag.severity == Severity::Error;
        warnings += diag.severity == Severity::Warning;
    }
    m_lintPanel->setHeaderLabels({tr("Severity"), tr("Code"), tr("Line"),
                                  tr("Message (%1 errors, %2 warnings)").arg(errors).arg(warnings)});
}

void EditorPage::jumpTo(QTreeWidgetItem *item)
{
    const int line = item ? item->data(0, LineRole).toInt() : 0;
    if (line > 0)
        m_editor->goTo(line, std::max(1, item->data(0, ColumnRole).toInt()));
}

bool EditorPage::applyEdits(const QList<FormEdit> &edits)
{
    const QByteArray before = m_editor->bytes();
    ConfigPatch patch(before);
    QStringList done;
    for (const FormEdit &e : edits) {
        if (!patch.set(e.path, e.value)) {
            m_form->setStatus(tr("Not changed (%1): %2")
                                  .arg(e.what, CoreText::render(patch.errors().last(), patch.errorTexts().last())),
                              true);
            return false;
        }
        done.append(e.what);
    }
    const QByteArray text = patch.text();
    if (text == before)
        return true;
    // Replace only the span that differs, as one undo step, so the view and cursor stay put.
    int prefix = 0;
    while (prefix < before.size() && prefix < text.size() && before.at(prefix) == text.at(prefix))
        ++prefix;
    int suffix = 0;
    while (suffix < before.size() - prefix && suffix < text.size() - prefix
           && before.at(before.size() - 1 - suffix) == text.at(text.size() - 1 - suffix))
        ++suffix;
    m_editor->replaceRange(prefix, int(before.size()) - suffix, text.mid(prefix, text.size() - prefix - suffix));
    m_form->setStatus(tr("Changed %1. Undo with Ctrl+Z.").arg(done.join(QStringLiteral(", "))), false);
    return true;
}

bool EditorPage::confirmDiff(const QByteArray &onDisk, const QByteArray &next, int errors)
{
    const QList<DiffLine> lines = LineDiff::diff(QString::fromUtf8(onDisk).split(QLatin1Char('\n')),
                                                 QString::fromUtf8(next).split(QLatin1Char('\n')));
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("saveDiffDialog"));
    dialog.setWindowTitle(tr("Save %1?").arg(QFileInfo(m_path).fileName()));
    auto *view = new QTextEdit(&dialog);
    view->setObjectName(QStringLiteral("diffView"));
    view->setReadOnly(true);
    view->setLineWrapMode(QTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QString html = QStringLiteral("<pre>");
    const QStringList unified = LineDiff::unified(lines).split(QLatin1Char('\n'));
    for (const QString &l : unified) {
        const QString esc = l.toHtmlEscaped();
        if (l.startsWith(QLatin1Char('+')))
            html += QStringLiteral("<span style='background:#e6ffec'>%1</span>\n").arg(esc);
        else if (l.startsWith(QLatin1Char('-')))
            html += QStringLiteral("<span style='background:#ffebe9'>%1</span>\n").arg(esc);
        else if (l.startsWith(QLatin1String("@@")))
            html += QStringLiteral("<span style='color:#0550ae'>%1</span>\n").arg(esc);
        else
            html += esc + QLatin1Char('\n');
    }
    view->setHtml(html + QStringLiteral("</pre>"));
    auto *summary = new QLabel(tr("%n line(s) change. The previous file is kept as %1.", nullptr,
                                  LineDiff::changes(lines))
                                   .arg(QFileInfo(m_path).fileName() + QStringLiteral(".bak")),
                               &dialog);
    QLabel *errorNote = nullptr;
    if (errors > 0) {
        errorNote = new QLabel(tr("The config has %n error(s) (listed below the editor). It can be saved, "
                                  "but planning and the expansion wizard refuse it until they are fixed.",
                                  nullptr, errors),
                               &dialog);
        errorNote->setObjectName(QStringLiteral("saveDiffErrors"));
        errorNote->setWordWrap(true);
        errorNote->setStyleSheet(QStringLiteral("color: #b00020;"));
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(summary);
    if (errorNote)
        layout->addWidget(errorNote);
    layout->addWidget(view, 1);
    layout->addWidget(buttons);
    dialog.resize(760, 520);
    return dialog.exec() == QDialog::Accepted;
}

bool EditorPage::save()
{
    if (m_path.isEmpty()) {
        m_status->setText(tr("Nothing to save: no file is open."));
        return false;
    }
    QByteArray onDisk;
    QFile current(m_path);
    const bool exists = current.exists();
    if (exists) {
        if (!current.open(QIODevice::ReadOnly)) {
            m_status->setText(tr("Cannot read %1: %2").arg(m_path, current.errorString()));
            return false;
        }
        onDisk = current.readAll();
        current.close();
        if (sha1(onDisk) != m_diskHash) {
            const auto answer = QMessageBox::warning(
                this, tr("File changed on disk"),
                tr("%1 was changed by another program since it was opened. Overwrite it with the "
                   "editor's text? (The diff against the file on disk comes next.)").arg(m_path),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
            if (answer != QMessageBox::Yes)
                return false;
        }
    }
    const QByteArray next = m_editor->bytes();
    if (exists && next == onDisk) {
        m_status->setText(tr("No changes to save."));
        m_editor->setModified(false);
        return true;
    }
    // What the saved text will publish: the live lint when it saw this text, else a fresh one.
    LoadResult load;
    Diagnostics lint;
    if (m_lastLintedText == next && m_findings.size() >= m_lastLoad.diagnostics.size()) {
        load = m_lastLoad;
        lint = m_findings.mid(m_lastLoad.diagnostics.size());
    } else {
        load = ConfigLoader::loadText(next, m_path);
        lint = load.ok() ? Linter::lint(load.config) : Diagnostics();
    }
    load.config.filePath = m_path;
    int errors = 0;
    for (const Diagnostics *list : {&load.diagnostics, &lint})
        for (const Diagnostic &d : *list)
            errors += d.severity == Severity::Error ? 1 : 0;
    if (!confirmDiff(onDisk, next, errors))
        return false;
    if (exists) {
        QSaveFile backup(m_path + QStringLiteral(".bak"));
        if (!backup.open(QIODevice::WriteOnly) || backup.write(onDisk) != onDisk.size() || !backup.commit()) {
            m_status->setText(tr("Not saved: cannot write the backup %1.bak: %2").arg(m_path, backup.errorString()));
            return false;
        }
    }
    QSaveFile out(m_path);
    if (!out.open(QIODevice::WriteOnly) || out.write(next) != next.size() || !out.commit()) {
        m_status->setText(tr("Not saved: %1").arg(out.errorString()));
        return false;
    }
    m_diskHash = sha1(next);
    m_editor->setModified(false);
    QString status = tr("Saved %1 (previous version in %2.bak).").arg(m_path, QFileInfo(m_path).fileName());
    if (errors > 0)
        status += QLatin1Char(' ') + tr("It has %n error(s).", nullptr, errors);
    m_status->setText(status);
    // Share the saved config, with the findings the editor lists, with the other pages.
    if (!m_ctx->hasConfig() || m_ctx->configPath() == m_path)
        m_ctx->setConfig(m_path, load, lint);
    emit saved(m_path);
    return true;
}

} // namespace sp::ui
