# Compile definitions every ShardPilot target shares (see STYLE.md, "Small habits").
function(shardpilot_defaults target)
    target_compile_definitions(${target} PRIVATE
        QT_NO_CAST_FROM_ASCII QT_USE_QSTRINGBUILDER QT_NO_FOREACH QT_NO_URL_CAST_FROM_STRING
        QT_NO_NARROWING_CONVERSIONS_IN_CONNECT)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()

# Registers one QtTest executable per tests/<label>/tst_*.cpp file.
# The test is named <label>.<name> and carries the CTest label <label>.
function(shardpilot_add_qtest label source)
    get_filename_component(stem ${source} NAME_WE)
    string(REGEX REPLACE "^tst_" "" name ${stem})
    set(target tst_${label}_${name})
    add_executable(${target} ${source} ${ARGN})
    shardpilot_defaults(${target})
    target_link_libraries(${target} PRIVATE shardtestsupport shardcore Qt6::Test)
    # gui tests, and integration tests named tst_gui_*.cpp (console against a live sandbox), link the UI.
    if(label STREQUAL "gui" OR stem MATCHES "^tst_gui_")
        target_link_libraries(${target} PRIVATE shardui)
    endif()
    add_test(NAME ${label}.${name} COMMAND ${target})
    set(env "QT_QPA_PLATFORM=offscreen")
    set_tests_properties(${label}.${name} PROPERTIES LABELS ${label} ENVIRONMENT "${env}")
    if(label STREQUAL "integration")
        set_tests_properties(${label}.${name} PROPERTIES TIMEOUT 900 RESOURCE_LOCK mariadb_ports)
    else()
        set_tests_properties(${label}.${name} PROPERTIES TIMEOUT 300)
    endif()
endfunction()
