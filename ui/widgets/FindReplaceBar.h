#pragma once
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QsciScintilla;

namespace sp::ui {

// Find (Ctrl+F) / replace (Ctrl+H) bar for a QScintilla editor: next, previous, replace, replace
// all (one undo step), case sensitivity; Esc closes it and returns focus to the editor.
class FindReplaceBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FindReplaceBar)
public:
    explicit FindReplaceBar(QsciScintilla *editor, QWidget *parent = nullptr);

    void showFind();
    void showReplace();
    bool findNext();
    bool findPrevious();
    bool replaceCurrent();
    int replaceAll(); // returns how many were replaced

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    bool find(bool forward, bool fromSelectionStart);
    QsciScintilla *m_editor;
    QLineEdit *m_find = nullptr;
    QLineEdit *m_replace = nullptr;
    QCheckBox *m_case = nullptr;
    QLabel *m_status = nullptr;
    QWidget *m_replaceRow = nullptr;
};

} // namespace sp::ui
