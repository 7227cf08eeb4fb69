#include "case/result.h"

namespace poolcheck {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Pass:
      return "pass";
    case Outcome::Fail:
      return "fail";
    case Outcome::Mistrusted:
      return "mistrusted";
    case Outcome::ExpectedError:
      return "expected-error";
    case Outcome::WrongError:
      return "wrong-error";
    case Outcome::UnexpectedSuccess:
      return "unexpected-success";
    case Outcome::Unsupported:
      return "unsupported";
    case Outcome::Crash:
      return "crash";
    case Outcome::Timeout:
      return "timeout";
    case Outcome::UnsupportedAllowed:
      return "unsupported-allowed";
    case Outcome::WrongTiling:
      return "wrong-tiling";
    case Outcome::HarnessError:
      return "harness-error";
  }
  return "?";
}

bool outcome_is_failure(Outcome o) {
  return o == Outcome::Fail || o == Outcome::WrongError || o == Outcome::UnexpectedSuccess ||
         o == Outcome::Unsupported || o == Outcome::Crash || o == Outcome::Timeout || o == Outcome::HarnessError ||
         o == Outcome::WrongTiling;
}

}  // namespace poolcheck
