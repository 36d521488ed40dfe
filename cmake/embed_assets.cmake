# The HTML report's assets, read into generated source at configure time (re-run when any of
# them changes): Chart.js from Debian's libjs-chart.js (scripts/setup.sh installs it; its
# license banner is part of the file and kept), the page's own script and style sheet.
find_file(VERSUS_CHARTJS chart.min.js PATHS /usr/share/javascript/chart.js NO_DEFAULT_PATH)
if(NOT VERSUS_CHARTJS)
  message(FATAL_ERROR "Chart.js not found (/usr/share/javascript/chart.js/chart.min.js): "
                      "run scripts/setup.sh (it installs Debian's libjs-chart.js)")
endif()
file(READ "${VERSUS_CHARTJS}" VERSUS_CHARTJS_TEXT)
string(REGEX MATCH "Chart\\.js v([0-9]+\\.[0-9]+\\.[0-9]+)" _banner "${VERSUS_CHARTJS_TEXT}")
if(NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "${VERSUS_CHARTJS}: no 'Chart.js vX.Y.Z' banner")
endif()
set(VERSUS_CHARTJS_VERSION "${CMAKE_MATCH_1}")
file(READ "${PROJECT_SOURCE_DIR}/src/report/html/report.js" VERSUS_REPORT_JS)
file(READ "${PROJECT_SOURCE_DIR}/src/report/html/report.css" VERSUS_REPORT_CSS)
foreach(_text VERSUS_CHARTJS_TEXT VERSUS_REPORT_JS VERSUS_REPORT_CSS)
  string(FIND "${${_text}}" ")versus_asset\"" _at)
  if(NOT _at EQUAL -1)
    message(FATAL_ERROR "an HTML asset contains the raw-string delimiter )versus_asset\"")
  endif()
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${VERSUS_CHARTJS}"
             "${PROJECT_SOURCE_DIR}/src/report/html/report.js"
             "${PROJECT_SOURCE_DIR}/src/report/html/report.css")
set(VERSUS_ASSETS_CPP "${PROJECT_BINARY_DIR}/generated/html_assets.cpp")
configure_file("${PROJECT_SOURCE_DIR}/src/report/html/html_assets.cpp.in" "${VERSUS_ASSETS_CPP}"
               @ONLY)
# One literal per asset, longer than the 64 KiB ISO C++ asks compilers to support (GCC and
# clang have no such limit).
set_source_files_properties("${VERSUS_ASSETS_CPP}" PROPERTIES COMPILE_OPTIONS
                            "-Wno-overlength-strings")
