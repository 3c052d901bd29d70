# hybridnet's version for result files: `git describe` of the source tree, refreshed on
# every build into <build>/generated/hybridnet/version-info.h (never into the source tree).
# SPDX-License-Identifier: GPL-2.0-only

set(HYBRIDNET_GENERATED_DIR "${CMAKE_BINARY_DIR}/generated")
add_custom_target(hybridnet-version-info
  COMMAND ${CMAKE_COMMAND}
          -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
          -DOUTPUT=${HYBRIDNET_GENERATED_DIR}/hybridnet/version-info.h
          -DFALLBACK=${PROJECT_VERSION}
          -DNS3_VERSION=${HYBRIDNET_NS3_VERSION}
          -P ${CMAKE_CURRENT_LIST_DIR}/write-version-info.cmake
  BYPRODUCTS ${HYBRIDNET_GENERATED_DIR}/hybridnet/version-info.h
  COMMENT "hybridnet version from git describe")
