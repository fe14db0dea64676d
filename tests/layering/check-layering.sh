#!/usr/bin/env bash
# unit.layering: every core part includes headers only of the parts it declares in
# core/CMakeLists.txt (shardpilot_core_part(<part> DEPENDS <parts...>)), core never includes Qt
# Widgets/GUI headers, and ui never holds SQL text. Usage: check-layering.sh SOURCE_DIR
set -uo pipefail
src=${1:?usage: check-layering.sh SOURCE_DIR}
cmake_file=$src/core/CMakeLists.txt
failures=0

declare -A deps
while read -r part rest; do
    deps[$part]=" $rest "
done < <(sed -n 's/^shardpilot_core_part(\(.*\))$/\1/p' "$cmake_file" | sed 's/ LIBS .*//; s/ DEPENDS / /')
[ ${#deps[@]} -gt 0 ] || { echo "FAIL: no shardpilot_core_part(...) declarations in $cmake_file"; exit 1; }

for dir in "$src"/core/*/; do
    part=$(basename "$dir")
    if [ -z "${deps[$part]+x}" ]; then
        echo "FAIL: core/$part has no shardpilot_core_part($part ...) declaration"
        failures=$((failures + 1))
        continue
    fi
    # Each declared part must be used: a part links only what it uses.
    used=" $(grep -hoE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"core/[a-z]+/' "$dir"*.h "$dir"*.cpp 2>/dev/null |
        sed 's|.*"core/||; s|/||' | sort -u | tr '\n' ' ')"
    if [ "$(ls "$dir"*.cpp 2>/dev/null | wc -l)" -gt 0 ]; then
        for d in ${deps[$part]}; do
            case "$used" in
            *" $d "*) ;;
            *)
                echo "FAIL: core/$part declares core/$d but includes none of its headers"
                failures=$((failures + 1))
                ;;
            esac
        done
    fi
    while IFS=: read -r file line inc; do
        other=$(sed -n 's|.*#include "core/\([a-z]*\)/.*|\1|p' <<<"$inc")
        [ -n "$other" ] && [ "$other" != "$part" ] || continue
        case "${deps[$part]}" in
        *" $other "*) ;;
        *)
            echo "FAIL: ${file#"$src"/}:$line includes core/$other/ but core/$part declares only:${deps[$part]}"
            failures=$((failures + 1))
            ;;
        esac
    done < <(grep -HnE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"core/' "$dir"*.h "$dir"*.cpp 2>/dev/null)
done

# core has no widgets.
while IFS= read -r hit; do
    echo "FAIL: ${hit#"$src"/} (core must not use Qt GUI or Widgets)"
    failures=$((failures + 1))
done < <(grep -HnE '#[[:space:]]*include[[:space:]]+<(QtWidgets|QtGui|QWidget|QApplication|QGuiApplication|QPainter|QColor|QImage|QPixmap)' "$src"/core/*/*.h "$src"/core/*/*.cpp 2>/dev/null)

# ui holds no SQL text (statements live in core).
while IFS= read -r hit; do
    echo "FAIL: ${hit#"$src"/} (SQL in ui/: move it to core)"
    failures=$((failures + 1))
done < <(grep -HnE '"[[:space:]]*(SELECT|INSERT INTO|UPDATE [`a-zA-Z_]+ SET|DELETE FROM|CREATE TABLE|DROP TABLE|ALTER TABLE|SHOW (SLAVE|REPLICA|GLOBAL|TABLES))[[:space:]]' "$src"/ui --include='*.cpp' --include='*.h' -r 2>/dev/null)

if [ $failures -eq 0 ]; then
    echo "OK: ${#deps[@]} core parts include only what they declare; core has no widgets; ui has no SQL"
    exit 0
fi
echo "$failures layering violation(s)"
exit 1
