// The tiling strategies the operators' kernels choose between, one vocabulary with one name table: the spec's
// strategy notes, the generators' steering, the campaign's cells, the tiling oracle's decisions and the check of
// a backend's reported strategy all speak it. The words are the ones the kernels report (pcEmu introspection).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace poolcheck {

// Each strategy's rules and keys are its spec strategy note's (ops/<token>/spec_strategies.cpp).
enum class Strategy : int8_t {
  Normal,           // max pooling, A2/A3 kernels
  CutK,             // max pooling, A2/A3 kernels: the one whitelisted geometry
  Scatter,          // max pooling, A2/A3 kernels: the fallback
  SIMD,             // max pooling, Ascend950 kernels
  SIMT,             // max pooling and 2-D adaptive average pooling, Ascend950 kernels: the catch-all
  Global,           // average pooling: the kernel covers the whole input, 1x1 output
  Cube,             // average pooling: a depthwise transposed convolution on the cube unit
  Vector,           // average pooling: everything else
  AllOne,           // adaptive average pooling: a 1x1x1 output
  General,          // adaptive average pooling: everything else
  V1Plane,          // max pooling from a bit mask (MaxPoolGradWithArgmaxV1): a whole input plane per pass
  V1Rows,           // max pooling from a bit mask: input rows per pass where a plane does not fit
  BigKernel,        // 2-D adaptive average pooling on Ascend950: windows of 256 elements or more
  NchwSmallKernel,  // 2-D adaptive average pooling on Ascend950: vectors of small-window planes
  AssistMatmul,     // 2-D adaptive average pooling on the Atlas training/inference series: two matmuls
};

// The word of a strategy, as kernels report it and reports print it.
const char* strategy_name(Strategy s);
std::optional<Strategy> parse_strategy(std::string_view word);
// "Normal, CutK, ...", for error messages.
std::string strategy_words();
// The strategy a descriptor, target or backend spells; nullopt with `error` naming the token and the known words.
std::optional<Strategy> parse_strategy_token(std::string_view token, std::string* error);

}  // namespace poolcheck
