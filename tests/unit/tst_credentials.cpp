// Credentials: resolution order, MySQL option-file parsing and the 0600 writer. No server needed.
#include "core/cluster/Credentials.h"
#include "core/sandbox/DemoData.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;

class TestCredentials final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;

    QString write(const QString &name, const QByteArray &text)
    {
        const QString path = m_tmp.filePath(name);
        QFile f(path);
        f.open(QIODevice::WriteOnly | QIODevice::Truncate);
        f.write(text);
        return path;
    }

    static DataSourceDef ds(const QString &name, const QString &user)
    {
        DataSourceDef d;
        d.name = name;
        d.username = user;
        d.host = QStringLiteral("127.0.0.1");
        d.port = 3306;
        return d;
    }

    CredentialOptions isolated() const
    {
        CredentialOptions o;
        o.useHomeMyCnf = false;
        o.environment = QProcessEnvironment();
        return o;
    }

private slots:
    void optionFileValues_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("expected");
        QTest::addRow("plain") << QByteArray("[client]\npassword=abc\n") << "password" << "abc";
        QTest::addRow("spaces around =") << QByteArray("[client]\npassword = abc \n") << "password" << "abc";
        QTest::addRow("double quoted with #") << QByteArray("[client]\npassword=\"a#b c\"\n") << "password" << "a#b c";
        QTest::addRow("single quoted") << QByteArray("[client]\npassword='x y'\n") << "password" << "x y";
        QTest::addRow("escapes") << QByteArray("[client]\npassword=\"a\\\\b\\\"c\\sd\"\n") << "password" << "a\\b\"c d";
        QTest::addRow("trailing comment") << QByteArray("[client]\npassword=abc # note\n") << "password" << "abc";
        QTest::addRow("underscore key") << QByteArray("[client]\nssl_ca=/x\n") << "ssl-ca" << "/x";
        QTest::addRow("later group wins") << QByteArray("[client]\nuser=a\n[client-mariadb]\nuser=b\n") << "user" << "b";
        QTest::addRow("other group ignored") << QByteArray("[mysqld]\nuser=mysql\n[client]\nuser=app\n") << "user" << "app";
        QTest::addRow("comment lines") << QByteArray("# c\n; c\n[client]\nuser=u\n") << "user" << "u";
    }

    void optionFileValues()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, key);
        QFETCH(QString, expected);
        const OptionFileValues v = Credentials::readOptionFile(write(QStringLiteral("t.cnf"), text));
        QVERIFY2(v.ok(), qPrintable(v.error));
        QCOMPARE(v.value(key), expected);
    }

    void includeAndErrors()
    {
        write(QStringLiteral("inc.cnf"), "[client]\npassword=from-include\n");
        const OptionFileValues v = Credentials::readOptionFile(write(QStringLiteral("main.cnf"), "[client]\nuser=u\n!include inc.cnf\n"));
        QVERIFY(v.ok());
        QCOMPARE(v.value(QStringLiteral("password")), QStringLiteral("from-include"));
        // a file including itself ends with an error, not a hang
        const OptionFileValues loop = Credentials::readOptionFile(write(QStringLiteral("loop.cnf"), "[client]\n!include loop.cnf\n"));
        QVERIFY(!loop.ok());
        const OptionFileValues missing = Credentials::readOptionFile(m_tmp.filePath(QStringLiteral("nope.cnf")));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error.contains(QLatin1String("nope.cnf")));
        const OptionFileValues bad = Credentials::readOptionFile(write(QStringLiteral("bad.cnf"), "[client\nuser=u\n"));
        QVERIFY(!bad.ok());
        QVERIFY(bad.error.contains(QLatin1String(":1:")));
    }

    void writerRoundTripsAndIsPrivate()
    {
        const QString path = m_tmp.filePath(QStringLiteral("app.cnf"));
        const QString secret = QStringLiteral("p\"a'ss\\w#o rd\n飞");
        QString error;
        QVERIFY2(Credentials::writeOptionFile(path, QStringLiteral("app"), secret, &error), qPrintable(error));
        const QFileInfo fi(path);
        QCOMPARE(fi.permissions() & ~(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser),
                 QFileDevice::Permissions());
        const OptionFileValues v = Credentials::readOptionFile(path);
        QVERIFY(v.ok());
        QCOMPARE(v.value(QStringLiteral("user")), QStringLiteral("app"));
        QCOMPARE(v.value(QStringLiteral("password")), secret);
        // overwriting keeps the mode and replaces the content
        QVERIFY(Credentials::writeOptionFile(path, QStringLiteral("app"), QStringLiteral("second"), &error));
        QCOMPARE(Credentials::readOptionFile(path).value(QStringLiteral("password")), QStringLiteral("second"));
        QVERIFY(!QFileInfo::exists(path + QStringLiteral(".tmp")));
    }

    void resolutionOrder()
    {
        const QString file = write(QStringLiteral("order.cnf"), "[client]\nuser=app\npassword=from-file\n");
        DataSourceDef d = ds(QStringLiteral("db-0"), QStringLiteral("app"));
        CredentialOptions o = isolated();
        o.defaultsFile = file;
        QCOMPARE(Credentials::resolve(d, o).source, CredentialSource::OptionFile);
        QCOMPARE(Credentials::resolve(d, o).password, QStringLiteral("from-file"));
        o.environment.insert(QStringLiteral("SHARDPILOT_PASSWORD"), QStringLiteral("global"));
        QCOMPARE(Credentials::resolve(d, o).password, QStringLiteral("global"));
        QCOMPARE(Credentials::environmentVariableFor(d.name), QStringLiteral("SHARDPILOT_PASSWORD_DB_0"));
        o.environment.insert(QStringLiteral("SHARDPILOT_PASSWORD_DB_0"), QStringLiteral("per-ds"));
        QCOMPARE(Credentials::resolve(d, o).source, CredentialSource::EnvironmentDataSource);
        QCOMPARE(Credentials::resolve(d, o).password, QStringLiteral("per-ds"));
        d.password = QStringLiteral("in-yaml");
        QCOMPARE(Credentials::resolve(d, o).source, CredentialSource::ConfigFile);
        // the detail never carries the secret
        QVERIFY(!Credentials::resolve(d, o).detail.contains(QLatin1String("in-yaml")));
    }

    void optionFileForAnotherUserIsSkipped()
    {
        const QString file = write(QStringLiteral("root.cnf"), "[client]\nuser=root\npassword=rootpw\n");
        CredentialOptions o = isolated();
        o.defaultsFile = file;
        const ResolvedCredentials r = Credentials::resolve(ds(QStringLiteral("db0"), QStringLiteral("app")), o);
        QCOMPARE(r.source, CredentialSource::None);
        QVERIFY(r.password.isEmpty());
        QCOMPARE(r.notes.size(), 1);
        QVERIFY(!r.notes.first().contains(QLatin1String("rootpw")));
        // without a username in the config, the file supplies both
        const ResolvedCredentials r2 = Credentials::resolve(ds(QStringLiteral("db0"), QString()), o);
        QCOMPARE(r2.user, QStringLiteral("root"));
        QCOMPARE(r2.source, CredentialSource::OptionFile);
    }

    void homeMyCnf()
    {
        QTemporaryDir home;
        QFile f(home.filePath(QStringLiteral(".my.cnf")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[client]\npassword=home\n");
        f.close();
        CredentialOptions o = isolated();
        o.useHomeMyCnf = true;
        o.homeDir = home.path();
        const ResolvedCredentials r = Credentials::resolve(ds(QStringLiteral("db0"), QStringLiteral("app")), o);
        QCOMPARE(r.password, QStringLiteral("home"));
        QCOMPARE(r.detail, f.fileName());
    }

    void tlsFromUrlAndOptionFile_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QByteArray>("optionFile"); // empty: none
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("ca");
        const QString base = QStringLiteral("jdbc:mysql://db.example:3306/app");
        const int def = int(SslMode::Default), off = int(SslMode::Disabled), req = int(SslMode::Required);
        QTest::addRow("nothing") << base << QByteArray() << def << QString();
        QTest::addRow("useSSL=false") << base + QStringLiteral("?useSSL=false&characterEncoding=utf8")
                                      << QByteArray() << off << QString();
        QTest::addRow("useSSL=true") << base + QStringLiteral("?useSSL=true") << QByteArray() << req
                                     << QString();
        QTest::addRow("useSSL + verifyServerCertificate")
            << base + QStringLiteral("?useSSL=true&verifyServerCertificate=true") << QByteArray()
            << int(SslMode::VerifyCa) << QString();
        QTest::addRow("requireSSL") << base + QStringLiteral("?requireSSL=true") << QByteArray() << req
                                    << QString();
        QTest::addRow("sslMode=VERIFY_IDENTITY") << base + QStringLiteral("?sslMode=VERIFY_IDENTITY")
                                                 << QByteArray() << int(SslMode::VerifyIdentity) << QString();
        QTest::addRow("mariadb sslMode=verify-ca")
            << QStringLiteral("jdbc:mariadb://h/app?sslMode=verify-ca&serverSslCert=/etc/ca.pem")
            << QByteArray() << int(SslMode::VerifyCa) << QStringLiteral("/etc/ca.pem");
        QTest::addRow("sslMode wins over useSSL") << base + QStringLiteral("?useSSL=false&sslMode=PREFERRED")
                                                  << QByteArray() << int(SslMode::Preferred) << QString();
        QTest::addRow("option file ssl-ca")
            << base << QByteArray("[client]\nssl-ca=/x/ca.pem\n") << req << QStringLiteral("/x/ca.pem");
        QTest::addRow("option file verify") << base << QByteArray("[client]\nssl\nssl-verify-server-cert\n")
                                            << int(SslMode::VerifyIdentity) << QString();
        QTest::addRow("option file skip-ssl")
            << base << QByteArray("[client]\nskip-ssl\n") << off << QString();
        QTest::addRow("option file ssl-mode")
            << base << QByteArray("[client-mariadb]\nssl_mode=REQUIRED\n") << req << QString();
        QTest::addRow("url mode over file, file paths kept")
            << base + QStringLiteral("?useSSL=false") << QByteArray("[client]\nssl-ca=/x/ca.pem\n") << off
            << QStringLiteral("/x/ca.pem");
    }

    void tlsFromUrlAndOptionFile()
    {
        QFETCH(QString, url);
        QFETCH(QByteArray, optionFile);
        QFETCH(int, mode);
        QFETCH(QString, ca);
        DataSourceDef d = ds(QStringLiteral("db0"), QStringLiteral("app"));
        d.url = url;
        CredentialOptions o = isolated();
        if (!optionFile.isEmpty())
            o.defaultsFile = write(QStringLiteral("tls.cnf"), optionFile);
        QStringList notes;
        const TlsOptions tls = Credentials::resolveTls(d, o, &notes);
        QCOMPARE(int(tls.mode), mode);
        QCOMPARE(tls.ca, ca);
        QVERIFY2(notes.isEmpty(), qPrintable(notes.join(QLatin1Char('\n'))));
    }

    void tlsNotesWhatItCannotUse()
    {
        DataSourceDef d = ds(QStringLiteral("db0"), QStringLiteral("app"));
        d.url =
            QStringLiteral("jdbc:mysql://h/app?sslMode=SOMETIMES&trustCertificateKeyStoreUrl=file:/ks.jks");
        QStringList notes;
        const TlsOptions tls = Credentials::resolveTls(d, isolated(), &notes);
        QCOMPARE(tls.mode, SslMode::Default);
        QCOMPARE(notes.size(), 2);
        QVERIFY(notes.join(QLatin1Char(' ')).contains(QLatin1String("SOMETIMES")));
        QVERIFY(notes.join(QLatin1Char(' ')).contains(QLatin1String("keystores")));
    }

    void demoDataIsDeterministic()
    {
        const sandbox::DemoData a(5000, 9), b(5000, 9), c(5000, 10);
        int differs = 0;
        for (qint64 k = 0; k < 200; ++k) {
            const auto ma = a.message(k), mb = b.message(k), mc = c.message(k);
            QCOMPARE(ma.target, mb.target);
            QCOMPARE(ma.data, mb.data);
            QCOMPARE(ma.dt, mb.dt);
            differs += ma.target != mc.target ? 1 : 0;
        }
        QVERIFY(differs > 100);
        // ids are unique
        QSet<QByteArray> ids;
        for (int i = 0; i < a.userCount(); ++i)
            ids.insert(a.userId(i));
        for (int i = 0; i < a.groupCount(); ++i)
            ids.insert(a.groupId(i));
        QCOMPARE(ids.size(), a.userCount() + a.groupCount());
    }
};

QTEST_GUILESS_MAIN(TestCredentials)
#include "tst_credentials.moc"
