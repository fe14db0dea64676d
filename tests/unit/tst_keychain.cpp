#include "core/cluster/Credentials.h"
#include "core/cluster/KeychainSecretStore.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;

// On this headless test machine there is no secret service: the keychain backend must fail fast
// with an error text, and the credential chain must still resolve from the option file.
class TestKeychain final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;

    static DataSourceDef ds(const QString &name, const QString &user)
    {
        DataSourceDef d;
        d.name = name;
        d.host = QStringLiteral("127.0.0.1");
        d.port = 3306;
        d.username = user;
        return d;
    }

    CredentialOptions isolated(std::shared_ptr<SecretStore> store) const
    {
        CredentialOptions o;
        o.useHomeMyCnf = false;
        o.homeDir = m_tmp.path();
        o.environment = QProcessEnvironment();
        o.secretStore = std::move(store);
        return o;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    }

    void readFailsFast_data()
    {
        QTest::addColumn<QString>("account");
        QTest::addRow("plain") << QStringLiteral("shardpilot_app@127.0.0.1:3306");
        QTest::addRow("other port") << QStringLiteral("root@db.example:3307");
    }

    void readFailsFast()
    {
        QFETCH(QString, account);
        KeychainSecretStore store;
        QElapsedTimer t;
        t.start();
        QString error;
        const std::optional<QString> pw = store.readPassword(QStringLiteral("ShardPilot"), account, &error);
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed()) + QStringLiteral(" ms")));
        QVERIFY(!pw.has_value());
        QVERIFY2(!error.isEmpty(), "a failed keychain read must say why");
    }

    void writeFailsFast()
    {
        KeychainSecretStore store;
        QElapsedTimer t;
        t.start();
        Text error;
        const bool ok = store.writePassword(QStringLiteral("ShardPilot"), QStringLiteral("u@h:1"),
                                            QStringLiteral("s3cret"), &error);
        QVERIFY(t.elapsed() < 5000);
        QVERIFY(!ok);
        QVERIFY(!error.text.contains(QStringLiteral("s3cret")));
        // qtkeychain says "Unknown error" here; the text says what failed (no session bus) and what
        // to do (an option file), as a translatable sentence.
        QVERIFY2(error.text.contains(QStringLiteral("DBUS_SESSION_BUS_ADDRESS is not set")),
                 qPrintable(error.text));
        QVERIFY2(error.text.contains(QStringLiteral("--defaults-file")), qPrintable(error.text));
        QVERIFY(error.isTranslatable());
        // The read says the same (it ends in the credential notes).
        QString readError;
        QVERIFY(!store.readPassword(QStringLiteral("ShardPilot"), QStringLiteral("u@h:1"), &readError));
        QCOMPARE(readError, error.text);
    }

    // Each qtkeychain outcome worded: what failed, what to do; "Unknown error" never alone.
    void failureText_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("qtText");
        QTest::addColumn<bool>("sessionBus");
        QTest::addColumn<QStringList>("says");
        const QStringList instead{QStringLiteral("--defaults-file"),
                                  QStringLiteral("SHARDPILOT_PASSWORD_<DS>")};
        QTest::addRow("no bus") << 7 << QStringLiteral("Unknown error") << false
                                << QStringList{QStringLiteral("no D-Bus session bus")} + instead;
        QTest::addRow("bus, no service") << 7 << QStringLiteral("Unknown error") << true
                                         << QStringList{QStringLiteral("neither a Secret Service")} + instead;
        QTest::addRow("no backend") << 5 << QStringLiteral("No keychain service available") << true
                                    << QStringList{QStringLiteral("neither a Secret Service")} + instead;
        QTest::addRow("denied by user")
            << 3 << QString() << true
            << QStringList{QStringLiteral("access was denied"), QStringLiteral("try again")};
        QTest::addRow("locked") << 4 << QStringLiteral("Could not open wallet") << true
                                << QStringList{QStringLiteral("(Could not open wallet)"),
                                               QStringLiteral("unlock it")};
        QTest::addRow("other") << 7 << QStringLiteral("Could not store data") << true
                               << QStringList{QStringLiteral("Could not store data"),
                                              QStringLiteral("error 7")};
    }

    void failureText()
    {
        QFETCH(int, code);
        QFETCH(QString, qtText);
        QFETCH(bool, sessionBus);
        QFETCH(QStringList, says);
        const Text t = KeychainSecretStore::failureText(code, qtText, sessionBus);
        QVERIFY(t.isTranslatable());
        for (const QString &part : says)
            QVERIFY2(t.text.contains(part), qPrintable(t.text + QStringLiteral(" lacks ") + part));
        QVERIFY(t.text != QStringLiteral("Unknown error"));
    }

    void chainFallsThroughToOptionFile_data()
    {
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");
        QTest::addRow("simple") << QStringLiteral("app") << QStringLiteral("pw1");
        QTest::addRow("quoted") << QStringLiteral("shardpilot_app") << QStringLiteral("p w\"#2");
    }

    void chainFallsThroughToOptionFile()
    {
        QFETCH(QString, user);
        QFETCH(QString, password);
        const QString file = m_tmp.filePath(QStringLiteral("app-") + QString::fromLatin1(QTest::currentDataTag()) +
                                            QStringLiteral(".cnf"));
        QString error;
        QVERIFY2(Credentials::writeOptionFile(file, user, password, &error), qPrintable(error));
        CredentialOptions o = isolated(std::make_shared<KeychainSecretStore>());
        o.defaultsFile = file;
        const ResolvedCredentials r = Credentials::resolve(ds(QStringLiteral("db0"), user), o);
        QCOMPARE(r.source, CredentialSource::OptionFile);
        QCOMPARE(r.password, password);
        QCOMPARE(r.detail, file);
    }

    void keychainFailureIsANote()
    {
        CredentialOptions o = isolated(std::make_shared<KeychainSecretStore>());
        o.defaultsFile = m_tmp.filePath(QStringLiteral("missing.cnf"));
        QElapsedTimer t;
        t.start();
        const ResolvedCredentials r = Credentials::resolve(ds(QStringLiteral("db1"), QStringLiteral("app")), o);
        QVERIFY(t.elapsed() < 5000);
        QCOMPARE(r.source, CredentialSource::None);
        QVERIFY(!r.hasPassword());
        bool noted = false;
        for (const QString &n : r.notes)
            noted = noted || n.startsWith(QStringLiteral("secret store: "));
        QVERIFY2(noted, qPrintable(r.notes.join(QStringLiteral("; "))));
    }
};

QTEST_GUILESS_MAIN(TestKeychain)
#include "tst_keychain.moc"
