#pragma once
// Helpers shared by the console's GUI tests (header-only; each tst_*.cpp is its own executable).
#include "TestPaths.h"
#include "ui/MainWindow.h"
#include "ui/Settings.h"

#include <QApplication>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <functional>
#include <memory>

namespace sp::test {

// A main window with settings in a throwaway INI file, so tests never touch the user's settings.
inline std::unique_ptr<sp::ui::MainWindow> makeMainWindow(const QTemporaryDir &dir)
{
    auto settings = std::make_unique<sp::ui::Settings>(dir.filePath(QStringLiteral("settings.ini")));
    settings->setSandboxDir(dir.filePath(QStringLiteral("sandbox")));
    return std::make_unique<sp::ui::MainWindow>(nullptr, std::move(settings));
}

// The console at 1280x800 (settings in a throwaway INI file, the default sandbox directory), shown
// and exposed, with `config` open; nullptr (and a warning) if the
// window or the config did not come up. For the tests that drive it against a live sandbox.
inline std::unique_ptr<sp::ui::MainWindow> showConsole(const QTemporaryDir &dir, const QString &config)
{
    auto settings = std::make_unique<sp::ui::Settings>(dir.filePath(QStringLiteral("settings.ini")));
    auto window = std::make_unique<sp::ui::MainWindow>(nullptr, std::move(settings));
    window->resize(1280, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) {
        qWarning("the console window was not exposed");
        return nullptr;
    }
    if (!window->openConfig(config)) {
        qWarning("the console did not open %s", qPrintable(config));
        return nullptr;
    }
    return window;
}

template<typename T>
T *findNamed(QObject *root, const char *name)
{
    T *w = root->findChild<T *>(QLatin1String(name));
    if (!w)
        qWarning("no child named %s", name);
    return w;
}

// Runs `f` on the next modal dialog as soon as it is up (dialogs use exec()).
inline void onModal(std::function<void(QWidget *)> f)
{
    auto *timer = new QTimer;
    auto tries = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, [timer, tries, f] {
        if (QWidget *w = QApplication::activeModalWidget()) {
            timer->stop();
            timer->deleteLater();
            f(w);
        } else if (++*tries > 400) {
            timer->stop();
            timer->deleteLater();
        }
    });
    timer->start(10);
}

} // namespace sp::test
