# Building blocks for hybridnet's libraries, programs and the Python manifest.
#
# Two layers of libraries: model modules (model/<name>/) and, above them, the testbed
# (scenarios/testbed/) that scenarios are composed from.  A model module never links the
# testbed; scenarios, examples and benchmarks link both.
#
# hybridnet_add_module(<name> SOURCES ... HEADERS ... [LIBRARIES ...]
#                      [TEST_SOURCES ...] [TEST_LIBRARIES ...])
#   One model module = one shared library, hybridnet-<name>.  HEADERS (relative to the
#   module folder) are staged flat into <build>/include/hybridnet/, so users write
#   #include "hybridnet/<file>.h".  TEST_SOURCES become hybridnet-<name>-test, a library
#   that the single test runner loads.  LIBRARIES are ns3:: targets or other modules (not
#   hybridnet-testbed: configuring stops with an error); TEST_LIBRARIES are what the tests
#   need beyond them.
#
# hybridnet_add_testbed(SOURCES ... HEADERS ... [LIBRARIES ...] [TEST_SOURCES ...]
#                       [TEST_LIBRARIES ...])
#   The testbed library, hybridnet-testbed, built like a module (staged headers, a test
#   library) in the testbed layer.
#
# hybridnet_add_program(<name> SOURCES ... [LIBRARIES ...] [SYSTEM_ALLOCATOR])
#   An executable (scenario, example, benchmark) linked against every library so far.
#   They are linked "no-as-needed", so a class can be created by TypeId name (from a flag
#   or from Python) even when no code in the program refers to it.  Programs allocate
#   through mimalloc (hybridnet_use_allocator); with SYSTEM_ALLOCATOR through glibc's
#   malloc (the benchmark that measures the difference).
#
# hybridnet_add_scenario(<name> SOURCES ... [LIBRARIES ...] [TEST])
#   A program under scenarios/: what `hybridnet list` and `hybridnet run` know.  With TEST,
#   a scenario that exists for hybridnet's own tests: runnable by name (sweeps, runner) but
#   not listed.
#
# hybridnet_add_test_runner()
#   build/bin/hybridnet-test-runner (ns-3's TestRunner) linked with every test library, and
#   one CTest per TestSuite, discovered from it after each link.  Call it last.
#
# hybridnet_write_python_manifest()
#   <build>/hybridnet-manifest.json: what python/hybridnet's loader needs to load our
#   libraries and headers and the ns-3 modules below them through cppyy, and each
#   library's layer and direct dependencies (docs/architecture.md is generated from them).
# SPDX-License-Identifier: GPL-2.0-only

set(HYBRIDNET_INCLUDE_DIR "${CMAKE_BINARY_DIR}/include")

# Link feature: keep a shared library as NEEDED even if no symbol of it is referenced.
set(CMAKE_LINK_LIBRARY_USING_NO_AS_NEEDED
    "LINKER:--push-state,--no-as-needed" "<LINK_ITEM>" "LINKER:--pop-state")
set(CMAKE_LINK_LIBRARY_USING_NO_AS_NEEDED_SUPPORTED TRUE)

set_property(GLOBAL PROPERTY HYBRIDNET_MODULES "")
set_property(GLOBAL PROPERTY HYBRIDNET_TEST_LIBRARIES "")
set_property(GLOBAL PROPERTY HYBRIDNET_SCENARIOS "")

function(_hybridnet_add_library name layer)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "SOURCES;HEADERS;LIBRARIES;TEST_SOURCES;TEST_LIBRARIES")
  set(lib hybridnet-${name})
  add_library(${lib} SHARED ${arg_SOURCES})
  target_include_directories(${lib} PUBLIC ${HYBRIDNET_INCLUDE_DIR} ${HYBRIDNET_GENERATED_DIR})
  # Other hybridnet libraries are linked the way programs link them (no-as-needed), so the
  # two link features never meet on one item.
  foreach(dependency IN LISTS arg_LIBRARIES)
    if(dependency MATCHES "^hybridnet-")
      target_link_libraries(${lib} PUBLIC "$<LINK_LIBRARY:NO_AS_NEEDED,${dependency}>")
    else()
      target_link_libraries(${lib} PUBLIC ${dependency})
    endif()
  endforeach()
  target_compile_options(${lib} PRIVATE -Wall -Wextra)
  add_dependencies(${lib} hybridnet-version-info)
  foreach(header IN LISTS arg_HEADERS)
    get_filename_component(base "${header}" NAME)
    configure_file(${header} ${HYBRIDNET_INCLUDE_DIR}/hybridnet/${base} COPYONLY)
  endforeach()
  set_property(GLOBAL APPEND PROPERTY HYBRIDNET_MODULES ${name})
  set_property(GLOBAL PROPERTY HYBRIDNET_MODULE_${name}_LIBRARIES ${arg_LIBRARIES})
  set_property(GLOBAL PROPERTY HYBRIDNET_MODULE_${name}_LAYER ${layer})
  if(arg_TEST_SOURCES)
    add_library(${lib}-test SHARED ${arg_TEST_SOURCES})
    target_link_libraries(${lib}-test PUBLIC "$<LINK_LIBRARY:NO_AS_NEEDED,${lib}>")
    foreach(dependency IN LISTS arg_TEST_LIBRARIES)
      if(dependency MATCHES "^hybridnet-")
        target_link_libraries(${lib}-test PUBLIC "$<LINK_LIBRARY:NO_AS_NEEDED,${dependency}>")
      else()
        target_link_libraries(${lib}-test PUBLIC ${dependency})
      endif()
    endforeach()
    target_compile_options(${lib}-test PRIVATE -Wall -Wextra)
    # what every module's tests share (SimulatorCleanup)
    target_include_directories(${lib}-test PRIVATE ${PROJECT_SOURCE_DIR}/model/test-support)
    set_property(GLOBAL APPEND PROPERTY HYBRIDNET_TEST_LIBRARIES ${lib}-test)
  endif()
