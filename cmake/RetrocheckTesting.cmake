# retrocheck_gtest(NAME [SLOW] [FAST PATTERNS] SOURCES... LIBS... [ENV...]) builds one GoogleTest
# program and registers it with ctest as NAME, which runs every test except those whose suite or
# name starts with "Slow" (the default tier). With SLOW it also registers NAME_slow, which runs
# only those, under the ctest label `slow`.
#
# FAST names the program's tests that belong to the fast stage (the label `fast`, which ci/test.sh
# runs first: seconds, and the first place a seeded bug should fail): gtest patterns separated by
# ':'. They are registered as NAME_fast and left out of NAME. FAST "*" puts the whole default part
# of the program in the fast stage under its own name.
function(retrocheck_gtest name)
  cmake_parse_arguments(T "SLOW" "FAST" "SOURCES;LIBS;ENV" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest retrocheck_warnings)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  set(env "RETROCHECK_THIRDPARTY_DEFAULT=${RETROCHECK_THIRDPARTY_DEFAULT}" ${T_ENV})
  set(excluded "Slow*:*.Slow*")
  set(labels "")
  if(T_FAST STREQUAL "*")
    set(labels fast)
  elseif(T_FAST)
    add_test(NAME ${name}_fast COMMAND ${name} --gtest_filter=${T_FAST}-${excluded})
    set_tests_properties(${name}_fast PROPERTIES LABELS fast ENVIRONMENT "${env}")
    set(excluded "${T_FAST}:${excluded}")
  endif()
  add_test(NAME ${name} COMMAND ${name} --gtest_filter=-${excluded})
  set_tests_properties(${name} PROPERTIES LABELS "${labels}" ENVIRONMENT "${env}")
  if(T_SLOW)
    add_test(NAME ${name}_slow COMMAND ${name} --gtest_filter=Slow*:*.Slow*)
    set_tests_properties(${name}_slow PROPERTIES LABELS slow ENVIRONMENT "${env}")
  endif()
endfunction()
