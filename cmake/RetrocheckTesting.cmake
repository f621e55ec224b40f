# retrocheck_gtest(NAME SOURCES... LIBS... [ENV...]) builds one GoogleTest program and registers
# it with ctest twice: NAME runs every test except those whose suite or name starts with "Slow"
# (the default tier); NAME_slow runs only those, under the ctest label `slow`.
function(retrocheck_gtest name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;ENV" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest retrocheck_warnings)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  add_test(NAME ${name} COMMAND ${name} --gtest_filter=-Slow*:*.Slow*)
  add_test(NAME ${name}_slow COMMAND ${name} --gtest_filter=Slow*:*.Slow*)
  set_tests_properties(${name}_slow PROPERTIES LABELS slow)
  set(env "RETROCHECK_THIRDPARTY_DEFAULT=${RETROCHECK_THIRDPARTY_DEFAULT}" ${T_ENV})
  set_tests_properties(${name} ${name}_slow PROPERTIES ENVIRONMENT "${env}")
endfunction()
