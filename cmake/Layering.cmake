# The link half of the layering check (docs/layering.md): writes every target's direct link items, one edge a
# line, for tests/layering/layering.sh:
#   target <TAB> its source folder <TAB> link item <TAB> the item's source folder, or - when not an in-tree target
# Folders are relative to the project root. Call once at the end of the top-level CMakeLists.txt, when every
# target and every target_link_libraries exists.

# Appends the targets of dir and of its subdirectories to the list named out.
function(_poolcheck_layering_targets dir out)
  get_property(found DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _poolcheck_layering_targets(${sub} below)
    list(APPEND found ${below})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

# Sets out to the source folder of target (relative to the project root), or - for an imported target or a
# plain library name.
function(_poolcheck_layering_folder target out)
  set(folder -)
  if(TARGET ${target})
    get_target_property(imported ${target} IMPORTED)
    if(NOT imported)
      get_target_property(dir ${target} SOURCE_DIR)
      file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR} ${dir})
    endif()
  endif()
  set(${out} ${folder} PARENT_SCOPE)
endfunction()

function(poolcheck_write_link_edges output)
  _poolcheck_layering_targets(${PROJECT_SOURCE_DIR} targets)
  set(lines "")
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(items ${target} INTERFACE_LINK_LIBRARIES)
    else()
      get_target_property(items ${target} LINK_LIBRARIES)
    endif()
    if(NOT items)
      continue()
    endif()
    _poolcheck_layering_folder(${target} folder)
    foreach(item IN LISTS items)
      # $<LINK_ONLY:x> and the like: the edge is still x.
      string(REGEX REPLACE "^\\$<[A-Z_]+:(.*)>$" "\\1" item "${item}")
      if(TARGET ${item})
        get_target_property(aliased ${item} ALIASED_TARGET)
        if(aliased)
          set(item ${aliased})
        endif()
      endif()
      _poolcheck_layering_folder(${item} item_folder)
      string(APPEND lines "${target}\t${folder}\t${item}\t${item_folder}\n")
    endforeach()
  endforeach()
  # Written only when it changes, so a re-configure does not touch it.
  file(CONFIGURE OUTPUT ${output} CONTENT "${lines}" @ONLY)
endfunction()
