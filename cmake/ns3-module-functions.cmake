# SPDX-License-Identifier: GPL-2.0-only
#
# ns3-module-functions.cmake: ns-3's build_lib() and build_lib_example() for building ns-3
# modules outside an ns-3 source tree, against an installed ns-3 (find_package(ns3)).
#
# Why: a module of ns-3's layout describes itself in src/<module>/CMakeLists.txt by calling
# build_lib(...) and, in examples/CMakeLists.txt, build_lib_example(...). Those functions live in
# ns-3's source tree (build-support/custom-modules/ns3-module-macros.cmake) and are not part of
# an installed ns-3's CMake package. This file provides them with ns-3.44's keyword signatures,
# so that the same module CMakeLists.txt files build unchanged in an ns-3 tree's contrib/ and
# here (the top-level CMakeLists.txt of this repository).
#
#   build_lib(
#     LIBNAME <name>                      # the module; its target is <name>
#     SOURCE_FILES <.cc files>
#     HEADER_FILES <public .h files>      # included as "ns3/<file>.h"
#     LIBRARIES_TO_LINK <libraries>       # ${libcore}, ${libnetwork}, ${lib<project module>}...
#     TEST_SOURCES <.cc files>            # the module's TestSuites
#     [DEPRECATED_HEADER_FILES <.h>] [PRIVATE_HEADER_FILES <.h>]
#     [MODULE_ENABLED_FEATURES <...>] [IGNORE_PCH] [GENERATE_EXPORT_HEADER])
#   build_lib_example(
#     NAME <program> SOURCE_FILES <.cc> [HEADER_FILES <.h>] [LIBRARIES_TO_LINK <libraries>]
#     [IGNORE_PCH])
#
# They do what ns-3.44's do, as far as a module sees it:
#   - build_lib makes the shared library <name> (alias <NS3_MODULE_NAMESPACE><name>), linked
#     PUBLIC to LIBRARIES_TO_LINK and with every symbol resolved (-Wl,--no-undefined: a library
#     left out of LIBRARIES_TO_LINK fails the link, as it would in a static ns-3 build);
#     exposes each header as <build>/include/ns3/<file>.h (a one-line stub that includes the
#     source file, as ns-3 does) and writes <build>/include/ns3/<name>-module.h; builds
#     TEST_SOURCES into the shared library <name>-test, linked (with the plain signature, as
#     ns-3 does) to <name> and LIBRARIES_TO_LINK, with NS_TEST_SOURCEDIR defined; adds the
#     module's examples/ (or example/) folder when it has a CMakeLists.txt; and installs the
#     library and its headers (include/ns3) into the export set NS3_MODULE_EXPORT_SET.
#   - build_lib_example makes the program NAME linked to the enclosing module and to
#     LIBRARIES_TO_LINK.
# What they leave out: precompiled headers and IGNORE_PCH, export headers for Windows
# (GENERATE_EXPORT_HEADER), MODULE_ENABLED_FEATURES, the filtering of examples and tests by
# module, Python examples, ns-3's build-profile suffix in file names.
#
# Variables the including project sets (before the first build_lib):
#   lib<module>                 for every module LIBRARIES_TO_LINK may name: the target to link.
#                               ns3_declare_stock_modules() sets one for every imported ns3::
#                               target (libcore -> ns3::core); the project sets its own
#                               (libnetblt -> netblt), as ns-3 does for contrib/ modules.
#   ENABLE_TESTS, ENABLE_EXAMPLES   build the test libraries, the examples (ns-3's names).
#   NS3_MODULE_LIBRARY_PREFIX   file name prefix of the libraries: lib<prefix><name>.so
#                               (ns-3 itself names them libns3.44-<name>-<profile>.so).
#   NS3_MODULE_NAMESPACE        prefix of the alias targets, e.g. "netblt::".
#   NS3_MODULE_EXPORT_SET       the install(EXPORT) set the libraries join.
#   CMAKE_LIBRARY_OUTPUT_DIRECTORY, CMAKE_RUNTIME_OUTPUT_DIRECTORY   where libraries and
#                               programs go; test libraries go to
#                               ${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/tests.
# What the functions record (global properties), for the project to use after the modules:
#   NS3_TEST_LIBRARIES   every <name>-test target (the test runner links them all).
#   NS3_EXAMPLE_TARGETS  every example program.
include_guard(GLOBAL)
include(GNUInstallDirs)

