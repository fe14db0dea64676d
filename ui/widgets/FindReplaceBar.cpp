#include "ui/widgets/FindReplaceBar.h"

#include <Qsci/qsciscintilla.h>

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace sp::ui {

FindReplaceBar::FindReplaceBar(QsciScintilla *editor, QWidget *parent) : QWidget(parent), m_editor(editor)
{
    setObjectName(QStringLiteral("findReplaceBar"));
    m_find = new QLineEdit(this);
    m_find->setObjectName(QStringLiteral("findEdit"));
    m_find->setPlaceholderText(tr("Find"));
    m_replace = new QLineEdit(this);
    m_replace->setObjectName(QStringLiteral("replaceEdit"));
    m_replace->setPlaceholderText(tr("Replace with"));
    m_case = new QCheckBox(tr("Match case"), this);
    m_case->setObjectName(QStringLiteral("matchCaseCheck"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("findStatus"));
    auto *next = new QPushButton(tr("Next"), this);
    next->setObjectName(QStringLiteral("findNextButton"));
    auto *prev = new QPushButton(tr("Previous"), this);
    prev->setObjectName(QStringLiteral("findPreviousButton"));
    auto *replace = new QPushButton(tr("Replace"), this);
    replace->setObjectName(QStringLiteral("replaceButton"));
    auto *all = new QPushButton(tr("Replace all"), this);
    all->setObjectName(QStringLiteral("replaceAllButton"));
    auto *close = new QPushButton(tr("Close"), this);
    close->setObjectName(QStringLiteral("closeFindButton"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    auto *findRow = new QHBoxLayout;
    findRow->addWidget(m_find, 1);
    findRow->addWidget(prev);
    findRow->addWidget(next);
    findRow->addWidget(m_case);
    findRow->addWidget(m_status);
    findRow->addWidget(close);
    layout->addLayout(findRow);
    m_replaceRow = new QWidget(this);
    auto *replaceRow = new QHBoxLayout(m_replaceRow);
    replaceRow->setContentsMargins(0, 0, 0, 0);
    replaceRow->addWidget(m_replace, 1);
    replaceRow->addWidget(replace);
    replaceRow->addWidget(all);
    layout->addWidget(m_replaceRow);

    connect(m_find, &QLineEdit::returnPressed, this, &FindReplaceBar::findNext);
    connect(m_replace, &QLineEdit::returnPressed, this, &FindReplaceBar::replaceCurrent);
    connect(next, &QPushButton::clicked, this, &FindReplaceBar::findNext);
    connect(prev, &QPushButton::clicked, this, &FindReplaceBar::findPrevious);
    connect(replace, &QPushButton::clicked, this, &FindReplaceBar::replaceCurrent);
    connect(all, &QPushButton::clicked, this, &FindReplaceBar::replaceAll);
    connect(close, &QPushButton::clicked, this, [this] {
        hide();
        m_editor->setFocus();
    });
    hide();
}

void FindReplaceBar::showFind()
{
    m_replaceRow->hide();
    show();
    if (m_editor->hasSelectedText() && !m_editor->selectedText().contains(QLatin1Char('\n')))
        m_find->setText(m_editor->selectedText());
    m_find->setFocus();
    m_find->selectAll();
}

void FindReplaceBar::showReplace()
{
    showFind();
    m_replaceRow->show();
}

bool FindReplaceBar::find(bool forward, bool fromSelectionStart)
{
    const QString needle = m_find->text();
    if (needle.isEmpty())
        return false;
    int line = 0;
    int index = 0;
    if (m_editor->hasSelectedText()) {
        int l2 = 0;
        int i2 = 0;
        m_editor->getSelection(&line, &index, &l2, &i2);
        if (forward && !fromSelectionStart) {
            line = l2;
            index = i2;
        }
    } else {
        m_editor->getCursorPosition(&line, &index);
    }
    const bool found = m_editor->findFirst(needle, false, m_case->isChecked(), false, true, forward,
                                           line, index, true);
    m_status->setText(found ? QString() : tr("Not found"));
    return found;
}

bool FindReplaceBar::findNext()
{
    return find(true, false);
}

bool FindReplaceBar::findPrevious()
{
    return find(false, true);
}

bool FindReplaceBar::replaceCurrent()
{
    const Qt::CaseSensitivity cs = m_case->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive;
    if (!m_editor->hasSelectedText() || m_editor->selectedText().compare(m_find->text(), cs) != 0)
        return findNext();
    m_editor->replaceSelectedText(m_replace->text());
    findNext();
    return true;
}

int FindReplaceBar::replaceAll()
{
    const QString needle = m_find->text();
    if (needle.isEmpty())
        return 0;
    int count = 0;
    m_editor->beginUndoAction();
    bool found = m_editor->findFirst(needle, false, m_case->isChecked(), false, false, true, 0, 0, false);
    while (found) {
        m_editor->replace(m_replace->text());
        ++count;
        found = m_editor->findNext();
    }
    m_editor->endUndoAction();
    m_status->setText(tr("%n replaced", nullptr, count));
    return count;
}

void FindReplaceBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        m_editor->setFocus();
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace sp::ui
