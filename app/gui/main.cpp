// shardpilot: the desktop console. Only wiring: application object, translations, main window.
#include "ui/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

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
                                     QStringLiteral("Open the local sandbox cluster on start."));
    parser.addOption(sandbox);
    parser.addPositionalArgument(QStringLiteral("config"), QStringLiteral("Sharding YAML to open."));
    parser.process(app);

    sp::ui::MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openConfig(parser.positionalArguments().constFirst());
    else if (parser.isSet(sandbox))
        window.openSandbox();
    return app.exec();
}
