# Locate ns-3 from the pinned PyPI wheel (ns3==3.44.post0) and repair its targets.
#
# The wheel ships a CMake package in site-packages/ns3/lib64/cmake/ns3.  Its imported
# targets (ns3::core, ns3::internet, ...) carry include directories and link entries from
# the machine that built the wheel (/usr/include/glib-2.0, /opt/python/..., an absolute
# /usr/lib64/libgsl.so).  The wheel's libraries find their own bundled dependencies through
# their RPATH ($ORIGIN), so every such entry that does not exist here is dropped.
#
# Inputs:  HYBRIDNET_PYTHON (default: <source>/.venv/bin/python), the interpreter whose
#          site-packages hold the wheel; or ns3_DIR set directly.
# Outputs: the repaired ns3:: targets, HYBRIDNET_NS3_PREFIX (the wheel's ns3/ folder),
#          HYBRIDNET_NS3_LIBDIR, HYBRIDNET_NS3_VERSION.
# SPDX-License-Identifier: GPL-2.0-only

set(HYBRIDNET_NS3_VERSION_PINNED 3.44)
set(HYBRIDNET_PYTHON "${CMAKE_SOURCE_DIR}/.venv/bin/python" CACHE FILEPATH
    "Python interpreter whose site-packages hold the ns3 wheel")

if(NOT ns3_DIR)
  if(NOT EXISTS "${HYBRIDNET_PYTHON}")
    message(FATAL_ERROR "HYBRIDNET_PYTHON=${HYBRIDNET_PYTHON} does not exist; run the "
                        "set-up command from README.md or pass -DHYBRIDNET_PYTHON=...")
  endif()
  # ns3 is a namespace package: importing it runs none of the wheel's loader.
  execute_process(
    COMMAND "${HYBRIDNET_PYTHON}" -c "import ns3; print(list(ns3.__path__)[0])"
    OUTPUT_VARIABLE _hn_ns3_pkg OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE _hn_rc ERROR_QUIET)
  if(NOT _hn_rc EQUAL 0 OR NOT EXISTS "${_hn_ns3_pkg}/lib64/cmake/ns3")
    message(FATAL_ERROR "the ns3 wheel is not installed for ${HYBRIDNET_PYTHON} "
                        "(pip install ns3==3.44.post0)")
  endif()
  set(ns3_DIR "${_hn_ns3_pkg}/lib64/cmake/ns3" CACHE PATH "ns-3 CMake package" FORCE)
endif()

find_package(ns3 ${HYBRIDNET_NS3_VERSION_PINNED} EXACT CONFIG REQUIRED)
get_filename_component(HYBRIDNET_NS3_PREFIX "${ns3_DIR}/../../.." ABSOLUTE)
set(HYBRIDNET_NS3_LIBDIR "${HYBRIDNET_NS3_PREFIX}/lib64")
set(HYBRIDNET_NS3_VERSION "${ns3_VERSION}")

# Repair every imported ns3:: target.
# Targets imported by find_package live in the calling directory's scope.
get_property(_hn_targets DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" PROPERTY IMPORTED_TARGETS)
foreach(_hn_t IN LISTS _hn_targets)
  if(NOT _hn_t MATCHES "^ns3::")
    continue()
  endif()
  get_target_property(_hn_inc ${_hn_t} INTERFACE_INCLUDE_DIRECTORIES)
  set(_hn_keep "")
  foreach(_hn_d IN LISTS _hn_inc)
    if(IS_DIRECTORY "${_hn_d}" AND NOT _hn_d MATCHES "^/usr(/local)?(/include)?$")
      list(APPEND _hn_keep "${_hn_d}")
    endif()
  endforeach()
  set_target_properties(${_hn_t} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_hn_keep}")

  get_target_property(_hn_link ${_hn_t} INTERFACE_LINK_LIBRARIES)
  set(_hn_keep "")
  foreach(_hn_l IN LISTS _hn_link)
    if(IS_ABSOLUTE "${_hn_l}" AND NOT EXISTS "${_hn_l}")
      continue()
    endif()
    list(APPEND _hn_keep "${_hn_l}")
  endforeach()
  set_target_properties(${_hn_t} PROPERTIES INTERFACE_LINK_LIBRARIES "${_hn_keep}")
endforeach()

set(CMAKE_BUILD_RPATH "${CMAKE_BINARY_DIR}/lib;${HYBRIDNET_NS3_LIBDIR}")
message(STATUS "ns-3 ${HYBRIDNET_NS3_VERSION} from ${HYBRIDNET_NS3_PREFIX}")
