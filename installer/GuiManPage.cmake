# cmake -DPROGRAM=<shardpilot> -DVERSION=<v> -DOUTPUT=<shardpilot.1> -P GuiManPage.cmake
# shardpilot(1) from the options `shardpilot --help` prints (offscreen: no display needed).
set(ENV{QT_QPA_PLATFORM} offscreen)
execute_process(COMMAND ${PROGRAM} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} --help failed: ${rc}")
endif()
string(REPLACE "Usage: ${PROGRAM}" "Usage: shardpilot" help "${help}")
string(REPLACE "\\" "\\e" help "${help}")
string(REPLACE "-" "\\-" help "${help}")
file(WRITE ${OUTPUT} ".\\\" Generated from 'shardpilot --help' at build time; do not edit.
.TH SHARDPILOT 1 \"\" \"ShardPilot ${VERSION}\" \"User Commands\"
.SH NAME
shardpilot \\- administration console for hash\\-sharded MySQL/MariaDB clusters
.SH SYNOPSIS
.B shardpilot
.RI [ options ]
.RI [ config ]
.SH DESCRIPTION
The ShardPilot console loads a sharding YAML (ShardingSphere native or Spring Boot form), shows the
topology, the spread of rows over the shards, routing, lint findings and expansion plans, and edits
and exports the configuration. Help > Copy diagnostics (or \\-\\-diagnostics) gives the versions and
paths in use for a bug report.
.PP
.nf
${help}
.fi
.SH SEE ALSO
.BR shardctl (1)
")