endfunction()

function(hybridnet_add_module name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;HEADERS;LIBRARIES;TEST_SOURCES;TEST_LIBRARIES")
  foreach(dependency IN LISTS arg_LIBRARIES arg_TEST_LIBRARIES)
    if(dependency STREQUAL "hybridnet-testbed")
      message(FATAL_ERROR "model module ${name} links hybridnet-testbed: the testbed sits "
                          "above the model modules (docs/architecture.md)")
    endif()
  endforeach()
  _hybridnet_add_library(${name} model ${ARGN})
endfunction()

function(hybridnet_add_testbed)
  _hybridnet_add_library(testbed testbed ${ARGN})
endfunction()

# hybridnet_use_allocator(<target>)
#   The executable's malloc, free and delete become mimalloc's (Debian libmimalloc-dev,
#   pinned in python/bootstrap.py): the shared library is a direct dependency of the
#   program, so its symbols come before libc's in the dynamic linker's search order.  Its
#   operator new takes that malloc's memory and throws std::bad_alloc at exhaustion
#   (model/allocator-new.cc; mimalloc's own aborts).  ns-3
#   allocates a Packet, its Buffer, an EventImpl and a Callback per hop and event; the
#   benchmark `allocator` (bench/README.md) gives what it saves.  Results do not depend on
#   it: nothing in ns-3 or hybridnet orders by address.
function(hybridnet_use_allocator target)
  target_link_libraries(${target} PRIVATE "$<LINK_LIBRARY:NO_AS_NEEDED,mimalloc>")
  # operator new with the C++ rule at exhaustion (std::bad_alloc), see the file
  target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/model/allocator-new.cc)
endfunction()

function(hybridnet_add_program name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "SYSTEM_ALLOCATOR" "" "SOURCES;LIBRARIES")
  add_executable(${name} ${arg_SOURCES})
  if(NOT arg_SYSTEM_ALLOCATOR)
    hybridnet_use_allocator(${name})
  endif()
  get_property(modules GLOBAL PROPERTY HYBRIDNET_MODULES)
  foreach(module IN LISTS modules)
    target_link_libraries(${name} PRIVATE "$<LINK_LIBRARY:NO_AS_NEEDED,hybridnet-${module}>")
  endforeach()
  target_link_libraries(${name} PRIVATE ${arg_LIBRARIES})
  target_compile_options(${name} PRIVATE -Wall -Wextra)
endfunction()

function(hybridnet_add_scenario name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "TEST" "" "SOURCES;LIBRARIES")
  hybridnet_add_program(${name} SOURCES ${arg_SOURCES} LIBRARIES ${arg_LIBRARIES})
  if(arg_TEST)
    set_property(GLOBAL APPEND PROPERTY HYBRIDNET_TEST_SCENARIOS ${name})
  else()
    set_property(GLOBAL APPEND PROPERTY HYBRIDNET_SCENARIOS ${name})
  endif()
endfunction()

