#include "ui/pages/EditorPage.h"

#include "core/analysis/Linter.h"
#include "core/config/ConfigPatch.h"
#include "ui/AppContext.h"
#include "ui/ConfigReader.h"
#include "ui/CoreText.h"
#include "ui/editor/LineDiff.h"
#include "ui/widgets/FindReplaceBar.h"
#include "ui/widgets/YamlEditor.h"

#include "core/config/TextFile.h"
#include "core/job/Job.h"
#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTextEdit>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sp::ui {

namespace {

struct LintOutcome
{
    QByteArray text;
    LoadResult load;
    Diagnostics findings; // loader + linter
};

QStringList dataSourceNames(const ShardingConfig &c)
{
    QStringList names;
    for (const DataSourceDef &d : c.dataSources)
        names << d.name;
    return names;
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
        // While the page is shown, whichever of its widgets has the focus (the navigation list
        // right after choosing the page, a toolbar button): a hidden page's actions are inactive.
        a->setShortcutContext(Qt::WindowShortcut);
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
    connect(reload, &QAction::triggered, this, &EditorPage::reloadFromDisk);

    // Shown when the file changed on disk while the editor holds unsaved edits of the earlier text.
    m_changedBanner = new QWidget(this);
    m_changedBanner->setObjectName(QStringLiteral("editorChangedBanner"));
    m_changedBanner->setAttribute(Qt::WA_StyledBackground);
    m_changedBanner->setStyleSheet(
        QStringLiteral("#editorChangedBanner { background: #fff4e5; border: 1px solid #ffb74d; }"));
    auto *bannerRow = new QHBoxLayout(m_changedBanner);
    bannerRow->setContentsMargins(6, 4, 6, 4);
    m_changedText = new QLabel(m_changedBanner);
    m_changedText->setObjectName(QStringLiteral("editorChangedText"));
    m_changedText->setWordWrap(true);
    auto *bannerReload = new QPushButton(tr("Reload from disk…"), m_changedBanner);
    bannerReload->setObjectName(QStringLiteral("editorChangedReload"));
    bannerRow->addWidget(m_changedText, 1);
    bannerRow->addWidget(bannerReload);
    connect(bannerReload, &QPushButton::clicked, this, &EditorPage::reloadFromDisk);
    m_changedBanner->hide();

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
    layout->addWidget(m_changedBanner);
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
    connect(m_ctx, &AppContext::configChanged, this, &EditorPage::followContext);
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
    m_path = path;
    showText(file.bytes, false);
    return true;
}

void EditorPage::showText(const QByteArray &content, bool undoable)
{
    m_diskSha = configSha256(content);
    if (undoable) {
        // One undo step: Ctrl+Z brings back the text it replaced (unsaved edits included).
        m_editor->replaceRange(0, int(m_editor->bytes().size()), content);
    } else {
        m_editor->setText(QString::fromUtf8(content));
        // Opening a file is not an edit the user can undo.
        m_editor->SendScintilla(QsciScintillaBase::SCI_EMPTYUNDOBUFFER);
    }
    m_editor->setModified(false);
    m_formFromEarlierText = true;
    m_changedBanner->hide();
    updateTitle();
    lintNow();
}

void EditorPage::followContext()
{
    if (!m_ctx->hasConfig())
        return;
    if (m_ctx->configPath() != m_path) {
        if (!m_editor->isModified())
            loadFile(m_ctx->configPath());
        return;
    }
    if (m_ctx->configSha256().isEmpty() || m_ctx->configSha256() == m_diskSha)
        return; // what the editor read (or saved) itself
    if (!m_editor->isModified()) {
        if (loadFile(m_path))
            m_status->setText(tr("%1 changed on disk: the editor shows it as it is now.").arg(m_path));
        return;
    }
    // Unsaved edits of the earlier text stay, and the page says what they are based on.
    m_changedText->setText(
        tr("%1 changed on disk since the editor read it; the console shows the new file (%n data source(s)). "
           "Your unsaved edits are based on the earlier text: saving them would replace the new file (Save "
           "asks and shows the difference first).",
           nullptr, int(m_ctx->config().dataSources.size()))
            .arg(QFileInfo(m_path).fileName()));
    m_changedBanner->show();
}

void EditorPage::reloadFromDisk()
{
    if (m_path.isEmpty())
        return;
    const bool hadEdits = m_editor->isModified();
    if (hadEdits) {
        QMessageBox ask(
            QMessageBox::Question, tr("Reload from disk"),
            tr("Replace your unsaved edits with %1 as it is on disk? Undo (Ctrl+Z) brings the edits "
               "back.")
                .arg(m_path),
            QMessageBox::Yes | QMessageBox::Cancel, this);
        ask.setObjectName(QStringLiteral("reloadConfirm"));
        ask.button(QMessageBox::Yes)->setText(tr("Reload"));
        ask.setDefaultButton(QMessageBox::Cancel);
        if (ask.exec() != QMessageBox::Yes)
            return;
    }
    const TextFileResult file = readTextFile(m_path, LoadOptions{}.maxFileBytes);
    if (!file.ok()) {
        m_status->setText(tr("Cannot read %1: %2").arg(m_path, CoreText::render(file.error, file.errorText)));
        return;
    }
    showText(file.bytes, true);
    m_status->setText(hadEdits
                          ? tr("Reloaded %1 from disk. Undo (Ctrl+Z) brings your edits back.").arg(m_path)
                          : tr("Reloaded %1 from disk.").arg(m_path));
    // The whole console follows the file, not only the editor.
    if (m_ctx->hasConfig() && m_ctx->configPath() == m_path && m_ctx->configSha256() != m_diskSha) {
        const ConfigRead read = readConfigText(file.bytes, m_path);
        m_ctx->reloadConfig(read.load, read.lint, read.sha256);
    }
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
        // While typing, a text that does not load keeps the form as it was; a file just read that
        // does not load clears it (its fields would be another file's).
        if (!out.load.config.dataSources.isEmpty() || !out.load.config.tables.isEmpty()) {
            m_form->setConfig(out.load.config);
            m_formFromEarlierText = false;
        } else if (m_formFromEarlierText) {
            m_form->clearConfig();
            m_formFromEarlierText = false;
        }
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

bool EditorPage::confirmDiff(const QByteArray &onDisk, const QByteArray &next, int errors,
                             const QStringList &removedDataSources)
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
    QLabel *removedNote = nullptr;
    if (!removedDataSources.isEmpty()) {
        // The way an old text goes back over a switched config: said in words, not only in the diff.
        removedNote =
            new QLabel(tr("The file on disk has %n data source(s) the saved text does not: %1. Saving "
                          "removes them from the config.",
                          nullptr, int(removedDataSources.size()))
                           .arg(removedDataSources.join(QStringLiteral(", "))),
                       &dialog);
        removedNote->setObjectName(QStringLiteral("saveDiffRemoved"));
        removedNote->setWordWrap(true);
        removedNote->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(summary);
    if (removedNote)
        layout->addWidget(removedNote);
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
        if (configSha256(onDisk) != m_diskSha) {
            const auto answer = QMessageBox::warning(
                this, tr("File changed on disk"),
                tr("%1 was changed by another program since it was opened. Overwrite it with the "
                   "editor's text? (The diff against the file on disk comes next.)").arg(m_path),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
            if (answer != QMessageBox::Yes)
                return false;
        }
    } else if (!m_diskSha.isEmpty()) {
        const auto answer = QMessageBox::warning(
            this, tr("File changed on disk"),
            tr("%1 was removed since it was opened. Write the editor's text to it again?").arg(m_path),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return false;
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
    QStringList removed;
    if (exists) {
        const QStringList kept = dataSourceNames(load.config);
        for (const QString &name : dataSourceNames(ConfigLoader::loadText(onDisk, m_path).config))
            if (!kept.contains(name))
                removed << name;
    }
    if (!confirmDiff(onDisk, next, errors, removed))
        return false;
    // The file may have changed while the difference was shown (a run's switch, another program):
    // never write over a text the operator has not seen.
    {
        QFile again(m_path);
        const bool stillThere = again.exists();
        QByteArray now;
        if (stillThere && again.open(QIODevice::ReadOnly))
            now = again.readAll();
        if (stillThere != exists || now != onDisk) {
            m_status->setText(
                tr("Not saved: %1 changed on disk while the difference was shown.").arg(m_path));
            QMessageBox::warning(
                this, tr("File changed on disk"),
                tr("%1 changed on disk while the difference was shown, so it was not saved. Save "
                   "again to see the difference with the file as it is now.")
                    .arg(m_path));
            return false;
        }
    }
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
    m_diskSha = configSha256(next);
    m_editor->setModified(false);
    m_changedBanner->hide();
    QString status = tr("Saved %1 (previous version in %2.bak).").arg(m_path, QFileInfo(m_path).fileName());
    if (errors > 0)
        status += QLatin1Char(' ') + tr("It has %n error(s).", nullptr, errors);
    m_status->setText(status);
    // Share the saved config, with the findings the editor lists, with the other pages (the run and
    // the plan of the open config stay).
    if (!m_ctx->hasConfig())
        m_ctx->setConfig(m_path, load, lint, m_diskSha);
    else if (m_ctx->configPath() == m_path)
        m_ctx->reloadConfig(load, lint, m_diskSha);
    emit saved(m_path);
    return true;
}

} // namespace sp::ui
