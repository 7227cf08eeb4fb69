#include "reports/svg_histogram.h"

#include <algorithm>
#include <sstream>

#include "reports/junit_xml.h"

namespace poolcheck::reports {

std::string svg_histogram(const std::string& title, const std::vector<Bar>& bars) {
  constexpr int kBarWidth = 44, kGap = 6, kPlotHeight = 120, kTop = 24, kBottom = 36, kLeft = 8;
  const int width = kLeft * 2 + static_cast<int>(bars.size()) * (kBarWidth + kGap);
  const int height = kTop + kPlotHeight + kBottom;
  int64_t peak = 0;
  for (const auto& b : bars) peak = std::max(peak, b.count);

  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"histogram\" role=\"img\" width=\"" << width
      << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height << "\">";
  svg << "<title>" << xml_escape(title) << "</title>";
  svg << "<line x1=\"" << kLeft << "\" y1=\"" << kTop + kPlotHeight << "\" x2=\"" << width - kLeft << "\" y2=\""
      << kTop + kPlotHeight << "\" stroke=\"#555\"/>";
  for (size_t i = 0; i < bars.size(); ++i) {
    const int x = kLeft + static_cast<int>(i) * (kBarWidth + kGap);
    // A nonzero count always gets a visible bar, however tall the peak.
    const int h = peak == 0 || bars[i].count == 0
                      ? 0
                      : std::max(2, static_cast<int>(kPlotHeight * static_cast<double>(bars[i].count) / peak));
    const int y = kTop + kPlotHeight - h;
    svg << "<rect class=\"bar\" x=\"" << x << "\" y=\"" << y << "\" width=\"" << kBarWidth << "\" height=\"" << h
        << "\" fill=\"" << (i == 0 ? "#4a9a5b" : "#4a72b0") << "\"><title>" << xml_escape(bars[i].label) << ": "
        << bars[i].count << "</title></rect>";
    svg << "<text x=\"" << x + kBarWidth / 2 << "\" y=\"" << y - 4 << "\" text-anchor=\"middle\" font-size=\"11\">"
        << bars[i].count << "</text>";
    svg << "<text x=\"" << x + kBarWidth / 2 << "\" y=\"" << kTop + kPlotHeight + 16
        << "\" text-anchor=\"middle\" font-size=\"11\">" << xml_escape(bars[i].label) << "</text>";
  }
  svg << "</svg>";
  return svg.str();
}

}  // namespace poolcheck::reports