# The public headers' folder, as ns-3 names it: code includes "ns3/<header>.h".
set(CMAKE_HEADER_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/include/ns3)
file(MAKE_DIRECTORY ${CMAKE_HEADER_OUTPUT_DIRECTORY})

# Sets lib<module> to ns3::<module> for every imported ns3:: target of the calling directory,
# as ns-3 sets libcore, libnetwork... in its tree.
macro(ns3_declare_stock_modules)
  get_directory_property(_ns3_imported IMPORTED_TARGETS)
  foreach(_ns3_target IN LISTS _ns3_imported)
    if(_ns3_target MATCHES "^ns3::(.+)$")
      set(lib${CMAKE_MATCH_1} ${_ns3_target})
    endif()
  endforeach()
  unset(_ns3_imported)
  unset(_ns3_target)
endmacro()

# Writes a file only when its content changes, so that what includes it is not rebuilt on every
# configure.
function(_ns3_write_if_changed path content)
  if(EXISTS "${path}")
    file(READ "${path}" old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${content}")
endfunction()

# Every header of the list as <build>/include/ns3/<file>.h, a stub including the real file (as
# ns-3's copy_headers_before_building_lib does), so that the module's own folder layout stays.
function(_ns3_expose_headers headers)
  foreach(header IN LISTS headers)
    get_filename_component(absolute "${header}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    get_filename_component(name "${header}" NAME)
    _ns3_write_if_changed(
      ${CMAKE_HEADER_OUTPUT_DIRECTORY}/${name} "#include \"${absolute}\"\n"
    )
  endforeach()
endfunction()

# <build>/include/ns3/<name>-module.h: every public header of the module, for programs (ns-3's
# write_module_header, same content).
function(_ns3_write_module_header name headers)
  string(TOUPPER "${name}" upper)
  string(REPLACE "-" "_" guard "${upper}")
  set(content "#ifdef NS3_MODULE_COMPILATION \n")
  string(
    APPEND
    content
    "    error \"Do not include ns3 module aggregator headers from other modules; "
    "these are meant only for end user scripts.\" \n#endif \n#ifndef NS3_MODULE_${guard}\n"
    "    // Module headers: \n"
  )
  foreach(header IN LISTS headers)
    get_filename_component(file "${header}" NAME)
    string(APPEND content "    #include <ns3/${file}>\n")
  endforeach()
  string(APPEND content "#endif \n")
  _ns3_write_if_changed(${CMAKE_HEADER_OUTPUT_DIRECTORY}/${name}-module.h "${content}")
endfunction()

function(build_lib)
  set(options IGNORE_PCH GENERATE_EXPORT_HEADER)
  set(oneValueArgs LIBNAME)
  set(multiValueArgs
      SOURCE_FILES
      HEADER_FILES
      LIBRARIES_TO_LINK
      TEST_SOURCES
      DEPRECATED_HEADER_FILES
      MODULE_ENABLED_FEATURES
      PRIVATE_HEADER_FILES
  )
  cmake_parse_arguments(
    "BLIB" "${options}" "${oneValueArgs}" "${multiValueArgs}" ${ARGN}
  )
  # ns-3 ignores what it does not parse; here a misspelt keyword stops the configuration
  # rather than silently dropping a list.
  if(BLIB_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "build_lib(${BLIB_LIBNAME}): unknown arguments ${BLIB_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT BLIB_LIBNAME)
    message(FATAL_ERROR "build_lib: LIBNAME is required")
  endif()
  # The path of the module as ns-3 gives it (src/<module>), for NS_TEST_SOURCEDIR.
  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})

  # The target is lib<module>, as ns-3 names its modules' (so a module and a program of the
  # same name, such as netblt-soak's, do not clash); the file is libnetbltsim-<module>.so and
  # the installed target netblt::<module>.
  set(library lib${BLIB_LIBNAME})
  add_library(${library} SHARED ${BLIB_SOURCE_FILES})
  add_library(${NS3_MODULE_NAMESPACE}${BLIB_LIBNAME} ALIAS ${library})
  set(public_headers ${BLIB_HEADER_FILES} ${BLIB_DEPRECATED_HEADER_FILES}
                     ${CMAKE_HEADER_OUTPUT_DIRECTORY}/${BLIB_LIBNAME}-module.h
  )
  set_target_properties(
    ${library}
    PROPERTIES OUTPUT_NAME ${NS3_MODULE_LIBRARY_PREFIX}${BLIB_LIBNAME}
               EXPORT_NAME ${BLIB_LIBNAME}
               PUBLIC_HEADER "${public_headers}"
               PRIVATE_HEADER "${BLIB_PRIVATE_HEADER_FILES}"
  )
  # ns-3 links its modules to each other publicly: a module's users get its dependencies.
  target_link_libraries(${library} PUBLIC ${BLIB_LIBRARIES_TO_LINK})
  target_link_options(${library} PRIVATE -Wl,--no-undefined)
  target_include_directories(
    ${library} PUBLIC $<BUILD_INTERFACE:${CMAKE_BINARY_DIR}/include>
                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  )
  set(all_headers ${BLIB_HEADER_FILES} ${BLIB_DEPRECATED_HEADER_FILES}
                  ${BLIB_PRIVATE_HEADER_FILES}
  )
  _ns3_expose_headers("${all_headers}")
  _ns3_write_module_header(${BLIB_LIBNAME} "${BLIB_HEADER_FILES}")

  if(ENABLE_TESTS AND BLIB_TEST_SOURCES)
    set(test_library ${library}-test)
    add_library(${test_library} SHARED ${BLIB_TEST_SOURCES})
    # The plain signature, as ns-3.44's build_lib_tests: a module's CMakeLists.txt that adds to
    # its test library must use the plain signature too, or CMake refuses in ns-3's tree.
    target_link_libraries(${test_library} ${library} ${BLIB_LIBRARIES_TO_LINK})
    target_link_options(${test_library} PRIVATE -Wl,--no-undefined)
    target_compile_definitions(${test_library} PRIVATE NS_TEST_SOURCEDIR="${folder}/test")
    set_target_properties(
      ${test_library}
      PROPERTIES OUTPUT_NAME ${NS3_MODULE_LIBRARY_PREFIX}${BLIB_LIBNAME}-test
                 LIBRARY_OUTPUT_DIRECTORY ${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/tests
    )
    set_property(GLOBAL APPEND PROPERTY NS3_TEST_LIBRARIES ${test_library})
  endif()

  if(ENABLE_EXAMPLES)
    foreach(examples_folder example examples)
      if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${examples_folder}/CMakeLists.txt)
        # Called from this function, the folder sees BLIB_LIBNAME: build_lib_example links it.
        add_subdirectory(${examples_folder})
      endif()
    endforeach()
  endif()

  install(
    TARGETS ${library}
    EXPORT ${NS3_MODULE_EXPORT_SET}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ns3
    PRIVATE_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ns3
  )
endfunction()

function(build_lib_example)
  set(options IGNORE_PCH)
  set(oneValueArgs NAME)
  set(multiValueArgs SOURCE_FILES HEADER_FILES LIBRARIES_TO_LINK)
  cmake_parse_arguments(
    "BLIB_EXAMPLE" "${options}" "${oneValueArgs}" "${multiValueArgs}" ${ARGN}
  )
  if(BLIB_EXAMPLE_UNPARSED_ARGUMENTS)
    message(
      FATAL_ERROR
        "build_lib_example(${BLIB_EXAMPLE_NAME}): unknown arguments "
        "${BLIB_EXAMPLE_UNPARSED_ARGUMENTS}"
    )
  endif()
  if(NOT BLIB_LIBNAME)
    message(FATAL_ERROR "build_lib_example(${BLIB_EXAMPLE_NAME}) outside a module's build_lib")
  endif()
  add_executable(
    ${BLIB_EXAMPLE_NAME} ${BLIB_EXAMPLE_SOURCE_FILES} ${BLIB_EXAMPLE_HEADER_FILES}
  )
  # As in ns-3, an example is linked to its module as well as to what it lists.
  target_link_libraries(
    ${BLIB_EXAMPLE_NAME} PRIVATE lib${BLIB_LIBNAME} ${BLIB_EXAMPLE_LIBRARIES_TO_LINK}
  )
  set_property(GLOBAL APPEND PROPERTY NS3_EXAMPLE_TARGETS ${BLIB_EXAMPLE_NAME})
endfunction()
