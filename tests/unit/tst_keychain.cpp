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
        QString error;
        const bool ok = store.writePassword(QStringLiteral("ShardPilot"), QStringLiteral("u@h:1"),
                                            QStringLiteral("s3cret"), &error);
        QVERIFY(t.elapsed() < 5000);
        QVERIFY(!ok);
        QVERIFY(!error.isEmpty());
        QVERIFY(!error.contains(QStringLiteral("s3cret")));
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
