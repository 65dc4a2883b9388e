# SPDX-License-Identifier: GPL-2.0-only
#
# ns3-wheel-fixup.cmake: makes the CMake package of an installed ns-3 usable when it names paths
# of the machine that built it, as the ns3 wheel from PyPI (ns3==3.44.post0) does.
#
# Why: the wheel's lib64/cmake/ns3/ns3Targets.cmake was generated on the wheel's build machine
# and copied as it was. `find_package(ns3 3.44)` succeeds, but every ns3:: target lists include
# directories of that machine (/usr/include/glib-2.0, /opt/python/cp311-cp311/include/python3.11,
# ...) in INTERFACE_INCLUDE_DIRECTORIES, and CMake stops at generation ("Imported target
# ns3::core includes non-existent path"); a few targets (stats, config-store, the gsl users)
# list libraries by absolute path (/usr/lib64/libgsl.so, /lib64/libsqlite3.so) that are not on
# this machine either, so that the link fails. The wheel's own libraries need neither: they
# carry their own copies of gsl and friends (lib64/lib*-<hash>.so, found through their RUNPATH).
#
# What: ns3_wheel_fixup() takes every imported target whose name starts with ns3:: in the
# calling directory and removes
#   - from INTERFACE_INCLUDE_DIRECTORIES, each directory that does not exist here;
#   - from INTERFACE_LINK_LIBRARIES, each absolute path that does not exist here.
# Nothing else is changed; on a sound ns-3 installation (an `ns3 install` of a source tree) every
# path exists and the call changes nothing, so it is always safe to call. It prints one line
# saying what it removed.
#
# Use, right after find_package:
#   find_package(ns3 3.44 REQUIRED)
#   include(cmake/ns3-wheel-fixup.cmake)
#   ns3_wheel_fixup()
# The project's installed package (netblt-ns3Config.cmake) carries a copy of this file and calls
# it for its users, so a program that finds ns3 and then netblt-ns3 needs nothing more.
include_guard(GLOBAL)

function(ns3_wheel_fixup)
  # Imported targets are visible only in the directory (and below) that found the package:
  # IMPORTED_TARGETS (CMake 3.21) of the calling directory lists them.
  get_directory_property(imported IMPORTED_TARGETS)
  set(dropped_includes 0)
  set(dropped_libraries 0)
  set(examples)
  foreach(target IN LISTS imported)
    if(NOT target MATCHES "^ns3::")
      continue()
    endif()
    get_target_property(includes ${target} INTERFACE_INCLUDE_DIRECTORIES)
    if(includes)
      set(kept)
      foreach(directory IN LISTS includes)
        # A generator expression is kept as it is: it is not a path of the building machine.
        if(directory MATCHES "^\\$<" OR EXISTS "${directory}")
          list(APPEND kept "${directory}")
        else()
          math(EXPR dropped_includes "${dropped_includes} + 1")
          list(APPEND examples "${directory}")
        endif()
      endforeach()
      set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${kept}")
    endif()
    get_target_property(libraries ${target} INTERFACE_LINK_LIBRARIES)
    if(libraries)
      set(kept)
      foreach(library IN LISTS libraries)
        if(IS_ABSOLUTE "${library}" AND NOT EXISTS "${library}")
          math(EXPR dropped_libraries "${dropped_libraries} + 1")
          list(APPEND examples "${library}")
        else()
          list(APPEND kept "${library}")
        endif()
      endforeach()
      set_target_properties(${target} PROPERTIES INTERFACE_LINK_LIBRARIES "${kept}")
    endif()
  endforeach()
  if(dropped_includes OR dropped_libraries)
    list(REMOVE_DUPLICATES examples)
    list(LENGTH examples count)
    if(count GREATER 4)
      list(SUBLIST examples 0 4 examples)
      list(APPEND examples "...")
    endif()
    list(JOIN examples ", " shown)
    message(
      STATUS
        "ns3-wheel-fixup: removed ${dropped_includes} non-existent include directories and "
        "${dropped_libraries} non-existent libraries from the ns3:: targets (${shown})"
    )
  endif()
endfunction()
