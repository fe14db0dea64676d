// shardpilot: the desktop console. Only wiring: application object, translations, main window.
#include "ScreenshotTour.h"

#include "ui/MainWindow.h"
#include "ui/Settings.h"
#include "ui/pages/RoutingPage.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QPlainTextEdit>
#include <QTranslator>

namespace {

// Installs the console's and Qt's own translations for `language` ("en", "zh_CN"; empty: system).
void installTranslators(QApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto *own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("shardpilot"), QStringLiteral("_"), QStringLiteral(":/i18n")))
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
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ShardPilot"));
    QApplication::setOrganizationName(QStringLiteral("ShardPilot"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

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
    parser.addOptions({sandbox, language, screenshots, screenshotWait, routeKeys});
    parser.addPositionalArgument(QStringLiteral("config"), QStringLiteral("Sharding YAML to open."));
    parser.process(app);

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
