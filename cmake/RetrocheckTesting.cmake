# retrocheck_gtest(NAME [SLOW] SOURCES... LIBS... [ENV...]) builds one GoogleTest program and
# registers it with ctest as NAME, which runs every test except those whose suite or name starts
# with "Slow" (the default tier). With SLOW it also registers NAME_slow, which runs only those,
# under the ctest label `slow`.
function(retrocheck_gtest name)
  cmake_parse_arguments(T "SLOW" "" "SOURCES;LIBS;ENV" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest retrocheck_warnings)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  add_test(NAME ${name} COMMAND ${name} --gtest_filter=-Slow*:*.Slow*)
  set(env "RETROCHECK_THIRDPARTY_DEFAULT=${RETROCHECK_THIRDPARTY_DEFAULT}" ${T_ENV})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}")
  if(T_SLOW)
    add_test(NAME ${name}_slow COMMAND ${name} --gtest_filter=Slow*:*.Slow*)
    set_tests_properties(${name}_slow PROPERTIES LABELS slow ENVIRONMENT "${env}")
  endif()
endfunction()
