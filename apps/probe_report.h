// check-probe's report (plugins/probe_check.h) as text, JSON, JUnit and HTML, for either game:
// the run's counts are the same; the answers, values and moves are each game's own.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "apps/html_report.h"
#include "apps/junit.h"
#include "engine/core/metric.h"
#include "plugins/probe_check.h"

namespace retrocheck::app {

// metric: the reference's (checkers; a chess value says its own).
template <class G>
nlohmann::json probe_report_json(const plugins::ProbeReportOf<G>& r, const std::string& db,
                                 Metric metric);
template <class G>
void print_probe_report(const plugins::ProbeReportOf<G>& r);
template <class G>
JunitSuite probe_junit(const plugins::ProbeReportOf<G>& r, const std::string& against);
template <class G>
HtmlReport probe_html(const plugins::ProbeReportOf<G>& r, const std::string& against);

}  // namespace retrocheck::app
