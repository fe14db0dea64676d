#pragma once
#include "core/config/Text.h"
#include <QByteArray>
#include <QList>
#include <QString>

// Byte-level reading and writing of YAML text for YamlPatch: where a token, an entry or a flow
// collection ends, and how a value is written so that it reads back as itself. Internal to
// core/config; offsets are bytes into the UTF-8 text.
namespace sp::yamltext {

struct Span
{
    int begin = -1;
    int end = -1; // one past the last byte
    bool valid() const { return begin >= 0 && end >= begin; }
};

QList<int> lineStarts(const QByteArray &text);
int lineStartOf(const QByteArray &text, int offset);
int lineEndOf(const QByteArray &text, int offset);         // offset of the '\n' (or '\r\n'), or text.size()
int nextLineStart(const QByteArray &text, int offset);     // after the line break, or text.size()
QByteArray lineBreak(const QByteArray &text);              // "\r\n" when the text uses it, else "\n"
bool onlySpacesBefore(const QByteArray &text, int offset); // nothing but spaces from the line start
int indentOf(const QByteArray &text, int lineStart);       // leading spaces of that line
bool blankOrComment(const QByteArray &text, int lineStart);

// The value token starting at `offset` (tags and anchors skipped). Plain scalars may continue on
// lines indented more than `parentIndent` (block context only), quoted ones up to their closing
// quote, block scalars (| and >) over their indented lines. `quote` gets '\'', '"', '|', '>' or 0.
// `value` gets the one-line decoded value when the token is one line (else left empty).
bool scanScalar(const QByteArray &text, int offset, bool inFlow, int parentIndent, Span *token, char *quote,
                QString *value, Text *error);
// The key token at `offset` of a `key: value` entry (up to the key's end, before the ':').
Span keyToken(const QByteArray &text, int offset);
// The offset of the bracket closing the flow collection opened at `open` ('{' or '['), or -1.
int matchingBracket(const QByteArray &text, int open);
// The lines of a block entry whose key starts at `keyOffset`: from its line start to the end of
// its last more-indented line (trailing blank and comment lines excluded), line break included.
Span blockEntry(const QByteArray &text, int keyOffset);

// How `value` is written in place of a scalar quoted with `quote` (0 plain, '\'' or '"'), or as a
// new key or value: plain when that reads back as the same string, else single-quoted, else (line
// breaks, control and other non-printable characters) double-quoted with escapes.
QByteArray formatScalar(const QString &value, char quote, bool inFlow);
// Every way to write it that keeps its meaning, the preferred (formatScalar) first: a reader's
// quirk refusing one form leaves the others.
QList<QByteArray> scalarForms(const QString &value, char quote, bool inFlow);

} // namespace sp::yamltext
