#include "harness/numeric.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace poolcheck {

namespace {

struct FloatFormat {
  int mantissa_bits;  // stored fraction bits
  int min_exp;        // exponent of the smallest normal (value = 2^min_exp)
  int max_exp;        // exponent of the largest finite binade
};

FloatFormat format_of(DType dt) {
  switch (dt) {
    case DType::F16:
      return {10, -14, 15};
    case DType::BF16:
      return {7, -126, 127};
    default:
      return {23, -126, 127};
  }
}

// Round to a binary format with `f.mantissa_bits` fraction bits, RNE, gradual underflow, overflow to inf.
double round_binary(const FloatFormat& f, double v) {
  if (!std::isfinite(v) || v == 0) return v;
  int e = 0;
  std::frexp(std::fabs(v), &e);  // |v| = m * 2^e, m in [0.5, 1): leading bit weight 2^(e-1)
  const int lead = std::max(e - 1, f.min_exp);
  const double quantum = std::ldexp(1.0, lead - f.mantissa_bits);
  const double r = std::nearbyint(v / quantum) * quantum;  // default rounding mode: ties to even
  const double max_finite = std::ldexp(2.0 - std::ldexp(1.0, -f.mantissa_bits), f.max_exp);
  if (std::fabs(r) > max_finite) return std::copysign(std::numeric_limits<double>::infinity(), v);
  return r;
}

// Bits of an already-rounded value in a 16-bit format with `ebits` exponent bits.
uint16_t pack16(const FloatFormat& f, int ebits, double r) {
  const uint16_t sign = std::signbit(r) ? 0x8000 : 0;
  const int bias = (1 << (ebits - 1)) - 1;
  const uint16_t exp_all = static_cast<uint16_t>(((1 << ebits) - 1) << f.mantissa_bits);
  if (std::isnan(r)) return sign | exp_all | static_cast<uint16_t>(1 << (f.mantissa_bits - 1));
  if (std::isinf(r)) return sign | exp_all;
  const double a = std::fabs(r);
  if (a == 0) return sign;
  int e = 0;
  std::frexp(a, &e);
  if (e - 1 < f.min_exp) {  // subnormal: a multiple of 2^(min_exp - mantissa_bits)
    return sign | static_cast<uint16_t>(std::ldexp(a, f.mantissa_bits - f.min_exp));
  }
  const auto frac = static_cast<uint16_t>(std::ldexp(a, f.mantissa_bits - (e - 1)) - std::ldexp(1.0, f.mantissa_bits));
  return sign | static_cast<uint16_t>((e - 1 + bias) << f.mantissa_bits) | frac;
}

double unpack16(const FloatFormat& f, int ebits, uint16_t bits) {
  const bool neg = bits & 0x8000;
  const int bias = (1 << (ebits - 1)) - 1;
  const int exp = (bits >> f.mantissa_bits) & ((1 << ebits) - 1);
  const int frac = bits & ((1 << f.mantissa_bits) - 1);
  double v;
  if (exp == (1 << ebits) - 1)
    v = frac ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (exp == 0)
    v = std::ldexp(static_cast<double>(frac), f.min_exp - f.mantissa_bits);
  else
    v = std::ldexp(1.0 + std::ldexp(static_cast<double>(frac), -f.mantissa_bits), exp - bias);
  return neg ? -v : v;
}

template <typename I>
void store_int(double v, void* p) {
  I x = std::isfinite(v) ? static_cast<I>(std::trunc(v)) : I{0};
  std::memcpy(p, &x, sizeof x);
}

template <typename I>
double load_int(const void* p) {
  I x;
  std::memcpy(&x, p, sizeof x);
  return static_cast<double>(x);
}

}  // namespace

double round_to(DType dt, double v) {
  switch (dt) {
    case DType::F32:
    case DType::F16:
    case DType::BF16:
      return round_binary(format_of(dt), v);
    case DType::F64:
      return v;
    default:
      return std::isfinite(v) ? std::trunc(v) : 0.0;
  }
}

void encode(DType dt, double v, void* p) {
  const double r = round_to(dt, v);
  switch (dt) {
    case DType::F32: {
      const float x = static_cast<float>(r);  // exact: r is representable
      std::memcpy(p, &x, 4);
      break;
    }
    case DType::F16: {
      const uint16_t b = pack16(format_of(dt), 5, r);
      std::memcpy(p, &b, 2);
      break;
    }
    case DType::BF16: {
      const uint16_t b = pack16(format_of(dt), 8, r);
      std::memcpy(p, &b, 2);
      break;
    }
    case DType::F64:
      std::memcpy(p, &r, 8);
      break;
    case DType::I8:
      store_int<int8_t>(r, p);
      break;
    case DType::U8:
    case DType::Bool:
      store_int<uint8_t>(r, p);
      break;
    case DType::I16:
      store_int<int16_t>(r, p);
      break;
    case DType::I32:
      store_int<int32_t>(r, p);
      break;
    case DType::I64:
      store_int<int64_t>(r, p);
      break;
    default:
      break;
  }
}

double decode(DType dt, const void* p) {
  switch (dt) {
    case DType::F32: {
      float x;
      std::memcpy(&x, p, 4);
      return x;
    }
    case DType::F16:
    case DType::BF16: {
      uint16_t b;
      std::memcpy(&b, p, 2);
      return unpack16(format_of(dt), dt == DType::F16 ? 5 : 8, b);
    }
    case DType::F64: {
      double x;
      std::memcpy(&x, p, 8);
      return x;
    }
    case DType::I8:
      return load_int<int8_t>(p);
    case DType::U8:
    case DType::Bool:
      return load_int<uint8_t>(p);
    case DType::I16:
      return load_int<int16_t>(p);
    case DType::I32:
      return load_int<int32_t>(p);
    case DType::I64:
      return load_int<int64_t>(p);
    default:
      return 0;
  }
}

double unit_roundoff(DType dt) {
  switch (dt) {
    case DType::F16:
      return std::ldexp(1.0, -11);
    case DType::BF16:
      return std::ldexp(1.0, -8);
    case DType::F64:
      return std::ldexp(1.0, -53);
    default:
      return std::ldexp(1.0, -24);
  }
}

double half_min_subnormal(DType dt) {
  switch (dt) {
    case DType::F16:
      return std::ldexp(1.0, -25);
    case DType::BF16:
      return std::ldexp(1.0, -134);
    case DType::F64:
      return std::ldexp(1.0, -1075);
    default:
      return std::ldexp(1.0, -150);
  }
}

double ulp_at(DType dt, double v) {
  const FloatFormat f = format_of(dt);
  int e = 0;
  std::frexp(std::fabs(v), &e);
  return std::ldexp(1.0, std::max(e - 1, f.min_exp) - f.mantissa_bits);
}

}  // namespace poolcheck
