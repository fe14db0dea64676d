#include "SafeOutput.h"

#include "core/config/Printable.h"

namespace sp::cli {

namespace {

void escape(QByteArray &out, uint code, bool json)
{
    char buf[16];
    if (json || code > 0xff)
        std::snprintf(buf, sizeof buf, "\\u%04x", code);
    else
        std::snprintf(buf, sizeof buf, "\\x%02x", code);
    out += buf;
}

} // namespace

SafeOutput::SafeOutput(FILE *file, bool json) : m_file(file), m_json(json)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

SafeOutput::~SafeOutput()
{
    const QByteArray rest = filter(QByteArray(), m_json, &m_pending, true);
    if (!rest.isEmpty())
        std::fwrite(rest.constData(), 1, size_t(rest.size()), m_file);
    std::fflush(m_file);
}

QByteArray SafeOutput::filter(const QByteArray &data, bool json, QByteArray *pending, bool final)
{
    const QByteArray in = *pending + data;
    pending->clear();
    QByteArray out;
    out.reserve(in.size());
    const auto *p = reinterpret_cast<const unsigned char *>(in.constData());
    const qsizetype n = in.size();
    for (qsizetype i = 0; i < n;) {
        const unsigned char b = p[i];
        if (b < 0x80) {
            if ((b < 0x20 && b != '\n') || b == 0x7f)
                escape(out, b, json);
            else
                out += char(b);
            ++i;
            continue;
        }
        const int len = b >= 0xf0 && b < 0xf8 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
        if (len == 0 || b >= 0xf8) { // not a lead byte: never raw (a lone 0x9b is CSI to some terminals)
            escape(out, b, json);
            ++i;
            continue;
        }
        if (i + len > n) {
            if (final) {
                for (; i < n; ++i)
                    escape(out, p[i], json);
            } else {
                *pending = in.mid(i);
            }
            break;
        }
        uint code = b & (0xff >> (len + 1));
        bool valid = true;
        for (int k = 1; k < len; ++k) {
            if ((p[i + k] & 0xc0) != 0x80)
                valid = false;
            code = (code << 6) | (p[i + k] & 0x3f);
        }
        if (!valid) {
            escape(out, b, json);
            ++i;
            continue;
        }
        if (code <= 0xffff && isUnsafeChar(char16_t(code)))
            escape(out, code, json);
        else
            out.append(in.constData() + i, len);
        i += len;
    }
    return out;
}

qint64 SafeOutput::writeData(const char *data, qint64 len)
{
    const QByteArray out = filter(QByteArray(data, len), m_json, &m_pending);
    if (!out.isEmpty() && std::fwrite(out.constData(), 1, size_t(out.size()), m_file) != size_t(out.size()))
        return -1;
    std::fflush(m_file);
    return len;
}

} // namespace sp::cli
