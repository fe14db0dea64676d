#include "ui/migration/ConfirmDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace sp::ui {

ConfirmDialog::ConfirmDialog(const QString &title, const QString &intro, const QStringList &consequences,
                             const QString &confirmText, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("migrationConfirm"));
    setWindowTitle(title);
    auto *col = new QVBoxLayout(this);
    auto *row = new QHBoxLayout;
    auto *icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(32, 32));
    icon->setAlignment(Qt::AlignTop);
    row->addWidget(icon);
    QStringList items;
    for (const QString &c : consequences)
        items << QStringLiteral("<li>%1</li>").arg(c.toHtmlEscaped());
    m_text = new QLabel(
        QStringLiteral("<p>%1</p><ul>%2</ul>").arg(intro.toHtmlEscaped(), items.join(QString())), this);
    m_text->setObjectName(QStringLiteral("confirmText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setMinimumWidth(420);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    row->addWidget(m_text, 1);
    col->addLayout(row);

    m_warning = new QLabel(this);
    m_warning->setObjectName(QStringLiteral("confirmWarning"));
    m_warning->setTextFormat(Qt::PlainText);
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(QStringLiteral("QLabel { color: #b00020; font-weight: bold; }"));
    m_warning->hide();
    col->addWidget(m_warning);

    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("confirmReason"));
    m_reason->hide();
    m_drop = new QCheckBox(this);
    m_drop->setObjectName(QStringLiteral("confirmDropTargets"));
    m_drop->hide();
    m_choiceLabel = new QLabel(this);
    m_choiceLabel->setWordWrap(true);
    m_choiceLabel->hide();
    m_choice = new QComboBox(this);
    m_choice->setObjectName(QStringLiteral("confirmChoice"));
    m_choiceLabel->setBuddy(m_choice);
    m_choice->hide();
    col->addWidget(m_reason);
    col->addWidget(m_drop);
    col->addWidget(m_choiceLabel);
    col->addWidget(m_choice);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setObjectName(QStringLiteral("confirmOk"));
    m_ok->setText(confirmText);
    // Cancel is the default: Enter never confirms by accident.
    m_ok->setAutoDefault(false);
    m_ok->setDefault(false);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reason, &QLineEdit::textChanged, this, &ConfirmDialog::updateOk);
    col->addWidget(buttons);
}

void ConfirmDialog::addWarning(const QString &text)
{
    m_warning->setText(m_warning->text().isEmpty() ? text : m_warning->text() + QLatin1Char('\n') + text);
    m_warning->show();
}

void ConfirmDialog::askReason(const QString &label)
{
    m_reason->setPlaceholderText(label);
    m_reason->setToolTip(label);
    m_reason->show();
    updateOk();
}

QString ConfirmDialog::reason() const
{
    return m_reason->isVisibleTo(this) ? m_reason->text().trimmed() : QString();
}

void ConfirmDialog::offerDropTargets(const QString &label)
{
    m_drop->setText(label);
    m_drop->show();
}

bool ConfirmDialog::dropTargets() const
{
    return m_drop->isVisibleTo(this) && m_drop->isChecked();
}

void ConfirmDialog::offerChoice(const QString &label, const QStringList &choices)
{
    m_choiceLabel->setText(label);
    m_choiceLabel->show();
    m_choice->clear();
    m_choice->addItems(choices);
    m_choice->setCurrentIndex(0);
    m_choice->show();
}

int ConfirmDialog::choice() const
{
    return m_choice->isVisibleTo(this) ? m_choice->currentIndex() : -1;
}

void ConfirmDialog::updateOk()
{
    m_ok->setEnabled(m_reason->isHidden() || !m_reason->text().trimmed().isEmpty());
}

} // namespace sp::ui
