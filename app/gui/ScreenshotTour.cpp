#include "ScreenshotTour.h"

#include "ui/AppContext.h"
#include "ui/MainWindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QPixmap>
#include <QTimer>

#include <cstdio>

ScreenshotTour::ScreenshotTour(sp::ui::MainWindow *window, const QString &dir, QObject *parent)
    : QObject(parent), m_window(window), m_dir(dir)
{
}

void ScreenshotTour::start(int settleMs)
{
    QDir().mkpath(m_dir);
    m_todo = m_window->pageIds();
    // The dashboard right after the welcome page: its inspection feeds the pages after it.
    if (m_todo.removeAll(QStringLiteral("dashboard")) > 0)
        m_todo.insert(std::min<qsizetype>(1, m_todo.size()), QStringLiteral("dashboard"));
    QTimer::singleShot(settleMs, this, &ScreenshotTour::waitForConfig);
}

// A config given on the command line is open already; the sandbox one arrives when it is up.
void ScreenshotTour::waitForConfig()
{
    if (!m_window)
        return;
    if (!m_window->context()->hasConfig() && m_waitedMs < m_snapshotTimeoutMs * 3) {
        m_waitedMs += 500;
        QTimer::singleShot(500, this, &ScreenshotTour::waitForConfig);
        return;
    }
    visitNext();
}

void ScreenshotTour::visitNext()
{
    if (!m_window || m_todo.isEmpty()) {
        QCoreApplication::exit(m_failures == 0 ? 0 : 1);
        return;
    }
    m_current = m_todo.takeFirst();
    m_waitedMs = 0;
    m_window->showPage(m_current);
    // The dashboard inspects on Refresh; ask once so the data pages have a snapshot to show.
    if (m_current == QLatin1String("dashboard") && !m_window->context()->snapshot())
        QMetaObject::invokeMethod(m_window->page(m_current), "refresh");
    QTimer::singleShot(800, this, &ScreenshotTour::grabCurrent);
}

void ScreenshotTour::grabCurrent()
{
    if (!m_window)
        return;
    // Only the dashboard waits: it starts the inspection; pages after it show the same snapshot.
    const bool needsData = m_current == QLatin1String("dashboard");
    const bool hasData = m_window->context()->snapshot().has_value();
    const bool canHaveData = !m_window->context()->config().dataSources.isEmpty();
    if (needsData && canHaveData && !hasData && m_waitedMs < m_snapshotTimeoutMs) {
        m_waitedMs += 500;
        QTimer::singleShot(500, this, &ScreenshotTour::grabCurrent);
        return;
    }
    const QString path = QDir(m_dir).filePath(m_current + QStringLiteral(".png"));
    const QPixmap shot = m_window->window()->grab();
    if (shot.isNull() || !shot.save(path)) {
        std::fprintf(stderr, "shardpilot: cannot save %s\n", qPrintable(path));
        ++m_failures;
    } else {
        std::fprintf(stdout, "%s\n", qPrintable(path));
    }
    visitNext();
}