function(hybridnet_add_test_runner)
  add_executable(hybridnet-test-runner ${PROJECT_SOURCE_DIR}/model/test-runner.cc)
  hybridnet_use_allocator(hybridnet-test-runner)
  target_link_libraries(hybridnet-test-runner PRIVATE ns3::core)
  get_property(test_libraries GLOBAL PROPERTY HYBRIDNET_TEST_LIBRARIES)
  foreach(test_library IN LISTS test_libraries)
    target_link_libraries(hybridnet-test-runner PRIVATE
                          "$<LINK_LIBRARY:NO_AS_NEEDED,${test_library}>")
  endforeach()
  # CTest gets one test per TestSuite, discovered from the built runner (like
  # gtest_discover_tests): labels are the suite's ns-3 type (unit, system) plus `quick`.
  set(suites_file ${CMAKE_BINARY_DIR}/ctest-test-suites.cmake)
  add_custom_command(TARGET hybridnet-test-runner POST_BUILD
    COMMAND ${CMAKE_COMMAND}
            -DRUNNER=$<TARGET_FILE:hybridnet-test-runner>
            -DOUTPUT=${suites_file}
            -DTEMPDIR=${CMAKE_BINARY_DIR}/test-output
            -P ${PROJECT_SOURCE_DIR}/cmake/discover-test-suites.cmake
    BYPRODUCTS ${suites_file}
    VERBATIM)
  set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY TEST_INCLUDE_FILES ${suites_file})
endfunction()

# A JSON array of the strings in a list.
function(_hybridnet_json_array out)
  set(items ${ARGN})
  list(TRANSFORM items PREPEND "\"")
  list(TRANSFORM items APPEND "\"")
  list(JOIN items ", " items)
  set(${out} "[${items}]" PARENT_SCOPE)
endfunction()

# The ns-3 modules a list of targets needs, transitively (names without the ns3:: prefix).
function(_hybridnet_ns3_closure out)
  set(todo ${ARGN})
  set(done "")
  while(todo)
    list(POP_FRONT todo t)
    if(NOT t MATCHES "^ns3::" OR t IN_LIST done)
      continue()
    endif()
    list(APPEND done ${t})
    get_target_property(deps ${t} INTERFACE_LINK_LIBRARIES)
    foreach(d IN LISTS deps)
      if(d MATCHES "^ns3::")
        list(APPEND todo ${d})
      endif()
    endforeach()
  endwhile()
  list(TRANSFORM done REPLACE "^ns3::" "")
  set(${out} ${done} PARENT_SCOPE)
endfunction()

function(hybridnet_write_python_manifest)
  get_property(modules GLOBAL PROPERTY HYBRIDNET_MODULES)
  set(ns3_direct "")
  set(entries "")
  foreach(module IN LISTS modules)
    get_property(libs GLOBAL PROPERTY HYBRIDNET_MODULE_${module}_LIBRARIES)
    list(APPEND ns3_direct ${libs})
    get_property(layer GLOBAL PROPERTY HYBRIDNET_MODULE_${module}_LAYER)
    _hybridnet_json_array(links ${libs})
    list(APPEND entries "    {\"name\": \"${module}\", \"layer\": \"${layer}\", \"links\": ${links}, \"library\": \"$<TARGET_FILE:hybridnet-${module}>\", \"header\": \"hybridnet/${module}-module.h\"}")
  endforeach()
  _hybridnet_ns3_closure(ns3_modules ${ns3_direct})
  list(JOIN entries ",\n" entries)
  list(TRANSFORM ns3_modules PREPEND "\"")
  list(TRANSFORM ns3_modules APPEND "\"")
  list(JOIN ns3_modules ", " ns3_modules)
  get_property(scenarios GLOBAL PROPERTY HYBRIDNET_SCENARIOS)
  _hybridnet_json_array(scenarios ${scenarios})
  get_property(test_scenarios GLOBAL PROPERTY HYBRIDNET_TEST_SCENARIOS)
  _hybridnet_json_array(test_scenarios ${test_scenarios})
  get_target_property(defs ns3::core INTERFACE_COMPILE_DEFINITIONS)
  list(FILTER defs EXCLUDE REGEX "^PROJECT_SOURCE_PATH")
  list(TRANSFORM defs PREPEND "\"")
  list(TRANSFORM defs APPEND "\"")
  list(JOIN defs ", " defs)
  file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/hybridnet-manifest.json CONTENT
"{
  \"ns3_version\": \"${HYBRIDNET_NS3_VERSION}\",
  \"ns3_prefix\": \"${HYBRIDNET_NS3_PREFIX}\",
  \"ns3_modules\": [${ns3_modules}],
  \"compile_definitions\": [${defs}],
  \"include_dirs\": [\"${HYBRIDNET_INCLUDE_DIR}\", \"${HYBRIDNET_GENERATED_DIR}\"],
  \"bin_dir\": \"${CMAKE_RUNTIME_OUTPUT_DIRECTORY}\",
  \"scenarios\": ${scenarios},
  \"test_scenarios\": ${test_scenarios},
  \"modules\": [
${entries}
  ]
}
")
endfunction()
