// shardpilot: the desktop console. Only wiring: application object, translations, main window.
#include "ScreenshotTour.h"

#include "core/cluster/BuildInfo.h"
#include "core/cluster/MallocArenas.h"
#include "core/config/AppPaths.h"
#include "ui/Diagnostics.h"
#include "ui/MainWindow.h"
#include "ui/Settings.h"
#include "ui/pages/RoutingPage.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QPlainTextEdit>
#include <QTranslator>

#include <cstdio>

namespace {

// Installs the console's and Qt's own translations for `language` ("en", "zh_CN"; empty: system).
void installTranslators(QApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto *own = new QTranslator(&app);
    // The compiled catalogues sit in <prefix>/share/shardpilot/translations (the build tree has the
    // same layout), never in a compiled-in source path.
    if (own->load(locale, QStringLiteral("shardpilot"), QStringLiteral("_"), sp::AppPaths::translationsDir()))
        QApplication::installTranslator(own);
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
    QLocale::setDefault(locale);
}

} // namespace

int main(int argc, char **argv)
{
    sp::limitMallocArenas(); // before any thread allocates
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ShardPilot"));
    QApplication::setOrganizationName(QStringLiteral("ShardPilot"));
    QApplication::setApplicationVersion(sp::buildInfo().version);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/shardpilot.png")));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.shardpilot.ShardPilot"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ShardPilot administration console"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption sandbox(QStringLiteral("sandbox"),
                                     QStringLiteral("Start the local sandbox cluster and open it."));
    const QCommandLineOption language(QStringLiteral("language"),
                                      QStringLiteral("User interface language (en, zh_CN)."),
                                      QStringLiteral("code"));
    const QCommandLineOption screenshots(QStringLiteral("screenshot-dir"),
                                         QStringLiteral("Visit every page, save DIR/<page>.png, quit."),
                                         QStringLiteral("dir"));
    const QCommandLineOption routeKeys(QStringLiteral("route-keys"),
                                       QStringLiteral("Keys (comma-separated) to show on the Routing page."),
                                       QStringLiteral("keys"));
    const QCommandLineOption screenshotWait(QStringLiteral("screenshot-wait"),
                                            QStringLiteral("With --screenshot-dir: how long data pages wait for "
                                                           "cluster statistics (ms, default 60000)."),
                                            QStringLiteral("ms"), QStringLiteral("60000"));
    const QCommandLineOption diagnostics(QStringLiteral("diagnostics"),
                                         QStringLiteral("Print versions and the paths in use (as Help > Copy "
                                                        "diagnostics does), then exit."));
    parser.addOptions({sandbox, language, screenshots, screenshotWait, routeKeys, diagnostics});
    parser.addPositionalArgument(QStringLiteral("config"), QStringLiteral("Sharding YAML to open."));
    parser.process(app);
    if (parser.isSet(diagnostics)) {
        const sp::ui::Settings settings;
        std::fputs(sp::ui::diagnosticsText(nullptr, &settings).toUtf8().constData(), stdout);
        return 0;
    }

    {
        sp::ui::Settings settings;
        installTranslators(app, parser.isSet(language) ? parser.value(language) : settings.language());
    }

    sp::ui::MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openConfig(parser.positionalArguments().constFirst());
    else if (parser.isSet(sandbox))
        window.openSandbox();

    if (parser.isSet(routeKeys)) {
        if (auto *keys = window.page(QStringLiteral("routing"))->findChild<QPlainTextEdit *>(
                QStringLiteral("routingKeys"))) {
            keys->setPlainText(parser.value(routeKeys).split(QLatin1Char(',')).join(QLatin1Char('\n')));
            if (auto *routing = qobject_cast<sp::ui::RoutingPage *>(window.page(QStringLiteral("routing"))))
                routing->route();
        }
    }
    if (parser.isSet(screenshots)) {
        auto *tour = new ScreenshotTour(&window, parser.value(screenshots), &app);
        tour->setSnapshotTimeoutMs(parser.value(screenshotWait).toInt());
        tour->start(1000);
    }
    return app.exec();
}
