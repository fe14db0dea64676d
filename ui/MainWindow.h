#pragma once
#include <QMainWindow>

class QTreeWidget;
class QPlainTextEdit;

namespace sp::ui {

// Assembles the pages; owns no domain logic.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    bool openConfig(const QString &path);
    void openSandbox();

private:
    void chooseConfig();

    QTreeWidget *m_tree = nullptr;
    QPlainTextEdit *m_findings = nullptr;
};

} // namespace sp::ui
