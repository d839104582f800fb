# Warnings are errors for project code; third-party headers are included as SYSTEM.
function(lockstep_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
    -Wcast-align -Wunused -Woverloaded-virtual -Wconversion -Wsign-conversion
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    -Werror)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12 reports impossible overlaps in inlined std::string copies at -O3
    # (GCC bug 105329, a false positive inside libstdc++). -Wnull-dereference
    # is left out for the same reason (false positives in inlined streambuf).
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()
